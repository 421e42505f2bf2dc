"""How results and KB lists look: HTML for notebooks (``_repr_html_``) and text for terminals."""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .results import Hit, KBInfo, SearchResult

from .spans import render_spans
from .terminal import one_line

_ELLIPSIS = "…"
_CELL = "style='text-align:left;vertical-align:top'"
_SNIPPET = "style='text-align:left;vertical-align:top;white-space:pre-wrap;max-width:48em'"
_MUTED = "style='color:#777;font-size:90%'"


class KBList(list["KBInfo"]):
    """What :func:`~knowledge_retrieval.list_kbs` returns: a plain list that shows as a table."""

    __slots__ = ()

    def __repr__(self) -> str:
        return kbs_text(self)

    def _repr_html_(self) -> str:
        return kbs_html(self)


# --------------------------------------------------------------------------- snippets


def hit_snippet_html(hit: Hit) -> str:
    """The hit's snippet as HTML: its match spans in ``<mark>``, the rest escaped (the source's
    own ``**`` stays text)."""
    return render_spans(
        hit.snippet_text, hit.spans, html.escape, lambda t: f"<mark>{html.escape(t)}</mark>"
    )


# --------------------------------------------------------------------------- results


def _notes_html(notes: Sequence[str]) -> str:
    if not notes:
        return ""
    items = "".join(f"<li>{html.escape(n)}</li>" for n in notes)
    return f"<ul {_MUTED}>{items}</ul>"


def _hit_rows(hits: Sequence[Hit]) -> str:
    e = html.escape
    rows = []
    for n, h in enumerate(hits, 1):
        terms = ", ".join(h.matched_terms)
        rows.append(
            "<tr>"
            f"<td {_CELL}>{n}</td>"
            f"<td {_CELL}>{e(h.kb)}</td>"
            f"<td {_CELL}><code>{e(h.path)}</code><br><span {_MUTED}>lines "
            f"{h.line_start}&ndash;{h.line_end}</span></td>"
            f"<td {_CELL}>{' &rsaquo; '.join(map(e, h.heading_path)) or e(h.title)}</td>"
            f"<td {_CELL} title='{e(h.why, quote=True)}'><b>{h.score:.2f}</b>"
            + (f"<br><span {_MUTED}>{e(terms)}</span>" if terms else "")
            + "</td>"
            f"<td {_SNIPPET}>{hit_snippet_html(h)}</td>"
            "</tr>"
        )
    return "".join(rows)


def _hits_table(hits: Sequence[Hit]) -> str:
    head = "".join(
        f"<th {_CELL}>{c}</th>" for c in ("#", "KB", "path", "heading path", "score", "snippet")
    )
    return (
        f"<table class='kr-hits'><thead><tr>{head}</tr></thead>"
        f"<tbody>{_hit_rows(hits)}</tbody></table>"
    )


def result_html(r: SearchResult) -> str:
    """A table of hits (matched terms highlighted), or the not-found message, reason and notes."""
    e = html.escape
    head = f"<p><b>{e(r.query)}</b> — {e(r.message)}"
    if not r.found:
        return (
            f"<div class='kr-result'>{head} <code>reason: {e(str(r.reason))}</code></p>"
            f"{_notes_html(r.notes)}</div>"
        )
    answer = ""
    if r.answer:
        answer = f"<details><summary>answer</summary><div {_SNIPPET}>{e(r.answer)}</div></details>"
    return (
        f"<div class='kr-result'>{head}</p>{_hits_table(r.hits)}"
        f"{_notes_html(r.notes)}{answer}</div>"
    )


def hit_html(h: Hit) -> str:
    """One hit as a one-row table."""
    return _hits_table([h])


def result_text(r: SearchResult) -> str:
    """A few terminal lines: the hits with score, location and heading path, or why not found."""
    if not r.found:
        lines = [f"<SearchResult {r.query!r}: not found ({r.reason}) {r.message}"]
        lines += [f"  note: {n}" for n in r.notes]
        return "\n".join(map(one_line, lines)) + ">"
    lines = [f"<SearchResult {r.query!r}: {len(r.hits)} hit(s) in {', '.join(r.kbs)}"]
    for h in r.hits:
        where = " > ".join(h.heading_path) or h.title
        lines.append(f"  {h.score:.2f}  {h.kb}/{h.location}  {where}")
    return "\n".join(map(one_line, lines)) + ">"


# --------------------------------------------------------------------------- KB lists


def _width(text: str) -> int:
    """Columns a string takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _clip(text: str, columns: int) -> str:
    text = " ".join(text.split())
    if _width(text) <= columns:
        return text
    out, used = [], 0
    for c in text:
        w = _width(c)
        if used + w > columns - 1:
            break
        out.append(c)
        used += w
    return "".join(out) + _ELLIPSIS


def kbs_text(kbs: Sequence[KBInfo]) -> str:
    """One line per KB: name, languages, description (clipped to fit a terminal)."""
    if not kbs:
        return "<KBList: no knowledge bases found>"
    name_w = max(len(k.name) for k in kbs)
    lang_w = max(len(",".join(k.languages)) for k in kbs)
    lines = [f"<KBList {len(kbs)} knowledge base(s)"]
    for k in kbs:
        docs = f" ({k.doc_count} files)" if k.doc_count is not None else ""
        lines.append(
            one_line(
                f"  {k.name:<{name_w}}  {','.join(k.languages):<{lang_w}}  "
                f"{_clip(k.description, 60)}{docs}"
            )
        )
    return "\n".join(lines) + ">"


def kbs_html(kbs: Sequence[KBInfo]) -> str:
    """A table of knowledge bases with their descriptions, keywords and languages."""
    e = html.escape
    if not kbs:
        return "<p><i>No knowledge bases found (a KB is a folder with a README.md).</i></p>"
    counted = any(k.doc_count is not None for k in kbs)
    rows = "".join(
        f"<tr><td {_CELL}><b>{e(k.name)}</b></td>"
        f"<td {_CELL}>{e(k.description)}</td>"
        f"<td {_CELL}>{e(', '.join(k.keywords[:10]))}"
        + (" …" if len(k.keywords) > 10 else "")
        + f"</td><td {_CELL}>{e(', '.join(k.languages))}</td>"
        + (f"<td {_CELL}>{'' if k.doc_count is None else k.doc_count}</td>" if counted else "")
        + "</tr>"
        for k in kbs
    )
    cols = ["KB", "description", "keywords", "languages"] + (["files"] if counted else [])
    head = "".join(f"<th {_CELL}>{c}</th>" for c in cols)
    return f"<table class='kr-kbs'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
