"""Word classes: Chinese from jieba's dictionary tags, English through CC-CEDICT's Chinese words."""

from __future__ import annotations

import pytest

from knowledge_retrieval.text.wordclass import chinese_noun, chinese_tag, english_noun_share


@pytest.mark.parametrize("word", ["商品", "评价", "电话", "国家", "有效期", "时期"])
def test_nouns_are_topics(word: str) -> None:
    assert chinese_noun(word)


@pytest.mark.parametrize("word", ["多久", "怎么", "几点", "何时", "解决", "可以", "不在词典里的词"])
def test_question_words_verbs_and_unknown_words_are_not(word: str) -> None:
    assert not chinese_noun(word)


@pytest.mark.parametrize("word", ["room", "policy", "hour", "office", "company"])
def test_english_words_whose_chinese_words_are_mostly_nouns_are_nouns(word: str) -> None:
    assert english_noun_share(word) > 0.5


@pytest.mark.parametrize("word", ["happens", "hey", "happy", "wants", "qwzxv"])
def test_english_verbs_interjections_and_unknown_words_are_not(word: str) -> None:
    assert english_noun_share(word) <= 0.5


@pytest.mark.parametrize(
    ("word", "tag"),
    [
        ("会议", "n"),
        ("会", "v"),
        ("多久", "m"),
        ("的", "uj"),
        ("请假", "v"),
        ("", ""),
        ("会\n议", ""),
    ],
)
def test_a_words_tag_is_its_own_dictionary_lines(word: str, tag: str) -> None:
    """The line of the word itself, not of a word it begins (会 of 会议) or one it ends."""
    assert chinese_tag(word) == tag
