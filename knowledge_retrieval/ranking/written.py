"""How a KB writes a term: its case, and the whole word a stem was cut from."""

from __future__ import annotations

import re

from ..index.termstats import TermStats
from ..text.analysis import has_cjk, to_simplified

__all__ = ["original_spelling"]


def original_spelling(stats: TermStats, term: str, typo: str | None = None) -> str:
    """The word as a section of the KB writes it: its case, and the whole word a stem was cut
    from (``signatur`` -> ``signature``); for a misspelt word, the written form nearest to it
    (``chargwd`` -> ``charged``, not ``charge``)."""
    from rapidfuzz.distance import OSA

    vec = stats.vector(term)
    if vec is None:
        return term
    words: list[str] = []
    found = ""
    for d in vec[0][:SPELLING_SECTIONS].tolist():
        text = str(stats.reader.stored_fields(int(d)).get("text") or "")
        if has_cjk(term):  # M3-數A for m3-数a: the text as its terms are written, then its own
            simple = to_simplified(text)
            m = re.search(re.escape(term), simple, re.IGNORECASE)
            if m:
                return text[m.start() : m.end()]
            continue
        words += re.findall(rf"(?<!\w){re.escape(term)}[^\W_]*(?!\w)", text, re.IGNORECASE)
        if not found:
            m = re.search(re.escape(term), text, re.IGNORECASE)
            found = m.group() if m else ""
    if words:
        # nearest to the typo, then lower case first (running text), the most frequent, the
        # shortest
        return str(
            min(
                set(words),
                key=lambda w: (
                    OSA.distance(typo, w.lower()) if typo else 0,
                    w != w.lower(),
                    -words.count(w),
                    len(w),
                    w,
                ),
            )
        )
    return found or term


SPELLING_SECTIONS = 5
"""Sections read for a term's written forms."""
