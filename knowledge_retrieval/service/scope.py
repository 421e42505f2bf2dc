"""What a root's knowledge bases are about, in words for agents: the scope of the skills and tools.

The seeds' scope paragraphs were written for one company's KBs (orders, inventory, vouchers;
procedures kept elsewhere). Here they are generated from the root's own KBs: their names,
descriptions, keywords, languages and emphasized folders, whether they hold procedures, and
the examples that hints give (a KB name, a keyword to query), so a homelab's skill speaks of the
homelab. Everything here reads :func:`~knowledge_retrieval.list_kbs` results only.
"""

from __future__ import annotations

import dataclasses as dc
import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..lang import PROCEDURE_WORDS, README_HEADINGS
from ..text.analysis import to_simplified

if TYPE_CHECKING:
    from ..results import KBInfo

LANGUAGES = {
    "en": "English",
    "zh": "Chinese",
    "zh-cn": "Simplified Chinese",
    "zh-hans": "Simplified Chinese",
    "zh-tw": "Traditional Chinese",
    "zh-hant": "Traditional Chinese",
}

_PROCEDURES_RE = re.compile(PROCEDURE_WORDS, re.IGNORECASE)
"""Words saying a KB holds procedures (not explanations of what a thing means), in the
languages of :mod:`..lang` (Chinese matched in Simplified)."""

_IDENTIFIER_RE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z]+(?:\.[a-z_]+)+|\w+-\d+")


@dc.dataclass(frozen=True, slots=True)
class Examples:
    """The examples a hint gives: KB ids and a query, from the root's KBs or generic."""

    kb: str = "<kb_id>"
    other_kb: str = "<another kb_id>"
    query: str = "<the exact term, code or name> <a few words of context>"


GENERIC = Examples()


LIST_BYTES = 6000
"""A list of KBs (tool description, server instructions, a skill's scope) stops near this many
bytes; "… and N more" then says where the rest are. 1,000 KBs made a 146 KB description."""
LIST_KBS = 40
"""And lists at most this many KBs."""
KEYWORD_CHARS = 40
"""A README keyword is clipped to this many characters where it is shown."""
LINE_KEYWORDS = 12
"""Keywords one KB's line shows at most."""

_FORBIDDEN_RE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"
)
"""Characters YAML forbids in a document (and a terminal or Markdown renderer mangles)."""
_SENTENCE_END_RE = re.compile(r"[.!?](?=[\s)\]\"'])|[。！？；]")


def printable(text: str) -> str:
    """``text`` without the control characters YAML forbids (tab and line breaks kept)."""
    return _FORBIDDEN_RE.sub("", text)


def flat(text: str) -> str:
    """``text`` printable and on one line (every run of white space one space)."""
    return " ".join(printable(text).split())


def _clip(text: str, limit: int) -> str:
    """``text`` on one line, cut at a word and marked ``…`` when longer than ``limit``."""
    line = flat(text)
    if len(line) <= limit:
        return line
    cut = line[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:-") + "…"


def clip_sentence(text: str, limit: int) -> str:
    """``text`` on one line; when longer than ``limit``, cut after its last sentence that fits
    (a description is not left at "Storage…"), else at a word with ``…``."""
    line = flat(text)
    if len(line) <= limit:
        return line
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(line, 0, limit + 1) if m.end() <= limit]
    if ends:
        return line[: ends[-1]]
    return _clip(line, limit)


def first_sentences(text: str, limit: int) -> str:
    """The sentences of ``text`` that fit in ``limit`` characters, "" when not even the first."""
    line = flat(text)
    if len(line) <= limit:
        return line
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(line, 0, limit + 1) if m.end() <= limit]
    return line[: ends[-1]] if ends else ""


def code(text: str) -> str:
    """``text`` as one Markdown code span, whatever backticks or line breaks it holds."""
    line = flat(text)
    runs = re.findall(r"`+", line)
    fence = "`" * (max(map(len, runs), default=0) + 1)
    pad = " " if line.startswith("`") or line.endswith("`") else ""
    return f"{fence}{pad}{line}{pad}{fence}"


def cell(text: str) -> str:
    """``text`` for a Markdown table cell: one line, ``|`` and backticks escaped."""
    return re.sub(r"([\\|`])", r"\\\1", flat(text))


def code_cell(text: str) -> str:
    """``text`` as a code span inside a table cell (its ``|`` escaped, as GFM tables read it)."""
    return code(text).replace("|", "\\|")


def more(shown: int, total: int, where: str) -> str:
    """``… and 940 more: call action="list"``."""
    return f"… and {total - shown} more: {where}" if total > shown else ""


def _own_keywords(kb: KBInfo) -> list[str]:
    """A KB's keywords, without its own name (every README names itself), each on one line and
    clipped to :data:`KEYWORD_CHARS` (a README of 60 KB of keywords is not one 60 KB line)."""
    own = (_clip(k, KEYWORD_CHARS) for k in kb.keywords if k.casefold() != kb.name.casefold())
    return list(dict.fromkeys(k for k in own if k))


_STRUCTURAL_RE = re.compile(rf"(?i)^(?:{README_HEADINGS})$")
"""README headings about the README itself, not about what the KB covers."""


def kb_topics(kb: KBInfo, most: int = 8) -> list[str]:
    """What a KB covers, in its README's words: its keywords, then its headings (those naming
    a topic, not the README's own sections such as "Layout" or "Rules")."""
    heads = (_clip(h, KEYWORD_CHARS) for h in kb.rules.headings)
    words = [
        *_own_keywords(kb),
        *(h for h in heads if h and not _STRUCTURAL_RE.match(to_simplified(h))),
    ]
    seen: dict[str, str] = {}
    for w in words:
        if w.casefold() != kb.name.casefold():
            seen.setdefault(w.casefold(), w)
    return list(seen.values())[:most]


def examples(kbs: Sequence[KBInfo]) -> Examples:
    """Examples from the KBs: their first two names, and an identifier among their keywords
    (``ORDER_STATUS``), else their first keyword; generic placeholders where they have none."""
    if not kbs:
        return GENERIC
    words = [w for k in kbs[:LIST_KBS] for w in _own_keywords(k)]
    ident = next((w for w in words if _IDENTIFIER_RE.fullmatch(w)), None)
    query = ident or (words[0] if words else GENERIC.query)
    other = kbs[1].name if len(kbs) > 1 else GENERIC.other_kb
    return Examples(kbs[0].name, other, query)


def languages(kbs: Sequence[KBInfo]) -> str:
    """``English and Chinese``: the languages the KBs say they are written in."""
    names = list(
        dict.fromkeys(LANGUAGES.get(code.lower(), code) for k in kbs for code in k.languages)
    )
    if len(names) > 1:
        return ", ".join(names[:-1]) + " and " + names[-1]
    return names[0] if names else ""


def _folders(kb: KBInfo) -> list[str]:
    try:
        return sorted(
            e.name + "/"
            for e in os.scandir(kb.path)
            if e.is_dir() and not e.name.startswith((".", "_"))
        )
    except OSError:
        return []


def procedures(kbs: Sequence[KBInfo]) -> list[tuple[str, list[str]]]:
    """The KBs whose README (description, keywords, headings), name or folders say they hold
    procedures: (name, the folders saying so)."""
    out = []
    for k in kbs:
        folders = [
            f for f in (*k.rules.emphasize, *_folders(k)) if _PROCEDURES_RE.search(to_simplified(f))
        ]
        text = " ".join((k.name, k.description, *k.keywords, *k.rules.headings))
        if folders or _PROCEDURES_RE.search(to_simplified(text)):
            out.append((k.name, list(dict.fromkeys(folders))))
    return out


def kb_line(kb: KBInfo, limit: int = 240) -> str:
    """One KB as a list item: id, description, keywords, languages, the folders to prefer."""
    parts = [f"{code(kb.name)}: {clip_sentence(kb.description, limit) or '(no description)'}"]
    words = _own_keywords(kb)
    if words:
        parts.append(f"Keywords: {', '.join(words[:LINE_KEYWORDS])}.")
    lang = languages([kb])
    if lang:
        parts.append(f"Written in {lang}.")
    if kb.rules.emphasize:
        parts.append(f"Prefer {', '.join(code(p) for p in kb.rules.emphasize[:5])}.")
    return " ".join(parts)


LIST_MORE = 'call query_knowledge with action="list"'
"""Where a list cut short sends an agent for the rest (a skill gives ``kr list``)."""


def kb_list(
    kbs: Sequence[KBInfo],
    *,
    budget: int = LIST_BYTES,
    most: int = LIST_KBS,
    rest: str = LIST_MORE,
) -> str:
    """The KBs as a Markdown list (or the sentence saying there are none): at most ``most``
    items in about ``budget`` bytes, then ``… and N more: <rest>``."""
    if not kbs:
        return "- No knowledge bases (folders with a README.md) were found under the root."
    lines: list[str] = []
    used = 0
    for k in kbs[:most]:
        line = f"- {kb_line(k)}"
        used += len(line.encode("utf-8")) + 1
        if lines and used > budget:
            break
        lines.append(line)
    tail = more(len(lines), len(kbs), rest)
    return "\n".join(lines + ([f"- {tail}"] if tail else []))


def procedures_sentence(kbs: Sequence[KBInfo], most: int = 10) -> str:
    """Which KBs hold procedures (at most ``most`` named), or "" when none does."""
    held = procedures(kbs[: LIST_KBS * 25])
    if not held:
        return ""
    where = ", ".join(
        code(n) + (f" ({', '.join(code(f) for f in folders[:5])})" if folders else "")
        for n, folders in held[:most]
    )
    verb = "holds" if len(held) == 1 else "hold"
    others = f" and {len(held) - most} more" if len(held) > most else ""
    return (
        f"Procedures and step-by-step instructions are in scope here: {where}{others} {verb} them."
    )


def topics(kbs: Sequence[KBInfo], limit: int = 400, *, describe: bool = True) -> str:
    """The KBs in one sentence for a skill's description, at most ``limit`` characters: each
    KB's name, what its README's opening sentence says (whole sentences only, when
    ``describe``) and its topics (keywords, headings): ``homelab (My homelab - ...; zfs,
    jellyfin)``, then ``… and N more``."""
    if not kbs:
        return "the knowledge bases under the KnowledgeBase root"
    each = max(80, limit // min(len(kbs), LIST_KBS))
    parts: list[str] = []
    used = 0
    for k in kbs[:LIST_KBS]:
        words = ", ".join(kb_topics(k, 6))
        desc = first_sentences(k.description, each - len(words) - 4) if describe else ""
        inner = "; ".join(x for x in (desc.rstrip("."), words) if x)
        part = _clip(f"{flat(k.name)} ({inner})" if inner else flat(k.name), each)
        tail = more(len(parts) + 1, len(kbs), "")
        if parts and used + len(part) + 2 + len(tail) + 2 > limit:
            break
        parts.append(part)
        used += len(part) + 2
    tail = more(len(parts), len(kbs), "").rstrip(": ")
    return "; ".join(parts + ([tail] if tail else []))


def tool_scope(kbs: Sequence[KBInfo]) -> str:
    """The paragraph the tool description gets for a root: what its knowledge bases hold."""
    if not kbs:
        return ""
    lines = [f"The knowledge bases here ({len(kbs)}):", kb_list(kbs)]
    held = procedures_sentence(kbs)
    if held:
        lines.append(held)
    return "\n".join(lines)
