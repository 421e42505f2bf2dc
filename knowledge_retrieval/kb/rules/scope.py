"""The scope of a polarity: which folders a clause's prohibition or preference reaches
(:func:`assign`). A mention takes its own clause's polarity, else one said of it by name, else
that of the clauses after (then before) it that name no folder; comparisons, successors ("replaced
by `b/`"), what a folder cannot replace ("not a substitute for `b/`"), comparisons of authority
("more reliable than `b/`") and exclusive preferences ("answer from `a.md` only") are settled
here too, and last what a sentence says of one folder beside another (:mod:`.relations`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...lang import STOP_WORDS
from ...lang import readme as cues
from ...text.analysis import to_simplified
from .clauses import Clause
from .grammar import (
    CONFLICT,
    PLACEHOLDER,
    _both,
    _en,
    compared_at,
    owned_object,
    polarity,
    yields_at,
)
from .relations import (
    VERDICT_REACH,
    copies,
    denied_after,
    differs_beside_use,
    elided,
    is_file,
    originals,
    replaced,
    siblings,
    succeeded,
    successors,
)

IGNORECASE = re.IGNORECASE


def assign(
    clauses: list[Clause],
    about_writing: list[bool],
    forced: dict[int, str] | None = None,
    names: dict[int, str] | None = None,
    out: set[int] | None = None,
) -> dict[int, tuple[str, int]]:
    """code index -> (polarity, the clause index it came from) for every mention with one.

    A mention takes its clause's polarity; else that of a clause of its sentence (or the next)
    that names no folder but says its name ("the runbook is correct" for `runbooks/`); else the
    first polarity of the clauses after it that name no folder (in its sentence, then in the
    next ones); else of those before it. A folder takes no entry (an entry is a named file). A
    party to a comparison ("if `a/` disagrees with ...") takes no polarity but a prohibition or
    a word of authority in its own clause ("有冲突时以 `a/` 为准") or one said of it by name, and a
    party that loses to a source outside the KB is out ("where `a.pdf` and the BNF disagree, go
    with the BNF"); a folder that loses ("over `b/`") takes no preference
    from another clause. A mention named in several clauses
    keeps an exclusion over anything else.
    """
    got: dict[int, tuple[str, int]] = {}
    paths = names or {}
    settled = {n for c in clauses if c.cues.compare for n in (c.sentence, c.sentence - 1)}
    careful = {c.sentence for c in clauses if c.cues.caution}
    no_entry = {c.sentence for c in clauses if c.cues.entry_denied}
    writes = {c.sentence for c in clauses if c.cues.write}
    defended = {c.sentence for c in clauses if c.cues.denied}
    upheld = {c.sentence for c in clauses if c.cues.denied or c.cues.affirmed}

    def pol(i: int, files: bool = True, lent: bool = False, named: bool = False) -> str | None:
        c = clauses[i]
        n = c.sentence
        p: str | None
        if forced and c.sentence in forced:
            p = forced[c.sentence] or None  # "": a question, no polarity
        else:
            # a sentence that says not to edit, or the clause that says where pages are put
            told = c.sentence in writes or c.cues.store or c.cues.write
            p = polarity(c.cues, about_writing[c.sentence] and told)
        if p == "prefer" and c.cues.affirmed and c.sentence in defended:
            return None  # "still binding, so don't treat them as obsolete": a defence, no rank
        if p == "prefer" and lent and about_writing[c.sentence] and not c.cues.rank:
            return None  # "如需修改，请先联系法务": no preference lent to a folder
        if p == "prefer" and lent and not named and c.cues.owned and not c.mentions:
            return None  # "是否为最新版本，请以人事室公告为准": 公告 is preferred, not the folder
        if p == "exclude" and c.cues.dated and not c.cues.forbid and upheld & {n, n + 1}:
            return None  # "signed before the rebrand … still binding, don't treat as obsolete"
        if p == "exclude" and c.cues.hedged and not c.cues.forbid and c.sentence in settled:
            return None  # "can be out of date; where it conflicts with `b/`, `b/` wins"
        if p == "exclude" and not (c.cues.forbid or c.cues.said_weak) and c.sentence in careful:
            return None  # "未经统一审核，参考时请多留意": a caution, no prohibition
        # "a starting point for newcomers, not a map of this repo": no entry (for a file, a
        # preference with no word of authority is an entry)
        plain = p == "prefer" and files and not (c.cues.rank or c.cues.advise)
        if (p == "entry" or plain) and c.sentence in no_entry:
            return None
        return None if p == "entry" and not files else p

    def put(idx: int, p: str, src: int) -> None:
        if idx not in got or (p == "exclude" and got[idx][0] != "exclude"):
            got[idx] = (p, src)

    def won_over(won: set[int], i: int) -> None:
        """The mentions that won are preferred; the clause's others, else the mentions named
        just before it, are out."""
        for idx in won:
            put(idx, "prefer", i)
        for idx in [m for m in clauses[i].mentions if m not in won] or _named_before(clauses, i):
            put(idx, "exclude", i)

    for i, c in enumerate(clauses):
        if not c.mentions:
            continue
        if c.cues.yields and (object_ := _yielded_to(c.text)):  # "`a/` 不能取代 `b/`"
            won_over(object_, i)
            continue
        than = compared_at(to_simplified(c.text)) if c.cues.compared else None
        if than is not None:  # "`a/` is more reliable than `b/`": a/ is preferred
            start, end, up = than
            at = {int(m.group(1)): m.start() for m in PLACEHOLDER.finditer(c.text)}
            better = [idx for idx in c.mentions if (at[idx] < start if up else at[idx] >= end)]
            better = better or (_named_before(clauses, i) if up else [])
            for idx in better:
                put(idx, "prefer", i)
            if better or up:  # "`i18n/` lags behind; don't …": no better side, read on
                continue
        if won := successors(c.text) & set(c.mentions):  # "replaced by `b/`": b/ is preferred
            won_over(won, i)  # and the folder it replaced is out ("(`a.md`) was superseded by …")
            continue
        if lost := replaced(c.text) & set(c.mentions):  # "`a/` supersedes `b/`": b/ is out
            for idx in lost:
                put(idx, "exclude", i)
            subject = [idx for idx in c.mentions if idx not in lost]
            prev = clauses[i - 1] if i else None
            if not subject and prev and prev.sentence == c.sentence:  # "`a/` 经…通过，取代 `b/`"
                subject = prev.mentions
            for idx in subject:
                put(idx, "prefer", i)
            continue
        if c.cues.compare and c.cues.forbid and (partner := _compared_with(c.text)):
            for idx in c.mentions:  # "anything in `x/` that contradicts `y/` should be ignored"
                if idx not in partner:
                    put(idx, "exclude", i)
            continue
        files = any(is_file(paths.get(idx, "")) for idx in c.mentions)
        p, src = pol(i, files), i
        if c.cues.compare and not (c.cues.forbid or (c.cues.rank and not c.cues.owned)):
            # "旧的" may be the other's; "与 `b/` 冲突时以术语库为准" names its winner by name
            victors, beaten = (
                (_owner(clauses, i, paths), [])
                if c.cues.owned
                else _winners(clauses, i, paths, pol)
            )
            for idx in victors:
                put(idx, "prefer", i)
            for idx in beaten if not victors else []:  # "where `a.pdf` and Trissel's disagree,
                put(idx, "exclude", i)  # go with Trissel's": a.pdf is out (beside a folder, ranked)
            continue
        if p is None and not c.cues.write and (k := _party_of(clauses, i)) is not None:
            victors, beaten = _winners(clauses, k, paths, pol)  # "the chart (`a.pdf`) and
            beaten = (
                [] if victors else [x for x in beaten if x in c.mentions]
            )  # Trissel's disagree,
            for idx in beaten:  # go with Trissel's": a party that lost, not the verdict's
                put(idx, "exclude", k)
            if beaten:
                continue
        spoken: set[int] = set()  # clauses that gave one of these folders a polarity by name
        if p is None and not c.cues.write:
            left = []
            for idx in c.mentions:
                a_file = is_file(paths.get(idx, ""))
                said = _by_name(clauses, i, paths.get(idx, ""))
                by_name = next((j for j in said if pol(j, a_file, True, True)), None)
                if by_name is not None:
                    put(idx, pol(by_name, a_file, True, True) or "", by_name)
                    spoken.add(by_name)
                else:
                    left.append(idx)
            if not left:
                continue
        if p is None and c.cues.pointer:  # "see `x/`": a pointer borrows no polarity
            k = i + 1  # (:func:`_pointed`) but a prohibition in an aside on its folder
            aside = k < len(clauses) and clauses[k].aside and not clauses[k].mentions
            if aside and clauses[k].sentence == c.sentence and pol(k, files, True) == "exclude":
                for idx in c.mentions:  # "见 `辅修/`（该项目已停招，页面仅作存档）"
                    put(idx, "exclude", k)
            continue
        if p is None and not c.cues.write:
            written = False  # past a clause about writing, only a prohibition said outright
            for j in range(i + 1, len(clauses)):
                if clauses[j].mentions or _contrasted(clauses, j) or j in spoken:
                    break  # a clause said of one folder by name says nothing of the others
                if _by_its_place(clauses[j]) and clauses[j].sentence not in settled:
                    break  # "use the latter": one folder, named by its place (_by_place)
                q = pol(j, files, True)
                if written and q is not None and not (q == "exclude" and clauses[j].cues.forbid):
                    break
                if q is not None:  # "不得对外发送，亦不得引用其措辞": the second forbids
                    p, src = q, j
                    break
                written = written or clauses[j].cues.write
        if p is None and not c.cues.write:
            for j in range(i - 1, -1, -1):
                if clauses[j].mentions or _contrasted(clauses, j + 1):
                    break
                if clauses[j].sentence != c.sentence:
                    break
                if (q := pol(j, files, True)) is not None:
                    # "… isn't policy until it appears in `policies/`": policies/ is the authority
                    p, src = "prefer" if q == "exclude" and c.cues.until else q, j
                    break
        if p is None or (c.cues.lost and p != "exclude"):
            continue
        lost = _preferred_to(c.text) if p == "prefer" else set()
        if p == "exclude" and len(set(c.mentions) - (copied := originals(c.text))) > 0:
            lost = copied  # "`a/` is a mirror of `b/` nobody syncs": b/ is the original
        for idx in c.mentions:
            if idx not in lost:  # "prefer `a/` to `b/`": b/ loses
                put(idx, p, src)
    _exclusive(clauses, got, about_writing, pol)
    _by_place(clauses, got, settled)
    _relative(clauses, got, pol)
    _replacing(clauses, got, about_writing, pol)
    succeeded(clauses, got)
    elided(clauses, got, pol)
    copies(clauses, got, paths)
    differs_beside_use(clauses, got)
    siblings(clauses, got, paths)
    denied_after(clauses, got)
    _vouched(clauses, got, about_writing, out or set())
    _pointed(clauses, got, about_writing, pol, out or set(), paths)
    return got


def _pointed(
    clauses: list[Clause],
    got: dict[int, tuple[str, int]],
    about_writing: list[bool],
    pol: Callable[[int], str | None],
    out: set[int],
    paths: dict[int, str],
) -> None:
    """A folder a pointer names ("<topic>: see `x/`", "新流程见 `x/`", or a label and only the
    mention: "团费：`x.md`。") is preferred when its
    sentence, or the one before or after, puts a folder out, or a clause of its sentence that
    names none puts something out ("见 `v3.md`，v2 已停用"), or a clause after it vouches for it
    ("see `x.md`, which is reviewed"): it names what to answer from instead. Alone, a pointer
    tells where a topic is written down: no rule; nor is a folder preferred beside one put out
    inside it (the pointer names where the pages are). ``out``: sentences a condition put a
    folder out in."""
    put_out: dict[int, list[str]] = {}  # sentence -> the paths put out in it
    for c in clauses:
        for idx in c.mentions:
            if got.get(idx, ("",))[0] == "exclude":
                put_out.setdefault(c.sentence, []).append(paths.get(idx, ""))
    for i, c in enumerate(clauses):
        free = [idx for idx in c.mentions if idx not in got]
        pointer = c.cues.pointer or c.labelled
        if not pointer or not free or about_writing[c.sentence] or c.cues.write:
            continue
        sentences = {c.sentence - 1, c.sentence, c.sentence + 1}
        mine_out = [q for n in sentences for q in put_out.get(n, [])]
        held = [paths.get(idx, "") for idx in free]
        outside = [q for q in mine_out if not any(h and q.startswith(h) for h in held)]
        if mine_out and not outside:
            continue  # "课件见 `培训/`；`培训/2018.pptx` 已改过": the pointer holds it
        near = range(max(0, i - _NAME_REACH), min(len(clauses), i + _NAME_REACH + 1))
        mine = [j for j in near if j != i and clauses[j].sentence == c.sentence]
        unnamed_out = any(not clauses[j].mentions and pol(j) == "exclude" for j in mine)
        vouched = any(
            j > i and not clauses[j].mentions and clauses[j].cues.vouched
            for j in mine[:_NAME_REACH]
        )
        if out & sentences or outside or unnamed_out or vouched:
            for idx in free:
                got[idx] = ("prefer", i)


_RELATIVE = re.compile(rf"^\W*(?:{_en(cues.EN_RELATIVE)})", IGNORECASE)


def _relative(
    clauses: list[Clause], got: dict[int, tuple[str, int]], pol: Callable[[int], str | None]
) -> None:
    """A relative clause that puts out ("`x/`, which is out of date") puts out the folder
    right before it, whatever that folder's own clause said ("tables come from `x/`")."""
    for j in range(1, len(clauses)):
        c, prev = clauses[j], clauses[j - 1]
        if c.mentions or not prev.mentions or prev.sentence != c.sentence:
            continue
        if _RELATIVE.match(c.text) and pol(j) == "exclude":
            got[prev.mentions[-1]] = ("exclude", j)


_REPLACING = _both(cues.EN_REPLACING, cues.ZH_REPLACING)


def _replacing(
    clauses: list[Clause],
    got: dict[int, tuple[str, int]],
    about_writing: list[bool],
    pol: Callable[[int], str | None],
) -> None:
    """A preference said "instead" ("quote from `b/` instead", "改用 `b/`") puts out the folders
    named before it in its sentence that have no polarity of their own."""
    for j, c in enumerate(clauses):
        if about_writing[c.sentence] or c.cues.write or c.cues.compare:
            continue
        if not _REPLACING.search(to_simplified(c.text)) or pol(j) != "prefer":
            continue
        for k in range(max(0, j - _NAME_REACH), j):
            near = clauses[k].sentence == c.sentence or (
                clauses[k].sentence == c.sentence - 1 and clauses[k].semicolon
            )
            if near and not clauses[k].cues.compare:
                for idx in clauses[k].mentions:
                    if idx not in got:
                        got[idx] = ("exclude", j)


def _by_its_place(c: Clause) -> bool:
    """Whether a clause names a folder by its place: "the latter", "前者"."""
    said = to_simplified(c.text.lower())
    return _LATTER.search(said) is not None or _FORMER.search(said) is not None


def _by_place(clauses: list[Clause], got: dict[int, tuple[str, int]], settled: set[int]) -> None:
    """A clause that names a folder by its place ("请只引用后者", "ignore the former") gives
    its polarity to the last (first) folder named before it in its sentence, or in the one
    before when its own names none; a comparison's verdict is :func:`_winners`'."""
    for j, c in enumerate(clauses):
        if c.mentions or c.sentence in settled or not _by_its_place(c):
            continue
        latter = _LATTER.search(to_simplified(c.text.lower()))
        if (p := polarity(c.cues)) not in ("prefer", "exclude"):
            continue
        for sentence in (c.sentence, c.sentence - 1):
            named = [
                idx
                for k in clauses[max(0, j - _NAME_REACH) : j]
                if k.sentence == sentence
                for idx in k.mentions
            ]
            if named:
                idx = named[-1] if latter else named[0]
                if idx not in got:
                    got[idx] = (p, j)
                break


def _vouched(
    clauses: list[Clause],
    got: dict[int, tuple[str, int]],
    about_writing: list[bool],
    out: set[int],
) -> None:
    """A folder its clause vouches for ("`a/` is the approved list", "已验证的方案在 `a/`", or
    a clause after it that names none: "— those are the real ones") is preferred when its
    sentence, or the one before or after it, puts another folder out: the two are set against
    each other, and the vouched one is what to answer from. Alone, a word of authority
    describes ("`es/` is reviewed"): no rule. ``out``: sentences a condition put a folder out
    in."""
    out = out | {clauses[i].sentence for p, i in got.values() if p == "exclude"}
    out |= {
        c.sentence for c in clauses if any(got.get(k, ("",))[0] == "exclude" for k in c.mentions)
    }
    for i, c in enumerate(clauses):
        free = [idx for idx in c.mentions if idx not in got]
        if not free or about_writing[c.sentence] or c.cues.compare or c.cues.lost:
            continue
        if any(got.get(k, ("",))[0] == "exclude" for k in c.mentions):
            continue  # a clause that puts out one of its folders vouches for none
        if not out & {c.sentence - 1, c.sentence, c.sentence + 1}:
            continue
        src = i if c.cues.vouched else None
        for j in range(i + 1, min(len(clauses), i + 1 + _NAME_REACH)):
            if src is not None or clauses[j].sentence != c.sentence or clauses[j].mentions:
                break
            if clauses[j].cues.any:
                break
            if clauses[j].cues.vouched:
                src = j
        if src is None:
            continue
        for idx in free:
            got[idx] = ("prefer", src)


def _exclusive(
    clauses: list[Clause],
    got: dict[int, tuple[str, int]],
    about_writing: list[bool],
    pol: Callable[[int], str | None],
) -> None:
    """A preference ("answer from `a.md` only; `b/` is there for finance", "请先看 `a.md`；
    `b/` 保留作为稽核对照用") puts out the folders its sentence (or the next one, after a
    semicolon) reserves for another use and gives no polarity."""
    for i, c in enumerate(clauses):
        if pol(i) != "prefer" or about_writing[c.sentence]:
            continue
        for j in range(max(0, i - _NAME_REACH), min(len(clauses), i + _NAME_REACH + 1)):
            k = clauses[j]
            near = k.sentence == c.sentence or (k.sentence == c.sentence + 1 and c.semicolon)
            if near and k.cues.reserved and not k.cues.compare:  # a party: no rule
                named = k.mentions
                if not named and j and clauses[j - 1].sentence == k.sentence:
                    named = clauses[j - 1].mentions  # "`a/`（只用于处理老合同）"
                for idx in named:
                    if idx not in got:
                        got[idx] = ("exclude", i)


_PREFER_TO = re.compile(
    rf"(?:{_en(cues.EN_PREFER_VERB)})\s+[^,;.\x00]{{0,40}}\x00\d+\x00[^,;.\x00]{{0,40}}?"
    rf"(?:{_en(cues.EN_TO)})\s+[^,;.\x00]{{0,40}}?\x00(\d+)\x00",
    IGNORECASE,
)


def _preferred_to(text: str) -> set[int]:
    """The mention after "to" in "prefer `a/` to `b/`": the one that loses."""
    return {int(m.group(1)) for m in _PREFER_TO.finditer(to_simplified(text))}


def _party_of(clauses: list[Clause], at: int) -> int | None:
    """The comparison a clause's folders are a party to when the clause is only its subject and
    the next clause of its sentence, naming no folder, compares ("配伍禁忌表（`a.pdf`）如与说明书
    冲突"): that clause's index, else None."""
    k = at + 1
    if k >= len(clauses) or clauses[k].sentence != clauses[at].sentence:
        return None
    return k if not clauses[k].mentions and clauses[k].cues.compare else None


def _compared_with(text: str) -> set[int]:
    """The mentions after a clause's word of comparison ("that contradicts `y/`"): what a
    prohibition in the clause sets its folders against, not what it forbids."""
    simple = to_simplified(text)
    return _after(simple, m.end() if (m := CONFLICT.search(simple)) else -1)


def _yielded_to(text: str) -> set[int]:
    """The mentions after a clause's negated verb of replacing ("cannot replace `b/`"): the
    page its subject yields to."""
    simple = to_simplified(text)
    return _after(simple, yields_at(simple))


def _after(simple: str, at: int) -> set[int]:
    """The mentions of ``simple`` from ``at`` on (none when ``at`` is -1: no such word)."""
    if at < 0:
        return set()
    return {int(m.group(1)) for m in PLACEHOLDER.finditer(simple) if m.start() >= at}


def _named_before(clauses: list[Clause], at: int, across_semicolon: bool = False) -> list[int]:
    """The mentions of the nearest clause before ``at`` in its sentence that names any: the
    subject of a clause that names none before its verb ("训练简报（`训练/`）…，不能取代 …");
    ``across_semicolon``: or in the sentence before, when a semicolon ended it."""
    for j in range(at - 1, max(-1, at - 1 - _NAME_REACH), -1):
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


_LATTER = _both(cues.EN_LATTER, cues.ZH_LATTER)
_FORMER = _both(cues.EN_FORMER, cues.ZH_FORMER)
_PARTNER = _both(cues.EN_PARTNER, cues.ZH_PARTNER)
_WORD = re.compile(r"[a-z][a-z0-9-]{2,}|[\u3400-\u9fff]{2,}")


def _winners(
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
        for idx in _named_before(clauses, at, across_semicolon=True):
            sides[0][0].append(idx)
            sides[0][1].extend([*name_forms(paths.get(idx, "")), *_folders_of(paths.get(idx, ""))])
    said = to_simplified(clauses[j].text.lower())
    if _LATTER.search(said):
        named = 1
    elif _FORMER.search(said):
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


def _owner(clauses: list[Clause], at: int, paths: dict[int, str]) -> list[int]:
    """The mentions of a comparison's sentence that its word of authority's own object names
    ("与 `b/` 冲突时以术语库为准": `术语库/`), not the parties in its clause."""
    c = clauses[at]
    said = to_simplified(PLACEHOLDER.sub(" ", c.text).lower())
    lo, hi = max(0, at - _NAME_REACH), min(len(clauses), at + _NAME_REACH + 1)
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


def _contrasted(clauses: list[Clause], j: int) -> bool:
    """Whether clause ``j`` starts a contrast whose polarity goes to a folder it (or the clause
    after it) names: "`a/` is kept in case parents ask, but answer from this year's folder,
    `b/`" lends a/ nothing."""
    if not clauses[j].cues.contrast:
        return False
    near = clauses[j : j + 2]
    return any(k.mentions and k.sentence == clauses[j].sentence for k in near)


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
