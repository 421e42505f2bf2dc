"""Every rule of the ranking and the found decision that is not the model, by name, in one place.

A rule is a hold (a hit stays under the line whatever the model says), a factor (a file's
ranking score is multiplied or lifted) or a reading (how the question's words are read against
the KB's vocabulary). Each is looked up here by the code that applies it (:func:`on`), so that
``python -m calibration.ablate`` can switch any of them off (:func:`disabled`) and measure what
it is worth on every evaluation set; ``docs/scores.md`` lists them with those figures. A rule
whose removal changes nothing beyond noise on sets it was not written from is deleted, not kept
"to be safe".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

Kind = Literal["hold", "factor", "reading"]


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    kind: Kind
    module: str
    """The module that applies it (under ``knowledge_retrieval/ranking/``)."""
    summary: str


RULES: dict[str, Rule] = {
    r.name: r
    for r in (
        Rule(
            "absent_identifier",
            "hold",
            "holds",
            "the question has an identifier (code, key, path, version token) the KB has "
            "nowhere, whole or as the leading run of one it has",
        ),
        Rule(
            "outside",
            "hold",
            "holds",
            "the KB knows at most a third of a question of three or more keywords",
        ),
        Rule(
            "asked_kind",
            "hold",
            "ranker",
            "the question asks for a kind of value (a duration, a date, a number ...) that no "
            "section of the file holding its keywords gives",
        ),
        Rule(
            "unseen_word",
            "hold",
            "holds",
            "a two-keyword question half of which the KB has never seen, or a yes/no question "
            "about a word the KB has never seen in the script of the words it knows",
        ),
        Rule(
            "on_topic",
            "factor",
            "ranker",
            "a question of three or more keywords: every file's score times the square of the "
            "share of its keywords the KB knows",
        ),
        Rule(
            "title_precision",
            "factor",
            "ranker",
            "the share of a file's title made of query terms lifts it",
        ),
        Rule(
            "field_value",
            "factor",
            "ranker",
            "a table row whose field is one keyword and value another lifts its section",
        ),
        Rule(
            "common_word_filler",
            "reading",
            "vocabulary",
            "a word the KB has never seen that is common in general language and names nothing "
            "is a question word, not a topic the KB lacks",
        ),
        Rule(
            "translate_unknown",
            "reading",
            "vocabulary",
            "beside an identifier the KB has, a keyword it lacks is read in its other language",
        ),
        Rule(
            "translate_beside_code",
            "reading",
            "vocabulary",
            "beside a code, key or path the KB has, a keyword it knows is also read in its "
            "other language",
        ),
        Rule(
            "absent_only_where_searched",
            "hold",
            "api",
            "searching several KBs, an identifier absent from one but present in another does "
            "not hold the first KB's hits",
        ),
    )
}
"""The rules in force, by name."""

_off: frozenset[str] = frozenset()


def on(name: str) -> bool:
    """Whether rule ``name`` applies (every rule does, unless an ablation switched it off)."""
    if name not in RULES:
        raise KeyError(f"no rule named {name!r} in the registry")
    return name not in _off


@contextmanager
def disabled(names: Iterable[str]) -> Iterator[None]:
    """Switch rules off for the duration (measurement only: one setting per process at a time,
    shared by its threads)."""
    global _off
    names = frozenset(names)
    unknown = names - RULES.keys()
    if unknown:
        raise KeyError(f"no rule named {', '.join(sorted(unknown))} in the registry")
    before = _off
    _off = before | names
    try:
        yield
    finally:
        _off = before
