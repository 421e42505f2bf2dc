"""Rank a KB's files for a query: BM25F over fields, then the grep-style ladder, as a 0..1 score.

The score of a file is a weighted sum of features that are each already in [0, 1]:

- ``coverage``: the share of the query's keywords (weighted by rarity in the KB, and less for a
  word general language uses everywhere) found anywhere in the file, and, for half of it, found
  together in one of its sections;
- ``relevance``: the best section's BM25F score over the most the query could score;
- ``title``: the share of keywords found in the file's name, title or headings;
- ``title precision``: the share of the file's title made of query terms (the page is about
  what was asked, rather than mentioning every word in passing);
- ``emphasis``: the file lies under a folder or path the README emphasizes;
- ``constraint``: the file satisfies a version / "latest" constraint of the query.

The sum is multiplied by the square of the share of the query's keywords this KB knows at all
(an out-of-scope question is mostly words the KB has never seen), then :func:`calibrate` maps it
so that the default threshold (the line of :mod:`..verdict.scale`) separates answers from noise.

Coverage and relevance carry most of the weight, so a file with more of the keywords ranks above
one that repeats fewer; emphasis and title matches then order files of equal coverage. The
weights sum to 1.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..index.reading import SectionReader
from ..index.store import KBIndex
from ..index.termstats import IN_TITLE, TERM_CACHE_ENTRIES, TITLE_LIKE, TermStats
from ..kb.rules import is_emphasized, is_entry
from ..models import KBRules
from ..ruler import Ruler
from ..text.wordclass import english_noun_share
from . import routing, tuned
from .candidates import Candidates, field_value_match
from .features import features
from .identifiers import is_identifier, nearest_identifiers
from .matches import Evidence, FileMatch, RankOutcome, SectionMatch
from .query import Keyword, Query
from .vocabulary import Known, commonness, vocabulary_check

# the weights of the ladder: declared in tuned.json, each with what it does
K1 = tuned.value("ranker.k1")
W_COVERAGE = tuned.value("ranker.coverage")
W_RELEVANCE = tuned.value("ranker.relevance")
W_TITLE = tuned.value("ranker.title")
W_EMPHASIS = tuned.value("ranker.emphasis")
W_CONSTRAINT = tuned.value("ranker.constraint")
W_TITLE_PRECISION = tuned.value("ranker.title_precision")
ENTRY_FACTOR = tuned.value("ranker.entry_factor")
OTHER_VERSION_FACTOR = tuned.value("ranker.other_version_factor")
FIELD_VALUE_BONUS = tuned.value("ranker.field_value_bonus")
COMMON_DISCOUNT = tuned.value("ranker.common_discount")
TOGETHER_SHARE = tuned.value("ranker.together_share")
TWIN_TOLERANCE = tuned.value("ranker.twin_tolerance")
CANDIDATE_SECTIONS = 400
"""Sections read per question (a budget, not a weight)."""
MAX_FIELD_CHECKS = 6


FACTORS: Ruler[Callable[..., float]] = Ruler("factor", "ranking.ranker")
"""The factors of the ladder, switched where their arithmetic is (:meth:`Ranker._ladder`; the
KB-choice factor ``on_topic``: :func:`_on_topic`)."""
FACTORS.switch(
    "on_topic",
    "a question of three or more keywords: where KBs are weighed against each other (kb=None), "
    "a KB's best evidence times the square of the share of its keywords the KB knows",
)
FACTORS.switch(
    "title_precision",
    "the share of a file's title made of query terms lifts it",
)
FACTORS.switch(
    "field_value",
    "a table row whose field is one keyword and value another lifts its section",
)


@dataclass(frozen=True, slots=True)
class SectionScores:
    """BM25F over every section of the index, for the terms of one question."""

    acc: dict[str, np.ndarray]
    """Term -> its fields' normalised frequency per section."""
    in_title: dict[str, np.ndarray]
    """Term -> whether a section has it in a title-like field."""
    title_hits: np.ndarray
    """Query terms in each section's document title."""
    seen: list[str]
    """The query's terms the index has."""
    idf: dict[str, float]
    qmax: float
    """The most a section could score on the terms this KB knows."""
    score: np.ndarray


@dataclass(frozen=True, slots=True)
class Ladder:
    """Per candidate file: the grep-style ladder's parts and its score (``raw``)."""

    cov: np.ndarray
    tcov: np.ndarray
    together: np.ndarray
    rel: np.ndarray
    tprec: np.ndarray
    emph: np.ndarray
    raw: np.ndarray
    best: np.ndarray
    """The best section of each file (an index into the candidates)."""
    rarity: np.ndarray
    """Per keyword: how specific it is in this KB (idf over the most it can be)."""
    stored: dict[int, Any]


def _bm25f(q: Query, vocab: Known, stats: TermStats) -> SectionScores | None:
    """Per section, per term, the fields' normalised frequencies add up (arrays over every
    section of the index); None when the index has none of the question's terms."""
    terms = vocab.terms
    idf = {t: stats.idf(t) for t in terms}
    total = stats.sections
    acc: dict[str, np.ndarray] = {}
    in_title: dict[str, np.ndarray] = {}
    title_hits = np.zeros(total)
    for t in terms:
        acc[t], in_title[t] = np.zeros(total), np.zeros(total, dtype=bool)
        got = stats.vector(t)
        if got is not None:
            ids, a, flags = got
            acc[t][ids] = a
            in_title[t][ids] = (flags & TITLE_LIKE) > 0
            title_hits[ids] += (flags & IN_TITLE) > 0
    seen = [t for t, a in acc.items() if a.any()]
    if not seen:
        return None
    # the most a section could score on the terms this KB knows (unknown terms already
    # lower the keyword coverage; counting them twice would flatten every score)
    qmax = sum(idf[t] * terms[t] for t in seen if t not in q.bonus_terms) or 1.0
    score = np.zeros(total)
    for t in seen:
        a = acc[t]
        score += idf[t] * terms[t] * a / (K1 + a)
    return SectionScores(acc, in_title, title_hits, seen, idf, qmax, score)


def _on_topic(vocab: Known) -> float:
    """How much a KB is the one a question is about, as KB choice weighs it: a question of
    several words most of which this KB has never seen is out of its scope (the square of the
    share it knows); for one or two keywords the coverage already says it. Within one KB every
    file shares it, so it orders nothing there, and the verdict weighs the KB's knowledge of
    the question itself (``known_share``, ``outside``)."""
    keywords = vocab.keywords
    if len(keywords) < 3 or not FACTORS.on("on_topic"):
        return 1.0
    return float(sum(vocab.share.values()) / len(keywords)) ** 2


class Ranker:
    """Scores one KB's sections for analyzed queries (replaceable: only needs term statistics)."""

    def __init__(self, kbi: KBIndex, rules: KBRules) -> None:
        self.kbi = kbi
        self.rules = rules

    def rank(self, q: Query, limit: int) -> RankOutcome:
        """The ``limit`` best files for ``q``: sections scored (BM25F), files scored on the
        grep-style ladder, and the features the verdict weighs (:attr:`RankOutcome.evidence`);
        the scores are the verdict's (:func:`..verdict.holds.judge`)."""
        reader = self.kbi.reader()
        stats = TermStats(self.kbi, reader)
        vocab = vocabulary_check(q, stats)
        secs = _bm25f(q, vocab, stats)
        cand = np.flatnonzero(secs.score) if secs is not None else np.zeros(0, dtype=np.int64)
        # README rules decided from the question (routing.py): conditional paths, factors
        route = routing.plan(self.rules, q)
        if route is not None and route.hidden and len(cand):
            cand = cand[route.mask([stats.path_of(d) for d in cand.tolist()])]
        if secs is None or not len(cand):
            return RankOutcome(
                [],
                [k.text for k in vocab.keywords],
                vocab.known,
                vocab.did_you_mean,
                vocab.filler,
                vocab.absent_ids,
            )
        docs = cand[np.argsort(-secs.score[cand], kind="stable")[:CANDIDATE_SECTIONS]]
        cands = Candidates(
            stats.path_of,
            docs,
            secs.score[docs] / secs.qmax,
            secs.seen,
            secs.acc,
            secs.in_title,
            vocab.keywords,
            vocab.alias,
        )
        lad = self._ladder(q, vocab, stats, secs, cands, route, limit)
        # ties: more coverage first, then the file whose best section ranked first
        ranked = np.lexsort((np.arange(len(lad.raw)), -lad.cov, -lad.raw))
        order = ranked[:limit]
        reach = int(np.count_nonzero(secs.score))
        x = self._confidence_features(q, vocab, stats, cands, order, ranked, lad, reach)
        files = [self._file_match(fi, vocab, cands, secs, lad, reader) for fi in order.tolist()]
        for j, f in enumerate(files):
            f.features = x[j]
        evidence = Evidence(
            q, vocab, x, order, lad.best, cands, reader, self._section_of(cands, secs)
        )
        return RankOutcome(
            files,
            [k.text for k in vocab.keywords],
            vocab.known,
            vocab.did_you_mean,
            vocab.filler,
            vocab.absent_ids,
            translated=dict(vocab.translated),
            evidence=evidence,
            on_topic=_on_topic(vocab),
        )

    @staticmethod
    def _section_of(cands: Candidates, secs: SectionScores) -> Callable[[int], SectionMatch]:
        """Candidate section ``i`` as a match: its doc, score and the terms it has."""

        def section(i: int) -> SectionMatch:
            d = int(cands.docs[i])
            return SectionMatch(
                d,
                float(cands.sec_score[i] + cands.bonus[i]),
                {t for t in secs.seen if secs.acc[t][d] > 0},
            )

        return section

    def _file_match(
        self,
        fi: int,
        vocab: Known,
        cands: Candidates,
        secs: SectionScores,
        lad: Ladder,
        reader: SectionReader,
    ) -> FileMatch:
        """Candidate file ``fi`` as a match: its best section, its ladder and its keywords."""
        d = int(cands.docs[lad.best[fi]])
        covs = cands.file_cov[:, fi].tolist()
        own = cands.file_cov_direct[:, fi].tolist()
        absent = set(vocab.absent_ids)
        pairs = list(zip(vocab.keywords, covs, strict=True))

        def named(k: Keyword, c: float) -> str:
            """What matched in the page: the keyword, or the page's word a misspelt keyword
            was read as (``Red`` of "redis"; a translation is named in the notes)."""
            if c >= 0.5:
                return k.shown
            return vocab.did_you_mean.get(k.text) or k.shown

        matched = [
            named(k, o)
            for (k, c), o in zip(pairs, own, strict=True)
            if c >= 0.5 and k.text not in absent
        ]
        parts = not matched  # no keyword whole: what matched are parts of them, named so
        if parts:
            matched = list(
                dict.fromkeys(p for k, c in pairs if c > 0 for p in cands.parts_found(k, fi))
            )
        return FileMatch(
            path=cands.file_paths[fi],
            score=0.0,
            best=self._section_of(cands, secs)(int(lad.best[fi])),
            coverage=float(lad.cov[fi]),
            relevance=float(lad.rel[fi]),
            title=float(lad.tcov[fi]),
            emphasized=bool(lad.emph[fi]),
            matched_terms=matched,
            parts_only=parts and bool(matched),
            missing_terms=[k.shown for k, c in pairs if c < 0.5 or k.text in absent]
            + vocab.unseen_content,
            stored=lad.stored.get(d) or {},
            reader=reader,
            evidence=float(min(1.0, max(0.0, lad.raw[fi]))),
            absent=tuple(vocab.absent_ids),
        )

    def _ladder(
        self,
        q: Query,
        vocab: Known,
        stats: TermStats,
        secs: SectionScores,
        cands: Candidates,
        route: routing.Plan | None,
        limit: int,
    ) -> Ladder:
        """Each candidate file's score on the grep-style ladder: keyword coverage (anywhere and
        together in one section), the best section's relevance, title and emphasis, times the
        factors of the README's rules and of the question."""
        keywords, alias = vocab.keywords, vocab.alias
        kw_weight = self._keyword_weights(keywords, secs.idf, alias, stats)
        # a word general language uses everywhere (情况, guide) says less of what a file is about
        # than its idf in a small KB suggests: it weighs less in the coverage than a name or a term
        cw = np.array(
            [kw_weight[k.text] * (1.0 - COMMON_DISCOUNT * commonness(k, q.text)) for k in keywords]
        )
        w = cw / (cw.sum() or 1.0)
        cov = w @ cands.file_cov
        tcov = w @ cands.file_title_cov
        # each file is represented by its best section: coverage first, then BM25F
        sec_cov = w @ cands.sec_cov
        sec_key = cands.sec_score + 0.5 * sec_cov
        best = cands.best_sections(sec_key)
        # keywords found together in one section say more than the same words scattered over a
        # long page (which covers every word of a description somewhere)
        together = np.zeros(len(cands.file_paths))
        np.maximum.at(together, cands.group, sec_cov)
        emph, mult, met, stored = self._factors(cands, best, cov, q, stats)
        if route is not None:  # README rules decided from the question (routing.py)
            mult = mult * route.factors(cands.file_paths)
        # the share of the title made of query terms: the page is about what was asked
        # (divided by the files of the folder that share the title: there a title names a
        # subject many pages are about, such as an encyclopedia article's paragraphs)
        docs = cands.docs
        sec_tp = (
            np.minimum(1.0, secs.title_hits[docs] / stats.title_lengths()[docs])
            / stats.title_shares()[docs]
        )
        tprec = np.zeros(len(cands.file_paths))
        np.maximum.at(tprec, cands.group, sec_tp)
        cov_score = (1.0 - TOGETHER_SHARE) * cov + TOGETHER_SHARE * together
        base = (
            W_COVERAGE * cov_score
            + W_TITLE * tcov
            + W_EMPHASIS * emph
            + W_CONSTRAINT * met
            + (W_TITLE_PRECISION if FACTORS.on("title_precision") else 0.0) * tprec
        )
        rel = np.minimum(1.0, cands.sec_score[best])
        raw = (base + W_RELEVANCE * rel) * mult
        if (
            (len(keywords) >= 2 or all(map(is_identifier, keywords)))
            and FACTORS.on("field_value")
            and (cands.file_sections > 1).any()
        ):
            # a table row whose field is one keyword and value another ("状态码: 20") lifts its
            # section; that reads the section's text, so only files that could reach the top
            # with it are checked (until the top no longer moves)
            upper = (
                base + W_RELEVANCE * np.minimum(1.0, cands.file_max + FIELD_VALUE_BONUS)
            ) * mult
            todo = cands.file_sections > 1
            while True:
                cut = len(raw) - min(limit, len(raw))
                bar = np.partition(raw, cut)[cut]  # the score a file must reach to be shown
                now = np.flatnonzero(todo & (upper >= bar))
                if not len(now):
                    break
                todo[now] = False
                for fi in now.tolist():
                    b = self._field_value_best(stats.reader, cands, fi, sec_key, keywords)
                    best[fi] = b
                    rel[fi] = min(1.0, cands.sec_score[b] + cands.bonus[b])
                    raw[fi] = (base[fi] + W_RELEVANCE * rel[fi]) * mult[fi]
        # how specific the matched keywords are in this KB: idf over the most it can be
        rarity = np.array([kw_weight[k.text] for k in keywords]) / math.log(
            1.0 + (stats.n + 0.5) / 0.5
        )
        return Ladder(cov, tcov, together, rel, tprec, emph, raw, best, rarity, stored)

    def nearest_identifiers(
        self, text: str, limit: int = 3, *, by_shape: bool = True, beside: Sequence[int] = ()
    ) -> list[str]:
        """Identifiers of this KB nearest to one it lacks, as the KB writes them (``beside``:
        the sections of the question's other words, for a code of capitals)."""
        stats = TermStats(self.kbi, self.kbi.reader())
        return nearest_identifiers(stats, text, limit, by_shape=by_shape, beside=beside)

    @staticmethod
    def _confidence_features(
        q: Query,
        vocab: Known,
        stats: TermStats,
        cands: Candidates,
        order: np.ndarray,
        ranked: np.ndarray,
        lad: Ladder,
        reach: int,
    ) -> np.ndarray:
        """The inputs of :mod:`.confidence` for the files in ``order`` (rank order); ``reach``
        is how many sections hold any of the question's terms."""
        n_kw = max(1, len(vocab.keywords))
        hit = cands.file_cov[:, order] >= 0.5  # keywords x files
        spec = (lad.rarity @ hit) / np.maximum(1, hit.sum(axis=0))
        # how far a file is ahead of the first rival: a file that covers less of the question
        # than the best one. Files that cover as much answer alike (copies of a page, the
        # pages a word several files share names) and are no rivals; a file that covers less
        # has a rival ahead of it, and no margin
        ev, cv = lad.raw[ranked], lad.cov[ranked]
        alike = (ev >= ev[0] - TWIN_TOLERANCE / 10) | (cv >= cv[0] - TWIN_TOLERANCE)
        rivals = ev[~alike]
        rival = float(rivals[0]) if len(rivals) else 0.0
        margin = np.where(alike, np.maximum(ev - rival, 0.0), 0.0)[: len(order)]
        matched = (cands.file_cov[:, order] >= 0.5).sum(axis=0) / n_kw
        via_typo = cands.via_stand_in[order]
        # an unseen word weighs by what it is: a term of a domain the KB lacks says more than
        # a common word of the language it never uses; a file standing on common words alone
        # ("run" of "run the worker") says less than one with the question's terms
        common = np.array([commonness(k, q.text) for k in vocab.keywords])
        unseen = np.array([not vocab.share.get(k.text) for k in vocab.keywords], dtype=bool)
        own = cands.file_cov_direct[:, order] >= 0.5  # keywords x files, stand-ins aside
        matched_common = np.where(
            own.any(axis=0), (common @ own) / np.maximum(1, own.sum(axis=0)), 1.0
        )
        # how much of the question's specificity the file has: a keyword weighs by how far it
        # is from a common word of the language (a question of common words alone: its share)
        specific = 1.0 - common
        specific_share = (specific @ hit) / specific.sum() if specific.sum() > 1e-9 else matched
        return features(
            evidence=lad.raw[order],
            coverage=lad.cov[order],
            together=lad.together[order],
            relevance=lad.rel[order],
            title=lad.tcov[order],
            title_precision=lad.tprec[order],
            matched_share=matched,
            known_share=sum(vocab.share.values()) / n_kw,
            filler_share=len(vocab.filler) / max(1, len(q.keywords)),
            margin=margin,
            keywords=len(vocab.keywords),
            rarity=spec,
            typo=via_typo,
            unseen_term=float(((1.0 - common) * unseen).sum()) / n_kw,
            unseen_common=float((common * unseen).sum()) / n_kw,
            matched_common=matched_common,
            reach=reach,
            specific_share=specific_share,
            filler_topic=sum(map(english_noun_share, vocab.filler)) / max(1, len(q.keywords)),
        )

    @staticmethod
    def _field_value_best(
        reader: Any, cands: Candidates, fi: int, sec_key: np.ndarray, keywords: list[Keyword]
    ) -> int:
        """The best section of file ``fi`` once ``field: value`` rows among its leaders count."""
        keyed = sorted(
            ((float(sec_key[i]), -i, i) for i in np.flatnonzero(cands.group == fi).tolist()),
            reverse=True,
        )
        top, _n, best = keyed[0]
        best_key = top
        for key, _n, i in keyed[:MAX_FIELD_CHECKS]:
            if key < 0.8 * top:
                break
            if not cands.checked[i]:
                cands.checked[i] = True
                text = reader.stored_fields(int(cands.docs[i])).get("text") or ""
                if field_value_match(text, keywords):
                    cands.bonus[i] = FIELD_VALUE_BONUS
            key += cands.bonus[i]
            if key > best_key:
                best, best_key = i, key
        return best

    def _factors(
        self, cands: Candidates, best: np.ndarray, cov: np.ndarray, q: Query, stats: TermStats
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[int, Any]]:
        """Per file: emphasized (0/1), score multiplier (entry file, other version) and the
        version / "latest" constraint met (0/1); the stored fields read on the way."""
        paths = cands.file_paths
        # (emphasized, entry) per path under these rules, remembered with the reader
        roles: dict[str, tuple[bool, bool]] = stats.cache.setdefault("roles", {}).setdefault(
            self.rules, {}
        )
        for p in paths:
            if p not in roles:
                if len(roles) >= TERM_CACHE_ENTRIES:
                    roles.clear()
                roles[p] = (is_emphasized(p, self.rules), is_entry(p, self.rules))
        emph = np.array([roles[p][0] for p in paths], dtype=np.float64)
        mult = np.array([ENTRY_FACTOR if not q.wants_index and roles[p][1] else 1.0 for p in paths])
        met = np.zeros(len(paths))
        stored: dict[int, Any] = {}
        if q.version or q.latest:  # constraints read each candidate's version and date
            docs = [int(cands.docs[b]) for b in best.tolist()]
            for d in docs:
                stored[d] = stats.reader.stored_fields(d)
            versions = [_version_of(p, stored[d]) for p, d in zip(paths, docs, strict=True)]
            newest = None
            if q.latest:
                newest = _newest(
                    [
                        (p, stored[d], v)
                        for p, d, v, c in zip(paths, docs, versions, cov.tolist(), strict=True)
                        if c > 0
                    ]
                )
            for i, (p, v) in enumerate(zip(paths, versions, strict=True)):
                c = 0.0
                if q.version and v == q.version:
                    c = 1.0
                elif q.version and v not in ("", q.version):
                    c = -1.0
                if newest is not None and p == newest:
                    c = max(c, 1.0)
                met[i] = max(c, 0.0)
                if c < 0:  # another version than the one asked for
                    mult[i] *= OTHER_VERSION_FACTOR
        return emph, mult, met, stored

    def _keyword_weights(
        self,
        keywords: list[Keyword],
        idf: dict[str, float],
        alias: dict[str, str],
        stats: TermStats,
    ) -> dict[str, float]:
        """Each keyword weighs as its rarest known term; an unknown keyword as a rare term."""
        unknown = 0.8 * math.log(1.0 + (stats.n + 0.5) / 0.5)
        rev = {v: k for k, v in alias.items()}
        out: dict[str, float] = {}
        for k in keywords:
            vals = [idf.get(t) or stats.idf(t) for t in k.terms if stats.known(t)]
            if not vals and k.parts and k.parts[0] in rev:
                vals = [idf.get(rev[k.parts[0]], unknown)]
            out[k.text] = max(vals) if vals else unknown
        return out


def _version_of(path: str, stored: dict[str, Any]) -> str:
    """A file's version: front matter ``version``, else a ``v7`` / ``v7.5.0`` in its path."""
    v = str(stored.get("version") or "")
    if v:
        return v.lstrip("vV")
    m = re.search(r"(?:^|[/_\-.])v(\d+(?:\.\d+)*)(?=[/_\-]|\.[A-Za-z]|$)", path, re.IGNORECASE)
    return m.group(1) if m else ""


def _newest(files: list[tuple[str, dict[str, Any], str]]) -> str | None:
    """The path of the newest of (path, stored fields, version) by front-matter date, else by
    version number."""

    def key(f: tuple[str, dict[str, Any], str]) -> tuple[str, float]:
        try:
            vn = float(f[2]) if f[2] else -1.0
        except ValueError:
            vn = -1.0
        return (str(f[1].get("date") or ""), vn)

    cands = [f for f in files if key(f) != ("", -1.0)]
    return max(cands, key=key)[0] if cands else None
