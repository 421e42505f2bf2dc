"""One on-disk Whoosh index per KB, kept fresh by a stat diff before every search.

Layout of a KB's index folder (outside the KB, in the user cache by default)::

    <index home>/<kb name>-<hash of the KB path>/
        lock                 # our file lock: one updater at a time, across processes
        CURRENT              # name of the live generation folder, replaced atomically
        gen-<id>/            # a Whoosh index + meta.json (stamp) + manifest.json (files seen)

A full (re)build writes a new generation (``build.py``: a large KB in worker processes) and then
points CURRENT at it, so a reader never sees half a build; an incremental update commits to the
live generation (Whoosh commits are atomic) and writes the manifest only after the commit, so the
manifest never claims what the index lacks.

The manifest also records the size, mtime and CRC-32 of every Whoosh file after each commit. A
generation whose files no longer match (truncated, rewritten, deleted, or a commit the manifest
missed because its writer was killed) is rebuilt, as is one whose stamp, manifest or ``CURRENT``
is unreadable.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.index import LockError as WhooshLockError

from .._version import __version__
from ..defaults import index_home_ready, private_dir
from ..errors import IndexLockedError
from ..kb.reader import SkipFile, read_kb_file
from ..kb.scan import (
    Scan,
    Sig,
    file_lock,
    rescan_files,
    scan_kb,
)
from ..models import Document, KBRules
from ..text.analysis import ANALYZER_VERSION
from .location import index_dir_for
from .manifest import checksum_problem, files_problem, index_files, load_manifest
from .manifest import write_json_atomic as _write_json_atomic
from .problems import cannot_write, index_problem
from .progress import Reporter, Waiter
from .report import IndexReport, ReportDraft
from .rows import document_rows
from .watch import Watcher

# A full build (build.py, its segment writer and Whoosh's writing module) is imported when an
# index is built: a search of an index that is up to date, every one-shot `kr` call after the
# first, does not load it.

log = logging.getLogger(__name__)

SCHEMA_VERSION = "11"
LOCK_TIMEOUT = 120.0

FIELDS = ("title", "heading", "fname", "meta", "body")
"""Searchable fields, each scored on its own (BM25F)."""
RACY_NS = 100_000_000
"""Files changed (ctime) this close before a scan are re-hashed at the next one (as git does): a
second write within one clock tick would keep their whole stat signature. The ctime, not the
mtime, decides: a file whose mtime is in the future is not re-hashed at every search."""
COARSE_RACY_NS = 2_000_000_000
"""The same window where mtimes are whole seconds (FAT, HFS+, ext3)."""

_GEN_RE = re.compile(r"gen-[0-9a-f]{12}")


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
        self._unread: dict[str, list[int]] = {}
        """Files skipped when read (binary, bad encoding ...) -> their stat signature."""
        self._scanned_ns = 0
        self._index_sigs: dict[str, list[int]] = {}
        self._mstat: tuple[int, int, int] | None = None
        self._rules: KBRules | None = None
        self._mlock = threading.RLock()
        self._watcher: Watcher | None = None
        self._watch_tried = False
        self._watched_rules: KBRules | None = None
        self._last_scan: Scan | None = None
        self._private = False
        """True once the index folder was found to be this user's (made 0700)."""
        self._checking: _Checksum | None = None
        self.generation_token: tuple[str, int] | None = None
        """Changes whenever the searchable content changes (caches key on it)."""

    # -- reading the stamp ------------------------------------------------------------------

    def _current(self) -> str | None:
        """The live generation's folder name; None when there is none (ValueError if damaged)."""
        try:
            name = (self.dir / "CURRENT").read_bytes().decode("ascii", "replace").strip()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise ValueError(f"CURRENT unreadable: {exc.strerror or exc}") from None
        if not _GEN_RE.fullmatch(name):
            raise ValueError("CURRENT does not name a generation")
        return name

    def _stamp(self) -> dict[str, str]:
        return {"schema": SCHEMA_VERSION, "analyzer": ANALYZER_VERSION}

    def _open(self, defer_checksum: bool = False) -> str | None:
        """Open the live generation; return why it must be rebuilt, or None when it is usable.

        With ``defer_checksum``, a generation this process had not opened yet has its files'
        CRC-32 computed in a thread (``zlib`` and file reads release the GIL), overlapping the
        stat walk that follows; :meth:`_checksum_result` then waits for it."""
        try:
            gen = self._current()
        except ValueError as exc:
            return f"index damaged ({exc})"
        if gen is None:
            return (
                "index damaged (CURRENT missing)" if any(self.dir.glob("gen-*")) else "no index yet"
            )
        gdir = self.dir / gen
        if gen == self._gen and self._ix is not None:
            return self._reload_manifest()  # cheap unless another process rewrote it
        want = self._stamp()
        try:
            meta = json.loads((gdir / "meta.json").read_text(encoding="utf-8"))
            found = {k: meta.get(k) for k in want}
        except (OSError, ValueError, AttributeError):
            return "index stamp missing or unreadable"
        if found != want:
            return (
                f"index built by schema {found['schema']}/analyzer {found['analyzer']}, "
                f"this version needs {want['schema']}/{want['analyzer']}"
            )
        try:
            mpath = gdir / "manifest.json"
            mstat = _stat_key(mpath)
            manifest = load_manifest(mpath)
            problem = files_problem(gdir, manifest["index"], checksums=not defer_checksum)
            if problem:
                return f"index damaged ({problem})"
            ix = whoosh_index.open_dir(str(gdir))
        except Exception as exc:  # noqa: BLE001 - whoosh raises many kinds on a damaged folder
            return f"index damaged ({type(exc).__name__}: {exc})"
        self._close_reader()
        self._ix, self._gen = ix, gen
        self._set_manifest(manifest, mstat)
        if defer_checksum:
            self._checking = _Checksum(gdir, manifest["index"])
        return None

    def _checksum_result(self) -> str | None:
        """Why the generation opened with a deferred checksum is damaged (it is then closed), or
        None; the checksum is waited for here, before anything read from the index is used."""
        check, self._checking = self._checking, None
        problem = check.result() if check is not None else None
        if problem is None:
            return None
        self._close_reader()
        self._ix = self._gen = None
        return f"index damaged ({problem})"

    def _set_manifest(self, manifest: dict[str, Any], mstat: tuple[int, int, int] | None) -> None:
        self._manifest, self._skipped = manifest["files"], manifest["skipped"]
        self._unread, self._scanned_ns = manifest["unread"], manifest["scanned_ns"]
        self._index_sigs, self._mstat = manifest["index"], mstat

    def _reload_manifest(self) -> str | None:
        """Re-read the manifest if another process rewrote it; why it is unusable, or None."""
        path = self.dir / str(self._gen) / "manifest.json"
        try:
            mstat = _stat_key(path)
            if mstat != self._mstat:
                self._set_manifest(load_manifest(path), mstat)
        except (OSError, ValueError) as exc:
            return f"index damaged (manifest: {exc})"
        return None

    def _close_reader(self) -> None:
        # Drop our reference only: another thread may still be ranking with this reader, and
        # closing it under that thread raises ReaderClosed. Its files close when it is freed.
        self._reader = None

    @property
    def manifest(self) -> dict[str, list[Any]]:
        return self._manifest

    # -- freshness --------------------------------------------------------------------------

    def _diff(self, scan: Scan) -> tuple[list[str], list[str], list[str]]:
        """(new, possibly changed, deleted) paths between the disk and the manifest; files
        changed just before the last scan are possibly changed even if their stat is the same."""
        man, unread = self._manifest, self._unread
        coarse = bool(scan.files) and all(s[2] % 1_000_000_000 == 0 for s in scan.files.values())
        cutoff = self._scanned_ns - (COARSE_RACY_NS if coarse else RACY_NS)

        def same(entry: list[Any] | None, sig: Sig) -> bool:
            return entry is not None and tuple(entry[:4]) == sig and sig[2] < cutoff

        new = [p for p, sig in scan.files.items() if p not in man and not same(unread.get(p), sig)]
        changed = [p for p, sig in scan.files.items() if p in man and not same(man[p], sig)]
        deleted = [p for p in man if p not in scan.files]
        return new, changed, deleted

    def _stale(self, scan: Scan) -> bool:
        """True when the disk differs from the manifest (files or skips)."""
        if any(self._diff(scan)) or any(p not in scan.files for p in self._unread):
            return True
        return {p: r for p, r in self._skipped.items() if p not in self._unread} != scan.skipped

    def refresh(
        self,
        rules: KBRules,
        *,
        rebuild: bool = False,
        progress: Callable[[int, int], None] | None = None,
    ) -> IndexReport:
        """Bring the index up to date with the KB folder (the cheap path is one stat walk).

        A file-system failure of the index (full disk, read-only or vanished folder, another
        user's folder) raises IndexUnavailableError with a hint; an index that is there but
        cannot be written is served as it is, with ``report.warning`` saying so."""
        with self._mlock:
            try:
                if not self._private:
                    index_home_ready(self.dir.parent)
                    private_dir(self.dir)
                    self._private = True
                return self._refresh(rules, rebuild, progress)
            except OSError as exc:
                problem = index_problem(exc, self.name, self.dir)
                if self._ix is None or not self._private or not cannot_write(exc):
                    raise problem from exc
                log.warning("%s; searching the index as it is", problem.message)
                report = ReportDraft(self.name, files=len(self._manifest))
                report.skipped = dict(self._skipped)
                report.warning = f"{problem.message}: it is searched as it is ({problem.hint})"
                return report.freeze()

    def _refresh(
        self,
        rules: KBRules,
        rebuild: bool,
        progress: Callable[[int, int], None] | None,
    ) -> IndexReport:
        t0 = time.perf_counter()
        report = ReportDraft(self.name)
        with self._mlock:
            self._rules = rules
            why = "requested" if rebuild else self._open(defer_checksum=True)
            w = self._watcher
            if w is not None and not w.usable:
                w = self._watcher = None
            changes: set[str] | None = None
            if why is None and w is not None and w.armed and rules == self._watched_rules:
                changes = w.changes()
                if changes is not None and self._last_scan is not None:
                    changes |= self._linked_changes(self._last_scan)
                if changes == set() and (why := self._checksum_result()) is None:
                    report.skipped = dict(self._skipped)
                    report.files = len(self._manifest)
                    report.seconds = time.perf_counter() - t0
                    return report.freeze()  # nothing under the KB changed since the last walk
            elif w is not None:
                w.changes()  # drained: the walk below sees every change made before it
            if w is not None:
                w.armed = False  # until this refresh succeeds
            watched_before = set(w.watched) if w is not None else set()
            scan = None
            if changes and self._last_scan is not None:  # only these files changed
                scan = rescan_files(self.kb_path, rules, self._last_scan, changes)
            partial = scan is not None
            if scan is None:
                scan = scan_kb(self.kb_path, rules)
            why = why or self._checksum_result()
            if why is not None or self._stale(scan):
                waiter = Waiter(self.name, self.dir, progress)
                with file_lock(self.dir / "lock", LOCK_TIMEOUT, on_wait=waiter):
                    if not rebuild:  # another process may have updated or rebuilt meanwhile
                        why = self._open() or self._reload_manifest()
                    if rebuild or (why is None and self._scanned_ns > scan.started_ns):
                        # a walk that began before another process's commit would undo it (a
                        # file that process added would be deleted): walk again, under the lock
                        scan, partial = scan_kb(self.kb_path, rules), False
                    if why is None:
                        why = self._try_apply(scan, report)
                    if why is not None:
                        self._rebuild(scan, report, why, progress)
            report.skipped = dict(self._skipped)
            report.files = len(self._manifest)
            if self._watcher is None and not self._watch_tried:
                self._watch_tried = True
                w = self._watcher = Watcher.create()
            self._last_scan = scan
            if w is not None:
                # trusted only when every folder was watched before this walk began: a folder
                # that appeared during it may hold files the walk did not see
                w.armed = partial or (w.arm(scan.dirs) and set(scan.dirs) <= watched_before)
                # and each document that is not linked yet: a hard link made to it later, from
                # outside the KB, shows only in its own link count
                w.armed = w.armed and w.arm_files(
                    (os.path.join(self.kb_path, *rel.split("/")), sig[3])
                    for rel, sig in scan.files.items()
                    if rel not in scan.linked
                )
                self._watched_rules = rules
        report.seconds = time.perf_counter() - t0
        return report.freeze()

    def _linked_changes(self, scan: Scan) -> set[str]:
        """The symlinked and hard-linked documents whose stat changed since ``scan`` (absolute
        paths): an edit through a link's target or another name raises no event in the KB."""
        out: set[str] = set()
        for rel in scan.linked:
            path = os.path.join(self.kb_path, *rel.split("/"))
            try:
                st = os.stat(path)
            except OSError:
                out.add(path)
                continue
            if (st.st_mtime_ns, st.st_size, st.st_ctime_ns, st.st_ino) != scan.files.get(rel):
                out.add(path)
        return out

    def _try_apply(self, scan: Scan, report: ReportDraft) -> str | None:
        """Apply the changes; a failure of the index itself is a reason to rebuild, not raise."""
        try:
            self._apply(scan, report)
        except IndexLockedError:
            raise
        except Exception as exc:  # noqa: BLE001 - a damaged segment may only show when written
            log.warning("cannot update the index of %s (%r); rebuilding", self.name, exc)
            return f"index damaged ({type(exc).__name__}: {exc})"
        return None

    def _apply(self, scan: Scan, report: ReportDraft) -> None:
        """Incremental update under the lock: re-diff against the manifest on disk, then commit."""
        from ..kb.parsing import parse_kb_text  # a change to index: not every search parses

        new, changed, deleted = self._diff(scan)
        man = dict(self._manifest)
        unread = {p: s for p, s in self._unread.items() if p in scan.files}
        skipped = {p: r for p, r in self._skipped.items() if p in unread}
        skipped.update(scan.skipped)
        docs: list[tuple[str, Document | None, Sig, str]] = []
        for rel in new + changed:
            sig = scan.files[rel]
            try:
                text, sha = read_kb_file(self.kb_path, rel)
                if rel in man and man[rel][-1] == sha:
                    man[rel] = [*sig, sha]  # touched, not changed
                    unread.pop(rel, None)
                    continue
                parsed = parse_kb_text(rel, text)
            except SkipFile as exc:
                skipped[rel] = str(exc)
                unread[rel] = list(sig)
                docs.append((rel, None, sig, ""))
                continue
            skipped.pop(rel, None)
            unread.pop(rel, None)
            docs.append((rel, parsed, sig, sha))
        touched_index = bool(deleted) or any(d is not None or r in man for r, d, _s, _h in docs)
        if touched_index:
            try:
                writer = self._ix.writer(timeout=LOCK_TIMEOUT)
            except WhooshLockError:  # a program outside our lock holds Whoosh's own
                raise IndexLockedError(
                    f"the Whoosh index at {self.dir} is locked by another program",
                    hint="wait for it to finish and search again",
                ) from None
            with writer as w:
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
        if not (new or changed or deleted) and (man, skipped, unread) == (
            self._manifest,
            self._skipped,
            self._unread,
        ):
            return  # another process already did it
        gdir = self.dir / str(self._gen)
        self._write_manifest(gdir, man, skipped, unread, scan, self._index_sigs)
        if touched_index:
            self._close_reader()

    def _write_manifest(
        self,
        gdir: Path,
        man: dict[str, list[Any]],
        skipped: dict[str, str],
        unread: dict[str, list[int]],
        scan: Scan,
        known: dict[str, Any],
    ) -> None:
        """Record the files behind the index and Whoosh's own files, after a commit."""
        _private_files(gdir)
        manifest = {
            "files": man,
            "skipped": skipped,
            "unread": unread,
            "scanned_ns": scan.started_ns,
            "index": index_files(gdir, known),
        }
        _write_json_atomic(gdir / "manifest.json", manifest)
        self._set_manifest(manifest, _stat_key(gdir / "manifest.json"))

    def _rebuild(
        self,
        scan: Scan,
        report: ReportDraft,
        why: str,
        progress: Callable[[int, int], None] | None,
    ) -> None:
        from .build import build
        from .schema import make_schema

        report.rebuilt = why
        report.added, report.updated, report.deleted = [], [], []  # a failed update may have begun
        log.info("building index of %s (%s)", self.name, why)
        import uuid

        gen = f"gen-{uuid.uuid4().hex[:12]}"
        gdir = self.dir / gen
        gdir.mkdir(mode=0o700, parents=True)
        reporter = Reporter(self.name, self.dir, progress)
        reporter.start(len(scan.files))
        try:
            ix = whoosh_index.create_in(str(gdir), make_schema())
            built = build(ix, self.kb_path, scan.files, document_rows, reporter, read=read_kb_file)
        except BaseException:
            shutil.rmtree(gdir, ignore_errors=True)
            raise
        finally:
            reporter.finish()
        man, unread = built.files, built.unread
        skipped = {**scan.skipped, **built.skipped}
        report.added = list(man)
        meta = {
            **self._stamp(),
            "package": __version__,
            "kb": self.name,
            "kb_path": str(self.kb_path),
            "built_at": time.time(),
        }
        _write_json_atomic(gdir / "meta.json", meta)
        self._write_manifest(gdir, man, skipped, unread, scan, {})
        tmp = self.dir / ".CURRENT.tmp"  # we hold the lock: no other writer of it
        tmp.unlink(missing_ok=True)
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
            f.write(gen)
        current = self.dir / "CURRENT"
        if current.is_dir() and not current.is_symlink():  # damaged: a folder in its place
            shutil.rmtree(current, ignore_errors=True)
        os.replace(tmp, current)
        self._close_reader()
        self._ix, self._gen = ix, gen
        for old in self.dir.glob("gen-*"):
            if old.name != gen:
                shutil.rmtree(old, ignore_errors=True)

    # -- reading ----------------------------------------------------------------------------

    def reader(self) -> Any:
        """A Whoosh reader on the latest commit (reused while nothing changed); a generation that
        vanished (another process rebuilt) or cannot be read is reopened or rebuilt, not raised."""
        with self._mlock:
            if self._ix is None:
                raise RuntimeError("refresh() the index before reading it")
            try:
                r = self._reader
                if r is not None and r.generation() == self._ix.latest_generation():
                    return r
                self._close_reader()
                self._reader = self._ix.reader()
            except Exception as exc:  # noqa: BLE001 - whoosh raises many kinds on a damaged folder
                self._reader = self._recover(exc)
            self.generation_token = (str(self._gen), self._reader.generation())
            return self._reader

    def _recover(self, exc: Exception) -> Any:
        if self._rules is None:
            raise exc
        log.debug("index of %s unreadable (%r); reopening", self.name, exc)  # e.g. replaced
        self.close()
        self.refresh(self._rules)
        try:
            return self._ix.reader()
        except Exception as again:  # noqa: BLE001 - not a vanished generation: damaged
            log.warning("index of %s unreadable (%r); rebuilding", self.name, again)
            self.refresh(self._rules, rebuild=True)
            return self._ix.reader()

    def close(self) -> None:
        with self._mlock:
            if self._watcher is not None:
                self._watcher.close()
                self._watcher, self._watch_tried = None, False
            self._close_reader()
            self._ix = None
            self._gen = None
            self._private = False


def _private_files(gdir: Path) -> None:
    """Make the files of a generation this user's only (Whoosh creates them 0644): the segments
    hold the documents' text."""
    with os.scandir(gdir) as entries:
        for e in entries:
            if e.is_file(follow_symlinks=False) and e.stat().st_mode & 0o077:
                os.chmod(e.path, 0o600)


def _stat_key(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return st.st_mtime_ns, st.st_size, st.st_ino


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


class _Checksum:
    """:func:`checksum_problem` of one generation, computed in a thread of its own."""

    def __init__(self, gdir: Path, recorded: dict[str, Any]) -> None:
        self._problem: str | None = None
        self._thread = threading.Thread(
            target=self._run, args=(gdir, recorded), name="kr-checksum", daemon=True
        )
        self._thread.start()

    def _run(self, gdir: Path, recorded: dict[str, Any]) -> None:
        try:
            self._problem = checksum_problem(gdir, recorded)
        except OSError as exc:
            self._problem = f"index files unreadable: {exc.strerror or exc}"

    def result(self) -> str | None:
        self._thread.join()
        return self._problem
