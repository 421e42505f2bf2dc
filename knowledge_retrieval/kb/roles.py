"""Name a file's role (glossary, API spec, FAQ, ...) from its front matter, path and title."""

from __future__ import annotations

import re

from ..models import Document

# (role, pattern over "path title tags") — first match wins, most specific first.
_ROLES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (role, re.compile(pat, re.IGNORECASE))
    for role, pat in (
        ("FAQ", r"\bfaq\b|常见问题|常見問題|问答|問答"),
        ("glossary", r"glossar|\bterms?\b|terminolog|术语|術語|名词|名詞|缩写|縮寫|abbreviation"),
        ("API spec", r"\bapi\b|endpoint|openapi|swagger|接口"),
        ("configuration reference", r"\bconfig|setting|configuration|配置|參數|参数"),
        ("status and enum reference", r"status|enum|code|状态|狀態|枚举|枚舉|错误码|錯誤碼"),
        ("business rules", r"\brules?\b|polic|规则|規則|政策"),
        ("architecture note", r"architect|design|设计|設計|架构|架構"),
        ("troubleshooting note", r"troubleshoot|error|incident|故障|排查|错误|錯誤"),
        ("table", r"\.csv\b"),
        ("index", r"(^|/)(index|_index|summary|readme|toc)\.(md|mdx|markdown)\b|目录|目錄"),
        ("manual", r"guide|manual|tutorial|how-?to|手册|手冊|指南|教程"),
    )
)
_ASCII_ROLES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (role, re.compile(pat.pattern)) for role, pat in _ROLES
)
"""The same patterns (all lowercase) without IGNORECASE, for ASCII text lowercased first: on
ASCII text they match exactly where the case-insensitive ones do, at half the cost."""
_NEEDLES: tuple[tuple[str, ...], ...] = (
    ("faq",),
    ("glossar", "term", "abbreviation"),
    ("api", "endpoint", "swagger"),
    ("config", "setting"),
    ("status", "enum", "code"),
    ("rule", "polic"),
    ("architect", "design"),
    ("troubleshoot", "error", "incident"),
    (".csv",),
    ("index.", "summary.", "readme.", "toc."),
    ("guide", "manual", "tutorial", "how"),
)
"""For each of :data:`_ASCII_ROLES`, words one of which is in any lowercase ASCII text its
pattern matches: a substring test is much cheaper than a search, and most files have no role."""
_ANY_NEEDLE = tuple(n for needles in _NEEDLES for n in needles)


def file_role(doc: Document) -> str:
    """The file's kind: front matter ``type``/``role``/``category`` when given, else guessed."""
    for key in ("role", "type", "doc_type", "category"):
        v = doc.metadata.get(key)
        if isinstance(v, str) and v.strip():
            return v.strip()
    hay = " ".join([doc.path, doc.title, *doc.tags])
    if hay.isascii():
        hay = hay.lower()
        has = hay.__contains__
        if any(map(has, _ANY_NEEDLE)):
            for (role, pat), needles in zip(_ASCII_ROLES, _NEEDLES, strict=True):
                if any(map(has, needles)) and pat.search(hay):
                    return role
        return "document"
    for role, pat in _ROLES:
        if pat.search(hay):
            return role
    return "document"
