"""Cut a snippet around the matched terms of a section: its text and the spans of the terms."""

from __future__ import annotations

import bisect

from ..defaults import MAX_SNIPPET_SCAN_CHARS
from ..results import Snippet
from ..text.analysis import TOKEN_RE, cjk_units, to_simplified, word_terms

SNIPPET_CHARS = 420
ELLIPSIS = "…"


def _spans(text: str, matched: set[str]) -> list[tuple[int, int]]:
    """Character spans of the tokens of ``text`` whose index terms were matched."""
    spans: list[tuple[int, int]] = []
    known: dict[str, bool] = {}  # a word repeats: decide it once
    for m in TOKEN_RE.finditer(text):
        raw = m.group()
        if m.lastgroup == "cjk":
            s = m.start()
            for i, u in enumerate(cjk_units(to_simplified(raw))):
                if u in matched:
                    spans.append((s + i, s + i + len(u)))
            continue
        hit = known.get(raw)
        if hit is None:
            whole, parts = word_terms(raw)
            hit = known[raw] = (whole is not None and whole in matched) or not matched.isdisjoint(
                parts
            )
        if hit:
            spans.append(m.span())
    merged: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def make_snippet(text: str, matched: set[str], *, width: int = SNIPPET_CHARS) -> Snippet:
    """The window of ``text`` with the most matched terms, and the terms' spans in it (looked
    for in the first :data:`MAX_SNIPPET_SCAN_CHARS` characters only: bounded work per hit)."""
    text = text.strip()
    if len(text) > MAX_SNIPPET_SCAN_CHARS:
        text = text[:MAX_SNIPPET_SCAN_CHARS]
    spans = _spans(text, matched)
    if len(text) <= width:
        start, end = 0, len(text)
    elif not spans:
        start, end = 0, width
    else:
        starts = [a for a, _b in spans]  # sorted
        best, best_n = spans[0][0], 0
        for i, a in enumerate(starts):
            n = bisect.bisect_left(starts, a + width, i) - i  # spans starting in the window
            if n > best_n:
                best, best_n = a, n
        start = max(0, best - width // 5)
        nl = text.rfind("\n", 0, best)
        if nl >= 0 and best - nl < width // 3:
            start = nl + 1
        end = min(len(text), start + width)
    lead = ELLIPSIS if start > 0 else ""
    shift = len(lead) - start
    kept = tuple(
        (max(a, start) + shift, min(b, end) + shift) for a, b in spans if b > start and a < end
    )
    return Snippet(lead + text[start:end] + (ELLIPSIS if end < len(text) else ""), kept)
