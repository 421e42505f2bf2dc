"""What every language writes alike: digits, years, versions, currency signs, ranges, phones.

The notation here is no language's words: ``3.2.1``, ``$ 5``, ``€``, ``P1DT2H``, ``≤``. A
language module (:mod:`.en`, :mod:`.zh`) adds its words; :mod:`knowledge_retrieval.lang` joins
them. In a pattern, :data:`NUM` stands for any number: digits, or a language's numerals (三十).
"""

from __future__ import annotations

from typing import Literal

Kind = Literal[
    "number",
    "duration",
    "frequency",
    "year",
    "date",
    "version",
    "phone",
    "address",
    "range",
    "percent",
    "usd",
    "eur",
    "cny",
    "twd",
    "money",
    "clock",
    "link",
    "secret",
    "account",
    "brand",
    "company",
]
"""A kind of value a question may ask for."""

KINDS: tuple[Kind, ...] = (
    "phone",
    "address",
    "secret",
    "account",
    "brand",
    "company",
    "version",
    "range",
    "percent",
    "usd",
    "eur",
    "cny",
    "twd",
    "money",
    "link",
    "frequency",
    "duration",
    "clock",
    "year",
    "date",
    "number",
)
"""The kinds of value a question may ask for, in the order they are read from its wording (a
phone number before a number, a version before a date)."""

NUM = "<NUM>"
"""In a pattern: a number in digits or in any language's numerals (replaced when joined)."""

DIGITS = r"(?<![A-Za-z0-9_\-])(?<!\d[.,])(?>\d+(?:[.,]\d+)*)"
"""Digits not inside a code (``E2060``, ``AUTH-1103``), taken whole: a match never starts
inside a number (``1000,1001,...`` is one number, tried once) nor gives back its digits."""

VERSION_NUMBER = r"\d+(?:\.\d+)*"
"""A version as written after a version word (``2``, ``3.2.1``)."""

RANGE_SIGNS = r"-|–|—|~|～|\.\."
"""Signs between the ends of a range of numbers (``0–2000``, ``1..10``)."""

MENTIONED_VERSION = (
    r"(?<![\w.])v\d+(?:\.\d+)*\b|(?<![\w.])(?>\d+\.\d+(?:\.\d+)*)(?:-?(?:rc|beta|alpha)\.?\d*+)?"
    r"(?![\w.]*\s*%)"
)
"""A version written in a question (v2, 3.2.1, 1.0-rc1; not 2.5%): a condition on a version
can be checked against it (a language adds its words: "version 3", 第3版)."""
MENTIONED_DATE = r"(?<![\d.])(?:1[5-9]|20)\d{2}(?![\d.])|\b\d{4}-\d{1,2}(?:-\d{1,2})?\b"
"""A year or an ISO date written in a question (a language adds its words: 2024年, 3月5日)."""

_YEAR = r"(?<![A-Za-z0-9_\-])(?<!\d[–—~])(?<!\d[–—~] )(?:1[5-9]|20)\d\d(?![0-9])"
"""A year, not the upper end of a range of small numbers ("Allowed range: 0–2000")."""

CURRENCY_SIGNS = "$¢£¤¥֏؋߾߿৲৳৻૱௹฿៛₠₡₢₣₤₥₦₧₨₩₪₫€₭₮₯₰₱₲₳₴₵₶₷₸₹₺₻₼₽₾₿⃀꠸﷼﹩＄￠￡￥￦"
"""Every currency sign of Unicode's basic plane (category Sc: $, ₦, ₹, ₱, ฿ …), as a regex class
(none of them is special inside one): a sign beside digits is an amount of money."""

VALUES: dict[str, str] = {
    "duration": r"\bP(?:\d+[YMWD])*T?\d+[HMSD]\b|\b[DT]\s?\+\s?\d",
    # an account number as written: six digits or more, in groups ("20-45-67", "012 3456 789")
    "account": r"(?<![\w.-])\d(?:[ -]?+\d){5,}+(?![\w.])",
    # a share as a percentage or a ratio (比例 asks either: "1:3")
    "percent": r"\d\s*[%％]|\d\s*+[:：]\s*+\d",
    "usd": r"\$\s?\d|\d\s?\$|\bUSD\b|\bUS\$",
    "eur": r"€\s?\d|\d\s?€|\bEUR\b",
    "cny": r"[¥￥]\s?\d|\bCNY\b|\bRMB\b",
    "twd": r"NT\$|\bTWD\b",
    "date": rf"{_YEAR}|\bv?\d+\.\d+(?:\.\d+)?\b",
    # a year asked is answered by a year, not by any date ("serviced every Monday")
    "year": _YEAR,
    "version": r"(?<![A-Za-z0-9_\-])v?\d+\.\d+(?:\.\d+)*|\bv\d+\b",
    # a phone number: seven digits or more, in groups ("(325) 555-0177", "04-755-2086"), not a
    # date ("2020-02", "2025-06-30") nor digits inside a code (K04, LD25-1234)
    "phone": (
        r"(?<![A-Za-z0-9_\-])(?!(?:1[5-9]|20)\d\d-\d\d?(?:-\d\d?)?(?![\d\-]))"
        r"\+?\(?\d(?:[ ()\-]{0,2}+\d){6,}+|#\d{3,}"
    ),
    "range": r"≤|≥|<=|>=|<|>",
    "money": (
        rf"[{CURRENCY_SIGNS}]\s?\d|\d\s?[{CURRENCY_SIGNS}]|NT\$|HK\$|MOP\$"
        r"|(?-i:\b(?:USD|EUR|GBP|CNY|RMB|TWD|HKD|MOP|AUD|NZD|CAD|SGD|MYR|THB|KRW|JPY|INR|IDR|VND"
        r"|CHF|SEK|NOK|DKK|ISK|PLN|CZK|ZAR|BRL|MXN|AED|SAR|ILS|TRY)\b)"
        # the rand ("R120", "R2,000"), not a code (R2-D2, R-12)
        r"|(?-i:(?<![\w-])R\s?(?:\d{1,3}+(?:,\d{3})++|\d{2,}+)(?![\w-]))"
        # an amount in a table whose key names the currency ("夜班（元/天）: 720", "Fee (NZD): 40")
        rf"|[（(]\s*+(?:[{CURRENCY_SIGNS}R]|USD|EUR|GBP|NZD|AUD|HKD|MOP|ZAR|元|块|港币|澳门元|澳门币|新台币|人民币)"
        r"[^)）\n]{0,8}[)）][^\n\d]{0,6}\d"
    ),
    # a time of day: 17:30, 9 am, 9.30pm
    "clock": r"(?<![\d:.])\d{1,2}[:：]\d{2}(?![\d:])|(?<![\d.])\d{1,2}(?:[.:]\d{2})?\s?[ap]\.?m\b",
    # a web address or an email address, each tried once from where it starts
    "link": (
        r"https?://|\bwww\.|(?<![\w.+-])[\w.+-]++@[\w-]++\.\w"
        r"|(?<![\w.-])[\w-]++(?:\.[\w-]++)*+\.(?:com|org|net|gov|edu|io)\b"
    ),
}
"""Notation that gives a value of a kind in any language (ISO 8601 durations, D+1, 5%, $5,
a year, 1.2.3, a phone number, ≤)."""


def words(text: str) -> frozenset[str]:
    """The words of a list written as text, separated by white space."""
    return frozenset(text.split())
