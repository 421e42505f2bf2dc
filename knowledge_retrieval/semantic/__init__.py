"""The optional semantic layer: section vectors beside the index and meaning fused with words.

Off unless ``KR_EMBEDDER`` names an embedder (or the ``semantic`` extra is installed and it is
unset): see docs/python-api.md#the-semantic-layer. Nothing here is imported while it is off.
"""

from __future__ import annotations

import functools
import logging
import os
from typing import Any

from ..defaults import EMBEDDER_ENV
from ..ranking.matches import RankOutcome
from ..ranking.query import Query

log = logging.getLogger(__name__)

_OFF = ("off", "0", "none", "false")


def maybe_on() -> bool:
    """False when ``KR_EMBEDDER`` turns the layer off (a check without imports)."""
    raw = os.environ.get(EMBEDDER_ENV, "").strip().lower()
    if raw in _OFF:
        return False
    return bool(raw) or extra_installed()


@functools.lru_cache(maxsize=1)
def extra_installed() -> bool:
    """Whether the ``semantic`` extra (fastembed) is installed: looked up once per process, not
    on every search."""
    import importlib.util

    return importlib.util.find_spec("fastembed") is not None


def apply(kbi: Any, q: Query, o: RankOutcome, limit: int, notes: list[str]) -> None:
    """Fuse the files found by meaning into ``o`` when the layer is on and the question needs it
    (another language than pages of the KB, or no lexical evidence); a note when the KB is over
    the cap. Never raises for a model that cannot be had: the result stays lexical."""
    from .embedders import get_embedder

    embedder = get_embedder()
    if embedder is None:
        return
    from .fusion import fuse, lexical_empty
    from .vectors import TooManySectionsError, section_vectors

    try:
        sv = section_vectors(kbi, embedder, _progress(kbi))
    except TooManySectionsError as exc:
        if lexical_empty(o):
            notes.append(
                f"'{kbi.name}' is not searched by meaning: {exc} (raise it to embed this KB)"
            )
        return
    fuse(q, o, sv, embedder, kbi.reader(), limit)


def _progress(kbi: Any) -> Any:
    """The build's progress reporter (bar, MCP notifications) for the sections embedded."""
    from ..index.progress import Reporter

    return Reporter(f"{kbi.name} (embedding sections)", kbi.dir, None, unit="sections")
