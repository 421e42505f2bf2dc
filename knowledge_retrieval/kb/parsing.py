"""Read knowledge-base files as text and split them into documents made of sections."""

from __future__ import annotations

import dataclasses as dc
import datetime as dt
import logging
import math
import re
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from ..defaults import (
    MAX_FRONT_MATTER_CHARS,
    MAX_SECTIONS_PER_FILE,
    MAX_YAML_DEPTH,
    MAX_YAML_NODES,
    SUFFIXES,
)
from ..models import Document, Section
from .csv_table import parse_csv
from .plain import drop_comments, plain_sections
from .reader import SkipFile, format_size, normalise_newlines, read_kb_file, read_text
from .yaml_keys import YAML_INFO, yaml_rows
from .yaml_reader import YAMLRefused, load_yaml

__all__ = [
    "SUPPORTED_SUFFIXES",
    "SkipFile",
    "parse_document",
    "parse_kb_text",
    "read_kb_file",
    "read_text",
]

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

log = logging.getLogger(__name__)

SUPPORTED_SUFFIXES = SUFFIXES

_KINDS = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdx": "mdx",
    ".csv": "csv",
    ".yaml": "data",
    ".yml": "data",
    ".json": "data",
    ".txt": "text",
}
_PARSERS: dict[str, Any] = {}
"""The Markdown parser, made on first use (a search that re-reads no file never imports it)."""


def _markdown() -> MarkdownIt:
    got: MarkdownIt | None = _PARSERS.get("md")
    if got is None:
        from markdown_it import MarkdownIt

        got = MarkdownIt("commonmark").enable("table")
        got.core.ruler.at("inline", _inline_where_read)
        _PARSERS["md"] = got
    return got


def _inline_where_read(state: Any) -> None:
    """markdown-it's ``inline`` core rule for the inline tokens whose children are read (a
    heading's, a table cell's: :func:`_inline_text`); a paragraph's text is taken from its lines,
    and parsing its inlines was half of the time spent parsing a file."""
    md = state.md
    in_table = False
    prev = ""
    for token in state.tokens:
        kind = token.type
        if kind == "inline":
            if token.children is None:
                token.children = []
            if in_table or prev == "heading_open":
                md.inline.parse(token.content, md, state.env, token.children)
        elif kind == "table_open":
            in_table = True
        elif kind == "table_close":
            in_table = False
        prev = kind


_FM_FENCE_RE = re.compile(r"-{3,}[ \t]*")
_YAML_KEY_RE = re.compile(r"""["']?[\w.-]+["']?[ \t]*:(?:\s|$)""")
_HEADING_ID_RE = re.compile(r"(?<!\s)\s*\{#[\w.-]+\}$")  # Docusaurus/Pandoc `## Title {#id}`
_OPENCOMMENT_RE = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)

_CODE_FENCE_RE = re.compile(r"\s*(`{3,}|~{3,})")
_ESM_RE = re.compile(r"(?:import|export)\s")
_IMPORT_DONE_RE = re.compile(
    r"""(?:\bfrom\s*["'][^"']*["']|^import\s*["'][^"']*["'])\s*(?:;\s*)?$"""
)
# a string literal; one left open runs to the end of the line (else every quote after an open
# one would be tried to the end again: quadratic in a line of \" pairs)
_QUOTED_RE = re.compile(
    r""""(?:[^"\\]|\\.)*(?:"|$)|'(?:[^'\\]|\\.)*(?:'|$)|`(?:[^`\\]|\\.)*(?:`|$)"""
)
# A JSX tag: its name, then nothing, a "/" or a blank and anything but < and > up to the ">".
# (Written as `(?:\s+[^<>]*?)?\s*/?>` it matched the same tags, but a tag left open was tried
# every way the blanks could be shared out: cubic in a line of "<Callout" and spaces.)
_TAG = r"</?[A-Za-z][\w.:-]*(?:\s[^<>]*|/)?>"
_TAG_LINE_RE = re.compile(rf"\s*(?:{_TAG}\s*)+")
_JSX_COMMENT_LINE_RE = re.compile(r"\s*\{\s*/\*.*?\*/\s*\}\s*")
_MULTILINE_JSX_RE = re.compile(r"\s*(?:\{\s*/\*|<[A-Za-z][\w.:-]*(?:\s[^<>]*)?$)")
_COMPONENT_RE = re.compile(r"</?[A-Z][\w.]*(?:\s[^<>]*|/)?>")
_BACKTICKS_RE = re.compile(r"`+")


def parse_kb_text(rel_path: str, text: str) -> Document:
    """:func:`parse_document` for indexing: a file with nothing to index raises SkipFile."""
    doc = parse_document(rel_path, text)
    if not doc.sections:
        raise SkipFile("empty (no text to index)")
    return doc


def parse_document(rel_path: str, text: str) -> Document:
    """Parse the text of the file at KB-relative POSIX path ``rel_path``; never raises.

    Markdown/MDX: one section per heading (``heading_path`` is the chain of enclosing
    headings; text before the first heading has ``heading_path == ()``), plus one
    ``kind="table"`` section per table row. CSV: one ``kind="table"`` section per data row.
    YAML and JSON: the text, plus a ``kind="table"`` row per setting and per record. Plain
    text and unknown suffixes are parsed as Markdown. Line numbers are 1-based in the original text.
    """
    kind = _KINDS.get(PurePosixPath(rel_path).suffix.lower(), "markdown")
    try:
        text = normalise_newlines(text).removeprefix("\ufeff")
        if kind == "csv":
            return cap_sections(parse_csv(rel_path, text))
        if kind == "data":
            return cap_sections(_parse_data(rel_path, text))
        return cap_sections(_parse_markdown(rel_path, text, kind))
    except Exception as exc:  # parse_document must never raise
        log.debug("parsing %s failed", rel_path, exc_info=True)
        lines = text.split("\n")
        return Document(
            path=rel_path,
            title=_stem_title(rel_path),
            kind=kind,
            sections=tuple(_plain_sections(lines, 0)),
            warnings=(f"not parsed ({type(exc).__name__}); indexed as plain text",),
        )


def cap_sections(doc: Document, limit: int = MAX_SECTIONS_PER_FILE) -> Document:
    """At most ``limit`` sections: runs of consecutive sections merged (the first one's heading
    path, the run's lines, every text kept), so a pathological file indexes in bounded time."""
    n = len(doc.sections)
    if n <= limit:
        return doc
    size = -(-n // limit)  # ceil
    merged = []
    for i in range(0, n, size):
        run = doc.sections[i : i + size]
        merged.append(
            Section(
                heading_path=run[0].heading_path,
                text="\n".join(s.text for s in run),
                line_start=run[0].line_start,
                line_end=run[-1].line_end,
                kind="table" if all(s.kind == "table" for s in run) else "text",
            )
        )
    note = f"{n} sections merged into {len(merged)} (at most {limit} a file)"
    return dc.replace(doc, sections=tuple(merged), warnings=(*doc.warnings, note))


def _stem_title(rel_path: str) -> str:
    stem = PurePosixPath(rel_path).stem
    return " ".join(re.sub(r"[-_]+", " ", stem).split()) or stem


def _parse_markdown(rel_path: str, text: str, kind: str) -> Document:
    warnings: list[str] = []
    lines = text.split("\n")
    metadata, offset = _front_matter(lines, warnings)
    body_lines = lines[offset:]
    if kind == "mdx":
        body_lines = _strip_mdx(body_lines)
    try:
        plain = plain_sections(body_lines, offset) if kind in ("markdown", "text") else None
        sections, first_h1 = plain or _markdown_sections(
            _markdown().parse("\n".join(body_lines)), body_lines, offset
        )
    except Exception as exc:  # RecursionError or a markdown-it bug on hostile input
        log.debug("markdown-it failed on %s", rel_path, exc_info=True)
        warnings.append(f"markdown not parsed ({type(exc).__name__}); indexed as plain text")
        sections, first_h1 = _plain_sections(body_lines, offset), None
    title = _meta_text(metadata, "title", "linkTitle") or first_h1 or _stem_title(rel_path)
    return Document(
        path=rel_path,
        title=title,
        description=_meta_text(metadata, "description", "summary"),
        tags=_meta_tags(metadata),
        metadata=metadata,
        sections=tuple(sections),
        kind=kind,
        warnings=tuple(warnings),
    )


def _plain_sections(lines: Sequence[str], offset: int) -> list[Section]:
    """The whole text as one section (HTML comments removed)."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        return []
    body = _OPENCOMMENT_RE.sub("", "\n".join(lines[filled[0] : filled[-1] + 1])).strip()
    if not body:
        return []
    return [Section((), body, filled[0] + offset + 1, filled[-1] + offset + 1)]


class _MetadataTooLargeError(Exception):
    pass


def _front_matter(lines: list[str], warnings: list[str]) -> tuple[dict[str, Any], int]:
    """Metadata of a leading ``---`` YAML block and the index of the first line after it.

    A block that is not YAML and does not look like ``key: value`` lines (e.g. a thematic
    break followed by prose) is left in the body; one that clearly is front matter but
    cannot be used is dropped from the body with a warning.
    """
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None or not _FM_FENCE_RE.fullmatch(lines[start]):
        return {}, 0
    end = next((j for j in range(start + 1, len(lines)) if _FM_FENCE_RE.fullmatch(lines[j])), None)
    if end is None:
        return {}, 0
    block = "\n".join(lines[start + 1 : end])
    first = next(
        (
            ln.strip()
            for ln in lines[start + 1 : end]
            if ln.strip() and not ln.lstrip().startswith("#")
        ),
        "",
    )
    clearly = first == "" or bool(_YAML_KEY_RE.match(first))

    def ignore(reason: str) -> tuple[dict[str, Any], int]:
        if not clearly:
            return {}, 0
        warnings.append(f"front matter ignored: {reason}")
        return {}, end + 1

    if len(block) > MAX_FRONT_MATTER_CHARS:
        return ignore(f"larger than {format_size(MAX_FRONT_MATTER_CHARS)}")
    try:
        data = load_yaml(block, first_line=start + 2)
    except YAMLRefused as exc:
        return ignore(str(exc))
    if data is None:
        return {}, end + 1
    if not isinstance(data, dict):
        return ignore("not a mapping")
    try:
        return _json_safe(data, [MAX_YAML_NODES], 0), end + 1
    except _MetadataTooLargeError:
        return ignore("too large or too deeply nested")


def _json_safe(value: Any, budget: list[int], depth: int) -> Any:
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_YAML_DEPTH:
        raise _MetadataTooLargeError
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, (dt.date, dt.time)):  # datetime is a date
        return value.isoformat()
    if isinstance(value, dict):  # keys: str, dates as ISO strings, anything else str()
        return {
            k if isinstance(k, str) else str(_json_safe(k, budget, depth + 1)): _json_safe(
                v, budget, depth + 1
            )
            for k, v in value.items()
        }
    if isinstance(value, (set, frozenset)):
        value = sorted(value, key=str)
    if isinstance(value, (list, tuple)):
        return [_json_safe(v, budget, depth + 1) for v in value]
    return str(value)


def _meta_text(metadata: dict[str, Any], *keys: str) -> str:
    for key in keys:
        value = metadata.get(key)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            text = " ".join(str(value).split())
            if text:
                return text
    return ""


def _meta_tags(metadata: dict[str, Any]) -> tuple[str, ...]:
    tags: list[str] = []
    for key in ("tags", "keywords", "categories"):
        value = metadata.get(key)
        items = re.split(r"[,\uff0c\u3001]", value) if isinstance(value, str) else value
        if not isinstance(items, list):
            items = [items]
        for item in items:
            if isinstance(item, (str, int, float)) and not isinstance(item, bool):
                tag = " ".join(str(item).split())
                if tag and tag not in tags:
                    tags.append(tag)
    return tuple(tags)


def _strip_mdx(lines: list[str]) -> list[str]:
    """Blank ESM import/export statements and JSX-only lines, keeping the line count.

    Lines inside fenced code blocks are left alone; component tags mixed with text on a
    line are removed and the text kept.
    """
    out = list(lines)
    fence = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        m = _CODE_FENCE_RE.match(line)
        if fence:
            stripped = line.strip()
            if stripped and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
                fence = ""
        elif m:
            fence = m.group(1)
        elif _ESM_RE.match(line):
            last = _esm_end(lines, i)
            out[i : last + 1] = [""] * (last + 1 - i)
            i = last
        elif _JSX_COMMENT_LINE_RE.fullmatch(line) or _TAG_LINE_RE.fullmatch(line):
            out[i] = ""
        elif _MULTILINE_JSX_RE.match(line):
            closer = "*/}" if "/*" in line else ">"
            last = next(
                (
                    j
                    for j in range(i, min(i + 30, len(lines)))
                    if lines[j].rstrip().endswith(closer)
                ),
                i,
            )
            out[i : last + 1] = [""] * (last + 1 - i)
            i = last
        else:
            out[i] = _drop_components(line) if "<" in line else line
        i += 1
    return out


def _code_span(line: str, pos: int) -> tuple[int, int] | None:
    """The first code span at or after ``pos``, as ``(`+)[^`]*?\\1`` finds it: a run of n
    backticks closed by the next run if that one has n or more, else (n >= 2) the run's own
    first 2 x (n // 2) backticks; None when there is none."""
    run = _BACKTICKS_RE.search(line, pos)
    if run is None:
        return None
    n = run.end() - run.start()
    after = _BACKTICKS_RE.search(line, run.end())
    if after is not None and after.end() - after.start() >= n:
        return run.start(), after.start() + n
    if n >= 2:
        return run.start(), run.start() + 2 * (n // 2)
    return None  # one backtick and no other after it


def _drop_components(line: str) -> str:
    """The line without its JSX component tags (``<Callout type="x">``, ``</Tabs>``), code spans
    kept as they are: what ``re.sub(r"(`+)[^`]*?\\1|<component tag>", ...)`` gave, leftmost
    first, without that regex's cubic time on a run of backticks left open."""
    out: list[str] = []
    pos = 0
    span = _code_span(line, 0)
    tag = _COMPONENT_RE.search(line)
    while tag is not None:
        if span is not None and span[0] < tag.start():
            out.append(line[pos : span[1]])  # code: kept
            pos = span[1]
            span = _code_span(line, pos)
            if tag.start() < pos:
                tag = _COMPONENT_RE.search(line, pos)
            continue
        out.append(line[pos : tag.start()])
        pos = tag.end()
        tag = _COMPONENT_RE.search(line, pos)
        if span is not None and span[0] < pos:
            span = _code_span(line, pos)
    out.append(line[pos:])
    return "".join(out)


def _esm_end(lines: list[str], i: int) -> int:
    """Index of the last line of the import/export statement starting at line ``i``."""
    if lines[i].startswith("import"):
        for j in range(i, min(i + 50, len(lines))):
            if _IMPORT_DONE_RE.search(lines[j]):
                return j
        return i
    depth = 0
    for j in range(i, min(i + 300, len(lines))):
        code = _QUOTED_RE.sub("", lines[j])
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        if depth <= 0:
            return j
    return i


_Table = tuple[int, int, list[str], list[tuple[int, list[str]]]]


def _inline_text(token: Token | None) -> str:
    """Plain text of an inline token: markup, links and HTML dropped, whitespace collapsed."""
    parts: list[str] = []
    for child in (token.children if token is not None else None) or ():
        if child.type in ("text", "code_inline", "image"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return " ".join("".join(parts).split())


def _tables(tokens: Sequence[Token]) -> list[_Table]:
    """Each table in ``tokens`` as (first line, end line, header cells, [(row line, cells)])."""
    found: list[_Table] = []
    header: list[str] = []
    rows: list[tuple[int, list[str]]] = []
    cells: list[str] | None = None
    table_map, row_line = [0, 0], 0
    for tok in tokens:
        if tok.type == "table_open":
            header, rows = [], []
            table_map = tok.map or [0, 0]
        elif tok.type == "tr_open":
            cells, row_line = [], (tok.map or table_map)[0]
        elif tok.type == "inline" and cells is not None:
            cells.append(_inline_text(tok))
        elif tok.type == "tr_close" and cells is not None:
            if header or rows:
                rows.append((row_line, cells))
            else:
                header = cells
            cells = None
        elif tok.type == "table_close":
            found.append((table_map[0], table_map[1], header, rows))
    return found


def _render_row(header: Sequence[str], cells: Sequence[str]) -> str:
    names = [*header, *[""] * (len(cells) - len(header))]
    return "\n".join(f"{n}: {c}" if n else c for n, c in zip(names, cells, strict=False) if c)


def _markdown_sections(
    tokens: list[Token], lines: list[str], offset: int
) -> tuple[list[Section], str | None]:
    """Sections split at top-level headings; also returns the first H1's text."""
    sections: list[Section] = []
    rows: list[Section] = []
    first_h1: str | None = None
    stack: list[tuple[int, str]] = []
    path: tuple[str, ...] = ()
    parts: list[tuple[int, int, str]] = []  # (first line, last line, text), 0-based in body

    def flush() -> None:
        text = "\n\n".join(t for _, _, t in parts).strip()
        if text:
            sections.append(
                Section(path, text, parts[0][0] + offset + 1, parts[-1][1] + offset + 1)
            )
        sections.extend(rows)
        parts.clear()
        rows.clear()

    i = 0
    while i < len(tokens):
        tok = tokens[i]
        j, depth = i + 1, int(tok.nesting)
        while depth > 0 and j < len(tokens):
            depth += tokens[j].nesting
            j += 1
        inner = tokens[i + 1 : j]
        i = j
        if tok.map is None or tok.nesting < 0:
            continue
        start = tok.map[0]
        end = max(min(tok.map[1], len(lines)), start + 1)
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        if tok.type == "heading_open":
            flush()
            title = _HEADING_ID_RE.sub("", _inline_text(inner[0] if inner else None))
            level = int(tok.tag[1:]) if tok.tag[1:].isdigit() else 6
            if level == 1 and first_h1 is None and title:
                first_h1 = title
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, title))
            path = tuple(t for _, t in stack if t)
            if title:
                parts.append((start, end - 1, title))
            continue
        if tok.type in ("fence", "code_block"):
            parts.append((start, end - 1, "\n".join(lines[start:end]).strip("\n")))
            if tok.type == "fence" and tok.info.strip().lower() in YAML_INFO:
                first = start + 1 + offset + 1  # the file line of the block's first line
                rows.extend(
                    Section(path, text, first + line, first + line, kind="table")
                    for line, text in yaml_rows(tok.content, lines[start + 1 : end])
                )
            continue
        chunks: list[str] = []
        cursor = start
        for t_start, t_end, header, table_rows in _tables([tok, *inner]):
            chunks.extend(lines[cursor:t_start])
            rendered = [_render_row(header, cells) for _, cells in table_rows]
            chunks.append("\n\n".join(r for r in rendered if r) or " | ".join(header))
            rows.extend(
                Section(path, text, line + offset + 1, line + offset + 1, kind="table")
                for (line, _), text in zip(table_rows, rendered, strict=True)
                if text
            )
            cursor = max(cursor, t_end)
        chunks.extend(lines[cursor:end])
        text = "\n".join(chunks)
        if tok.type == "html_block":
            text = _OPENCOMMENT_RE.sub("", text).strip()
        else:
            text = drop_comments(text).strip()
        if text:
            parts.append((start, end - 1, text))
    flush()
    return sections, first_h1


def _parse_data(rel_path: str, text: str) -> Document:
    """A YAML or JSON file (a config, a code table): its whole text as one section, plus a row
    per setting under its dotted key (``deice.pad.max_wait_min: 20``) and per item of a list of
    records, so a key or code is found whole and the answer quotes its line. Text that is not
    one valid YAML document (JSON is YAML) is indexed as it is."""
    lines = text.split("\n")
    title = _stem_title(rel_path)
    rows = [
        Section((title,), row, line + 1, line + 1, kind="table")
        for line, row in yaml_rows(text, lines, min_depth=1, records=True)
    ]
    return Document(
        path=rel_path, title=title, sections=(*_plain_sections(lines, 0), *rows), kind="data"
    )
