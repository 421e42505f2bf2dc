"""Leave to read a folder's pages ("fine to browse", "feel free to read", "随便看", "可以自由浏览"),
not negated and on no condition: said as the last word of a sentence that forbids nothing, it
answers the sentence's words of non-authority ("archived", "已封存"): they say what the pages are
(:func:`.scope.assign`). The cue words are :data:`knowledge_retrieval.lang.readme.EN_PERMIT` and
its neighbours."""

from __future__ import annotations

import re

from ...lang import readme as cues
from .cuewords import IGNORECASE, NEGATOR, _both, _en, _zh
from .cuewords import NOT as _NOT
from .cuewords import STOP as _STOP

_PERMIT = re.compile(
    rf"(?:{_en(cues.EN_PERMIT)})\s+(?:[A-Za-z'’-]+\s+)?(?:{_en(cues.EN_USE_VERBS | cues.EN_BROWSE)})"
    rf"|(?:{_zh(cues.ZH_PERMIT)})[\u3400-\u9fff]{{0,2}}?(?:{_zh(cues.ZH_USE_VERBS | cues.ZH_BROWSE)})",
    IGNORECASE,
)
"""Leave to read the pages: "fine to browse", "feel free to read", "随便看", "自由浏览"."""
_PERMIT_NEGATED = 12
_PERMIT_IF = _both(cues.EN_PERMIT_IF, cues.ZH_PERMIT_IF)
_PERMIT_BREAK = re.compile(
    rf"{_STOP.pattern}|{_en(cues.EN_CONTRAST)}|{_zh(cues.ZH_CONTRAST)}", IGNORECASE
)


def _permit_negated(text: str, start: int) -> bool:
    """Whether a negator stands before the leave at ``start`` in its phrase ("不要随便看", "not
    fine to quote"; not the 不 of "不过欢迎浏览", which is "but")."""
    before = text[max(0, start - _PERMIT_NEGATED) : start]
    before = before[max((m.end() for m in _PERMIT_BREAK.finditer(before)), default=0) :]
    return NEGATOR.search(before) is not None or _NOT.search(before) is not None


def permits(simple: str) -> bool:
    """Whether a clause (in its Simplified form) gives leave to read its folder's pages."""
    return (
        any(not _permit_negated(simple, m.start()) for m in _PERMIT.finditer(simple))
        and _PERMIT_IF.search(simple) is None
    )
