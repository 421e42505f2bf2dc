"""Rank a KB's files for a query: BM25F over fields, then the grep-style ladder, as a 0..1 score.

The score of a file is a weighted sum of features that are each already in [0, 1]:

- ``coverage``: the share of the query's keywords (weighted by rarity) found anywhere in the file;
- ``relevance``: the best section's BM25F score over the most the query could score;
- ``title``: the share of keywords found in the file's name, title or headings;
- ``emphasis``: the file lies under a folder or path the README emphasizes;
- ``constraint``: the file satisfies a version / "latest" constraint of the query.

The sum is multiplied by the square of the share of the query's keywords this KB knows at all
(an out-of-scope question is mostly words the KB has never seen), then :func:`calibrate` maps it
so that the default threshold 0.35 separates answers from noise.

Coverage and relevance carry most of the weight, so a file with more of the keywords ranks above
one that repeats fewer; emphasis and title matches then order files of equal coverage. The
weights sum to 1.
"""

from __future__ import annotations

import math
import re
import weakref
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rapidfuzz.distance import OSA

from .analysis import index_terms
from .index import FIELDS, KBIndex
from .models import KBRules
from .postings import field_lengths, term_postings
from .query import Keyword, Query
from .rules import is_emphasized, is_entry

FIELD_WEIGHTS = {"title": 3.0, "heading": 2.0, "fname": 2.5, "meta": 1.5, "body": 1.0}
FIELD_B = {"title": 0.5, "heading": 0.5, "fname": 0.5, "meta": 0.6, "body": 0.75}
K1 = 1.2
W_COVERAGE, W_RELEVANCE, W_TITLE, W_EMPHASIS, W_CONSTRAINT = 0.35, 0.40, 0.17, 0.05, 0.03
ENTRY_FACTOR = 0.85
"""An entry / TOC file that is not asked for is scored down (its links are the answer)."""
OTHER_VERSION_FACTOR = 0.8
CALIBRATION_CUT = 0.30
"""The raw score (after the on-topic factor) above which a file answers the query."""
CANDIDATE_SECTIONS = 400
TYPO_WEIGHT = 0.7
MIN_TYPO_CHARS = 6
"""Shorter words are not corrected: one edit turns 'bake' into 'base' and 'bread' into 'break'."""
FIELD_VALUE_BONUS = 0.25
"""A table row whose field named by one keyword holds another keyword (状态码: 20)."""
MAX_FIELD_CHECKS = 6


@dataclass(slots=True)
class SectionMatch:
    docnum: int
    score: float
    terms: set[str] = field(default_factory=set)
    title_terms: set[str] = field(default_factory=set)


@dataclass(slots=True)
class FileMatch:
    """A ranked file with the features behind its score."""

    path: str
    score: float
    best: SectionMatch
    coverage: float
    relevance: float
    title: float
    emphasized: bool
    matched_terms: list[str]
    """Keywords of the query found in the file, as the user wrote them."""
    missing_terms: list[str]
    stored: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class RankOutcome:
    files: list[FileMatch]
    keywords: list[str]
    known_keywords: list[str]
    """Keywords with at least one term in this KB's vocabulary."""
    did_you_mean: dict[str, str] = field(default_factory=dict)


_CACHES: weakref.WeakKeyDictionary[KBIndex, tuple[Any, dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)
_SEGMENTS: weakref.WeakKeyDictionary[KBIndex, dict[str, dict[str, np.ndarray]]] = (
    weakref.WeakKeyDictionary()
)


class Ranker:
    """Scores one KB's sections for analyzed queries (replaceable: only needs term statistics)."""

    def __init__(self, kbi: KBIndex, rules: KBRules) -> None:
        self.kbi = kbi
        self.rules = rules

    # -- statistics -------------------------------------------------------------------------

    def _idf(self, reader: Any, n: int, term: str) -> float:
        df = max((reader.doc_frequency(f, term) for f in FIELDS), default=0)
        return math.log(1.0 + (n - df + 0.5) / (df + 0.5))

    def _vocab_has(self, reader: Any, term: str) -> bool:
        return any(reader.doc_frequency(f, term) for f in ("body", "title", "heading", "fname"))

    def _typo_candidates(self, reader: Any, kw: Keyword) -> str | None:
        """A near term of the vocabulary for a keyword absent from it (rapidfuzz)."""
        word = kw.parts[0] if kw.parts and not kw.whole else kw.whole
        if not word or len(word) < MIN_TYPO_CHARS or not word.isascii():
            return None
        max_edits = 1 if len(word) < 8 else 2
        prefix = 1 if len(word) < 8 else 2
        # a typo keeps its first letter (two for long words) (the usual assumption of spelling correctors); Whoosh
        # walks its term list with an edit-distance automaton from that prefix, so no
        # vocabulary is ever loaded
        near: set[str] = set()
        # section text holds its heading and the title; the file name is only in ``fname``
        for f in ("body", "fname"):
            near.update(t for t in reader.terms_within(f, word, max_edits, prefix=prefix)
                        if t.isascii() and len(t) >= 3 and t != word)
            # Whoosh counts a swap of two neighbours as two edits: look those up directly
            for i in range(prefix, len(word) - 1):
                swapped = word[:i] + word[i + 1] + word[i] + word[i + 2:]
                if swapped != word and reader.doc_frequency(f, swapped):
                    near.add(swapped)
        if not near:
            return None
        # the closest, then the most common (a typo is usually of a frequent word)
        return min(near, key=lambda t: (OSA.distance(word, t),
                                        -reader.doc_frequency("body", t), t))

    def _segment_lengths(self, segreader: Any) -> dict[str, np.ndarray]:
        """Field lengths of one segment's documents (segments never change: cached by id)."""
        seg_cache = _SEGMENTS.setdefault(self.kbi, {})
        key = segreader.segment().segment_id()
        got = seg_cache.get(key)
        if got is None or len(got["body"]) != segreader.doc_count_all():
            got = seg_cache[key] = {f: field_lengths(segreader, f) for f in FIELDS}
        return got

    def _cache(self) -> dict[str, Any]:
        """Per-index, per-generation cache shared by every search of this process."""
        tok = self.kbi.generation_token
        got = _CACHES.get(self.kbi)
        if got is None or got[0] != tok:
            got = (tok, {})
            _CACHES[self.kbi] = got
        return got[1]

    # -- ranking ----------------------------------------------------------------------------

    def rank(self, q: Query, limit: int) -> RankOutcome:
        reader = self.kbi.reader()
        n = max(reader.doc_count(), 1)
        terms = dict(q.terms)
        keywords = list(q.keywords)
        did_you_mean: dict[str, str] = {}
        known: list[str] = []
        # typo tolerance: a keyword none of whose terms is known borrows a near vocabulary term
        alias: dict[str, str] = {}
        unknown = []
        for kw in keywords:
            if kw.whole and not self._vocab_has(reader, kw.whole):
                near = self._typo_candidates(reader, kw)
                if near:  # a misspelt identifier: its parts may exist, the whole does not
                    did_you_mean[kw.text] = near
                    terms[near] = max(terms.get(near, 0.0), TYPO_WEIGHT)
                    alias[near] = kw.whole
            if any(self._vocab_has(reader, t) for t in kw.terms) or kw.text in did_you_mean:
                known.append(kw.text)
            else:
                unknown.append(kw)
        # correct typos only when the query is mostly on topic (or short): a question whose
        # words are mostly foreign to the KB is out of scope, not misspelt
        correctable = unknown if len(keywords) <= 2 or len(known) >= len(unknown) else []
        for kw in correctable:
            near = self._typo_candidates(reader, kw)
            if near:
                did_you_mean[kw.text] = near
                terms[near] = max(terms.get(near, 0.0), TYPO_WEIGHT)
                alias[near] = kw.parts[0] if kw.parts else kw.text
                known.append(kw.text)
        idf = {t: self._idf(reader, n, t) for t in terms}
        avg = {f: (reader.field_length(f) / n) or 1.0 for f in FIELDS}
        # BM25F: per section, per term, the fields' normalised frequencies add up (arrays over
        # every section of the index, filled segment by segment)
        total = reader.doc_count_all()
        acc = {t: np.zeros(total) for t in terms if idf[t] > 0}
        in_title = {t: np.zeros(total, dtype=bool) for t in acc}
        for segreader, offset in reader.leaf_readers():
            lengths = self._segment_lengths(segreader)
            for t, vec in acc.items():
                for f in FIELDS:
                    got = term_postings(segreader, f, t)
                    if got is None:
                        continue
                    ids, tf = got
                    bf = FIELD_B[f]
                    part = FIELD_WEIGHTS[f] * tf / (1.0 - bf + bf * lengths[f][ids] / avg[f])
                    vec[ids + offset] += part  # a term lists a document once per field
                    if f not in ("body", "meta"):
                        in_title[t][ids + offset] = True
        seen = {t for t, a in acc.items() if a.any()}
        if not seen:
            return RankOutcome([], [k.text for k in keywords], known, did_you_mean)
        # the most a section could score on the terms this KB knows (unknown terms already
        # lower the keyword coverage; counting them twice would flatten every score)
        qmax = sum(idf[t] * w for t, w in terms.items() if t in seen) or 1.0
        score = np.zeros(total)
        for t in seen:
            a = acc[t]
            score += idf[t] * terms[t] * a / (K1 + a)
        cand = np.flatnonzero(score)
        order = np.argsort(-score[cand], kind="stable")[:CANDIDATE_SECTIONS]
        sections = []
        for d in cand[order].tolist():
            sections.append(SectionMatch(
                d, float(score[d]) / qmax, {t for t in seen if acc[t][d] > 0},
                {t for t in seen if in_title[t][d]},
            ))
        cache = self._cache()
        paths = cache.get("paths")
        if paths is None:  # opening the column reads its table of distinct paths: once
            paths = cache["paths"] = reader.column_reader("path")
        by_file: dict[str, list[SectionMatch]] = defaultdict(list)
        for sm in sections:
            p = paths[sm.docnum]
            by_file[p.decode() if isinstance(p, bytes) else p].append(sm)
        kw_weight = self._keyword_weights(keywords, idf, alias, reader, n)
        total_w = sum(kw_weight.values()) or 1.0
        files: list[FileMatch] = []
        for path, secs in by_file.items():
            found = set().union(*(s.terms for s in secs))
            found |= {alias[t] for t in found if t in alias}
            found_title = set().union(*(s.title_terms for s in secs))
            found_title |= {alias[t] for t in found_title if t in alias}
            covs = [k.coverage(found) for k in keywords]
            cov = sum(kw_weight[k.text] * c for k, c in zip(keywords, covs, strict=True)) / total_w
            tcov = sum(kw_weight[k.text] * k.coverage(found_title) for k in keywords) / total_w
            if did_you_mean and any(a in found for a in alias):
                cov *= 1.0 - (1.0 - TYPO_WEIGHT) * len(did_you_mean) / len(keywords)
            best = self._best_section(reader, secs, keywords, kw_weight, total_w, alias)
            rel = min(1.0, best.score)
            emph = is_emphasized(path, self.rules)
            files.append(FileMatch(
                path=path, score=0.0, best=best, coverage=cov, relevance=rel, title=tcov,
                emphasized=emph,
                matched_terms=[k.text for k, c in zip(keywords, covs, strict=True) if c >= 0.5],
                missing_terms=[k.text for k, c in zip(keywords, covs, strict=True) if c < 0.5],
            ))
        # a question of several words most of which this KB has never seen is out of its scope;
        # for one or two keywords the coverage already says it
        on_topic = len(known) / len(keywords) if len(keywords) >= 3 else 1.0
        self._score(files, q, reader, on_topic)
        files.sort(key=lambda f: (f.score, f.coverage), reverse=True)
        top = files[:limit]
        for fm in top:
            if not fm.stored:
                fm.stored = reader.stored_fields(fm.best.docnum)
        return RankOutcome(top, [k.text for k in keywords], known, did_you_mean)

    def _best_section(self, reader: Any, secs: list[SectionMatch], keywords: list[Keyword],
                      w: dict[str, float], total: float, alias: dict[str, str]) -> SectionMatch:
        """The section that best answers: coverage first, then BM25F, then a field: value match."""
        if len(secs) == 1:
            return secs[0]
        keyed = sorted(
            ((s.score + 0.5 * self._sec_cov(s, keywords, w, total, alias), -i, s)
             for i, s in enumerate(secs)),
            reverse=True,
        )
        top, _i, first = keyed[0]
        if len(keywords) < 2:
            return first
        best, best_key = first, top
        for key, _i, s in keyed[:MAX_FIELD_CHECKS]:
            if key < 0.8 * top:
                break
            text = reader.stored_fields(s.docnum).get("text") or ""
            if field_value_match(text, keywords):
                key += FIELD_VALUE_BONUS
                s.score += FIELD_VALUE_BONUS
            if key > best_key:
                best, best_key = s, key
        return best

    @staticmethod
    def _sec_cov(s: SectionMatch, keywords: list[Keyword], w: dict[str, float], total: float,
                 alias: dict[str, str]) -> float:
        found = s.terms | {alias[t] for t in s.terms if t in alias}
        return sum(w[k.text] * k.coverage(found) for k in keywords) / total

    def _keyword_weights(self, keywords: list[Keyword], idf: dict[str, float],
                         alias: dict[str, str], reader: Any, n: int) -> dict[str, float]:
        """Each keyword weighs as its rarest known term; an unknown keyword as a rare term."""
        unknown = 0.8 * math.log(1.0 + (n + 0.5) / 0.5)
        rev = {v: k for k, v in alias.items()}
        out: dict[str, float] = {}
        for k in keywords:
            vals = [idf.get(t) or self._idf(reader, n, t) for t in k.terms
                    if self._vocab_has(reader, t)]
            if not vals and k.parts and k.parts[0] in rev:
                vals = [idf.get(rev[k.parts[0]], unknown)]
            out[k.text] = max(vals) if vals else unknown
        return out

    def _score(self, files: list[FileMatch], q: Query, reader: Any, on_topic: float) -> None:
        if q.version or q.latest:  # constraints read each candidate's version and date
            for f in files:
                f.stored = reader.stored_fields(f.best.docnum)
        newest = _newest(files) if q.latest else None
        for f in files:
            c = 0.0
            if q.version and _version_of(f) == q.version:
                c = 1.0
            elif q.version and _version_of(f) not in ("", q.version):
                c = -1.0
            if newest is not None and f.path == newest:
                c = max(c, 1.0)
            s = (W_COVERAGE * f.coverage + W_RELEVANCE * f.relevance + W_TITLE * f.title
                 + W_EMPHASIS * f.emphasized + W_CONSTRAINT * max(c, 0.0))
            if is_entry(f.path, self.rules) and not q.wants_index:
                s *= ENTRY_FACTOR
            if c < 0:  # another version than the one asked for
                s *= OTHER_VERSION_FACTOR
            f.score = calibrate(s * on_topic**2)


def calibrate(raw: float) -> float:
    """Map a raw score to the published scale: :data:`CALIBRATION_CUT` becomes 0.35.

    Piecewise linear and monotone, so it never changes an order; it only puts the line between
    answers and noise (measured on the dev suites, see docs/scores.md) at the default threshold.
    """
    raw = max(0.0, min(1.0, raw))
    if raw <= CALIBRATION_CUT:
        return 0.35 * raw / CALIBRATION_CUT
    return 0.35 + 0.65 * (raw - CALIBRATION_CUT) / (1.0 - CALIBRATION_CUT)


def field_value_match(text: str, keywords: list[Keyword]) -> bool:
    """True when a ``field: value`` line has one keyword in the field and another in the value."""
    for line in text.splitlines():
        name, sep, value = line.partition(": ")
        if not sep or len(name) > 60:
            continue
        name_terms, value_terms = set(index_terms(name)), set(index_terms(value))
        in_name = {k.text for k in keywords if k.coverage(name_terms) >= 1.0}
        named = {t for k in keywords if k.text in in_name for t in k.terms}
        # the keyword must name the field, not merely occur in a long field name
        if in_name and len(named & name_terms) * 2 >= len(name_terms) and any(
            k.text not in in_name and k.coverage(value_terms) >= 1.0 for k in keywords
        ):
            return True
    return False


def _version_of(f: FileMatch) -> str:
    v = str(f.stored.get("version") or "")
    if v:
        return v.lstrip("vV")
    m = re.search(r"(?:^|[/_\-.])v(\d+)(?:[/_\-.]|$)", f.path, re.IGNORECASE)
    return m.group(1) if m else ""


def _newest(files: list[FileMatch]) -> str | None:
    """The path of the newest candidate by front-matter date, else by version number."""
    def key(f: FileMatch) -> tuple[str, float]:
        v = _version_of(f)
        try:
            vn = float(v) if v else -1.0
        except ValueError:
            vn = -1.0
        return (str(f.stored.get("date") or ""), vn)

    cands = [f for f in files if key(f) != ("", -1.0) and f.coverage > 0]
    return max(cands, key=key).path if cands else None
