"""README sentences as their authors write them: the labelled sets of
calibration/readme_sentences/ (written by people who never saw the parser), each sentence in a
README of its own with its folders present, read by the real parser and guarded as the quality
floors are."""

from __future__ import annotations

import pytest

from calibration import readme_rules

from .conftest import REPO

pytestmark = pytest.mark.quality

SETS = REPO / "calibration" / "readme_sentences"

FLOORS = {
    # set: (sentences right >=, rules made up for sentences that state none <=); measured with
    # ``python -m calibration.readme_rules calibration/readme_sentences/<set>.jsonl``, the floor
    # one sentence under it. No set reads an exclusion as a preference, but heldout3's one.
    "tune": (204, 1),
    "tune2": (174, 2),
    "tune3": (158, 2),
    "heldout": (155, 1),
    "heldout2": (106, 1),
    "tune4": (106, 1),
    "heldout3": (119, 3),
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_readme_sentences_hold_their_floors(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KR_INDEX_DIR", "")  # run() points it at its own temporary folder
    scores = readme_rules.score(readme_rules.run(SETS / f"{name}.jsonl"))["all"]
    right, made_up = FLOORS[name]
    assert scores["sentences right"]["hits"] >= right
    assert scores.get("rules made up", {"hits": 0})["hits"] <= made_up
    inverted = scores["exclusions as preferences"]["hits"]
    assert inverted <= (1 if name == "heldout3" else 0)
