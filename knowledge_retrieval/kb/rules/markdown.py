"""The Markdown of a README as blocks: scope, keywords, languages, and the lines rules are read from."""

from __future__ import annotations

import dataclasses as dc
import re
from collections.abc import Iterable
from typing import Any

from ...lang import readme as cues
from ...models import ReadmeSentence, Rule, Unread
from ...text.analysis import to_simplified
from .clauses import is_bare_negator
from .kinds import alternatives as _alt
from .sentences import Said, heading_cue, is_rules_heading, read_line

_DESCRIPTION_LIMIT = 600
IGNORECASE = re.IGNORECASE

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_ATX = re.compile(r" {0,3}(#{1,6})(?:[ \t](.*))?")
"""An ATX heading line (fullmatch); :func:`_atx_text` takes its closing #s off the text."""
_ATX_CLOSE = re.compile(r"[ \t]*(?:#+[ \t]+)?")
"""Blanks and a closing run of #s, at the start of the text read backwards."""
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_HR = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,9}[.)])(?:[ \t](.*))?$")
"""A list item; its text is group 1 less leading blanks (``[ \\t]+(.*)`` before the end would
give back one blank at a time to a line of blanks followed by a newline: quadratic)."""
_TABLE_SEP = re.compile(r"^\|?[\s:|-]+$")
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_CODE = re.compile(r"`([^`\n]+)`")
# a link's text and target hold no "[": each "[" is tried up to the next one only (a target
# allowed to hold them made a line of "[" or "[a](" quadratic: a 250 KB README took minutes)
_IMAGE = re.compile(r"!\[[^\[\]\n]*\]\([^)\[\n]*\)")
_LINK = re.compile(r"\[([^\[\]\n]*)\]\([^)\[\n]*\)")
_URL = re.compile(r"<?https?://\S+")

# the Chinese words are lang.readme's, in Simplified: these are searched in a Simplified form
_KW_HEAD = re.compile(
    rf"(?:^|\s)(?:key ?words?|tags)\b|{_alt(cues.ZH_KEYWORDS_HEADING)}", IGNORECASE
)
_KW_INLINE = re.compile(  # "**Keywords:** a, b" as a paragraph of its own
    rf"^[*_]*(?:key ?words?|tags|{_alt(cues.ZH_KEYWORDS_HEADING)})[*_]*"
    r"(?:[ \t]+[^\s:：,，.。;；][^:：,，.。;；\n]{0,40})?"  # "Keywords if you're searching:"
    r"\s*[:：][*_]*\s*(.*)$",
    IGNORECASE,
)
_SCOPE_HEAD = re.compile(
    r"^\s*(?:scope|overview|about|introduction|summary|description)\b"
    rf"|^\s*(?:{_alt(cues.ZH_SCOPE_HEADING)})",
    IGNORECASE,
)
_LEAD = re.compile(r"[:：]\s*$")
"""A paragraph that ends in a colon introduces the list after it: its cue is the list's."""
_KW_SPLIT = re.compile(r"[,，、;；\n]")


@dc.dataclass
class _Block:
    kind: str  # "heading", "para", "quote", "item" or "table"
    lines: list[str]
    section: int  # index of the enclosing heading in the heading list, -1 before any
    level: int = 0
    line: int = 0  # the README line it starts on, 1-based
    raw: list[str] = dc.field(default_factory=list)  # its lines as written

    @property
    def text(self) -> str:
        """The lines joined; no space between two Han characters split over lines."""
        out = ""
        for line in (x.strip() for x in self.lines):
            if out and line and not (_HAN.match(out[-1]) and _HAN.match(line[0])):
                out += " "
            out += line
        return out


def _blocks(body: str) -> tuple[list[_Block], list[_Block]]:
    """Split Markdown into heading / paragraph / list-item / table-row blocks; code is dropped."""
    blocks: list[_Block] = []
    heads: list[_Block] = []
    cur: _Block | None = None
    fence: re.Pattern[str] | None = None

    def heading(text: str, level: int, line: int) -> None:
        heads.append(_Block("heading", [_clean_inline(text)], len(heads), level, line, [text]))
        blocks.append(heads[-1])

    lines, origin = _uncommented(body)
    table: bool | None = None  # in a table: whether its first column names folders
    labels: list[str | None] = []  # in a table: its header's cells that are a negator alone
    for raw, at in zip(lines, origin, strict=True):
        table = None if not raw.lstrip().startswith("|") else table
        if fence is not None:
            fence = None if fence.match(raw) else fence
            continue
        if m := _FENCE.match(raw):
            fence = re.compile(rf"^[ \t]*{re.escape(m.group(1)[0])}{{{len(m.group(1))},}}\s*$")
            cur = None
            continue
        line = _QUOTE.sub("", raw).rstrip()
        stripped, section = line.strip(), len(heads) - 1
        if not stripped or (stripped.startswith("<") and stripped.endswith(">")):
            cur = None
        elif cur is not None and cur.kind == "para" and _SETEXT.match(line):
            blocks.remove(cur)
            heading(cur.text, 1 if stripped[0] == "=" else 2, cur.line)
            cur = None
        elif _HR.match(line) or _SETEXT.match(line):
            cur = None
        elif m := _ATX.fullmatch(line):
            heading(_atx_text((m.group(2) or "").lstrip(" \t")), len(m.group(1)), at)
            cur = None
        elif stripped.startswith("|"):
            if not _TABLE_SEP.match(stripped):
                if table is None:  # a table's first row is its header
                    table, labels = _folder_column(stripped), _negators(stripped)
                else:
                    stripped = _as_folder(stripped) if table else stripped
                    stripped = _labelled(labels, stripped)
                blocks.append(_Block("table", [stripped], section, line=at, raw=[raw]))
            cur = None
            continue
        elif m := _ITEM.match(line):
            cur = _Block("item", [(m.group(1) or "").lstrip(" \t")], section, line=at, raw=[raw])
            blocks.append(cur)
        elif cur is not None:
            cur.lines.append(stripped)
            cur.raw.append(raw)
        else:
            kind = "quote" if _QUOTE.match(raw) else "para"
            cur = _Block(kind, [stripped], section, line=at, raw=[raw])
            blocks.append(cur)
    return blocks, heads


_FOLDER_HEAD = re.compile(
    rf"^\|?\s*[*_`]*(?:{_alt(cues.FOLDER_WORDS_ZH)}|(?:{_alt(cues.FOLDER_WORDS_EN)})\b)",
    IGNORECASE,
)
_FIRST_CELL = re.compile(r"^(\|?\s*+)([*_]*+)`?([\w.\u3400-\u9fff-]{1,60}?)`?([*_]*+)(\s*+\|)")
_FILE_END = re.compile(r"\.[A-Za-z]{1,5}$")


def _folder_column(header: str) -> bool:
    """Whether a table's header row heads its first column with a folder word ("| 資料夾 |
    內容 |", "| Folder | What |"): the column names folders, with or without a slash."""
    return bool(_FOLDER_HEAD.match(to_simplified(header)))


def _cells(row: str) -> list[str]:
    """A table row's cells, without its outer pipes."""
    return row.strip().strip("|").split("|")


def _negators(header: str) -> list[str | None]:
    """A table header's cells that are a negator alone ("| ✅ Do | ❌ Don't |"), None for the
    others."""
    return [c.strip() if is_bare_negator(c) else None for c in _cells(header)]


def _labelled(labels: list[str | None], row: str) -> str:
    """A row of a do/don't table as one sentence per cell, each cell under a negator said
    after it ("Don't: quote `old/`"): the column's negator governs it."""
    if not any(labels):
        return row
    cells = [c.strip() for c in _cells(row)]
    said = [f"{label}: {c}" if label and c else c for c, label in zip(cells, labels, strict=False)]
    return " ; ".join(c for c in [*said, *cells[len(labels) :]] if c)


def _as_folder(row: str) -> str:
    """A row of a folder column with its first cell a folder mention ("| taolun |" -> "|
    `taolun/` |"); a cell with a slash, a file's extension or more than a name stays as it is."""
    m = _FIRST_CELL.match(row)
    if m is None or _FILE_END.search(m.group(3)):
        return row
    return f"{m.group(1)}{m.group(2)}`{m.group(3)}/`{m.group(4)}{m.group(5)}{row[m.end() :]}"


def _atx_text(text: str) -> str:
    """A heading's text without its closing ``#``s and blanks: what ``(.*?)(?:[ \t]+#+)?[ \t]*$``
    leaves, read from the end (that regex tried every length of the text against the blanks
    after it: quadratic in a heading with a long run of blanks)."""
    close = _ATX_CLOSE.match(text[::-1])  # it matches the empty string: never None
    return text[: len(text) - close.end()] if close else text


def _uncommented(body: str) -> tuple[list[str], list[int]]:
    """The body's lines with HTML comments removed, and the README line each one starts on."""
    kept: list[str] = []
    origin = [1]
    pos = 0
    for m in [*_COMMENT.finditer(body), None]:
        seg = body[pos : m.start() if m else len(body)]
        kept.append(seg)
        for _ in range(seg.count("\n")):
            origin.append(origin[-1] + 1)
        if m is None:
            break
        origin[-1] += m.group(0).count("\n")  # the line after the comment goes on from here
        pos = m.end()
    return "".join(kept).split("\n"), origin


def _heading_line(text: str) -> str:
    """A heading's text as a line of prose: links keep their text, emphasis marks go, code
    stays (it names the folders)."""
    return collapse(re.sub(r"\*\*|__", "", _LINK.sub(r"\1", _IMAGE.sub("", text))))


def _clean_inline(text: str) -> str:
    """Markdown inline text as plain words: links keep their text, code and emphasis marks go."""
    return collapse(re.sub(r"\*\*|__|`", "", _LINK.sub(r"\1", _IMAGE.sub("", text))))


def collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def dedupe(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(i for i in items if i))


_TRAD = frozenset(cues.TRADITIONAL_MARKS)
_SIMP = frozenset(cues.SIMPLIFIED_MARKS)
_NAMED_LANGS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("zh-cn", re.compile(rf"\bsimplified chinese\b|{_alt(cues.ZH_NAMES_SIMPLIFIED)}", IGNORECASE)),
    (
        "zh-tw",
        re.compile(rf"\btraditional chinese\b|{_alt(cues.ZH_NAMES_TRADITIONAL)}", IGNORECASE),
    ),
    ("zh", re.compile(rf"\bchinese\b|{_alt(cues.ZH_NAMES_CHINESE)}", IGNORECASE)),
    ("en", re.compile(rf"\benglish\b|{_alt(cues.ZH_NAMES_ENGLISH)}", IGNORECASE)),
)
"""The languages a README names (searched in its Simplified form)."""


def infer_languages(prose: str) -> list[str]:
    """Languages of a README that lists none, from its prose (code and keywords left out).

    ``en`` if Latin letters are 30+ and a fifth of the text (a Han character counts as three
    letters). Chinese if Han characters are 20+ or a fifth: ``zh-tw`` when Traditional-only
    characters (體們說這關檔條…) outnumber their Simplified forms (体们说这关档条…), ``zh-cn``
    when these win, ``zh`` when neither appears. Then languages the text names, in order:
    English/英文 ``en``, Simplified Chinese/简体 ``zh-cn``, Traditional Chinese/繁體 ``zh-tw``,
    Chinese/中文 ``zh`` (dropped beside a ``zh-*``). Treat every ``zh*`` code as Chinese.
    """
    latin = sum(len(w) for w in re.findall(r"[A-Za-z]{2,}", prose))
    hans = _HAN.findall(prose)
    weight = latin + 3 * len(hans)
    found: list[tuple[int, str]] = []
    if latin >= 30 and latin >= 0.2 * weight:
        found.append((-1, "en"))
    if len(hans) >= 20 or (len(hans) >= 4 and 3 * len(hans) >= 0.2 * weight):
        trad = sum(c in _TRAD for c in hans)
        simp = sum(c in _SIMP for c in hans)
        main = "zh-tw" if trad > simp else "zh-cn" if simp else "zh"
        found.append((-1, main))
        if trad and simp and min(trad, simp) >= max(3, 0.3 * max(trad, simp)):
            found.append((-1, "zh-cn" if main == "zh-tw" else "zh-tw"))
    prose = to_simplified(prose)
    for code, rx in _NAMED_LANGS:  # most specific first; blank each match out for the next
        found += [(m.start(), code) for m in rx.finditer(prose)]
        prose = rx.sub(lambda m: " " * len(m.group(0)), prose)
    langs = [code for _, code in sorted(found, key=lambda f: f[0])]
    if "zh" in langs and any(c.startswith("zh-") for c in langs):
        langs.remove("zh")
    return list(dedupe(langs))


def split_keywords(text: str) -> list[str]:
    out = []
    for part in _KW_SPLIT.split(text):
        word = collapse(re.sub(r"^\s*(?:[-*+•]|\d+[.)])\s+", "", part).replace("`", ""))
        word = word.strip("\"'“”‘’「」『』").rstrip(".。").strip()
        if word and len(word) <= 80:
            out.append(word)
    return out


def _paragraph_text(block: _Block) -> str:
    text = _URL.sub("", _clean_inline(block.text))
    return collapse(text) if re.search(r"\w", text) else ""


def _truncate(text: str, limit: int = _DESCRIPTION_LIMIT) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    end = max(cut.rfind(ch) for ch in "。.!?！？")
    if end >= limit // 2:
        return cut[: end + 1]
    space = cut.rfind(" ")
    return (cut[:space] if space >= limit // 2 else cut).rstrip() + "…"


def _describe(paras: list[_Block], items: list[_Block], heads: list[_Block]) -> str:
    """One or two lead paragraphs (under the title), else the Scope section, else the first."""

    def first_two(blocks: list[_Block]) -> str:
        texts = [(b.section, t) for b in blocks if (t := _paragraph_text(b))]
        return " ".join([t for s, t in texts if s == texts[0][0]][:2]) if texts else ""

    scope = {i for i, h in enumerate(heads) if _SCOPE_HEAD.search(to_simplified(h.text))}
    lead = [p for p in paras if p.section == -1 or (p.section == 0 and heads[0].level == 1)]
    text = first_two(lead) or first_two([p for p in paras if p.section in scope])
    if not text and (in_scope := [b for b in items if b.section in scope]):
        sec = in_scope[0].section
        text = "; ".join(t for b in in_scope if b.section == sec if (t := _paragraph_text(b)))
    return _truncate(collapse(text or first_two(paras)))


def read_body(body: str, first_line: int = 1) -> dict[str, Any]:
    """What a README's Markdown says: rules (with their lines), sentences that look like rules
    but were not understood, keywords, description, headings and the prose (for languages).
    ``first_line``: the README line the body starts on (after front matter)."""
    blocks, heads = _blocks(body)
    kw_sections = {i for i, h in enumerate(heads) if _KW_HEAD.search(to_simplified(h.text))}
    found: dict[str, list[Any]] = {"keywords": [], "para": [], "item": []}
    rules: list[Rule] = []
    unread: list[Unread] = []
    said: list[ReadmeSentence] = []
    prose = [h.text for h in heads]
    shift = first_line - 1
    lead: str | None = None  # the cue of a paragraph that introduces a list ("以下目录已停更：")

    def keep(block: _Block, got: list[Rule], not_read: list[str], record: Said) -> None:
        """What a block's sentences became, each at its README line."""
        said.extend(
            ReadmeSentence(shift + _line_of(block, text), text, paths, became, note)
            for text, paths, became, note in record
        )
        rules.extend(dc.replace(r, line=shift + _line_of(block, r.source)) for r in got)
        unread.extend(Unread(shift + _line_of(block, text), text) for text in not_read)

    for block in blocks:
        if block.kind == "heading":
            # a heading that names a folder says something of it ("## Start here: `index.md`")
            if block.raw and _CODE.search(block.raw[0]):
                record: Said = []
                keep(block, *read_line(_heading_line(block.raw[0]), None, False, record), record)
            continue
        if block.kind != "item":
            lead = None
        m = None if block.section in kw_sections else _KW_INLINE.match(to_simplified(block.text))
        if m or block.section in kw_sections:
            text = block.text[m.start(1) : m.end(1)] if m else "\n".join(block.lines)
            found["keywords"] += split_keywords(text)
            continue
        head = heads[block.section].text if block.section >= 0 else ""
        record = []
        cue = heading_cue(head) if head else None
        got, not_read = read_line(block.text, lead or cue, is_rules_heading(head), record)
        if block.kind == "para" and not got and _LEAD.search(block.text):
            lead = heading_cue(block.text)
            if lead is not None:
                not_read = []  # understood: it is read with the list under it
        keep(block, got, not_read, record)
        if block.kind in ("para", "item"):
            found[block.kind].append(block)
        prose.append(_URL.sub(" ", _CODE.sub(" ", block.text)))
    description = _describe(found.pop("para"), found.pop("item"), heads)
    return {
        **found,
        "rules": rules,
        "unread": unread,
        "sentences": said,
        "description": description,
        "prose": "\n".join(prose),
        "headings": [h.text for h in heads],
    }


def _line_of(block: _Block, sentence: str) -> int:
    """The line of a block a sentence of it starts on (its first backticked item, else words)."""
    probe = m.group(0) if (m := _CODE.search(sentence)) else sentence[:12]
    for i, raw in enumerate(block.raw):
        if probe and probe in raw:
            return block.line + i
    return block.line
