"""The published score: the calibrated probability that a hit answers the question, on a scale
whose line (:data:`.scale.LINE`, the default threshold) decides "found".

A logistic model over features that mean the same in a 6-file and a 100,000-file KB (how much of
the question the file covers, the best section's share of it, how much of the question the KB
knows at all, the margin to the next file, identifiers missing whole ...) gives ``p``; the
fitted coefficients and the decision line ``p*`` live in ``confidence.json`` beside this module,
written by ``python -m calibration.fit`` from labelled dev data (see docs/scores.md). The score
is the monotone map of ``p`` that puts ``p*`` at the line (:func:`.scale.at_line`)::

    score = LINE * p / p*                              for p <= p*
    score = LINE + (1 - LINE) * (p - p*) / (1 - p*)    for p > p*

A model file may give each feature's fitted range (``low``, ``high``): values are clipped to
it, so a value no fitted row had moves the verdict no further than the most extreme one did.

The holds of :mod:`.holds` (named in :mod:`.ruler`) keep a hit under the line whatever the
model says (:data:`NEVER_CONFIDENT`), but those the fit chose to weigh instead (``weighed`` in
the model file, each a feature of the model too): the question has an identifier the KB has nowhere; the KB
knows at most a third of a question of three or more keywords and the hit has no name or term
of its domain among them; the hit stands on one word read as another further from it than a
misspelling; or the question asks for a kind of value (a duration, a date, a number ...) the
hit's section does not hold, other than in a second ask (:mod:`..text.asked`). A hit that contains
none of the question's keywords is held too."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..ranking.features import BASE, DERIVED, FEATURES, derive
from .scale import HELD, NEVER_CONFIDENT, at_line

__all__ = [
    "BASE",
    "DERIVED",
    "FEATURES",
    "NEVER_CONFIDENT",
    "Model",
    "derive",
    "explain",
    "model",
    "probability",
    "published",
    "scores",
    "to_score",
]

MODEL_FILE = Path(__file__).with_name("confidence.json")


@dataclass(frozen=True, slots=True)
class Model:
    coef: tuple[float, ...]
    intercept: float
    line: float
    """``p*``: the probability mapped to the default threshold."""
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    """Feature standardisation of the fit (the coefficients apply to standardised values)."""
    low: tuple[float, ...]
    high: tuple[float, ...]
    """The range of each feature over the fitted rows: values are clipped to it."""
    weighed: frozenset[str] = frozenset()
    """Holds of :mod:`.holds` the fit chose to weigh rather than hold (each is a feature of
    the model too: ``outside``, ``unseen_term`` / ``unseen_common``, ``lacks_kind``): chosen by
    the worst left-out set of ``python -m calibration.fit``."""

    def clip(self, x: np.ndarray) -> np.ndarray:
        return np.asarray(np.clip(x, np.array(self.low), np.array(self.high)))

    def logit(self, x: np.ndarray) -> np.ndarray:
        z = (self.clip(x) - np.array(self.mean)) / np.array(self.scale)
        return np.asarray(z @ np.array(self.coef) + self.intercept)

    def contributions(self, x: np.ndarray) -> dict[str, float]:
        """Each feature's additive part of the log-odds of one hit (for ``explain``)."""
        z = (self.clip(x) - np.array(self.mean)) / np.array(self.scale)
        return {f: float(c * v) for f, c, v in zip(FEATURES, self.coef, z, strict=True)}


@functools.lru_cache(maxsize=1)
def model() -> Model:
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise RuntimeError(f"{MODEL_FILE.name} was fitted on other features; refit it")
    return Model(
        coef=tuple(data["coef"]),
        intercept=float(data["intercept"]),
        line=float(data["line"]),
        mean=tuple(data["mean"]),
        scale=tuple(data["scale"]),
        low=tuple(data.get("low") or [-np.inf] * len(FEATURES)),
        high=tuple(data.get("high") or [np.inf] * len(FEATURES)),
        weighed=frozenset(data.get("weighed") or ()),
    )


def probability(x: np.ndarray) -> np.ndarray:
    return np.asarray(1.0 / (1.0 + np.exp(-model().logit(x))))


def to_score(p: np.ndarray, line: float | None = None) -> np.ndarray:
    """The monotone map of probabilities onto the published scale (``line`` -> the line)."""
    return at_line(p, line if line is not None else model().line)


def scores(x: np.ndarray, never: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(probability, score) per hit, in rank order: scores never rise down the list, and a hit
    in ``never`` stays under the line."""
    p = probability(x)
    return p, published(p, never)


def published(p: np.ndarray, never: np.ndarray) -> np.ndarray:
    """The scores of probabilities in rank order: never rising down the list, and a hit in
    ``never`` under the line."""
    s = to_score(p)
    s = np.where(never, np.minimum(s, HELD), s)
    return np.minimum.accumulate(s) if len(s) else s


def explain(
    x: np.ndarray,
    probability: float,
    score: float,
    capped: bool,
    lacks: str = "",
    held: Sequence[str] = (),
) -> dict[str, object]:
    """How one hit's score was made: each feature, its value and its part of the log-odds (and
    the rules that hold it under the line, ``held``; when the question asks for a kind of value
    the hit's section does not hold, that kind)."""
    m = model()
    contrib = m.contributions(x)
    out: dict[str, object] = {
        "probability": round(probability, 4),
        "score": round(score, 4),
        "line": m.line,
        "intercept": round(m.intercept, 4),
        "capped": capped,
        "features": {
            f: {"value": round(float(v), 4), "contribution": round(contrib[f], 4)}
            for f, v in zip(FEATURES, x, strict=True)
        },
    }
    if held:
        out["held"] = list(held)
    if lacks:
        out["lacks"] = lacks
    return out
