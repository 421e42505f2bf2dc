"""The wording of each kind of condition a question can be checked for (a version, a year, old
or upcoming versions), shared by the README readers and the routing of questions."""

from __future__ import annotations

import re

IGNORECASE = re.IGNORECASE

KIND_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "upcoming",
        re.compile(
            r"\b(?:upcoming|unreleased|future|next (?:release|version)s?|roadmap|planned"
            r"|not yet released|coming)\b|即将|即將|未来|未來|下一版|下一个版本|下一個版本"
            r"|下个版本|下個版本|规划|規劃|尚未发布|尚未發布|未发布|未發布",
            IGNORECASE,
        ),
    ),
    (
        "old",
        re.compile(
            r"\b(?:old|older|oldest|legacy|previous|prior|earlier|deprecated|outdated|obsolete"
            r"|historic\w*|archived|former|past)\b|旧|舊|历史|歷史|老版|以前|之前|早期|过去|過去"
            r"|废弃|廢棄|过时|過時|弃用|棄用",
            IGNORECASE,
        ),
    ),
    (
        "version",
        re.compile(
            r"\b(?:versions?|releases?|versioned|release notes?|changelogs?|v\d[\w.]*)\b"
            r"|版本|发行版|發行版|发版|發版|发布说明|發布說明|更新日志|更新日誌",
            IGNORECASE,
        ),
    ),
    (
        "year",
        re.compile(
            r"\b(?:years?|dates?|dated|decades?|months?)\b|年份|年代|日期|年度|哪一?年|时间点|時間點",
            IGNORECASE,
        ),
    ),
)
"""Wording of each condition kind, in the order they are looked for."""
