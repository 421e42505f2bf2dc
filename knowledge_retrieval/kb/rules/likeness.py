"""How much a README sentence that names a folder reads like a rule about it, by a fitted model.

The grammar reads a rule from cue words (``lang/readme``); a sentence whose words it does not
know ("`chat-logs` is great for vibes, terrible as a source") gives no rule and, with no cue,
was silent. This model, fitted on README sentences people wrote and labelled
(``calibration/readme_sentences``, ``python -m calibration.readme_likeness``), weighs the
sentence's character n-grams and words: one that reads like a rule and gave none is reported
as not understood, so an agent applies it itself. It never makes a rule.

Features: the sentence lower-cased in its Simplified form, each folder or file it names written
``§``, blanks collapsed; its character 1- to 3-grams and its Latin words and word pairs. Linear
in the sentence's length.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
from importlib import resources

from ...text.analysis import to_simplified

_BLANKS = re.compile(r"\s+")
_LATIN = re.compile(r"[a-z]+")
MENTION = "§"
"""What a folder or file the sentence names is written as."""


def features(text: str) -> set[str]:
    """The features of a sentence whose mentions are written :data:`MENTION`."""
    t = _BLANKS.sub(" ", to_simplified(text).lower()).strip()
    out = {t[i : i + n] for n in (1, 2, 3) for i in range(len(t) - n + 1)}
    words = _LATIN.findall(t)
    out.update(f"W:{w}" for w in words)
    out.update(f"B:{a}_{b}" for a, b in itertools.pairwise(words))
    return out


@functools.cache
def _model() -> tuple[float, dict[str, float], float]:
    raw = resources.files(__package__).joinpath("likeness.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    return float(data["bias"]), dict(data["weights"]), float(data["threshold"])


def probability(text: str, bias: float, weights: dict[str, float]) -> float:
    """The probability that a sentence states a rule, by a model's bias and weights."""
    z = bias + sum(weights.get(f, 0.0) for f in features(text))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def rule_likeness(text: str) -> float:
    """The probability that a sentence (mentions written :data:`MENTION`) states a rule."""
    bias, weights, _t = _model()
    return probability(text, bias, weights)


def reads_like_rule(text: str) -> bool:
    """Whether the model puts the sentence at or above its fitted line."""
    return rule_likeness(text) >= _model()[2]
