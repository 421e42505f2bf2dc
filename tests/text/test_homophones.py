"""Chinese words one character of the same sound away (pypinyin's table, tones ignored)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from knowledge_retrieval.text.homophones import same_sound


def test_a_character_of_the_same_sound_is_offered() -> None:
    assert "申报" in same_sound("申抱")  # bào / bào
    assert "书箱" in same_sound("书相")  # xiāng / xiāng
    assert "几次" in same_sound("几刺")  # cì / cì


def test_only_one_character_is_swapped() -> None:
    for word in same_sound("申抱"):
        assert len(word) == 2
        assert sum(a != b for a, b in zip(word, "申抱", strict=True)) == 1


def test_a_word_without_chinese_characters_has_none() -> None:
    assert same_sound("abc") == []
    assert same_sound("") == []


@given(st.text(max_size=6))
def test_any_text_is_read_without_error(text: str) -> None:
    for word in same_sound(text):
        assert len(word) == len(text)
