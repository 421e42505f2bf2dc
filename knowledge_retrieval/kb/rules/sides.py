"""The sides of a comparison in a README sentence: which folder a conflict or a comparison of
authority names the winner ("if `a/` and `b/` disagree, `b/` wins", "以 v2 为准"), which folder
a clause says things of by part of its name ("the current one"), and the forms a folder is
named by (:func:`name_forms`); :mod:`.scope` gives the polarities they settle."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...lang import STOP_WORDS
from ...lang import readme as cues
from ...text.analysis import to_simplified
from .clauses import Clause
from .comparisons import yields_at
from .cuewords import PLACEHOLDER, _both, _en
from .grammar import CONFLICT, owned_object
from .relations import (
    VERDICT_REACH,
    is_file,
)

IGNORECASE = re.IGNORECASE

_PREFER_TO = re.compile(
    rf"(?:{_en(cues.EN_PREFER_VERB)})\s+[^,;.\x00]{{0,40}}\x00\d+\x00[^,;.\x00]{{0,40}}?"
    rf"(?:{_en(cues.EN_TO)})\s+[^,;.\x00]{{0,40}}?\x00(\d+)\x00",
    IGNORECASE,
)


def preferred_to(text: str) -> set[int]:
    """The mention after "to" in "prefer `a/` to `b/`": the one that loses."""
    return {int(m.group(1)) for m in _PREFER_TO.finditer(to_simplified(text))}


def party_of(clauses: list[Clause], at: int) -> int | None:
    """The comparison a clause's folders are a party to when the clause is only its subject and
    the next clause of its sentence, naming no folder, compares ("配伍禁忌表（`a.pdf`）如与说明书
    冲突"): that clause's index, else None."""
    k = at + 1
    if k >= len(clauses) or clauses[k].sentence != clauses[at].sentence:
        return None
    return k if not clauses[k].mentions and clauses[k].cues.compare else None


def compared_with(text: str) -> set[int]:
    """The mentions after a clause's word of comparison ("that contradicts `y/`"): what a
    prohibition in the clause sets its folders against, not what it forbids."""
    simple = to_simplified(text)
    return _after(simple, m.end() if (m := CONFLICT.search(simple)) else -1)


def yielded_to(text: str) -> set[int]:
    """The mentions after a clause's negated verb of replacing ("cannot replace `b/`"): the
    page its subject yields to."""
    simple = to_simplified(text)
    return _after(simple, yields_at(simple))


def _after(simple: str, at: int) -> set[int]:
    """The mentions of ``simple`` from ``at`` on (none when ``at`` is -1: no such word)."""
    if at < 0:
        return set()
    return {int(m.group(1)) for m in PLACEHOLDER.finditer(simple) if m.start() >= at}


def named_before(clauses: list[Clause], at: int, across_semicolon: bool = False) -> list[int]:
    """The mentions of the nearest clause before ``at`` in its sentence that names any: the
    subject of a clause that names none before its verb ("训练简报（`训练/`）…，不能取代 …");
    ``across_semicolon``: or in the sentence before, when a semicolon ended it."""
    for j in range(at - 1, max(-1, at - 1 - NAME_REACH), -1):
        same = clauses[j].sentence == clauses[at].sentence
        if not same and not (
            across_semicolon
            and clauses[j].sentence == clauses[at].sentence - 1
            and clauses[j].semicolon
        ):
            break
        if clauses[j].mentions:
            return clauses[j].mentions
    return []


LATTER = _both(cues.EN_LATTER, cues.ZH_LATTER)
FORMER = _both(cues.EN_FORMER, cues.ZH_FORMER)
_PARTNER = _both(cues.EN_PARTNER, cues.ZH_PARTNER)
_WORD = re.compile(r"[a-z][a-z0-9-]{2,}|[\u3400-\u9fff]{2,}")


def winners(
    clauses: list[Clause],
    at: int,
    paths: dict[int, str],
    pol: Callable[[int], str | None],
) -> tuple[list[int], list[int]]:
    """The mentions a comparison's verdict prefers, and those of the side it loses to them:
    the verdict is the next clause of the sentence that names no folder and has a polarity; it
    names a side by "the latter" / "后者", "the former" / "前者", else by the words (and folder
    names and their parts) it shares with the side before the partner word ("with", "与") or
    after it. A verdict of authority prefers that side; one of non-authority ("assume the wiki
    is wrong"), the other side. The losing side is out whether or not the winner is a folder
    ("where `a.pdf` and Trissel's disagree, go with Trissel's")."""
    c = clauses[at]
    verdict = None
    for j in range(at + 1, min(len(clauses), at + 1 + VERDICT_REACH)):
        if clauses[j].sentence != c.sentence or clauses[j].mentions:
            break
        if (q := pol(j)) in ("prefer", "exclude"):
            verdict = (j, q)
            break
    if verdict is None:
        return [], []
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
        side[1].extend(_folders_of(paths.get(idx, "")))  # "the vet file" for `vet/doses.md`
        side[1].extend(_name_parts(paths.get(idx, "")))  # "the current one": `rules_current.md`
    bare = CONFLICT.sub(lambda m: " " * len(m.group(0)), PLACEHOLDER.sub(" ", text))
    if split:  # a Chinese run ends at its partner and conflict words: 如与药品说明书冲突
        bare = bare[: split.start()] + " " * len(split.group(0)) + bare[split.end() :]
    for m in _WORD.finditer(bare):
        if m.group(0) in STOP_WORDS:  # "the", "and": said of either side
            continue
        sides[m.start() >= at_split][1].extend(_heads(m.group(0)))
    if not sides[0][0]:  # "`a/` 为已确认的术语，与 `b/` 冲突时，以前者为准": a/ is the first side
        for idx in named_before(clauses, at, across_semicolon=True):
            sides[0][0].append(idx)
            sides[0][1].extend([*name_forms(paths.get(idx, "")), *_folders_of(paths.get(idx, ""))])
    said = to_simplified(clauses[j].text.lower())
    if LATTER.search(said):
        named = 1
    elif FORMER.search(said):
        named = 0
    else:
        words = [set(side[1]) for side in sides]
        shared = words[0] & words[1]  # "rules" of `rules_2022.md` and `rules_current.md`
        hits = [sum(_says(said, w) for w in side - shared) for side in words]
        if hits[0] == hits[1]:
            return [], []
        named = 0 if hits[0] > hits[1] else 1
    won = named if q == "prefer" else 1 - named
    return sides[won][0], sides[1 - won][0]


_PART = re.compile(r"[a-z]+\d*|[a-z]*\d+[a-z]*|[\u3400-\u9fff]{2,}")


def _name_parts(path: str) -> list[str]:
    """The words of a folder's or file's last name ("rules_current.md": rules, current; "教材_v2":
    教材, v2): a comparison's verdict names a side by one ("the current one", "以 v2 为准")."""
    last = path.rstrip("/").split("/")[-1]
    if is_file(path):
        last = last.rsplit(".", 1)[0]
    parts = _PART.findall(to_simplified(last.lower()))
    return [p for p in parts if len(p) >= 2 and p not in STOP_WORDS and not p.isdigit()]


def _heads(word: str) -> list[str]:
    """A side's word as a verdict may say it: a Chinese run and its last three and two
    characters (药品说明书: 说明书, 明书), a Latin word as it is."""
    if word.isascii():
        return [word]
    return list(dict.fromkeys((word, word[-3:], word[-2:])))


def owner(clauses: list[Clause], at: int, paths: dict[int, str]) -> list[int]:
    """The mentions of a comparison's sentence that its word of authority's own object names
    ("与 `b/` 冲突时以术语库为准": `术语库/`), not the parties in its clause."""
    c = clauses[at]
    said = to_simplified(PLACEHOLDER.sub(" ", c.text).lower())
    lo, hi = max(0, at - NAME_REACH), min(len(clauses), at + NAME_REACH + 1)
    return [
        idx
        for k in clauses[lo:hi]
        if k.sentence == c.sentence and k is not c
        for idx in k.mentions
        if any(_says(said, form) for form in name_forms(paths.get(idx, "")))
    ]


def _folders_of(path: str) -> list[str]:
    """The folders a named file or folder sits in, as prose calls them ("vet" of
    `vet/doses.md`): a comparison's verdict may name a side by them."""
    return [f for part in path.strip("/").split("/")[:-1] for f in name_forms(part + "/")]


def contrasted(clauses: list[Clause], j: int) -> bool:
    """Whether clause ``j`` starts a contrast whose polarity goes to a folder it (or the clause
    after it) names: "`a/` is kept in case parents ask, but answer from this year's folder,
    `b/`" lends a/ nothing."""
    if not clauses[j].cues.contrast:
        return False
    near = clauses[j : j + 2]
    return any(k.mentions and k.sentence == clauses[j].sentence for k in near)


_NAME_SPAN = 2
"""Sentences a mention's name is looked for in: its own and the next."""
NAME_REACH = 6
"""Clauses either side of a mention its name is looked for in (a bounded window: linear)."""


def said_by_name(clauses: list[Clause], at: int, path: str) -> list[int]:
    """The clauses of the mention's sentence (or the next), in order, that name no folder but
    say the folder's name: its last part ("runbooks/" as runbook, "藥品手冊/現行/" as 现行), the
    head of a longer Chinese name (读书笔记 as 笔记)."""
    forms = name_forms(path)
    if not forms:
        return []
    first = clauses[at].sentence
    said = []
    for j in range(max(0, at - NAME_REACH), min(len(clauses), at + NAME_REACH + 1)):
        c = clauses[j]
        if j == at or c.mentions or not first <= c.sentence < first + _NAME_SPAN:
            continue
        text = to_simplified(c.text.lower())
        if c.cues.owned:  # 以 <noun> 为准 speaks of a folder only when it is that noun
            text = owned_object(text)
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
    if is_file(path):
        last = last.rsplit(".", 1)[0]
    last = to_simplified(last.lower())
    forms = [last, last.replace("-", " ").replace("_", " ")]
    if re.fullmatch(r"[a-z][a-z -]+s", last):
        forms.append(last[:-1])
    for run in re.findall(r"[\u3400-\u9fff]{2,}", last):  # 读书笔记: 笔记
        forms += [run, run[-2:]] if run == last else [run, run[-3:], run[-2:]]  # 2025年价目表
    return tuple(
        dict.fromkeys(
            f
            for f in forms
            if len(f) >= (2 if re.fullmatch(r"[\u3400-\u9fff]+", f) else 3) and not f.isdigit()
        )
    )
