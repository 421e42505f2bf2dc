"""What a README clause says to do (its cue words: exclude, prefer, entry, avoid, look) and
where a sentence states its condition ("unless the question is about a specific version",
"只有问到旧版时才看 ...", "for questions about X: ..."): :func:`condition_parts` splits it
off, and :mod:`.sentences` reads the rest."""

from __future__ import annotations

import re

from ...lang import readme as cues
from ...text.analysis import to_simplified
from . import cuewords, grammar
from .conditions import names_question
from .kinds import kinds_in

IGNORECASE = re.IGNORECASE
PLACEHOLDER = re.compile(r"\x00(\d+)\x00")
"""A masked mention: ``\x00N\x00`` is the N-th path or backticked item of a line."""
_zh = cuewords._zh
"""Chinese words (Simplified, from :mod:`knowledge_retrieval.lang.readme`) as an alternation,
searched in a text's Simplified form (one character for one: offsets hold for the text as
written)."""


def cue(text: str) -> str | None:
    """The rule a clause states by its cue words: exclude, emphasize (prefer) or entry."""
    p = grammar.polarity(grammar.read_cues(text))
    return "emphasize" if p == "prefer" else p


_AVOID = re.compile(
    r"\b(?:avoid\w*|deprioriti[sz]\w*|de-?emphasi[sz]\w*|down-?rank\w*|demot\w*|rank\w* lower"
    rf"|less important|lower priority|last resort)\b|{_zh(cues.ZH_AVOID)}",
    IGNORECASE,
)


def avoids(text: str) -> bool:
    """Whether the text says to avoid (a word of avoidance that is no purpose: "为了避免误会")."""
    return any(
        not grammar.is_purpose(text, m.start()) for m in _AVOID.finditer(to_simplified(text))
    )


_LOOK = re.compile(
    rf"\b(?:look|search\w*|check|consult|see|use|read|open|go to|refer to|find)\b|{_zh(cues.ZH_LOOK)}",
    IGNORECASE,
)
UNLESS = re.compile(
    r"\bunless\b|\bexcept (?:when|if|for|where|in)\b|\bother than (?:when|for)\b"
    rf"|{_zh(cues.ZH_UNLESS)}",
    IGNORECASE,
)
_OTHERWISE = re.compile(rf"{_zh(cues.ZH_OTHERWISE)}|\botherwise\b|[，,:：]", IGNORECASE)
_OTHERWISE_SAID = re.compile(rf"{_zh(cues.ZH_OTHERWISE)}|\botherwise\b", IGNORECASE)
"""What a sentence says holds when its condition does not ("..., unless C; otherwise do not use")."""
ONLY_EN = re.compile(r"(?<!\bthe\s)\b(?:only|solely|exclusively)\b", IGNORECASE)
"""A restriction ("use it only for ..."); "the only recipes signed off" restricts nothing."""
_APPLIES_ONLY_EN = re.compile(
    rf"(?:{cuewords._en(cues.EN_APPLIES)})\s+only\s+to\b\s*([^,;.]+)"
    rf"|\bonly\s+(?:{cuewords._en(cues.EN_APPLIES)})\s+to\b\s*([^,;.]+)",
    IGNORECASE,
)
"""`a/` applies only to <cases>: a condition whatever it names."""
_ONLY_USE_EN = re.compile(rf"\b(?:only|solely)\s+(?:{cuewords._en(cues.EN_ADVISE)})", IGNORECASE)
""""only use `a/` if ...": the condition restricts the folder whatever it names."""
_ONLY_COND_EN = re.compile(
    r"\b(?:when|whenever|if|for|in case of|in questions)\b\s*([^,;\u2013\u2014]+)", IGNORECASE
)
"""The condition after "only": up to the clause's end (a comma, a semicolon or a dash), not
the reason or the rule said after it ("only there for history – …, never use it to answer a
question" states no condition on the question)."""
OF, _TIME, _THEN = _zh(cues.ZH_OF), _zh(cues.ZH_TIME), _zh(cues.ZH_THEN)
_ONLY_ZH = (
    # a condition of at most 80 characters: each "只在" is looked at that far, not to the end
    re.compile(
        rf"(?:{_zh(cues.ZH_ONLY_IF)})(?:{_zh(cues.ZH_AT)})?(?P<c>.{{1,80}}?)(?:{OF})?(?:{_TIME})?"
        rf"(?:{_THEN})"
    ),
    re.compile(rf"(?:{_zh(cues.ZH_ONLY_WHEN)})(?P<c>.{{1,80}}?)(?:{OF})?(?:{_TIME})"),
    re.compile(rf"^(?P<c>[^，,\x00]+?)(?:{OF})?(?:{_TIME})(?:{_THEN})"),
    re.compile(rf"(?:{_zh(cues.ZH_ONLY_APPLIES)})(?P<c>[^，,。；;]+)"),
    re.compile(rf"(?:{_zh(cues.ZH_ONLY_FOR)})(?P<c>[^，,。；;]+)"),
)
_ONLY_ZH_PURPOSE = _ONLY_ZH[-1]
""""只用于追溯": a purpose, a condition only when it names the question ("仅限问到 v1 时")."""
_BACK = re.compile(rf"\s*(?:{_zh(cues.ZH_RANK_PRONOUNS)})")
"""A condition opening on a word that points back ("只有这里列出来的才算"): the path before it."""
_WHEN = (  # a README block is one line: the first pattern's (?P<a>.+) ends there unanchored
    # (anchored, a line with a newline after a run of colons was retried from each colon)
    re.compile(
        r"^\W*(?:when|whenever|if)\b(?P<c>[^,，\x00]*?[^,，\x00\s])\s*[,，:：]\s*(?P<a>.+)",
        IGNORECASE,
    ),
    re.compile(
        r"^\W*for\s+(?P<c>(?:questions?|queries)\s+(?:about|on|regarding|concerning|that mention)"
        r"\s+[^,，\x00\s](?:[^,，\x00]*?[^,，\x00\s])?)\s*[,，:：]\s*(?P<a>.+)$",
        IGNORECASE,
    ),
    re.compile(
        r"^(?P<a>.*?\S)\s+(?:when|whenever|if)\s+(?P<c>(?:the\s+)?(?:question|query|user|you|asked"
        r"|it is asked)\b[^,，;；—–]+)",
        IGNORECASE,
    ),
    re.compile(
        r"^(?P<a>.*?\S)\s+for\s+(?P<c>(?:questions?|queries)\s+(?:about|on|regarding|concerning"
        r"|that mention)\s+.+)$",
        IGNORECASE,
    ),
    re.compile(
        rf"^(?:{_zh(cues.ZH_IF)})?(?P<c>(?:{_zh(cues.ZH_ASKER)})?(?:{_zh(cues.ZH_ASKED_ABOUT)})"
        rf"[^，,\x00]{{1,30}}?)(?:{OF})?(?:{_zh(cues.ZH_WHEN_TAIL)})\s*[，,：:]?\s*(?P<a>.+)$"
    ),
)


def action(text: str, heading: str | None) -> str | None:
    """What a clause without its condition says to do: avoid, exclude, entry, prefer, look."""
    if avoids(text):
        return "avoid"
    said = cue(text)
    if said == "emphasize":
        return "prefer"
    if said:
        return said
    if _LOOK.search(to_simplified(text)):
        return "look"
    return {"emphasize": "prefer"}.get(heading or "", heading)


def condition_parts(s: str) -> tuple[str, str, str] | None:
    """(mode, condition, the rest) of a masked sentence: ``unless`` (out unless it holds),
    ``only`` (searched only when it holds) or ``when`` (a route); None without a condition."""
    simple = to_simplified(s)  # one character for one: its offsets are s's
    if m := UNLESS.search(simple):
        before = s[: m.start()]
        if PLACEHOLDER.search(before) or not PLACEHOLDER.search(s[m.end() :]):
            # "`a/` 已被取代，除非问题涉及 2019 年，否则不要使用": what holds otherwise is said after
            if k := _OTHERWISE_SAID.search(simple, m.end()):
                return "unless", s[m.end() : k.start()], before + " " + s[k.end() :]
            return "unless", s[m.end() :], before
        k = _OTHERWISE.search(simple, m.end())
        if k is None:
            return "unless", s[m.end() :], ""
        return "unless", s[m.end() : k.start()], s[k.start() :]
    for rx in _ONLY_ZH:
        if m := rx.search(simple):
            cond = s[m.start("c") : m.end("c")]
            if PLACEHOLDER.search(cond):  # "只有写入 `报告/` 的才算": a folder, no condition
                continue
            if (rx is _ONLY_ZH_PURPOSE or _BACK.match(to_simplified(cond))) and not (
                names_question(cond) or kinds_in(cond)
            ):  # "只有这里列出来的才算审过的": the page said before it, not the question
                continue
            return "only", cond, _clause_around(s, m.start(), m.end())
    if (m := ONLY_EN.search(s)) and (c := _ONLY_COND_EN.search(s, m.end())):
        cond = c.group(1)
        if names_question(cond) or kinds_in(cond) or _ONLY_USE_EN.match(s, m.start()):
            return "only", cond, _clause_around(s, m.start(), m.end(), c.start())
    m = _APPLIES_ONLY_EN.search(s)
    if m and not PLACEHOLDER.search(cond := m.group(1) or m.group(2)):
        return "only", cond, _clause_around(s, m.start(), m.start())
    for rx in _WHEN:
        if (m := rx.search(simple)) and PLACEHOLDER.search(m.group("a")):
            cond = s[m.start("c") : m.end("c")]
            if not (names_question(cond) or kinds_in(cond)):
                continue
            a = s[m.start("a") : m.end("a")]
            if _FINE_FOR.search(a) and action(PLACEHOLDER.sub(" ", a), None) == "exclude":
                return "unless", _FINE_TAIL.split(cond, maxsplit=1)[0], a  # "— fine for ..."
            return "when", cond, a
    return None


_FINE_FOR = re.compile(rf"(?:{cuewords._en(cues.EN_FINE)})\W*$", IGNORECASE)
"""What ends the rest of a sentence whose condition is "for questions about ...": "fine"."""
_FINE_TAIL = re.compile(r"[;；—–]|\bbut\b|,\s*not\b", IGNORECASE)
"""Where a condition "fine for questions about X" ends: "…, not for anything since"."""

_CLAUSE_ENDS = "，,；;。"


def _clause_around(s: str, start: int, end: int, stop: int | None = None) -> str:
    """The clause of a condition ``s[start:end]`` without it, from the sentence's start when
    it names nothing itself: "只有问到旧版时才看 `v1/`，其余一律参考 `v2/`" names only `v1/`
    there (the clause after it is read on its own)."""
    head = max(s.rfind(ch, 0, start) for ch in _CLAUSE_ENDS) + 1
    ends = [i for ch in _CLAUSE_ENDS if (i := s.find(ch, end)) >= 0]
    tail = min(ends) if ends else len(s)
    after = s[end : tail if stop is None else min(stop, tail)]
    if "\x00" not in s[head:start] + after:
        head = 0
    return s[head:start] + " " + after
