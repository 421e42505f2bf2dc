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
MIN_LANG_SECTIONS = 3
"""A language with fewer sections in the KB is centred on the KB's mean of all sections."""


def max_sections() -> int:
    """``KR_EMBED_MAX_SECTIONS``, else :data:`DEFAULT_EMBED_MAX_SECTIONS` (0: no cap)."""
    raw = os.environ.get(EMBED_MAX_ENV, "").strip()
    try:
        return int(raw) if raw else DEFAULT_EMBED_MAX_SECTIONS
    except ValueError:
        log.warning(
            "%s=%r is not a number; using %d", EMBED_MAX_ENV, raw, DEFAULT_EMBED_MAX_SECTIONS
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
    known = _load(path)
    todo = sorted({h: t for h, t in zip(hashes, texts, strict=True) if h not in known}.items())
    if todo:
        log.info("embedding %d of %d sections of %s", len(todo), len(texts), kbi.name)
        step = 16
        for i in range(0, len(todo), step):
            chunk = todo[i : i + step]
            vecs = embedder.embed_passages([t for _h, t in chunk])
            for (h, _t), v in zip(chunk, vecs, strict=True):
                known[h] = v
            if progress is not None:
                progress(min(i + step, len(todo)), len(todo))
        live = set(hashes)
        _save(path, {h: v for h, v in known.items() if h in live})
    raw = (
        np.stack([known[h] for h in hashes]).astype(np.float32)
        if hashes
        else np.zeros((0, 1), dtype=np.float32)
    )
    langs = [text_lang(t) for t in texts]
    sv = _centred(np.array(docnums, dtype=np.int64), paths, langs, raw)
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


def _load(path: Path) -> dict[str, np.ndarray]:
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, vecs = data["keys"], data["vectors"]
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError) as exc:  # damaged: embedded again
        log.warning("vector file %s unreadable (%s); embedding again", path.name, exc)
        return {}
    return {str(k): v for k, v in zip(keys.tolist(), vecs, strict=True)}


def _save(path: Path, vectors: dict[str, np.ndarray]) -> None:
    """Write atomically: a temporary file in the same folder, fsync, then ``os.replace``."""
    import uuid

    keys = np.array(list(vectors), dtype="<U20")
    vecs = (
        np.stack(list(vectors.values())).astype(np.float32)
        if vectors
        else np.zeros((0, 1), dtype=np.float32)
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
