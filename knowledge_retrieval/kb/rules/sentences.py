"""README sentences -> rules: which paths a line names and what it says to do with them,
with the conditions ("unless the question is about a specific version", "除非问题涉及具体
年份"), degrees ("prefer ... over ...", "尽量不要") and topic routes ("API questions: look in
`api/`", "错误码问题先查 ...") people write."""

from __future__ import annotations

import functools
import re

from ...lang import readme as cues
from ...models import Condition, Rule
from ...text.analysis import to_simplified
from . import grammar, mentions, relations, scope
from .clauses import clauses_of, question_polarity, sentence_about_writing
from .conditions import names_question, read_condition, strength, topic_words
from .kinds import kinds_in
from .patterns import EXT as _EXT
from .patterns import GLOB_CHARS as _GLOB_CHARS
from .patterns import is_pathlike, norm_pattern

IGNORECASE = re.IGNORECASE
_CODE = re.compile(r"`([^`\n]+)`")

_zh = grammar._zh
"""Chinese words (Simplified, from :mod:`knowledge_retrieval.lang.readme`) as an alternation:
every pattern here that holds Chinese words is searched in a text's Simplified form (one
character for one: its offsets hold for the text as written, and what is kept is cut from it)."""
_FILLER = re.compile(  # words that leave a clause a bare list of paths: "`b/` and anything under `c/`"
    r"\b(?:and|or|also|plus|nor|then|anything|everything|all|any|the|its|their|of|as well as|too"
    rf"|files?|folders?|director(?:y|ies)|dirs?|under|in|inside|within|below)\b|{_zh(cues.ZH_FILLER)}",
    IGNORECASE,
)
_FOLDER_WORD = re.compile(
    rf"\b(?:director(?:y|ies)|folders?|dirs?|under)\b|{_zh(cues.FOLDER_WORDS_ZH)}", IGNORECASE
)
_PLACEHOLDER = re.compile(r"\x00(\d+)\x00")


def _cue(text: str) -> str | None:
    """The rule a clause states by its cue words: exclude, emphasize (prefer) or entry."""
    p = grammar.polarity(grammar.read_cues(text))
    return "emphasize" if p == "prefer" else p


_AVOID = re.compile(
    r"\b(?:avoid\w*|deprioriti[sz]\w*|de-?emphasi[sz]\w*|down-?rank\w*|demot\w*|rank\w* lower"
    rf"|less important|lower priority|last resort)\b|{_zh(cues.ZH_AVOID)}",
    IGNORECASE,
)


def _avoids(text: str) -> bool:
    """Whether the text says to avoid (a word of avoidance that is no purpose: "为了避免误会")."""
    return any(
        not grammar.is_purpose(text, m.start()) for m in _AVOID.finditer(to_simplified(text))
    )


_LOOK = re.compile(
    rf"\b(?:look|search\w*|check|consult|see|use|read|open|go to|refer to|find)\b|{_zh(cues.ZH_LOOK)}",
    IGNORECASE,
)
_UNLESS = re.compile(
    r"\bunless\b|\bexcept (?:when|if|for|where|in)\b|\bother than (?:when|for)\b"
    rf"|{_zh(cues.ZH_UNLESS)}",
    IGNORECASE,
)
_OTHERWISE = re.compile(rf"{_zh(cues.ZH_OTHERWISE)}|\botherwise\b|[，,:：]", IGNORECASE)
_OTHERWISE_SAID = re.compile(rf"{_zh(cues.ZH_OTHERWISE)}|\botherwise\b", IGNORECASE)
"""What a sentence says holds when its condition does not ("..., unless C; otherwise do not use")."""
_ONLY_EN = re.compile(r"\b(?:only|solely|exclusively)\b", IGNORECASE)
_APPLIES_ONLY_EN = re.compile(
    rf"(?:{grammar._en(cues.EN_APPLIES)})\s+only\s+to\b\s*([^,;.]+)"
    rf"|\bonly\s+(?:{grammar._en(cues.EN_APPLIES)})\s+to\b\s*([^,;.]+)",
    IGNORECASE,
)
"""`a/` applies only to <cases>: a condition whatever it names."""
_ONLY_USE_EN = re.compile(rf"\b(?:only|solely)\s+(?:{grammar._en(cues.EN_ADVISE)})", IGNORECASE)
""""only use `a/` if ...": the condition restricts the folder whatever it names."""
_ONLY_COND_EN = re.compile(
    r"\b(?:when|whenever|if|for|in case of|in questions)\b\s*([^,;\u2013\u2014]+)", IGNORECASE
)
"""The condition after "only": up to the clause's end (a comma, a semicolon or a dash), not
the reason or the rule said after it ("only there for history – …, never use it to answer a
question" states no condition on the question)."""
_OF, _TIME, _THEN = _zh(cues.ZH_OF), _zh(cues.ZH_TIME), _zh(cues.ZH_THEN)
_ONLY_ZH = (
    # a condition of at most 80 characters: each "只在" is looked at that far, not to the end
    re.compile(
        rf"(?:{_zh(cues.ZH_ONLY_IF)})(?:{_zh(cues.ZH_AT)})?(?P<c>.{{1,80}}?)(?:{_OF})?(?:{_TIME})?"
        rf"(?:{_THEN})"
    ),
    re.compile(rf"(?:{_zh(cues.ZH_ONLY_WHEN)})(?P<c>.{{1,80}}?)(?:{_OF})?(?:{_TIME})"),
    re.compile(rf"^(?P<c>[^，,\x00]+?)(?:{_OF})?(?:{_TIME})(?:{_THEN})"),
    re.compile(rf"(?:{_zh(cues.ZH_ONLY_APPLIES)})(?P<c>[^，,。；;]+)"),
    re.compile(rf"(?:{_zh(cues.ZH_ONLY_FOR)})(?P<c>[^，,。；;]+)"),
)
_ONLY_ZH_PURPOSE = _ONLY_ZH[-1]
_BACK = re.compile(rf"\s*(?:{_zh(cues.ZH_RANK_PRONOUNS)})")
"""A condition opening on a word that points back ("只有这里列出来的才算"): the path before it."""
""""只用于追溯": a purpose, a condition only when it names the question ("仅限问到 v1 时")."""
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
        rf"[^，,\x00]{{1,30}}?)(?:{_OF})?(?:{_zh(cues.ZH_WHEN_TAIL)})\s*[，,：:]?\s*(?P<a>.+)$"
    ),
)
# (?=(\W*))\1 is \W* that is never given back (Python 3.10 has no \W*+): given back, each of
# its lengths was tried with every length of the blanks after the topic (quadratic in a line of
# tabs)
_ROUTE = (  # a topic first, then where to look: "API questions: look in `api/`"
    re.compile(
        r"^(?=(\W*))\1(?:for(?=(\s+))\2)?(?P<t>[^,，:：\x00]{1,40}?)\s+(?:questions?|queries|issues|topics"
        r"|problems)\s*(?:[:：,，→]|->|—|–|-)?\s*(?:(?:please\s+)?(?:look|see|check|consult"
        r"|search|go|use|start|read|refer)\b|\x00)",
        IGNORECASE,
    ),
    re.compile(
        r"^\W*(?:for\s+)?(?:questions?|queries)\s+(?:about|on|regarding|concerning)\s+"
        r"(?P<t>[^,，:：\x00]{1,40}?)\s*(?:[:：,，→]|->|—|–)",
        IGNORECASE,
    ),
    re.compile(
        r"\b(?:see|look in|look at|check|consult|use|search)\s+\x00\d+\x00\s+for\s+"
        r"(?P<t>[^,.\x00]{1,40}?)\s+(?:questions?|queries|issues|topics)\b",
        IGNORECASE,
    ),
    re.compile(
        rf"^\W*(?:{_zh(cues.ZH_ABOUT_LEAD)})?(?P<t>[^，,：:。\x00]{{1,16}}?)"
        rf"(?:{_zh(cues.ZH_TOPIC_KIND)})?(?:{_OF})?(?:{_zh(cues.ZH_QUESTION)})\s*[，,：:]?\s*"
        rf"(?:{_zh(cues.ZH_PLEASE)})?(?:{_zh(cues.ZH_FIRST)})?(?:{_zh(cues.ZH_ROUTE_LOOK)})"
    ),
)
_OVER = re.compile(
    f"{grammar._en(cues.EN_OVER | cues.EN_OVER_VERBS)}|{_zh(cues.ZH_INSTEAD | cues.ZH_OVER)}",
    IGNORECASE,
)
_SENTENCES = re.compile(r"(?<=[。；;！!？?])|(?<=\.)(?=\s)")
_RULES_HEAD = re.compile(
    r"\b(?:rules?|how to (?:search|use)|search(?:ing)?|guidelines?|instructions?)\b"
    rf"|{_zh(cues.ZH_RULES_HEADING)}",
    IGNORECASE,
)


def heading_cue(text: str) -> str | None:
    """The rule a heading gives the lines under it ("## Ignore" -> exclude); one that also
    says "less important" ("## Less important / ignore") lowers them rather than hides them."""
    cue = _cue(text)
    return "avoid" if cue == "exclude" and _avoids(text) else cue


def is_rules_heading(text: str) -> bool:
    return bool(_RULES_HEAD.search(to_simplified(text)))


def _paths(clause: str, codes: list[str]) -> list[tuple[int, str]]:
    """(code index, pattern) of the path-like backticked items of a masked clause."""
    residue = _PLACEHOLDER.sub(" ", clause)
    folder = bool(
        _FOLDER_WORD.search(to_simplified(residue))
    )  # "ignore the `tmp` folder" -> "tmp/"
    out = []
    for idx in _PLACEHOLDER.findall(clause):
        item = codes[int(idx)]
        plain = re.fullmatch(r"[\w.-]+", item) is not None and ".." not in item
        if not (is_pathlike(item) or (folder and plain)) or not (path := norm_pattern(item)):
            continue
        if folder and not (path.endswith("/") or _EXT.search(path) or _GLOB_CHARS.search(path)):
            path += "/"
        out.append((int(idx), path))
    return out


def _action(text: str, heading: str | None) -> str | None:
    """What a clause without its condition says to do: avoid, exclude, entry, prefer, look."""
    if _avoids(text):
        return "avoid"
    cue = _cue(text)
    if cue == "emphasize":
        return "prefer"
    if cue:
        return cue
    if _LOOK.search(to_simplified(text)):
        return "look"
    return {"emphasize": "prefer"}.get(heading or "", heading)


class _Line:
    """One block of README text with its backticked items masked as ``\\x00N\\x00``."""

    def __init__(self, text: str) -> None:
        self.codes: list[str] = []

        def mask(m: re.Match[str]) -> str:
            self.codes.append(m.group(1).strip())
            return f"\x00{len(self.codes) - 1}\x00"

        def add(path: str) -> str:
            self.codes.append(path)
            return f"\x00{len(self.codes) - 1}\x00"

        masked = _CODE.sub(mask, text)
        masked = re.sub(r"\*\*|(?<!\w)__|__(?!\w)", "", masked)  # bold: **`a/`**, **do not**
        self.masked = mentions.mask_mentions(masked, self.codes, add)

    def unmask(self, masked: str) -> str:
        text = _PLACEHOLDER.sub(lambda m: f"`{self.codes[int(m.group(1))]}`", masked)
        return re.sub(r"\s+", " ", text).strip()

    def words(self, masked: str) -> tuple[str, ...]:
        """Backticked words of a condition ("unless the question mentions `billing`")."""
        return tuple(self.codes[int(i)].lower() for i in _PLACEHOLDER.findall(masked))

    def plain(self, masked: str) -> str:
        return _PLACEHOLDER.sub(lambda m: self.codes[int(m.group(1))], masked)


def _condition_parts(s: str) -> tuple[str, str, str] | None:
    """(mode, condition, the rest) of a masked sentence: ``unless`` (out unless it holds),
    ``only`` (searched only when it holds) or ``when`` (a route); None without a condition."""
    simple = to_simplified(s)  # one character for one: its offsets are s's
    if m := _UNLESS.search(simple):
        before = s[: m.start()]
        if _PLACEHOLDER.search(before) or not _PLACEHOLDER.search(s[m.end() :]):
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
            if _PLACEHOLDER.search(cond):  # "只有写入 `报告/` 的才算": a folder, no condition
                continue
            if (rx is _ONLY_ZH_PURPOSE or _BACK.match(to_simplified(cond))) and not (
                names_question(cond) or kinds_in(cond)
            ):  # "只有这里列出来的才算审过的": the page said before it, not the question
                continue
            return "only", cond, _clause_around(s, m.start(), m.end())
    if (m := _ONLY_EN.search(s)) and (c := _ONLY_COND_EN.search(s, m.end())):
        cond = c.group(1)
        if names_question(cond) or kinds_in(cond) or _ONLY_USE_EN.match(s, m.start()):
            return "only", cond, _clause_around(s, m.start(), m.end(), c.start())
    m = _APPLIES_ONLY_EN.search(s)
    if m and not _PLACEHOLDER.search(cond := m.group(1) or m.group(2)):
        return "only", cond, _clause_around(s, m.start(), m.start())
    for rx in _WHEN:
        if (m := rx.search(simple)) and _PLACEHOLDER.search(m.group("a")):
            cond = s[m.start("c") : m.end("c")]
            if not (names_question(cond) or kinds_in(cond)):
                continue
            a = s[m.start("a") : m.end("a")]
            if _FINE_FOR.search(a) and _action(_PLACEHOLDER.sub(" ", a), None) == "exclude":
                return "unless", _FINE_TAIL.split(cond, maxsplit=1)[0], a  # "— fine for ..."
            return "when", cond, a
    return None


_FINE_FOR = re.compile(rf"(?:{grammar._en(cues.EN_FINE)})\W*$", IGNORECASE)
"""What ends the rest of a sentence whose condition is "for questions about ...": "fine"."""
_FINE_TAIL = re.compile(r"[;；—–]|\bbut\b|,\s*not\b", IGNORECASE)
"""Where a condition "fine for questions about X" ends: "…, not for anything since"."""

_ABSENT = re.compile(
    rf"(?:{grammar._en(cues.EN_ABSENT)}|{_zh(cues.ZH_ABSENT)})\s*\x00(\d+)\x00", IGNORECASE
)
"""A mention of a folder said not to be there."""
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


def _special(line: _Line, s: str, heading: str | None) -> list[Rule] | None:
    """The rules of a sentence with a condition, a route, an ``over`` or an avoid; None when
    it has none of these (the plain reading applies); [] when it was not understood."""
    source = line.unmask(s)
    if (parts := _condition_parts(s)) is not None:
        mode, cond_text, rest = parts
        paths = [p for _i, p in _paths(rest, line.codes)]
        cond = read_condition(line.plain(cond_text), line.words(cond_text))
        action = _action(_PLACEHOLDER.sub(" ", rest), heading)
        if not paths:
            return []
        if mode == "unless" and action in ("exclude", "avoid"):
            kind = action
        elif mode == "unless" and action == "prefer":
            return None  # "refer to `b/`, except for questions about ...": b/ is preferred
        elif mode == "only" and action in (None, "look", "entry", "prefer", "exclude"):
            kind = "exclude"
        elif mode == "when" and not cond.understood:
            return None  # "if you are new here, read ...": no condition on the question
        elif mode == "when" and action in (None, "look", "entry", "prefer"):
            return [Rule("route", p, when=cond, source=source) for p in paths]
        else:
            return []
        st = strength(source) if kind == "avoid" else "normal"
        return [Rule(kind, p, unless=cond, strength=st, source=source) for p in paths]
    simple = to_simplified(s)
    for rx in _ROUTE:
        if not (m := rx.search(simple)):
            continue
        topic = s[m.start("t") : m.end("t")]
        if words := topic_words(line.plain(topic)):
            if _cue(topic) or _avoids(s):
                continue
            rest = _listed(s[: m.start("t")] + " " + s[m.end("t") :], m.start("t"))
            paths = [p for _i, p in _paths(rest, line.codes)]
            if paths:
                when = Condition(words=words, text=line.plain(topic).strip())
                return [Rule("route", p, when=when, source=source) for p in paths]
    if _avoids(s):
        paths = [p for _i, p in _paths(s, line.codes)]
        return [Rule("avoid", p, strength=strength(source), source=source) for p in paths]
    if (m := _OVER.search(simple)) and not _cue_is_exclude(s):
        won = [p for _i, p in _paths(s[: m.start()], line.codes)]
        lost = [p for _i, p in _paths(s[m.end() :], line.codes)]
        if won and lost:
            st = strength(source)
            return [Rule("prefer", p, strength=st, over=tuple(lost), source=source) for p in won]
    return None


_PAGE = re.compile(r"\.(?:md|mdx|markdown|txt|rst|html?|adoc|org)$", IGNORECASE)
"""A page an entry may be: a CSV or a spreadsheet lists records, not pages."""
_PIECE = re.compile(r"[^，,；;。]+[，,；;。]?")


def _is_list(clause: str) -> bool:
    """Whether a clause only lists more mentions ("`b/` and `c/`", "以及 `c/` 下的文件")."""
    return not re.search(r"\w", _FILLER.sub(" ", to_simplified(_PLACEHOLDER.sub(" ", clause))))


def _listed(s: str, start: int) -> str:
    """``s`` up to the end of the first clause from ``start`` that names a folder, and the
    clauses right after it that only list more ("look in `api/`, `sdk/`"): a route reaches
    these, not a folder a later clause says more of ("`b.md` 作为补充")."""
    out, seen = s[:start], False
    for m in _PIECE.finditer(s, start):
        piece = m.group(0)
        has = "\x00" in piece
        if seen and not (has and _is_list(piece.rstrip("，,；;。"))):
            break
        out += piece
        seen = seen or has
    return out


def _cue_is_exclude(s: str) -> bool:
    return _cue(_PLACEHOLDER.sub(" ", s)) == "exclude"


def _looks_like_rule(s: str, in_rules_section: bool) -> bool:
    residue = _PLACEHOLDER.sub(" ", s)
    simple = to_simplified(residue)
    cue = bool(_cue(residue) or _avoids(residue) or _UNLESS.search(simple))
    return cue and bool(
        in_rules_section
        or "\x00" in s
        or _FOLDER_WORD.search(simple)
        or _UNLESS.search(simple)
        or (_ONLY_EN.search(residue) and names_question(residue))
    )


def read_line(
    text: str,
    heading: str | None,
    in_rules_section: bool = False,
    record: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] | None = None,
) -> tuple[list[Rule], list[str]]:
    """The rules of one block of README text (a list item, a paragraph, a table row), and the
    sentences of it that look like rules but gave none.

    ``record`` gets, for each sentence that names a folder or file, (sentence, the paths it
    names, what it became as "action path" items, a note: "" for rules, else why none).
    """
    line = _Line(text)
    rules: list[tuple[int, Rule]] = []  # (sentence, rule): in the order the line says them
    unread: list[str] = []
    sentences = [s for s in _SENTENCES.split(line.masked) if s]
    handled: set[int] = set()
    for n, s in enumerate(sentences):
        got = _special(line, s, heading) if "\x00" in s else None
        if got is None:
            continue
        handled.add(n)
        if got:
            rules.extend((n, r) for r in got)
        else:
            unread.append(line.unmask(s))
    failed = handled - {k for k, _r in rules}
    plain = [s if n not in failed else "" for n, s in enumerate(sentences)]
    ruled = {r.path for _k, r in rules}
    out = {k for k, r in rules if r.action == "exclude"}  # "`b/` 只在做 … 时参考": b/ is out
    rules += [(n, r) for n, r in _plain_rules(line, plain, heading, out) if r.path not in ruled]
    rules.sort(key=lambda x: x[0])
    by_sentence: dict[int, list[Rule]] = {}
    for k, r in rules:
        by_sentence.setdefault(k, []).append(r)
    mentioned = set()
    for n, s in enumerate(sentences):
        if n in handled or "\x00" not in s:
            continue
        if n in by_sentence or not _paths(s, line.codes):
            continue
        mentioned.add(n)
        residue = _PLACEHOLDER.sub(" ", s)
        c = grammar.read_cues(residue)
        if c.compare:  # "if `archive/` disagrees with a live page, the live page is right"
            continue
        if c.any and not c.write and not (c.weak and sentence_about_writing(residue)):
            unread.append(line.unmask(s))
    if not rules and not unread:
        unread = [
            line.unmask(s)
            for n, s in enumerate(sentences)
            if n not in mentioned and _looks_like_rule(s, in_rules_section)
        ]
    if record is not None:
        unread_set = set(unread)
        for n, s in enumerate(sentences):
            if "\x00" not in s or not _paths(s, line.codes):
                continue
            src = line.unmask(s)
            became = tuple(f"{r.action} {r.path}" + _said(r) for r in by_sentence.get(n, ()))
            if became:
                note = ""
            elif src in unread_set:
                note = "not understood"
            elif grammar.read_cues(_PLACEHOLDER.sub(" ", s)).write:
                note = "no rule: about writing to it, not about answering from it"
            elif grammar.read_cues(_PLACEHOLDER.sub(" ", s)).compare:
                note = "no rule: a comparison that prefers none of the folders it names"
            else:
                note = "no rule: no prohibition or preference found"
            paths = tuple(dict.fromkeys(p for _i, p in _paths(s, line.codes)))
            record.append((src, paths, became, note))
    return [r for _n, r in rules], unread


def _said(rule: Rule) -> str:
    if rule.unless is not None:
        return f" (unless {rule.unless.text})"
    if rule.when is not None:
        return f" (when {rule.when.text})"
    if rule.strength != "normal" and rule.action in ("prefer", "avoid"):
        return f" ({rule.strength})"
    return ""


def _far_condition(line: _Line, sentence: str) -> Condition | None:
    """The condition a sentence after the folders states ("Only use it when ..."), if any."""
    parts = _condition_parts(sentence)
    if parts is None or parts[0] not in ("unless", "only"):
        return None
    return read_condition(line.plain(parts[1]), line.words(parts[1]))


def _plain_rules(
    line: _Line, sentences: list[str], heading: str | None, put_out: set[int] | None = None
) -> list[tuple[int, Rule]]:
    """Rules of the sentences no condition, route or ``over`` took: each mention with the
    polarity of its scope (:func:`scope.assign`); a block with no cue at all takes its
    heading's ("## Ignore" over a list of folders). ``put_out``: the sentences a condition put a
    folder out in (a folder vouched for beside them is preferred)."""
    clauses = clauses_of(sentences, _is_list)
    writing = [sentence_about_writing(_PLACEHOLDER.sub(" ", s)) for s in sentences]
    # a sentence that names nothing but states when to look ("只有问到那段时间的合同时才查这里",
    # "only use it if someone asks ..."): the folders before it are out unless that holds
    forced = {
        n: "exclude"
        for n, s in enumerate(sentences)
        if s and "\x00" not in s and (p := _condition_parts(s)) is not None and p[0] == "only"
    }
    for n, s in enumerate(sentences):  # "why would you go to `x/`?", "能用吗？答：不能"
        if s and "\x00" in s:
            after = sentences[n + 1] if n + 1 < len(sentences) else None
            if (q := question_polarity(_PLACEHOLDER.sub(" ", s), after)) is not None:
                forced[n] = q
    names = {idx: path for s in sentences if s for idx, path in _paths(s, line.codes)}
    got = scope.assign(clauses, writing, forced, names, put_out or set())
    any_cue = any(c.cues.any for c in clauses)
    out: dict[tuple[int, Rule], None] = {}
    far_conditions: dict[int, Condition | None] = {}
    indexes: dict[tuple[int, Rule], bool] = {}  # entries: whether their clause names an index

    def far_is_plain(src: int) -> bool:
        return clauses[src].sentence not in forced

    @functools.cache  # once per clause, however many mentions it names (linear)
    def succession(src: int) -> tuple[set[int], bool]:
        """The mentions clause ``src`` names as successors, and whether it replaces any."""
        text = clauses[src].text
        return relations.successors(text), bool(relations.replaced(text))

    for n, s in enumerate(sentences):
        if not s:
            continue
        st, source = strength(line.plain(s)), line.unmask(s)
        absent = {int(m.group(1)) for m in _ABSENT.finditer(to_simplified(s))}
        for idx, path in _paths(s, line.codes):
            if idx in absent:  # "there's no `pipeline-old/`": a folder that is not there
                continue
            kind: str | None
            unless = None
            weak = "normal"
            src: int | None = None
            if idx in got:
                kind, src = got[idx]
                if kind == "exclude" and not clauses[src].cues.forbid and far_is_plain(src):
                    weak = "weak"  # a word of non-authority only: a rule said outright wins
                far = clauses[src].sentence
                if far == n and forced.get(n + 1) == "exclude" and "\x00" not in sentences[n + 1]:
                    far = n + 1  # "`a/` isn't final. Use it only if asked about the draft."
                if far != n and kind == "exclude":
                    if far not in far_conditions:
                        far_conditions[far] = _far_condition(line, sentences[far])
                    unless = far_conditions[far]
            elif not any_cue and heading:
                kind = "prefer" if heading == "emphasize" else heading
            else:
                continue
            if kind == "avoid":
                out[(n, Rule("avoid", path, strength=st, source=source))] = None
                continue
            is_file = not path.endswith("/") and _EXT.search(path) is not None
            if kind in ("prefer", "entry", "look"):  # an entry is a named file, not a folder
                if is_file:  # "以 `a.md` 为准" prefers it; "read `a.md` first" enters there
                    kind = (
                        "prefer"
                        if kind == "prefer"
                        and src is not None
                        and (
                            not _PAGE.search(path)  # a spreadsheet is no entry: "先查 `a.xlsx`"
                            or clauses[src].cues.rank
                            or (clauses[src].cues.advise and not clauses[src].cues.index)
                            or clauses[src].cues.compare
                            or clauses[src].cues.vouched
                            or clauses[src].cues.pointer  # "see `a.md`" beside one put out
                            or clauses[src].labelled  # "团费：`a.md`。" beside one put out
                            or idx in succession(src)[0]
                            or succession(src)[1]
                            or relations.named_current(path)  # `current.md` is no index
                        )
                        else "entry"
                    )
                else:
                    kind = "prefer" if kind == "prefer" else None
            if kind == "entry" and not _PAGE.search(path):
                continue  # "records are listed in `a.csv`": an entry is a page that lists pages
            if kind is None:
                continue
            rule = Rule(
                kind,
                path,
                unless=unless,
                strength=st if kind == "prefer" else weak if kind == "exclude" else "normal",
                source=source,
            )
            out[(n, rule)] = None
            if kind == "entry":
                indexes[(n, rule)] = src is not None and clauses[src].cues.index
    for n in {k[0] for k in indexes}:  # "read `a.md` first, then use the map in `b.md`": b.md
        said = [k for k in indexes if k[0] == n]
        if any(indexes[k] for k in said):
            for k in said:
                if not indexes[k]:
                    del out[k]
    return list(out)
