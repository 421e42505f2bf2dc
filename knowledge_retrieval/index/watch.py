"""Change notification: a long-lived process skips the stat walk while a KB's folders are quiet.

Linux inotify (through ``inotify_simple``) queues an event inside the very system call that
changes a folder, so draining the queue at the start of a search sees every change that finished
before it, with no thread and no delay. Anywhere else (other systems, a forked child, too many
folders for the watch limit, ``KR_WATCH=0``) the search falls back to the stat walk.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterable
from typing import Any

from ..defaults import WATCH_ENV

log = logging.getLogger(__name__)


class Watcher:
    """inotify watches on the folders a scan walked."""

    def __init__(self) -> None:
        from inotify_simple import INotify, flags

        self._flags = flags
        self._mask = (
            flags.CREATE
            | flags.DELETE
            | flags.MODIFY
            | flags.ATTRIB
            | flags.CLOSE_WRITE
            | flags.MOVED_FROM
            | flags.MOVED_TO
            | flags.DELETE_SELF
            | flags.MOVE_SELF
        )
        self._ino: Any = INotify()
        self._pid = os.getpid()
        self._paths: dict[int, str] = {}
        self._files: dict[int, str] = {}
        """Watches on documents (their link count, times, mode) -> their path."""
        self._file_inodes: dict[str, int] = {}
        """The inode each watched document path was watched as."""
        self.watched: set[str] = set()
        self.armed = False
        """True once every folder was watched before the last full walk began."""

    @classmethod
    def create(cls) -> Watcher | None:
        """A watcher, or None where change notification is unavailable or turned off."""
        if not sys.platform.startswith("linux") or os.environ.get(WATCH_ENV, "1") == "0":
            return None
        try:
            return cls()
        except (ImportError, OSError) as exc:
            log.debug("change notification unavailable: %s", exc)
            return None

    @property
    def usable(self) -> bool:
        """False in a forked child: it shares the parent's queue, so events may be stolen."""
        return self._pid == os.getpid()

    def arm(self, dirs: Iterable[str]) -> bool:
        """Watch these folders (already watched ones are kept); False when the limit is hit."""
        try:
            for d in dirs:
                if d not in self.watched:
                    wd = self._ino.add_watch(d, self._mask)
                    self._paths[wd] = d
                    self.watched.add(d)
        except OSError as exc:  # ENOSPC: fs.inotify.max_user_watches reached
            log.info("cannot watch every folder (%s); searches will walk the KB", exc)
            self.armed = False
            return False
        return True

    def arm_files(self, files: Iterable[tuple[str, int]]) -> bool:
        """Watch these documents ((path, inode) pairs) for a change of their own metadata: a
        hard link made to one from another folder changes its link count, and raises an event
        nowhere else. False when the watch limit is hit."""
        mask = self._flags.ATTRIB | self._flags.DONT_FOLLOW
        try:
            for path, inode in files:
                if self._file_inodes.get(path) != inode:
                    wd = self._ino.add_watch(path, mask)
                    self._files[wd] = path
                    self._file_inodes[path] = inode
        except FileNotFoundError:
            return False  # gone since the walk: the next search walks
        except OSError as exc:  # ENOSPC: fs.inotify.max_user_watches reached
            log.info("cannot watch every document (%s); searches will walk the KB", exc)
            self.armed = False
            return False
        return True

    def changes(self) -> set[str] | None:
        """Drain the queue: the files that changed since the last call (empty when none), or
        None when only a full walk can tell (a folder changed, a watch ended, an overflow)."""
        events = self._ino.read(timeout=0)
        files: set[str] = set()
        full = False
        for ev in events:
            document = self._files.get(ev.wd)
            if document is not None:
                if ev.mask & self._flags.IGNORED:  # gone: its folder's watch reports how
                    del self._files[ev.wd]
                    self._file_inodes.pop(document, None)  # watched again at the next walk
                else:
                    files.add(document)  # its link count or times changed: looked at again
                continue
            if ev.mask & (self._flags.IGNORED | self._flags.DELETE_SELF | self._flags.MOVE_SELF):
                gone = self._paths.pop(ev.wd, None)
                if gone is not None:
                    self.watched.discard(gone)
                full = True
                continue
            if ev.mask & self._flags.Q_OVERFLOW:
                self.armed = False
                full = True
                continue
            folder = self._paths.get(ev.wd)
            if folder is None or ev.mask & self._flags.ISDIR or not ev.name:
                full = True
                continue
            files.add(os.path.join(folder, ev.name))
        return None if full else files

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._ino.close()

    def __del__(self) -> None:
        ino = getattr(self, "_ino", None)
        if ino is not None and not ino.closed:
            self.close()
