"""Read a knowledge base README (YAML front matter or free-form Markdown) into KBRules."""

from __future__ import annotations

import dataclasses as dc
import functools
import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

from ..models import KBRules

# frontmatter (YAML) and wcmatch are imported where first needed: a README without front
# matter, or rules without globs, never load them (the ``kr`` command starts faster)

__all__ = [
    "FolderScope",
    "is_emphasized",
    "is_entry",
    "is_included",
    "parse_readme",
    "path_matches",
]

log = logging.getLogger(__name__)

_DESCRIPTION_LIMIT = 600
_RULE_KEYS = ("include", "exclude", "emphasize", "entry")
_FM_KEYS = frozenset(
    {"name", "description", "keywords", "tags", "languages", "language", "lang", *_RULE_KEYS}
)
_I = re.IGNORECASE

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_HR = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,9}[.)])(?:[ \t]+(.*))?$")
_TABLE_SEP = re.compile(r"^\|?[\s:|-]+$")
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_CODE = re.compile(r"`([^`\n]+)`")
_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
_URL = re.compile(r"<?https?://\S+")

_KW_HEAD = re.compile(r"(?:^|\s)(?:key ?words?|tags)\b|关键[词字]|關鍵[詞字]|标签|標籤", _I)
_KW_INLINE = re.compile(  # "**Keywords:** a, b" as a paragraph of its own
    r"^[*_]*(?:key ?words?|tags|关键[词字]|關鍵[詞字]|标签|標籤)[*_]*\s*"
    r"[:：][*_]*\s*(.*)$",
    _I,
)
_SCOPE_HEAD = re.compile(
    r"^\s*(?:scope|overview|about|introduction|summary|description)\b"
    r"|^\s*(?:范围|範圍|简介|簡介|说明|說明|概述|介绍|介紹|概要|关于|關於)",
    _I,
)
_KW_SPLIT = re.compile(r"[,，、;；\n]")
_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "exclude",
        re.compile(
            r"\b(?:ignor\w*|exclud\w*|skip\w*|never|do not|don'?t|not (?:be )?search\w*|but not"
            r"|except|out of scope)\b|忽略|排除|跳过|跳過|不要|勿|不检索|不檢索|无需|無需|不需要",
            _I,
        ),
    ),
    (
        "entry",
        re.compile(
            r"\b(?:start(?:ing)? (?:from|with|at|here)|begin(?:ning)? (?:with|at|from)"
            r"|entry[- ]?points?|entry (?:files?|pages?)|index|overview first"
            r"|(?:read|open|check|consult|look at|see)\b.{0,40}?\bfirst)\b|^\W*entr(?:y|ies)\b"
            r"|入口|(?<![优優])先[查看读讀]|[从從].{0,30}?[开開]始|首先",
            _I,
        ),
    ),
    (
        "emphasize",
        re.compile(
            r"\b(?:prefer\w*|emphasi[sz]\w*|priorit\w*|primary|most important|source of truth)\b"
            r"|优先|優先|重点|重點|主要",
            _I,
        ),
    ),
)
_CLAUSE_SPLIT = re.compile(  # split before "but"/"except"/"over": the word belongs to the clause
    r"[;；,，。！!|]|[.?](?=\s|$)|(?=但|不过|不過|而不是|而非)"
    r"|(?=\b(?:but|however|whereas|except|over|rather than|instead of)\b)",
    _I,
)
_FILLER = re.compile(  # words that leave a clause a bare list of paths: "`b/` and anything under `c/`"
    r"\b(?:and|or|also|plus|nor|anything|everything|all|any|the|its|their|of|as well as|too"
    r"|files?|folders?|director(?:y|ies)|dirs?|under|in|inside|within|below)\b|以及|和|与|與|及"
    r"|或者|或|还有|還有|目录|目錄|文件夹|文件夾|資料夾|文件|檔案|所有|全部|下|的|中|里|裡|内|內",
    _I,
)
_FOLDER_WORD = re.compile(
    r"\b(?:director(?:y|ies)|folders?|dirs?|under)\b|目录|目錄|文件夹|文件夾|資料夾", _I
)
_EXT = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}$")
_GLOB_CHARS = re.compile(r"[*?\[{]")
_PLACEHOLDER = re.compile(r"\x00(\d+)\x00")


@dc.dataclass
class _Block:
    kind: str  # "heading", "para", "quote", "item" or "table"
    lines: list[str]
    section: int  # index of the enclosing heading in the heading list, -1 before any
    level: int = 0

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

    def heading(text: str, level: int) -> None:
        heads.append(_Block("heading", [_clean_inline(text)], len(heads), level))
        blocks.append(heads[-1])

    for raw in _COMMENT.sub("", body).split("\n"):
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
            heading(cur.text, 1 if stripped[0] == "=" else 2)
            cur = None
        elif _HR.match(line) or _SETEXT.match(line):
            cur = None
        elif m := _ATX.match(line):
            heading(m.group(2) or "", len(m.group(1)))
            cur = None
        elif stripped.startswith("|"):
            if not _TABLE_SEP.match(stripped):
                blocks.append(_Block("table", [stripped], section))
            cur = None
        elif m := _ITEM.match(line):
            cur = _Block("item", [m.group(1) or ""], section)
            blocks.append(cur)
        elif cur is not None:
            cur.lines.append(stripped)
        else:
            cur = _Block("quote" if _QUOTE.match(raw) else "para", [stripped], section)
            blocks.append(cur)
    return blocks, heads


def _clean_inline(text: str) -> str:
    """Markdown inline text as plain words: links keep their text, code and emphasis marks go."""
    return _collapse(re.sub(r"\*\*|__|`", "", _LINK.sub(r"\1", _IMAGE.sub("", text))))


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _dedupe(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(i for i in items if i))


def _cue(text: str) -> str | None:
    """The rule a clause states: any exclude wording wins, else the earliest entry/emphasize."""
    found = [(m.start(), kind) for kind, rx in _CUES if (m := rx.search(text))]
    if any(kind == "exclude" for _, kind in found):
        return "exclude"
    return min(found)[1] if found else None


def _is_pathlike(item: str) -> bool:
    if not item or len(item) > 300 or re.search(r"\s|://|[()=;\"']", item) or item[0] in "-$":
        return False
    return ".." not in item.split("/") and (
        "/" in item
        or bool(_GLOB_CHARS.search(item) or _EXT.search(item))
        or (item.startswith(".") and len(item) > 1)
    )


def _norm_pattern(pattern: str) -> str:
    """Strip ``./`` and leading ``/``; keep a trailing ``/`` (a folder)."""
    p = re.sub(r"/{2,}", "/", pattern.strip())
    while p.startswith("./"):
        p = p[2:]
    p = p.lstrip("/")
    return "" if p == "." else p


def _rules_from(text: str, heading_cue: str | None) -> list[tuple[str, str]]:
    """(kind, path) pairs from the backticked paths of one line, classified clause by clause.

    A clause with paths but no wording takes the previous clause's rule if it only lists more
    paths ("ignore `a/`, `b/` and `c/`"), else the next clause's if that one has no paths
    ("`docs/` — current docs. Prefer these."); a line with no wording takes its heading's.
    """
    codes: list[str] = []

    def mask(m: re.Match[str]) -> str:
        codes.append(m.group(1).strip())
        return f"\x00{len(codes) - 1}\x00"

    masked = _CODE.sub(mask, text)
    if not codes:
        return []
    clauses = []
    for clause in _CLAUSE_SPLIT.split(masked):
        residue = _PLACEHOLDER.sub(" ", clause)
        folder = bool(_FOLDER_WORD.search(residue))  # "ignore the `tmp` folder" -> "tmp/"
        paths = []
        for idx in _PLACEHOLDER.findall(clause):
            item = codes[int(idx)]
            plain = re.fullmatch(r"[\w.-]+", item) is not None and ".." not in item
            if not (_is_pathlike(item) or (folder and plain)) or not (path := _norm_pattern(item)):
                continue
            if folder and not (path.endswith("/") or _EXT.search(path) or _GLOB_CHARS.search(path)):
                path += "/"
            paths.append(path)
        clauses.append((_cue(residue), paths, not re.search(r"\w", _FILLER.sub(" ", residue))))
    any_cue = any(c for c, _, _ in clauses)
    out: list[tuple[str, str]] = []
    prev: str | None = None
    for i, (cue, paths, filler) in enumerate(clauses):
        kind = cue
        if kind is None and paths:
            nxt = clauses[i + 1] if i + 1 < len(clauses) else (None, [], True)
            if not any_cue:
                kind = heading_cue
            elif prev and filler:
                kind = prev
            elif nxt[0] and not nxt[1]:
                kind = nxt[0]
        prev = cue or prev
        out.extend((kind, p) for p in paths if kind)
    return out


_TRAD = frozenset("體臺灣們說這關檔條為個國學會來時對發經與錄檢詞範圍結構維歷頁簡語區聽應讓")
_SIMP = frozenset("体湾们说这关档条为个国学会来时对发经与录检词范围结构维历页简语区听应让")
_NAMED_LANGS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("zh-cn", re.compile(r"\bsimplified chinese\b|简体中文|簡體中文|简体|簡體", _I)),
    ("zh-tw", re.compile(r"\btraditional chinese\b|繁體中文|繁体中文|繁體|繁体", _I)),
    ("zh", re.compile(r"\bchinese\b|中文|汉语|漢語|华语|華語", _I)),
    ("en", re.compile(r"\benglish\b|英文|英语|英語", _I)),
)


def _infer_languages(prose: str) -> list[str]:
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
    for code, rx in _NAMED_LANGS:  # most specific first; blank each match out for the next
        found += [(m.start(), code) for m in rx.finditer(prose)]
        prose = rx.sub(lambda m: " " * len(m.group(0)), prose)
    langs = [code for _, code in sorted(found, key=lambda f: f[0])]
    if "zh" in langs and any(c.startswith("zh-") for c in langs):
        langs.remove("zh")
    return list(_dedupe(langs))


def _split_keywords(text: str) -> list[str]:
    out = []
    for part in _KW_SPLIT.split(text):
        word = _collapse(re.sub(r"^\s*(?:[-*+•]|\d+[.)])\s+", "", part).replace("`", ""))
        word = word.strip("\"'“”‘’「」『』").rstrip(".。").strip()
        if word and len(word) <= 80:
            out.append(word)
    return out


def _paragraph_text(block: _Block) -> str:
    text = _URL.sub("", _clean_inline(block.text))
    return _collapse(text) if re.search(r"\w", text) else ""


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

    scope = {i for i, h in enumerate(heads) if _SCOPE_HEAD.search(h.text)}
    lead = [p for p in paras if p.section == -1 or (p.section == 0 and heads[0].level == 1)]
    text = first_two(lead) or first_two([p for p in paras if p.section in scope])
    if not text and (in_scope := [b for b in items if b.section in scope]):
        sec = in_scope[0].section
        text = "; ".join(t for b in in_scope if b.section == sec if (t := _paragraph_text(b)))
    return _truncate(_collapse(text or first_two(paras)))


def _free_form(body: str) -> dict[str, Any]:
    blocks, heads = _blocks(body)
    kw_sections = {i for i, h in enumerate(heads) if _KW_HEAD.search(h.text)}
    found: dict[str, list[Any]] = {k: [] for k in (*_RULE_KEYS, "keywords", "para", "item")}
    prose = [h.text for h in heads]
    for block in blocks:
        if block.kind == "heading":
            continue
        m = None if block.section in kw_sections else _KW_INLINE.match(block.text)
        if m or block.section in kw_sections:
            found["keywords"] += _split_keywords(m.group(1) if m else "\n".join(block.lines))
            continue
        heading_cue = _cue(heads[block.section].text) if block.section >= 0 else None
        for kind, path in _rules_from(block.text, heading_cue):
            found[kind].append(path)
        if block.kind in ("para", "item"):
            found[block.kind].append(block)
        prose.append(_URL.sub(" ", _CODE.sub(" ", block.text)))
    description = _describe(found.pop("para"), found.pop("item"), heads)
    return {
        **found,
        "description": description,
        "prose": "\n".join(prose),
        "headings": [h.text for h in heads],
    }


def _front_matter(text: str) -> tuple[dict[str, Any] | None, str, bool]:
    """(metadata, body, broken): metadata is None when the README has no usable front matter."""
    if not text.startswith("---"):  # what the handler's detect() needs, without importing it
        return None, text, False
    from frontmatter.default_handlers import YAMLHandler

    from .yaml_reader import load_yaml

    handler = YAMLHandler()
    if not handler.detect(text):
        return None, text, False
    try:
        fm, body = handler.split(text)
    except ValueError:  # no closing delimiter: a thematic break, not front matter
        return None, text, False
    whole = f"{fm}\n\n{body}"  # the whole text, its "---" lines not read as setext underlines
    try:
        data = load_yaml(fm, first_line=2)  # the one guarded YAML reader (alias bombs, depth)
    except Exception as exc:  # noqa: BLE001 - any YAML error means "not valid front matter"
        if not (salvaged := _salvage(fm)):
            return None, whole, False
        log.warning(
            "README front matter is not valid YAML, read line by line: %s",
            (str(exc).splitlines() or [type(exc).__name__])[0],
        )
        return salvaged, body, True
    if not isinstance(data, dict):
        return None, whole, False
    meta = {str(k).strip().lower(): v for k, v in data.items()}
    return (meta if _FM_KEYS & meta.keys() else None), body, False


def _salvage(fm: str) -> dict[str, Any]:
    """Known keys from front matter that YAML rejected: ``key: value``, ``[a, b]``, ``- item``."""
    meta: dict[str, Any] = {}
    key: str | None = None
    for line in fm.split("\n"):
        m = re.match(r"^([A-Za-z_]+)[ \t]*:[ \t]*(.*)$", line)
        if m and m.group(1).lower() in _FM_KEYS:
            key, value = m.group(1).lower(), m.group(2).strip()
            parts = value.strip("[]").split(",") if value.startswith("[") else [value]
            meta[key] = [p for v in parts if (p := v.strip().strip("\"'").strip())]
        elif key and (m := re.match(r"^[ \t]+-[ \t]+(.*)$", line)):
            meta[key].append(m.group(1).strip().strip("\"'").strip())
        elif not line[:1].isspace():
            key = None
    return {k: v for k, v in meta.items() if v}


def _strings(value: Any) -> list[str]:
    """A front-matter value (scalar or list, nested lists flattened) as stripped strings."""
    if value is None or isinstance(value, dict):
        return []
    if isinstance(value, (list, tuple, set)):
        return [s for v in value for s in _strings(v)]
    return [s] if (s := str(value).strip()) else []


def parse_readme(text: str) -> KBRules:
    """Parse a KB README into :class:`KBRules`; never raises (falls back to empty rules).

    The Markdown body always gives the headings, the description when front matter has none,
    and sentence rules merged after the front matter's. Front matter that YAML rejects is
    read line by line, and the README then counts as free-form.
    """
    try:
        return _parse(text)
    except Exception:  # a bad README must not stop a KB from being searched
        log.warning("could not read the README's rules; searching every file", exc_info=True)
        return KBRules()


def _parse(text: str) -> KBRules:
    text = str(text).replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n")
    meta, body, broken = _front_matter(text.removeprefix("\ufeff"))
    ff = _free_form(body)
    meta = meta or {}
    description = _collapse(" ".join(_strings(meta.get("description"))))
    names = _strings(meta.get("name"))
    keywords = meta["keywords"] if "keywords" in meta else meta.get("tags")
    keywords = _split_keywords(keywords) if isinstance(keywords, str) else _strings(keywords)
    languages = [
        p.lower().replace("_", "-")
        for s in _strings(meta.get("languages", meta.get("language", meta.get("lang"))))
        for p in re.split(r"[\s,，、;；]+", s)
    ]
    return KBRules(
        name=(_collapse(names[0]) or None) if names else None,
        description=description or ff["description"],
        keywords=_dedupe([*map(_collapse, keywords), *ff["keywords"]]),
        languages=_dedupe(languages or _infer_languages(f"{description}\n{ff['prose']}")),
        headings=_dedupe(ff["headings"]),
        style="front-matter" if meta and not broken else "free-form",
        **{k: _dedupe([*map(_norm_pattern, _strings(meta.get(k))), *ff[k]]) for k in _RULE_KEYS},
    )


@functools.lru_cache(maxsize=1024)
def _matcher(pattern: str, basename: bool) -> Callable[[str], bool]:
    """wcmatch's matcher for one glob, as its translated regular expressions: wcmatch's own
    ``match`` is these ``fullmatch`` calls plus several Python calls per path."""
    from wcmatch import glob as wcglob

    flags = (
        wcglob.GLOBSTAR
        | wcglob.DOTGLOB
        | wcglob.BRACE
        | wcglob.FORCEUNIX
        | wcglob.CASE
        | (wcglob.MATCHBASE if basename else 0)
    )
    include, exclude = wcglob.translate(pattern, flags=flags)
    inc = [re.compile(x).fullmatch for x in include]
    exc = [re.compile(x).fullmatch for x in exclude]
    if len(inc) == 1 and not exc:
        one = inc[0]
        return lambda path: one(path) is not None
    return lambda path: any(m(path) for m in inc) and not any(m(path) for m in exc)


def path_matches(rel_path: str, pattern: str) -> bool:
    """Whether a KB-relative POSIX path is selected by one include/exclude/emphasize/entry pattern.

    * ``name/`` — a single folder name with a trailing slash — matches files under any folder
      of that name, at any depth (like ``.gitignore``): ``drafts/`` matches ``drafts/a.md``
      and ``docs/drafts/a.md``.
    * ``a/b/`` — a folder path — matches files under that folder only, from the KB root.
    * A glob (``*``, ``?``, ``[...]``, ``{a,b}``; ``**`` crosses folders; dot-files match)
      matches the path or one of its parent folders; a glob without ``/`` (``*.json``) is
      matched against each file or folder name, at any depth.
    * Anything else is a path from the KB root: the file itself, or everything under it
      if it names a folder (``docs/index.mdx``; ``index.md`` is the root index only).

    A leading ``./`` or ``/`` is ignored; matching is case-sensitive.
    """
    pat, path = _norm_pattern(pattern), _norm_pattern(rel_path).rstrip("/")
    if not pat or not path:
        return False
    parents = ["/".join(path.split("/")[:i]) for i in range(path.count("/"), 0, -1)]
    folder = pat.rstrip("/")
    try:
        if pat.endswith("/") and _GLOB_CHARS.search(folder):
            return any(map(_matcher(folder, "/" not in folder), parents))
        if pat.endswith("/") and "/" not in folder:
            return folder in path.split("/")[:-1]
        if pat.endswith("/"):
            return path.startswith(folder + "/")
        if _GLOB_CHARS.search(pat):
            return any(map(_matcher(pat, "/" not in pat), (path, *parents)))
    except Exception:  # a malformed glob selects nothing
        log.debug("unusable path pattern %r", pattern, exc_info=True)
        return False
    return path == pat or path.startswith(pat + "/")


_FolderTest = Callable[[str, list[str], list[str]], bool]
"""(folder, its ancestors from itself up, its names) -> whether a pattern selects its files."""


def _pattern_parts(pattern: str) -> tuple[_FolderTest, Callable[[str], bool] | None] | None:
    """:func:`path_matches` for one pattern, split into the part decided by a file's folder and
    the part that needs the file's own path (None: no such part); None when it selects nothing."""
    pat = _norm_pattern(pattern)
    if not pat:
        return None
    folder = pat.rstrip("/")
    try:
        if pat.endswith("/") and _GLOB_CHARS.search(folder):
            m = _matcher(folder, "/" not in folder)
            return (lambda _d, parents, _names: any(map(m, parents))), None
        if pat.endswith("/") and "/" not in folder:
            return (lambda _d, _parents, names: folder in names), None
        if pat.endswith("/"):
            under = folder + "/"
            return (lambda d, _parents, _names: f"{d}/".startswith(under) if d else False), None
        if _GLOB_CHARS.search(pat):
            m = _matcher(pat, "/" not in pat)
            return (lambda _d, parents, _names: any(map(m, parents))), m
    except Exception:  # a malformed glob selects nothing
        log.debug("unusable path pattern %r", pattern, exc_info=True)
        return None
    under = pat + "/"
    return (lambda d, _parents, _names: f"{d}/".startswith(under) if d else False), pat.__eq__


def _always(_path: str) -> bool:
    return True


def _never(_path: str) -> bool:
    return False


class FolderScope:
    """:func:`is_included` for a stat walk, one folder at a time: what a pattern decides from a
    file's folder is worked out once for the folder, leaving at most one regular-expression
    match per file and pattern (or none: ``drafts/``, ``docs/``, ``abstracts/**``)."""

    def __init__(self, rules: KBRules) -> None:
        self._rules = rules
        self._include = [x for p in rules.include if (x := _pattern_parts(p)) is not None]
        self._exclude = [x for p in rules.exclude if (x := _pattern_parts(p)) is not None]

    def folder(self, rel_dir: str) -> Callable[[str], bool]:
        """Whether a file directly in ``rel_dir`` (KB-relative, ``""`` for the KB folder) is
        included, given its KB-relative path; the same answer as :func:`is_included`."""
        rules = self._rules
        if rel_dir[:1].isspace():  # path_matches strips it: leave such paths to is_included
            return functools.partial(_is_included, rules=rules)
        names = rel_dir.split("/") if rel_dir else []
        parents = ["/".join(names[:i]) for i in range(len(names), 0, -1)]

        def decide(
            parts: list[tuple[_FolderTest, Callable[[str], bool] | None]],
        ) -> tuple[bool, list[Callable[[str], bool]]]:
            tests = []
            for in_folder, per_file in parts:
                if in_folder(rel_dir, parents, names):
                    return True, []
                if per_file is not None:
                    tests.append(per_file)
            return False, tests

        every, inc = decide(self._include) if rules.include else (True, [])
        none, exc = decide(self._exclude)
        test: Callable[[str], bool]
        if none or not (every or inc):
            test = _never
        elif every and not exc:
            test = _always
        elif every:
            test = lambda p: not any(t(p) for t in exc)
        elif not exc and len(inc) == 1:
            test = inc[0]
        else:
            test = lambda p: any(t(p) for t in inc) and not any(t(p) for t in exc)
        if rel_dir:
            return test
        fast = test
        return lambda p: _is_included(p, rules) if p[:1].isspace() else fast(p)


def _is_included(rel_path: str, rules: KBRules) -> bool:
    return is_included(rel_path, rules)


@functools.lru_cache(maxsize=1 << 18)
def is_included(rel_path: str, rules: KBRules) -> bool:
    """Inside the KB's scope: matches an ``include`` pattern (none = all) and no ``exclude``."""
    included = not rules.include or any(path_matches(rel_path, p) for p in rules.include)
    return included and not any(path_matches(rel_path, p) for p in rules.exclude)


@functools.lru_cache(maxsize=1 << 16)
def is_emphasized(rel_path: str, rules: KBRules) -> bool:
    """Under a folder or matching a file the README says to prefer."""
    return any(path_matches(rel_path, p) for p in rules.emphasize)


@functools.lru_cache(maxsize=1 << 16)
def is_entry(rel_path: str, rules: KBRules) -> bool:
    """One of the index / overview files the README says to start from."""
    return any(path_matches(rel_path, p) for p in rules.entry)
