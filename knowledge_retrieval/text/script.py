"""Which language a text is written in, by its script: Chinese characters against Latin letters."""

from __future__ import annotations

import re

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")

LANGUAGE_NAMES = {"en": "English", "zh": "Chinese"}


def text_lang(text: str) -> str:
    """``zh`` when the text is mostly Chinese (a Chinese character counts as three Latin
    letters: the identifiers of a Chinese page leave it Chinese), ``en`` when it has Latin
    letters, else ``""``."""
    cjk = len(_CJK.findall(text))
    latin = len(_LATIN.findall(text))
    if cjk == 0 and latin == 0:
        return ""
    return "zh" if cjk * 3 >= latin else "en"


def query_lang(text: str) -> str:
    """A question's language: ``zh`` when it has any Chinese character (an identifier asked
    about in a Chinese sentence), else ``en`` when it has Latin letters, else ``""``."""
    if _CJK.search(text):
        return "zh"
    return "en" if _LATIN.search(text) else ""
