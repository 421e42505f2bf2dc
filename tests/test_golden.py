"""A change of layout changes no result: a sample of questions, asked through the public API,
gives the committed results byte for byte (every hit, score, feature, note and answer).

After a change that is meant to change results, write the file again and read its diff:
``python -m calibration.golden --sample --out tests/fixtures/golden/results.jsonl``.
"""

from __future__ import annotations

import json
from pathlib import Path

from calibration import golden

from .conftest import REPO

GOLDEN = REPO / "tests" / "fixtures" / "golden" / "results.jsonl"


def test_the_sample_gives_the_committed_results(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    n = golden.run(sample=True, out=out)
    want = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = out.read_text(encoding="utf-8").splitlines()
    assert n == len(want), f"{n} questions asked, {len(want)} in the golden file"
    for w, g in zip(want, got, strict=True):
        if w != g:
            case = json.loads(w)
            raise AssertionError(
                f"{case['set']} {case['id']} (kb={case['kb']!r}) changed; if meant, write the "
                "file again: python -m calibration.golden --sample --out "
                "tests/fixtures/golden/results.jsonl"
            )
