"""Section vectors beside a KB's index: embedded once per section text, kept in an ``.npz``.

The file ``vectors-<embedder key>.npz`` sits in the KB's index folder, beside the Whoosh
generations, and maps a hash of each section's embedded text to its vector. A search with the
layer on reads the live sections from the index, embeds only the texts the file lacks (an edit
re-embeds the sections it changed; a rebuild of the index re-embeds nothing), and writes the
file again the way the index writes its manifest: a temporary file in the same folder, then
``os.replace`` — a process killed mid-way leaves the old file, never half of one.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..defaults import DEFAULT_EMBED_MAX_SECTIONS, EMBED_MAX_ENV
from ..text.script import text_lang
from .embedders import Embedder

__all__ = ["SectionVectors", "TooManySectionsError", "section_vectors", "text_lang"]

log = logging.getLogger(__name__)

MAX_EMBED_CHARS = 800
"""A section's text is embedded up to this many characters (e5 reads 512 tokens at most; the
cost grows with the length)."""
EMBED_STEP = 16
"""Sections embedded per call (and per progress report)."""
MIN_LANG_SECTIONS = 3
"""A language with fewer sections in the KB is centred on the KB's mean of all sections."""


_WARNED: set[str] = set()


def max_sections() -> int:
    """``KR_EMBED_MAX_SECTIONS``, else :data:`DEFAULT_EMBED_MAX_SECTIONS` (0: no cap). A value
    that is not a whole number of 0 or more is refused with a warning (once per process) and
    the default used: "never embed" is ``KR_EMBEDDER=off``."""
    raw = os.environ.get(EMBED_MAX_ENV, "").strip()
    if not raw:
        return DEFAULT_EMBED_MAX_SECTIONS
    try:
        cap = int(raw)
    except ValueError:
        cap = -1
    if cap >= 0:
        return cap
    if raw not in _WARNED:
        _WARNED.add(raw)
        log.warning(
            "%s=%r is not a number of sections (0 or more; 0 means no cap, and "
            "KR_EMBEDDER=off embeds nothing); using %d",
            EMBED_MAX_ENV,
            raw,
            DEFAULT_EMBED_MAX_SECTIONS,
        )
    return DEFAULT_EMBED_MAX_SECTIONS


def section_text(st: dict[str, Any]) -> str:
    """What is embedded of a section: its file's title, its headings and its text."""
    heads = [str(h) for h in (st.get("hpath") or ())]
    title = str(st.get("title") or "")
    lead = " / ".join([title, *[h for h in heads if h != title]]) if title or heads else ""
    body = str(st.get("text") or "")
    return f"{lead}\n{body}".strip()[:MAX_EMBED_CHARS]


@dataclass(slots=True)
class SectionVectors:
    """A KB's live sections and their language-centred vectors (rows aligned)."""

    docnums: np.ndarray
    paths: list[str]
    langs: list[str]
    vectors: np.ndarray
    """Unit rows, each centred on its language's mean over the KB's sections."""
    means: dict[str, np.ndarray]

    def languages(self) -> tuple[str, ...]:
        """The KB's languages, most sections first (a language of under a tenth left out)."""
        counts: dict[str, int] = {}
        for lang in self.langs:
            if lang:
                counts[lang] = counts.get(lang, 0) + 1
        total = sum(counts.values()) or 1
        return tuple(
            k for k, n in sorted(counts.items(), key=lambda kv: -kv[1]) if n / total >= 0.1
        )


class TooManySectionsError(Exception):
    """The KB has more sections than ``KR_EMBED_MAX_SECTIONS``."""

    def __init__(self, count: int, cap: int) -> None:
        super().__init__(f"{count} sections, more than {EMBED_MAX_ENV}={cap}")
        self.count, self.cap = count, cap


_CACHE: dict[tuple[str, str], tuple[Any, SectionVectors]] = {}
_CACHE_LOCK = threading.Lock()


def vectors_path(index_dir: Path, key: str) -> Path:
    return index_dir / f"vectors-{key}.npz"


def section_vectors(kbi: Any, embedder: Embedder, progress: Any = None) -> SectionVectors:
    """The live sections of a refreshed index (``KBIndex``) with their vectors: read from the
    vector file, the missing ones embedded and the file rewritten; kept in memory until the
    index's generation changes. Raises :class:`TooManySectionsError` above the cap."""
    reader = kbi.reader()
    token = (kbi.generation_token, embedder.key)
    ckey = (str(kbi.dir), embedder.key)
    with _CACHE_LOCK:
        got = _CACHE.get(ckey)
    if got is not None and got[0] == token:
        return got[1]
    cap = max_sections()
    if cap and reader.doc_count() > cap:  # told before any section is read: a search a KB over
        raise TooManySectionsError(reader.doc_count(), cap)  # the cap pays nothing for it
    docnums: list[int] = []
    paths: list[str] = []
    texts: list[str] = []
    for docnum, st in reader.iter_docs():
        docnums.append(int(docnum))
        paths.append(str(st.get("path") or ""))
        texts.append(section_text(st))
    hashes = [hashlib.sha1(t.encode("utf-8", "surrogatepass")).hexdigest()[:20] for t in texts]
    path = vectors_path(kbi.dir, embedder.key)
    width = embedder.dim
    known, dirty = _load(path, width)
    todo = sorted({h: t for h, t in zip(hashes, texts, strict=True) if h not in known}.items())
    if todo:
        log.info("embedding %d of %d sections of %s", len(todo), len(texts), kbi.name)
        bad = 0
        for i in range(0, len(todo), EMBED_STEP):
            chunk = todo[i : i + EMBED_STEP]
            vecs = embedder.embed_passages([t for _h, t in chunk])
            for (h, _t), v in zip(chunk, vecs, strict=True):
                if v.shape == (width,) and np.all(np.isfinite(v)):
                    known[h] = v
                else:  # left out of the KB's vectors (and tried again by the next process)
                    bad += 1
            if progress is not None:
                progress(min(i + EMBED_STEP, len(todo)), len(todo))
        if bad:
            log.warning(
                "%d section(s) of %s gave no finite vector of width %d: not searched by meaning",
                bad,
                kbi.name,
                width,
            )
        dirty = True
    if dirty:
        live = set(hashes)
        _save(path, {h: v for h, v in known.items() if h in live}, width)
    keep = [i for i, h in enumerate(hashes) if h in known]
    raw = (
        np.stack([known[hashes[i]] for i in keep]).astype(np.float32)
        if keep
        else np.zeros((0, width), dtype=np.float32)
    )
    langs = [text_lang(texts[i]) for i in keep]
    sv = _centred(
        np.array([docnums[i] for i in keep], dtype=np.int64), [paths[i] for i in keep], langs, raw
    )
    with _CACHE_LOCK:
        if len(_CACHE) >= 64:
            _CACHE.clear()
        _CACHE[ckey] = (token, sv)
    return sv


def _centred(
    docnums: np.ndarray, paths: list[str], langs: list[str], raw: np.ndarray
) -> SectionVectors:
    means: dict[str, np.ndarray] = {}
    if len(raw):
        overall = raw.mean(axis=0)
        means[""] = overall
        arr = np.array(langs)
        for lang in set(langs):
            rows = arr == lang
            means[lang] = raw[rows].mean(axis=0) if rows.sum() >= MIN_LANG_SECTIONS else overall
        centred = raw - np.stack([means[lang] for lang in langs])
        n = np.linalg.norm(centred, axis=1, keepdims=True)
        n[n == 0] = 1.0
        centred = (centred / n).astype(np.float32)
    else:
        centred = raw
    return SectionVectors(docnums, paths, langs, centred, means)


def _load(path: Path, width: int) -> tuple[dict[str, np.ndarray], bool]:
    """The vectors of the file by text hash, and whether the file must be written again. A
    file that cannot be read or has the wrong shape (1-D string keys, 2-D float vectors of the
    embedder's width, as many of each) counts as absent: everything is embedded again; a row
    that is not finite is dropped, and its section embedded again."""
    try:
        with open(path, "rb") as f:  # opened here: numpy leaves a file open on a bad zip
            data = np.load(f, allow_pickle=False)
            if not isinstance(data, np.lib.npyio.NpzFile):
                raise TypeError("not an .npz archive")
            with data:
                keys, vecs = data["keys"], data["vectors"]
    except FileNotFoundError:
        return {}, False
    except Exception as exc:  # noqa: BLE001 - damaged (zip, npy, pickle, zlib ...): embedded again
        log.warning("vector file %s unreadable (%s); embedding again", path.name, _brief(exc))
        return {}, True
    shape = _shape_problem(keys, vecs, width)
    if shape:
        log.warning("vector file %s %s; embedding again", path.name, shape)
        return {}, True
    finite = np.all(np.isfinite(vecs), axis=1)
    if not finite.all():
        log.warning(
            "vector file %s has %d vector(s) that are not finite; embedding those again",
            path.name,
            int((~finite).sum()),
        )
    got = {str(k): v for k, v, ok in zip(keys.tolist(), vecs, finite, strict=True) if ok}
    return got, not finite.all()


def _shape_problem(keys: Any, vecs: Any, width: int) -> str:
    if not isinstance(keys, np.ndarray) or keys.ndim != 1 or keys.dtype.kind != "U":
        return "has no 1-D string keys"
    if not isinstance(vecs, np.ndarray) or vecs.ndim != 2 or vecs.dtype.kind != "f":
        return "has no 2-D float vectors"
    if len(keys) != len(vecs):
        return f"has {len(keys)} keys for {len(vecs)} vectors"
    if len(vecs) and vecs.shape[1] != width:
        return f"has vectors of width {vecs.shape[1]}, not the model's {width}"
    return ""


def _brief(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text.splitlines()[0][:200]


def _save(path: Path, vectors: dict[str, np.ndarray], width: int) -> None:
    """Write atomically: a temporary file in the same folder, fsync, then ``os.replace``."""
    import uuid

    keys = np.array(list(vectors), dtype="<U20")
    vecs = (
        np.stack(list(vectors.values())).astype(np.float32)
        if vectors
        else np.zeros((0, width), dtype=np.float32)
    )
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    try:
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
            np.savez(f, keys=keys, vectors=vecs)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:  # a read-only index folder: the vectors are kept in memory only
        tmp.unlink(missing_ok=True)
        log.warning("cannot write %s (%s)", path.name, exc)
