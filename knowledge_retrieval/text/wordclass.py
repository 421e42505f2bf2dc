"""Whether a Chinese word is a noun: a topic a question asks about, not a question word, even
when it is common.

A question word the KB has never seen (多久, 何时, 怎么办) says nothing about the topic; a noun the
KB has never seen (商品, 电话, 国家) says the KB lacks what was asked, however common the word is.
The classes are the part-of-speech tags of jieba's own dictionary (n, nr, ns, nt, nz, vn, ...),
read on the first word asked about and kept for the life of the process.
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
    try:
        from .cjkdict import import_jieba

        path = Path(import_jieba().__file__).with_name("dict.txt")
        return path.read_text(encoding="utf-8")
    except (OSError, ImportError, UnicodeDecodeError) as exc:
        log.debug("no jieba dictionary for word classes: %r", exc)
        return ""


@functools.lru_cache(maxsize=4096)
def chinese_noun(word: str) -> bool:
    """``word`` (Simplified) is tagged a noun in jieba's dictionary (商品, 电话; not 多久, 解决)."""
    m = re.search(rf"^{re.escape(word)} \d+ (\w+)$", _jieba_dictionary(), re.MULTILINE)
    return m is not None and m.group(1).startswith(_CJK_NOUN_TAGS)
