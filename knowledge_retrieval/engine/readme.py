"""What the KBs' READMEs say of a search's result, its last stage (:func:`obey_readme`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from ..ranking.query import Query
from ..results import SearchResult
from ..text.analysis import to_simplified
from ..verdict import outcome
from .knowledge_base import KnowledgeBase


def obey_readme(
    result: SearchResult, kbs: Sequence[KnowledgeBase], q: Query, known: Collection[str] = ()
) -> SearchResult:
    """What the KBs' READMEs say of the result: a question only a forbidden folder answers is
    noted as such (first), so an agent can say there is no current answer; a hit from a folder
    a README sentence that was not understood names quotes that sentence. A found result whose
    best page lacks keywords that only a page the README forbids has (``known``: keywords the
    KBs searched have somewhere) is that too: the current pages do not say it."""
    from ..kb.rules.forbidden import forbidden_note, readme_quotes

    rules = {k.name: k.rules for k in kbs}
    words = [k.text for k in q.keywords]
    if not result.found:
        said = [n for k in kbs if (n := forbidden_note(k.name, k.path, k.rules, words))]
        return dataclasses.replace(result, notes=(*said, *result.notes)) if said else result
    best = result.hits[0]
    lacked = [
        t
        for t in best.missing_terms
        if t not in best.absent_identifiers and to_simplified(t) not in known
    ]
    home = next((k for k in kbs if k.name == best.kb), None)
    if lacked and home is not None:  # what the best current page lacks, a forbidden page has
        note = forbidden_note(home.name, home.path, home.rules, words, lacked)
        if note is not None:
            held = (
                f"best current match {best.kb}/{best.path} scored {best.score:.2f} but lacks "
                f"{', '.join(lacked)}"
            )
            return outcome.not_found(
                q.text,
                q.lang,
                "below_threshold",
                [note, held, *result.notes],
                kb=result.kb,
                kbs=result.kbs,
            )
    hits = tuple(
        dataclasses.replace(h, readme=readme_quotes(rules[h.kb], h.path)) if h.kb in rules else h
        for h in result.hits
    )
    return dataclasses.replace(result, hits=hits)
