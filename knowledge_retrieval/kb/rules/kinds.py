"""The wording of each kind of condition a question can be checked for (a version, a year, old
or upcoming versions), shared by the README readers and the routing of questions. The Chinese
words are :mod:`knowledge_retrieval.lang.readme_conditions`' (Simplified): a pattern here is
searched in a text's Simplified form."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...lang import readme_conditions as zh
from ...text.analysis import to_simplified

IGNORECASE = re.IGNORECASE


def alternatives(items: Iterable[str]) -> str:
    """Words as one alternation, the longest first."""
    return "|".join(re.escape(w) for w in sorted(items, key=lambda w: (-len(w), w)))


KIND_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "upcoming",
        re.compile(
            r"\b(?:upcoming|unreleased|future|next (?:release|version)s?|roadmap|planned"
            rf"|not yet released|coming)\b|{alternatives(zh.ZH_KIND_UPCOMING)}",
            IGNORECASE,
        ),
    ),
    (
        "old",
        re.compile(
            r"\b(?:old|older|oldest|legacy|previous|prior|earlier|deprecated|outdated|obsolete"
            rf"|historic\w*|archived|former|past)\b|{alternatives(zh.ZH_KIND_OLD)}",
            IGNORECASE,
        ),
    ),
    (
        "version",
        re.compile(
            r"\b(?:versions?|releases?|versioned|release notes?|changelogs?|v\d[\w.]*)\b"
            rf"|{alternatives(zh.ZH_KIND_VERSION)}",
            IGNORECASE,
        ),
    ),
    (
        "year",
        re.compile(
            rf"\b(?:years?|dates?|dated|decades?|months?)\b|{alternatives(zh.ZH_KIND_YEAR)}",
            IGNORECASE,
        ),
    ),
)
"""Wording of each condition kind, in the order they are looked for (search a text's Simplified
form: :func:`kinds_in`)."""


def kinds_in(text: str) -> list[str]:
    """The kinds of condition a text names, in :data:`KIND_WORDS`' order."""
    simple = to_simplified(text)
    return [kind for kind, rx in KIND_WORDS if rx.search(simple)]
