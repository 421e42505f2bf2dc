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
from . import cuewords, grammar, mentions, relations, scope
from .actions import OF as _OF
from .actions import ONLY_EN as _ONLY_EN
from .actions import PLACEHOLDER as _PLACEHOLDER
from .actions import UNLESS as _UNLESS
from .actions import action as _action
from .actions import avoids as _avoids
from .actions import condition_parts as _condition_parts
from .actions import cue as _cue
from .clauses import clauses_of, question_polarity, sentence_about_writing
from .conditions import names_question, read_condition, strength, topic_words
from .likeness import MENTION, reads_like_rule
from .patterns import CODE as _CODE
from .patterns import EXT as _EXT
from .patterns import GLOB_CHARS as _GLOB_CHARS
from .patterns import is_pathlike, norm_pattern

IGNORECASE = re.IGNORECASE
_zh = cuewords._zh
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
_FRONTED = re.compile(  # "For any fault on the machines, ...", "关于押金，..."
    rf"^\W*(?:{cuewords._en(cues.EN_TOPIC_FRONT)})\s++(?P<t>[^,，:：\x00]{{1,40}}?)\s*[,，]"
    rf"|^\W*(?:{_zh(cues.ZH_ABOUT_LEAD)})(?P<z>[^,，:：。\x00]{{1,16}}?)\s*[,，]",
    IGNORECASE,
)
_OVER = re.compile(
    f"{cuewords._en(cues.EN_OVER | cues.EN_OVER_VERBS)}|{_zh(cues.ZH_INSTEAD | cues.ZH_OVER)}",
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
        # a name with blanks beside a folder word (`temp 2020` 这个文件夹)
        plain = plain or (folder and "/" not in item and is_pathlike(item + "/"))
        # a name with blanks that is a folder of the KB (`Old Minutes/`), whatever its words
        known = item.split("/", 1)[0] in mentions.FOLDERS.get()
        if not (is_pathlike(item) or known or (folder and plain)) or not (
            path := norm_pattern(item)
        ):
            continue
        if folder and not (path.endswith("/") or _EXT.search(path) or _GLOB_CHARS.search(path)):
            path += "/"
        out.append((int(idx), path))
    return out


_STRUCK = re.compile(r"\x01\s*+(\x00(\d++)\x00)\s*+\x01")
"""A mention struck through, and only it: the author has crossed the folder out, as a status
column's 停用 or "withdrawn" would say (a struck sentence says nothing of its mentions)."""


class _Line:
    """One block of README text with its backticked items masked as ``\\x00N\\x00``."""

    def __init__(self, text: str) -> None:
        self.codes: list[str] = []
        self.written: list[str] = []  # as quoted back: a folder named bare stays bare
        folders = mentions.FOLDERS.get()

        def mask(m: re.Match[str]) -> str:
            item = m.group(1).strip()
            self.codes.append(f"{item}/" if item in folders else item)
            self.written.append(f"`{item}`")
            return f"\x00{len(self.codes) - 1}\x00"

        def add(path: str, written: str | None = None) -> str:
            self.codes.append(path)
            self.written.append(f"`{path}`" if written is None else written)
            return f"\x00{len(self.codes) - 1}\x00"

        masked = _CODE.sub(mask, text)
        masked = re.sub(r"\*\*|(?<!\w)__|__(?!\w)", "", masked)  # bold: **`a/`**, **do not**
        # a strikethrough's tildes as one mark, so a bare path inside is read (~~2018-雷雨/~~)
        masked = mentions.mask_mentions(masked.replace("~~", "\x01"), self.codes, add)
        self.struck: set[int] = set()  # mentions struck through on their own: ~~`2018/`~~

        def strike(m: re.Match[str]) -> str:
            self.struck.add(int(m.group(2)))
            return m.group(1)

        self.masked = _STRUCK.sub(strike, masked).replace("\x01", "~~")

    def unmask(self, masked: str) -> str:
        text = _PLACEHOLDER.sub(lambda m: self.written[int(m.group(1))], masked)
        return re.sub(r"\s+", " ", text).strip()

    def words(self, masked: str) -> tuple[str, ...]:
        """Backticked words of a condition ("unless the question mentions `billing`")."""
        return tuple(self.codes[int(i)].lower() for i in _PLACEHOLDER.findall(masked))

    def plain(self, masked: str) -> str:
        return _PLACEHOLDER.sub(lambda m: self.codes[int(m.group(1))], masked)


_ABSENT = re.compile(
    rf"(?:{cuewords._en(cues.EN_ABSENT)}|{_zh(cues.ZH_ABSENT)})\s*\x00(\d+)\x00", IGNORECASE
)
"""A mention of a folder said not to be there."""


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
        elif mode == "when" and _both_ways(rest):
            # "if a family asks about fees, answer from `a.md`, never from `b/`": the route
            # holds for the question, the folder kept out stays out
            return [
                Rule("exclude", p, source=source)
                if _cue_is_exclude(m.group(0))
                else Rule("route", p, when=cond, source=source)
                for m in _SIDE.finditer(rest)
                for _i, p in _paths(m.group(0), line.codes)
            ]
        else:
            return []
        st = strength(source) if kind == "avoid" else "normal"
        return [Rule(kind, p, unless=cond, strength=st, source=source) for p in paths]
    simple = to_simplified(s)
    for rx in _ROUTE:
        if not (m := rx.search(simple)):
            continue
        topic = s[m.start("t") : m.end("t")]
        if (when := _topic_condition(line, topic)) is not None:
            if _cue(topic) or _avoids(s):
                continue
            rest = _listed(s[: m.start("t")] + " " + s[m.end("t") :], m.start("t"))
            paths = [p for _i, p in _paths(rest, line.codes)]
            if paths:
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
_SIDE = re.compile(r"[^，,；;。—–]+[，,；;。—–]?")
"""A clause of a sentence that says one thing of some folders and another of others."""


def _topic_condition(line: _Line, topic: str) -> Condition | None:
    """A topic of a sentence as a route's condition: the words to look for in a question (None
    when it has none, "for anything")."""
    words = topic_words(line.plain(topic))
    return Condition(words=words, text=line.plain(topic).strip()) if words else None


def _scoped(line: _Line, s: str, rule: Rule) -> Rule:
    """A plain preference of a sentence whose topic is fronted ("For any fault on the machines,
    `fault_codes.md` is the one to follow") as a route: it holds for questions on the topic,
    not for every question of the KB."""
    if rule.action != "prefer" or rule.over or rule.when is not None or rule.unless is not None:
        return rule
    if (m := _FRONTED.search(to_simplified(s))) is None:
        return rule
    start, end = m.span("t") if m.group("t") is not None else m.span("z")
    if (when := _topic_condition(line, s[start:end])) is None:
        return rule
    return Rule("route", rule.path, when=when, source=rule.source)


def _index_named(path: str) -> bool:
    """Whether a page's name is an index's (:data:`..lang.readme.INDEX_NAMES`)."""
    if not _PAGE.search(path):
        return False
    stem = re.sub(r"\.[^.]*$", "", path.rsplit("/", 1)[-1])
    stem = re.sub(r"^[\d\s_.-]*+|[\s_-]++", "", to_simplified(stem).lower())
    return stem in cues.INDEX_NAMES


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


def _both_ways(s: str) -> bool:
    """Whether the clauses of ``s`` name folders both to answer from and to keep out: what it
    says of each stands whatever the question ("answer from `a.md`, never from `b/`")."""
    said = {
        _cue(_PLACEHOLDER.sub(" ", m.group(0))) for m in _SIDE.finditer(s) if "\x00" in m.group(0)
    }
    return "exclude" in said and bool(said & {"prefer", "emphasize", "look"})


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


Said = list[tuple[str, tuple[str, ...], tuple[str, ...], str]]
"""What :func:`read_line` records of each sentence naming a path: (sentence, the paths it names,
what it became, a note)."""


def read_line(
    text: str,
    heading: str | None,
    in_rules_section: bool = False,
    record: Said | None = None,
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
    ruled = {r.path for _k, r in rules}
    for n, s in enumerate(sentences):  # a folder crossed out is out, where nothing else is said
        for i, p in _paths(s, line.codes):
            if i in line.struck and p not in ruled:
                rules.append((n, Rule("exclude", p, strength="weak", source=line.unmask(s))))
                ruled.add(p)
    rules = [(n, _scoped(line, sentences[n], r)) for n, r in rules]
    rules.sort(key=lambda x: x[0])
    by_sentence: dict[int, list[Rule]] = {}
    for k, r in rules:
        by_sentence.setdefault(k, []).append(r)
    mentioned = set()
    modelled: set[str] = set()  # reported as reading like a rule, with no cue word known
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
        elif not c.any and reads_like_rule(_PLACEHOLDER.sub(f" {MENTION} ", s)):
            modelled.add(src := line.unmask(s))  # no cue word it knows, yet reads like a rule
            unread.append(src)
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
            elif src in modelled:
                note = "not understood: it reads like a rule, with no word of one the grammar knows"
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
        named = line.codes
        return relations.successors(text, lambda k: named[k]), bool(relations.replaced(text))

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
            elif _index_named(path) and not writing[n]:
                kind = "entry"  # "The page list is in `index.md`": an index named is one
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
                            or clauses[src].cues.elsewhere  # "别的地方说的价都不算"
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
