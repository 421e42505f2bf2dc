"""Language knowledge as data: each language one module of the same names, joined here.

:mod:`.en` and :mod:`.zh` hold a language's words (stop words, question words, the wording of a
question that asks for a duration or a price); :mod:`.grammar` holds what every language writes
alike (digits, years, versions, currency signs). The analyzer, the query and the value checks
read the joined lists and patterns below, so adding a language is adding a module that exposes
:class:`Language`'s names and listing it in :data:`LANGUAGES`. Chinese is matched in Simplified
characters: callers convert the text first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import en, grammar, zh

if TYPE_CHECKING:  # a Protocol class costs a one-shot kr a millisecond to create
    from typing import Protocol
else:
    Protocol = object


class Language(Protocol):
    """The names every language module exposes (empty where the language has no use for one);
    mypy checks each module of :data:`LANGUAGES` against them."""

    STOP_WORDS: frozenset[str]
    STOP_CHARS: frozenset[str]
    QUESTION_WORDS: frozenset[str]
    QUESTION_MEASURE: str
    PARTICLES: frozenset[str]
    INTERROGATIVES: frozenset[str]
    NEGATIONS: frozenset[str]
    VERB_PARTICLES: frozenset[str]
    NOISE: frozenset[str]
    CLITIC_HOSTS: frozenset[str]
    QUESTION_PHRASES: dict[str, frozenset[str]]
    KIND_WORDS: dict[str, frozenset[str]]
    HOW_WORKS: str
    VERSION: str
    MENTIONED_VERSION: str
    MENTIONED_DATE: str
    LATEST: str
    OVERVIEW: str
    ASKED: dict[str, str]
    VALUES: dict[str, str]
    NUMERALS: str
    NUMBER_WORDS: str
    ARTICLES: str
    COUNTERS: str
    COUNTED: str
    MEASURES: dict[str, str]
    MEASURED_ASK: str
    MEASURED_HOW: dict[str, str]
    MEASURED_HOW_ASK: str
    MEASURED_OF: str
    MEASURE_NAMES: dict[str, str]
    FULL_STOP: str
    SECOND_ASK: str
    FIRST_ASK: str
    UNITS: str
    TIME_WORDS: str
    RANGE_WORDS: str
    ROLES: dict[str, str]
    GENERIC_QUESTIONS: tuple[str, ...]
    PROCEDURE_WORDS: str
    README_HEADINGS: str
    TOPICS: dict[str, str]


LANGUAGES: tuple[Language, ...] = (en, zh)
"""The languages read, in the order their patterns are tried (a version: English wording first)."""
CODES: dict[str, Language] = {"en": en, "zh": zh}
"""Each language by its code (the codes of :func:`..text.script.query_lang`)."""


def _union(sets: list[frozenset[str]]) -> frozenset[str]:
    return frozenset().union(*sets)


def _either(*patterns: str) -> str:
    """Patterns as alternatives of one (the empty ones left out)."""
    return "|".join(p for p in patterns if p)


STOP_WORDS = _union([lang.STOP_WORDS for lang in LANGUAGES])
STOP_CHARS = _union([lang.STOP_CHARS for lang in LANGUAGES])
QUESTION_WORDS = _union([lang.QUESTION_WORDS for lang in LANGUAGES])
PARTICLES = _union([lang.PARTICLES for lang in LANGUAGES])
INTERROGATIVES = _union([lang.INTERROGATIVES for lang in LANGUAGES])
NEGATIONS = _union([lang.NEGATIONS for lang in LANGUAGES])
VERB_PARTICLES = _union([lang.VERB_PARTICLES for lang in LANGUAGES])
NOISE = _union([lang.NOISE for lang in LANGUAGES])
CLITIC_HOSTS = _union([lang.CLITIC_HOSTS for lang in LANGUAGES])
QUESTION_MEASURE = _either(*(lang.QUESTION_MEASURE for lang in LANGUAGES))
COUNTED = _either(*(lang.COUNTED for lang in LANGUAGES))
MEASURES: dict[str, str] = {k: v for lang in LANGUAGES for k, v in lang.MEASURES.items()}
MEASURE_NAMES: dict[str, str] = {k: v for lang in LANGUAGES for k, v in lang.MEASURE_NAMES.items()}
"""A counted unit (几公升: 公升) -> the units a number of it may be written in."""
MEASURED_ASK = _either(*(lang.MEASURED_ASK for lang in LANGUAGES))
MEASURED_HOW: dict[str, str] = {k: v for lang in LANGUAGES for k, v in lang.MEASURED_HOW.items()}
"""An adjective asked with "how" / 多 (how heavy, 多重) -> the word of MEASURES it asks."""
MEASURED_HOW_ASK = _either(*(lang.MEASURED_HOW_ASK for lang in LANGUAGES))
MEASURED_OF = _either(*(lang.MEASURED_OF for lang in LANGUAGES))
COUNTERS = _either(*(lang.COUNTERS for lang in LANGUAGES))
FULL_STOPS = "".join(lang.FULL_STOP for lang in LANGUAGES)
SECOND_ASK = _either(*(lang.SECOND_ASK for lang in LANGUAGES))
FIRST_ASK = _either(*(lang.FIRST_ASK for lang in LANGUAGES))
LATEST = _either(*(lang.LATEST for lang in LANGUAGES))
OVERVIEW = _either(*(lang.OVERVIEW for lang in LANGUAGES))
VERSIONS = tuple(lang.VERSION for lang in LANGUAGES if lang.VERSION)
"""Each language's wording of a version asked for, tried in turn."""
MENTIONED_VERSION = _either(
    grammar.MENTIONED_VERSION, *(lang.MENTIONED_VERSION for lang in LANGUAGES)
)
"""A version written in a question, in notation or in any language's words."""
MENTIONED_DATE = _either(grammar.MENTIONED_DATE, *(lang.MENTIONED_DATE for lang in LANGUAGES))
"""A year or a date written in a question, in notation or in any language's words."""
HOW_WORKS = tuple(lang.HOW_WORKS for lang in LANGUAGES if lang.HOW_WORKS)


def _merged(dicts: list[dict[str, frozenset[str]]]) -> dict[str, frozenset[str]]:
    return {k: _union([d.get(k, frozenset()) for d in dicts]) for d in dicts for k in d}


QUESTION_PHRASES = _merged([lang.QUESTION_PHRASES for lang in LANGUAGES])
"""A question word -> the words after it that make the question phrase ("how" + long)."""
KIND_WORDS = _merged([lang.KIND_WORDS for lang in LANGUAGES])
"""A kind of value -> the words that say a question asks for it (percentage)."""


def asked(kind: str) -> str:
    """The pattern of a question asking for a value of ``kind``, in any language."""
    return _either(*(lang.ASKED.get(kind, "") for lang in LANGUAGES))


def number() -> str:
    """A number in digits or in any language's numerals."""
    return f"(?:{_either(grammar.DIGITS, *(lang.NUMERALS for lang in LANGUAGES))})"


def values(kind: str) -> str:
    """The pattern of a text that gives a value of ``kind``, in any language."""
    num = number()
    words = _either(*(lang.NUMBER_WORDS for lang in LANGUAGES))
    built = ""
    if kind == "number":
        built = _either(num, words)
    elif kind == "duration":
        articles = _either(*(lang.ARTICLES for lang in LANGUAGES))
        counters = _either(*(lang.COUNTERS for lang in LANGUAGES))
        units = _either(*(lang.UNITS for lang in LANGUAGES))
        built = (
            rf"(?:(?:{_either(num, words)})\s*+(?:[-‐]\s*+)?|{articles})"
            rf"(?:{counters})?(?:{units})(?![A-Za-z])"
        )
    elif kind == "range":
        between = _either(grammar.RANGE_SIGNS, *(lang.RANGE_WORDS for lang in LANGUAGES))
        built = rf"{num}\s*+(?:{between})\s*+{num}"
    pattern = _either(
        built, grammar.VALUES.get(kind, ""), *(lang.VALUES.get(kind, "") for lang in LANGUAGES)
    )
    return pattern.replace(grammar.NUM, num)


def time_words() -> str:
    """A unit or measure of time named anywhere, in any language."""
    return _either(*(lang.TIME_WORDS for lang in LANGUAGES))


def role_words(role: str) -> str:
    """The pattern of the words that name a file's ``role`` (FAQ, glossary ...), in any language
    (Chinese in Simplified)."""
    return _either(*(lang.ROLES.get(role, "") for lang in LANGUAGES))


GENERIC_QUESTIONS = {code: lang.GENERIC_QUESTIONS for code, lang in CODES.items()}
"""Per language, questions about nothing in particular (the semantic layer's centring)."""
PROCEDURE_WORDS = _either(*(lang.PROCEDURE_WORDS for lang in LANGUAGES))
README_HEADINGS = _either(*(lang.README_HEADINGS for lang in LANGUAGES))
TOPIC_TWINS: tuple[frozenset[str], ...] = tuple(
    frozenset(w for lang in LANGUAGES for w in lang.TOPICS.get(topic, "").split("|") if w)
    for topic in dict.fromkeys(t for lang in LANGUAGES for t in lang.TOPICS)
)
"""Each topic's words in every language (Chinese in Simplified): a route for "API" is taken by
"接口怎么调用"."""
