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

from .. import lang
from ..lang.grammar import Kind
from .analysis import has_cjk, to_simplified

__all__ = ["Kind", "asked_kind", "holds_kind"]

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


def asked_kind(question: str) -> Kind | None:
    """The kind of value the question asks for, or None when it asks for no particular kind."""
    question = _simplified(question)
    for kind in lang.grammar.KINDS:
        if _asked(kind).search(question):
            return kind
    return None


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
