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
    "unseen_term",
    "unseen_common",
    "matched_common",
    "lacks_kind",
    "reach",
    "specific_share",
    "filler_topic",
)
"""What the ranker measures per hit (see :func:`features`)."""
DERIVED = (
    "relevance_known",
    "short_coverage",
    "short_evidence",
    "short_known",
    "lead",
    "short_unseen_term",
    "short_unseen_common",
    "outside",
    "reach_matched",
)
"""Products of base features: relevance over the terms the KB knows, times the share of the
question it knows; and coverage, evidence and known share again for questions of one or two
keywords (a short question and a long claim weigh the same evidence differently); and the
best file's lead weighted by its evidence (a lone weak match in a small KB leads by all of
its little evidence); the words the KB has never seen again for questions of one or two
keywords (half of "招聘流程" unseen is much of the question); and whether the KB knows at most
a third of a question of three or more keywords (``outside``: once a hold, now weighed). No
feature is the KB's size: the same question with the same evidence
gets the same verdict in a KB of 20 pages and of 20,000 (the KB's size, ``kb_size`` and
``size_matched``, and two measures the fit left out, ``chance`` and ``crowd``, were measured
here until the fit had weighed them at 0 for a round: they are no longer computed)."""
OUTSIDE_SHARE = 1 / 3
"""A question of three or more keywords the KB knows at most this share of is ``outside``."""
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
        col["unseen_term"] * short,
        col["unseen_common"] * short,
        ((col["keywords"] >= 2.0 - 1e-9) & (col["known_share"] <= OUTSIDE_SHARE + 1e-9)).astype(
            np.float64
        ),
        col["reach"] * col["matched_share"] ** 2,
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
    unseen_term: float,
    unseen_common: float,
    matched_common: np.ndarray,
    reach: int,
    specific_share: np.ndarray,
    filler_topic: float,
) -> np.ndarray:
    """The feature matrix (hits x :data:`FEATURES`). ``unseen_term`` and ``unseen_common``
    are the shares of the question's keywords the KB has never seen that are names or terms of
    a domain (Starshards, 牙科, redis) and common words of the language (vanish, 毕业), each
    weighted by how common it is (:func:`..vocabulary.commonness`); ``matched_common`` is how
    common the keywords a file has itself are, on average (a file that has only "run" of "run
    the worker"); ``lacks_kind`` starts at 0 and is set by the verdict when the question asks
    for a kind of value the file's sections do not give; ``reach`` is how many sections hold any
    of the question's terms (the index's own count of the pages the question's words reach,
    never its size: pages that share no word with the question change nothing);
    ``specific_share`` is the share of the question's specificity the file has: each keyword
    weighs by how far it is from a common word of the language (1 - commonness), so a file that
    has only the question's commonest words ("leave" of "parental leave policy", 申请 of
    "停车位怎么申请") has little of it, one with its name or term (taproom, B-2417) much;
    ``filler_topic`` is the share of the question's words read as question words (unseen and
    common) that are nouns by the dictionaries (room, policy, office: a topic the KB lacks
    rather than a way of asking)."""
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
        np.full(n, unseen_term),
        np.full(n, unseen_common),
        matched_common,
        np.zeros(n),
        np.full(n, math.log10(max(reach, 1))),
        specific_share,
        np.full(n, filler_topic),
    ]
    return derive(np.stack(cols, axis=1)) if n else np.zeros((0, len(FEATURES)))
