"""The score model: the map of probabilities onto the published scale, its rules, explain."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from knowledge_retrieval.defaults import DEFAULT_THRESHOLD
from knowledge_retrieval.verdict import confidence, holds


def test_the_line_maps_to_the_default_threshold_and_the_map_is_monotone() -> None:
    line = confidence.model().line
    got = confidence.to_score(np.array([0.0, line, 1.0]))
    assert got.tolist() == pytest.approx([0.0, DEFAULT_THRESHOLD, 1.0])
    p = np.linspace(0.0, 1.0, 101)
    assert (np.diff(confidence.to_score(p)) > 0).all()


def test_scores_never_rise_down_the_list_and_held_hits_stay_under_the_line() -> None:
    rows = np.zeros((3, len(confidence.BASE)))
    x = confidence.derive(rows)
    x[:, confidence.FEATURES.index("relevance")] = [0.2, 0.9, 0.5]  # a later hit looks better
    p, s = confidence.scores(x, np.array([False, False, True]))
    assert (np.diff(s) <= 0).all()
    assert s[2] <= confidence.NEVER_CONFIDENT * DEFAULT_THRESHOLD < DEFAULT_THRESHOLD
    assert p.shape == (3,)


def test_explain_adds_up_to_the_probability() -> None:
    x = confidence.derive(np.full((1, len(confidence.BASE)), 0.5))[0]
    p = float(confidence.probability(x[None, :])[0])
    e = confidence.explain(x, p, 0.5, False)
    logit = e["intercept"] + sum(f["contribution"] for f in e["features"].values())
    assert 1 / (1 + math.exp(-logit)) == pytest.approx(p, abs=2e-3)
    assert list(e["features"]) == list(confidence.FEATURES)


def test_the_fitted_model_keeps_each_features_sign() -> None:
    from calibration.fit import SIGNS

    data = json.loads(confidence.MODEL_FILE.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == confidence.FEATURES
    for name, coef in zip(data["features"], data["coef"], strict=True):
        sign = SIGNS.get(name, 0)
        assert coef * sign >= 0, (name, coef)
    assert 0.0 < data["line"] < 1.0


def test_release_lifts_only_the_absent_identifier_cap() -> None:
    # an identifier another searched KB has holds nobody down; a file another rule holds (it
    # knows too little of the question) stays under the line
    from knowledge_retrieval.ranking.matches import FileMatch, SectionMatch

    def capped(held: tuple[str, ...]) -> FileMatch:
        return FileMatch(
            path="a.md",
            score=confidence.NEVER_CONFIDENT * DEFAULT_THRESHOLD,
            best=SectionMatch(0, 1.0),
            coverage=1.0,
            relevance=1.0,
            title=0.0,
            emphasized=False,
            matched_terms=["VPN"],
            missing_terms=[],
            probability=0.9,
            capped=True,
            held=held,
        )

    only_id, also_out = capped(("absent_identifier",)), capped(("absent_identifier", "outside"))
    holds.release([only_id])
    holds.release([also_out])
    assert not only_id.capped and only_id.score > DEFAULT_THRESHOLD
    assert also_out.capped and also_out.held == ("outside",)
    assert also_out.score < DEFAULT_THRESHOLD
