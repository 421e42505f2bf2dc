"""Facts that date a folder's pages, read from a README clause (:func:`dated`): its subject
ended, the world changed since, its pages are of a time before, it is kept for another reason,
or it is only a copy. A word of non-authority is one cue of a folder to put out
(:mod:`.grammar`); these are the others, said as facts of the world."""

from __future__ import annotations

import re

from ...lang import readme as cues
from .cuewords import IGNORECASE, _both, _en, _zh

_ENDED = _both(cues.EN_ENDED, cues.ZH_ENDED)
_ENDED_DONE = re.compile(
    rf"(?:{_zh(cues.ZH_DONE_MARK)})[\u3400-\u9fff]{{0,3}}?(?:{_zh(cues.ZH_ENDED_DONE)})"
    rf"|(?:{_zh(cues.ZH_ENDED_DONE)})(?:{_zh(cues.ZH_DONE_AFTER)})"
)
_CHANGED = re.compile(
    rf"(?:{_en(cues.EN_CHANGE)})[^,，;；。.!！?？:：()（）]{{0,30}}?(?:{_en(cues.EN_SINCE)})"
    rf"|(?:{_en(cues.EN_NOT_SINCE)})\s+(?:[a-z]+\s+){{0,2}}?(?:{_en(cues.EN_CHANGE)})"
    rf"|(?:{_zh(cues.ZH_SINCE)})[\u3400-\u9fff]{{0,4}}?(?:{_zh(cues.ZH_CHANGE)})",
    IGNORECASE,
)
_NOT_SINCE = re.compile(
    rf"(?:{_en(cues.EN_NOT)})[^,，;；。.!！?？:：()（）]{{0,40}}?(?:{_en(cues.EN_NOT_SINCE)})",
    IGNORECASE,
)
_NOT_PAST = re.compile(_zh(cues.ZH_NOT_PAST))
_PAST = re.compile(
    rf"(?:{_en(cues.EN_PAST - cues.EN_BEFORE)})"
    rf"|(?:{_en(cues.EN_BEFORE)})\s+(?:(?:{_en(cues.EN_BEFORE_THE)})|\d"
    rf"|(?:{_en(cues.EN_BEFORE_WHO)})\s+(?:{_en(cues.EN_DID)}|[a-z]+ed\b))"
    rf"|{_zh(cues.ZH_PAST)}"
    rf"|(?:{_zh(cues.ZH_AT_THAT_TIME)})[^，,。；;]{{0,12}}?(?:{_zh(cues.ZH_NOW)})"
    rf"|(?:{_zh(cues.ZH_BEFORE)})[\u3400-\u9fff]?(?:{_zh(cues.ZH_BEFORE_OF)})"
    rf"|(?:{_zh(cues.ZH_COPULA)})[^，,。；;]{{0,12}}?(?:{_zh(cues.ZH_BARE_BEFORE)})"
    rf"[\u3400-\u9fff]?(?:{_zh(cues.ZH_BEFORE_OF)})",
    IGNORECASE,
)
_BARE_BEFORE = re.compile(
    rf"(?:{_zh(cues.ZH_CHANGE)})[\u3400-\u9fff]{{0,2}}?(?:{_zh(cues.ZH_BARE_BEFORE)})"
    rf"[\u3400-\u9fff]?(?:{_zh(cues.ZH_BEFORE_OF)})"
)
"""A bare 前 dates only a change ("涨价前的价格", "调价前的报价单"), as "before" only a past event:
"出圃前的检验标准" tells when a check is done."""
_HABIT = re.compile(_zh(cues.ZH_HABIT))
_COPY = _both(cues.EN_COPY, cues.ZH_COPY)
_KEPT = _both(cues.EN_KEPT, cues.ZH_KEPT)
_MERELY = _both(cues.EN_MERELY, cues.ZH_MERELY)
_THE_ONLY = re.compile(r"\bthe\s+only\b", re.IGNORECASE)
""""the only up-to-date copy" is the one copy that counts, no "only a copy"."""


def dated(text: str, named: int = -1) -> int:
    """Where a clause (its Simplified form, mentions blanked) states a fact of the world that
    puts its folder's pages in the past, -1 for none: the folder's subject ended ("stopped
    being updated", "went bust", "停在2021年", "大多已经离职了"), the world changed since ("a
    lot of the commands have changed since", "后来都改了"), it stopped then ("haven't been
    used since"), its pages are of a time before ("from before the 2022 increase", "last
    year's export", "涨价前的价格", "旧的冷测法"), it is kept for another reason ("only kept
    because the union asked", "留着只是为了复用措辞"), or it is only a copy ("just an export", "a
    copy someone made", "只是自动备份"). A change with the clause's mention after it names
    where the new pages went ("現任首席已經全部重標在 `現行/`"), not a folder left behind
    (``named``: where the clause's last mention starts, -1 for none). Each is a bounded
    window: linear in the text."""
    text = _NOT_PAST.sub(lambda m: " " * len(m.group(0)), text)
    changed = _CHANGED.search(text)
    if changed is not None and changed.start() < named:  # "重標在 `現行/`": where pages went
        changed = None
    hits = [
        m.start()
        for m in (
            _ENDED.search(text),
            _ENDED_DONE.search(text),
            changed,
            _NOT_SINCE.search(text),
            _PAST.search(text),
            _KEPT.search(text),
        )
        if m is not None
    ]
    if (b := _BARE_BEFORE.search(text)) is not None and _HABIT.search(text) is None:
        hits.append(b.start())  # 调价前的报价单; not 每天下班前的交接
    if (c := _COPY.search(text)) is not None and _MERELY.search(_THE_ONLY.sub(" ", text)):
        hits.append(c.start())
    return min(hits, default=-1)
