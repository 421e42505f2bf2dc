"""How results and KB lists look: HTML for notebooks (``_repr_html_``) and text for terminals."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .results import Hit, KBInfo, SearchResult

_MARK = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
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


def _snippet_html(snippet: str) -> str:
    """Escape a snippet and turn its ``**term**`` marks into ``<mark>`` (no source to align)."""
    out, pos = [], 0
    for m in _MARK.finditer(snippet):
        out.append(html.escape(snippet[pos : m.start()]))
        out.append(f"<mark>{html.escape(m.group(1))}</mark>")
        pos = m.end()
    out.append(html.escape(snippet[pos:]))
    return "".join(out)


def _align(snippet: str, source: str) -> list[tuple[str, bool]] | None:
    """Split a snippet into (text, marked) pieces by aligning it with its unmarked source.

    The snippet is a window of ``source`` with ``**`` inserted around matched terms, so a
    ``**`` already in the source (Markdown bold) cannot be told from a mark by looking at the
    snippet alone; here a ``**`` is a mark only where the source does not have it, and marks
    wrap words (a marked piece neither starts nor ends with ``*`` or a space).
    Returns None when the snippet is not a marked window of ``source``.
    """
    body = snippet
    lead = body.startswith(_ELLIPSIS) and not source.startswith(_ELLIPSIS)
    tail = body.endswith(_ELLIPSIS) and not source.endswith(_ELLIPSIS)
    if lead:
        body = body[len(_ELLIPSIS) :]
    if tail:
        body = body[: -len(_ELLIPSIS)]
    segs = body.split("**")
    if len(segs) == 1:
        return [(snippet, False)]

    def walk(k: int, pos: int, opened: bool, picks: list[bool]) -> Iterator[list[bool]]:
        # segs[k] has just been matched, ending at ``pos`` in the source
        if k == len(segs) - 1:
            if not opened and (tail or pos == len(source)):
                yield picks
            return
        nxt = segs[k + 1]
        if source.startswith("**", pos) and source.startswith(nxt, pos + 2):
            yield from walk(k + 1, pos + 2 + len(nxt), opened, [*picks, False])
        if source.startswith(nxt, pos):
            yield from walk(k + 1, pos + len(nxt), not opened, [*picks, True])

    def pieces(picks: list[bool]) -> list[tuple[str, bool]]:
        out: list[tuple[str, bool]] = []
        marked, text = False, segs[0]
        for is_mark, seg in zip(picks, segs[1:], strict=True):
            if is_mark:
                out.append((text, marked))
                marked, text = not marked, seg
            else:
                text += "**" + seg
        out.append((text, marked))
        return out

    def plausible(parts: list[tuple[str, bool]]) -> bool:
        return all(t and t == t.strip(" *") for t, marked in parts if marked)

    starts: Iterable[int] = (0,) if source.startswith(segs[0]) else ()
    if lead:
        starts = _window_starts(segs, source)
    tried = 0
    for start in starts:
        for picks in walk(0, start + len(segs[0]), False, []):
            got = pieces(picks)
            if plausible(got):
                if lead:
                    got.insert(0, (_ELLIPSIS, False))
                if tail:
                    got.append((_ELLIPSIS, False))
                return [(t, m) for t, m in got if t]
            tried += 1
            if tried > 64:  # pathological input: give up and mark naively
                return None
    return None


def _window_starts(segs: list[str], source: str, limit: int = 200) -> Iterator[int]:
    """Where in ``source`` a window split at ``**`` into ``segs`` may start (found with find)."""
    k = next((i for i, seg in enumerate(segs) if seg), None)
    if k is None:
        return
    seen: set[int] = set()
    pos = source.find(segs[k])
    while pos >= 0 and len(seen) < limit:
        # the k delimiters before the anchor are each a mark (0 chars) or source bold (2 chars)
        for start in range(pos - len("".join(segs[:k])) - 2 * k, pos - len("".join(segs[:k])) + 1):
            if start >= 0 and start not in seen and source.startswith(segs[0], start):
                seen.add(start)
                yield start
        pos = source.find(segs[k], pos + 1)


def hit_snippet_html(hit: Hit) -> str:
    """The hit's snippet as HTML, matched terms in ``<mark>``, the source's own ``**`` kept."""
    pieces = _align(hit.snippet, hit.content.strip()) if hit.content else None
    if pieces is None:
        return _snippet_html(hit.snippet)
    return "".join(
        f"<mark>{html.escape(t)}</mark>" if marked else html.escape(t) for t, marked in pieces
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
        return "\n".join(lines) + ">"
    lines = [f"<SearchResult {r.query!r}: {len(r.hits)} hit(s) in {', '.join(r.kbs)}"]
    for h in r.hits:
        where = " > ".join(h.heading_path) or h.title
        lines.append(f"  {h.score:.2f}  {h.kb}/{h.location}  {where}")
    return "\n".join(lines) + ">"


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
            f"  {k.name:<{name_w}}  {','.join(k.languages):<{lang_w}}  "
            f"{_clip(k.description, 60)}{docs}"
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
