"""What kind of value a question asks for (a number, a duration, a date, ...) and whether a text holds one.

"How long is the SMS code valid", "KYC 2 认证有效期多久" and "phone number of the WMS on-call"
ask for a value of a kind, not only for a topic: a section that has every word of the question
but no duration, no number or no phone number does not answer it (the entity is there, the
asked fact is not). :func:`asked_kind` reads the kind from the question's wording in English and
Chinese; :func:`holds_kind` says whether a text holds a value of that kind. Digits inside codes
(``AUTH-1103``, ``E2060``, ``P3``) are not values. The wording and the notation of each kind are
data in :mod:`knowledge_retrieval.lang`; Chinese is matched in Simplified characters.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .. import lang
from ..lang.grammar import Kind
from .analysis import has_cjk, spoken_form, stem, to_simplified
from .wordclass import english_noun_share

__all__ = [
    "Counted",
    "Kind",
    "asked_count",
    "asked_kind",
    "asked_second",
    "asking_words",
    "holds_count",
    "holds_kind",
]

MAX_SCANNED = 8_000
"""A text is checked for a value in its first this many characters: an answer unit is a
sentence, a list item or a table row, and a value further on would not be quoted anyway; the
bound keeps a page-sized unit (a list of 10,000 numbers on one line) from costing the search."""


@functools.cache
def _asked(kind: Kind) -> re.Pattern[str]:
    """The wording of a question asking for ``kind``, compiled on first use (a one-shot ``kr``
    asks one question)."""
    return re.compile(lang.asked(kind), re.IGNORECASE)


@functools.cache
def _values(kind: Kind) -> re.Pattern[str]:
    """What gives a value of ``kind`` in a text, compiled on first use."""
    return re.compile(lang.values(kind), re.IGNORECASE)


@functools.cache
def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text, re.IGNORECASE)


def _simplified(text: str) -> str:
    """The text with its Chinese in Simplified characters, as :mod:`..lang` writes it."""
    return to_simplified(text) if has_cjk(text) else text


def _question(text: str) -> str:
    """A question as :mod:`..lang` writes the wording of questions: contractions and
    possessives read as spoken ("whats trudy's email" as "what trudy email"), Chinese in
    Simplified."""
    return _simplified(spoken_form(text))


def asked_kind(question: str) -> Kind | None:
    """The kind of value the question asks for, or None when it asks for no particular kind."""
    question = _question(question)
    for kind in lang.grammar.KINDS:
        if _asked(kind).search(question):
            return kind
    return None


def asking_words(kind: Kind, question: str) -> str:
    """The question's words that ask for ``kind`` ("phone number" in "funmi phone number"),
    lower-case and Simplified, joined by spaces: they name the kind, not what it is of."""
    q = _question(question)
    return " ".join(m.group(0).lower() for m in _asked(kind).finditer(q))


def holds_kind(kind: Kind, text: str) -> bool:
    """Whether ``text`` holds a value of ``kind`` (a duration: a number with a time unit, or
    digits in a text that names a unit of time: ``payment.timeout.seconds`` ... ``Default:
    30``; not "one" in "rate_limit_per_minute requests from one merchant key")."""
    return _holds(kind, _simplified(text[:MAX_SCANNED]))


def _holds(kind: Kind, text: str) -> bool:
    """:func:`holds_kind` of a text in Simplified characters."""
    if _values(kind).search(text):
        return True
    if kind == "frequency":  # every 90 days; rotation_interval_days: 90
        return _holds("duration", text)
    return (
        kind == "duration"
        and _pattern(lang.time_words()).search(text) is not None
        and _pattern(lang.grammar.DIGITS).search(text) is not None
    )


COUNT_REACH = 40
"""Characters either side of a number that the thing it counts may stand in ("12 runners",
"wing walkers: 2", "| Bay 6 | wing walkers | 2 |")."""


@dataclass(frozen=True, slots=True)
class Counted:
    """What a question counts ("how many wing walkers"): the stems of its words, and how the
    question wrote it (for a note)."""

    stems: frozenset[str]
    shown: str
    units: str = ""
    """For a counted unit (几公升), the units a number of it may be written in (升|公升|L)."""
    quantity: str = ""
    """For a quantity asked ("what temperature"), its name: a value in its units answers it."""

    @property
    def lacked(self) -> str:
        """What a page that gives no such number lacks, for a note: "temperature", "number of
        runners", "number of 公升"."""
        return self.quantity or f"number of {self.shown}"


@functools.cache
def _counted() -> re.Pattern[str]:
    return re.compile(lang.COUNTED, re.IGNORECASE) if lang.COUNTED else re.compile(r"(?!)")


UNIT_REACH = 12
"""Characters between a counted unit and the number after it ("人数：3", "容量(升) | 20")."""


@functools.cache
def _measured() -> re.Pattern[str]:
    units = "|".join(re.escape(u) for u in sorted(lang.MEASURES, key=len, reverse=True))
    if not units or not lang.MEASURED_ASK:
        return re.compile(r"(?!)")
    return re.compile(rf"(?:{lang.MEASURED_ASK})({units})(?![a-rt-z])", re.IGNORECASE)


@functools.cache
def _measured_how() -> re.Pattern[str]:
    """A quantity asked by an adjective (how heavy, 多重) or named as the question's subject
    ("weight of the crampons"): the group of either is its word."""
    either = (p for p in (lang.MEASURED_HOW_ASK, lang.MEASURED_OF) if p)
    return re.compile("|".join(either), re.IGNORECASE)


@functools.cache
def _unit_value(units: str) -> re.Pattern[str]:
    """A number of one of ``units`` ("1.2 L", "三名"), or one of them a few characters before a
    number ("人数：3", "| 容量(升) | 20 |")."""
    num = lang.number()
    counter = rf"(?:{lang.COUNTERS})\s*+" if lang.COUNTERS else ""
    return re.compile(
        rf"(?:{num})\s*+(?:{counter})?(?:{units})(?![A-Za-z])"
        rf"|(?<![A-Za-z])(?:{units})(?![A-Za-z])[^{lang.FULL_STOPS}\n\d]{{0,{UNIT_REACH}}}(?:{num})"
    )


def asked_count(question: str) -> Counted | None:
    """What the question counts, when it asks how many of a thing it names; None when it asks
    no count or counts nothing it names ("how many", "how many times"). A Chinese question
    counts the unit after its counting word (几公升, 多少人, 幾間房: 公升, 人, 间)."""
    m = _counted().search(question)
    if m is None:
        simple = _simplified(question)
        u = _measured().search(simple) or _measured_how().search(simple)
        if u is None:
            return None
        unit = next(g for g in u.groups() if g).lower()
        unit = lang.MEASURED_HOW.get(unit, unit)
        quantity = lang.MEASURE_NAMES.get(unit, "")
        return Counted(frozenset(), quantity or unit, lang.MEASURES[unit], quantity)
    shown = next(g for g in m.groups() if g)
    words = [w for w in shown.lower().split() if w not in lang.STOP_WORDS]
    if not words:
        return None
    # a second word is counted too where it may be (walkers of "wing walkers"); it is named
    # in a note only where it is a noun ("cars", not "cars fit")
    named = words[:1] + [w for w in words[1:] if english_noun_share(w) >= 0.5]
    return Counted(frozenset(stem(w) for w in words), " ".join(named))


@functools.cache
def _words() -> re.Pattern[str]:
    return re.compile(r"[A-Za-z][A-Za-z-]*+")


def holds_count(counted: Counted, text: str) -> bool:
    """Whether ``text`` holds a number of what the question counts: one of its words within
    :data:`COUNT_REACH` characters of a number (how many runners: "the large pool has 12
    runners", "| runners | 12 |"). Each word of the text is looked at once, and around it a
    bounded window (linear)."""
    text = _simplified(text[:MAX_SCANNED])
    if counted.units:
        return _unit_value(counted.units).search(text) is not None
    number = _pattern(lang.number())
    for m in _words().finditer(text):
        if stem(m.group(0).lower()) in counted.stems:
            lo, hi = max(0, m.start() - COUNT_REACH), m.end() + COUNT_REACH
            if number.search(text, lo, m.start()) or number.search(text, m.end(), hi):
                return True
    return False


def asked_second(kind: Kind, question: str) -> bool:
    """Whether the kind of value is asked only by a second ask of the question, after a first
    that asks something of its own ("what is SR-08 and how long is that slot", "PC-2 是什么意思？
    要关多久"): a page that answers the first part is a partial answer, not a wrong one."""
    question = _question(question)
    kind_at = _asked(kind).search(question)
    if kind_at is None:
        return False
    split = _pattern(lang.SECOND_ASK).search(question)  # the first, and its ask after it
    return (
        split is not None
        and split.start() <= kind_at.start()
        and _pattern(lang.FIRST_ASK).search(question, 0, split.start()) is not None
    )
