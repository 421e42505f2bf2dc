"""The public entry points: ``search()`` and ``list_kbs()``."""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import engine
from .defaults import DEFAULT_THRESHOLD, DEFAULT_TOP_K, MAX_TOP_K
from .engine.knowledge_base import KnowledgeBase, rules_of
from .errors import InvalidArgumentError, KBNotFoundError
from .index.problems import unavailable
from .index.progress import with_progress
from .index.report import IndexReport
from .kb.discovery import (
    KBLocation,
    Unresolved,
    check_name,
    find_root,
    list_locations,
    lookup_kb,
    normalize_kb_ref,
    require_root,
    suggest,
    within,
)
from .results import KBInfo, SearchResult

if TYPE_CHECKING:
    from .display import KBList

log = logging.getLogger(__name__)


def check_args(query: object, top_k: object, score_threshold: object) -> str:
    """Check the arguments every search takes (also used by memory and workflow searches);
    the query back as a string, or InvalidArgumentError with a hint."""
    if not isinstance(query, str):
        raise InvalidArgumentError(
            f"query must be a string, not {type(query).__name__}",
            hint="pass the question as text, e.g. search('ORDER_STATUS_PAID')",
        )
    if not query.strip():
        raise InvalidArgumentError("empty query", hint="ask a question or give a keyword")
    if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= MAX_TOP_K:
        raise InvalidArgumentError(
            f"top_k must be an integer from 1 to {MAX_TOP_K}, not {top_k!r}",
            hint=f"the default is {DEFAULT_TOP_K}",
        )
    if (
        isinstance(score_threshold, bool)
        or not isinstance(score_threshold, (int, float))
        or not (0.0 <= float(score_threshold) <= 1.0)
    ):
        raise InvalidArgumentError(
            f"score_threshold must be a number from 0 to 1, not {score_threshold!r}",
            hint=f"the default {DEFAULT_THRESHOLD} separates answers from noise; 0 returns every "
            "match",
        )
    return query


@with_progress
def search(
    query: str,
    kb: str | Sequence[str] | None = None,
    *,
    root: str | os.PathLike[str] | None = None,
    top_k: int = DEFAULT_TOP_K,
    score_threshold: float = DEFAULT_THRESHOLD,
    explain: bool = False,
    progress: bool | None = None,
) -> SearchResult:
    """Answer ``query`` from the local knowledge bases.

    :param query: the question, in English or Chinese; keywords, identifiers and error codes work.
    :param kb: a KB name (or ``KnowledgeBase/<name>/``), a list of names to search and merge, or
        None to choose the best-matching KB.
    :param root: the KnowledgeBase folder; default: ``$KNOWLEDGE_BASE_ROOT``, else a
        ``KnowledgeBase/`` folder in the working directory or a parent.
    :param top_k: at most this many hits, one per file.
    :param score_threshold: hits scoring below this (0..1) are dropped.
    :param explain: give each hit an ``explain`` mapping: every feature of its score, its value
        and its part of the log-odds, the probability and the decision line.
    :param progress: a progress bar while an index is built (after half a second): None shows it in
        a terminal or notebook only, False never.

    Every search first brings the KB's index up to date with the files on disk.
    """
    query = check_args(query, top_k, score_threshold)
    refs: list[str] | None
    if kb is None:
        refs = None
    elif isinstance(kb, str):
        refs = [kb]
    elif isinstance(kb, Sequence) and all(isinstance(k, str) for k in kb):
        refs = list(dict.fromkeys(kb))
        if not refs:
            raise InvalidArgumentError(
                "empty list of knowledge bases", hint="pass None to let the library choose"
            )
    else:
        raise InvalidArgumentError(
            f"kb must be a name, a list of names or None, not {kb!r}",
            hint="e.g. kb='payments' or kb=['payments', 'glossary']",
        )
    if refs:
        for r in refs:
            check_name(r)
    return engine.run(
        query, refs, root, top_k=top_k, threshold=float(score_threshold), explain=explain
    )


def list_kbs(root: str | os.PathLike[str] | None = None, *, refresh: bool = False) -> KBList:
    """The knowledge bases under the root (folders with a README.md), sorted by name.

    :param refresh: also bring each index up to date and report document counts and skips.
    """
    from .display import KBList  # its HTML view loads html: not for a search

    root_path = find_root(root)
    if root_path is None:
        return KBList()
    out: list[KBInfo] = []
    for loc in list_locations(root_path):
        if loc.readme is None or not within(root_path, loc.path):
            continue
        rules = rules_of(loc)
        count: int | None = None
        skipped: tuple[tuple[str, str], ...] = ()
        pages: tuple[str, ...] = ()
        if refresh or _has_index(loc):
            # an index already built is read for the pages' languages (a stat walk when it is
            # up to date); a KB never searched is not indexed by a listing unless asked
            try:
                kbi = KnowledgeBase(loc.name, loc.path, rules).index()
                report = kbi.refresh(rules)
                if refresh:
                    count = report.files
                    skipped = tuple(sorted(report.skipped.items()))
                if report.files:
                    from .index.languages import page_languages

                    pages = page_languages(kbi)
            except Exception as exc:  # one KB's error is its note, not the listing's
                if engine.raised(exc):
                    raise
                err = unavailable(exc, loc)
                if refresh:
                    skipped = (("(index)", f"{err.message} ({err.hint})"),)
        out.append(
            KBInfo(
                name=loc.name,
                description=rules.description,
                keywords=rules.keywords,
                languages=rules.languages,
                path=str(loc.path),
                rules=rules,
                doc_count=count,
                skipped=skipped,
                page_languages=pages,
            )
        )
    return KBList(out)


def _has_index(loc: KBLocation) -> bool:
    from .index.location import index_dir_for

    return (index_dir_for(loc.path) / "CURRENT").is_file()


@with_progress
def index_kb(
    kb: str,
    *,
    root: str | os.PathLike[str] | None = None,
    rebuild: bool = False,
    progress: bool | None = None,
) -> IndexReport:
    """Bring one KB's index up to date (or rebuild it) and report what changed; ``progress`` as
    for :func:`search`. With the semantic layer on, the sections' vectors are computed too (as
    ``kr index`` does), so the first search by meaning embeds nothing."""
    root_path = require_root(root)
    locs = {loc.name: loc for loc in list_locations(root_path)}
    got = lookup_kb(root_path, kb, locs)
    if isinstance(got, Unresolved):
        raise KBNotFoundError(kb, suggest(normalize_kb_ref(kb), sorted(locs)), reason=got.note)
    kb_ = KnowledgeBase.at(got)
    kbi = kb_.index()
    report = kbi.refresh(kb_.rules, rebuild=rebuild)
    from .semantic import maybe_on as semantic_on

    if report.files and semantic_on():
        from .semantic import embed_kb

        embed_kb(kbi)  # never raises: a layer that cannot run leaves the index lexical
    return report
