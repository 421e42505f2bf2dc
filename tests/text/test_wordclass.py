"""Chinese word classes from jieba's dictionary tags."""

from __future__ import annotations

import pytest

from knowledge_retrieval.text.wordclass import chinese_noun


@pytest.mark.parametrize("word", ["商品", "评价", "电话", "国家", "有效期", "时期"])
def test_nouns_are_topics(word: str) -> None:
    assert chinese_noun(word)


@pytest.mark.parametrize("word", ["多久", "怎么", "几点", "何时", "解决", "可以", "不在词典里的词"])
def test_question_words_verbs_and_unknown_words_are_not(word: str) -> None:
    assert not chinese_noun(word)
