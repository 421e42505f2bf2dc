"""Compose the extractive answer: the best section's statement, key points, gaps and sources."""

from __future__ import annotations

from .. import messages
from ..messages import Lang
from ..results import Hit
from ..text.analysis import index_terms

_MAX_STATEMENT = 360


def _key_lines(hit: Hit, limit: int = 3) -> str:
    """The lines of the hit's section that carry the most matched terms, in document order."""
    lines = [ln.strip() for ln in hit.content.splitlines() if ln.strip()]
    if not lines:
        return hit.snippet_text
    if hit.kind == "table":
        return "; ".join(lines)[:_MAX_STATEMENT]
    want = {t for term in hit.matched_terms for t in index_terms(term)}
    scored = []
    for i, ln in enumerate(lines):
        if ln.startswith("#"):
            continue
        n = len(want.intersection(index_terms(ln)))
        if n:
            scored.append((n, i, ln))
    if not scored:
        body = [ln for ln in lines if not ln.startswith("#")] or lines
        return " ".join(body)[:_MAX_STATEMENT]
    scored.sort(key=lambda x: (-x[0], x[1]))
    picked = sorted(scored[:limit], key=lambda x: x[1])
    out = " ".join(ln for _n, _i, ln in picked)
    return out if len(out) <= _MAX_STATEMENT else out[: _MAX_STATEMENT - 1] + "…"


def compose_answer(lang: Lang, hits: list[Hit], missing: list[str]) -> str:
    """An answer in the query's language, drawn only from the hits, naming its sources."""
    if not hits:
        return ""
    best = hits[0]
    where = " > ".join(best.heading_path) or best.title
    kbs = sorted({h.kb for h in hits})
    parts = [messages.answer_lead(lang, best.kb, best.path, where, _key_lines(best))]
    if len(hits) > 1:
        parts.append(messages.answer_other_points(lang))
        parts += [
            messages.answer_point(
                lang, h.kb, h.path, " > ".join(h.heading_path) or h.title, _key_lines(h, 1)
            )
            for h in hits[1:3]
        ]
    if missing:
        parts.append(messages.answer_missing(lang, missing))
    parts.append(messages.answer_sources(lang, kbs, [f"{h.kb}/{h.path}" for h in hits]))
    return "\n".join(parts)
