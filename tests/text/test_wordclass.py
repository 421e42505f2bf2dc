"""Word classes: Chinese from jieba's dictionary tags, English through CC-CEDICT's Chinese words."""

from __future__ import annotations

import pytest

from knowledge_retrieval.text.wordclass import (
    chinese_noun,
    chinese_tag,
    english_noun_share,
    noun_suffix,
)


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


@pytest.mark.parametrize("char", ["码", "费", "表", "率", "室", "员", "卡", "区"])
def test_characters_that_end_nouns_are_suffixes(char: str) -> None:
    """状态 + 码, 管理 + 费: most of the dictionary's uses of the words they end are nouns."""
    assert noun_suffix(char)


@pytest.mark.parametrize("char", ["写", "欠", "先", "开", "住", "用", "喔", "啊", "码码", "a", ""])
def test_verbs_adverbs_particles_and_non_characters_are_not(char: str) -> None:
    """必须 + 写, 住户 + 欠, 申请 + 喔: a verb, an adverb or a particle is no part of the word
    before it; a character that ends fewer than SUFFIX_MIN_WORDS words (啊) says nothing."""
    assert not noun_suffix(char)
