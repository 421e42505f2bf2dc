"""What kind of value a question asks for (a number, a duration, a date, ...) and whether a text holds one.

"How long is the SMS code valid", "KYC 2 认证有效期多久" and "phone number of the WMS on-call"
ask for a value of a kind, not only for a topic: a section that has every word of the question
but no duration, no number or no phone number does not answer it (the entity is there, the
asked fact is not). :func:`asked_kind` reads the kind from the question's wording in English and
Chinese; :func:`holds_kind` says whether a text holds a value of that kind. Digits inside codes
(``AUTH-1103``, ``E2060``, ``P3``) are not values.
"""

from __future__ import annotations

import functools
import re
from typing import Literal

Kind = Literal[
    "number",
    "duration",
    "frequency",
    "date",
    "version",
    "phone",
    "range",
    "percent",
    "usd",
    "eur",
    "cny",
    "twd",
]

_ASKED: tuple[tuple[Kind, str], ...] = (
    (
        "phone",
        (
            r"\b(?:phone|telephone|hotline|mobile)(?: number)?\b"
            r"|电话|電話|热线|熱線|分机|分機"
            r"|(?:手机|手機)(?:号码|號碼|号|號)?\s*(?:是|为|為)?\s*(?:多少|几号|幾號)"
        ),
    ),
    (
        "version",
        (
            r"\b(?:which|what|minimum|min|oldest|lowest|required)"
            r"(?: \w+)? versions?\b|版本号|版本號|哪个版本|哪個版本|什么版本|什麼版本|最低版本"
        ),
    ),
    (
        "range",
        (
            r"\b(?:allowed|valid|value) range\b|\brange (?:of|for|can)\b|\bwhat range\b"
            r"|\b(?:max(?:imum)?|min(?:imum)?) (?:allowed )?values?\b"
            r"|\b(?:maximum|minimum) (?:of|for)\b"
            r"|(?:取值|设置|设定|設置|設定|配置|调整|調整)\S{0,3}(?:范围|範圍)|(?:范围|範圍)是多少"
            r"|最大值|最小值"
        ),
    ),
    (
        "percent",
        (
            r"\b(?:what|which|how much|how many)\s+(?:percentage|percent)\b"
            r"|\bpercentages?\b(?!\s+of\b)|百分之多少|多少百分比|百分比|占比多少|佔比多少"
        ),
    ),
    ("usd", r"\b(?:in|how many)\s+(?:usd|us\$|us dollars?|dollars?)\b|多少美元|多少美金"),
    ("eur", r"\b(?:in|how many)\s+(?:eur|euros?)\b|多少欧元|多少歐元"),
    ("cny", r"\b(?:in|how many)\s+(?:cny|rmb|yuan|renminbi)\b|多少人民币|多少人民幣"),
    ("twd", r"\b(?:in|how many)\s+(?:twd|nt\$|nt dollars?)\b|多少台币|多少台幣|多少新台幣"),
    (
        "frequency",
        (
            r"\bhow (?:often|frequently)\b|\b(?:what|which) (?:frequency|interval)\b"
            r"|多久一次|多长时间一次|多長時間一次|多常|频率|頻率|每隔多久|隔多久"
        ),
    ),
    (
        "duration",
        (
            r"\bhow long\b|\bhow many (?:milli)?(?:seconds|minutes|hours|days|weeks|months|years)\b"
            r"|多久|多长时间|多長時間|多长|多長|有效期|几天|幾天|多少天|几个小时|幾個小時|多少小时|多少小時"
            r"|多少分钟|多少分鐘|多少秒"
        ),
    ),
    (
        "date",
        (
            r"^\s*when (?:was|were|did)\b|\bwhat (?:year|date)\b|\bwhich (?:year|date)\b"
            r"|\bsince when\b|哪一年|哪年|何年|哪一天|几月|幾月|几号|幾號"
            # 是什么时候建立的, 何时发行的: when a past event took place
            r"|(?:什么|什麼|何)(?:时候|時候|时|時)[^，,。？?]{0,12}的\s*[？?]?\s*$"
        ),
    ),
    (
        "number",
        (r"\bhow (?:many|much)\b|\bnumber of\b|多少|(?<!茶)[几幾](?![乎何内內])"),
    ),
)

_NUMERAL = "零一二三四五六七八九十百千万萬两兩〇壹贰貳叁參肆伍陆陸柒捌玖拾佰仟半"
_DIGITS = r"(?<![A-Za-z0-9_\-])\d+(?:[.,]\d+)*"
"""Digits not inside a code (``E2060``, ``AUTH-1103``)."""
_NUM = rf"(?:{_DIGITS}|[{_NUMERAL}]+)"
"""A number: digits, or Chinese numerals."""
_WORD_NUMBER = (
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|sixty|hundred|thousand|million|dozen|once|twice|single|half)\b"
)
_UNIT = (
    r"(?:ms|s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?|w|weeks?|"
    r"months?|y|yrs?|years?|business days?|working days?|"
    r"秒|毫秒|分钟|分鐘|分|小时|小時|钟头|鐘頭|天|日|工作日|工作天|个工作日|個工作日|周|週|星期|个月|個月|月|年)"
)
_HOLDS: dict[Kind, str] = {
    "number": rf"{_NUM}|{_WORD_NUMBER}",
    "duration": (
        rf"(?:(?:{_NUM}|{_WORD_NUMBER})\s*[-‐]?\s*|\ban?\s+)(?:个|個)?{_UNIT}(?![A-Za-z])"
        r"|\bP(?:\d+[YMWD])*T?\d+[HMSD]\b|\b[DT]\s?\+\s?\d"
        r"|\b(?:immediately|instantly|never expires?|forever|indefinitely|permanent(?:ly)?)\b"
        r"|即时|即時|立即|永久|不过期|不過期|当天|當天|次日|隔天"
    ),
    "frequency": (
        r"\b(?:every|each|per|once|twice|times)\s+(?:a\s+|an\s+|\d+\s*|other\s+)?"
        r"(?:seconds?|minutes?|hours?|days?|nights?|weeks?|months?|quarters?|years?|sprints?"
        r"|releases?|shifts?|runs?)\b"
        r"|\b(?:hourly|daily|nightly|weekly|fortnightly|biweekly|monthly|quarterly|yearly"
        r"|annually|semi-annually)\b"
        rf"|每\s*(?:隔\s*)?(?:{_NUM}\s*)?(?:个|個)?(?:秒|分钟|分鐘|小时|小時|天|日|晚|周|週|星期|月|季|年)"
    ),
    "percent": r"\d\s*[%％]|\bper ?cent\b|百分之|百分比",
    "usd": r"\$\s?\d|\d\s?\$|\bUSD\b|\bUS\$|\bdollars?\b|美元|美金",
    "eur": r"€\s?\d|\d\s?€|\bEUR\b|\beuros?\b|欧元|歐元",
    "cny": r"[¥￥]\s?\d|\bCNY\b|\bRMB\b|\byuan\b|人民币|人民幣|\d\s*元",
    "twd": r"NT\$|\bTWD\b|台币|台幣|新台幣|\d\s*元",
    "date": (
        # a year, not the upper end of a range of small numbers ("Allowed range: 0–2000")
        rf"(?<![A-Za-z0-9_\-])(?<!\d[–—~])(?<!\d[–—~] )(?:1[5-9]|20)\d\d(?![0-9])"
        rf"|{_NUM}\s*[年月日号號]"
        r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d"
        r"|\bv?\d+\.\d+(?:\.\d+)?\b|\b(?:since|until|from) (?:v|version )\d"
        # a period: 唐末, 清朝, 战国时期, 十九世纪, 1990年代
        r"|[夏商周秦汉漢晋晉隋唐宋元明清](?:朝|代|末|初)|时期|時期|年间|年間|世纪|世紀|年代|初期|末期"
    ),
    "version": (r"(?<![A-Za-z0-9_\-])v?\d+\.\d+(?:\.\d+)*|\bv\d+\b|\bversion \d|版本\s*\d"),
    "phone": (r"\+?\(?\d[\d ()\-]{5,}\d|\bext\.?\s*\d{2,}|\bx\d{3,}\b|分[机機]\s*\d{2,}|#\d{3,}"),
    "range": (
        rf"{_NUM}\s*(?:-|–|—|~|～|\.\.|to|至|到|and)\s*{_NUM}"
        r"|\b(?:min(?:imum)?|max(?:imum)?|at (?:most|least)|up to|between|no more than|"
        r"not more than|less than|greater than)\b"
        r"|最小|最大|最多|最少|上限|下限|不超过|不超過|不得超过|不得超過|以内|以內|以上|以下|≤|≥|<=|>=|<|>"
    ),
}


@functools.cache
def _pattern(text: str) -> re.Pattern[str]:
    """A pattern compiled on first use (a one-shot ``kr`` asks one question)."""
    return re.compile(text, re.IGNORECASE)


def asked_kind(question: str) -> Kind | None:
    """The kind of value the question asks for, or None when it asks for no particular kind."""
    for kind, pattern in _ASKED:
        if _pattern(pattern).search(question):
            return kind
    return None


_TIME_WORD = (
    r"(?:milli)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)|secs?|mins?|hrs?|ttl|"
    r"(?<![a-z])ms(?![a-z])|毫秒|秒|分钟|分鐘|小时|小時|天|工作日|周|週|星期|个月|個月|年"
)
"""A unit or measure of time named anywhere, in words or in a key (``payment.timeout.seconds``,
``ttlHours``)."""


def holds_kind(kind: Kind, text: str) -> bool:
    """Whether ``text`` holds a value of ``kind`` (a duration: a number with a time unit, or
    digits in a text that names a unit of time: ``payment.timeout.seconds`` ... ``Default:
    30``; not "one" in "rate_limit_per_minute requests from one merchant key")."""
    if _pattern(_HOLDS[kind]).search(text):
        return True
    if kind == "frequency":  # every 90 days; rotation_interval_days: 90
        return holds_kind("duration", text)
    return (
        kind == "duration"
        and _pattern(_TIME_WORD).search(text) is not None
        and _pattern(_DIGITS).search(text) is not None
    )
