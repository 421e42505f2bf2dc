"""General word frequencies: wordfreq's lists, and Chinese words they lack read as wordfreq reads
text (cut into listed words, each inferred break costing a factor of ten)."""

from __future__ import annotations

import pytest

from knowledge_retrieval.text.generalfreq import INFERRED_BREAK, listed, zipf


def test_a_listed_word_has_its_listed_frequency() -> None:
    assert zipf("东西", "zh") == listed("东西", "zh") > 5.0
    assert zipf("refund", "en") == listed("refund", "en") > 3.0


def test_a_common_chinese_word_the_list_keeps_in_pieces_is_common() -> None:
    # wordfreq's segmenter cuts 最多 into 最 and 多: the list has no 最多
    assert listed("最多", "zh") == 0.0
    got = zipf("最多", "zh")
    parts = [listed(c, "zh") for c in "最多"]
    assert min(parts) - INFERRED_BREAK - 0.31 <= got <= min(parts) - INFERRED_BREAK
    assert got >= 4.7


@pytest.mark.parametrize("word", ["泡多浓", "入面做"])
def test_a_run_of_characters_no_word_covers_is_rare(word: str) -> None:
    assert zipf(word, "zh") < 3.0


def test_english_words_are_not_cut() -> None:
    assert zipf("whatsoeverzz", "en") == 0.0
