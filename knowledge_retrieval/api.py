"""The public entry points: ``search()`` and ``list_kbs()``."""

from __future__ import annotations

import contextvars
import dataclasses
import functools
import logging
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .defaults import DEFAULT_THRESHOLD, DEFAULT_TOP_K, MAX_TOP_K
from .errors import IndexUnavailableError, InvalidArgumentError, KBNotFoundError
from .index.problems import unavailable
from .index.progress import with_progress
from .index.report import IndexReport
from .index.store import get_index
from .kb.discovery import (
    KBLocation,
    Unresolved,
    check_name,
    find_root,
    list_locations,
    lookup_kb,
    no_kbs_note,
    normalize_kb_ref,
    require_root,
    root_notes,
    suggest,
    within,
)
from .kb.reader import readme_text
from .kb.rules.cache import cached_rules
from .models import KBRules
from .ranking import holds, outcome
from .ranking.choose import Choice, evidence_scale, pick, readme_overlap, same_script
from .ranking.matches import RankOutcome
from .ranking.query import Query, analyze_query
from .ranking.ranker import Ranker
from .results import KBInfo, Reason, SearchResult
from .semantic import maybe_on as semantic_on
from .text.analysis import cjk_script

if TYPE_CHECKING:
    from .display import KBList

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _KB:
    loc: KBLocation
    rules: KBRules


_README_CACHE: dict[str, tuple[tuple[int, ...], str]] = {}
_README_CACHE_LOCK = threading.Lock()


def _rules(loc: KBLocation) -> KBRules:
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
        return _parse_readme(got[1])
    text = readme_text(loc.path)  # the one guarded reader: open first, check what was opened
    if sig is not None:
        with _README_CACHE_LOCK:
            if len(_README_CACHE) >= 256:
                _README_CACHE.clear()
            _README_CACHE[key] = (sig, text)
    return _parse_readme(text)


@functools.lru_cache(maxsize=64)
def _parse_readme(text: str) -> KBRules:
    """README rules, parsed once per distinct text (every search reads the README again); a
    text an earlier process parsed is looked up on disk (a one-shot ``kr`` call)."""
    return cached_rules(text)


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
            hint="the default 0.35 separates answers from noise; 0 returns every match",
        )
    return query


def _resolve(root: Path, locs: dict[str, KBLocation], ref: str) -> tuple[_KB | None, Reason, str]:
    """(kb, reason, note) for one named KB; kb is None when it cannot be searched."""
    got = lookup_kb(root, ref, locs)
    if isinstance(got, Unresolved):
        return None, got.reason, got.note
    return _KB(got, _rules(got)), "no_match", ""


def no_documents_note(name: str) -> str:
    """The note on a KB without documents: only its README, or every file excluded by it,
    skipped, or deleted."""
    return (
        f"'{name}' has no documents yet: add Markdown files to its folder (or check the include "
        "and exclude rules of its README and the files it skipped)"
    )


def _refresh(kb: _KB, notes: list[str], q: Query, limit: int) -> tuple[Ranker | None, RankOutcome]:
    """One KB brought up to date and ranked; an index that cannot be used is a note (with its
    hint) and no files, so the other KBs still answer."""
    try:
        kbi = get_index(kb.loc.name, kb.loc.path)
        report = kbi.refresh(kb.rules)
        _report_notes(report, notes)
        if not report.files:
            notes.append(no_documents_note(kb.loc.name))
            return None, RankOutcome([], [k.text for k in q.keywords], [], empty=True)
        ranker = Ranker(kbi, kb.rules)
        ranked = ranker.rank(q, limit)
        if semantic_on():
            from .semantic import apply

            apply(kbi, q, ranked, limit, notes)
        return ranker, ranked
    except (IndexUnavailableError, OSError) as exc:
        err = exc if isinstance(exc, IndexUnavailableError) else unavailable(exc, kb.loc)
        notes.append(f"{err.message} ({err.hint})")
        return None, RankOutcome([], [k.text for k in q.keywords], [], unavailable=True)


MAX_PARALLEL = 8
"""Named KBs are brought up to date and ranked in parallel, one thread each, up to this many."""


def _refresh_all(
    kbs: list[_KB], notes: list[str], q: Query, limit: int
) -> dict[str, tuple[Ranker | None, RankOutcome]]:
    """:func:`_refresh` for each named KB (threads when there are several), notes in KB order."""
    if len(kbs) == 1:
        return {kbs[0].loc.name: _refresh(kbs[0], notes, q, limit)}
    from concurrent.futures import ThreadPoolExecutor

    per_kb: list[list[str]] = [[] for _ in kbs]
    with ThreadPoolExecutor(
        max_workers=min(MAX_PARALLEL, len(kbs)), thread_name_prefix="kr-search"
    ) as pool:
        # each thread runs in a copy of this context (the progress listener is a context var)
        futures = [
            pool.submit(contextvars.copy_context().run, _refresh, kbs[i], per_kb[i], q, limit)
            for i in range(len(kbs))
        ]
        got = [f.result() for f in futures]
    for n in per_kb:
        notes.extend(n)
    return {k.loc.name: g for k, g in zip(kbs, got, strict=True)}


def _choice_evidence(o: RankOutcome) -> float:
    """A KB's best document as KB choice weighs it: its evidence, held under the line when no
    hit of the KB can be confident (an identifier it lacks, a foreign half of the question)."""
    if not o.files:
        return 0.0
    best = o.files[0]
    ev = evidence_scale(best.evidence)
    return min(ev, best.score) if best.capped else ev


def _best_score(o: RankOutcome) -> float:
    """The score of a KB's best hit, as it would be returned (0 when it has none)."""
    return o.files[0].score if o.files else 0.0


def _absent_only_where_searched(outcomes: dict[str, RankOutcome]) -> None:
    """An identifier held under the line in one KB but present in another searched KB does not
    hold the first KB's hits down (``超卖 INV_OVERSOLD`` over a glossary and a troubleshooting
    KB): only identifiers absent from every KB searched make every hit unconfident."""
    if len(outcomes) < 2:
        return
    everywhere = set.intersection(*(set(o.absent_ids) for o in outcomes.values()))
    for o in outcomes.values():
        if o.absent_ids and not everywhere:
            holds.release(o.files)


def _report_notes(report: IndexReport, notes: list[str]) -> None:
    if report.warning:
        notes.append(report.warning)
    if report.rebuilt and report.rebuilt not in ("no index yet", "requested"):
        notes.append(f"index of '{report.kb}' rebuilt: {report.rebuilt}")
    if report.skipped:
        sample = "; ".join(f"{p} ({r})" for p, r in sorted(report.skipped.items())[:3])
        more = f" and {len(report.skipped) - 3} more" if len(report.skipped) > 3 else ""
        notes.append(f"'{report.kb}' skipped {len(report.skipped)} file(s): {sample}{more}")


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
    threshold = float(score_threshold)
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
    q = analyze_query(query)
    notes: list[str] = []
    root_path = find_root(root)
    if root_path is None:
        notes.extend(root_notes(root))
        return outcome.not_found(q.text, q.lang, "no_root", notes)
    locs = {loc.name: loc for loc in list_locations(root_path)}
    usable = {
        n: loc for n, loc in locs.items() if loc.readme is not None and within(root_path, loc.path)
    }
    if refs is None and not usable:
        notes.append(no_kbs_note(root_path))
        return outcome.not_found(q.text, q.lang, "no_kbs", notes)

    kbs: list[_KB] = []
    why = ""
    if refs is not None:
        first_reason: Reason | None = None
        for ref in refs:
            got, reason, note = _resolve(root_path, locs, ref)
            if got is None:
                notes.append(note)
                first_reason = first_reason or reason
            else:
                kbs.append(got)
        if not kbs:
            return outcome.not_found(
                q.text, q.lang, first_reason or "kb_not_found", notes, kb=normalize_kb_ref(refs[0])
            )
        ranked = _refresh_all(kbs, notes, q, top_k * 3)
        rankers = {n: r for n, (r, _o) in ranked.items()}
        outcomes = {n: o for n, (_r, o) in ranked.items()}
        if all(o.unavailable or o.empty for o in outcomes.values()):
            # the first KB named says why: its index cannot be used, or it has no documents
            first = outcomes[kbs[0].loc.name]
            why_not: Reason = "no_documents" if first.empty else "index_unavailable"
            return outcome.not_found(q.text, q.lang, why_not, notes, kb=kbs[0].loc.name)
        kbs = [k for k in kbs if not outcomes[k.loc.name].empty]
    else:
        cands = [_KB(loc, _rules(loc)) for loc in usable.values()]
        # every KB is searched for evidence; only the chosen ones' index notes are reported
        kb_notes: dict[str, list[str]] = {k.loc.name: [] for k in cands}
        ranked = {k.loc.name: _refresh(k, kb_notes[k.loc.name], q, top_k * 3) for k in cands}
        rankers = {n: r for n, (r, _o) in ranked.items()}
        outcomes = {n: o for n, (_r, o) in ranked.items()}
        for k in cands:  # an index that cannot be used or has nothing is worth a note
            if outcomes[k.loc.name].unavailable or outcomes[k.loc.name].empty:
                notes.extend(kb_notes[k.loc.name])
        empty = {k.loc.name for k in cands if outcomes[k.loc.name].empty}
        cands = [k for k in cands if k.loc.name not in empty]  # nothing there to choose
        if not cands:
            return outcome.not_found(q.text, q.lang, "no_documents", notes, kb=min(empty))
        usable = {n: loc for n, loc in usable.items() if n not in empty}
        script = cjk_script(q.text)
        choices = [
            Choice(
                k.loc.name,
                readme_overlap(q, k.loc.name, k.rules),
                _choice_evidence(outcomes[k.loc.name]),
                same_script(script, k.loc.name, k.rules),
                _best_score(outcomes[k.loc.name]),
            )
            for k in cands
        ]
        chosen, why = pick(choices, threshold)
        names = {c.name for c in chosen}
        kbs = [k for k in cands if k.loc.name in names]
        kbs.sort(key=lambda k: [c.name for c in chosen].index(k.loc.name))
        outcomes = {n: o for n, o in outcomes.items() if n in names}
        notes.append(why)
        for k in kbs:
            notes.extend(kb_notes[k.loc.name])

    kb_names = tuple(k.loc.name for k in kbs)
    _absent_only_where_searched(outcomes)
    for name, o in outcomes.items():
        if o.did_you_mean:
            dym = ", ".join(f"{a} → {b}" for a, b in o.did_you_mean.items())
            notes.append(f"did you mean: {dym} (in '{name}')")
        if o.translated:
            read = ", ".join(f"{a} → {b}" for a, b in o.translated.items())
            notes.append(f"read in the words of '{name}': {read}")
        for ident in o.absent_ids:
            if any(ident not in other.absent_ids for other in outcomes.values()):
                continue  # another KB searched has it: only the absent one is noted
            ranker = rankers[name]
            near = ranker.nearest_identifiers(ident) if ranker is not None else []
            did = f" (did you mean: {', '.join(near)}?)" if near else ""
            notes.append(f"'{ident}' is not in '{name}': no document has this identifier{did}")
    # in the order the KBs were chosen: of hits scoring alike, the chosen KB's come first
    matches = [(n, f) for n in dict.fromkeys(kb_names) if n in outcomes for f in outcomes[n].files]
    if not matches:
        kw = ", ".join(k.text for k in q.keywords) or q.text
        notes.append(f"no document in {', '.join(kb_names)} matches the keywords: {kw}")
    result = outcome.from_matches(
        q,
        matches,
        notes,
        kbs=kb_names,
        threshold=threshold,
        top_k=top_k,
        kb=kb_names[0],
        explain=explain,
        known={k for o in outcomes.values() for k in o.known_keywords},
    )
    if not result.found:
        more: list[str] = []
        _ask_in_their_language(q, kbs, more)
        _suggest_other_kbs(q, usable, kb_names, more)
        result = dataclasses.replace(result, notes=result.notes + tuple(more))
    return _readme_says(result, kbs, q)


def _readme_says(result: SearchResult, kbs: Sequence[_KB], q: Query) -> SearchResult:
    """Issue #34: a question only a forbidden folder answers is noted as such (first), and a
    hit from a folder a README sentence not understood names quotes that sentence."""
    from .kb.rules.forbidden import forbidden_note, readme_quotes

    rules = {k.loc.name: k.rules for k in kbs}
    if not result.found:
        words = [k.text for k in q.keywords]
        said = [n for k in kbs if (n := forbidden_note(k.loc.name, k.loc.path, k.rules, words))]
        return dataclasses.replace(result, notes=(*said, *result.notes)) if said else result
    hits = tuple(
        dataclasses.replace(h, readme=readme_quotes(rules[h.kb], h.path)) if h.kb in rules else h
        for h in result.hits
    )
    return dataclasses.replace(result, hits=hits)


def _ask_in_their_language(q: Query, kbs: Sequence[_KB], notes: list[str]) -> None:
    """When a question in one language found nothing in KBs written in another, say so: an
    agent can translate the question and ask again."""
    from .index.languages import page_languages
    from .text.script import LANGUAGE_NAMES, query_lang

    qlang = query_lang(q.text)
    if not qlang:
        return
    for k in kbs:
        try:
            langs = page_languages(get_index(k.loc.name, k.loc.path))
        except (IndexUnavailableError, OSError, RuntimeError):
            continue
        if langs and qlang not in langs:
            them = " and ".join(LANGUAGE_NAMES.get(x, x) for x in langs)
            notes.append(
                f"'{k.loc.name}' is written in {them} and the question in "
                f"{LANGUAGE_NAMES.get(qlang, qlang)}: ask again in {them} (translate the "
                "question's words)"
            )


def _suggest_other_kbs(
    q: Query, usable: dict[str, KBLocation], searched: Sequence[str], notes: list[str]
) -> None:
    others = []
    for name, loc in usable.items():
        if name in searched:
            continue
        ov = readme_overlap(q, name, _rules(loc))
        if ov > 0:
            others.append((ov, name))
    if others:
        others.sort(reverse=True)
        notes.append(
            "other knowledge bases that may cover it: " + ", ".join(n for _o, n in others[:3])
        )
    notes.append(_other_keywords_hint([_rules(usable[n]) for n in searched if n in usable]))


HINT_KEYWORDS = 6
"""README keywords a not-found hint names at most."""


def _other_keywords_hint(searched: Sequence[KBRules]) -> str:
    """What to try instead, in the words of the KBs searched: the keywords their READMEs list
    (a homelab's VLAN, NAS, Jellyfin; a payments KB's error codes), never another domain's."""
    words = list(dict.fromkeys(k for rules in searched for k in rules.keywords))
    if not words:
        return "try other keywords, in the words the knowledge base's pages use"
    more = ", ..." if len(words) > HINT_KEYWORDS else ""
    return (
        "try other keywords, such as the README lists: " + ", ".join(words[:HINT_KEYWORDS]) + more
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
        rules = _rules(loc)
        count: int | None = None
        skipped: tuple[tuple[str, str], ...] = ()
        pages: tuple[str, ...] = ()
        if refresh or _has_index(loc):
            # an index already built is read for the pages' languages (a stat walk when it is
            # up to date); a KB never searched is not indexed by a listing unless asked
            try:
                kbi = get_index(loc.name, loc.path)
                report = kbi.refresh(rules)
                if refresh:
                    count = report.files
                    skipped = tuple(sorted(report.skipped.items()))
                if report.files:
                    from .index.languages import page_languages

                    pages = page_languages(kbi)
            except (IndexUnavailableError, OSError) as exc:
                err = exc if isinstance(exc, IndexUnavailableError) else unavailable(exc, loc)
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
    from .index.store import index_dir_for

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
    for :func:`search`."""
    root_path = require_root(root)
    locs = {loc.name: loc for loc in list_locations(root_path)}
    got, _reason, note = _resolve(root_path, locs, kb)
    if got is None:
        raise KBNotFoundError(kb, suggest(normalize_kb_ref(kb), sorted(locs)), reason=note)
    return get_index(got.loc.name, got.loc.path).refresh(got.rules, rebuild=rebuild)
