"""Meaning where words cannot meet: language-centred cosine over a KB's sections, fused with the
lexical ranking when the question's language differs from pages of the KB or when the lexical
evidence is empty (no hit, or every hit held under the line).

A question is compared only with the sections written in another language than its own (all
of them when the words found nothing): on pages in the question's language the lexical engine
is better, and a multilingual model ranks the question's own language first unless each side
is centred on its language's mean (the KB's mean per language for passages, the mean of a few
generic questions per language for the question). A file found this way is a hit ``via``
meaning: its score comes from the cosine through a line fitted on dev data
(``python -m calibration.crosslang --fit``), its ``matched_terms`` are the question's keywords
its text really holds (often none).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import numpy as np

from ..lang import GENERIC_QUESTIONS
from ..ranking.matches import FileMatch, RankOutcome, SectionMatch
from ..ranking.query import Query
from ..text.script import query_lang
from ..verdict.scale import at_line
from .embedders import Embedder
from .vectors import SectionVectors

log = logging.getLogger(__name__)

COS_LINE = 0.26
"""The centred cosine at which a file found by meaning is on the decision line, fitted by
``python -m calibration.crosslang --fit`` (which prints the figures behind it) on the
cross-language and absent questions of the read team sets: the line of least cost (3 × misses +
false founds) among those that keep absent answers rejected within 2 points of words alone."""
COS_HIGH = 0.51
"""The centred cosine that maps to a score of 0.9, the most meaning alone gives."""
MAX_MEANING_SCORE = 0.9
HELD_SCORE = 0.28
"""A file found by meaning for a question with an identifier the KB has nowhere scores at most
this (the absent-identifier hold of the lexical hits), and so does one whose section is in the
question's own language (reached only when the words found nothing): there the words had
their chance, and on the dev sets such hits were far more often absent answers than right
ones, so they are shown under the line, never "found"."""


_QMEANS: dict[str, dict[str, np.ndarray]] = {}
_QLOCK = threading.Lock()


def query_means(embedder: Embedder) -> dict[str, np.ndarray]:
    """The mean question vector per language (embedded once per process)."""
    with _QLOCK:
        got = _QMEANS.get(embedder.key)
        if got is None:
            got = {
                lang: embedder.embed_queries(list(qs)).mean(axis=0)
                for lang, qs in GENERIC_QUESTIONS.items()
            }
            _QMEANS[embedder.key] = got
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
    q = q - query_means(embedder).get(lang, 0.0)
    n = float(np.linalg.norm(q))
    got = (q / n if n else q).astype(np.float32), lang
    with _QLOCK:
        if len(_QVECS) >= 256:
            _QVECS.clear()
        _QVECS[key] = got
    return got


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
    """Fuse the files found by meaning into ``o.files`` (in place, best score first)."""
    if not len(sv.docnums):
        return Meaning(False, "no sections")
    qlang = query_lang(q.text) or "en"
    empty = lexical_empty(o)
    other = np.array([lang not in ("", qlang) for lang in sv.langs], dtype=bool)
    if empty:
        rows = np.ones(len(sv.langs), dtype=bool)
    elif other.any():
        rows = other
    else:
        return Meaning(False, "the KB's pages are in the question's language")
    qv, _lang = centred_query(embedder, q.text)
    cos = sv.vectors @ qv
    cos = np.where(rows, cos, -np.inf)
    best: dict[str, tuple[float, int, bool]] = {}
    for i in np.argsort(-cos):
        c = float(cos[i])
        if not np.isfinite(c) or len(best) >= limit:
            break
        p = sv.paths[i]
        if p not in best:
            best[p] = (c, int(sv.docnums[i]), bool(other[i]))
    by_path = {f.path: f for f in o.files}
    keywords = list(o.keywords)
    # a file found by meaning that is held ranks after every file the words found: held, it
    # says nothing the words did not, and the words' order is the better one (same-language
    # suites kept their nDCG only so)
    floor = max(0.0, min(f.score for f in o.files) - 1e-4) if o.files else HELD_SCORE
    for path, (c, docnum, across) in best.items():
        s = meaning_score(c)
        held = ("absent_identifier",) if o.absent_ids else ()
        if not across:
            held = (*held, "same_language_meaning")
        if held:
            s = min(s, HELD_SCORE, floor)
        f = by_path.get(path)
        if f is not None:
            # a file a rule holds under the line stays there: meaning cannot tell that the
            # identifier asked for is there, or the kind of value asked for
            if s > f.score and not f.held and not f.capped:
                f.score, f.found_by, f.cosine, f.cosine_line = s, "meaning", c, COS_LINE
                if not f.matched_terms:
                    f.best = SectionMatch(docnum, c, set())
                    f.stored, f.shown = {}, None
            continue
        has = _keywords_in(reader, sv, path, keywords)
        o.files.append(
            FileMatch(
                path=path,
                score=s,
                best=SectionMatch(docnum, c, set()),
                coverage=0.0,
                relevance=0.0,
                title=0.0,
                emphasized=False,
                matched_terms=[k for k in keywords if k in has],
                missing_terms=[k for k in keywords if k not in has],
                reader=reader,
                probability=0.0,
                evidence=s,
                capped=bool(held),
                held=held,
                absent=tuple(o.absent_ids),
                found_by="meaning",
                cosine=c,
                cosine_line=COS_LINE,
            )
        )
    o.files.sort(key=lambda f: -f.score)
    return Meaning(True, "lexical evidence empty" if empty else f"pages not in {qlang}")


def _keywords_in(reader: object, sv: SectionVectors, path: str, keywords: list[str]) -> set[str]:
    """The question's keywords the file's text holds (case-insensitive, as written)."""
    if not keywords:
        return set()
    texts = []
    for i in np.flatnonzero(np.array([p == path for p in sv.paths])):
        st = reader.stored_fields(int(sv.docnums[i]))  # type: ignore[attr-defined]
        texts.append(f"{st.get('title') or ''}\n{st.get('text') or ''}".lower())
    joined = "\n".join(texts)
    return {k for k in keywords if k.lower() in joined}
