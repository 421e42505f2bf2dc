"""What a KB knows of a question: which keywords it has, which are question words, which
identifiers it lacks, near words for misspelt ones, and the identifiers it has instead."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import lang
from ..index.termstats import TermStats
from ..ruler import Ruler
from ..text.analysis import has_cjk, index_terms, to_simplified
from .identifiers import (
    CAPITALS,
    VERSION_TOKEN,
    has_identifier,
    is_identifier,
    letter_code,
    longer_identifiers,
    missing_from_a_series,
)
from .query import Keyword, Query
from .written import original_spelling

MAX_LEADING_RUN = 20
"""The longer identifiers an identifier the KB has only as their leading run is searched with."""
TYPO_WEIGHT = 0.7
"""What a stand-in for a keyword the KB lacks counts: a near word of a misspelt one, or its
translation into the KB's other language."""
MAX_TRANSLATIONS = 3
TYPO_ALWAYS = 3
"""Questions of at most this many keywords have their misspelt words corrected however few of
the others the KB knows (longer ones only when it knows at least as many as it lacks)."""
MIN_TYPO_CHARS = 4
"""Shorter words are not corrected (one edit of a three-letter word is another word)."""
REAL_WORD_ZIPF = 3.0
"""A word at least this common in general language is spelt as meant, not a typo: 'collector'
is no misspelt 'connector', 'bake' no misspelt 'base' (Zipf 3.9 each) ..."""
RARE_WORD_ZIPF = 4.0
COMMONER_BY = 1.5
"""... unless it is rarer than :data:`RARE_WORD_ZIPF` and the KB's near word is this much more
common (Zipf, so 30 times): 'cass' (3.5) of a KB that says 'class' (5.4) is a typo, 'bake' (3.9)
of one that says 'base' (5.1) is not."""


READINGS: Ruler[Callable[..., bool]] = Ruler("reading", "ranking.vocabulary")
"""How the question's words are read against the KB's vocabulary, switched where they apply."""
READINGS.switch(
    "common_word_filler",
    "a word the KB has never seen that is common in general language and "
    "names nothing is a question word, not a topic the KB lacks",
)
READINGS.switch(
    "translate_unknown",
    "beside an identifier the KB has, a keyword it lacks is read in its other language",
)


@dataclass(slots=True)
class Known:
    """A query's keywords as one KB knows them."""

    keywords: list[Keyword]
    terms: dict[str, float]
    """Index term -> query weight, near words of misspelt keywords added."""
    known: list[str] = field(default_factory=list)
    """Keywords the KB knows (at least half)."""
    share: dict[str, float] = field(default_factory=dict)
    """Keyword -> how much of it the KB knows, 0..1."""
    did_you_mean: dict[str, str] = field(default_factory=dict)
    alias: dict[str, str] = field(default_factory=dict)
    """Near vocabulary term -> the query term it stands for."""
    filler: list[str] = field(default_factory=list)
    """Words of the question the KB has never seen that are common in general language
    (how many, happens, 多久): question words, not a topic the answer lacks."""
    translated: dict[str, str] = field(default_factory=dict)
    """Keyword -> its word in the KB's other language (换班 -> shift): a keyword the KB lacks,
    beside an identifier the KB has."""
    absent_ids: list[str] = field(default_factory=list)
    """Identifiers of the question the KB has neither whole nor as a leading run of one it
    has (``payment.retry.max_delay`` where only ``max_attempts`` exists)."""
    unseen_content: list[str] = field(default_factory=list)
    """Fillers that the dictionary makes words of content (请假 of "请假流程", read as a
    question word for its 请): weighed as fillers, but no page of the KB has them, and every
    hit says so among what it lacks."""


MAX_SAME_SOUND_CHARS = 4
"""Chinese words of 2 to this many characters are read for a character typed by its sound."""


def same_sound_candidate(stats: TermStats, kw: Keyword) -> str | None:
    """For a Chinese keyword the KB has nothing of, and that is no word of Chinese (申抱: in
    neither wordfreq's list nor jieba's dictionary), the word one character of the same sound
    away that is one (申报), and that the KB writes (every term of it in the vocabulary), the
    one its sections write most; None when there is none (年假 is read as no 年可: 年可 is two
    words' edges, "一年可以")."""
    from ..text.analysis import jieba_word
    from ..text.generalfreq import listed
    from ..text.homophones import same_sound

    def a_word(w: str) -> bool:  # in wordfreq's list or jieba's dictionary
        return bool(listed(w, "zh")) or jieba_word(w)

    word = kw.text
    if not 2 <= len(word) <= MAX_SAME_SOUND_CHARS or not all(has_cjk(c) for c in word):
        return None
    if a_word(word):  # a word of the language, spelt as meant (包包, 宝宝)
        return None
    best, most = None, 0
    for cand in same_sound(word):
        terms = index_terms(cand, words=False)
        if not terms or not all(stats.known(t) for t in terms) or not a_word(cand):
            continue
        n = min(df["body"] + df["title"] for df in map(stats.df, terms))
        if n > most:
            best, most = cand, n
    return best


def written_as(kw: Keyword, word: str) -> str:
    """``word`` (Simplified) as the user writes: its swapped character in Traditional where the
    user typed the keyword in Traditional (書相 -> 書箱, 申抱 of a Traditional question -> 申報)."""
    typed = kw.shown
    if typed == kw.text or len(typed) != len(word):
        return word
    from ..text.analysis import to_traditional

    return "".join(
        t if s == w else to_traditional(w) for t, s, w in zip(typed, kw.text, word, strict=True)
    )


def typo_candidate(stats: TermStats, kw: Keyword) -> str | None:
    """A near term of the vocabulary for a keyword absent from it: words of 4+ letters that
    are not real words of general English (one edit, two for 8+ letters)."""
    from rapidfuzz.distance import OSA

    from ..text.generalfreq import zipf

    word = kw.parts[0] if kw.parts and not kw.whole else kw.whole
    # the word as written decides its length (cens, whose stem is cen, is a word of four)
    surface = kw.text.lower() if not kw.whole else (word or "")
    if not word or len(surface) < MIN_TYPO_CHARS or not surface.isascii():
        return None
    if any(c.isdigit() for c in word):  # a code one digit off is another code, not a typo
        return None
    real = 0.0 if kw.whole else zipf(kw.text, "en")
    if real >= RARE_WORD_ZIPF:
        return None
    near = stats.near_term(word, surface if not kw.whole and surface.isalpha() else None)
    if near is None or kw.whole or (real < REAL_WORD_ZIPF and len(surface) < 8):
        return near
    # two edits of a long word are counted on a word the KB writes, not on a stem and an
    # ending it might take ("handover" is two edits of hand + er, four of hand); a real word
    # is misspelt by one edit at most
    meant = original_spelling(stats, near, surface).lower()
    if OSA.distance(surface, meant) > (1 if real >= REAL_WORD_ZIPF else 2):
        return None
    return near if real < REAL_WORD_ZIPF or zipf(meant, "en") - real >= COMMONER_BY else None


def vocabulary_check(q: Query, stats: TermStats) -> Known:
    """Which of the query's keywords this KB knows, and near words for misspelt ones."""
    # a question or function word the KB has never seen (何年, 哪边, happens, 多久) is not
    # a topic: it would count as evidence that the question is out of scope
    asked = [part for k in q.keywords for part in _as_known(k, stats)]
    filler: list[Keyword] = []
    for k in asked:
        if any(stats.known(t) for t in k.terms) or letter_code(k, q):
            continue
        if k.filler_like or (READINGS.on("common_word_filler") and _common_word(k, q.text)):
            filler.append(k)
    if not _worded(q.text):  # a string of keywords ("home assistant port") has no question words
        filler = [k for k in filler if k.filler_like or has_cjk(k.text)]
    english = [k for k in filler if not k.filler_like and not has_cjk(k.text)]
    mostly = len(english) >= MANY_FILLERS and 2 * len(english) > len(asked)
    if mostly and not uses_english_prose(stats):
        # most of the question is common English a KB of another language lacks: its topic
        filler = [k for k in filler if k not in english]
    keywords = [k for k in asked if k not in filler]
    out = Known(keywords or asked, dict(q.terms))
    if keywords:
        out.filler = [k.text for k in filler]
        out.unseen_content = [k.shown for k in filler if k.filler_like and _content_word(k)]
    out.absent_ids = [
        k.text
        for k in out.keywords
        if ((is_identifier(k) or VERSION_TOKEN.fullmatch(k.text)) and not has_identifier(stats, k))
        or missing_from_a_series(stats, k)
        or (letter_code(k, q) and not stats.known(k.parts[0]))
    ]
    unknown = []

    def stand_in(terms: list[str], stands_for: str, weight: float = TYPO_WEIGHT) -> None:
        """Terms of the vocabulary count, at ``weight``, for a keyword's term."""
        for t in terms:
            out.terms[t] = max(out.terms.get(t, 0.0), weight)
            out.alias[t] = stands_for

    def correct(kw: Keyword, stands_for: str) -> bool:
        """Typo tolerance: a near vocabulary term stands in for the keyword."""
        if has_cjk(kw.text):
            word = same_sound_candidate(stats, kw)
            if word:
                out.did_you_mean[kw.text] = written_as(kw, word)
                stand_in(index_terms(word), stands_for)
            return bool(word)
        near = typo_candidate(stats, kw)
        if near:
            out.did_you_mean[kw.text] = original_spelling(stats, near, kw.text.lower())
            stand_in([near], stands_for)
        return bool(near)

    # how much of each keyword the KB knows: an identifier it never saw whole, nor all its
    # parts, is known only as far as its parts are, at their credit (OpenTelemetry in a
    # biology KB that knows "open" is not on topic); a Chinese word is known by any bigram
    for kw in out.keywords:
        if (
            kw.whole
            and not kw.phrasal
            and not stats.known(kw.whole)
            and kw.text not in out.absent_ids
        ):
            # a misspelt identifier: its parts may exist, the whole does not
            correct(kw, kw.whole)
        parts_known = sum(map(stats.known, kw.parts))
        if (
            kw.text in out.did_you_mean
            or (kw.whole and stats.known(kw.whole))
            or (
                parts_known
                and ((has_cjk(kw.text) and not is_identifier(kw)) or parts_known == len(kw.parts))
            )
        ):
            out.share[kw.text] = 1.0
        else:
            out.share[kw.text] = kw.part_credit * parts_known / max(1, len(kw.parts))
        if out.share[kw.text] >= 0.5:
            out.known.append(kw.text)
        elif not out.share[kw.text]:  # typo candidates: words the KB has nothing of
            unknown.append(kw)

    def translate(kw: Keyword) -> bool:
        """A word of the KB's other language stands in for the keyword."""
        got = _translations(stats, kw)
        if got is None:
            return False
        target, terms = got
        stand_in(terms, target)
        first = terms[0]  # a Chinese term is written as it is; an English stem in full
        out.translated[kw.text] = first if has_cjk(first) else original_spelling(stats, first)
        return True

    # a keyword is read in the KB's other language only beside an identifier the KB has
    # (X-App-Build 格式, DQ-305 阈值, BIL-2020 的时候 dunning 重试): words alone, translated,
    # match too much of a large KB in the other language
    present = [k for k in out.keywords if is_identifier(k) and k.text not in out.absent_ids]
    anchored = any(out.share.get(k.text) for k in present)
    # correct typos only when the query is mostly on topic (or short): a question whose
    # words are mostly foreign to the KB is out of scope, not misspelt
    if len(out.keywords) <= TYPO_ALWAYS or len(out.known) >= len(unknown):
        for kw in unknown:
            if correct(kw, kw.parts[0] if kw.parts else kw.text) or (
                anchored and READINGS.on("translate_unknown") and translate(kw)
            ):
                out.known.append(kw.text)
                out.share[kw.text] = 1.0
    # an identifier the KB has only as the leading run of longer ones (MT-24 of MT-24-118, the
    # series a question names) is matched by them, as a prefix: each stands in for it
    for kw in out.keywords:
        if (
            kw.whole
            and is_identifier(kw)
            and kw.text not in out.absent_ids
            and kw.text not in out.did_you_mean
            and not stats.known(kw.whole)
        ):
            longer = longer_identifiers(stats, kw.whole, MAX_LEADING_RUN)
            stand_in(longer, kw.whole, out.terms.get(kw.whole, 1.0))
    # a word of capitals the KB writes one letter apart (RIDOR of RIDDOR) is misspelt, not absent
    out.absent_ids = [
        a for a in out.absent_ids if not (a in out.did_you_mean and CAPITALS.fullmatch(a))
    ]
    return out


def _translations(stats: TermStats, kw: Keyword) -> tuple[str, list[str]] | None:
    """The term a keyword the KB lacks stands for, and the KB's terms of its translations
    (a Chinese word's English glosses, an English word's two-character Chinese words)."""
    from ..text import glossary

    if has_cjk(kw.text):
        if len(kw.parts) != 1 or kw.whole:
            return None
        got = glossary.english_terms(kw.text)
    elif not kw.whole and len(kw.parts) == 1 and kw.text.isalpha():
        got = glossary.chinese_words(kw.parts[0])
    else:
        return None
    known = [t for t in got if stats.known(t)][:MAX_TRANSLATIONS]
    return (kw.parts[0], known) if known else None


def _as_known(k: Keyword, stats: TermStats) -> list[Keyword]:
    """A phrasal keyword (times out) stays one where the KB has its noun (timeout); elsewhere it
    is its verb, as any other word: the particle alone (out, up) names nothing. A Chinese word
    joined to the lone character after it (病人 + 用) stays one where the KB writes the last two
    together (状态码 of 状态 + 码); elsewhere it is the word."""
    if k.joined and not (stats.known(k.whole or "") or stats.known(k.parts[-1])):
        return [Keyword(k.text[:2], None, k.parts[:1])]
    if not k.phrasal or stats.known(k.whole or ""):
        return [k]
    return [Keyword(k.text.split(" ", 1)[0], None, k.parts[:1])]


FILLER_ZIPF = 4.7
"""A word the KB has never seen is a question word when it is at least this common in general
language (Zipf: happens 4.96, fit 4.95, 多久 4.78; refund 3.94, bake 3.91) and names nothing:
a noun (商品, 电话, office) or a capitalised English word (Europe, HTTP) is what was asked
about, however common."""


def _worded(question: str) -> bool:
    """The question is written as words of a sentence, not a string of keywords: it has a
    question mark or a word that asks or joins (what, does, the, of, please)."""
    from ..text.analysis import STOP_WORDS

    if "?" in question or has_cjk(question):
        return True
    words = {w.lower().strip(".,!:;") for w in question.replace("'", " ").split()}
    return not words.isdisjoint(STOP_WORDS) or not words.isdisjoint(lang.NOISE)


def _general_zipf(k: Keyword, question: str) -> float:
    """How common a keyword is in general English or Chinese (Zipf), 0 for a name: a word of
    other than letters or with capitals after its first (HTTP, iOS, home-assistant), or a
    capitalised word inside the sentence (Steam, Red)."""
    from ..text.generalfreq import zipf

    if has_cjk(k.text):
        return zipf(to_simplified(k.text), "zh")
    word = k.text
    if not word.isalpha() or (len(word) > 1 and not word[1:].islower()):
        return 0.0
    if word[0].isupper() and not question.lstrip().startswith(word):
        return 0.0
    return zipf(word, "en")


def _common_word(k: Keyword, question: str) -> bool:
    """A plain word (not an identifier) that is common in general English or Chinese and names
    nothing (see :data:`FILLER_ZIPF`): not a noun of the dictionaries (a Chinese noun, an
    English word mostly a noun by :data:`NOUN_SHARE`: office, policy, room)."""
    from ..text.wordclass import chinese_noun, english_noun_share

    if k.whole and not has_cjk(k.text):
        return False
    if _general_zipf(k, question) < FILLER_ZIPF:
        return False
    if not has_cjk(k.text):
        return english_noun_share(k.text) < NOUN_SHARE
    return not chinese_noun(to_simplified(k.text))


NOUN_SHARE = 0.6
"""An English word whose senses are at least this much nouns (:func:`..text.wordclass.english_noun_share`:
office 0.83, home 0.74, company 0.62; way 0.56, book 0.5, meeting 0.3, happens 0.2) names what
was asked about, however common, as a Chinese noun does: "company policy on working from home"
of a KB that has only "policy" lacks its topic, and says so."""


def _content_word(k: Keyword) -> bool:
    """A word the dictionary makes a word of content: a noun (会议, 地址), or a verb rarer
    than :data:`FILLER_ZIPF` (请假, 还款; 没有 and 能用 are ways of asking)."""
    from ..text.generalfreq import zipf
    from ..text.wordclass import chinese_tag

    word = to_simplified(k.text)
    tag = chinese_tag(word)
    if tag.startswith(("n", "vn")):
        return True
    return tag.startswith("v") and zipf(word, "zh") < FILLER_ZIPF


MANY_FILLERS = 3
ENGLISH_PROSE = 0.15
ENGLISH_PROBE = 30
"""A KB is written in English prose when the :data:`ENGLISH_PROBE` most common English words
(stop words aside: one, time, also, first ...) are found in its sections at least
:data:`ENGLISH_PROSE` times a section, summed over the words. Measured: the team KBs 0.5–0.7, a
6-file handbook 0.67, SciFact 2.8; a Chinese encyclopedia 0.03, DRCD 0.00, the sample's
Traditional Chinese logistics KB 0.09. In a KB that is not, every common English word is
unknown: when :data:`MANY_FILLERS` or more of them, and more than half of the question, would be
question words, they are its topic instead ("set up a development environment for this website"
would shrink to the one word a Chinese encyclopedia has, from a bank's English name)."""


def uses_english_prose(stats: TermStats) -> bool:
    """Whether the KB's text is English prose (see :data:`ENGLISH_PROSE`); kept per reader."""
    got: bool | None = stats.cache.get("english_prose")
    if got is None:
        seen = sum(stats.reader.doc_frequency("body", t) for t in _english_probe())
        got = stats.cache["english_prose"] = seen >= ENGLISH_PROSE * stats.n
    return got


@functools.lru_cache(maxsize=1)
def _english_probe() -> frozenset[str]:
    """The index terms of the :data:`ENGLISH_PROBE` most common English words."""
    from ..text.analysis import STOP_WORDS
    from ..text.generalfreq import most_common

    return frozenset(
        t for w in most_common("en", ENGLISH_PROBE, STOP_WORDS) for t in index_terms(w)
    )


COMMON_FROM, COMMON_TO = 2.5, 5.0
"""How common a word is in general language, as a share from 0 at Zipf :data:`COMMON_FROM`
(a name or a term of a domain: redis, Starshards, 牙科 3.3 sits near it) to 1 at
:data:`COMMON_TO` (run 5.5, 自己 6.2, 毕业 5.1); vanish (3.4) and mates (4.0) lie between."""


def commonness(k: Keyword, question: str) -> float:
    """How much a keyword is a common word of the language rather than a name or a term of the
    question's domain: 0 for an identifier, a word of several parts, a capitalised word inside
    the sentence (Steam, Red) or a word general language hardly uses; up to 1 for the commonest
    words (see :data:`COMMON_FROM`). An unseen word weighs by what it is, not by being unseen."""
    if is_identifier(k) or VERSION_TOKEN.fullmatch(k.text):
        return 0.0
    z = _general_zipf(k, question)
    return min(1.0, max(0.0, (z - COMMON_FROM) / (COMMON_TO - COMMON_FROM)))
