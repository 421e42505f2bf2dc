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
    # one sentence under it. No set reads an exclusion as a preference. tune3 stands two
    # under its best (159): one writer's mirrored "`fr/` is checked by a colleague; `de/` and
    # `es/` are machine output, do not use" is labelled no rule for fr/, where the writers of
    # tune4, heldout3 and tune5 label a folder vouched for beside one put out a preference.
    "tune": (205, 1),
    "tune2": (175, 2),
    "tune3": (157, 2),
    "heldout": (156, 1),
    "heldout2": (106, 1),
    "tune4": (117, 1),
    "heldout3": (144, 2),
    "tune5": (114, 1),
    "heldout4": (144, 1),
    "tune6": (116, 1),
    "heldout5": (130, 4),
    "tune7": (111, 3),
    "heldout6": (136, 3),
    "tune8": (77, 3),
    "judge8": (74, 3),
    "heldout7": (70, 4),
    "tune9": (87, 1),
    "judge9": (76, 3),
    "heldout8": (78, 2),
    "tune10": (81, 3),
    "judge10": (83, 3),
    "heldout9": (85, 4),
    "tune11": (80, 3),
    "judge11": (85, 2),
    "heldout10": (86, 4),
    "tune12": (80, 1),
    "judge12": (80, 1),
    "heldout11": (85, 3),
    "tune13": (82, 3),
    "judge13": (85, 1),
    "heldout12": (85, 3),
    "tune14": (82, 3),
    "judge14": (79, 6),
    "heldout13": (80, 3),
    "tune15": (79, 2),
    "judge15": (83, 1),
    "heldout14": (83, 3),
    "tune16": (76, 4),
    "judge16": (81, 2),
    "heldout15": (81, 5),
    "heldout16": (84, 1),
    "tune17": (90, 1),
    "lines-tune": (164, 5),
    "heldout17": (89, 2),
    "lines-heldout": (164, 1),
    "lines-tune2": (166, 3),
    "lines-heldout2": (166, 3),
    "lines-tune3": (161, 5),
    "lines-heldout3": (164, 2),
    "lines-heldout4": (157, 7),
    "lines-heldout5": (166, 4),
    "lines-heldout6": (154, 14),
    "lines-heldout7": (153, 13),
    "lines-tune4": (109, 7),
    "lines-heldout8": (45, 3),
    "lines-tune5": (112, 3),
    "lines-heldout9": (45, 4),
    "lines-tune6": (115, 6),
    "lines-heldout10": (48, 2),
    "lines-tune7": (105, 5),
    "lines-heldout11": (48, 3),
}
AS_PREFERENCES = {
    "heldout5": 1,
    "tune8": 1,
    "judge8": 1,
    "heldout7": 1,
    "judge12": 2,
    "judge13": 1,
    "judge14": 1,
    "judge15": 1,
    "heldout15": 1,
    "lines-heldout5": 1,
}
"""Exclusions read as preferences, where a set has any (every other set: none). heldout5, read
by no one until the end of the sixteenth session, has one: "Minutes in `unapproved/` only
become official once they are approved ... and moved to `approved/`" prefers unapproved/ (a
word of authority said of what the folder becomes, not of what it is); not fixed yet. tune8 has
one: "Airline contact lists are mirrored nightly into `contacts/mirror/` from the ops system —
read-only, and the ops system wins if they differ" prefers the mirror (the winner is named by
words, not by a folder). judge8 and heldout7 (the same writer's, measured unread at the eighteenth
session's start and end) have one each, not read yet. judge12 (the twenty-second session's judge,
read by its aggregates only) has two, judge13 (the twenty-third's, likewise) one, and judge14
(the twenty-fourth's, likewise) one, judge15 (the twenty-fifth's, likewise) one, heldout15 (the twenty-sixth's, read by no one) one, lines-heldout5 (the thirty-second's, measured unread at its start and end: two; one since it was read); lines-heldout4's one (a do / don't table) is read right since the thirty-second, and judge10's one ("answer from `policy/` only — never from
`producer-notes/`" after a condition) is read right since the twenty-fourth."""


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_readme_sentences_hold_their_floors(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KR_INDEX_DIR", "")  # run() points it at its own temporary folder
    scores = readme_rules.score(readme_rules.run(SETS / f"{name}.jsonl"))["all"]
    right, made_up = FLOORS[name]
    assert scores["sentences right"]["hits"] >= right
    assert scores.get("rules made up", {"hits": 0})["hits"] <= made_up
    assert scores["exclusions as preferences"]["hits"] <= AS_PREFERENCES.get(name, 0)
