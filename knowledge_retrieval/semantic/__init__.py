"""The optional semantic layer: section vectors beside the index and meaning fused with words.

Off unless ``KR_EMBEDDER`` names an embedder (or the ``semantic`` extra is installed and it is
unset): see docs/python-api.md#the-semantic-layer. Nothing here is imported while it is off.
"""

from __future__ import annotations

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
    if raw:
        return True
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
    from .vectors import TooManySectionsError, section_vectors, text_lang

    qlang = text_lang(q.text) or "en"
    try:
        sv = section_vectors(kbi, embedder, _progress(kbi))
    except TooManySectionsError as exc:
        if lexical_empty(o) or qlang:
            notes.append(
                f"'{kbi.name}' is not searched by meaning: {exc} (raise it to embed this KB)"
            )
        return
    fuse(q, o, sv, embedder, kbi.reader(), limit)


def _progress(kbi: Any) -> Any:
    """The build's progress reporter (bar, MCP notifications) for the sections embedded."""
    from ..index.progress import Reporter

    return Reporter(f"{kbi.name} (embedding sections)", kbi.dir, None)


def kb_languages(kbi: Any) -> tuple[str, ...]:
    """The languages of a refreshed KB's sections (``en``, ``zh``), most sections first."""
    from .vectors import text_lang

    counts: dict[str, int] = {}
    for _docnum, st in kbi.reader().iter_docs():
        lang = text_lang(f"{st.get('title') or ''}\n{st.get('text') or ''}")
        if lang:
            counts[lang] = counts.get(lang, 0) + 1
    total = sum(counts.values()) or 1
    return tuple(k for k, n in sorted(counts.items(), key=lambda kv: -kv[1]) if n / total >= 0.1)
