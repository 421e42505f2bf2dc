"""Comparisons of authority in a README clause: "more reliable than `b/`", "比 `乙/` 可靠",
"less reliable than", "不如"; and a negated verb of replacing: "cannot replace `b/`", "不能取代"
(what the clause names before it yields to what it names after)."""

from __future__ import annotations

import re

from ...lang import readme as cues
from .cuewords import IGNORECASE, NEGATOR, NOT, STOP, USE_VERB, _both, _en, _zh

_SUBSTITUTE = _both(cues.EN_SUBSTITUTE, cues.ZH_SUCCESSOR)
_PASSIVE_BE = re.compile(rf"\b(?:be|been|being)\b|(?:{_zh(cues.ZH_SUCCESSOR_BY)})\s*$", IGNORECASE)
_NO_OBJECT = re.compile(rf"\s*(?:$|[,，;；。.!！?？:：]|{_zh(cues.ZH_NO_OBJECT)})")
_YIELD_WINDOW = 24
"""How far after a negator its verb of replacing is looked for (characters)."""


_ZH_NEGATOR_CHARS = "".join(sorted(w for w in cues.ZH_NOT if len(w) == 1))
"""The one-character negators, none of which stands between a 比 and its word of comparison:
"比分唔好引用", "比分未经裁判确认" are a score, no "better than" (a comparison is negated before
its 比: "不比")."""
_THAN_UP = re.compile(
    rf"(?:(?:{_en(cues.EN_MORE)})\s+(?:{_en(cues.EN_AUTHORITY)})|{_en(cues.EN_BETTER)})\s+"
    rf"(?:{_en(cues.EN_THAN)})(?![\w-])"
    rf"|(?:{_zh(cues.ZH_THAN)})(?=[^，,。；;.!?！？{_ZH_NEGATOR_CHARS}]{{0,16}}?"
    rf"(?:{_zh(cues.ZH_AUTHORITY | cues.ZH_BETTER)}))",
    IGNORECASE,
)
_THAN_DOWN = re.compile(
    rf"(?:(?:{_en(cues.EN_LESS)})\s+(?:{_en(cues.EN_AUTHORITY)})|{_en(cues.EN_WORSE)})\s+"
    rf"(?:{_en(cues.EN_THAN)})(?![\w-])|{_en(cues.EN_WORSE_THAN)}|{_zh(cues.ZH_WORSE_THAN)}"
    rf"|(?:{_zh(cues.ZH_THAN)})(?=[^，,。；;.!?！？{_ZH_NEGATOR_CHARS}]{{0,16}}?(?:{_zh(cues.ZH_WORSE)}))",
    IGNORECASE,
)
_NOT_THAN = re.compile(_zh(cues.ZH_NOT_THAN))
_QUANTITY = re.compile(rf"\s*(?:\d|(?:{_en(cues.EN_QUANTITY)}))", IGNORECASE)

_THAN_NEGATED = 8
"""How far before a comparison a negator turns it round ("isn't more reliable than", "不比")."""


def compared_at(text: str) -> tuple[int, int, bool] | None:
    """A comparison of authority in a clause (its Simplified form): (where it starts, where its
    object starts, whether the subject is the better): "more reliable than `b/`", "比 `乙/`
    可靠" (True), "less reliable than", "不如", "is not more reliable than", "不比 … 可靠"
    (False)."""
    text = _NOT_THAN.sub(lambda m: " " * len(m.group(0)), text)  # 比如, 比较: no comparison
    up, down = _THAN_UP.search(text), _THAN_DOWN.search(text)
    m = min((x for x in (up, down) if x is not None), key=lambda x: x.start(), default=None)
    if m is None or _QUANTITY.match(text, m.end()):  # "older than six months": an age
        return None
    negated = NOT.search(text, max(0, m.start() - _THAN_NEGATED), m.start()) is not None
    return m.start(), m.end(), (m is up) != negated  # "is not more reliable than", "不比"


def yields_at(text: str) -> int:
    """Where a negated verb of replacing ends ("cannot replace", "is no substitute for", "不能
    取代"): what the clause names before it yields to what it names after; -1 for none. A verb
    of use between ("不能用来代替") makes it a prohibition instead; a passive ("cannot be
    replaced", "不可被取代") or a verb with no object ("是不可替代的") says nothing of the kind.
    ``text``: a clause in its Simplified form."""
    for m in NEGATOR.finditer(text):
        end = min(len(text), m.end() + _YIELD_WINDOW)
        if (stop := STOP.search(text, m.end(), end)) is not None:
            end = stop.start()
        v = _SUBSTITUTE.search(text, m.end(), end)
        if v is None or USE_VERB.search(text, m.end(), v.start()) is not None:
            continue
        if _PASSIVE_BE.search(text, m.end(), v.start()) is None and not _NO_OBJECT.match(
            text, v.end()
        ):
            return v.end()
    return -1
