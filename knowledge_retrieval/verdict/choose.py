"""Choose the KB for a query: README overlap, checked against each KB's own best evidence."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..models import KBRules
from ..ranking import tuned
from ..ranking.query import Query
from ..text.analysis import cjk_script, index_terms
from .scale import at_line

README_WEIGHT = tuned.value("choose.readme_weight")
CLOSE_CALL = tuned.value("choose.close_call")
"""Leaders closer than this are both searched (and merged)."""
SCRIPT_BONUS = tuned.value("choose.script_bonus")
"""Added when a Chinese question and the KB's README are in the same script (Traditional or
Simplified): a tie-breaker between two Chinese KBs that match alike."""


EVIDENCE_CUT = tuned.value("choose.evidence_cut")
"""The evidence (the ranking's weighted feature sum) that KB choice puts at the line (piecewise
linear, monotone): the scale README overlap was weighed against on the dev suites."""


def evidence_scale(raw: float) -> float:
    """A best document's evidence on the scale :class:`Choice` weighs it."""
    return at_line(min(1.0, max(0.0, raw)), EVIDENCE_CUT)


@dataclass(frozen=True, slots=True)
class Choice:
    name: str
    readme: float
    evidence: float
    same_script: bool = False
    best: float = 0.0
    """The score of the KB's best hit (what the threshold is compared with)."""

    @property
    def score(self) -> float:
        return (
            README_WEIGHT * self.readme
            + (1 - README_WEIGHT) * self.evidence
            + (SCRIPT_BONUS if self.same_script else 0.0)
        )


def readme_overlap(q: Query, name: str, rules: KBRules) -> float:
    """Share of the query's keywords found in the KB's name, description, keywords and headings."""
    if not q.keywords:
        return 0.0
    found = _readme_terms(name, rules)
    return sum(k.coverage(found) for k in q.keywords) / len(q.keywords)


def same_script(script: str | None, name: str, rules: KBRules) -> bool:
    """True when the question's script (:func:`~knowledge_retrieval.text.analysis.cjk_script`) is
    the KB README's."""
    return script is not None and script == _readme_script(name, rules)


@functools.lru_cache(maxsize=256)
def _readme_script(name: str, rules: KBRules) -> str | None:
    return cjk_script(" ".join([rules.description, *rules.keywords, *rules.headings]))


@functools.lru_cache(maxsize=256)
def _readme_terms(name: str, rules: KBRules) -> frozenset[str]:
    text = " ".join([name, rules.name or "", rules.description, *rules.keywords, *rules.headings])
    return frozenset(index_terms(text, words=False))  # bigrams prove a Chinese keyword


def pick(choices: list[Choice], threshold: float) -> tuple[list[Choice], str]:
    """The KB(s) to answer from and a sentence saying why."""
    ranked = sorted(choices, key=lambda c: c.score, reverse=True)
    lead = ranked[0]
    chosen = [lead]
    if len(ranked) > 1:
        second = ranked[1]
        if lead.score - second.score < CLOSE_CALL and second.best >= threshold:
            chosen.append(second)
    why = (
        f"chose knowledge base '{lead.name}' (README match {lead.readme:.2f}, "
        f"best document {lead.evidence:.2f})"
    )
    if len(ranked) > 1:
        why += f"; next: '{ranked[1].name}' ({ranked[1].readme:.2f} / {ranked[1].evidence:.2f})"
    if len(chosen) > 1:
        why += f"; close call, so '{chosen[1].name}' was searched too and merged"
    return chosen, why
