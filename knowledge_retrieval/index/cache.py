"""The index folders under the index home: their sizes, the KB each was built from, and pruning
the ones whose KB is gone or that have not been updated for a while (``kr cache``).

Only folders directly inside the index home that look like a KB's index (``<name>-<12 hex>``
holding a ``CURRENT`` or a ``gen-*`` folder) are ever removed, each under its index lock, so a
build running in another process is never pulled from under it. Anything else there (the
README rules cache, a file someone put there) is listed and left alone.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from ..defaults import index_home

log = logging.getLogger(__name__)

_INDEX_NAME = re.compile(r".+-[0-9a-f]{12}")
DAY_S = 86400.0


@dataclass(frozen=True, slots=True)
class CachedIndex:
    """One folder of the index home."""

    path: Path
    bytes: int
    updated: float
    """The newest modification time of anything in it (a search that finds nothing to update
    writes nothing, so this is when the index last changed, not when it was last read)."""
    kb_path: str | None
    """The KB folder the index was built from (None when unknown: not an index, or no stamp)."""
    is_index: bool

    @property
    def root(self) -> str | None:
        """The KnowledgeBase root the KB belongs to."""
        return str(Path(self.kb_path).parent) if self.kb_path else None

    @property
    def kb_exists(self) -> bool:
        return bool(self.kb_path) and Path(str(self.kb_path)).is_dir()

    def age_days(self, now: float | None = None) -> float:
        return max(0.0, ((now or time.time()) - self.updated) / DAY_S)


def _walk(folder: Path) -> tuple[int, float]:
    """(bytes, newest mtime) of everything under ``folder``, symlinks not followed."""
    total, newest = 0, 0.0
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in (*filenames, *dirnames):
            try:
                st = os.lstat(os.path.join(dirpath, name))
            except OSError:
                continue
            newest = max(newest, st.st_mtime)
            if name in filenames:
                total += st.st_size
    return total, newest


def _kb_path(folder: Path) -> str | None:
    """The ``kb_path`` of the live generation's stamp, else of any generation's."""
    gens: list[Path] = []
    with contextlib.suppress(OSError, ValueError):
        gens.append(folder / (folder / "CURRENT").read_text(encoding="utf-8").strip())
    gens += sorted(folder.glob("gen-*"))
    for gen in gens:
        try:
            meta = json.loads((gen / "meta.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(meta, dict) and isinstance(meta.get("kb_path"), str):
            return str(meta["kb_path"])
    return None


def list_cache(home: Path | None = None) -> list[CachedIndex]:
    """Every folder of the index home (``$KR_INDEX_DIR``, else the user cache), largest first."""
    home = home or index_home()
    out = []
    try:
        entries = sorted(home.iterdir())
    except OSError:
        return []
    for entry in entries:
        if entry.is_symlink() or not entry.is_dir():
            continue
        size, newest = _walk(entry)
        with contextlib.suppress(OSError):
            newest = max(newest, entry.stat().st_mtime)
        is_index = bool(_INDEX_NAME.fullmatch(entry.name)) and (
            (entry / "CURRENT").exists() or any(entry.glob("gen-*"))
        )
        kb = _kb_path(entry) if is_index else None
        out.append(CachedIndex(entry, size, newest, kb, is_index))
    out.sort(key=lambda c: (-c.bytes, c.path.name))
    return out


def prune_reason(c: CachedIndex, older_than_days: float | None, now: float) -> str | None:
    """Why ``c`` is to be removed, or None to keep it."""
    if not c.is_index:
        return None
    if c.kb_path is not None and not c.kb_exists:
        return "its knowledge base folder no longer exists"
    if older_than_days is not None and c.age_days(now) > older_than_days:
        return f"not updated for {c.age_days(now):.0f} days"
    return None


def remove_index(c: CachedIndex, home: Path | None = None) -> str | None:
    """Remove one index folder under its lock; the reason it was kept instead, or None.

    Refuses (returns a reason) anything that is not a folder directly inside ``home``."""
    from ..errors import IndexLockedError
    from ..kb.scan import file_lock

    home = (home or index_home()).resolve()
    folder = c.path
    if folder.is_symlink() or not folder.is_dir() or folder.resolve().parent != home:
        return "not a folder of the index cache"
    try:
        with file_lock(folder / "lock", 0.0):
            doomed = folder.with_name(f".{folder.name}.removing")
            os.replace(folder, doomed)  # readers see it gone at once; the lock goes with it
    except IndexLockedError:
        return "in use by another process"
    except OSError as exc:
        return f"cannot remove it: {exc.strerror or exc}"
    shutil.rmtree(doomed, ignore_errors=True)
    log.info("removed the index %s (%d bytes)", folder.name, c.bytes)
    return None
