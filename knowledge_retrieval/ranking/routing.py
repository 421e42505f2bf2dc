"""README rules decided from each question: which conditional paths are searched, each path's factor.

A KB's README may say "ignore `releases/` unless the question is about a specific version",
"avoid `faq-old/`", "prefer `docs/` over `versioned_docs/`" or "API questions: look in `api/`"
(:class:`~knowledge_retrieval.models.Rule`). The index holds those paths; for one question
:func:`plan` says which of them are left out (a conditional ``exclude`` whose condition does not
hold) and by how much the score of each remaining path is multiplied:

- a conditional ``exclude`` whose condition holds: :data:`CONDITION_MET_FACTOR` (the README ties
  the folder to such questions); one whose condition could not be read: never dropped, scored
  down by :data:`UNKNOWN_CONDITION_FACTOR`;
- ``avoid``: :data:`AVOID_FACTORS` by strength (unless its condition holds);
- ``prefer``: the emphasis feature of the ranker, times :data:`PREFER_FACTORS` by strength; the
  paths it is preferred ``over`` by :data:`OVER_FACTOR`, which breaks a near-tie and no more;
- ``route``: :data:`ROUTE_FACTOR` when the question is about the topic, nothing otherwise.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

import numpy as np

from .. import lang
from ..kb.rules import path_matches
from ..kb.rules.kinds import KIND_WORDS
from ..lang import TOPIC_TWINS
from ..models import Condition, KBRules
from ..text.analysis import has_cjk, index_terms, to_simplified
from . import tuned
from .query import Query

CONDITION_MET_FACTOR = tuned.value("routing.condition_met")
UNKNOWN_CONDITION_FACTOR = tuned.value("routing.unknown_condition")
AVOID_FACTORS = {d: tuned.value(f"routing.avoid_{d}") for d in ("weak", "normal", "strong")}
PREFER_FACTORS = {d: tuned.value(f"routing.prefer_{d}") for d in ("weak", "normal", "strong")}
OVER_FACTOR = tuned.value("routing.over")
ROUTE_FACTOR = tuned.value("routing.route")

_VERSION = re.compile(lang.MENTIONED_VERSION, re.IGNORECASE)
_YEAR = re.compile(lang.MENTIONED_DATE)
_WORD_KINDS = {k: rx for k, rx in KIND_WORDS if k in ("old", "upcoming")}


@dataclass(frozen=True, slots=True)
class _Facts:
    """What conditions can be checked against in one question."""

    kinds: frozenset[str]
    terms: frozenset[str]
    simplified: str


@functools.lru_cache(maxsize=512)
def _facts(text: str, version: str | None) -> _Facts:
    simple = to_simplified(text)  # lang writes Chinese in Simplified
    kinds = {k for k, rx in _WORD_KINDS.items() if rx.search(simple)}
    if version or _VERSION.search(simple):
        kinds.add("version")
    if _YEAR.search(simple):
        kinds.add("year")
    return _Facts(
        frozenset(kinds),
        frozenset(index_terms(text.lower(), words=False)),
        to_simplified(text.lower()),
    )


def _twins(word: str) -> frozenset[str]:
    """The word and its twins in every language (:data:`..lang.TOPIC_TWINS`)."""
    key = to_simplified(word) if has_cjk(word) else word
    return frozenset().union(*(g for g in TOPIC_TWINS if key in g)) | {word}


def _mentions(word: str, facts: _Facts) -> bool:
    if has_cjk(word):
        return to_simplified(word) in facts.simplified
    terms = index_terms(word, words=False)
    return bool(terms) and all(t in facts.terms for t in terms)


def holds(cond: Condition, q: Query) -> bool | None:
    """Whether a README condition holds for a question; None when it was not understood."""
    if not cond.understood:
        return None
    facts = _facts(q.text, q.version)
    if facts.kinds.intersection(cond.kinds):
        return True
    return any(_mentions(t, facts) for w in cond.words for t in _twins(w))


@dataclass(slots=True)
class Plan:
    """The README's rules for one question: paths left out and factors on the rest."""

    hidden: tuple[str, ...]
    """Patterns of conditional excludes whose condition does not hold."""
    weights: tuple[tuple[str, float], ...]
    """(pattern, factor): a file's factor is the product of those whose pattern it matches."""
    _allowed: dict[str, bool] = field(default_factory=dict)
    _factor: dict[str, float] = field(default_factory=dict)

    def allowed(self, path: str) -> bool:
        got = self._allowed.get(path)
        if got is None:
            got = self._allowed[path] = not any(path_matches(path, p) for p in self.hidden)
        return got

    def factor(self, path: str) -> float:
        got = self._factor.get(path)
        if got is None:
            got = 1.0
            for pattern, w in self.weights:
                if path_matches(path, pattern):
                    got *= w
            self._factor[path] = got
        return got

    def mask(self, paths: list[str]) -> np.ndarray:
        """Per path, whether the question may see it."""
        return np.array([self.allowed(p) for p in paths], dtype=bool)

    def factors(self, paths: list[str]) -> np.ndarray:
        return np.array([self.factor(p) for p in paths]) if self.weights else np.ones(len(paths))


def plan(rules: KBRules, q: Query) -> Plan | None:
    """The rules of ``rules`` decided for ``q``; None when the README has no conditional rule
    (then nothing changes: unconditional excludes are never indexed, emphasis is a feature)."""
    conds = rules.conditional
    if not conds:
        return None
    outcome = tuple(
        holds(c, q) if (c := r.unless if r.unless is not None else r.when) is not None else None
        for r in conds
    )
    return _plan(rules, outcome)


@functools.lru_cache(maxsize=256)
def _plan(rules: KBRules, outcome: tuple[bool | None, ...]) -> Plan:
    hidden: list[str] = []
    weights: list[tuple[str, float]] = []
    for r, ok in zip(rules.conditional, outcome, strict=True):
        if r.action == "exclude":
            if ok is False:
                hidden.append(r.path)
            else:
                weights.append((r.path, CONDITION_MET_FACTOR if ok else UNKNOWN_CONDITION_FACTOR))
        elif r.action == "avoid" and not (r.unless is not None and ok):
            weights.append((r.path, AVOID_FACTORS.get(r.strength, 1.0)))
        elif r.action == "prefer":
            if (w := PREFER_FACTORS.get(r.strength, 1.0)) != 1.0:
                weights.append((r.path, w))
            weights += [(o, OVER_FACTOR) for o in r.over]
        elif r.action == "route" and ok:
            weights.append((r.path, ROUTE_FACTOR))
    return Plan(tuple(hidden), tuple(weights))
