"""What the ranker measures of each hit for the verdict: the features of the confidence model.

Each feature means the same in a 6-file and a 100,000-file KB where it can (how much of the
question the file covers, the best section's share of it, how much of the question the KB knows
at all, the margin to the next file ...); :mod:`..verdict.confidence` weighs them.
"""

from __future__ import annotations

import math

import numpy as np

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
