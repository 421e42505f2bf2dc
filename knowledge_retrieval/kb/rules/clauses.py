"""README sentences as clauses: where a sentence splits ("but", "over", a comma, a dash), the
cues each clause states (:func:`.grammar.read_cues`), and what a question about a folder says."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ...lang import readme as cues
from ...text.analysis import to_simplified
from .cuewords import CASE, NEGATOR, PLACEHOLDER, _both, _en, _zh
from .grammar import PREFER, Cues, read_cues

IGNORECASE = re.IGNORECASE
_RHETORICAL = _both(cues.EN_RHETORICAL, cues.ZH_RHETORICAL)
_ANSWER_NO = re.compile(
    rf"^\W*(?:(?:a|answer|{_zh(cues.ZH_ANSWER_LABEL)})\s*[:：]\s*)?"
    rf"(?:{_en(cues.EN_ANSWER_NO)}|{_zh(cues.ZH_ANSWER_NO)})",
    IGNORECASE,
)


def _not_inside(items: frozenset[str]) -> str:
    """The words as an alternation, each not where it ends a longer one (先于 in 优先于)."""
    alts = []
    for w in sorted(items, key=lambda w: (-len(w), w)):
        heads = [v[: -len(w)] for v in items if v != w and v.endswith(w)]
        alts.append("".join(f"(?<!{re.escape(h)})" for h in heads) + re.escape(w))
    return "|".join(alts)


_BEFORE_MENTION = (
    rf"{_en(cues.EN_BEFORE_OVER)}"
    rf"(?=\s+(?:(?:{_en(cues.EN_ANY_OF)})\s+(?:{_en(cues.EN_ANY_IN)})\s+)?(?:the\s+)?\x00)"
)
"""A "before" that ranks: a mention after it (:data:`cues.EN_BEFORE_OVER`)."""
_CLAUSES = re.compile(
    r"[;；,，:：—–()（）|]|\s-\s|(?<=[。.!！?？])|(?=\b(?:but|except|whereas|until|which)\b)"
    rf"|(?={_zh(cues.ZH_BUT | cues.ZH_INSTEAD)})"
    rf"|(?={_en(cues.EN_OVER | cues.EN_OVER_VERBS)}|{_not_inside(cues.ZH_OVER)}|{_BEFORE_MENTION})",
    IGNORECASE,
)
"""Where a sentence (in its Simplified form) splits into clauses."""
_NOT_THERE = _both(cues.EN_NOT_THERE, cues.ZH_NOT_THERE)
_OVER = re.compile(
    rf"^\s*(?:{_en(cues.EN_OVER | cues.EN_OVER_VERBS)}|{_zh(cues.ZH_OVER)}|{_BEFORE_MENTION})",
    IGNORECASE,
)
_OVER_VERB = re.compile(_en(cues.EN_OVER_VERBS), IGNORECASE)
"""A clause that starts with "over": its folders lose to the ones before (no preference)."""


@dataclass
class Clause:
    text: str
    mentions: list[int]  # code indexes
    cues: Cues
    sentence: int
    semicolon: bool = False  # its sentence ends with a semicolon
    aside: bool = False  # it starts inside brackets: "`a/`（该项目已停招）"
    labelled: bool = False  # it is only mentions after a colon: "团费：`a.md`。"
    bracketed: bool = False  # it is inside brackets: "`a.md` (wages, over-kilo)"
    case: bool = False  # "if a tag isn't in there": what follows says nothing of a folder


_BARE_NEGATOR = re.compile(rf"[^\w\x00]*(?:{NEGATOR.pattern})\s*", IGNORECASE)
"""A clause that is a negator alone ("Don't", "❌ 不要"), as a do/don't list labels a line."""


def is_bare_negator(text: str) -> bool:
    """Whether a label is a negator alone: "Don't", "❌ 不要", "唔好" (a do/don't column)."""
    return _BARE_NEGATOR.fullmatch(to_simplified(text).strip()) is not None


def _split(s: str) -> list[str]:
    """A sentence's clauses, split where its Simplified form is (one character for one)."""
    out, pos = [], 0
    simple = to_simplified(s)
    for m in _CLAUSES.finditer(simple):
        if m.group(0) in cues.LABEL_MARKS and _BARE_NEGATOR.fullmatch(simple, pos, m.start()):
            continue  # "Don't: answer from `old/`": a negator said as a label governs what follows
        if m.end() > pos or m.start() > pos:
            out.append(s[pos : m.start()])
            pos = m.end()
    out.append(s[pos:])
    return out


_AND_NAMED = re.compile(rf"\s(?:{_en(cues.EN_AND_NEXT)})\s+(?=\x00)", IGNORECASE)
_SAID = re.compile(r"\x00\d++\x00(?:[^\x00A-Za-z]++|[A-Za-z](?![A-Za-z]))*+[A-Za-z]{2}")


def _and_split(part: str) -> list[str]:
    """A clause split before "and" and a folder when the folder before has a verb of its own:
    "`style/` wins and `members/` shouldn't be quoted" is two clauses; "`a/` and `b/` are
    outdated" is one."""
    out, pos = [], 0
    for m in _AND_NAMED.finditer(part):
        if _SAID.search(part, pos, m.start()):
            out.append(part[pos : m.start()])
            pos = m.start()
    out.append(part[pos:])
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
        cursor = 0
        for part in _asides_joined([x for p in _split(s) for x in _and_split(p)]):
            if not part.strip():
                continue
            at = s.find(part, cursor)
            aside = at > 0 and s[at - 1] in "(（"
            head = s[: max(at, 0)]
            bracketed = head.count("(") + head.count("（") > head.count(")") + head.count("）")
            bare = PLACEHOLDER.sub("", part).strip(" *。.;；,，")
            labelled = at > 0 and s[at - 1] in ":：" and not bare and "\x00" in part
            cursor = max(cursor, at + len(part)) if at >= 0 else cursor
            idx = [int(i) for i in PLACEHOLDER.findall(part)]
            prev = out[-1] if out else None
            k = len(out) - 1  # "`a.md` (wages, over-kilo) and `b.yaml`": an aside between
            while k > 0 and out[k].bracketed and not out[k].mentions and not out[k].cues.any:
                k -= 1  # that says nothing leaves b.yaml listed with a.md
            if out and out[k].sentence == n:
                prev = out[k]
            if idx and prev and prev.sentence == n and prev.mentions and filler(part):
                prev.text += "," + part
                prev.mentions += idx
                continue
            c = read_cues(part)
            simple = to_simplified(part)
            case = not idx and CASE.match(simple) is not None and bool(_NOT_THERE.search(simple))
            if case or (
                not idx and prev and prev.sentence == n and not prev.mentions and prev.case
            ):
                # "if a tag isn't in there, the dog isn't ours": nothing said of the folder
                out.append(Clause(part, idx, Cues(), n, case=case))
                continue
            if (over := _OVER.match(simple)) is not None:
                c = replace(c, prefer=False, lost=True)
                w = over.group(0)
                zh = re.search("[\u3400-\u9fff]", w) is not None
                lends = (zh and PREFER.search(w)) or _OVER_VERB.search(w)
                if lends and prev and prev.sentence == n:  # "其效力优先于", "which overrides"
                    prev.cues = replace(prev.cues, prefer=True, rank=True)
            end = s.rstrip().endswith((";", "；"))
            out.append(Clause(part, idx, c, n, end, aside, labelled, bracketed))
    return out


def question_polarity(sentence: str, after: str | None) -> str | None:
    """None for a sentence that asks nothing; else what a question about a folder says of it:
    ``exclude`` when it is rhetorical ("why would you go to `x/`?") or ``after`` answers no
    ("Q: can I use `x/`? No."), else "" (a question states no rule)."""
    text = to_simplified(sentence).rstrip(" *\t")
    if not text.endswith(("?", "？", *cues.ZH_QUESTION_END)):
        return None
    if _RHETORICAL.search(text) or (after is not None and _ANSWER_NO.match(to_simplified(after))):
        return "exclude"
    return ""


def sentence_about_writing(sentence: str) -> bool:
    c = read_cues(sentence)
    return c.write or c.store
