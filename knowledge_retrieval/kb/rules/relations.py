"""What a README sentence says of one folder beside another, once each clause's polarity has
reached its folders (:func:`.scope.assign` calls these last): a successor ("replaced by `b/`",
"已由 … 替代"), versioned siblings (`2017/` beside `2022/`, `_old/` beside `current.md`), copies
beside the originals, an elided "never" ("always check `a.md`, never `b/`"), "… are not" after a
word of authority, and a folder said to differ beside one to use."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...lang import readme as cues
from ...text.analysis import to_simplified
from .clauses import Clause
from .cuewords import PLACEHOLDER, _both, _en, _zh

IGNORECASE = re.IGNORECASE


VERDICT_REACH = 2
"""Clauses after a comparison its verdict is looked for in ("..., the notes win")."""


def is_file(path: str) -> bool:
    return not path.endswith("/") and re.search(r"\.[A-Za-z]\w{0,9}$", path) is not None


_BE_NOT = re.compile(rf"(?:{_en(cues.EN_BE_NOT)}|{_zh(cues.ZH_BE_NOT)})[\s.。!！;；]*$", IGNORECASE)


def denied_after(clauses: list[Clause], got: dict[int, tuple[str, int]]) -> None:
    """A clause whose folders are followed only by "are not" ("the ones in `b/` are not",
    "`b/` 的不是") denies the word of authority of the clause before it (in its sentence, or the
    one before a semicolon): its folders are out."""
    for j in range(1, len(clauses)):
        c, prev = clauses[j], clauses[j - 1]
        joined = prev.sentence == c.sentence or (prev.sentence == c.sentence - 1 and prev.semicolon)
        if not c.mentions or not joined or not (prev.cues.vouched or prev.cues.affirmed):
            continue
        last = max(m.end() for m in PLACEHOLDER.finditer(c.text))
        if _BE_NOT.match(to_simplified(c.text[last:]).strip()) is None:
            continue
        for idx in c.mentions:
            if idx not in got:
                got[idx] = ("exclude", j)


_GAP = r"[^\x00.;!?。；！？]"
"""What stands between a word of succession and its mention: no other mention, no sentence end."""
_SUCCESSOR = re.compile(
    rf"(?:{_en(cues.EN_SUCCESSOR)})\s*{_GAP}{{0,60}}?\x00(\d+)\x00"
    rf"|(?:{_en(cues.EN_REPLACED)})\s+(?:{_GAP}{{0,40}}?\s)?(?:{_en(cues.EN_BY)})\s+"
    rf"{_GAP}{{0,60}}?\x00(\d+)\x00"
    rf"|(?:{_zh(cues.ZH_SUCCESSOR_BY)}){_GAP}{{0,40}}?\x00(\d+)\x00{_GAP}{{0,12}}?"
    rf"(?:{_zh(cues.ZH_SUCCESSOR)})"
    rf"|\x00(\d+)\x00{_GAP}{{0,40}}?\s(?:{_en(cues.EN_REPLACES)})\s+(?:{_en(cues.EN_ANAPHORS)})\b"
    rf"|(?<=\x00)\s*+(?:(?:{_en(cues.EN_MOVED_AUX)})\s++){{0,3}}(?:{_en(cues.EN_MOVED_TO)})"
    rf"\s++(?:the\s++)?\x00(\d+)\x00"
    rf"|(?<=\x00)\s*+(?:{_zh(cues.ZH_MOVED_AUX)})?(?:{_zh(cues.ZH_MOVED_TO)})\s*+\x00(\d+)\x00",
    IGNORECASE,
)
"""A mention a superseded one was replaced by ("replaced by `b/`", "were replaced by the `b/`
set", "was superseded on 1 April by `b.pdf`", "已被 `乙/` 取代", "已由 … 新守则（`乙.pdf`）替代"):
within a sentence, each window bounded (linear)."""


_REPLACES = re.compile(
    rf"(?:{_en(cues.EN_REPLACES)})\s+(?:[\w-]+\s+){{0,4}}?\x00(\d+)\x00"
    + "|"
    + rf"(?<=\x00)\s+(?:{_en(cues.EN_REPLACED)})(?!\s+(?:{_en(cues.EN_BY)}))\s+"
    + r"(?:[\w-]+\s+){0,4}?\x00(\d+)\x00"
    + "|"
    + "".join(f"(?<!{re.escape(w)})" for w in sorted(cues.ZH_SUCCESSOR_BY))
    + rf"(?:{_zh(cues.ZH_SUCCESSOR)})(?:{_zh(cues.ZH_DONE)})?\s*\x00(\d+)\x00",
    IGNORECASE,
)
"""A mention a clause says its subject replaced ("`v3/` supersedes `v2/`", "取代 `历史/`")."""


_ORIGINAL = re.compile(
    rf"(?:{_en(cues.EN_COPY | cues.EN_COPIED)})\s+(?:{_en(cues.EN_COPY_OF)})\s+"
    rf"(?:[A-Za-z'’-]+\s+){{0,2}}?\x00(\d+)\x00"
    rf"|\x00(\d+)\x00\s*(?:{_zh(cues.ZH_COPY_OF)})[\u3400-\u9fff]{{0,3}}?(?:{_zh(cues.ZH_COPY)})"
    rf"|(?:{_zh(cues.ZH_COPY_FROM)})\s*\x00(\d+)\x00\s*[\u3400-\u9fff]{{0,4}}?(?:{_zh(cues.ZH_COPY)})",
    IGNORECASE,
)
"""The original a copy is said to be made of ("a mirror of `b/`", "copied from the `b/`",
"`乙/` 的旧镜像", "从 `乙/` 复制"): bounded windows (linear)."""


def originals(text: str) -> set[int]:
    """The mentions a clause names as what another was copied from: a copy's polarity is not
    theirs ("`a/` is a mirror of `b/` nobody has synced since 2021" puts a/ out, not b/)."""
    simple = to_simplified(text)
    return {int(next(g for g in m.groups() if g)) for m in _ORIGINAL.finditer(simple)}


def replaced(text: str) -> set[int]:
    """The code indexes of the mentions a clause says were replaced (by its subject): out."""
    return {int(next(g for g in m.groups() if g)) for m in _REPLACES.finditer(to_simplified(text))}


def successors(text: str, path_of: Callable[[int], str] | None = None) -> set[int]:
    """The code indexes of the mentions a clause says replaced another: preferred. One whose
    path (``path_of`` a code index) a word calls old (`歸檔/2019/`, `archive/`) was where the
    other was archived, not its successor ("已將 `2019雜項/` 搬去 `歸檔/2019/`"): none is."""
    won = {int(next(g for g in m.groups() if g)) for m in _SUCCESSOR.finditer(to_simplified(text))}
    if path_of is not None and any(_OLD_NAME.search(_words_of(path_of(i))) for i in won):
        return set()
    return won


def succeeded(
    clauses: list[Clause], got: dict[int, tuple[str, int]], paths: dict[int, str] | None = None
) -> None:
    """A successor named across the clauses of its sentence ("`a.pdf` 已由 … 新守则（`b.pdf`）
    替代", "`a.pdf` has been replaced by the policy the board adopted (`b.pdf`)"): it is
    preferred, and the folders its sentence names before it that are not preferred are out."""
    by_sentence: dict[int, list[int]] = {}
    for i, c in enumerate(clauses):
        by_sentence.setdefault(c.sentence, []).append(i)
    for members in by_sentence.values():
        if len(members) < 2:
            continue
        text = " ".join(clauses[i].text for i in members)
        won = successors(text, lambda i: (paths or {}).get(i, ""))
        if not won:
            continue
        where = {idx: i for i in members for idx in clauses[i].mentions}
        first = min(where[idx] for idx in won if idx in where)
        for idx in won:
            if idx in where:
                got[idx] = ("prefer", where[idx])
        for i in members:
            if i > first:
                break
            for idx in clauses[i].mentions:
                if idx not in won and got.get(idx, ("",))[0] != "prefer":
                    got[idx] = ("exclude", i)


_CURRENT_NAME = _both(cues.EN_CURRENT_NAMES, cues.ZH_CURRENT_NAMES)
_OLD_NAME = _both(cues.EN_OLD_NAMES, cues.ZH_OLD_NAMES)
_NUMBER = re.compile(r"\d+")
_SIBLING_REACH = 1
"""Sentences apart that two versioned siblings may be named in ("Rate card: `current.md`. Older
ones are in `_old/`")."""
_SIBLINGS_MAX = 6
"""More siblings of one parent than this near each other are a list, not versions (and the
pairs stay few: linear)."""


def _words_of(path: str) -> str:
    """A path's names as words, Simplified (`歸檔/2019/` -> "归档 2019")."""
    return to_simplified(re.sub(r"[_\-./]+", " ", path).strip())


def _version(path: str) -> tuple[int, tuple[int, ...]] | None:
    """Where a folder or file stands among its versioned siblings: (1, ...) named current,
    (-1, ...) named old, (0, its numbers) by a year or version in its name; None for a name
    with neither."""
    last = path.rstrip("/").split("/")[-1]
    if is_file(path):
        last = last.rsplit(".", 1)[0]
    words = to_simplified(re.sub(r"[_\-.]+", " ", last).strip())
    if _CURRENT_NAME.search(words) and not _OLD_NAME.search(words):
        return (1, ())
    if _OLD_NAME.search(words):
        return (-1, ())
    numbers = tuple(int(n) for n in _NUMBER.findall(last)[:4])
    return (0, numbers) if numbers else None


def named_current(path: str) -> bool:
    """Whether a folder or file is named current (`current.md`, `现行/`): preferred, it is the
    current version, not an entry."""
    return _version(path) == (1, ())


def _parent(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[0] if "/" in path.rstrip("/") else ""


def siblings(clauses: list[Clause], got: dict[int, tuple[str, int]], paths: dict[int, str]) -> None:
    """Versioned siblings named near each other (:data:`cues.EN_CURRENT_NAMES`): the older, with
    no rule of its own, is out beside a preferred newer one ("`hs-codes/2017/` follow HS 2017;
    use `hs-codes/2022/`"); the newer, named current, is preferred beside an older one put out
    ("`价目/当前.md`。旧的在 `价目/_old/`")."""
    groups: dict[tuple[int, str], list[int]] = {}  # (sentence, parent) -> its mentions
    for c in clauses:
        for idx in c.mentions:
            path = paths.get(idx, "")
            if path:
                groups.setdefault((c.sentence, _parent(path)), []).append(idx)
    for (sentence, parent), here in groups.items():
        near = list(dict.fromkeys(here + groups.get((sentence + _SIBLING_REACH, parent), [])))
        if not 2 <= len(near) <= _SIBLINGS_MAX:
            continue
        for a, ia in enumerate(near):
            for ib in near[a + 1 :]:
                pa, pb = paths[ia], paths[ib]
                va, vb = _version(pa), _version(pb)
                if pa == pb or va == vb or (va is None and vb is None):
                    continue
                # a name with no version stands under one named current: "`現行.md`; `試辦期/`
                # 停止適用" prefers 現行.md (but is never put out beside a preferred one)
                versioned = va is not None and vb is not None
                na, nb = va or (0, ()), vb or (0, ())
                new, old = (ia, ib) if na > nb else (ib, ia)
                if versioned and got.get(new, ("",))[0] == "prefer" and old not in got:
                    got[old] = ("exclude", got[new][1])
                elif got.get(old, ("",))[0] == "exclude" and new not in got and max(na, nb)[0] == 1:
                    got[new] = ("prefer", got[old][1])


_ELIDED_NOT = re.compile(
    rf"^[\s*]*(?:{_en(cues.EN_ELIDED_NOT)}|{_zh(cues.ZH_ELIDED_NOT)})", IGNORECASE
)


def elided(
    clauses: list[Clause], got: dict[int, tuple[str, int]], pol: Callable[[int], str | None]
) -> None:
    """A clause that starts with a negator and has no verb of its own ("never the paper copies
    in `scans/`", "not the ones in `b/`", "而不是 `b/`") negates the preference of the clause
    before it in its sentence when that is an imperative to use ("always check `a.md`") or names
    the source ("should be answered from `a.md`, not from `b/`"): its folders, given no rule,
    are out. Beside a preference only ("优先查看 `a/`，而不是 `b/`") b/ is
    ranked under a/, not out."""
    for j in range(1, len(clauses)):
        c, prev = clauses[j], clauses[j - 1]
        if not c.mentions or prev.sentence != c.sentence or c.cues.any or c.cues.compare:
            continue
        if not _ELIDED_NOT.match(to_simplified(PLACEHOLDER.sub(" ", c.text))):
            continue
        source = prev.cues.advise or (prev.cues.rank and not prev.cues.owned)
        if pol(j - 1) != "prefer" or not source or prev.cues.write or prev.cues.store:
            continue  # "answered from `a.md`, not from `b/`": a source, not an order
        for idx in c.mentions:  # no rule, or only the preference it negates, lent to it
            if idx not in got or got[idx] == ("prefer", j - 1):
                got[idx] = ("exclude", j)


def copies(clauses: list[Clause], got: dict[int, tuple[str, int]], paths: dict[int, str]) -> None:
    """A folder its clause calls a copy or raw ("the object files in `a/` are copies", "`b/` 只是
    复印件", "are raw and uncleaned"), with no rule of its own, is out beside a folder its
    sentence (or one a semicolon joins to it) prefers ("the registrar's originals in `c/` take
    precedence"), unless it holds that folder."""
    preferred: dict[int, list[str]] = {}
    for c in clauses:
        for idx in c.mentions:
            if got.get(idx, ("",))[0] == "prefer":
                preferred.setdefault(c.sentence, []).append(paths.get(idx, ""))
    semicolon = {c.sentence for c in clauses if c.semicolon}  # joined to the next sentence
    settled = {c.sentence for c in clauses if c.cues.compare}  # "如与 `b/` 有出入，以后者为准"
    for i, c in enumerate(clauses):
        if not c.cues.copy or c.cues.hedged or {c.sentence, c.sentence + 1} & settled:
            continue
        joined = [c.sentence]
        if c.sentence in semicolon:  # "`a/` are copies; the originals in `b/` take precedence"
            joined.append(c.sentence + 1)
        if c.sentence - 1 in semicolon:
            joined.append(c.sentence - 1)
        if sum(len(preferred.get(n, [])) for n in joined) > _SIBLINGS_MAX:
            continue  # a list of preferred folders: none set against it (and linear)
        rivals = [r for n in joined for r in preferred.get(n, [])]
        if not rivals:
            continue
        for idx in c.mentions:
            path = paths.get(idx, "")
            if idx not in got and path and not any(r.startswith(path) for r in rivals):
                got[idx] = ("exclude", i)


def differs_beside_use(clauses: list[Clause], got: dict[int, tuple[str, int]]) -> None:
    """A folder said to differ from something that is no folder ("`a/` 的版本可能和正式发表版不
    一致"), followed in its sentence by an imperative to use another folder ("引用请用 `b/`"),
    is out: the sentence sets it against the one to use. A conflict between two folders it
    names, or settled by a verdict with no folder, is :func:`_winners`'."""
    for i, c in enumerate(clauses):
        if not c.cues.compare or len(c.mentions) != 1 or c.mentions[0] in got:
            continue
        for j in range(i + 1, min(len(clauses), i + 1 + VERDICT_REACH)):
            k = clauses[j]
            if k.sentence != c.sentence:
                break
            if (
                k.cues.advise
                and k.mentions
                and all(got.get(idx, ("",))[0] == "prefer" for idx in k.mentions)
            ):
                got[c.mentions[0]] = ("exclude", j)
                break
