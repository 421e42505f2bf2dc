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

_PROCEDURES_RE = re.compile(
    r"procedure|runbook|\bsops?\b|how-?tos?\b|playbook|step[- ]by[- ]step|\bsteps\b|"
    r"操作步骤|步骤|流程|手册|指南",
    re.IGNORECASE,
)
"""Words saying a KB holds procedures (not explanations of what a thing means)."""

_IDENTIFIER_RE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z]+(?:\.[a-z_]+)+|\w+-\d+")


@dc.dataclass(frozen=True, slots=True)
class Examples:
    """The examples a hint gives: KB ids and a query, from the root's KBs or generic."""

    kb: str = "<kb_id>"
    other_kb: str = "<another kb_id>"
    query: str = "<the exact term, code or name> <a few words of context>"


GENERIC = Examples()


def _clip(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:-") + "…"


def _own_keywords(kb: KBInfo) -> list[str]:
    """A KB's keywords, without its own name (every README names itself)."""
    return [k for k in kb.keywords if k.casefold() != kb.name.casefold()]


def examples(kbs: Sequence[KBInfo]) -> Examples:
    """Examples from the KBs: their first two names, and an identifier among their keywords
    (``ORDER_STATUS``), else their first keyword; generic placeholders where they have none."""
    if not kbs:
        return GENERIC
    words = [w for k in kbs for w in _own_keywords(k)]
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
    """The KBs whose README or folders say they hold procedures: (name, the folders saying so)."""
    out = []
    for k in kbs:
        folders = [f for f in (*k.rules.emphasize, *_folders(k)) if _PROCEDURES_RE.search(f)]
        text = " ".join((k.description, *k.keywords))
        if folders or _PROCEDURES_RE.search(text):
            out.append((k.name, list(dict.fromkeys(folders))))
    return out


def kb_line(kb: KBInfo, limit: int = 240) -> str:
    """One KB as a list item: id, description, keywords, languages, the folders to prefer."""
    parts = [f"`{kb.name}`: {_clip(kb.description, limit) or '(no description)'}"]
    words = _own_keywords(kb)
    if words:
        parts.append(f"Keywords: {', '.join(words[:12])}.")
    lang = languages([kb])
    if lang:
        parts.append(f"Written in {lang}.")
    if kb.rules.emphasize:
        parts.append(f"Prefer {', '.join(f'`{p}`' for p in kb.rules.emphasize[:5])}.")
    return " ".join(parts)


def kb_list(kbs: Sequence[KBInfo]) -> str:
    """The KBs as a Markdown list (or the sentence saying there are none)."""
    if not kbs:
        return "- No knowledge bases (folders with a README.md) were found under the root."
    return "\n".join(f"- {kb_line(k)}" for k in kbs)


def procedures_sentence(kbs: Sequence[KBInfo]) -> str:
    """Which KBs hold procedures, or "" when none does."""
    held = procedures(kbs)
    if not held:
        return ""
    where = ", ".join(
        f"`{n}`" + (f" ({', '.join(f'`{f}`' for f in folders)})" if folders else "")
        for n, folders in held
    )
    return f"Procedures and step-by-step instructions are in scope here: {where} holds them."


def topics(kbs: Sequence[KBInfo], limit: int = 400) -> str:
    """The KBs in one sentence for a description: ``homelab (My homelab - ...)``."""
    if not kbs:
        return "the knowledge bases under the KnowledgeBase root"
    each = max(60, limit // len(kbs))
    return _clip(
        "; ".join(f"{k.name} ({_clip(k.description, each).rstrip('.')})" for k in kbs), limit
    )


def tool_scope(kbs: Sequence[KBInfo]) -> str:
    """The paragraph the tool description gets for a root: what its knowledge bases hold."""
    if not kbs:
        return ""
    lines = [f"The knowledge bases here ({len(kbs)}):", kb_list(kbs)]
    held = procedures_sentence(kbs)
    if held:
        lines.append(held)
    return "\n".join(lines)
