"""Team names are compared without the characters nobody sees (teams.py ``team_key``)."""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_retrieval.team.teams import load_teams, team_key

# the ones the hand list missed, then a sample of the others
MISSED = [
    "\U000e0001", "\U000e0020", "\U000e0041", "\U000e007f",  # tag characters
    "\ufe00", "\ufe0f", "\U000e0100", "\U000e01ef",  # variation selectors
    "\u180b", "\u180c", "\u180d", "\u180f",  # Mongolian free variation selectors
    "\u17b4", "\u17b5",  # Khmer inherent vowels
    "\U0001d173", "\U0001d17a",  # musical symbol formatting
    "\ufff9", "\ufffa", "\ufffb",  # interlinear annotation
    "\x00", "\x01", "\x1f", "\x7f", "\x9b",  # controls, NUL included
    "\u0600", "\u06dd", "\U000110bd", "\U00013430", "\U0001bca0", "\U0001bca3",  # other formats
    "\u2065", "\ufff0",  # reserved default-ignorable code points
]  # fmt: skip
SEEN = ["\u200b", "\u200d", "\u202e", "\u2066", "\ufeff", "\u00ad", "\u034f", "\u3164"]


def _ignorable(c: str) -> bool:
    """Cf / Cc, or a default-ignorable code point (DerivedCoreProperties.txt) of another
    category: what a reader of the name cannot see."""
    o = ord(c)
    return unicodedata.category(c) in ("Cf", "Cc") or (
        o in (0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2065)
        or 0x17B4 <= o <= 0x17B5
        or 0x180B <= o <= 0x180F
        or 0xFE00 <= o <= 0xFE0F
        or 0xFFF0 <= o <= 0xFFF8
        or 0xE0000 <= o <= 0xE0FFF
    )


INVISIBLE = sorted({chr(o) for o in range(sys.maxunicode + 1) if _ignorable(chr(o))})


@pytest.mark.parametrize("mark", MISSED + SEEN, ids=lambda c: f"U+{ord(c):04X}")
def test_an_invisible_character_is_no_new_team(sample_root: Path, mark: str) -> None:
    config = load_teams(sample_root)
    for spelled in (f"risk{mark}", f"ri{mark}sk", f"{mark}RISK", f"ｒｉｓｋ{mark}{mark}"):
        res = config.resolve(spelled)
        assert res.team is not None and res.team.name == "risk", repr(spelled)
        assert not res.allowed


@settings(max_examples=300, deadline=None)
@given(
    name=st.text(st.characters(categories=["L", "N", "Pd", "Pc"]), min_size=1, max_size=12),
    marks=st.lists(
        st.tuples(st.integers(0, 12), st.sampled_from(INVISIBLE)), min_size=1, max_size=4
    ),
)
def test_invisible_characters_never_change_a_name(name: str, marks: list[tuple[int, str]]) -> None:
    spelled = name
    for at, mark in marks:
        spelled = spelled[:at] + mark + spelled[at:]
    assert team_key(spelled) == team_key(name)


def test_visible_differences_still_count() -> None:
    assert team_key("risk") != team_key("risks")
    assert team_key("ris k") != team_key("risk")
    assert team_key("pay-core") != team_key("paycore")
