"""What hosts do to indexes beside searching: bring one KB's up to date, list what its README
leaves out, and warm the caches a first search would build."""

from __future__ import annotations

from pathlib import Path

from ..index.report import IndexReport
from ..results import KBInfo


def refresh_kb(info: KBInfo, *, rebuild: bool = False) -> IndexReport:
    """Bring the index of a listed KB up to date (or rebuild it) with its README's rules."""
    from ..index.store import get_index

    return get_index(info.name, Path(info.path)).refresh(info.rules, rebuild=rebuild)


def embed_vectors(info: KBInfo) -> int:
    """The semantic layer's section vectors of a listed KB, computed now when the layer is on
    (so the first search after ``kr index`` embeds nothing); how many are ready (0 when off)."""
    from ..index.store import get_index
    from ..semantic import embed_kb

    return embed_kb(get_index(info.name, Path(info.path)))


def excluded_files(info: KBInfo) -> list[str]:
    """The documents a KB's README keeps out of its index (``kr show`` refuses them and points
    here): a walk without the README's rules, less what its rules admit."""
    from ..kb.rules import is_included
    from ..kb.scan import scan_kb
    from ..models import KBRules

    every = scan_kb(Path(info.path), KBRules()).files
    return sorted(p for p in every if not is_included(p, info.rules))


def warm_up() -> float:
    """Build the one-time caches a first search would otherwise build (about 4 s on two cores):
    the SQLite copy of jieba's dictionary and the Chinese-English word pairs. Each is written
    once per user and machine; when they exist this costs a few milliseconds. Returns seconds."""
    import time

    from ..text.analysis import jieba_cut
    from ..text.glossary import english_terms

    t0 = time.perf_counter()
    jieba_cut("订单状态")  # loads jieba's whole dictionary once, writing the copy queries read
    english_terms("订单")  # writes the word pairs' SQLite copy
    return time.perf_counter() - t0
