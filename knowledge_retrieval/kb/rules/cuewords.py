"""The README grammar's patterns from the cue words of :mod:`knowledge_retrieval.lang.readme`:
an English list as words between word boundaries (``_`` a blank), a Chinese list as an
alternation, the longest entry first, and a clause's mentions as placeholders."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...lang import readme as cues

IGNORECASE = re.IGNORECASE
PLACEHOLDER = re.compile(r"\x00(\d+)\x00")


def _en(items: Iterable[str]) -> str:
    alts = sorted((re.escape(w).replace("_", r"\s+").replace("'", "['’]") for w in items), key=len)
    # the lookahead turns a position that starts no word away at once (not once per entry)
    return r"(?=[A-Za-z])(?<![\w-])(?:" + "|".join(reversed(alts)) + r")(?![\w-])"


def _zh(items: Iterable[str]) -> str:
    assert all(not re.search("[A-Za-z]", w) for w in items), "Chinese cue lists hold no letters"
    alts = "|".join(re.escape(w) for w in sorted(items, key=len, reverse=True))
    return rf"(?=[\u3400-\u9fff])(?:{alts})"


def _both(en: Iterable[str], zh: Iterable[str]) -> re.Pattern[str]:
    return re.compile(f"{_en(en)}|{_zh(zh)}", IGNORECASE)


NEGATOR = _both(cues.EN_NEGATORS, cues.ZH_NEGATORS)
USE_VERB = _both(cues.EN_USE_VERBS, cues.ZH_USE_VERBS)
NOT = _both(cues.EN_NOT, cues.ZH_NOT)
"""A word that negates what follows ("not", 未, 唔): a word of authority after it is one of
non-authority ("not reviewed", 未经批准)."""
STOP = re.compile(r"[,，;；。.!！?？:：—–()（）]")
"""Where a clause's cue words stop reaching: punctuation that ends a phrase."""
CASE = re.compile(rf"^\W*(?:(?:{_en(cues.EN_CASE)})\b|{_zh(cues.ZH_CASE)})", IGNORECASE)
"""A clause that opens with "if" (如果, 要是 ...): a case supposed."""
