"""What to try when a question is not found: its language, other KBs, the README's keywords."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import IndexUnavailableError
from ..kb.discovery import KBLocation
from ..models import KBRules
from ..ranking.query import Query
from ..results import SearchResult
from ..verdict.choose import readme_overlap
from .knowledge_base import rules_of

if TYPE_CHECKING:
    from .knowledge_base import KnowledgeBase

HINT_KEYWORDS = 6
"""README keywords a not-found hint names at most."""
HINT_KEYWORD_CHARS = 40
"""And each clipped to this many characters (a README keyword of 60 KB made a 60 KB note)."""


def advise(
    result: SearchResult,
    q: Query,
    kbs: Sequence[KnowledgeBase],
    usable: dict[str, KBLocation],
) -> SearchResult:
    """The not-found ``result`` with what to try: ask in the KBs' language, other KBs whose
    README fits, other keywords of the KBs searched."""
    more: list[str] = []
    ask_in_their_language(q, kbs, more)
    suggest_other_kbs(q, usable, [k.name for k in kbs], more)
    return dataclasses.replace(result, notes=result.notes + tuple(more))


def ask_in_their_language(q: Query, kbs: Sequence[KnowledgeBase], notes: list[str]) -> None:
    """When a question in one language found nothing in KBs written in another, say so: an
    agent can translate the question and ask again."""
    from ..index.languages import page_languages
    from ..text.script import LANGUAGE_NAMES, query_lang

    qlang = query_lang(q.text)
    if not qlang:
        return
    for k in kbs:
        try:
            langs = page_languages(k.index())
        except (IndexUnavailableError, OSError, RuntimeError):
            continue
        if langs and qlang not in langs:
            them = " and ".join(LANGUAGE_NAMES.get(x, x) for x in langs)
            notes.append(
                f"'{k.name}' is written in {them} and the question in "
                f"{LANGUAGE_NAMES.get(qlang, qlang)}: ask again in {them} (translate the "
                "question's words)"
            )


def suggest_other_kbs(
    q: Query, usable: dict[str, KBLocation], searched: Sequence[str], notes: list[str]
) -> None:
    """Other KBs whose README overlaps the question, then other keywords to try."""
    others = []
    for name, loc in usable.items():
        if name in searched:
            continue
        ov = readme_overlap(q, name, rules_of(loc))
        if ov > 0:
            others.append((ov, name))
    if others:
        others.sort(reverse=True)
        notes.append(
            "other knowledge bases that may cover it: " + ", ".join(n for _o, n in others[:3])
        )
    notes.append(
        other_keywords_hint([rules_of(usable[n]) for n in searched if n in usable], q.text)
    )


def other_keywords_hint(searched: Sequence[KBRules], asked: str = "") -> str:
    """What to try instead, in the words of the KBs searched: the keywords their READMEs list
    (a homelab's VLAN, NAS, Jellyfin; a payments KB's error codes), never another domain's,
    and never one the question already has (回滚 is no other keyword for "如何回滚")."""
    from ..text.analysis import to_simplified

    typed = to_simplified(asked).casefold()
    words = list(
        dict.fromkeys(
            k
            for rules in searched
            for k in rules.keywords
            if to_simplified(k).casefold() not in typed
        )
    )
    if not words:
        return "try other keywords, in the words the knowledge base's pages use"
    more = ", ..." if len(words) > HINT_KEYWORDS else ""
    shown = [" ".join(w[: HINT_KEYWORD_CHARS * 2].split()) for w in words[:HINT_KEYWORDS]]
    shown = [
        w if len(w) <= HINT_KEYWORD_CHARS else w[: HINT_KEYWORD_CHARS - 1] + "…" for w in shown
    ]
    return "try other keywords, such as the README lists: " + ", ".join(shown) + more
