"""Compose the extractive answer: the sentences of the best section that answer, in the page's
order and never cut inside a word, a point from each next hit, the keywords no hit has, and the
sources."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter

from .. import messages
from ..messages import Lang
from ..results import Hit
from ..text.analysis import index_terms
from ..text.asked import Kind, holds_kind

MAX_STATEMENT = 360
"""The statement is whole sentences within this many characters (one longer sentence is
:func:`cut`)."""
VALUE_WEIGHT = 1.0
"""What a line giving the kind of value asked for adds to its count of keywords."""
NEAR = 2 / 3
"""A unit scoring at least this share of the best unit's score is quoted beside it (another
answer about as good); one scoring less only when it adds a keyword or the value."""
ELLIPSIS = "…"
MAX_UNITS = 1_000
"""At most this many units of a section are scored (a 2 MB table is one section of 24,000
rows): past it, the units that hold a keyword's first letters, in the page's order."""
MAX_PLACE = 120
"""The characters of a hit's place (its headings or title) the answer repeats: a title may be
a page long (front matter), the answer names where it quotes from."""

_BLOCK_START = re.compile(
    r"^\s*(?:[-*+]\s|\d+[.)]\s|#|\||>|```|(?=[\w.\-/ ]{1,60}:\s)[\w.\-/]+(?: [\w.\-/]+){0,4}:\s)"
)
"""A line that starts a block of its own (list item, heading, table, quote, ``field: value``
with a name of at most five words) rather than continuing a soft-wrapped paragraph (``error
found in QA is corrected within 5 working days: ...`` goes on the sentence before it)."""
_FIELD = re.compile(r"(?![-*+]\s|\d+[.)]\s)([^\s:][^:]{0,59}):\s")
"""A ``name: value`` line (not a list item): how a table row's cells are rendered."""
_FENCE = re.compile(r"[ \t]{0,3}(`{3,}|~{3,})")
"""The opening fence of a code block (its backticks or tildes close it)."""
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9`*\"'(\[])|(?<=[。！？；])(?![*_])")
_STOPS = (
    re.compile(r"[.!?](?=\s)|[。！？]"),
    re.compile(r"[,;:](?=\s)|[，、；：]|\s[-–—](?=\s)"),
)
"""Where a sentence that does not fit may end: after a sentence's end inside it, else after a
clause's (a full stop in ``3.5`` or ``file.md`` ends nothing)."""


def units(content: str, *, sentences: bool = True) -> list[str]:
    """The section's text as answer units: soft-wrapped lines joined into paragraphs, then
    paragraphs split into sentences (unless ``sentences`` is false); list items and ``field:
    value`` lines stay whole, and so does a table row (its cells' ``field: value`` lines,
    joined by ``; ``); headings are dropped."""
    return [u for u, _row in _units(content, sentences)]


NESTED_DEPTH = 8
"""Keys above a line that :func:`nested_units` names with it, at most."""


def nested_units(content: str) -> list[str]:
    """A data file's text (YAML, JSON) as units: each line with the keys it is nested under, by
    its indentation (``CIP-2: caustic_temp_f: 160`` from ``caustic_temp_f: 160`` under
    ``CIP-2:``), so a value is about what its parents name. At most :data:`NESTED_DEPTH` keys
    above a line (linear in the text)."""
    out: list[str] = []
    parents: list[tuple[int, str]] = []
    for raw in content.split("\n"):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        level = len(raw) - len(raw.lstrip(" -\t"))
        record = line.startswith("- ")  # an item of a list of records: its fields follow
        while parents and parents[-1][0] >= level - record:
            parents.pop()
        out.append(" ".join([*(key for _i, key in parents), line]))
        if line.endswith((":", "{", "[")):
            parents.append((level, line.rstrip(":{[ ")))
        elif record and ":" in line:
            parents.append((level - 1, line[2:]))
        del parents[:-NESTED_DEPTH]
    return out


def _units(content: str, sentences: bool = True) -> list[tuple[str, bool]]:
    """:func:`units`, each with whether it is a table row; a fenced code block is one unit,
    its lines kept (:func:`is_code`)."""
    blocks: list[list[str] | str] = []
    for text, code in _fenced(content):
        if code:
            blocks.append(text)
        else:
            blocks += [b.splitlines() for b in re.split(r"\n\s*\n", text)]
    rows = _rows([b if isinstance(b, list) else [] for b in blocks])
    out: list[tuple[str, bool]] = []
    for i, block in enumerate(blocks):
        if isinstance(block, str):
            out.append((block, False))
            continue
        if i in rows:
            out.append(("; ".join(line.strip() for line in block if line.strip()), True))
            continue
        for para in _paragraphs(block):
            if para.startswith("#") or set(para) <= set("|-: "):
                continue
            pieces = _SENTENCE_END.split(para) if sentences else [para]
            out.extend((s.strip(), False) for s in pieces if s.strip())
    return out


def _fenced(content: str) -> list[tuple[str, bool]]:
    """The content as runs of text and fenced code blocks (each with whether it is code): a
    block from its opening fence to its closing one (or the end), its lines as they are."""
    out: list[tuple[str, bool]] = []
    text: list[str] = []
    code: list[str] | None = None
    close = ""
    for line in content.split("\n"):
        if code is None:
            if m := _FENCE.match(line):
                if text:
                    out.append(("\n".join(text), False))
                    text = []
                code, close = [line.strip()], m.group(1)
            else:
                text.append(line)
            continue
        code.append(line.rstrip())
        bare = line.strip()
        if bare.startswith(close) and not bare.strip(close[0]):
            out.append(("\n".join(code), True))
            code = None
    if code is not None:  # not closed: the block runs to the end
        out.append(("\n".join([*code, close]), True))
    if text:
        out.append(("\n".join(text), False))
    return out


def is_code(unit: str) -> bool:
    """Whether an answer unit is a fenced code block (quoted with its line breaks)."""
    return unit.startswith(("```", "~~~"))


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
    count = Counter(first.values())
    return {i for i, name in first.items() if count[name] >= 2}


def _in_word(a: str, b: str) -> bool:
    """Whether a cut between ``a`` and ``b`` would split a word: two letters or digits of a
    script written with spaces (a cut between two Chinese characters splits no word)."""
    return all(c.isalnum() and unicodedata.east_asian_width(c) not in "WF" for c in (a, b))


def cut(text: str, budget: int) -> str:
    """``text`` if it fits in ``budget`` characters, else its head ended with "…": at the last
    sentence end in the budget's second half, else the last clause end there, else the last
    space there, else the last place that splits no word (between two Chinese characters, after
    a slash); a word longer than the budget is kept whole."""
    if len(text) <= budget:
        return text
    budget = max(budget, 1)
    low = budget // 2
    for stops in _STOPS:
        ends = [m.end() for m in stops.finditer(text, low, budget + 2) if m.end() <= budget]
        head = text[: ends[-1]].rstrip(".!?,;:。！？，、；：-–— ") if ends else ""
        if head:
            return head + ELLIPSIS
    at = text.rfind(" ", low, budget + 1)
    if at < 0 or not text[:at].strip():
        at = next((i for i in range(budget, 0, -1) if _word_end(text, i)), 0)
    if at == 0:  # one word from the start: up to its end
        at = next((i for i in range(budget + 1, len(text)) if _word_end(text, i)), 0)
        if at == 0:
            return text
    return text[:at].rstrip() + ELLIPSIS


def clip(unit: str, budget: int) -> str:
    """:func:`cut` for an answer unit: a code block keeps its whole lines within ``budget``
    (at least its first), then "…" and its closing fence."""
    if not is_code(unit) or len(unit) <= budget:
        return cut(unit, budget)
    lines = unit.split("\n")
    fence, body = lines[-1], lines[1:-1]
    kept, used = [lines[0]], len(lines[0]) + len(fence) + 4
    for line in body:
        used += len(line) + 1
        if used > budget and len(kept) > 1:
            break
        kept.append(line if used <= budget else cut(line, max(budget - len(lines[0]), 1)))
    return "\n".join([*kept, ELLIPSIS, fence])


def _word_end(text: str, i: int) -> bool:
    """Whether ``text`` may be cut before ``i``: after a character that is no space, and not
    inside a word."""
    return not text[i - 1].isspace() and not _in_word(text[i - 1], text[i])


def _coverage(terms: set[str], kw_terms: list[str]) -> float:
    """How much of a keyword a unit holds: 1 for the whole term, else the share of its parts
    when it holds most of them (``claims.auto_approve.max_per_policy_year`` holds four fifths
    of ``claims.auto_approve.max_amount``)."""
    whole, parts = kw_terms[0], kw_terms[1:]
    if whole in terms:
        return 1.0
    n = sum(p in terms for p in parts)
    return n / len(parts) if parts and 2 * n >= len(parts) + 1 else 0.0


def quotes(
    hit: Hit, limit: int = 3, asks: Kind | None = None, budget: int = MAX_STATEMENT
) -> list[tuple[str, bool]]:
    """The units of the hit's section that answer, in the page's order, each with whether it
    is a table row. A unit scores the keywords it holds plus :data:`VALUE_WEIGHT` when it gives
    a value of the kind the question asks for; the best is quoted, with those scoring
    :data:`NEAR` as well and those that add a keyword or the value none quoted yet holds: at
    most ``limit`` units within ``budget`` characters (a longer best unit is :func:`cut`).

    A keyword the section's heading already names counts a quarter: every line under
    ``payment.retry.max_attempts`` is about it, so for "the default of
    payment.retry.max_attempts" the ``Default: 3`` line is quoted. The value counts in a unit
    that holds a keyword or under a heading that names one (``Default: 30`` under
    ``payment.timeout.seconds`` for "how long is the payment timeout"). A table row (a CSV
    row, a Markdown table's row) is one unit.
    """
    heads = {h.strip().lower() for h in (*hit.heading_path, hit.title)}
    found = _bounded(
        [(u, row) for u, row in _units(hit.content) if u.strip().lower() not in heads],
        hit.matched_terms,
    )
    if hit.kind == "table" and found:
        found = [("; ".join(u for u, _row in found), True)]
    if not found:
        text = " ".join(hit.content.split())
        return [(cut(text, budget), False)] if text else []
    heading = "\n".join((*hit.heading_path, hit.title))
    head_terms = set(index_terms(heading.lower()))
    kws = [(index_terms(k) or [k.lower()]) for k in hit.matched_terms]
    weights = [0.25 if _coverage(head_terms, kt) else 1.0 for kt in kws]
    named = any(w < 1 for w in weights)
    held: list[tuple[list[float], bool]] = []
    for u, _row in found:
        terms = set(index_terms(u))
        has = [w * _coverage(terms, kt) for kt, w in zip(kws, weights, strict=True)]
        held.append((has, asks is not None and (named or any(has)) and _gives(asks, u, heading)))

    def gain(i: int, have: list[float], value: bool) -> float:
        has, gives = held[i]
        new = sum(max(0.0, h - g) for h, g in zip(has, have, strict=True))
        return new + (VALUE_WEIGHT if gives and not value else 0.0)

    none = [0.0] * len(kws)
    scores = [gain(i, none, False) for i in range(len(found))]
    best = max(scores)
    if best == 0:
        return [(clip(found[0][0], budget), found[0][1])]
    picked: list[int] = []
    used, have, value = 0, none, False
    for i in sorted(range(len(found)), key=lambda i: (-scores[i], i)):
        if len(picked) >= limit:
            break
        size = len(clip(found[i][0], budget)) if not picked else len(found[i][0])
        if picked and (
            used + size > budget or (scores[i] < NEAR * best and not gain(i, have, value))
        ):
            continue
        picked.append(i)
        used += size
        have = [max(h, g) for h, g in zip(held[i][0], have, strict=True)]
        value = value or held[i][1]
    return [(clip(found[i][0], budget), found[i][1]) for i in sorted(picked)]


def _bounded(found: list[tuple[str, bool]], keywords: tuple[str, ...]) -> list[tuple[str, bool]]:
    """At most :data:`MAX_UNITS` of ``found``: those that hold the first letters of a keyword
    come first (a string test, not the terms each unit would be analysed into)."""
    if len(found) <= MAX_UNITS:
        return found
    heads = [k.lower()[:4] for k in keywords if k.strip()]
    named = [f for f in found if any(h in f[0].lower() for h in heads)]
    return (named or found)[:MAX_UNITS]


def key_statement(
    hit: Hit, limit: int = 3, asks: Kind | None = None, budget: int = MAX_STATEMENT
) -> str:
    """The :func:`quotes` of a hit as one statement (a table row ends in no full stop: `` | ``
    keeps it apart from what follows)."""
    pieces = quotes(hit, limit, asks, budget)
    out = pieces[0][0] if pieces else ""
    if is_code(out):  # a code block starts a line of its own
        out = "\n" + out
    for (prev, row), (u, _row) in itertools.pairwise(pieces):
        out += ("\n" if is_code(prev) or is_code(u) else " | " if row else " ") + u
    return out


def _gives(kind: Kind, unit: str, heading: str) -> bool:
    """A unit gives a value of the kind, alone or as a number the heading says the kind of
    (``Default: 30`` under ``payment.timeout.seconds``)."""
    return holds_kind(kind, unit) or (
        holds_kind("number", unit) and holds_kind(kind, f"{heading}\n{unit}")
    )


def place(hit: Hit) -> str:
    """Where in its page a hit is (its headings, else its title), :func:`cut` to
    :data:`MAX_PLACE` characters."""
    return cut(" > ".join(hit.heading_path) or hit.title, MAX_PLACE)


def compose_answer(
    lang: Lang, hits: list[Hit], missing: list[str], asks: Kind | None = None
) -> str:
    """An answer in the query's language, drawn only from the hits, naming its sources."""
    if not hits:
        return ""
    best = hits[0]
    where = place(best)
    kbs = sorted({h.kb for h in hits})
    parts = [messages.answer_lead(lang, best.kb, best.path, where, key_statement(best, 3, asks))]
    if len(hits) > 1:
        parts.append(messages.answer_other_points(lang))
        parts += [
            messages.answer_point(
                lang,
                h.kb,
                h.path,
                place(h),
                key_statement(h, 1, asks),
            )
            for h in hits[1:3]
        ]
    if missing:
        parts.append(messages.answer_missing(lang, missing))
    parts.append(messages.answer_sources(lang, kbs, [f"{h.kb}/{h.path}" for h in hits]))
    return "\n".join(parts)
