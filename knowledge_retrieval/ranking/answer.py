"""Compose the extractive answer: whole sentences of the best section that hold the matched
terms, key points of the next hits, the keywords no hit has, and the sources."""

from __future__ import annotations

import itertools
import re

from .. import messages
from ..messages import Lang
from ..results import Hit
from ..text.analysis import index_terms
from ..text.asked import Kind, holds_kind

MAX_STATEMENT = 360
"""The statement is whole sentences, about this many characters (one longer sentence is kept
whole up to :data:`MAX_SENTENCE`)."""
MAX_SENTENCE = 600
VALUE_WEIGHT = 0.5
"""What a line giving the kind of value asked for adds to its count of keywords."""

_BLOCK_START = re.compile(
    r"^\s*(?:[-*+]\s|\d+[.)]\s|#|\||>|```|(?=[\w.\-/ ]{1,60}:\s)[\w.\-/]+(?: [\w.\-/]+){0,4}:\s)"
)
"""A line that starts a block of its own (list item, heading, table, quote, ``field: value``
with a name of at most five words) rather than continuing a soft-wrapped paragraph (``error
found in QA is corrected within 5 working days: ...`` goes on the sentence before it)."""
_FIELD = re.compile(r"(?![-*+]\s|\d+[.)]\s)([^\s:][^:]{0,59}):\s")
"""A ``name: value`` line (not a list item): how a table row's cells are rendered."""
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9`*\"'(\[])|(?<=[。！？；])")


def units(content: str, *, sentences: bool = True) -> list[str]:
    """The section's text as answer units: soft-wrapped lines joined into paragraphs, then
    paragraphs split into sentences (unless ``sentences`` is false); list items and ``field:
    value`` lines stay whole, and so does a table row (its cells' ``field: value`` lines,
    joined by ``; ``); headings are dropped."""
    return [u for u, _row in _units(content, sentences)]


def _units(content: str, sentences: bool = True) -> list[tuple[str, bool]]:
    """:func:`units`, each with whether it is a table row."""
    blocks = [b.splitlines() for b in re.split(r"\n\s*\n", content)]
    rows = _rows(blocks)
    out: list[tuple[str, bool]] = []
    for i, block in enumerate(blocks):
        if i in rows:
            out.append(("; ".join(line.strip() for line in block if line.strip()), True))
            continue
        for para in _paragraphs(block):
            if para.startswith("#") or set(para) <= set("|-: "):
                continue
            pieces = _SENTENCE_END.split(para) if sentences else [para]
            out.extend((s.strip(), False) for s in pieces if s.strip())
    return out


def _paragraphs(lines: list[str]) -> list[str]:
    """The paragraphs of a block: soft-wrapped lines joined, a line that starts a block of its
    own (:data:`_BLOCK_START`) beginning the next."""
    out: list[list[str]] = []
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if _BLOCK_START.match(raw) or not out:
            out.append([])
        out[-1].append(line)
    return [" ".join(p) for p in out]


def _rows(blocks: list[list[str]]) -> set[int]:
    """The blocks that are table rows: two or more ``field: value`` lines, the first field
    named as in another such block (a table's rows start with its first column)."""
    first: dict[int, str] = {}
    for i, block in enumerate(blocks):
        fields = [_FIELD.match(line.strip()) for line in block if line.strip()]
        if len(fields) >= 2 and all(fields):
            first[i] = fields[0].group(1)  # type: ignore[union-attr]
    names = list(first.values())
    return {i for i, name in first.items() if names.count(name) >= 2}


def _cap(text: str) -> str:
    if len(text) <= MAX_SENTENCE:
        return text
    cut = text.rfind(" ", 0, MAX_SENTENCE)
    return text[: cut if cut > MAX_SENTENCE // 2 else MAX_SENTENCE] + "…"


def _keyword_in(terms: set[str], kw_terms: list[str]) -> bool:
    whole, parts = kw_terms[0], kw_terms[1:]
    if whole in terms:
        return True
    return bool(parts) and 2 * sum(p in terms for p in parts) >= len(parts) + 1


def key_statement(hit: Hit, limit: int = 3, asks: Kind | None = None) -> str:
    """Whole sentences (or list items, ``field: value`` lines) of the hit's section holding
    the most matched keywords, the best first, within about :data:`MAX_STATEMENT` characters;
    never cut mid-sentence. A keyword the section's heading already names counts less: every
    line under ``payment.retry.max_attempts`` is about it, so for "the default of
    payment.retry.max_attempts" the ``Default: 3`` line comes first. When the question asks for
    a kind of value (``asks``: "how long is the payment timeout"), a line that gives one counts
    as half a keyword more (``Default: 30`` under ``payment.timeout.seconds``)."""
    heads = {h.strip().lower() for h in (*hit.heading_path, hit.title)}
    unit_rows = [(u, row) for u, row in _units(hit.content) if u.strip().lower() not in heads]
    parts = [u for u, _row in unit_rows]
    rows = {u for u, row in unit_rows if row}
    if not parts:
        return hit.snippet_text
    if hit.kind == "table":
        return _cap("; ".join(parts))
    head_terms = {t for h in heads for t in index_terms(h)}
    kws = [(index_terms(k) or [k.lower()]) for k in hit.matched_terms]
    weights = [0.25 if _keyword_in(head_terms, kt) else 1.0 for kt in kws]
    scored = []
    for i, u in enumerate(parts):
        terms = set(index_terms(u))
        score = sum(w for kt, w in zip(kws, weights, strict=True) if _keyword_in(terms, kt))
        if asks is not None and _gives(asks, u):
            score += VALUE_WEIGHT
        if score:
            scored.append((score, i, u))
    if not scored:
        return _cap(parts[0])
    scored.sort(key=lambda x: (-x[0], x[1]))
    picked: list[str] = []
    used = 0
    for _score, _i, u in scored[:limit]:
        if picked and used + len(u) > MAX_STATEMENT:
            continue
        picked.append(u)
        used += len(u)
    out = _cap(picked[0])
    for prev, u in itertools.pairwise(picked):
        # a row ends in no full stop: " | " keeps the next row or sentence apart from it
        out += (" | " if prev in rows else " ") + _cap(u)
    return out


def _gives(kind: Kind, unit: str) -> bool:
    """A line gives a value of the kind (a duration or a range may be a bare number under a
    heading or key that names the unit: ``Default: 30`` under ``payment.timeout.seconds``)."""
    return holds_kind(kind, unit) or (
        kind in ("duration", "frequency", "range") and holds_kind("number", unit)
    )


def compose_answer(
    lang: Lang, hits: list[Hit], missing: list[str], asks: Kind | None = None
) -> str:
    """An answer in the query's language, drawn only from the hits, naming its sources."""
    if not hits:
        return ""
    best = hits[0]
    where = " > ".join(best.heading_path) or best.title
    kbs = sorted({h.kb for h in hits})
    parts = [messages.answer_lead(lang, best.kb, best.path, where, key_statement(best, 3, asks))]
    if len(hits) > 1:
        parts.append(messages.answer_other_points(lang))
        parts += [
            messages.answer_point(
                lang,
                h.kb,
                h.path,
                " > ".join(h.heading_path) or h.title,
                key_statement(h, 1, asks),
            )
            for h in hits[1:3]
        ]
    if missing:
        parts.append(messages.answer_missing(lang, missing))
    parts.append(messages.answer_sources(lang, kbs, [f"{h.kb}/{h.path}" for h in hits]))
    return "\n".join(parts)
