"""Cut a snippet around the matched terms of a section and mark them."""

from __future__ import annotations

import bisect

from ..text.analysis import _TOKEN_RE, cjk_units, to_simplified, word_terms

SNIPPET_CHARS = 420


def _spans(text: str, matched: set[str]) -> list[tuple[int, int]]:
    """Character spans of the tokens of ``text`` whose index terms were matched."""
    spans: list[tuple[int, int]] = []
    known: dict[str, bool] = {}  # a word repeats: decide it once
    for m in _TOKEN_RE.finditer(text):
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


def make_snippet(text: str, matched: set[str], *, width: int = SNIPPET_CHARS) -> str:
    """The window of ``text`` with the most matched terms, terms marked ``**so**``."""
    text = text.strip()
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
    out: list[str] = []
    pos = start
    for a, b in spans:
        if b <= start or a >= end:
            continue
        a, b = max(a, start), min(b, end)
        out.append(text[pos:a])
        out.append(f"**{text[a:b]}**")
        pos = b
    out.append(text[pos:end])
    s = "".join(out)
    return ("…" if start > 0 else "") + s + ("…" if end < len(text) else "")
