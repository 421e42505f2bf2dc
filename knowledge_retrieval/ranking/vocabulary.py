"""What a KB knows of a question: which keywords it has, which are question words, which
identifiers it lacks, near words for misspelt ones, and the identifiers it has instead."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .. import lang
from ..index.termstats import TermStats
from ..ruler import Ruler
from ..text.analysis import has_cjk, index_terms, is_mixed_identifier, to_simplified
from .query import Keyword, Query

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
READINGS.switch(
    "translate_beside_code",
    "beside a code, key or path the KB has, a keyword it knows is also read in its other language",
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
    or any word beside an identifier the KB has."""
    expanded: set[str] = field(default_factory=set)
    """Keywords the KB has that are read in its other language too (beside a code)."""
    alternatives: set[str] = field(default_factory=set)
    """Stand-in terms for a keyword the KB has in its own words too: another way to find it,
    not more of the question (they add nothing to the most a section could score)."""
    absent_ids: list[str] = field(default_factory=list)
    """Identifiers of the question the KB has neither whole nor as a leading run of one it
    has (``payment.retry.max_delay`` where only ``max_attempts`` exists)."""


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
        if any(stats.known(t) for t in k.terms) or _letter_code(k, q):
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
    out.absent_ids = [
        k.text
        for k in out.keywords
        if (
            (is_identifier(k) or _VERSION_TOKEN.fullmatch(k.text)) and not _has_identifier(stats, k)
        )
        or _missing_from_a_series(stats, k)
        or (_letter_code(k, q) and not stats.known(k.parts[0]))
    ]
    unknown = []

    def stand_in(terms: list[str], stands_for: str) -> None:
        """Terms of the vocabulary count, at :data:`TYPO_WEIGHT`, for a keyword's term."""
        for t in terms:
            out.terms[t] = max(out.terms.get(t, 0.0), TYPO_WEIGHT)
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

    def translate(kw: Keyword, known: bool = False) -> bool:
        """A word of the KB's other language stands in for the keyword (``known``: beside its
        own word, which the KB has: :attr:`Known.alternatives`)."""
        got = _translations(stats, kw)
        if got is None:
            return False
        target, terms = got
        stand_in(terms, target)
        if known:
            out.alternatives.update(terms)
            out.expanded.add(kw.text)
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
    if READINGS.on("translate_beside_code") and any(_CODED.search(k.text) for k in present):
        # ... and beside a code, key or path (not a camelCase name: OpenTelemetry) a word the
        # KB knows may still be written in its other language where the code's row is (does
        # DQ-302 block downstream jobs: 阻断下游)
        for kw in out.keywords:
            if kw not in unknown and not is_identifier(kw):
                translate(kw, known=True)
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


def nearest_identifiers(
    stats: TermStats,
    text: str,
    limit: int = 3,
    *,
    by_shape: bool = True,
    beside: Sequence[int] = (),
) -> list[str]:
    """Identifiers of this KB nearest to one it lacks, as the KB writes them
    (``ORDER_STATUS_ARCHIVED`` -> ``ORDER_STATUS_PAID``, ...); ``by_shape``: where none shares
    its lead, those of the same shape (``B1-05-A`` for ``B2-14-D``). A code of capitals
    (:data:`_LETTER_CODE`) has for near ones the codes of as many capitals the sections
    ``beside`` write (the best sections of the question's other words: 等級 A to D for E)."""
    from rapidfuzz import fuzz, process

    if series := _series(stats, text):  # L5: L4, L3 ...
        return [original_spelling(stats, t) for t in series[:limit]]
    if _LETTER_CODE.fullmatch(text):
        return _capitals_beside(stats, text, beside)[:limit]
    whole = to_simplified(text.lower().strip("/"))
    # the longest leading run of pieces the KB's identifiers share (imgr.ccd. of
    # imgr.ccd.dark_current_limit, then imgr.), then the first two letters, then the first
    runs = [whole[: i + 1] for i in range(len(whole) - 1, 0, -1) if whole[i] in _ID_SEPARATORS]
    cands: list[str] = []
    cutoff = 0.0  # identifiers that share a leading run are all near ones (the first two
    for prefix in dict.fromkeys([*runs, whole[:2], whole[:1]]):  # letters of one piece too)
        cutoff = 0.0 if prefix in runs or (not runs and len(prefix) > 1) else 60.0
        cands = [
            t
            for f in ("body", "heading", "title")
            for t in stats.vocabulary(f, prefix, every=True)
            if (any(c in t for c in _ID_SEPARATORS) or _is_code(t)) and t != whole
        ]
        if cands and process.extractOne(whole, cands, scorer=fuzz.ratio, score_cutoff=cutoff):
            break
        cands = []
    if not cands and by_shape:
        # the KB's identifiers of the same shape (B1-05-A for B2-14-D, A-01 for D-05)
        cands = _same_shape(stats, whole)
        cutoff = 0.0
    # ties go to the nearer last number (FV-10 before FV-01 for FV-11), the shorter, then the
    # alphabetically first identifier (the same in every process: a set's order is not)
    got = process.extract(whole, set(cands), scorer=fuzz.ratio, limit=None, score_cutoff=cutoff)
    at = _last_number(whole)
    got.sort(
        key=lambda g: (
            -g[1],
            abs(_last_number(str(g[0])) - at) if at >= 0 else 0,
            len(str(g[0])),
            str(g[0]),
        )
    )
    return [original_spelling(stats, str(t)) for t, _s, _k in got[:limit]]


def _last_number(term: str) -> int:
    """The number a term ends in (11 of fv-11), or -1."""
    digits = min(18, len(term) - len(term.rstrip("0123456789")))  # a long run: its end
    return int(term[-digits:]) if digits else -1


def _capitals_beside(stats: TermStats, code: str, docs: Sequence[int]) -> list[str]:
    """Codes of as many capitals as ``code`` in the sections ``docs``, nearest letters first
    (D, C, B for E)."""
    found: set[str] = set()
    pattern = re.compile(rf"(?<![A-Za-z])[A-Z]{{{len(code)}}}(?![A-Za-z])")
    for d in docs:
        text = str(stats.reader.stored_fields(int(d)).get("text") or "")
        found.update(pattern.findall(text[:CAPITALS_SCAN_CHARS]))
    found.discard(code)

    def distance(c: str) -> tuple[int, str]:
        return sum(abs(ord(a) - ord(b)) for a, b in zip(c, code, strict=True)), c

    return sorted(found, key=distance)


CAPITALS_SCAN_CHARS = 20_000
"""How much of a section is read for codes of capitals."""
SHAPE_FIELD = "body"
"""The field whose identifiers are read for ones of the same shape as an absent one."""


def _shape(term: str) -> str:
    """A term's shape: each letter a, each digit 9, joiners and other characters as they are."""
    return "".join("9" if c.isdigit() else "a" if c.isascii() and c.isalpha() else c for c in term)


def _same_shape(stats: TermStats, whole: str) -> list[str]:
    """The KB's identifiers (with a joiner) of the same shape as ``whole``, led by a character
    of the same kind (a letter or a digit)."""
    if (
        not whole[:1].isascii()
        or not whole[:1].isalnum()
        or not any(c in whole for c in _ID_SEPARATORS)
    ):
        return []
    shape = _shape(whole)
    leads = "0123456789" if whole[0].isdigit() else "abcdefghijklmnopqrstuvwxyz"
    return [
        t
        for lead in leads
        for t in stats.vocabulary(SHAPE_FIELD, lead)
        if len(t) == len(whole) and t != whole and _shape(t) == shape
    ]


def original_spelling(stats: TermStats, term: str, typo: str | None = None) -> str:
    """The word as a section of the KB writes it: its case, and the whole word a stem was cut
    from (``signatur`` -> ``signature``); for a misspelt word, the written form nearest to it
    (``chargwd`` -> ``charged``, not ``charge``)."""
    from rapidfuzz.distance import OSA

    vec = stats.vector(term)
    if vec is None:
        return term
    words: list[str] = []
    found = ""
    for d in vec[0][:SPELLING_SECTIONS].tolist():
        text = str(stats.reader.stored_fields(int(d)).get("text") or "")
        if has_cjk(term):  # M3-數A for m3-数a: the text as its terms are written, then its own
            simple = to_simplified(text)
            m = re.search(re.escape(term), simple, re.IGNORECASE)
            if m:
                return text[m.start() : m.end()]
            continue
        words += re.findall(rf"(?<!\w){re.escape(term)}[^\W_]*(?!\w)", text, re.IGNORECASE)
        if not found:
            m = re.search(re.escape(term), text, re.IGNORECASE)
            found = m.group() if m else ""
    if words:
        # nearest to the typo, then lower case first (running text), the most frequent, the
        # shortest
        return str(
            min(
                set(words),
                key=lambda w: (
                    OSA.distance(typo, w.lower()) if typo else 0,
                    w != w.lower(),
                    -words.count(w),
                    len(w),
                    w,
                ),
            )
        )
    return found or term


SPELLING_SECTIONS = 5
"""Sections read for a term's written forms."""


FILLER_ZIPF = 4.7
"""A word the KB has never seen is a question word when it is at least this common in general
language (Zipf: happens 4.96, fit 4.95, 多久 4.78; refund 3.94, bake 3.91) and names nothing:
a Chinese noun (商品, 电话) or a capitalised English word (Europe, HTTP) is what was asked about,
however common."""


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
    from ..text.analysis import to_simplified
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
    nothing (see :data:`FILLER_ZIPF`)."""
    from ..text.analysis import to_simplified
    from ..text.wordclass import chinese_noun

    if k.whole and not has_cjk(k.text):
        return False
    if _general_zipf(k, question) < FILLER_ZIPF:
        return False
    return not has_cjk(k.text) or not chinese_noun(to_simplified(k.text))


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


_ID_SEPARATORS = "_.-/:"


def _is_code(text: str) -> bool:
    """A code of letters and digits (``E1023``, ``BF0301``): a letter first, 4+ characters."""
    return (
        len(text) >= 4
        and text[0].isalpha()
        and text.isascii()
        and text.isalnum()
        and any(c.isdigit() for c in text)
    )


_CODED = re.compile(r"[\d_./-]")
"""What makes an identifier a code, key or path rather than a camelCase name."""


def is_identifier(k: Keyword) -> bool:
    """An identifier that must be matched whole: ``ORDER_STATUS_X``, ``a.b.c``, ``PAY-1234``,
    ``/api/v2/...``, camelCase, a code such as ``E1023``, a class code ``M3-數A`` (not prose
    compounds such as ``loss-of-function``)."""
    if has_cjk(k.text) and not is_mixed_identifier(k.text):
        return False
    return (bool(k.whole) and k.part_credit < 1.0) or (not k.whole and _is_code(k.text))


_SHORT_CODE = re.compile(r"([A-Za-z]{1,2})(\d{1,2})")
"""A code too short to be one by its shape alone (L5, M03, P3): letters, then digits."""
_LETTERED = re.compile(r"(.*[\d_./:-])([A-Za-z])")
"""A code that ends in one letter after a digit or a joiner (18B, P-D, M3-数C): its series is
its letters, A first (18A, 18C beside 18B)."""
SERIES = 2
"""Codes of the same letters and as many digits a KB must have for a short code it lacks to be
one of its codes (L1 and L2 make L5 one); of a lettered code, its A alone (18A makes 18B one)."""


def _series(stats: TermStats, text: str) -> list[str]:
    """The KB's codes of the same letters and as many digits as a short code, nearest number
    first (L4, L3, L2, L1 for L5); or of the same lead and another letter, nearest letter first
    (18C, 18A for 18B), when the KB writes that series' first (18A); [] for no short code."""
    m = _SHORT_CODE.fullmatch(text)
    if m is not None:
        letters, digits = m.group(1).lower(), m.group(2)
        width, at = len(digits), int(digits)
        near = sorted(range(10**width), key=lambda n: (abs(n - at), n))
        return [
            f"{letters}{n:0{width}d}"
            for n in near
            if n != at and stats.known(f"{letters}{n:0{width}d}")
        ]
    m = _LETTERED.fullmatch(to_simplified(text.lower()))
    if m is None or not any(c.isalnum() for c in m.group(1)):
        return []
    lead, letter = m.group(1), m.group(2)
    n = len(lead)
    members = {
        t[n]
        for f in ("body", "title", "heading")
        for t in stats.vocabulary(f, lead, every=True)
        if len(t) == n + 1 and t[n].isascii() and t[n].isalpha() and t[n] != letter
    }
    if "a" not in members:  # a series starts at A: 36V beside 12V and 36W is none
        return []
    return [lead + c for c in sorted(members, key=lambda c: (abs(ord(c) - ord(letter)), c))]


def _missing_from_a_series(stats: TermStats, k: Keyword) -> bool:
    """A short code the KB does not have, of a series it has: L5 where it writes L1 to L4,
    M03 beside M01 and M02, 18B beside 18A and 18C, P-D beside P-A to P-C (the KB's own codes
    make it one; alone, L5 may be anything)."""
    term = k.whole or k.text.lower()
    if (has_cjk(k.text) and not is_mixed_identifier(k.text)) or stats.known(term):
        return False
    lettered = _SHORT_CODE.fullmatch(k.text) is None  # 18B: the KB's 18A makes it one
    return len(_series(stats, k.text)) >= (1 if lettered else SERIES)


_LETTER_CODE = re.compile(r"[A-Z]{1,3}")
"""Capitals alone in a Chinese question (等級E, 代碼 DQ, R字头): a code, which a KB that has no
such term lacks (it is no English word the KB may write in its own words)."""


def _letter_code(k: Keyword, q: Query) -> bool:
    """The keyword is a code of capitals in a Chinese question (:data:`_LETTER_CODE`)."""
    return _LETTER_CODE.fullmatch(k.text) is not None and has_cjk(q.text)


_VERSION_TOKEN = re.compile(r"v\d+(?:\.\d+)*", re.IGNORECASE)
"""A version named as a token (v3, v2.1): an API or release a KB that never writes it lacks,
as it lacks an identifier (it proves nothing more than a word where the KB has it)."""


def _has_identifier(stats: TermStats, k: Keyword) -> bool:
    """The KB has the identifier whole, or as the leading run of a longer one it has
    (``ORDER_STATUS`` of ``ORDER_STATUS_PAID``)."""
    term = k.whole or k.parts[0]
    if stats.known(term):
        return True
    n = len(term)
    return any(
        t.startswith(term) and len(t) > n and t[n] in _ID_SEPARATORS
        for f in ("body", "title", "heading")
        for t in stats.vocabulary(f, term, every=True)
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
    if is_identifier(k) or _VERSION_TOKEN.fullmatch(k.text):
        return 0.0
    z = _general_zipf(k, question)
    return min(1.0, max(0.0, (z - COMMON_FROM) / (COMMON_TO - COMMON_FROM)))
