"""Every rule of the ranking and the verdict that is not the model, by name, in their order.

A rule is a hold (a hit stays under the line whatever the model says: :mod:`.holds`), a factor
(a file's ranking score is multiplied or lifted: :mod:`..ranking.ranker`) or a reading (how the
question's words are read against the KB's vocabulary: :mod:`..ranking.vocabulary`). Each
module registers its rules on a :class:`~knowledge_retrieval.ruler.Ruler`; this module gathers
them in the order below (the order of the rules table of ``docs/scores.md``), so that
``python -m calibration.ablate`` can switch any of them off (:func:`disabled`) and measure what
it is worth on every evaluation set.
"""

from __future__ import annotations

from ..ranking import ranker, vocabulary
from ..ruler import Rule, disabled, on, registered
from . import holds

__all__ = ["ORDER", "RULES", "Rule", "disabled", "on"]

ORDER = (
    "absent_identifier",
    "outside",
    "asked_kind",
    "spelling_only",
    "on_topic",
    "title_precision",
    "field_value",
    "common_word_filler",
    "translate_unknown",
    "absent_only_where_searched",
)
"""The rules in force, in the order they are listed."""

RULERS = (holds.HOLDS, ranker.FACTORS, vocabulary.READINGS)
"""The rulers that hold them."""

RULES: dict[str, Rule] = {name: registered()[name] for name in ORDER}  # type: ignore[type-arg]
"""The rules in force, by name."""

if set(RULES) != {r.name for ruler in RULERS for r in ruler}:
    raise RuntimeError("verdict.ruler.ORDER does not name every registered rule once")
