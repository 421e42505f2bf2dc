"""The cross-language report counts where the layer trails the model alone, by count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calibration.crosslang import _alone_only


def test_the_questions_only_the_model_alone_puts_right_first_are_counted() -> None:
    on = [(True, True, True), (False, True, False), (False, False, False), (True, True, False)]
    alone = [(True, True, False), (True, True, False), (False, True, False), (False, True, False)]
    assert _alone_only(on, alone) == "1 / 1"
    assert _alone_only(on, alone[:2]) == "·"  # not the same questions: no count
    assert _alone_only([], []) == "0 / 0"


def test_the_weighted_logistic_fit_orders_rows_by_their_evidence() -> None:
    import numpy as np

    from calibration.crosslang import _logistic, _prob

    x = np.array([[0.1], [0.2], [0.3], [0.4], [0.5], [0.6]])
    y = np.array([0.0, 0.0, 1.0, 0.0, 1.0, 1.0])
    beta = _logistic(x, y, np.ones(6), l2=0.01)
    p = _prob(beta, x)
    assert beta[1] > 0 and list(np.argsort(p)) == [0, 1, 2, 3, 4, 5]
    heavy = _prob(_logistic(x, y, np.where(y > 0, 3.0, 1.0), l2=0.01), x)
    assert (heavy > p).all()  # a miss weighs more: every page is likelier found


def test_the_found_fit_judges_each_set_left_out_and_prints_every_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from calibration.crosslang import fit_found

    rows = []
    for s in ("a", "b", "c"):
        for i, (group, first, cos) in enumerate(
            [("cross", True, 0.4), ("cross", True, 0.3), ("cross", False, 0.1),
             ("absent", False, 0.05), ("absent", False, 0.15), ("same", True, 0.0)]
        ):  # fmt: skip
            base = {"set": s, "id": f"{s}{i}", "group": group, "first": first}
            rows.append({**base, "mode": "off", "found": group == "same", "obs": None})
            obs = None if group == "same" else {"evidence": {"cosine": cos}, "was": False}
            rows.append({**base, "mode": "on", "found": group == "same", "obs": obs})
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    fit_found(path, ["cosine"], 0.01, demote=False)
    out = capsys.readouterr().out
    chosen = [line for line in out.splitlines() if line.startswith("features")]
    assert len(chosen) == 1 and "worst left-out 0.000" in chosen[0]
    table = [line for line in out.splitlines() if line.startswith("| ")][2:]
    assert [line.split(" | ")[0] for line in table] == ["| a", "| b", "| c", "| pooled"]
    # the right pages (cosine 0.3, 0.4) found, the wrong and absent ones (0.15 and under) not
    assert all(line.split(" | ")[3] == "0 / 0 / 67" for line in table)
    assert all(line.split(" | ")[5] == "100 / 100 / 100" for line in table)
