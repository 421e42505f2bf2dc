"""One grammar for README sentences about folders: a mention, a polarity and a scope.

A *mention* is a folder or file the sentence names: backticked, linked, bare (``old/``,
``docs/v2``) or beside a folder word ("the wip folder", "wip 目录"). A *polarity* comes from
the cue words of :mod:`knowledge_retrieval.lang.readme`: a prohibition (a negator before a
verb of use, "ignore", or a word of non-authority: "outdated", "未经批准"), a preference
("check X first", "以 X 为准") or an entry ("start from `index.md`"); a negator before a verb of
writing ("do not edit", "请勿修改") is no rule for search, and a sentence about writing or
storing pages ("new notes go in X") is read as no rule unless it forbids in so many words. The
*scope* is the clause: a mention takes its clause's polarity, else that of the clauses (then
sentences) after it that name no folder, else of those before it.

Every pattern is an alternation of fixed words, and a negator looks at a bounded window after
it: linear in the text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ...lang import readme as cues
from ...text.analysis import to_simplified

IGNORECASE = re.IGNORECASE
PLACEHOLDER = re.compile(r"\x00(\d+)\x00")


def _en(items: Iterable[str]) -> str:
    alts = sorted((re.escape(w).replace("_", r"\s+").replace("'", "['’]") for w in items), key=len)
    # the lookahead turns a position that starts no word away at once (not once per entry)
    return r"(?=[A-Za-z])(?<![\w-])(?:" + "|".join(reversed(alts)) + r")(?![\w-])"


def _zh(items: Iterable[str]) -> str:
    assert all(not re.search("[A-Za-z]", w) for w in items), "Chinese cue lists hold no letters"
    alts = "|".join(re.escape(w) for w in sorted(items, key=len, reverse=True))
    return rf"(?=[\u3400-\u9fff])(?:{alts})"


def _both(en: Iterable[str], zh: Iterable[str]) -> re.Pattern[str]:
    return re.compile(f"{_en(en)}|{_zh(zh)}", IGNORECASE)


NEGATOR = _both(cues.EN_NEGATORS, cues.ZH_NEGATORS)
USE_VERB = _both(cues.EN_USE_VERBS, cues.ZH_USE_VERBS)
WRITE_VERB = _both(cues.EN_WRITE_VERBS, cues.ZH_WRITE_VERBS)
STORE = _both(cues.EN_STORE | cues.EN_COMPOSE, cues.ZH_STORE | cues.ZH_COMPOSE)
PROHIBIT = _both(cues.EN_PROHIBIT, cues.ZH_PROHIBIT)
NON_AUTHORITY = _both(cues.EN_NON_AUTHORITY, cues.ZH_NON_AUTHORITY)
PREFER = _both(cues.EN_PREFER, cues.ZH_PREFER)
RANK = _both(cues.EN_RANK, cues.ZH_RANK)
ENTRY = _both(cues.EN_ENTRY, cues.ZH_ENTRY)
_NOT = _both(cues.EN_NOT, cues.ZH_NOT)
CONFLICT = _both(cues.EN_CONFLICT, cues.ZH_CONFLICT)
_NOT_CUES = _both(cues.EN_NOT_CUES, cues.ZH_NOT_CUES)
_DENIED = re.compile(
    rf"(?:{_en(cues.EN_DENY)})\s+(?:[A-Za-z'’-]+\s+)?$|(?:{_zh(cues.ZH_DENY)})[\u3400-\u9fff]{{0,2}}$",
    IGNORECASE,
)
"""What stands right before a denied word of non-authority: "is not (yet) outdated", "并非废弃"
(searched in the few characters before the word: bounded)."""
_DENY_LOOKBACK = 24
_PURPOSE = re.compile(rf"(?:{_en(cues.EN_PURPOSE)})\s+$|(?:{_zh(cues.ZH_PURPOSE)})$", IGNORECASE)
"""What stands right before a word of avoidance that is a purpose: "to avoid", "为了避免"."""


def is_purpose(text: str, at: int) -> bool:
    """Whether the word at ``at`` follows a word of purpose ("为了避免误会", "to avoid")."""
    return _PURPOSE.search(to_simplified(text[max(0, at - 12) : at])) is not None


_AUTHORITY = _both(cues.EN_AUTHORITY, cues.ZH_AUTHORITY)
_AUTHORITY_WINDOW = 40
_ADVISE = re.compile(
    rf"^\W*(?:(?:{_en(cues.EN_ADVISE_LEAD)})\s+){{0,3}}(?:{_en(cues.EN_ADVISE)})"
    rf"|(?:{_zh(cues.ZH_ADVISE_LEAD)})(?:{_zh(cues.ZH_ADVISE_MORE)}){{0,2}}(?:{_zh(cues.ZH_ADVISE)})"
    "(?![于於来])"
    rf"|(?:{_zh(cues.ZH_ADVISE_LEAD)})(?:{_zh(cues.ZH_ADVISE_MORE)}){{0,2}}用"
    rf"(?=\s|{_zh(cues.ZH_ADVISE_USE_NEXT)})",
    IGNORECASE,
)
"""An imperative to use ("use `v2/`", "请只使用"): a preference."""
_TOOL = re.compile(
    rf"\bto\s+(?!(?:{_en(cues.EN_USE_VERBS)}))[a-z]+\b|{_en(cues.EN_WRITE_VERBS)}"
    rf"|{_zh([w for w in cues.ZH_WRITE_VERBS if len(w) > 1] + ['写'])}",
    IGNORECASE,
)
"""After an imperative to use, a purpose that is no answering ("use `tools/` to rebuild the
index") or a verb of writing ("use `templates/` when you create a page", "请用 `模板/` 写新文档"):
the folder is a tool, not a source."""
_OWNED = re.compile(rf"以(?!{_zh(cues.ZH_RANK_PRONOUNS)})[\u3400-\u9fff]{{1,24}}为准")
"""以 <a noun> 为准: a word of authority with its own object ("以人事室公告为准"), lent to no
folder (a mention in the slot is blanked, so 以 `a/` 为准 is not one)."""
_ONLY = _both(cues.EN_ONLY, cues.ZH_ONLY)
_RESERVED = _both(cues.EN_RESERVED, cues.ZH_RESERVED)
_REPLACED = re.compile(
    rf"(?:{_zh(cues.ZH_SUCCESSOR_BY)})[^，,。；;\x00]{{0,8}}?(?:{_zh(cues.ZH_SUCCESSOR)})"
)
"""已被新版取代, 被 `乙/` 取代: the subject was replaced (a word of non-authority)."""
_HEDGE = re.compile(
    rf"(?:{_en(cues.EN_HEDGE)})\W*$|(?:{_zh(cues.ZH_HEDGE)})[\u3400-\u9fff]{{0,2}}$", IGNORECASE
)
_ENTRY_DENIED = re.compile(
    rf"(?:{_en(cues.EN_DENY)})\s+(?:[\w'’-]+\s+){{0,3}}$|(?:{_zh(cues.ZH_DENY)})[^，,。；;]{{0,6}}$",
    IGNORECASE,
)
"""What stands before a denied entry word: "不是本仓库的导航", "is not the index"."""
_CONTRAST = re.compile(rf"^\W*(?:{_en(cues.EN_CONTRAST)}|{_zh(cues.ZH_CONTRAST)})", IGNORECASE)
_RHETORICAL = _both(cues.EN_RHETORICAL, cues.ZH_RHETORICAL)
_ANSWER_NO = re.compile(
    rf"^\W*(?:(?:a|answer|答)\s*[:：]\s*)?(?:{_en(cues.EN_ANSWER_NO)}|{_zh(cues.ZH_ANSWER_NO)})",
    IGNORECASE,
)
_IMPERATIVE_WRITE = re.compile(
    rf"^\W*(?:please\s+|请)?(?:{_en(cues.EN_WRITE_VERBS - cues.EN_ENTRY)}"
    rf"|(?:{_en(cues.EN_WRITE_VERBS & cues.EN_ENTRY)})\s+(?:a|an|new)\b|"
    + _zh([w for w in cues.ZH_WRITE_VERBS if len(w) > 1])
    + ")",
    IGNORECASE,
)
"""A clause that tells to write ("edit the English source instead"): no preference. A single
Chinese character is no imperative there: 发版流程 is "the release process", not "send"; "open"
writes with an article ("open a pull request"), else it starts a reading ("open `index.md`")."""
_VERB = re.compile(f"(?P<use>{USE_VERB.pattern})|(?P<write>{WRITE_VERB.pattern})", IGNORECASE)
_STOP = re.compile(r"[,，;；。.!！?？:：—–()（）]")
_WINDOW = 40
"""How far after a negator its verb is looked for (characters)."""
_ASIDE = re.compile(r"\s*[,，][^,，.。;；]{1,30}[,，]")
"""An aside right after a negator, between commas: its verb is looked for after it."""


@dataclass(frozen=True, slots=True)
class Cues:
    """What one clause says, by the cue words in it."""

    forbid: bool = False  # "do not cite", "ignore", "不得引用"
    weak: bool = False  # a word of non-authority: "outdated", "未经批准"
    write: bool = False  # a negated verb of writing: "do not edit", "请勿修改"
    store: bool = False  # where pages are put: "go in", "放在"
    prefer: bool = False
    entry: bool = False
    rank: bool = False  # a word of authority ("为准", "canonical"): a named file is preferred
    compare: bool = False  # a comparison: "if `a/` disagrees with `b/`"
    lost: bool = False  # "over `b/`": its folders lose to the ones before
    advise: bool = False  # an imperative to use: "use `v2/`", "请只使用"
    hedged: bool = False  # its words of non-authority are cautions: "can be out of date"
    only: bool = False  # "only", "只能", "一律": a preference in it is exclusive
    reserved: bool = False  # "is there for finance", "仅供财务": kept for another use
    owned: bool = False  # "以人事室公告为准": its authority has an object of its own
    contrast: bool = False  # it starts with "but", "但": no polarity for the folders before

    @property
    def any(self) -> bool:
        return self.forbid or self.weak or self.write or self.prefer or self.entry or self.advise


@functools.lru_cache(maxsize=512)
def read_cues(text: str) -> Cues:
    """The cue words of a clause (placeholders of mentions are blanked first)."""
    text = to_simplified(PLACEHOLDER.sub(lambda m: " " * len(m.group(0)), text))
    text = _NOT_CUES.sub(lambda m: " " * len(m.group(0)), text)  # 发挥, 排除故障, 别的
    forbid = write = False
    blank = list(text)
    for m in NEGATOR.finditer(text):
        start = m.end()
        if (aside := _ASIDE.match(text, start)) is not None:  # "do not, under any ..., cite"
            start = aside.end()
        end = min(len(text), start + _WINDOW)
        if (stop := _STOP.search(text, start, end)) is not None:
            end = stop.start()
        v = _VERB.search(text, start, end)
        if v is None:
            continue
        if v.group("use") is not None:
            forbid = True
        else:
            write = True
        for i in range(m.start(), m.end()):
            blank[i] = " "
    rest = "".join(blank)
    compare, plain = False, list(text)
    for m in CONFLICT.finditer(text):  # 不一致 is no negated word of authority
        compare = True
        for i in range(m.start(), m.end()):
            blank[i] = plain[i] = " "
    said = "".join(plain)
    weak = outright = False  # outright: a word of non-authority that is no caution
    for m in _NOT.finditer(said):
        end = min(len(said), m.end() + _AUTHORITY_WINDOW)
        if (stop := _STOP.search(said, m.end(), end)) is not None:
            end = stop.start()
        if (a := _AUTHORITY.search(said, m.end(), end)) is not None:
            weak = outright = True
            for i in range(m.start(), a.end()):
                blank[i] = " "
    for m in NON_AUTHORITY.finditer(said):
        before = said[max(0, m.start() - _DENY_LOOKBACK) : m.start()]
        if (d := _DENIED.search(before)) is not None and USE_VERB.search(d.group(0)) is None:
            continue  # "not outdated", "并非废弃": denied
        outright = outright or _HEDGE.search(before[-14:]) is None
        weak = True
        for i in range(m.start(), m.end()):
            blank[i] = " "
    if _REPLACED.search(said) is not None:
        weak = outright = True
    forbid = forbid or bool(PROHIBIT.search(rest))
    rest = "".join(blank)
    return Cues(
        forbid=forbid,
        weak=weak,
        write=write or bool(_IMPERATIVE_WRITE.match(text)),
        store=bool(STORE.search(text)),
        prefer=bool(PREFER.search(rest) or RANK.search(rest)),
        rank=bool(RANK.search(rest)),
        entry=any(
            _ENTRY_DENIED.search(rest[max(0, m.start() - _DENY_LOOKBACK) : m.start()]) is None
            for m in ENTRY.finditer(rest)
        ),
        compare=compare,
        advise=(a := _ADVISE.search(rest)) is not None and _TOOL.search(rest, a.end()) is None,
        hedged=weak and not outright,
        contrast=_CONTRAST.match(text) is not None,
        only=_ONLY.search(rest) is not None,
        reserved=_RESERVED.search(text) is not None,
        owned=_OWNED.search(rest) is not None,
    )


def polarity(c: Cues, about_writing: bool = False) -> str | None:
    """``exclude``, ``prefer``, ``entry`` or None for a clause's cues; ``about_writing``: the
    sentence is about writing or storing pages (its words of non-authority then forbid
    nothing)."""
    if c.forbid or (c.weak and not about_writing):
        return "exclude"
    if c.write:
        return None
    if c.prefer or (c.advise and not c.store):  # "请用 `范本.md` 起稿" writes
        return "prefer"
    if c.entry:
        return "entry"
    return None


# -- mentions ---------------------------------------------------------------------------------

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
    + "|目錄|資料夾|文件夾)(?!\\s*\x00)(?<![总總]目录)(?<![總总]目錄)"
)
_NOT_NAMES = frozenset(cues.NOT_NAMES)
_NAME_EDGE = re.compile(
    "^(?:{0})|(?:{0})$".format("|".join(sorted(cues.ZH_NAME_EDGES, key=len, reverse=True)))
)
"""A Chinese name read before 目录 that starts or ends with a function word names no folder."""


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
        if not _is_bare_path(item):
            return m.group(0)
        path = item if re.search(r"\.[A-Za-z]\w{0,9}$", item) else item.rstrip("/") + "/"
        return f"{add(path)}{stop}"

    def folder(m: re.Match[str]) -> str:
        name = m.group(1)
        simple = to_simplified(name.lower())
        if simple in _NOT_NAMES or name.isdigit() or _NAME_EDGE.search(simple):
            return m.group(0)
        return m.group(0).replace(name, str(add(name.rstrip("/") + "/")), 1)

    text = _BARE.sub(bare, text)
    text = _FOLDER_EN.sub(folder, text)
    return _FOLDER_ZH.sub(folder, text)


_DOC_NAME = re.compile(r"[\w-][\w.-]{0,80}\.(?:md|mdx|markdown|txt|rst|csv)", IGNORECASE)


def _is_bare_path(item: str) -> bool:
    """``old/``, ``docs/v2``, ``a/b/c``, a page named bare (``TOC.md``): not ``and/or``,
    ``24/7`` or ``read/write``."""
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
        item.endswith("/") or len(parts) >= 3 or any(re.search(r"[\d._-]", p) for p in parts)
    )


# -- scope ------------------------------------------------------------------------------------

_CLAUSES = re.compile(
    r"[;；,，:：—–()（）|]|\s-\s|(?<=[。.!！?？])|(?=\b(?:but|except|whereas|until|which)\b)"
    r"|(?=但|而不是|而非)"
    r"|(?=\b(?:over|rather than|instead of|in preference to|ahead of)\b|优先于|胜过|高于|(?<!优)先于)",
    IGNORECASE,
)
_OVER = re.compile(
    r"^\s*(?:over|rather than|instead of|in preference to|ahead of)\b|^\s*(?:优先于|胜过|高于|先于)",
    IGNORECASE,
)
"""A clause that starts with "over": its folders lose to the ones before (no preference)."""


@dataclass
class Clause:
    text: str
    mentions: list[int]  # code indexes
    cues: Cues
    sentence: int
    semicolon: bool = False  # its sentence ends with a semicolon


def _split(s: str) -> list[str]:
    """A sentence's clauses, split where its Simplified form is (one character for one)."""
    out, pos = [], 0
    for m in _CLAUSES.finditer(to_simplified(s)):
        if m.end() > pos or m.start() > pos:
            out.append(s[pos : m.start()])
            pos = m.end()
    out.append(s[pos:])
    return out


def _asides_joined(parts: list[str]) -> list[str]:
    """The parts with a bare negator joined to the aside and the clause after it: "Do not,
    under any circumstances, cite ..." is one clause."""
    out: list[str] = []
    i = 0
    while i < len(parts):
        if i + 2 < len(parts) and NEGATOR.fullmatch(to_simplified(parts[i].strip(" *"))):
            out.append(",".join(parts[i : i + 3]))
            i += 3
        else:
            out.append(parts[i])
            i += 1
    return out


def clauses_of(sentences: list[str], filler: Callable[[str], bool]) -> list[Clause]:
    """The clauses of the sentences; a clause that only lists more mentions ("`b/` and `c/`":
    ``filler`` of its words) joins the clause of mentions before it."""
    out: list[Clause] = []
    for n, s in enumerate(sentences):
        for part in _asides_joined(_split(s)):
            if not part.strip():
                continue
            idx = [int(i) for i in PLACEHOLDER.findall(part)]
            prev = out[-1] if out else None
            if idx and prev and prev.sentence == n and prev.mentions and filler(part):
                prev.text += "," + part
                prev.mentions += idx
                continue
            c = read_cues(part)
            if (over := _OVER.match(to_simplified(part))) is not None:
                c = replace(c, prefer=False, lost=True)
                zh = re.search("[\u3400-\u9fff]", over.group(0)) is not None
                if zh and prev and prev.sentence == n and PREFER.search(over.group(0)):
                    prev.cues = replace(prev.cues, prefer=True, rank=True)  # "其效力优先于"
            out.append(Clause(part, idx, c, n, s.rstrip().endswith((";", "；"))))
    return out


def assign(
    clauses: list[Clause],
    about_writing: list[bool],
    forced: dict[int, str] | None = None,
    names: dict[int, str] | None = None,
) -> dict[int, tuple[str, int]]:
    """code index -> (polarity, the clause index it came from) for every mention with one.

    A mention takes its clause's polarity; else that of a clause of its sentence (or the next)
    that names no folder but says its name ("the runbook is correct" for `runbooks/`); else the
    first polarity of the clauses after it that name no folder (in its sentence, then in the
    next ones); else of those before it. A folder takes no entry (an entry is a named file). A
    party to a comparison ("if `a/` disagrees with ...") takes no polarity but a prohibition or
    a word of authority in its own clause ("有冲突时以 `a/` 为准") or one said of it by name; a folder that loses ("over `b/`") takes no preference
    from another clause. A mention named in several clauses
    keeps an exclusion over anything else.
    """
    got: dict[int, tuple[str, int]] = {}
    paths = names or {}
    settled = {n for c in clauses if c.cues.compare for n in (c.sentence, c.sentence - 1)}
    writes = {c.sentence for c in clauses if c.cues.write}

    def pol(i: int, files: bool = True, lent: bool = False, named: bool = False) -> str | None:
        c = clauses[i]
        p: str | None
        if forced and c.sentence in forced:
            p = forced[c.sentence] or None  # "": a question, no polarity
        else:
            # a sentence that says not to edit, or the clause that says where pages are put
            told = c.sentence in writes or c.cues.store or c.cues.write
            p = polarity(c.cues, about_writing[c.sentence] and told)
        if p == "prefer" and lent and about_writing[c.sentence] and not c.cues.rank:
            return None  # "如需修改，请先联系法务": no preference lent to a folder
        if p == "prefer" and lent and not named and c.cues.owned and not c.mentions:
            return None  # "是否为最新版本，请以人事室公告为准": 公告 is preferred, not the folder
        if p == "exclude" and c.cues.hedged and not c.cues.forbid and c.sentence in settled:
            return None  # "can be out of date; where it conflicts with `b/`, `b/` wins"
        return None if p == "entry" and not files else p

    def put(idx: int, p: str, src: int) -> None:
        if idx not in got or (p == "exclude" and got[idx][0] != "exclude"):
            got[idx] = (p, src)

    for i, c in enumerate(clauses):
        if not c.mentions:
            continue
        if won := successors(c.text) & set(c.mentions):  # "replaced by `b/`": b/ is preferred
            for idx in won:
                put(idx, "prefer", i)
            for idx in c.mentions:  # and the folder it replaced is out
                if idx not in won:
                    put(idx, "exclude", i)
            continue
        files = any(_is_file(paths.get(idx, "")) for idx in c.mentions)
        p, src = pol(i, files), i
        if c.cues.compare and not (c.cues.forbid or c.cues.rank):  # "旧的" may be the other's
            for idx in _winners(clauses, i, paths, pol):
                put(idx, "prefer", i)
            continue
        spoken: set[int] = set()  # clauses that gave one of these folders a polarity by name
        if p is None and not c.cues.write:
            left = []
            for idx in c.mentions:
                is_file = _is_file(paths.get(idx, ""))
                said = _by_name(clauses, i, paths.get(idx, ""))
                by_name = next((j for j in said if pol(j, is_file, True, True)), None)
                if by_name is not None:
                    put(idx, pol(by_name, is_file, True, True) or "", by_name)
                    spoken.add(by_name)
                else:
                    left.append(idx)
            if not left:
                continue
        if p is None and not c.cues.write:
            for j in range(i + 1, len(clauses)):
                if clauses[j].mentions or _contrasted(clauses, j) or j in spoken:
                    break  # a clause said of one folder by name says nothing of the others
                if (q := pol(j, files, True)) is not None or clauses[j].cues.write:
                    p, src = q, j
                    break
        if p is None and not c.cues.write:
            for j in range(i - 1, -1, -1):
                if clauses[j].mentions or _contrasted(clauses, j + 1):
                    break
                if clauses[j].sentence != c.sentence:
                    break
                if (q := pol(j, files, True)) is not None:
                    p, src = q, j
                    break
        if p is None or (c.cues.lost and p != "exclude"):
            continue
        for idx in c.mentions:
            put(idx, p, src)
    _exclusive(clauses, got, about_writing, pol)
    return got


def _exclusive(
    clauses: list[Clause],
    got: dict[int, tuple[str, int]],
    about_writing: list[bool],
    pol: Callable[[int], str | None],
) -> None:
    """An exclusive preference ("answer from `a.md` only; `b/` is there for finance") puts out
    the folders its sentence (or the next one, after a semicolon) reserves for another use and
    gives no polarity."""
    for i, c in enumerate(clauses):
        if not c.cues.only or pol(i) != "prefer" or about_writing[c.sentence]:
            continue
        for j in range(max(0, i - _NAME_REACH), min(len(clauses), i + _NAME_REACH + 1)):
            k = clauses[j]
            near = k.sentence == c.sentence or (k.sentence == c.sentence + 1 and c.semicolon)
            if near and k.cues.reserved and not k.cues.compare:  # a party: no rule
                for idx in k.mentions:
                    if idx not in got:
                        got[idx] = ("exclude", i)


_SUCCESSOR = re.compile(
    rf"(?:{_en(cues.EN_SUCCESSOR)})\s*\x00(\d+)\x00"
    rf"|(?:{_zh(cues.ZH_SUCCESSOR_BY)})\s*\x00(\d+)\x00\s*(?:{_zh(cues.ZH_SUCCESSOR)})",
    IGNORECASE,
)
"""A mention a superseded one was replaced by ("replaced by `b/`", "已被 `乙/` 取代")."""


def successors(text: str) -> set[int]:
    """The code indexes of the mentions a clause says replaced another: preferred."""
    return {int(m.group(1) or m.group(2)) for m in _SUCCESSOR.finditer(to_simplified(text))}


_VERDICT_REACH = 2
"""Clauses after a comparison its verdict is looked for in ("..., the notes win")."""
_LATTER = _both(cues.EN_LATTER, cues.ZH_LATTER)
_FORMER = _both(cues.EN_FORMER, cues.ZH_FORMER)
_PARTNER = _both(cues.EN_PARTNER, cues.ZH_PARTNER)
_WORD = re.compile(r"[a-z][a-z0-9-]{2,}|[\u3400-\u9fff]{2,}")


def _winners(
    clauses: list[Clause],
    at: int,
    paths: dict[int, str],
    pol: Callable[[int], str | None],
) -> list[int]:
    """The mentions a comparison's verdict prefers: the verdict is the next clause of the
    sentence that names no folder and has a polarity; it names a side by "the latter" /
    "后者", "the former" / "前者", else by the words (and folder names) it shares with the
    side before the partner word ("with", "与") or after it. A verdict of authority prefers
    that side; one of non-authority ("assume the wiki is wrong"), the other side."""
    c = clauses[at]
    verdict = None
    for j in range(at + 1, min(len(clauses), at + 1 + _VERDICT_REACH)):
        if clauses[j].sentence != c.sentence or clauses[j].mentions:
            break
        if (q := pol(j)) in ("prefer", "exclude"):
            verdict = (j, q)
            break
    if verdict is None:
        return []
    j, q = verdict
    text = to_simplified(c.text.lower())
    split = _PARTNER.search(text) or CONFLICT.search(text)
    at_split = split.start() if split else len(text)
    sides: tuple[tuple[list[int], list[str]], ...] = (([], []), ([], []))  # before, after
    for m in PLACEHOLDER.finditer(text):
        idx = int(m.group(1))
        side = sides[m.start() >= at_split]
        side[0].append(idx)
        side[1].extend(name_forms(paths.get(idx, "")))
    for m in _WORD.finditer(PLACEHOLDER.sub(" ", text)):
        sides[m.start() >= at_split][1].append(m.group(0))
    said = to_simplified(clauses[j].text.lower())
    if _LATTER.search(said):
        named = 1
    elif _FORMER.search(said):
        named = 0
    else:
        hits = [sum(_says(said, w) for w in set(side[1])) for side in sides]
        if hits[0] == hits[1]:
            return []
        named = 0 if hits[0] > hits[1] else 1
    return sides[named][0] if q == "prefer" else sides[1 - named][0]


def _contrasted(clauses: list[Clause], j: int) -> bool:
    """Whether clause ``j`` starts a contrast whose polarity goes to a folder it (or the clause
    after it) names: "`a/` is kept in case parents ask, but answer from this year's folder,
    `b/`" lends a/ nothing."""
    if not clauses[j].cues.contrast:
        return False
    near = clauses[j : j + 2]
    return any(k.mentions and k.sentence == clauses[j].sentence for k in near)


def _is_file(path: str) -> bool:
    return not path.endswith("/") and re.search(r"\.[A-Za-z]\w{0,9}$", path) is not None


_NAME_SPAN = 2
"""Sentences a mention's name is looked for in: its own and the next."""
_NAME_REACH = 6
"""Clauses either side of a mention its name is looked for in (a bounded window: linear)."""


def _by_name(clauses: list[Clause], at: int, path: str) -> list[int]:
    """The clauses of the mention's sentence (or the next), in order, that name no folder but
    say the folder's name: its last part ("runbooks/" as runbook, "藥品手冊/現行/" as 现行), the
    head of a longer Chinese name (读书笔记 as 笔记)."""
    forms = name_forms(path)
    if not forms:
        return []
    first = clauses[at].sentence
    said = []
    for j in range(max(0, at - _NAME_REACH), min(len(clauses), at + _NAME_REACH + 1)):
        c = clauses[j]
        if j == at or c.mentions or not first <= c.sentence < first + _NAME_SPAN:
            continue
        text = to_simplified(c.text.lower())
        if any(_says(text, form) for form in forms):
            said.append(j)
    return said


def _says(text: str, form: str) -> bool:
    """``form`` in ``text``; a Latin one as a whole word ("runbook" in "the runbook is")."""
    if not form.isascii():
        return form in text
    at = text.find(form)
    while at >= 0:
        before = text[at - 1] if at else " "
        after = text[at + len(form)] if at + len(form) < len(text) else " "
        if not (before.isalnum() or before in "-_") and not (after.isalnum() or after in "-_"):
            return True
        at = text.find(form, at + 1)
    return False


def name_forms(path: str) -> tuple[str, ...]:
    """The words a folder or file is called by in prose: "runbooks/" -> runbooks, runbook."""
    last = path.rstrip("/").split("/")[-1]
    if _is_file(path):
        last = last.rsplit(".", 1)[0]
    last = to_simplified(last.lower())
    forms = [last, last.replace("-", " ").replace("_", " ")]
    if re.fullmatch(r"[a-z][a-z -]+s", last):
        forms.append(last[:-1])
    if re.fullmatch(r"[\u3400-\u9fff]{3,}", last):
        forms.append(last[-2:])
    return tuple(
        dict.fromkeys(
            f
            for f in forms
            if len(f) >= (2 if re.fullmatch(r"[\u3400-\u9fff]+", f) else 3) and not f.isdigit()
        )
    )


def question_polarity(sentence: str, after: str | None) -> str | None:
    """None for a sentence that asks nothing; else what a question about a folder says of it:
    ``exclude`` when it is rhetorical ("why would you go to `x/`?") or ``after`` answers no
    ("Q: can I use `x/`? No."), else "" (a question states no rule)."""
    text = to_simplified(sentence).rstrip(" *\t")
    if not text.endswith(("?", "？", "吗")):
        return None
    if _RHETORICAL.search(text) or (after is not None and _ANSWER_NO.match(to_simplified(after))):
        return "exclude"
    return ""


def sentence_about_writing(sentence: str) -> bool:
    c = read_cues(sentence)
    return c.write or c.store
