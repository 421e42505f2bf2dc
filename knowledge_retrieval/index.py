"""One on-disk Whoosh index per KB, kept fresh by a stat diff before every search.

Layout of a KB's index folder (outside the KB, in the user cache by default)::

    <index home>/<kb name>-<hash of the KB path>/
        lock                 # our file lock: one updater at a time, across processes
        CURRENT              # name of the live generation folder, replaced atomically
        gen-<id>/            # a Whoosh index + meta.json (stamp) + manifest.json (files seen)

A full (re)build writes a new generation and then points CURRENT at it, so a reader never sees
half a build; an incremental update commits to the live generation (Whoosh commits are atomic)
and writes the manifest only after the commit, so the manifest never claims what the index lacks.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import shutil
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.fields import ID, STORED, TEXT, Schema

from . import __version__
from .analysis import ANALYZER_VERSION, KRTokenizer
from .errors import IndexLockedError
from .models import Document, KBRules
from .parsing import SkipFile, parse_document, read_text
from .roles import file_role
from .scan import Scan, scan_kb

log = logging.getLogger(__name__)

SCHEMA_VERSION = "3"
INDEX_HOME_ENV = "KR_INDEX_DIR"
"""Environment variable overriding where indexes live."""
LOCK_TIMEOUT = 120.0

FIELDS = ("title", "heading", "fname", "meta", "body")
"""Searchable fields, each scored on its own (BM25F)."""


def make_schema() -> Schema:
    a = KRTokenizer()
    text = {"analyzer": a, "phrase": False}
    return Schema(
        sid=ID(unique=True, stored=True),
        path=ID(stored=True, sortable=True),
        title=TEXT(stored=True, **text),
        heading=TEXT(**text),
        fname=TEXT(**text),
        meta=TEXT(**text),
        body=TEXT(**text),
        hpath=STORED(),
        lines=STORED(),
        kind=STORED(),
        text=STORED(),
        role=STORED(),
        date=STORED(),
        version=STORED(),
    )


def index_home() -> Path:
    """Where indexes live: ``$KR_INDEX_DIR``, else the user cache folder."""
    env = os.environ.get(INDEX_HOME_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("knowledge_retrieval", appauthor=False)) / "indexes"


def index_dir_for(kb_path: Path, home: Path | None = None) -> Path:
    digest = hashlib.sha1(str(kb_path.resolve()).encode()).hexdigest()[:12]
    return (home or index_home()) / f"{kb_path.name}-{digest}"


@dataclass(slots=True)
class IndexReport:
    """What an index update did."""

    kb: str
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    rebuilt: str | None = None
    """Why the index was rebuilt from scratch, when it was."""
    files: int = 0
    seconds: float = 0.0

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.deleted or self.rebuilt)


# --------------------------------------------------------------------------- documents -> rows


def _fname_text(rel: str) -> str:
    stem, _dot, _ext = rel.rpartition(".")
    return (stem or rel).replace("/", " ").replace("-", " ").replace("_", " ")


def document_rows(doc: Document) -> Iterator[dict[str, Any]]:
    """Whoosh rows (one per section) for a parsed document."""
    role = file_role(doc)
    meta_text = " ".join([doc.description, *doc.tags])
    date = str(doc.metadata.get("date") or doc.metadata.get("updated") or doc.metadata.get("lastmod") or "")
    version = str(doc.metadata.get("version") or "")
    fname = _fname_text(doc.path)
    for i, sec in enumerate(doc.sections):
        yield {
            "sid": f"{doc.path}#{i}",
            "path": doc.path,
            "title": doc.title,
            "heading": " ".join(sec.heading_path),
            "fname": fname,
            "meta": meta_text,
            "body": sec.text,
            "hpath": list(sec.heading_path),
            "lines": (sec.line_start, sec.line_end),
            "kind": sec.kind,
            "text": sec.text,
            "role": role,
            "date": date,
            "version": version,
        }


def load_document(kb_path: Path, rel: str) -> tuple[Document, str]:
    """Read and parse one file of a KB: the document and a hash of its text (raises SkipFile)."""
    text = read_text(kb_path / rel)
    sha = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()
    return parse_document(rel, text), sha


# --------------------------------------------------------------------------- locking


@contextlib.contextmanager
def file_lock(path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Exclusive inter-process lock on ``path`` (created if needed), waiting up to ``timeout``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                _lock_fd(fd)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise IndexLockedError(
                        f"another process has been updating the index at {path.parent} "
                        f"for over {timeout:.0f} s",
                        hint="wait for it to finish and search again",
                    ) from None
                time.sleep(0.02)
        try:
            yield
        finally:
            _unlock_fd(fd)
    finally:
        os.close(fd)


if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock_fd(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock_fd(fd: int) -> None:
        os.lseek(fd, 0, 0)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _write_json_atomic(path: Path, data: object) -> None:
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


# --------------------------------------------------------------------------- the index of one KB


class KBIndex:
    """The on-disk index of one KB, and this process's open view of it."""

    def __init__(self, name: str, kb_path: Path, index_dir: Path | None = None) -> None:
        self.name = name
        self.kb_path = kb_path
        self.dir = index_dir or index_dir_for(kb_path)
        self._ix: Any = None
        self._gen: str | None = None
        self._reader: Any = None
        self._manifest: dict[str, list[Any]] = {}
        self._skipped: dict[str, str] = {}
        self._mlock = threading.RLock()
        self.generation_token: tuple[str, int] | None = None
        """Changes whenever the searchable content changes (caches key on it)."""

    # -- reading the stamp ------------------------------------------------------------------

    def _current(self) -> str | None:
        try:
            return (self.dir / "CURRENT").read_text(encoding="utf-8").strip() or None
        except OSError:
            return None

    def _stamp(self) -> dict[str, str]:
        return {"schema": SCHEMA_VERSION, "analyzer": ANALYZER_VERSION}

    def _open(self) -> str | None:
        """Open the live generation; return why it must be rebuilt, or None when it is usable."""
        gen = self._current()
        if gen is None:
            return "no index yet"
        gdir = self.dir / gen
        if gen != self._gen or self._ix is None:
            try:
                meta = json.loads((gdir / "meta.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return "index stamp missing or unreadable"
            want = self._stamp()
            if {k: meta.get(k) for k in want} != want:
                return (
                    f"index built by schema {meta.get('schema')}/analyzer {meta.get('analyzer')}, "
                    f"this version needs {want['schema']}/{want['analyzer']}"
                )
            try:
                ix = whoosh_index.open_dir(str(gdir))
                manifest = json.loads((gdir / "manifest.json").read_text(encoding="utf-8"))
            except Exception as exc:  # whoosh raises many kinds on a damaged folder
                return f"index damaged ({type(exc).__name__}: {exc})"
            self._close_reader()
            self._ix, self._gen = ix, gen
            self._manifest = manifest.get("files", {})
            self._skipped = manifest.get("skipped", {})
        return None

    def _reload_manifest(self) -> None:
        assert self._gen is not None
        manifest = json.loads((self.dir / self._gen / "manifest.json").read_text(encoding="utf-8"))
        self._manifest = manifest.get("files", {})
        self._skipped = manifest.get("skipped", {})

    def _close_reader(self) -> None:
        if self._reader is not None:
            with contextlib.suppress(Exception):
                self._reader.close()
            self._reader = None

    @property
    def skipped(self) -> dict[str, str]:
        return dict(self._skipped)

    @property
    def manifest(self) -> dict[str, list[Any]]:
        return self._manifest

    # -- freshness --------------------------------------------------------------------------

    def _diff(self, scan: Scan) -> tuple[list[str], list[str], list[str]]:
        """(new, possibly changed, deleted) paths between the disk and the manifest."""
        man = self._manifest
        new = [p for p in scan.files if p not in man]
        changed = [p for p, sig in scan.files.items() if p in man and tuple(man[p][:2]) != sig]
        deleted = [p for p in man if p not in scan.files]
        return new, changed, deleted

    def refresh(
        self, rules: KBRules, *, rebuild: bool = False,
        progress: Callable[[int, int], None] | None = None,
    ) -> IndexReport:
        """Bring the index up to date with the KB folder (the cheap path is one stat walk)."""
        t0 = time.perf_counter()
        report = IndexReport(self.name)
        with self._mlock:
            why = "requested" if rebuild else self._open()
            scan = scan_kb(self.kb_path, rules)
            if why is None:
                new, changed, deleted = self._diff(scan)
                if new or changed or deleted or scan.skipped != self._skipped:
                    with file_lock(self.dir / "lock"):
                        why = self._open()
                        if why is None:
                            self._reload_manifest()
                            self._apply(scan, report)
            if why is not None:
                with file_lock(self.dir / "lock"):
                    # another process may have rebuilt while we waited
                    if rebuild or self._open() is not None:
                        self._rebuild(scan, report, why, progress)
                    else:
                        self._reload_manifest()
                        self._apply(scan, report)
            report.skipped = dict(scan.skipped) | {
                p: r for p, r in self._skipped.items() if p in scan.skipped or p not in scan.files
            }
            report.files = len(self._manifest)
        report.seconds = time.perf_counter() - t0
        return report

    def _apply(self, scan: Scan, report: IndexReport) -> None:
        """Incremental update under the lock: re-diff against the manifest on disk, then commit."""
        new, changed, deleted = self._diff(scan)
        man = dict(self._manifest)
        skipped = {p: r for p, r in self._skipped.items() if p in scan.files}
        skipped.update(scan.skipped)
        docs: list[tuple[str, Document | None, tuple[int, int], str]] = []
        for rel in new + changed:
            sig = scan.files[rel]
            try:
                doc, sha = load_document(self.kb_path, rel)
            except SkipFile as exc:
                skipped[rel] = str(exc)
                docs.append((rel, None, sig, ""))
                continue
            except OSError as exc:
                skipped[rel] = f"unreadable: {exc.strerror or exc}"
                docs.append((rel, None, sig, ""))
                continue
            skipped.pop(rel, None)
            if rel in man and len(man[rel]) > 2 and man[rel][2] == sha:
                man[rel] = [*sig, sha]  # touched, not changed
                continue
            docs.append((rel, doc, sig, sha))
        touched_index = bool(deleted) or any(d is not None or r in man for r, d, _s, _h in docs)
        if touched_index:
            with self._ix.writer(timeout=LOCK_TIMEOUT) as w:
                for rel in deleted:
                    w.delete_by_term("path", rel)
                for rel, doc, sig, sha in docs:
                    if rel in man:
                        w.delete_by_term("path", rel)
                    if doc is None:
                        man.pop(rel, None)
                        continue
                    for row in document_rows(doc):
                        w.add_document(**row)
                    (report.updated if rel in man else report.added).append(rel)
                    man[rel] = [*sig, sha]
        for rel in deleted:
            man.pop(rel, None)
            report.deleted.append(rel)
        gdir = self.dir / str(self._gen)
        _write_json_atomic(gdir / "manifest.json", {"files": man, "skipped": skipped})
        self._manifest, self._skipped = man, skipped
        if touched_index:
            self._close_reader()

    def _rebuild(
        self, scan: Scan, report: IndexReport, why: str,
        progress: Callable[[int, int], None] | None,
    ) -> None:
        report.rebuilt = why
        log.info("building index of %s (%s)", self.name, why)
        gen = f"gen-{uuid.uuid4().hex[:12]}"
        gdir = self.dir / gen
        gdir.mkdir(parents=True)
        ix = whoosh_index.create_in(str(gdir), make_schema())
        man: dict[str, list[Any]] = {}
        skipped = dict(scan.skipped)
        total = len(scan.files)
        writer = ix.writer(limitmb=256)
        try:
            for n, (rel, sig) in enumerate(scan.files.items(), 1):
                try:
                    doc, sha = load_document(self.kb_path, rel)
                except SkipFile as exc:
                    skipped[rel] = str(exc)
                    continue
                except OSError as exc:
                    skipped[rel] = f"unreadable: {exc.strerror or exc}"
                    continue
                for row in document_rows(doc):
                    writer.add_document(**row)
                man[rel] = [*sig, sha]
                report.added.append(rel)
                if progress:
                    progress(n, total)
            writer.commit()
        except BaseException:
            writer.cancel()
            shutil.rmtree(gdir, ignore_errors=True)
            raise
        meta = {**self._stamp(), "package": __version__, "kb": self.name,
                "kb_path": str(self.kb_path), "built_at": time.time()}
        _write_json_atomic(gdir / "meta.json", meta)
        _write_json_atomic(gdir / "manifest.json", {"files": man, "skipped": skipped})
        tmp = self.dir / f".CURRENT.{uuid.uuid4().hex}"
        tmp.write_text(gen, encoding="utf-8")
        os.replace(tmp, self.dir / "CURRENT")
        self._close_reader()
        self._ix, self._gen, self._manifest, self._skipped = ix, gen, man, skipped
        for old in self.dir.glob("gen-*"):
            if old.name != gen:
                shutil.rmtree(old, ignore_errors=True)

    # -- reading ----------------------------------------------------------------------------

    def reader(self) -> Any:
        """A Whoosh reader on the latest commit (reused while nothing changed)."""
        with self._mlock:
            if self._ix is None:
                raise RuntimeError("refresh() the index before reading it")
            r = self._reader
            if r is not None and r.generation() == self._ix.latest_generation():
                return r
            self._close_reader()
            self._reader = self._ix.reader()
            self.generation_token = (str(self._gen), self._reader.generation())
            return self._reader

    def close(self) -> None:
        with self._mlock:
            self._close_reader()
            self._ix = None
            self._gen = None


_REGISTRY: dict[tuple[str, str], KBIndex] = {}
_REGISTRY_LOCK = threading.Lock()


def get_index(name: str, kb_path: Path) -> KBIndex:
    """This process's shared :class:`KBIndex` for a KB folder (one per index location)."""
    d = index_dir_for(kb_path)
    key = (str(kb_path.resolve()), str(d))
    with _REGISTRY_LOCK:
        kbi = _REGISTRY.get(key)
        if kbi is None:
            kbi = _REGISTRY[key] = KBIndex(name, kb_path, d)
        return kbi
