"""The scope of a polarity: which folders a clause's prohibition or preference reaches
(:func:`assign`). A mention takes its own clause's polarity, else one said of it by name, else
that of the clauses after (then before) it that name no folder; comparisons, successors ("replaced
by `b/`"), what a folder cannot replace ("not a substitute for `b/`"), comparisons of authority
("more reliable than `b/`") and exclusive preferences ("answer from `a.md` only") are settled
here too, and last what a sentence says of one folder beside another (:mod:`.relations`)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from ...lang import readme as cues
from ...text.analysis import to_simplified
from .clauses import Clause
from .comparisons import compared_at
from .cuewords import PLACEHOLDER, _both, _en, _zh
from .grammar import polarity
from .relations import (
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
from .sides import (
    FORMER,
    LATTER,
    NAME_REACH,
    compared_with,
    contrasted,
    named_before,
    owner,
    party_of,
    preferred_to,
    said_by_name,
    winners,
    yielded_to,
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
    # "留作紀念，請勿刪除": pages to keep, where the sentence says nothing else against them
    keeps = {c.sentence for c in clauses if c.cues.kept} - {
        c.sentence for c in clauses if c.cues.forbid or (c.cues.weak and not c.cues.only_dated)
    }
    # "非正式，但内容与SOP一致", "informal, but accurate": a word of authority conceded after
    # "but" answers the word of non-authority before it
    conceded = {
        c.sentence
        for c in clauses
        if c.cues.vouched
        and not c.cues.hedged
        and not c.mentions
        and polarity(c.cues, False) is None  # not "but check the live policy first"
        and _BUT.match(to_simplified(c.text))
        and not _MAYBE.search(to_simplified(c.text))  # "but may be consistent": no concession
    }

    # "已封存，但可以自由瀏覽", "kept for the history book; fine to browse": leave to read the
    # pages, the last word of a sentence that forbids nothing, answers its words of
    # non-authority ("随便翻翻可以，当真勿来事" goes on to what the leave does not cover)
    permitted = {
        c.sentence
        for i, c in enumerate(clauses)
        if c.cues.permitted and (i + 1 == len(clauses) or clauses[i + 1].sentence != c.sentence)
    } - {c.sentence for c in clauses if c.cues.forbid}

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
        if p == "exclude" and lent and c.cues.dated and not c.cues.forbid and _item(i):
            return None  # "the on-call rota, and last year's incident log": one item dated
        if p == "prefer" and lent and about_writing[c.sentence] and not c.cues.rank:
            return None  # "如需修改，请先联系法务": no preference lent to a folder
        if p == "prefer" and lent and not named and c.cues.owned and not c.mentions:
            return None  # "是否为最新版本，请以人事室公告为准": 公告 is preferred, not the folder
        if p == "exclude" and c.cues.only_dated and n in keeps:
            return None  # "留作紀念，唔好刪": the age is the reason to keep the pages
        if p == "exclude" and c.cues.dated and not c.cues.forbid and upheld & {n, n + 1}:
            return None  # "signed before the rebrand … still binding, don't treat as obsolete"
        if p == "exclude" and not c.cues.forbid and permitted & {n, n + 1}:
            return None  # "archived, but fine to browse": no prohibition
        if p == "exclude" and not c.cues.forbid and not c.cues.dated and n in conceded:
            return None  # "informal, but accurate": no prohibition
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

    def _item(i: int) -> bool:
        """Whether clause ``i`` is the last item of a list of what a folder holds: it opens on
        "and" / 以及 after another clause of its sentence that names no folder."""
        c, prev = clauses[i], clauses[i - 1] if i else None
        return (
            not c.mentions
            and prev is not None
            and prev.sentence == c.sentence
            and not prev.mentions
            and _LIST_AND.match(to_simplified(c.text)) is not None
        )

    def lent(j: int, files: bool) -> str | None:
        """Clause ``j``'s polarity lent to a folder of another clause: a prohibition of the rest
        prefers it ("就看 `a.md`，别的地方说的价都不算": a.md is the one)."""
        q = pol(j, files, True)
        return "prefer" if q == "exclude" and clauses[j].cues.elsewhere else q

    def put(idx: int, p: str, src: int) -> None:
        if idx not in got or (p == "exclude" and got[idx][0] != "exclude"):
            got[idx] = (p, src)

    def won_over(won: set[int], i: int) -> None:
        """The mentions that won are preferred; the clause's others, else the mentions named
        just before it, are out."""
        for idx in won:
            put(idx, "prefer", i)
        for idx in [m for m in clauses[i].mentions if m not in won] or named_before(clauses, i):
            put(idx, "exclude", i)

    for i, c in enumerate(clauses):
        if not c.mentions:
            continue
        if c.cues.yields and (object_ := yielded_to(c.text)):  # "`a/` 不能取代 `b/`"
            won_over(object_, i)
            continue
        than = compared_at(to_simplified(c.text)) if c.cues.compared else None
        if than is not None:  # "`a/` is more reliable than `b/`": a/ is preferred
            start, end, up = than
            at = {int(m.group(1)): m.start() for m in PLACEHOLDER.finditer(c.text)}
            better = [idx for idx in c.mentions if (at[idx] < start if up else at[idx] >= end)]
            better = better or (named_before(clauses, i) if up else [])
            for idx in better:
                put(idx, "prefer", i)
            if better or up:  # "`i18n/` lags behind; don't …": no better side, read on
                continue
        if won := successors(c.text, lambda k: paths.get(k, "")) & set(
            c.mentions
        ):  # "replaced by `b/`": b/ is preferred
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
        if c.cues.compare and c.cues.forbid and (partner := compared_with(c.text)):
            for idx in c.mentions:  # "anything in `x/` that contradicts `y/` should be ignored"
                if idx not in partner:
                    put(idx, "exclude", i)
            continue
        files = any(is_file(paths.get(idx, "")) for idx in c.mentions)
        p, src = pol(i, files), i
        if c.cues.compare and not (c.cues.forbid or (c.cues.rank and not c.cues.owned)):
            # "旧的" may be the other's; "与 `b/` 冲突时以术语库为准" names its winner by name
            victors, beaten = (
                (owner(clauses, i, paths), []) if c.cues.owned else winners(clauses, i, paths, pol)
            )
            for idx in victors:
                put(idx, "prefer", i)
            for idx in beaten if not victors else []:  # "where `a.pdf` and Trissel's disagree,
                put(idx, "exclude", i)  # go with Trissel's": a.pdf is out (beside a folder, ranked)
            continue
        if p is None and not c.cues.write and (k := party_of(clauses, i)) is not None:
            victors, beaten = winners(clauses, k, paths, pol)  # "the chart (`a.pdf`) and
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
                said = said_by_name(clauses, i, paths.get(idx, ""))
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
        if p is None:
            # past a clause about writing (its own too: "`x/` 是我舍不得删的老东西，…莫拿来回答
            # 问题"), only a prohibition said outright
            written = c.cues.write
            for j in range(i + 1, len(clauses)):
                if clauses[j].mentions or contrasted(clauses, j) or j in spoken:
                    break  # a clause said of one folder by name says nothing of the others
                if _by_its_place(clauses[j]) and clauses[j].sentence not in settled:
                    break  # "use the latter": one folder, named by its place (_by_place)
                q = lent(j, files)
                if written and q is not None and not (q == "exclude" and clauses[j].cues.forbid):
                    if q == "exclude" and c.cues.write:
                        continue  # its own clause about writing: what it says of the pages
                    break
                if q is not None:  # "不得对外发送，亦不得引用其措辞": the second forbids
                    p, src = q, j
                    break
                written = written or clauses[j].cues.write
        if p is None and not c.cues.write:
            for j in range(i - 1, -1, -1):
                if clauses[j].mentions or contrasted(clauses, j + 1):
                    break
                if clauses[j].sentence != c.sentence:
                    break
                if (q := lent(j, files)) is not None:
                    if q == "exclude" and c.cues.vouched:
                        break  # "don't quote them — `new/` is the current one": the ban said
                        # before a folder named and vouched for is the folder's before it
                    if _owned_before(clauses, j, pol):
                        break  # "`a/` (old, ignore), `b/` (slides)": the aside is a/'s
                    # "… isn't policy until it appears in `policies/`": policies/ is the authority
                    p, src = "prefer" if q == "exclude" and c.cues.until else q, j
                    break
        if p is None or (c.cues.lost and p != "exclude"):
            continue
        lost = preferred_to(c.text) if p == "prefer" else set()
        if p == "exclude" and len(set(c.mentions) - (copied := originals(c.text))) > 0:
            lost = copied  # "`a/` is a mirror of `b/` nobody syncs": b/ is the original
        for idx in c.mentions:
            if idx not in lost:  # "prefer `a/` to `b/`": b/ loses
                put(idx, p, src)
    _exclusive(clauses, got, about_writing, pol)
    _by_place(clauses, got, settled)
    _relative(clauses, got, pol)
    _replacing(clauses, got, about_writing, pol)
    succeeded(clauses, got, paths)
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
    windows: dict[int, list[str]] = {}  # sentence -> the paths put out in it and beside it
    put_out: dict[int, dict[str, None]] = {}  # sentence -> the paths put out in it, once each
    for c in clauses:
        for idx in c.mentions:
            if got.get(idx, ("",))[0] == "exclude":
                put_out.setdefault(c.sentence, {})[paths.get(idx, "")] = None
    for i, c in enumerate(clauses):
        free = [idx for idx in c.mentions if idx not in got]
        pointer = c.cues.pointer or c.labelled
        if not pointer or not free or about_writing[c.sentence] or c.cues.write:
            continue
        sentences = {c.sentence - 1, c.sentence, c.sentence + 1}
        if c.sentence not in windows:
            windows[c.sentence] = sorted({q for n in sentences for q in put_out.get(n, {})})
        mine_out = windows[c.sentence]
        held = [paths.get(idx, "") for idx in free]
        outside = len(mine_out) > _under(mine_out, held)
        if mine_out and not outside:
            continue  # "课件见 `培训/`；`培训/2018.pptx` 已改过": the pointer holds it
        near = range(max(0, i - NAME_REACH), min(len(clauses), i + NAME_REACH + 1))
        mine = [j for j in near if j != i and clauses[j].sentence == c.sentence]
        unnamed_out = any(not clauses[j].mentions and pol(j) == "exclude" for j in mine)
        vouched = any(
            j > i and not clauses[j].mentions and clauses[j].cues.vouched for j in mine[:NAME_REACH]
        )
        if out & sentences or outside or unnamed_out or vouched:
            for idx in free:
                got[idx] = ("prefer", i)


def _under(paths: list[str], prefixes: list[str]) -> int:
    """How many of the sorted ``paths`` start with one of ``prefixes`` (each range found by
    bisection: a long sentence of mentions is read in linear time)."""
    spans = sorted(
        (bisect.bisect_left(paths, p), bisect.bisect_left(paths, p + "\U0010ffff"))
        for p in prefixes
        if p
    )
    count, reach = 0, 0
    for lo, hi in spans:
        lo = max(lo, reach)
        if hi > lo:
            count, reach = count + hi - lo, hi
    return count


_RELATIVE = re.compile(rf"^\W*(?:{_en(cues.EN_RELATIVE)})", IGNORECASE)
_MAYBE = _both(cues.EN_HEDGE, cues.ZH_HEDGE)
_LIST_AND = re.compile(rf"^\W*(?:{_en(cues.EN_LIST_AND)}|{_zh(cues.ZH_LIST_AND)})", IGNORECASE)
"""The conjunction that opens the last item of a list ("…, the rota, and last year's log")."""
_BUT = re.compile(rf"^\W*(?:{_en(cues.EN_BUT)}|{_zh(cues.ZH_BUT)})", IGNORECASE)


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
        for k in range(max(0, j - NAME_REACH), j):
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
    return LATTER.search(said) is not None or FORMER.search(said) is not None


def _by_place(clauses: list[Clause], got: dict[int, tuple[str, int]], settled: set[int]) -> None:
    """A clause that names a folder by its place ("请只引用后者", "ignore the former") gives
    its polarity to the last (first) folder named before it in its sentence, or in the one
    before when its own names none; a comparison's verdict is :func:`winners`'."""
    for j, c in enumerate(clauses):
        if c.mentions or c.sentence in settled or not _by_its_place(c):
            continue
        latter = LATTER.search(to_simplified(c.text.lower()))
        if (p := polarity(c.cues)) not in ("prefer", "exclude"):
            continue
        for sentence in (c.sentence, c.sentence - 1):
            named = [
                idx
                for k in clauses[max(0, j - NAME_REACH) : j]
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
        for j in range(i + 1, min(len(clauses), i + 1 + NAME_REACH)):
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
        for j in range(max(0, i - NAME_REACH), min(len(clauses), i + NAME_REACH + 1)):
            k = clauses[j]
            near = k.sentence == c.sentence or (k.sentence == c.sentence + 1 and c.semicolon)
            if near and k.cues.reserved and not k.cues.compare:  # a party: no rule
                named = k.mentions
                if not named and j and clauses[j - 1].sentence == k.sentence:
                    named = clauses[j - 1].mentions  # "`a/`（只用于处理老合同）"
                for idx in named:
                    if idx not in got:
                        got[idx] = ("exclude", i)


def _owned_before(clauses: list[Clause], j: int, pol: Callable[[int], str | None]) -> bool:
    """Whether clause ``j`` (no folder named) is the polarity an earlier folder of its sentence
    reads on to: the nearest clause before it that names folders has none of its own ("`a/`
    (old, ignore), `b/` (slides)": "ignore" is a/'s, not b/'s)."""
    for k in range(j, -1, -1):
        if clauses[k].sentence != clauses[j].sentence or contrasted(clauses, k):
            return False  # "(`a/`) are kept, but answer from `b/`": the contrast is b/'s
        if k < j and clauses[k].mentions:
            return pol(k) is None and not clauses[k].cues.write
    return False
