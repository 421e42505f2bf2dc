"""Compose the extractive answer: the best section's statement, key points, gaps and sources."""

from __future__ import annotations

from ..results import Hit
from ..text.analysis import index_terms

_MAX_STATEMENT = 360


def _key_lines(hit: Hit, limit: int = 3) -> str:
    """The lines of the hit's section that carry the most matched terms, in document order."""
    lines = [ln.strip() for ln in hit.content.splitlines() if ln.strip()]
    if not lines:
        return hit.snippet.replace("**", "")
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


def compose_answer(lang: str, hits: list[Hit], missing: list[str]) -> str:
    """An answer in the query's language, drawn only from the hits, naming its sources."""
    if not hits:
        return ""
    best = hits[0]
    where = " > ".join(best.heading_path) or best.title
    kbs = sorted({h.kb for h in hits})
    zh = lang == "zh"
    parts = []
    if zh:
        parts.append(f"根据本地知识库 {best.kb} 的 {best.path}（{where}）：{_key_lines(best)}")
        if len(hits) > 1:
            parts.append("其他要点：")
            parts += [
                f"- {h.kb}/{h.path}（{' > '.join(h.heading_path) or h.title}）：{_key_lines(h, 1)}"
                for h in hits[1:3]
            ]
        if missing:
            parts.append(f"未在知识库中找到的关键词：{'、'.join(missing)}")
        parts.append(
            f"以上内容来自本地 KnowledgeBase（{'、'.join(kbs)}），而非网络检索："
            + "、".join(f"{h.kb}/{h.path}" for h in hits)
        )
    else:
        parts.append(
            f"From the local knowledge base {best.kb}, {best.path} ({where}): {_key_lines(best)}"
        )
        if len(hits) > 1:
            parts.append("Other points:")
            parts += [
                f"- {h.kb}/{h.path} ({' > '.join(h.heading_path) or h.title}): {_key_lines(h, 1)}"
                for h in hits[1:3]
            ]
        if missing:
            parts.append(f"Not found in the knowledge base: {', '.join(missing)}")
        parts.append(
            f"Source: the local KnowledgeBase ({', '.join(kbs)}), not the web: "
            + ", ".join(f"{h.kb}/{h.path}" for h in hits)
        )
    return "\n".join(parts)
