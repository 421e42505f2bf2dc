"""The published score: the calibrated probability that a hit answers the question, on a scale
whose 0.35 is the decision line.

A logistic model over features that mean the same in a 6-file and a 100,000-file KB (how much of
the question the file covers, the best section's share of it, how much of the question the KB
knows at all, the margin to the next file, identifiers missing whole ...) gives ``p``; the
fitted coefficients and the decision line ``p*`` live in ``confidence.json`` beside this module,
written by ``python -m calibration.fit`` from labelled dev data (see docs/scores.md). The score
is the monotone map of ``p`` that puts ``p*`` at 0.35::

    score = 0.35 * p / p*                          for p <= p*
    score = 0.35 + 0.65 * (p - p*) / (1 - p*)      for p > p*

The holds of :mod:`.holds` (named in :mod:`.registry`) keep a hit under the line whatever the
model says (:data:`NEVER_CONFIDENT`): the question has an identifier the KB has nowhere; the KB
knows at most a third of a question of three or more keywords; the question has two keywords,
one of which the KB has never seen, or asks yes or no about a word the KB has never seen; or the
question asks for a kind of value (a duration, a date, a number ...) the hit's section does not
hold (:mod:`..text.asked`). A hit that contains none of the question's keywords is held too.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..defaults import DEFAULT_THRESHOLD

MODEL_FILE = Path(__file__).with_name("confidence.json")
NEVER_CONFIDENT = 0.8
"""The most a hit that cannot be an answer may score, as a share of the line (0.28)."""

BASE = (
    "evidence",
    "coverage",
    "together",
    "relevance",
    "title",
    "title_precision",
    "matched_share",
    "known_share",
    "filler_share",
    "margin",
    "one_keyword",
    "keywords",
    "rarity",
    "typo",
    "kb_size",
)
"""What the ranker measures per hit (see :func:`features`)."""
DERIVED = (
    "relevance_known",
    "short_coverage",
    "short_evidence",
    "short_known",
    "lead",
    "size_matched",
)
"""Products of base features: relevance over the terms the KB knows, times the share of the
question it knows; and coverage, evidence and known share again for questions of one or two
keywords (a short question and a long claim weigh the same evidence differently); and the
best file's lead weighted by its evidence (a lone weak match in a small KB leads by all of
its little evidence); and the KB's size times the matched share squared (a hit of a small KB
that has most of the question's keywords is more often its answer than one of a large KB, a
hit with one keyword of three is not)."""
FEATURES = BASE + DERIVED
"""The model's inputs: :data:`BASE` then :data:`DERIVED`."""


def derive(base: np.ndarray) -> np.ndarray:
    """:data:`BASE` columns -> :data:`FEATURES` columns (hits x features)."""
    col = {f: base[:, i] for i, f in enumerate(BASE)}
    short = (col["keywords"] <= math.log2(3) + 1e-9).astype(np.float64)
    extra = [
        col["relevance"] * col["known_share"],
        col["coverage"] * short,
        col["evidence"] * short,
        col["known_share"] * short,
        col["margin"] * col["evidence"],
        col["kb_size"] * col["matched_share"] ** 2,
    ]
    return np.column_stack([base, *extra]) if len(base) else np.zeros((0, len(FEATURES)))


@dataclass(frozen=True, slots=True)
class Model:
    coef: tuple[float, ...]
    intercept: float
    line: float
    """``p*``: the probability mapped to the default threshold."""
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    """Feature standardisation of the fit (the coefficients apply to standardised values)."""

    def logit(self, x: np.ndarray) -> np.ndarray:
        z = (x - np.array(self.mean)) / np.array(self.scale)
        return np.asarray(z @ np.array(self.coef) + self.intercept)

    def contributions(self, x: np.ndarray) -> dict[str, float]:
        """Each feature's additive part of the log-odds of one hit (for ``explain``)."""
        z = (x - np.array(self.mean)) / np.array(self.scale)
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
    )


def features(
    *,
    evidence: np.ndarray,
    coverage: np.ndarray,
    together: np.ndarray,
    relevance: np.ndarray,
    title: np.ndarray,
    title_precision: np.ndarray,
    matched_share: np.ndarray,
    known_share: float,
    filler_share: float,
    margin: np.ndarray,
    keywords: int,
    rarity: np.ndarray,
    typo: np.ndarray,
    sections: int,
) -> np.ndarray:
    """The feature matrix (hits x :data:`FEATURES`)."""
    n = len(evidence)
    cols = [
        np.clip(evidence, 0.0, 1.0),
        coverage,
        together,
        relevance,
        title,
        np.minimum(title_precision, 1.0),
        matched_share,
        np.full(n, known_share),
        np.full(n, filler_share),
        np.clip(margin, 0.0, 1.0),
        np.full(n, 1.0 if keywords <= 1 else 0.0),
        np.full(n, math.log2(1 + keywords)),
        rarity,
        typo.astype(np.float64),
        np.full(n, math.log10(max(sections, 1))),
    ]
    return derive(np.stack(cols, axis=1)) if n else np.zeros((0, len(FEATURES)))


def probability(x: np.ndarray) -> np.ndarray:
    return np.asarray(1.0 / (1.0 + np.exp(-model().logit(x))))


def to_score(p: np.ndarray, line: float | None = None) -> np.ndarray:
    """The monotone map of probabilities onto the published scale (``line`` -> 0.35)."""
    ps = line if line is not None else model().line
    t = DEFAULT_THRESHOLD
    return np.where(p <= ps, t * p / ps, t + (1.0 - t) * (p - ps) / (1.0 - ps))


def scores(x: np.ndarray, never: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(probability, score) per hit, in rank order: scores never rise down the list, and a hit
    in ``never`` stays under the line."""
    p = probability(x)
    return p, published(p, never)


def published(p: np.ndarray, never: np.ndarray) -> np.ndarray:
    """The scores of probabilities in rank order: never rising down the list, and a hit in
    ``never`` under the line."""
    s = to_score(p)
    s = np.where(never, np.minimum(s, NEVER_CONFIDENT * DEFAULT_THRESHOLD), s)
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
