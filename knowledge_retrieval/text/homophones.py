"""Chinese words misspelt as they are typed: one character swapped for another of its sound.

A pinyin input method offers every character of a syllable, and a hurried writer takes a wrong
one: 申抱 for 申报, 还书相 for 还书箱. :func:`same_sound` gives the words one such swap away;
the knowledge base decides which of them it writes. The sounds are pypinyin's table, read once
per process; a character is typed by its first reading (假 as jia, not its rare ge), tones are
ignored (an input method is typed without them), and only characters
general Chinese uses are offered (wordfreq's list), in Simplified characters, as queries and
the index write Chinese.
"""

from __future__ import annotations

import functools
import unicodedata

MIN_CHAR_ZIPF = 2.5
"""A character rarer than this in general Chinese (Zipf) is never offered for another: the
input method lists it far down, and the table has thousands of them."""


def _toneless(syllable: str) -> str:
    """``xiāng`` -> ``xiang``, ``lǜ`` -> ``lv``."""
    bare = "".join(
        c for c in unicodedata.normalize("NFD", syllable) if not unicodedata.combining(c)
    )
    return bare.replace("ü", "v")


@functools.cache
def _sounds() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """(character -> its first syllable, syllable -> the common characters read so)."""
    from pypinyin.pinyin_dict import pinyin_dict

    from .generalfreq import listed

    of: dict[str, str] = {}
    chars: dict[str, list[tuple[float, str]]] = {}
    for code, readings in pinyin_dict.items():
        c = chr(code)
        z = listed(c, "zh")
        if z >= MIN_CHAR_ZIPF:
            of[c] = _toneless(readings.split(",")[0])
            chars.setdefault(of[c], []).append((-z, c))
    return of, {s: tuple(c for _z, c in sorted(cs)) for s, cs in chars.items()}


def same_sound(word: str) -> list[str]:
    """The words of ``word``'s length with one of its characters swapped for another of the
    same syllable, the commoner characters first (``申抱`` -> ``申报``, ``申包``, ...)."""
    of, chars = _sounds()
    out: dict[str, None] = {}
    for i, c in enumerate(word):
        for d in chars.get(of.get(c, ""), ()):
            if d != c:
                out[word[:i] + d + word[i + 1 :]] = None
    return list(out)
