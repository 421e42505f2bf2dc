"""Folder and file mentions in a README sentence: backticked (masked before), linked, bare
(``old/``, ``docs/v2``, ``TOC.md``), beside a folder word ("the wip folder", "wip 目录") or
in Chinese quotes before one ("「旧规则」那个文件夹", "「草稿」里面").
Each becomes a placeholder ``\x00N\x00`` the grammar's later stages read as a mention."""

from __future__ import annotations

import contextvars
import functools
import re

from ...lang import en
from ...lang import readme as cues
from ...text.analysis import has_cjk, to_simplified
from .patterns import PROSE_NAME, QUOTED

IGNORECASE = re.IGNORECASE

_LINK = re.compile(r"\[([^\[\]\n]{0,200})\]\(([^()\s]{1,300})\)")
_URL = re.compile(r"<?[A-Za-z][\w+.-]{0,20}://[^\s>]*>?")
_BARE = re.compile(r"(?<![\w./\\@:#~\x00-])/?[\w.-]{1,80}(?:/[\w.-]{1,80}){0,8}/?")
_FOLDER_EN = re.compile(
    r"(?<![\w\x00'’-])([A-Za-z0-9_][\w.-]{0,60})\s+(?:"
    + "|".join(sorted(cues.FOLDER_WORDS_EN, key=len, reverse=True))
    + r")\b",
    IGNORECASE,
)
_FOLDER_ZH = re.compile(
    r"(?:^|(?<=[\s，,。；;：:、（(「『“]))([A-Za-z0-9_.-]{1,60}|[\u3400-\u9fff]{1,4})\s*(?:"
    + "|".join(sorted(cues.FOLDER_WORDS_ZH, key=len, reverse=True))
    + ")(?!\\s*\x00)"
    + "".join(f"(?<!{re.escape(w)})" for w in sorted(cues.ZH_NOT_FOLDER))
)
"""A name before a Chinese folder word (searched in the text's Simplified form)."""
_QUOTED_ZH = re.compile(
    r"[「『“]([^「」『』“”\s\x00]{1,30})[」』”]\s*(?:(?:"
    + "|".join(sorted(cues.ZH_POINTING, key=len, reverse=True))
    + r")\s*)?(?:"
    + "|".join(sorted(cues.FOLDER_WORDS_ZH | cues.ZH_INSIDE, key=len, reverse=True))
    + ")"
)
"""A name in Chinese quotes before a folder word, or before a word that puts things in it:
「旧规则」那个文件夹, 「草稿」里面 (searched in the text's Simplified form)."""
FOLDERS: contextvars.ContextVar[frozenset[str]] = contextvars.ContextVar(
    "FOLDERS", default=frozenset()
)
"""The KB's top-level folders a README names bare, backticked or in quotes (`draft_ideas`,
「舊嘢」): each such name is that folder, as `draft_ideas/` is (set by
:func:`..parse_readme` for one parse, from :func:`..named_folders`)."""
_NOT_NAMES = frozenset(cues.NOT_NAMES) | en.STOP_WORDS
_NAME_EDGE = re.compile(
    "^(?:{0})|(?:{0})$".format("|".join(sorted(cues.ZH_NAME_EDGES, key=len, reverse=True)))
)
"""A Chinese name read before 目录 that starts or ends with a function word names no folder."""
_NAME_START = re.compile("|".join(sorted(cues.ZH_NAME_EDGES, key=len, reverse=True)))
"""A bare path's last part in Chinese that starts with a function word is the sentence going
on after the folder, written with no blank ("归档/里的时刻表…")."""


def mask_mentions(text: str, codes: list[str], add: object) -> str:
    """``text`` (backticked items already masked) with links, bare paths and folders named by
    a folder word masked too; ``add(path)`` returns the placeholder of a new mention."""
    assert callable(add)
    text = _URL.sub(" ", text)

    def link(m: re.Match[str]) -> str:
        target = m.group(2).split("#")[0]
        if not target or target.startswith(("mailto:", "/")):
            return m.group(1)
        return f"{m.group(1)} {add(target)}"

    text = _LINK.sub(link, text)

    def bare(m: re.Match[str]) -> str:
        item = m.group(0)
        stop = item[len(item.rstrip(".")) :]  # "Skip old/.": the full stop ends the sentence
        lead = "/" if item.startswith("/") else ""  # "/contracts/": from the KB's root
        item = item[len(lead) : len(item) - len(stop)]
        head, _, last = item.rpartition("/")
        tail = ""
        if head and has_cjk(last[:1]) and _NAME_START.match(to_simplified(last)):
            item, tail = f"{head}/", last  # "归档/里的时刻表…": 归档/, then the sentence goes on
        if not _is_bare_path(item):
            return m.group(0)
        path = item if re.search(r"\.[A-Za-z]\w{0,9}$", item) else item.rstrip("/") + "/"
        return f"{add(path)}{tail}{stop}"

    def folder(m: re.Match[str]) -> str:
        name = m.group(1)
        simple = to_simplified(name.lower())
        if simple in _NOT_NAMES or name.isdigit() or _NAME_EDGE.search(simple):
            return m.group(0)
        if folders and simple not in known and not _uncommon(name):
            return m.group(0)  # "the shared folder", where the KB's folders are known and none is
        return m.group(0).replace(name, str(add(name.rstrip("/") + "/")), 1)

    def on_disk(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(2)
        if name not in folders:
            return m.group(0)
        return m.group(0).replace(name, str(add(f"{name}/", name)), 1)

    def in_prose(m: re.Match[str]) -> str:
        name = m.group(0)
        return str(add(f"{name}/", name)) if name in rare else name

    if folders := FOLDERS.get():  # a quoted name that is a folder of the KB: 「舊嘢」入面
        text = QUOTED.sub(on_disk, text)
    text = _BARE.sub(bare, text)
    rare = frozenset(f for f in folders if _uncommon(f)) if "\x00" not in text else ()
    if rare:  # "yarns is our scribble pad", where nothing else is named
        text = PROSE_NAME.sub(in_prose, text)
    known = {f.lower() for f in folders}
    text = _FOLDER_EN.sub(folder, text)
    text = _chinese_names(_QUOTED_ZH, text, add, quoted=True)
    return _chinese_names(_FOLDER_ZH, text, add, quoted=False)


PROSE_ZIPF = 3.0
"""A folder's name written bare in prose names the folder when general English uses it less than
this (Zipf scale: yarns, jottins, wip; not staff 5.1, kitchen 4.7, notes 4.8), or when it holds a
digit, a hyphen or an underscore (old-2023-24): a common word is the word, not the folder."""


@functools.lru_cache(maxsize=1024)
def _uncommon(name: str) -> bool:
    from ...text.generalfreq import zipf

    if re.search(r"[\d_-]", name):
        return True
    return name.isascii() and zipf(name.lower(), "en") < PROSE_ZIPF


def _chinese_names(pattern: re.Pattern[str], text: str, add: object, quoted: bool) -> str:
    """``text`` with the name (group 1) of each match of ``pattern`` masked: matched in the
    text's Simplified form, replaced in the text as written. A quoted name is taken as written;
    a bare one that starts or ends with a function word names no folder."""
    assert callable(add)
    out, pos = [], 0
    for m in pattern.finditer(to_simplified(text)):
        name = text[m.start(1) : m.end(1)]
        simple = to_simplified(name.lower())
        if simple in _NOT_NAMES or name.isdigit() or (not quoted and _NAME_EDGE.search(simple)):
            continue
        out += [text[pos : m.start(1)], str(add(name.rstrip("/") + "/"))]
        pos = m.end(1)
    return "".join([*out, text[pos:]])


_DOC_NAME = re.compile(r"[\w-][\w.-]{0,80}\.(?:md|mdx|markdown|txt|rst|csv)", IGNORECASE)


def _is_bare_path(item: str) -> bool:
    """``old/``, ``docs/v2``, ``a/b/c``, a page named bare (``TOC.md``), a path under a folder
    of the KB (``电子秤/校验单`` where 电子秤/ is one): not ``and/or``, ``24/7`` or
    ``read/write``."""
    if "/" not in item and _DOC_NAME.fullmatch(item):
        return True
    if "/" not in item.rstrip("/") and not item.endswith("/"):
        return False
    if re.fullmatch(r"(?:19|20)\d\d/", item):  # a year's folder: "2019/"
        return True
    if not re.search(r"[^\W\d_]", item) or item.count("/") > 9:
        return False
    parts = [p for p in item.split("/") if p]
    return bool(parts) and (
        item.endswith("/")
        or len(parts) >= 3
        or any(re.search(r"[\d._-]", p) for p in parts)
        or parts[0] in FOLDERS.get()
    )
