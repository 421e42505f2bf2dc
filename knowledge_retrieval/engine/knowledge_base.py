"""One knowledge base as every search sees it: where it is, its README's rules, its index."""

from __future__ import annotations

import functools
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..kb.discovery import KBLocation
from ..kb.reader import readme_text
from ..kb.rules import named_folders
from ..kb.rules.cache import cached_rules
from ..models import KBRules

if TYPE_CHECKING:
    from ..index.store import KBIndex


@dataclass(slots=True)
class KnowledgeBase:
    """A KB folder (or a memory project's notes) with the rules its index is built and ranked
    with; :meth:`index` is its on-disk index, opened once per process."""

    name: str
    """The name hits and notes give it (``payments``, ``.memory/pay-core``)."""
    path: Path
    rules: KBRules
    index_name: str = ""
    """The name of its index (the KB's name unless given: ``memory-pay-core``)."""

    @classmethod
    def at(cls, loc: KBLocation) -> KnowledgeBase:
        """The KB of a folder found under the root, with its README's rules as they are now."""
        return cls(loc.name, loc.path, rules_of(loc))

    def index(self) -> KBIndex:
        from ..index.store import get_index

        return get_index(self.index_name or self.name, self.path)


_README_CACHE: dict[str, tuple[tuple[int, ...], str]] = {}
_README_CACHE_LOCK = threading.Lock()


def rules_of(loc: KBLocation) -> KBRules:
    """The KB's README rules, as the README is now: read again whenever its ``lstat`` (device,
    inode, size, mtime, ctime; the link itself, not its target) changes, else remembered."""
    assert loc.readme is not None
    try:
        st = os.lstat(loc.readme)
        sig: tuple[int, ...] | None = (
            st.st_dev,
            st.st_ino,
            st.st_size,
            st.st_mtime_ns,
            st.st_ctime_ns,
            st.st_mode,
        )
    except OSError:
        sig = None
    key = str(loc.readme)
    with _README_CACHE_LOCK:
        got = _README_CACHE.get(key)
    if sig is not None and got is not None and got[0] == sig:
        return _parse_readme(got[1], named_folders(got[1], loc.path))
    text = readme_text(loc.path)  # the one guarded reader: open first, check what was opened
    if sig is not None:
        with _README_CACHE_LOCK:
            if len(_README_CACHE) >= 256:
                _README_CACHE.clear()
            _README_CACHE[key] = (sig, text)
    return _parse_readme(text, named_folders(text, loc.path))


@functools.lru_cache(maxsize=64)
def _parse_readme(text: str, folders: tuple[str, ...] = ()) -> KBRules:
    """README rules, parsed once per distinct text and the KB's folders it names bare (every
    search reads the README again); a text an earlier process parsed is looked up on disk (a
    one-shot ``kr`` call)."""
    return cached_rules(text, folders)
