"""Markdown that is only plain ``#`` headings and paragraphs, sectioned without markdown-it (most
pages of a KB of abstracts or articles: markdown-it was most of the time spent parsing them)."""

from __future__ import annotations

import re

from ..models import Section


def drop_comments(text: str) -> str:
    """The text without its HTML comments (``<!-- ... -->``; an unclosed one is kept): what
    ``re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)`` gives, in one pass (that regex looks
    for a close after every unclosed ``<!--``, quadratic in a line of them)."""
    out: list[str] = []
    pos = 0
    while (start := text.find("<!--", pos)) >= 0:
        end = text.find("-->", start + 4)
        if end < 0:
            break  # no close after this one, so none after any later one either
        out.append(text[pos:start])
        pos = end + 3
    out.append(text[pos:])
    return "".join(out)


_ATX_RE = re.compile(r"(#{1,6})[ \t]++([^#\\`*_\[\]!<>&~{}\x00]*)")
"""An ATX heading whose text has nothing markdown-it's inline rules would read as markup."""
_LIST_START_RE = re.compile(r"\d{1,9}[.)]")


def plain_sections(lines: list[str], offset: int) -> tuple[list[Section], str | None] | None:
    """:func:`.parsing._markdown_sections` for Markdown that is only ATX headings of plain text and
    paragraphs whose lines cannot start or end any other block (a line that begins with a
    letter or digit, no list marker, no ``|``), without markdown-it; None for anything else.

    Most pages of a KB of abstracts or articles are so, and markdown-it was most of the time
    spent parsing them. For these lines its tokens are a heading per ``#`` line and a paragraph
    per run of other non-blank lines, which is what this reads
    (``tests/kb/test_parsing.py`` compares the two on generated text and the sample KBs)."""
    blocks: list[tuple[int, int, int, str]] = []  # (first line, end line, level or 0, title)
    start = -1
    for i, line in enumerate(lines):
        if not line.strip(" \t"):
            if start >= 0:
                blocks.append((start, i, 0, ""))
                start = -1
            continue
        first = line[0]
        if first == "#":
            m = _ATX_RE.fullmatch(line)
            if m is None or not m.group(2).strip():
                return None
            if start >= 0:
                blocks.append((start, i, 0, ""))
                start = -1
            blocks.append((i, i + 1, len(m.group(1)), " ".join(m.group(2).split())))
            continue
        if not (first.isalnum() or first in "\"'(") or "|" in line or "\x00" in line:
            return None
        if first.isdigit() and _LIST_START_RE.match(line):
            return None
        if start < 0:
            start = i
    if start >= 0:
        blocks.append((start, len(lines), 0, ""))
    sections: list[Section] = []
    first_h1: str | None = None
    stack: list[tuple[int, str]] = []
    path: tuple[str, ...] = ()
    parts: list[tuple[int, int, str]] = []

    def flush() -> None:
        text = "\n\n".join(t for _, _, t in parts).strip()
        if text:
            sections.append(
                Section(path, text, parts[0][0] + offset + 1, parts[-1][1] + offset + 1)
            )
        parts.clear()

    for b_start, b_end, level, title in blocks:
        if level:
            flush()
            if level == 1 and first_h1 is None:
                first_h1 = title
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, title))
            path = tuple(t for _, t in stack if t)
            parts.append((b_start, b_start, title))
            continue
        text = "\n".join(lines[b_start:b_end])
        if "<!--" in text:
            text = drop_comments(text)
        text = text.strip()
        if text:
            parts.append((b_start, b_end - 1, text))
    flush()
    return sections, first_h1
