"""Walk a KB folder: which files are documents, which are skipped and why; and the
file-system primitives the index is built on (an inter-process lock, file signatures)."""

from __future__ import annotations

import contextlib
import errno
import logging
import operator
import os
import stat as stat_mod
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..defaults import MAX_FILE_BYTES, SUFFIXES
from ..errors import IndexLockedError
from ..models import KBRules
from .reader import real_inside
from .rules import FolderScope, is_included

log = logging.getLogger(__name__)

SKIP_DIRS = frozenset({"drafts", "_drafts", "node_modules", "__pycache__"})
"""Files larger than this are skipped (a KB page is rarely over a few hundred KiB)."""


Sig = tuple[int, int, int, int]
"""A document's stat signature: (mtime_ns, size, ctime_ns, inode). The mtime can be set back
(``os.utime``, ``touch -d``, an unpacked archive) and a same-size edit then keeps mtime and size;
the ctime is set by the kernel on every change, and an editor's save-by-rename changes the inode."""


def sig_of(st: os.stat_result) -> Sig:
    return (st.st_mtime_ns, st.st_size, st.st_ctime_ns, st.st_ino)


@dataclass(slots=True)
class Scan:
    """What a walk found: documents with their stat signature, and skipped files with a reason."""

    files: dict[str, Sig] = field(default_factory=dict)
    """KB-relative POSIX path -> its stat signature (of the target, for a symlink)."""
    skipped: dict[str, str] = field(default_factory=dict)
    """KB-relative POSIX path -> why it is not indexed."""
    dirs: list[str] = field(default_factory=list)
    """Folders walked (what change notification must watch)."""
    linked: set[str] = field(default_factory=set)
    """Documents that are symlinks or have other hard links: an edit through the target or the
    other name raises no change event in the KB's folders, so these are stat'ed on every search."""
    started_ns: int = field(default_factory=time.time_ns)
    """Wall-clock time the walk started (files modified just before it are re-checked later)."""


def symlink_reason(exc: BaseException) -> str:
    """The skip reason for an error met while following a path (a loop or another failure)."""
    if isinstance(exc, RuntimeError) or getattr(exc, "errno", None) == errno.ELOOP:
        return "symlink loop"
    return f"unreadable: {getattr(exc, 'strerror', None) or exc}"


@dataclass
class _Folder:
    """A folder being walked: its entries still to read, its place, and its include rule
    (decided at its first candidate file)."""

    entries: Iterator[os.DirEntry[str]]
    rel: str
    linked_dir: bool
    included: Callable[[str], bool] | None = None


def scan_kb(kb_path: Path, rules: KBRules, *, max_bytes: int = MAX_FILE_BYTES) -> Scan:
    """Walk ``kb_path`` and classify every candidate document.

    Hidden folders, ``drafts/``, ``_drafts/`` and ``node_modules/`` are never entered; the root
    README is the KB's contract, not a document; symlinks are followed only while they stay
    inside the KB folder.
    """
    # A search walks the whole KB before every query (without change notification), so this is
    # kept lean: paths as strings, no Path per file, the include/exclude rules decided once per
    # folder (FolderScope), a file's stat read only when it is a candidate document.
    out = Scan()
    files, skipped, walked, linked = out.files, out.skipped, out.dirs, out.linked
    real_root = kb_path.resolve()
    seen_dirs: set[tuple[int, int]] = set()
    scope = FolderScope(rules)
    too_big = f"larger than {max_bytes // (1024 * 1024)} MiB"
    by_name = operator.attrgetter("name")
    is_reg = stat_mod.S_ISREG

    def enter(folder: str, rel: str, linked_dir: bool) -> _Folder | None:
        """The folder's entries to walk, or None when it is skipped (a loop, unreadable)."""
        try:
            st = os.stat(folder)
            key = (st.st_dev, st.st_ino)
            if key in seen_dirs:
                skipped[rel or "."] = "symlink loop"
                return None
            seen_dirs.add(key)
            with os.scandir(folder) as it:
                entries = sorted(it, key=by_name)
            walked.append(folder)
        except OSError as exc:
            skipped[rel or "."] = f"unreadable folder: {exc.strerror or exc}"
            return None
        return _Folder(iter(entries), rel, linked_dir)

    # depth first, in name order, with a stack of folders being walked rather than recursion:
    # a KB nested a thousand folders deep is walked like any other
    root = enter(str(kb_path), "", False)
    stack = [root] if root is not None else []
    while stack:
        top = stack[-1]
        rel, linked_dir = top.rel, top.linked_dir
        prefix = f"{rel}/" if rel else ""
        for e in top.entries:
            name = e.name
            relp = prefix + name
            if not name.isascii():
                try:
                    name.encode("utf-8")
                except UnicodeEncodeError:  # bytes that are not UTF-8 (surrogate-escaped)
                    shown = relp.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                    skipped[shown] = "file name is not valid UTF-8"
                    continue
            try:
                if e.is_symlink() and not _inside(real_root, Path(e.path).resolve()):
                    skipped[relp] = "symlink leads outside the knowledge base"
                    continue
                is_dir = e.is_dir()
            except (OSError, RuntimeError) as exc:
                skipped[relp] = symlink_reason(exc)
                continue
            if is_dir:
                if not (name.startswith(".") or name in SKIP_DIRS):
                    child = enter(e.path, relp, linked_dir or e.is_symlink())
                    if child is not None:
                        stack.append(child)
                        break  # into the folder; this one goes on after it
                continue
            # _classify, inlined: this runs for every file of the KB
            lower = name.lower()
            if not lower.endswith(SUFFIXES) or name.startswith("."):
                continue
            if not rel and lower == "readme.md":
                continue
            if top.included is None:
                top.included = scope.folder(rel)
            if not top.included(relp):
                continue
            try:
                st = e.stat()
            except OSError as exc:
                skipped[relp] = f"unreadable: {exc.strerror or exc}"
                continue
            through_link = linked_dir or e.is_symlink()
            if not is_reg(st.st_mode):
                skipped[relp] = "not a regular file"
            elif st.st_size > max_bytes:
                skipped[relp] = f"{too_big} ({st.st_size} bytes)"
            elif through_link and (why := target_refusal(real_root, e.path, rules)):
                skipped[relp] = why
            else:
                files[relp] = (st.st_mtime_ns, st.st_size, st.st_ctime_ns, st.st_ino)
                if st.st_nlink > 1 or through_link:
                    linked.add(relp)
        else:
            stack.pop()
    return out


def _classify(
    out: Scan,
    relp: str,
    name: str,
    at_root: bool,
    rules: KBRules,
    stat: Callable[[], os.stat_result],
    max_bytes: int,
    link: bool = False,
    target: tuple[Path, str] | None = None,
) -> None:
    """File one non-folder entry of a walk into ``out.files`` or ``out.skipped`` (or neither);
    ``target``: (the KB's real path, the entry's path) to check where a link leads."""
    if not name.lower().endswith(SUFFIXES) or name.startswith("."):
        return
    if at_root and name.lower() == "readme.md":
        return
    if not is_included(relp, rules):
        return
    try:
        st = stat()
    except OSError as exc:
        out.skipped[relp] = f"unreadable: {exc.strerror or exc}"
        return
    if not stat_mod.S_ISREG(st.st_mode):
        out.skipped[relp] = "not a regular file"
        return
    if st.st_size > max_bytes:
        out.skipped[relp] = f"larger than {max_bytes // (1024 * 1024)} MiB ({st.st_size} bytes)"
        return
    if link and target is not None and (why := target_refusal(target[0], target[1], rules)):
        out.skipped[relp] = why
        return
    out.files[relp] = sig_of(st)
    if link or st.st_nlink > 1:
        out.linked.add(relp)


def target_refusal(real_root: Path, path: str, rules: KBRules) -> str | None:
    """Why a file reached through a symlink (itself, or a folder above it) is not a document
    where it really lies: the folder rules and the README's include / exclude rules apply to
    its target's KB-relative path too (a link into ``drafts/`` or a folder the README excludes,
    or to the README itself); None when they take it. A hidden folder is a place to share a
    page from by links, and the link's own name says what kind of file it is."""
    try:
        real = Path(path).resolve()
        trel = real.relative_to(real_root).as_posix()
    except (OSError, RuntimeError, ValueError):
        return None  # outside or unresolvable: the walk and the reader refuse it themselves
    parts = trel.split("/")
    skip = next((part for part in parts[:-1] if part in SKIP_DIRS), None)
    if skip is not None:
        why = f"it is in a {skip}/ folder, which is never indexed"
    elif len(parts) == 1 and parts[0].lower() == "readme.md":
        why = "it is the KB's README.md, which describes the KB and is not one of its documents"
    elif not is_included(trel, rules):
        why = "the KB's README excludes it from the index"
    else:
        return None
    return f"symlink leads to '{trel}', which is not a document: {why}"


def document_refusal(rel: str, rules: KBRules, *, kb_path: Path | None = None) -> str | None:
    """Why a walk of the KB would not take KB-relative POSIX path ``rel`` as a document, or
    None when it would: the rules :func:`scan_kb` applies to a name, for ``read_document``;
    given ``kb_path``, also to where the name leads through symlinks (:func:`target_refusal`)."""
    if kb_path is not None:
        path = os.path.join(kb_path, *rel.split("/"))
        if os.path.lexists(path) and os.path.realpath(path) != os.path.join(
            os.path.realpath(kb_path), *rel.split("/")
        ):
            why = target_refusal(kb_path.resolve(), path, rules)
            if why:
                return why
    parts = rel.split("/")
    for part in parts[:-1]:
        if part.startswith("."):
            return "it is in a hidden folder"
        if part in SKIP_DIRS:
            return f"it is in a {part}/ folder, which is never indexed"
    name = parts[-1]
    if name.startswith("."):
        return "it is a hidden file"
    if not name.lower().endswith(SUFFIXES):
        return f"it is not a document (the index reads {', '.join(SUFFIXES)} files)"
    if len(parts) == 1 and name.lower() == "readme.md":
        return "it is the KB's README.md, which describes the KB and is not one of its documents"
    if not is_included(rel, rules):
        return "the KB's README excludes it from the index"
    return None


def rescan_files(
    kb_path: Path,
    rules: KBRules,
    previous: Scan,
    changed: set[str],
    *,
    max_bytes: int = MAX_FILE_BYTES,
) -> Scan | None:
    """The previous walk with only ``changed`` files (absolute paths in walked folders) looked at
    again, as change notification reports them; None when one needs a full walk instead."""
    out = Scan(
        files=dict(previous.files),
        skipped=dict(previous.skipped),
        dirs=list(previous.dirs),
        linked=set(previous.linked),
    )
    root = str(kb_path)
    walked = set(previous.dirs)
    real_root = kb_path.resolve()
    for path in changed:
        folder, _sep, name = path.rpartition(os.sep)
        if folder not in walked or not (folder == root or folder.startswith(root + os.sep)):
            return None
        rel_dir = folder[len(root) + 1 :].replace(os.sep, "/")
        relp = f"{rel_dir}/{name}" if rel_dir else name
        try:
            relp.encode("utf-8")
        except UnicodeEncodeError:
            return None
        out.files.pop(relp, None)
        out.skipped.pop(relp, None)
        was_linked = relp in out.linked
        out.linked.discard(relp)
        p = Path(path)
        try:
            link = p.is_symlink()
            if link and not _inside(real_root, p.resolve()):
                out.skipped[relp] = "symlink leads outside the knowledge base"
                continue
            if p.is_dir():  # a folder that appeared: only a walk sees inside it
                return None
        except (OSError, RuntimeError):
            return None
        if os.path.lexists(path):
            # a file in a symlinked folder stays linked (its folder's link is not looked at here)
            linked = link or was_linked
            _classify(
                out, relp, name, not rel_dir, rules, p.stat, max_bytes, linked, (real_root, path)
            )
    return out


# --------------------------------------------------------------------------- for the index


@contextlib.contextmanager
def file_lock(
    path: Path, timeout: float, on_wait: Callable[[], bool] | None = None
) -> Iterator[None]:
    """Exclusive inter-process lock on ``path`` (created if needed), waiting up to ``timeout``;
    ``on_wait`` is called while it waits, and each True it returns (the holder is making
    progress) starts the ``timeout`` again."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                _lock_fd(fd)
                break
            except OSError:
                if on_wait is not None and on_wait():
                    deadline = time.monotonic() + timeout
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


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
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


def file_signatures(folder: Path, wanted: Callable[[str], object]) -> dict[str, list[int]]:
    """``name -> [size, mtime_ns]`` for the files of one folder whose name is ``wanted``."""
    out: dict[str, list[int]] = {}
    with os.scandir(folder) as entries:
        for e in entries:
            if wanted(e.name):
                st = e.stat()
                out[e.name] = [st.st_size, st.st_mtime_ns]
    return out


def file_crc32(path: Path) -> int:
    """CRC-32 of a file's bytes (read into one buffer: no new bytes object per megabyte)."""
    crc = 0
    buf = memoryview(bytearray(1 << 20))
    with open(path, "rb", buffering=0) as f:
        while n := f.readinto(buf):
            crc = zlib.crc32(buf[:n], crc)
    return crc


def _inside(real_root: Path, target: Path) -> bool:
    return real_inside(str(real_root), str(target))
