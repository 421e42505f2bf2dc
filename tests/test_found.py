"""Found means the answer is there: found-rates and false confidence on the team-style fixtures
of calibration/ (real indexes, the library's defaults), guarded as the quality floors are."""

from __future__ import annotations

import pytest

from .conftest import REPO

pytestmark = pytest.mark.quality


# --------------------------------------------------------------------------- found / not found
# The found bit on team-style knowledge bases (calibration/): measured on the final model with
# ``python -m calibration.report calibration/<set>/questions.jsonl --kb-none``; the floors sit
# a little under those figures so that a regression, not noise, fails them.
FOUND_FLOORS = {
    # set: (right file first yet not found <=, absent rejected >=, kb=None right >=)
    "teamkb": (0.01, 0.69, 0.84),
    "teamkb-check": (0.01, 0.68, 0.83),
    "teamkb-fresh": (0.04, 0.8, 0.86),
    "teamkb-blind": (0.02, 0.84, 0.8),
    "teamkb-blind2": (0.03, 0.74, 0.72),
    "teamkb-blind3": (0.03, 0.74, 0.71),
    "teamkb-blind4": (0.04, 0.69, 0.73),
    "teamkb-blind5": (0.02, 0.67, 0.76),
    "teamkb-blind6": (0.02, 0.59, 0.7),
    "teamkb-blind7": (0.04, 0.63, 0.75),  # "how many extra pax": the page counts passengers
    "teamkb-blind8": (0.08, 0.68, 0.66),
    "teamkb-blind9": (0.06, 0.68, 0.69),
    "teamkb-blind10": (0.05, 0.53, 0.63),  # 0.55 before on_topic left the verdict (a18eedf)
    "teamkb-blind11": (0.04, 0.71, 0.7),
    "teamkb-blind12": (0.03, 0.66, 0.69),
    "teamkb-blind13": (0.09, 0.68, 0.71),
    "teamkb-blind14": (0.05, 0.66, 0.69),
    "teamkb-blind15": (0.05, 0.67, 0.7),
    "teamkb-blind16": (0.06, 0.68, 0.66),
    "teamkb-blind17": (0.05, 0.66, 0.66),
    "teamkb-blind18": (0.08, 0.66, 0.67),
    "teamkb-blind19": (0.07, 0.71, 0.7),
    "teamkb-blind20": (0.03, 0.72, 0.76),
    "teamkb-blind21": (0.06, 0.68, 0.66),
    "teamkb-blind22": (0.06, 0.7, 0.69),
    "teamkb-blind23": (0.06, 0.68, 0.72),
    "teamkb-blind24": (0.05, 0.66, 0.65),
    "teamkb-blind25": (0.02, 0.67, 0.73),
    "teamkb-blind26": (0.06, 0.64, 0.67),
    "teamkb-blind27": (0.05, 0.69, 0.68),
    "teamkb-blind28": (0.09, 0.78, 0.68),
    "teamkb-blind29": (0.04, 0.66, 0.7),
    "teamkb-blind30": (0.08, 0.69, 0.69),
    "teamkb-blind31": (0.05, 0.65, 0.68),
    "teamkb-blind32": (0.05, 0.66, 0.71),
    "teamkb-blind33": (0.06, 0.78, 0.73),
    "teamkb-blind34": (0.08, 0.7, 0.69),
    "teamkb-blind35": (0.06, 0.66, 0.63),
    "teamkb-blind36": (0.12, 0.69, 0.63),
    "teamkb-blind37": (0.12, 0.65, 0.62),
    "teamkb-blind38": (0.05, 0.73, 0.66),
    "teamkb-blind39": (0.03, 0.65, 0.7),
    "teamkb-blind40": (0.04, 0.66, 0.69),
    "teamkb-blind41": (0.09, 0.69, 0.68),
    "teamkb-blind42": (0.07, 0.68, 0.65),
    "teamkb-blind43": (0.03, 0.70, 0.65),
    "teamkb-blind44": (0.08, 0.70, 0.69),
    "teamkb-blind48": (0.06, 0.68, 0.68),
    "teamkb-blind49": (0.11, 0.67, 0.64),
    "teamkb-blind50": (0.05, 0.71, 0.68),
    "teamkb-blind51": (0.07, 0.75, 0.73),
    "teamkb-blind52": (0.08, 0.7, 0.66),
    "teamkb-blind53": (0.06, 0.79, 0.73),
    "teamkb-blind54": (0.07, 0.7, 0.68),
    "teamkb-blind55": (0.08, 0.69, 0.7),
}
ABSENT_ID_FLOORS = {
    "teamkb-blind5": (0.84, 0.84),
    "teamkb-blind6": (0.95, 0.95),
    "teamkb-blind7": (0.90, 0.90),
    "teamkb-blind8": (0.90, 0.86),
    "teamkb-blind9": (1.0, 0.95),
    "teamkb-blind10": (0.95, 0.95),
    "teamkb-blind11": (1.0, 0.90),
    "teamkb-blind12": (0.86, 0.86),
    "teamkb-blind13": (1.0, 1.0),
    "teamkb-blind14": (1.0, 1.0),
    "teamkb-blind15": (0.9, 0.86),
    "teamkb-blind16": (0.9, 0.9),
    "teamkb-blind17": (0.95, 0.95),
    "teamkb-blind18": (0.9, 0.9),
    "teamkb-blind19": (0.95, 0.95),
    "teamkb-blind20": (0.95, 0.9),
    "teamkb-blind21": (0.95, 0.95),
    "teamkb-blind22": (0.95, 0.95),
    "teamkb-blind23": (0.95, 0.95),
    "teamkb-blind24": (0.9, 0.9),
    "teamkb-blind25": (0.86, 0.82),
    "teamkb-blind26": (0.9, 0.9),
    "teamkb-blind27": (0.95, 0.95),
    "teamkb-blind28": (0.95, 0.95),
    "teamkb-blind29": (0.95, 0.95),
    "teamkb-blind30": (0.95, 0.95),
    "teamkb-blind31": (0.95, 0.95),
    "teamkb-blind32": (0.95, 0.95),
    "teamkb-blind33": (0.95, 0.95),
    "teamkb-blind34": (0.95, 0.9),
    "teamkb-blind35": (0.95, 0.95),
    "teamkb-blind36": (0.95, 0.95),
    "teamkb-blind37": (0.95, 0.95),
    "teamkb-blind38": (0.95, 0.9),
    "teamkb-blind39": (0.95, 0.95),
    "teamkb-blind40": (0.95, 0.95),
    "teamkb-blind41": (0.95, 0.95),
    "teamkb-blind42": (0.95, 0.95),
    "teamkb-blind43": (0.95, 0.95),
    "teamkb-blind44": (0.95, 0.95),
    "teamkb-blind48": (0.95, 0.85),
    "teamkb-blind49": (0.95, 0.85),
    "teamkb-blind50": (0.9, 0.81),
    "teamkb-blind51": (0.77, 0.72),
    "teamkb-blind52": (0.95, 0.95),
    "teamkb-blind53": (0.95, 0.9),
    "teamkb-blind54": (0.95, 0.85),
    "teamkb-blind55": (0.95, 0.9),
}
"""Identifiers that exist nowhere: not found, and with a did-you-mean (every one elsewhere); on
the blind5 root 3 of 19 are found (its rows are not read, so no rule was written for them;
one more since the model weighs how many sections a question's words reach, not the KB's
size); the newest roots, written as people type, find 1 of 24 (blind6), 2 of 22 (blind7),
2 of 22 (blind8), none of 22 (blind9), 1 of 22 (blind10), none of 22 (blind11), 3 of 22
(blind12), none of 22 (blind13), none of 22 (blind14), 2 of 22 (blind15), 1 of 22 (blind16), none of 22 (blind17), 1 of 22 (blind18), none of 22 (blind19), none of 22 (blind20), none of 22 (blind21), none of 22 (blind22), 1 of 22 (blind23), 1 of 22 (blind24), 2 of 22 (blind25), 1 of 22 (blind26), none of 22 (blind27), 1 of 22 (blind28), 1 of 22 (blind29: 4 before codes such as 滅-13 were read whole), 1 of 22 (blind30), none of 22 (blind31), none of 22 (blind32), none of 22 (blind33), none of 22 (blind34: one of them with no did-you-mean) and none of 22 (blind35),
5 of 22 on blind51 (a status word, a numbered radio channel, 品类代码17, a one-letter studio
name: numbered things written as words, which no reading takes for codes), since a
short code of a KB's series (L5 beside L1 to L4, 18B beside 18A) and a code that mixes scripts
(M3-數A) count as identifiers."""


@pytest.mark.timeout(600)
@pytest.mark.parametrize("name", sorted(FOUND_FLOORS))
def test_found_means_found_on_team_kbs(name: str) -> None:
    from calibration.common import load_questions
    from calibration.report import run, summarise

    folder = REPO / "calibration" / name
    rows, _seconds = run(load_questions(folder / "questions.jsonl"), folder, kb_none=True)
    s = summarise(rows)
    miss, rejected, kb_none = FOUND_FLOORS[name]
    print(name, s)
    assert s["miss_right_first"] <= miss, s
    assert s["rejected"] >= rejected, s
    assert s["kb_none_ok"] >= kb_none, s
    not_found, suggested = ABSENT_ID_FLOORS.get(name, (1.0, 1.0))
    assert s["absent_id_not_found"] >= not_found, s
    assert s["absent_id_suggested"] >= suggested, s
    assert s["empty_matched_terms"] == 0, s
