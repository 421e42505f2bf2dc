"""A Chinese word typed with a wrong character of the same sound is read as the word the KB
writes (real indexes, through the public API)."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval import search

from ..conftest import write


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "tax" / "README.md", "# 报税\n\n申报流程与截止日期。\n")
    write(
        root / "tax" / "vat.md",
        "# 增值税申报\n\n小规模纳税人按季度申报，申报期为 1 月、4 月、7 月和 10 月的前 15 日。\n",
    )
    write(root / "tax" / "fees.md", "# 收费标准\n\n代账服务每月 300 元。\n")
    write(root / "library" / "README.md", "# 流通\n\n還書與借閱。\n")
    write(
        root / "library" / "bookdrop.md",
        "# 還書箱作業\n\n館外還書箱每日 21:00 收取，館際借閱的書不可投入還書箱。\n",
    )
    return root


def test_a_character_typed_by_its_sound_is_corrected(root: Path) -> None:
    r = search("小规模季度申抱是哪几个月", "tax", root=root)
    assert r.found and r.hits[0].path == "vat.md"
    assert "申报" in r.hits[0].matched_terms
    assert "did you mean: 申抱 → 申报 (in 'tax')" in r.notes


def test_the_correction_is_shown_in_the_users_characters(root: Path) -> None:
    r = search("館際借閱的書可以投還書相嗎", "library", root=root)
    assert r.hits and r.hits[0].path == "bookdrop.md"
    assert "did you mean: 书相 → 書箱 (in 'library')" in r.notes


def test_a_word_of_the_language_is_not_corrected(root: Path) -> None:
    # 包包 is a word (a bag), spelt as meant, though 报表 or 宝宝 sound alike
    r = search("包包", "tax", root=root)
    assert not r.found
    assert not any(n.startswith("did you mean") for n in r.notes)
