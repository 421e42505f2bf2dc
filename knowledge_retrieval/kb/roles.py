"""Name a file's role (glossary, API spec, FAQ, ...) from its front matter, path and title."""

from __future__ import annotations

import re

from ..lang import role_words
from ..models import Document
from ..text.analysis import to_simplified

ORDER = (
    "FAQ",
    "glossary",
    "API spec",
    "configuration reference",
    "status and enum reference",
    "business rules",
    "architecture note",
    "troubleshooting note",
    "table",
    "index",
    "manual",
)
"""The roles, tried in this order: first match wins, most specific first."""
_FILE_NAMES = {
    "table": r"\.csv\b",
    "index": r"(^|/)(index|_index|summary|readme|toc)\.(md|mdx|markdown)\b",
}
"""Roles a file's name gives whatever its language."""


def _pattern(role: str) -> str:
    return "|".join(p for p in (role_words(role), _FILE_NAMES.get(role, "")) if p)


# (role, pattern over "path title tags", Chinese in Simplified): the words of lang/, and names
_ROLES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (role, re.compile(_pattern(role), re.IGNORECASE)) for role in ORDER
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
    hay = to_simplified(hay)
    for role, pat in _ROLES:
        if pat.search(hay):
            return role
    return "document"
