"""The fit's choice of the decision line (calibration/fit.py): costs at every line at once, the
rule that takes the middle of the lines alike at the worst set, and rows kept by set."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("scipy")

from calibration import fit
from knowledge_retrieval.verdict import confidence


def _data(rows: list[tuple[str, bool, float, bool, bool]]) -> tuple[fit.Data, np.ndarray]:
    """One hit per question: (set, answerable, probability, the hit answers, held)."""
    data = fit.Data()
    p = []
    for i, (group, answerable, prob, right, held) in enumerate(rows):
        qid = f"{group}:{i}"
        data.questions[qid] = (group, answerable)
        data.x.append(np.zeros(len(confidence.BASE)))
        data.y.append(int(right))
        data.group.append(group)
        data.rank.append(0)
        data.qid.append(qid)
        data.capped.append(held)
        data.held.append("")
        p.append(prob)
    return data, np.array(p)


def test_costs_at_every_line_are_those_of_each_decision() -> None:
    rng = np.random.default_rng(3)
    rows = []
    for group in ("a", "b", "teamkb-x"):
        for _ in range(40):
            answerable = bool(rng.random() < 0.6)
            right = answerable and bool(rng.random() < 0.7)
            rows.append((group, answerable, float(rng.random() * 0.6), right, rng.random() < 0.1))
    data, p = _data(rows)
    sets, costs = fit.line_costs(data, p)
    assert sets == ["a", "b", "teamkb-x"]
    assert costs.shape == (1, 3, len(fit.LINES))
    for i, line in enumerate(fit.LINES):
        d = fit.decisions(data, p, float(line))
        assert costs[0, :, i] == pytest.approx([fit.set_cost(d[g]) for g in sets])
    # the rule "least" is the line where the worst set costs least, of those the least mean
    least = min(
        fit.LINES,
        key=lambda v: (
            round(fit.worst_cost(data, p, float(v)), 4),
            fit.mean_cost(data, p, float(v)),
        ),
    )
    assert fit.choose_line(data, p, rule="least") == pytest.approx(float(least))


def test_the_line_is_the_middle_of_the_lines_alike_at_the_worst_set() -> None:
    # every answerable question is answered first at 0.6 or 0.9 and every absent one scores
    # 0.02: no set costs anything at any line up to 0.60, and half the misses come just above
    rows = [("a", True, 0.6 if i % 2 else 0.9, True, False) for i in range(10)]
    rows += [("b", False, 0.02, False, False) for _ in range(10)]
    data, p = _data(rows)
    assert fit.choose_line(data, p, rule="least") == 0.05  # the first of the flat lines
    middle = fit.choose_line(data, p, rule="middle")
    flat = fit.LINES[fit.LINES <= 0.6]
    assert middle == float(flat[(len(flat) - 1) // 2]) == 0.32
    assert fit.choose_line(data, p) == middle  # the default rule, drawn alike every time


def test_resamples_draw_each_sets_questions_as_many_times_as_it_has() -> None:
    rows = [("a", True, 0.5, True, False)] * 7 + [("b", False, 0.1, False, False)] * 3
    data, _p = _data(rows)
    counts = fit.resample(data, 20, seed=1)
    assert counts.shape == (20, 10)
    assert (counts[:, :7].sum(axis=1) == 7).all()
    assert (counts[:, 7:].sum(axis=1) == 3).all()
    weight = np.array([1.0] + [0.0] * 6 + [1.0, 1.0, 1.0])
    assert (fit.resample(data, 5, seed=1, weight=weight)[:, 0] == 7).all()


def test_an_unknown_line_rule_is_refused() -> None:
    data, p = _data([("a", True, 0.5, True, False)])
    with pytest.raises(ValueError, match=r"^no line rule 'best': one of middle, least$"):
        fit.choose_line(data, p, rule="best")


def test_a_cache_fits_on_the_team_sets_named() -> None:
    rows = [
        (g, True, 0.5, True, False)
        for g in ("teamkb", "teamkb-typos", "teamkb-blind", "teamkb-blind2", "size-5", "drcd-dev")
    ]
    data, _p = _data(rows)
    kept = fit.only_sets(data, ["teamkb-blind2"])
    assert kept.group == ["teamkb", "teamkb-typos", "teamkb-blind2", "size-5", "drcd-dev"]
    assert sorted(g for g, _a in kept.questions.values()) == sorted(kept.group)
    assert len(kept.x) == len(kept.y) == len(kept.held) == len(kept.capped) == 5
