"""The one pipeline every search runs, as named stages:

1. :func:`resolve` — the root, its KBs, and the ones named (or every candidate for ``kb=None``);
2. :func:`refresh_and_rank` — each KB's index brought up to date, its files ranked, the verdict
   on each ranked file (:func:`..verdict.holds.judge`), and meaning where words cannot meet;
3. :func:`choose` — for ``kb=None``, the KB or KBs whose README and best document fit;
4. :func:`decide` — the hits across the KBs searched, found or not found, with their notes;
5. :func:`advise` — for a question not found, what to try instead;
6. :func:`obey_readme` — what the READMEs say of it: a forbidden folder that alone has the
   answer, a sentence not understood about a hit's folder.

``api.search`` and the memory search (:mod:`..team.memory`) both run through it.
"""

from __future__ import annotations

import contextvars
import dataclasses
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import IndexUnavailableError, KnowledgeRetrievalError
from ..index.report import IndexReport
from ..kb.discovery import (
    KBLocation,
    Unresolved,
    find_root,
    list_locations,
    lookup_kb,
    no_kbs_note,
    normalize_kb_ref,
    root_notes,
    within,
)
from ..ranking.matches import FileMatch, RankOutcome
from ..ranking.query import Query, analyze_query
from ..ranking.ranker import Ranker
from ..results import Reason, SearchResult
from ..text.analysis import cjk_script
from ..verdict import holds, outcome
from ..verdict.choose import Choice, evidence_scale, pick, readme_overlap, same_script
from ..verdict.scale import LINE
from .advice import advise
from .knowledge_base import KnowledgeBase, rules_of
from .readme import obey_readme

__all__ = [
    "KnowledgeBase",
    "Ranked",
    "advise",
    "choose",
    "decide",
    "no_documents_note",
    "obey_readme",
    "refresh_and_rank",
    "resolve",
    "rules_of",
    "run",
]

MAX_PARALLEL = 8
"""Named KBs are brought up to date and ranked in parallel, one thread each, up to this many."""


@dataclass(slots=True)
class Resolved:
    """What :func:`resolve` found: the root, its usable KBs, and the KBs to search."""

    root: Path
    usable: dict[str, KBLocation]
    kbs: list[KnowledgeBase]


@dataclass(slots=True)
class Ranked:
    """One KB ranked: its ranker (None when its index could not be used) and its outcome."""

    ranker: Ranker | None
    outcome: RankOutcome
    words: RankOutcome | None = None
    """The outcome as the words left it, before the semantic layer fused meaning into
    ``outcome`` (None when the layer did not run): what KB choice weighs first."""


def run(
    query: str,
    refs: list[str] | None,
    root: str | os.PathLike[str] | None,
    *,
    top_k: int,
    threshold: float,
    explain: bool,
) -> SearchResult:
    """Answer ``query`` from the KBs named in ``refs`` (None: choose) under ``root``."""
    q = analyze_query(query)
    notes: list[str] = []
    got = resolve(q, refs, root, notes)
    if isinstance(got, SearchResult):
        return got
    limit = top_k * 3
    if refs is not None:
        ranked = refresh_and_rank(got.kbs, q, limit, notes, parallel=True)
        outcomes = {n: r.outcome for n, r in ranked.items()}
        if all(o.unavailable or o.empty for o in outcomes.values()):
            # the first KB named says why: its index cannot be used, or it has no documents
            first = outcomes[got.kbs[0].name]
            why_not: Reason = "no_documents" if first.empty else "index_unavailable"
            return outcome.not_found(q.text, q.lang, why_not, notes, kb=got.kbs[0].name)
        kbs = [k for k in got.kbs if not outcomes[k.name].empty]
        searched = ranked  # every KB named, the empty ones too
    else:
        # every KB is searched for evidence; only the chosen ones' index notes are reported
        kb_notes: dict[str, list[str]] = {k.name: [] for k in got.kbs}
        ranked = {
            k.name: refresh_and_rank([k], q, limit, kb_notes[k.name])[k.name] for k in got.kbs
        }
        for k in got.kbs:  # an index that cannot be used or has nothing is worth a note
            if ranked[k.name].outcome.unavailable or ranked[k.name].outcome.empty:
                notes.extend(kb_notes[k.name])
        empty = {k.name for k in got.kbs if ranked[k.name].outcome.empty}
        broken = {k.name for k in got.kbs if ranked[k.name].outcome.unavailable}
        cands = [k for k in got.kbs if k.name not in empty | broken]  # nothing to choose
        if not cands:  # an index that cannot be used is no "nothing found"
            none: Reason = "index_unavailable" if broken else "no_documents"
            return outcome.not_found(q.text, q.lang, none, notes, kb=min(broken or empty))
        got.usable = {n: loc for n, loc in got.usable.items() if n not in empty | broken}
        kbs, why = choose(
            q,
            cands,
            {n: r.outcome for n, r in ranked.items()},
            threshold,
            words={n: r.words for n, r in ranked.items() if r.words is not None},
        )
        notes.append(why)
        for k in kbs:
            notes.extend(kb_notes[k.name])
        names = {k.name for k in kbs}
        searched = {n: r for n, r in ranked.items() if n in names}  # in the candidates' order
    result = decide(
        q,
        [k.name for k in kbs],
        searched,
        notes,
        threshold,
        top_k,
        explain,
        chosen=refs is None,
        elsewhere={n: r for n, r in ranked.items() if n not in searched},
    )
    if not result.found:
        result = advise(result, q, kbs, got.usable)
    known = {k for r in searched.values() for k in r.outcome.known_keywords}
    return obey_readme(result, kbs, q, known)


def resolve(
    q: Query, refs: list[str] | None, root: str | os.PathLike[str] | None, notes: list[str]
) -> Resolved | SearchResult:
    """The root and the KBs to search: those named (each that cannot be searched is a note),
    or, for ``kb=None``, every KB with a README. A search that cannot start is its not-found
    result."""
    root_path = find_root(root)
    if root_path is None:
        notes.extend(root_notes(root))
        return outcome.not_found(q.text, q.lang, "no_root", notes)
    locs = {loc.name: loc for loc in list_locations(root_path)}
    usable = {
        n: loc for n, loc in locs.items() if loc.readme is not None and within(root_path, loc.path)
    }
    if refs is None:
        if not usable:
            notes.append(no_kbs_note(root_path))
            return outcome.not_found(q.text, q.lang, "no_kbs", notes)
        return Resolved(root_path, usable, [KnowledgeBase.at(loc) for loc in usable.values()])
    kbs: list[KnowledgeBase] = []
    first_reason: Reason | None = None
    for ref in refs:
        got = lookup_kb(root_path, ref, locs)
        if isinstance(got, Unresolved):
            notes.append(got.note)
            first_reason = first_reason or got.reason
        else:
            kbs.append(KnowledgeBase.at(got))
    if not kbs:
        return outcome.not_found(
            q.text, q.lang, first_reason or "kb_not_found", notes, kb=normalize_kb_ref(refs[0])
        )
    return Resolved(root_path, usable, kbs)


def no_documents_note(name: str) -> str:
    """The note on a KB without documents: only its README, or every file excluded by it,
    skipped, or deleted."""
    return (
        f"'{name}' has no documents yet: add Markdown files to its folder (or check the include "
        "and exclude rules of its README and the files it skipped)"
    )


def refresh_and_rank(
    kbs: Sequence[KnowledgeBase],
    q: Query,
    limit: int,
    notes: list[str],
    *,
    parallel: bool = False,
    report_notes: Callable[[KnowledgeBase, IndexReport, list[str]], None] | None = None,
    meaning: bool = True,
) -> dict[str, Ranked]:
    """Each KB brought up to date, ranked and judged (threads when ``parallel`` and there are
    several), notes in KB order. ``report_notes`` says what an index update is worth a note
    (default: :func:`index_notes`); ``meaning`` lets the semantic layer add its hits."""
    say = report_notes or index_notes
    if len(kbs) == 1 or not parallel:
        return {k.name: _refresh(k, notes, q, limit, say, meaning) for k in kbs}
    from concurrent.futures import ThreadPoolExecutor

    per_kb: list[list[str]] = [[] for _ in kbs]
    with ThreadPoolExecutor(
        max_workers=min(MAX_PARALLEL, len(kbs)), thread_name_prefix="kr-search"
    ) as pool:
        # each thread runs in a copy of this context (the progress listener is a context var)
        futures = [
            pool.submit(
                contextvars.copy_context().run, _refresh, kbs[i], per_kb[i], q, limit, say, meaning
            )
            for i in range(len(kbs))
        ]
        got = [f.result() for f in futures]
    for n in per_kb:
        notes.extend(n)
    return {k.name: g for k, g in zip(kbs, got, strict=True)}


def _refresh(
    kb: KnowledgeBase,
    notes: list[str],
    q: Query,
    limit: int,
    say: Callable[[KnowledgeBase, IndexReport, list[str]], None],
    meaning: bool,
) -> Ranked:
    """One KB brought up to date, ranked and judged; an index that cannot be used is a note
    (with its hint) and no files, so the other KBs still answer."""
    from ..index.problems import unavailable
    from ..semantic import maybe_on as semantic_on

    try:
        kbi = kb.index()
        report = kbi.refresh(kb.rules)
        say(kb, report, notes)
        if not report.files:
            notes.append(no_documents_note(kb.name))
            return Ranked(None, RankOutcome([], [k.text for k in q.keywords], [], empty=True))
        ranker = Ranker(kbi, kb.rules)
        ranked = holds.judge(ranker.rank(q, limit))
        if meaning and semantic_on():
            from ..semantic import apply

            words = dataclasses.replace(
                ranked, files=[dataclasses.replace(f) for f in ranked.files]
            )
            apply(kbi, q, ranked, limit, notes)
            return Ranked(ranker, ranked, words)
        return Ranked(ranker, ranked)
    except Exception as exc:  # any error of one KB is its note: the other KBs still answer
        if raised(exc):
            raise
        err = unavailable(exc, KBLocation(kb.name, kb.path, None))
        notes.append(f"{err.message} ({err.hint})")
        return Ranked(None, RankOutcome([], [k.text for k in q.keywords], [], unavailable=True))


def raised(exc: Exception) -> bool:
    """Whether an error met bringing one KB up to date is the caller's to see (an index held
    locked too long), not a note on that KB."""
    return isinstance(exc, KnowledgeRetrievalError) and not isinstance(exc, IndexUnavailableError)


def index_notes(kb: KnowledgeBase, report: IndexReport, notes: list[str]) -> None:
    """What an index update is worth a note: a warning, a rebuild and why, the files skipped."""
    if report.warning:
        notes.append(report.warning)
    if report.rebuilt and report.rebuilt not in ("no index yet", "requested"):
        notes.append(f"index of '{report.kb}' rebuilt: {report.rebuilt}")
    if report.skipped:
        sample = "; ".join(f"{p} ({r})" for p, r in sorted(report.skipped.items())[:3])
        more = f" and {len(report.skipped) - 3} more" if len(report.skipped) > 3 else ""
        notes.append(f"'{report.kb}' skipped {len(report.skipped)} file(s): {sample}{more}")


NEAREST_MARGIN = 0.03
"""How much nearer by meaning (centred cosine) a KB's nearest section must be than every other
KB's for meaning to choose it when nothing reaches the line."""


README_SAYS = 0.5
"""The share of the question's keywords a KB's README names (:func:`readme_overlap`) that makes
it the words' choice even with no hit at the line ("关键词：退款" asked "退款 REF-0042")."""


def choose(
    q: Query,
    cands: Sequence[KnowledgeBase],
    outcomes: dict[str, RankOutcome],
    threshold: float,
    *,
    words: dict[str, RankOutcome] | None = None,
) -> tuple[list[KnowledgeBase], str]:
    """For ``kb=None``: the KBs to answer from, in the order chosen, and why. With the semantic
    layer on, the words choose first, on each KB's outcome as the words left it (``words``,
    before meaning re-ordered or re-scored its pages); pages found by meaning count only when
    the words found no page at the line, and only those the layer itself puts over it."""
    from ..semantic import maybe_on as semantic_on

    script = cjk_script(q.text)

    def weigh(seen: dict[str, RankOutcome]) -> tuple[list[Choice], str]:
        choices = [
            Choice(
                k.name,
                readme_overlap(q, k.name, k.rules),
                _choice_evidence(seen[k.name]),
                same_script(script, k.name, k.rules),
                _best_score(seen[k.name]),
            )
            for k in cands
        ]
        return pick(choices, threshold)

    if semantic_on():
        seen = {**outcomes, **(words or {})}
        chosen, why = weigh(_by_words(seen, found_by_meaning=False))
        if chosen[0].evidence < LINE:  # the words chose no KB: a page found by meaning may,
            # in a KB where the layer itself put one over the line; any other KB is weighed as
            # the words left it (pages meaning re-ordered under the line say nothing of where
            # the answer is, and its first page's evidence is not the words' best)
            fused = {n: o if _meaning_over_the_line(o) else seen[n] for n, o in outcomes.items()}
            chosen, why = weigh(_by_words(fused, found_by_meaning=True))
            if chosen[0].evidence < LINE:  # nor did meaning find a page: the KB it is nearest
                chosen, why = _nearest_by_meaning(q, cands, chosen, why)
    else:
        chosen, why = weigh(outcomes)
    order = [c.name for c in chosen]
    kbs = [k for k in cands if k.name in order]
    kbs.sort(key=lambda k: order.index(k.name))
    return kbs, why


def _nearest_by_meaning(
    q: Query, cands: Sequence[KnowledgeBase], chosen: list[Choice], why: str
) -> tuple[list[Choice], str]:
    """When no KB's evidence nor any page found by meaning reaches the line, and the KB the
    words chose has no hit at the line either and a README that names less than
    :data:`README_SAYS` of the question, that choice was made on words a few pages share by
    chance (an English question asked of a root whose answer is in its Chinese KB): the KB
    whose section is nearest the question by meaning answers instead, when it is nearer than
    every other KB's by :data:`NEAREST_MARGIN`."""
    from ..semantic import nearest

    lead = chosen[0]
    if lead.best >= LINE or lead.readme >= README_SAYS:  # the words chose: theirs stands
        return chosen, why
    near = {k.name: c for k in cands if (c := nearest(k.index(), q)) is not None}
    if len(near) < 2:
        return chosen, why
    (name, c1), (_second, c2) = sorted(near.items(), key=lambda kv: -kv[1])[:2]
    if c1 - c2 < NEAREST_MARGIN or name == lead.name:
        return chosen, why
    keep = [c for c in chosen if c.name == name] or [Choice(name, 0.0, 0.0)]
    return keep, (
        f"chose knowledge base '{name}' by meaning: no knowledge base's words reach the line, "
        f"and its nearest section is nearer the question ({c1:.2f}) than any other's ({c2:.2f})"
    )


def _choice_evidence(o: RankOutcome) -> float:
    """A KB's best document as KB choice weighs it: its evidence (times how much the KB knows
    of a question of several words, :attr:`RankOutcome.on_topic`), held under the line when no
    hit of the KB can be confident (an identifier it lacks, a foreign half of the question)."""
    if not o.files:
        return 0.0
    best = o.files[0]
    ev = evidence_scale(best.evidence * o.on_topic)
    return min(ev, best.score) if best.capped else ev


def _by_words(
    outcomes: dict[str, RankOutcome], *, found_by_meaning: bool
) -> dict[str, RankOutcome]:
    """Each KB's outcome as KB choice weighs it: the files the words found (one the semantic
    layer re-scored keeps its words' evidence), and with ``found_by_meaning`` those the layer
    alone found over the line by their own cosine; a page under the line says nothing of where
    the answer is, nor one over it only by the words' score it took the place of or by
    standing out in its own KB."""

    def keep(f: FileMatch) -> bool:
        return (
            f.found_by == "words"
            or bool(f.coverage)
            or (found_by_meaning and not f.capped and min(f.score, f.evidence) >= LINE)
        )

    return {
        n: dataclasses.replace(o, files=[f for f in o.files if keep(f)])
        for n, o in outcomes.items()
    }


def _meaning_over_the_line(o: RankOutcome) -> bool:
    """Whether the semantic layer put a page of the KB over the line by its own cosine (not by
    the words' score it took the place of, nor by standing out in its KB), unheld."""
    return any(
        f.found_by == "meaning"
        and not f.capped
        and f.score >= LINE
        and f.cosine is not None
        and f.cosine_line is not None
        and f.cosine >= f.cosine_line
        for f in o.files
    )


def _best_score(o: RankOutcome) -> float:
    """The score of a KB's best hit, as it would be returned (0 when it has none)."""
    return o.files[0].score if o.files else 0.0


def decide(
    q: Query,
    kb_names: Sequence[str],
    ranked: dict[str, Ranked],
    notes: list[str],
    threshold: float,
    top_k: int,
    explain: bool,
    *,
    chosen: bool = False,
    elsewhere: dict[str, Ranked] | None = None,
) -> SearchResult:
    """The verdict across the KBs searched (``ranked``; hits come from those in ``kb_names``,
    in that order; ``chosen``: the order KB choice gave, for ``kb=None``): what each KB's
    vocabulary says of the question (did-you-mean, translations, absent identifiers), then the
    hits over the line, merged. ``elsewhere``: KBs ranked but not chosen, where an identifier
    absent from those searched may have near ones (FV-11 asked of the root: FV-10 in another)."""
    outcomes = {n: r.outcome for n, r in ranked.items()}
    _absent_only_where_searched(outcomes)
    searched = [outcomes[n] for n in dict.fromkeys(kb_names) if n in outcomes]
    _held_meaning_last(searched)
    if chosen:
        _meaning_under_the_line_keeps_the_choice(searched)
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
            did = _near_identifiers(ident, name, ranked, elsewhere or {})
            notes.append(f"'{ident}' is not in '{name}': no document has this identifier{did}")
    # in the order the KBs were chosen: of hits scoring alike, the chosen KB's come first
    matches: list[tuple[str, FileMatch]] = [
        (n, f) for n in dict.fromkeys(kb_names) if n in outcomes for f in outcomes[n].files
    ]
    if not matches:
        kw = ", ".join(k.text for k in q.keywords) or q.text
        notes.append(f"no document in {', '.join(kb_names)} matches the keywords: {kw}")
    return outcome.from_matches(
        q,
        matches,
        notes,
        kbs=tuple(kb_names),
        threshold=threshold,
        top_k=top_k,
        kb=kb_names[0],
        explain=explain,
        known={k for o in outcomes.values() for k in o.known_keywords},
    )


NEAR_CODE_FILES = 3
"""The best sections of this many files are read for codes of capitals near an absent one."""


def _near_identifiers(
    ident: str, name: str, ranked: dict[str, Ranked], elsewhere: dict[str, Ranked]
) -> str:
    """The did-you-mean of an identifier KB ``name`` lacks: its near identifiers that share a
    lead; else another KB's (ranked, not chosen) that lacks it too; else those of its shape."""
    ranker = ranked[name].ranker
    if ranker is None:
        return ""
    beside = [f.best.docnum for f in ranked[name].outcome.files[:NEAR_CODE_FILES]]
    if near := ranker.nearest_identifiers(ident, by_shape=False, beside=beside):
        return f" (did you mean: {', '.join(near)}?)"
    for other, r in elsewhere.items():
        if r.ranker is None or ident not in r.outcome.absent_ids:
            continue
        if near := r.ranker.nearest_identifiers(ident, by_shape=False):
            return f" (did you mean: {', '.join(near)}? in '{other}')"
    near = ranker.nearest_identifiers(ident)
    return f" (did you mean: {', '.join(near)}?)" if near else ""


def _held_meaning_last(outcomes: Sequence[RankOutcome]) -> None:
    """Across the KBs answered from together, a page found by meaning that a rule holds under
    the line ranks after every page the words found, as it does in its own KB
    (:func:`..semantic.fusion.fuse`): held, it says nothing the words did not, and a KB whose
    words found nothing does not take the first place from one whose words found a little."""
    if len(outcomes) < 2:
        return
    words = [f.score for o in outcomes for f in o.files if f.found_by == "words"]
    if not words:
        return
    _meaning_under(outcomes, max(0.0, min(words) - _UNDER), lambda f: bool(f.held))


def _meaning_under_the_line_keeps_the_choice(outcomes: Sequence[RankOutcome]) -> None:
    """Of KBs chosen for ``kb=None`` and answered from together (a close call), a page another
    KB than the first found by meaning under the line by its own cosine (under it, or over it
    only by standing out in its KB or by the words' score it took the place of) ranks after
    the first KB's first page: KB choice weighs such a page at nothing (:func:`_by_words`), as
    it says nothing of where the answer is, so it does not undo the choice either. Over the
    line by its own cosine, it competes."""
    if len(outcomes) < 2 or not outcomes[0].files:
        return
    cap = max(0.0, outcomes[0].files[0].score - _UNDER)
    _meaning_under(outcomes[1:], cap, lambda f: min(f.score, f.evidence) < LINE)


_UNDER = 1e-4
"""How far under a page another is put to rank after it."""


def _meaning_under(
    outcomes: Sequence[RankOutcome], cap: float, which: Callable[[FileMatch], bool]
) -> None:
    """Pages found by meaning that ``which`` picks score at most ``cap``; a KB with one lowered
    is ordered again."""
    for o in outcomes:
        lowered = False
        for f in o.files:
            if f.found_by == "meaning" and f.score > cap and which(f):
                f.score, lowered = cap, True
        if lowered:
            o.files.sort(key=lambda f: -f.score)


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
