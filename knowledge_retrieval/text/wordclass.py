"""Whether a Chinese word is a noun: a topic a question asks about, not a question word, even
when it is common.

A question word the KB has never seen (多久, 何时, 怎么办) says nothing about the topic; a noun the
KB has never seen (商品, 电话, 国家) says the KB lacks what was asked, however common the word is.
The classes are the part-of-speech tags of jieba's own dictionary (n, nr, ns, nt, nz, vn, ...),
read on the first word asked about and kept for the life of the process. An English word is a
noun as far as the Chinese words CC-CEDICT gives for it are (:func:`english_noun_share`).
"""

from __future__ import annotations

import functools
import logging
import re
from pathlib import Path

log = logging.getLogger(__name__)

_CJK_NOUN_TAGS = ("n", "vn", "an", "s", "t", "j", "eng")
"""jieba tags of nouns: n and its kinds (nr person, ns place, nt organisation, nz other proper
noun, ng), vn and an (nouns made of a verb or adjective), s place words, t time words (时期),
j abbreviations (a dictionary entry tagged ``eng`` is a Latin word)."""


@functools.lru_cache(maxsize=1)
def _jieba_dictionary() -> str:
    """jieba's dictionary, one ``word freq tag`` a line, each line led by a newline."""
    try:
        from .cjkdict import import_jieba

        path = Path(import_jieba().__file__).with_name("dict.txt")
        return "\n" + path.read_text(encoding="utf-8")
    except (OSError, ImportError, UnicodeDecodeError) as exc:
        log.debug("no jieba dictionary for word classes: %r", exc)
        return ""


_ENTRY = re.compile(r" (\d+) (\w+)")
"""The rest of a dictionary line after its word: its frequency and its tag."""


@functools.lru_cache(maxsize=4096)
def chinese_tag(word: str) -> str:
    """``word``'s (Simplified) part of speech in jieba's dictionary ("n", "v", "vn" ...); "" when
    the dictionary lacks it. An entry's line is found by a plain substring search, once jieba's
    own table says the word is one (a regular expression over the 5 MB of lines took 10 ms a
    word, and most words asked are in none)."""
    from .analysis import jieba_word

    if not word or "\n" in word or not jieba_word(word):  # most words asked are in no entry
        return ""
    text = _jieba_dictionary()
    i = text.find(f"\n{word} ")
    while i >= 0:
        start = i + 1 + len(word)
        end = text.find("\n", start)
        m = _ENTRY.fullmatch(text, start, end if end >= 0 else len(text))
        if m:
            return m.group(2)
        i = text.find(f"\n{word} ", start)
    return ""


SUFFIX_NOUN_SHARE = 0.6
"""A character ends nouns when at least this share of the dictionary's uses of the words it
ends (weighted by their frequencies) are nouns: 码 0.97, 费 0.94, 表 0.85, 室 0.99; not 写 0.24,
欠 0.22, 先 0.29, 开 0.02, 住 0.01."""
SUFFIX_MIN_WORDS = 20
"""Fewer dictionary words than this ending in a character say nothing of it (喔, 啊)."""


@functools.lru_cache(maxsize=1024)
def noun_suffix(char: str) -> bool:
    """Whether the Chinese character ``char`` (Simplified) ends nouns in jieba's dictionary (码
    of 密码 and 号码, 费 of 学费): a lone one after a word joins it (状态 + 码), where a verb,
    an adverb or a particle (填 + 写, 先, 喔) is no part of the word before it. Read from the
    dictionary's own tags and frequencies, once per character."""
    from .analysis import has_cjk

    if len(char) != 1 or not has_cjk(char):
        return False
    text = _jieba_dictionary()
    noun = total = words = 0
    i = text.find(f"{char} ")
    while i >= 0:
        start, end = text.rfind("\n", 0, i), text.find("\n", i)
        # a line "<word> <freq> <tag>" whose word is longer than the character and ends in it
        m = _ENTRY.fullmatch(text, i + 1, end if end >= 0 else len(text))
        if m and i - start > 1 and " " not in text[start:i]:
            words += 1
            total += int(m.group(1))
            noun += int(m.group(1)) if m.group(2).startswith(_CJK_NOUN_TAGS) else 0
        i = text.find(f"{char} ", i + 2)
    return words >= SUFFIX_MIN_WORDS and total > 0 and noun >= SUFFIX_NOUN_SHARE * total


def chinese_noun(word: str) -> bool:
    """``word`` (Simplified) is tagged a noun in jieba's dictionary (商品, 电话; not 多久, 解决)."""
    return chinese_tag(word).startswith(_CJK_NOUN_TAGS)


@functools.lru_cache(maxsize=4096)
def english_noun_share(word: str) -> float:
    """How much an English word is a noun: the share of its Chinese words in CC-CEDICT (a
    sense of which is this word alone) that jieba's dictionary tags a noun (room 1.0, policy
    1.0, company 0.6; happens 0.2, hey 0.0); 0.0 for a word with none."""
    from .analysis import index_terms
    from .glossary import chinese_words

    terms = index_terms(word)
    senses = chinese_words(terms[0]) if terms else ()
    return sum(map(chinese_noun, senses)) / len(senses) if senses else 0.0
