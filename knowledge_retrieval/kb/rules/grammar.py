"""One grammar for README sentences about folders: a mention, a polarity and a scope.

The stages, in order: :mod:`.mentions` finds the folders and files a sentence names (backticked,
linked, bare, or beside a folder word: "the wip folder", "wip 目录"); :mod:`.clauses` splits it
into clauses; this module reads each clause's *polarity* from the cue words of
:mod:`knowledge_retrieval.lang.readme`: a prohibition (a negator before a verb of use, "ignore",
or a word of non-authority: "outdated", "未经批准"), a preference ("check X first", "以 X 为准")
or an entry ("start from `index.md`"); a negator before a verb of writing ("do not edit",
"请勿修改") is no rule for search, and a sentence about writing or storing pages ("new notes go
in X") is read as no rule unless it forbids in so many words. A comparison of authority
("more reliable than", "比 … 可靠"), a negated verb of replacing ("cannot replace", "不能取代")
and a word of authority affirmed ("still what we follow", "仍然有效") are read here too.
:mod:`.scope` gives each mention a polarity: its clause's, else that of the clauses (then
sentences) after it that name no folder, else of those before it.

Every pattern is an alternation of fixed words, and a negator looks at a bounded window after
it: linear in the text.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ...lang import en
from ...lang import readme as cues
from ...text.analysis import to_simplified
from .comparisons import compared_at, yields_at
from .cuewords import CASE, IGNORECASE, NEGATOR, PLACEHOLDER, USE_VERB, _both, _en, _zh
from .cuewords import NOT as _NOT
from .cuewords import STOP as _STOP
from .dating import dated
from .leave import permits

WRITE_VERB = _both(cues.EN_WRITE_VERBS, cues.ZH_WRITE_VERBS)
REMOVE_VERB = re.compile(
    rf"{_en(cues.EN_REMOVE_VERBS)}|"
    + "".join(f"(?<!{re.escape(w)})" for w in sorted(cues.ZH_NOT_REMOVE_AFTER))
    + _zh(cues.ZH_REMOVE_VERBS),
    IGNORECASE,
)
"""A verb of removing pages (not 照搬, which applies them)."""
STORE = _both(cues.EN_STORE | cues.EN_COMPOSE, cues.ZH_STORE | cues.ZH_COMPOSE)
PROHIBIT = re.compile(
    rf"{_en(cues.EN_PROHIBIT)}|{_zh(cues.ZH_PROHIBIT)}"
    rf"|(?:{_zh(cues.ZH_NOT_AS)})[\u3400-\u9fff]{{0,8}}?(?:{_zh(cues.ZH_AUTHORITY_NOUNS)})"
    rf"(?![\u3400-\u9fff](?<!{_zh(cues.ZH_CLAUSE_END)}))",
    IGNORECASE,
)
_BY_AGENT = re.compile(
    rf"\s+(?:{_en(cues.EN_AGENT)})\s+(?!(?:{_en(cues.EN_NOT_AGENT)})\b)\w", IGNORECASE
)
_PASSIVE_AGENT = re.compile(
    rf"(?:{_zh(cues.ZH_PASSIVE)})[^，,。；;：:\s]?\s*[^，,。；;：:]{{1,10}}$"
)
NON_AUTHORITY = _both(cues.EN_NON_AUTHORITY, cues.ZH_NON_AUTHORITY)
_UNVETTED = _both(cues.EN_UNVETTED, cues.ZH_UNVETTED)
_INVALID = _both(cues.EN_INVALID, cues.ZH_INVALID)
_PREDICATED = re.compile(
    rf"(?:{_en(cues.EN_COPULA)})\s+(?:[A-Za-z'’-]+\s+)?$|(?:{_zh(cues.ZH_ALREADY)})\s*$", IGNORECASE
)
"""What stands right before a word said of the pages ("are void", "has been superseded", "已失效")."""
PREFER = _both(cues.EN_PREFER, cues.ZH_PREFER)
RANK = _both(cues.EN_RANK, cues.ZH_RANK)
_FIRST_AFTER = re.compile(
    rf"(?:{_zh(cues.ZH_USE_VERBS | cues.ZH_LOOK)})[^，,。；;!！?？]{{0,8}}?"
    rf"(?:{_zh(cues.ZH_FIRST_AFTER)})\s*[。.!！]?\s*$"
)
"""A look verb and its object with 先 at the clause's end: 有人問就查呢度先."""
ENTRY = _both(cues.EN_ENTRY, cues.ZH_ENTRY)
INDEX = _both(cues.EN_INDEX, cues.ZH_INDEX)
CONFLICT = _both(cues.EN_CONFLICT, cues.ZH_CONFLICT)
_NOT_CUES = _both(cues.EN_NOT_CUES, cues.ZH_NOT_CUES)
_FIRST_ADJECTIVE = re.compile(
    rf"(?<![\w'’-])first(?=(?:\s++|-)(?!{_en(en.STOP_WORDS | cues.EN_FIRST_PLACES)})[A-Za-z])",
    IGNORECASE,
)
""""first" before a word that is no function word: an adjective ("first emails", "the first
Monday", "first-aid"), no word of reading order."""
_A_NOT_A = re.compile(rf"([\u3400-\u9fff])(?:{_zh(cues.ZH_A_NOT_A)})\1")
"""准不准, 能不能, 有没有: the negator asks whether; it forbids nothing, and a word of
non-authority after it is asked about, not said."""
_CONTENT_HEAD = re.compile(
    rf"(?<![\w'’-])(?!{_en(en.STOP_WORDS | cues.EN_NON_AUTHORITY)})[A-Za-z][\w'’-]{{0,30}}\s+"
    rf"({_en(cues.EN_CONTENT_HEADS)})",
    IGNORECASE,
)
"""A noun of content after a word of content ("vet history"): what pages hold, no status."""
_DENIED = re.compile(
    rf"(?:{_en(cues.EN_DENY)})\s+(?:[A-Za-z'’-]+\s+)?$|(?:{_zh(cues.ZH_DENY)})[\u3400-\u9fff]{{0,2}}$",
    IGNORECASE,
)
"""What stands right before a denied word of non-authority: "is not (yet) outdated", "并非废弃"
(searched in the few characters before the word: bounded)."""
_DENY_LOOKBACK = 24
_QUALIFIED = re.compile(
    rf"(?:{_en(cues.EN_AUTHORITY)})[\s-]+(?:[A-Za-z]+\s+)?$"
    rf"|(?:{_zh(cues.ZH_AUTHORITY)})(?:(?:{_zh(cues.ZH_OF)})[\u3400-\u9fff]{{2}})?"
    rf"(?:{_zh(cues.ZH_OF)})?$",
    IGNORECASE,
)
"""A word of authority right before a word of non-authority, or a word before it, qualifies it
("approved proposals", "the complete meeting history", "通过评审的提案", "完整的会议历史"): the
words speak of other pages that are authoritative, or of what a folder holds."""
_PURPOSE = re.compile(rf"(?:{_en(cues.EN_PURPOSE)})\s+$|(?:{_zh(cues.ZH_PURPOSE)})$", IGNORECASE)
"""What stands right before a word of avoidance that is a purpose: "to avoid", "为了避免"."""


def is_purpose(text: str, at: int) -> bool:
    """Whether the word at ``at`` follows a word of purpose ("为了避免误会", "to avoid")."""
    return _PURPOSE.search(to_simplified(text[max(0, at - 12) : at])) is not None


_AUTHORITY = _both(cues.EN_AUTHORITY | cues.EN_RANK, cues.ZH_AUTHORITY | cues.ZH_RANK)
"""Words a negator before them turns into words of non-authority: those of authority and those
of rank ("唔作準", "不为准", "not authoritative"). A word of rank a negator denies is not read
as a preference either: on the forty sentence sets no sentence moved when the words of rank
joined, and one README's "`吹水區/`：…德叔未拍板，唔作準" went from a preference to an exclusion."""
_AUTHORITY_WINDOW = 40
_VOUCH = re.compile(
    _en(cues.EN_AUTHORITY - cues.EN_DESCRIBING).replace(r"(?<![\w-])", r"(?<![\w])")
    + f"|{_zh(cues.ZH_AUTHORITY - cues.ZH_DESCRIBING)}",
    IGNORECASE,
)
"""A word of authority said of a clause's folder, a compound's head too ("board-approved")."""
_VOUCH_NEGATED = 16
"""How far before a word of authority a negator denies it ("never reviewed", "未经审核")."""
_ADVISE = re.compile(
    rf"^\W*(?:(?:{_en(cues.EN_ADVISE_TOPIC)})(?:\s++[\w'-]++){{1,6}}?\s+)?"
    rf"(?:(?:{_en(cues.EN_ADVISE_LEAD)})\s+){{0,3}}(?:{_en(cues.EN_ADVISE)})"
    rf"|(?:{_zh(cues.ZH_ADVISE_LEAD)})(?:{_zh(cues.ZH_ADVISE_MORE)}){{0,2}}(?:{_zh(cues.ZH_ADVISE)})"
    rf"(?!{_zh(cues.ZH_ADVISE_NOT_NEXT)})"
    rf"|(?:{_zh(cues.ZH_ADVISE_LEAD)})(?:{_zh(cues.ZH_ADVISE_MORE)}){{0,2}}"
    rf"(?:{_zh(cues.ZH_ADVISE_BARE)})"
    rf"(?=\s|{_zh(cues.ZH_ADVISE_USE_NEXT)})",
    IGNORECASE,
)
"""An imperative to use ("use `v2/`", "请只使用"): a preference."""
_BARE_USE = re.compile(
    rf"^\s*+(?:{_zh(cues.ZH_NOW_ADVERBS)})?\s*+(?:{_zh(cues.ZH_ADVISE_BARE)})\s*+\x00\d+\x00"
)
"""A clause that starts with 用 / 按 / 依 and a mention ("答：按 `a.md`。", after an adverb of
now: "现在按 `a.md` 报价"): an imperative to use it (not "`周报/` 按 ISO 周编号命名")."""
_ADVISE_NAMED = re.compile(_en(cues.EN_ADVISE_NAMED), IGNORECASE)
_TOOL = re.compile(
    rf"\bto\s+(?!(?:{_en(cues.EN_USE_VERBS | cues.EN_DETERMINERS)}))[a-z]+\b"
    rf"|{_en(cues.EN_WRITE_VERBS)}"
    rf"|{_zh([w for w in cues.ZH_WRITE_VERBS if len(w) > 1] + sorted(cues.ZH_TOOL_WRITE))}",
    IGNORECASE,
)
"""After an imperative to use, a purpose that is no answering ("use `tools/` to rebuild the
index") or a verb of writing ("use `templates/` when you create a page", "请用 `模板/` 写新文档"):
the folder is a tool, not a source."""
_OWNED = re.compile(
    rf"(?:{_zh(cues.ZH_BY)})(?!{_zh(cues.ZH_RANK_PRONOUNS)})"
    rf"(?:(?!{_zh(cues.ZH_BY)})[\u3400-\u9fff]){{1,24}}(?:{_zh(cues.ZH_AS_STANDARD)})"
)
"""以 <a noun> 为准: a word of authority with its own object ("以人事室公告为准"), lent to no
folder (a mention in the slot is blanked, so 以 `a/` 为准 is not one). The noun runs from the
last 以: in "以后一律以呢份为准" the 以 of 以后 starts no noun, and 呢份 lends its authority."""


def owned_object(text: str) -> str:
    """The noun of 以 <a noun> 为准 in ``text`` (Simplified), "" when it has none: a folder
    named there by its name is the authority; one named elsewhere in the clause is what the
    authority governs ("司机排班以调度系统为准": the rota is governed, the system rules)."""
    m = _OWNED.search(text)
    return m.group(0) if m else ""


_CAUTION = _both(cues.EN_CAUTION, cues.ZH_CAUTION)
_ONLY_SAID = re.compile(rf"^\W*(?:{_en(cues.EN_ONLY)}|{_zh(cues.ZH_ONLY)})\W*$", IGNORECASE)
"""A clause that is its folders and "only" ("SOPs: `sops/current/` only"): use those only."""
_TAKEN_AS = re.compile(
    rf"(?:{_zh(cues.ZH_BY)})\s*\x00\d+\x00\s*(?:{_zh(cues.ZH_AS)})[^，,。；;\x00]{{0,6}}?"
    rf"(?:{_zh(cues.ZH_AUTHORITY)})"
)
"""以 <a mention> 为 <a word of authority>: the mention is the authority ("以 `a.md` 为唯一准确
版本", "以 `b/` 作为正式依据")."""
_ONLY_SEE = re.compile(
    rf"(?:{_zh(cues.ZH_LOOK)})\s*+\x00\d++\x00\s*+(?:(?:{_zh(cues.ZH_IN_OF)})\s*+)?(?:{_zh(cues.ZH_ENOUGH)})"
    rf"|(?:{_zh(cues.ZH_BY)})[^，,。；;\x00]{{0,12}}?\x00\d++\x00\s*+(?:{_zh(cues.ZH_MAIN)})"
)
"""看 <a mention> 就好: looking there is enough ("攤位圖看 `2025/` 就好", "查 `a.md` 即可"); 以
<a mention> 为主: answers rest mainly on it (以住持审定的 `正式版/` 为主; a bare 为主 is "mostly":
"吹水为主")."""
_TREAT_AS = _both(cues.EN_TREAT_AS, cues.ZH_TREAT_AS)
_RESERVED = _both(cues.EN_RESERVED, cues.ZH_RESERVED)
_REPLACED = re.compile(
    rf"(?:{_zh(cues.ZH_SUCCESSOR_BY)})[^，,。；;\x00]{{0,8}}?(?:{_zh(cues.ZH_SUCCESSOR)})"
)
"""已被新版取代, 被 `乙/` 取代: the subject was replaced (a word of non-authority)."""
_HEDGE = re.compile(
    rf"(?:{_en(cues.EN_HEDGE)})\W*$|(?:{_zh(cues.ZH_HEDGE)})[\u3400-\u9fff]{{0,2}}$", IGNORECASE
)
_NOT_THE = re.compile(
    rf"(?:{_en(cues.EN_DENY)})\s+(?:[\w'’-]+\s+){{0,3}}$|(?:{_zh(cues.ZH_NOT_IS)})[^，,。；;]{{0,6}}$",
    IGNORECASE,
)
"""What stands before an entry word a sentence says its file is not ("not a map of this repo",
"并非本仓库的导览", "is not the index"): the sentence names no entry."""
_CONTRAST = re.compile(rf"^\W*(?:{_en(cues.EN_CONTRAST)}|{_zh(cues.ZH_CONTRAST)})", IGNORECASE)
_ELSEWHERE = _both(cues.EN_ELSEWHERE, cues.ZH_ELSEWHERE)
_UNTIL = re.compile(rf"^\W*(?:{_en(cues.EN_UNTIL)}|{_zh(cues.ZH_UNTIL)})", IGNORECASE)
_IMPERATIVE_WRITE = re.compile(
    rf"^\W*(?:please\s+|{_zh(cues.ZH_PLEASE)})?(?:{_en(cues.EN_WRITE_VERBS - cues.EN_ENTRY)}"
    rf"|(?:{_en(cues.EN_WRITE_VERBS & cues.EN_ENTRY)})\s+(?:a|an|new)\b|"
    + _zh([w for w in cues.ZH_WRITE_VERBS if len(w) > 1])
    + ")",
    IGNORECASE,
)
"""A clause that tells to write ("edit the English source instead"): no preference. A single
Chinese character is no imperative there: 发版流程 is "the release process", not "send"; "open"
writes with an article ("open a pull request"), else it starts a reading ("open `index.md`")."""
_IMPERATIVE_MAINTAIN = re.compile(
    rf"^\W*(?:please\s+|{_zh(cues.ZH_PLEASE)})?(?:(?:{_en(cues.EN_MAINTAIN)})(?!\s+(?:to|with)\b)"
    rf"|{_zh(cues.ZH_MAINTAIN)})",
    IGNORECASE,
)
"""An instruction to keep a folder in a state: "Please keep `prices/` up to date"."""
_VERB = re.compile(f"(?P<use>{USE_VERB.pattern})|(?P<write>{WRITE_VERB.pattern})", IGNORECASE)
_AND_USE = re.compile(
    rf"\s*(?:{_en(cues.EN_AND_OR)}|{_zh(cues.ZH_AND_OR)}|[,，/、])\s*"
    rf"(?:{_en(cues.EN_USE_VERBS)}|{_zh([w for w in cues.ZH_USE_VERBS if len(w) > 1])})",
    IGNORECASE,
)
"""A verb of use right after a verb of writing and "or" ("send or cite", "修改或引用"); a single
Chinese character is no verb there (删除或搬移: 搬 of 搬移 is moving)."""
_FORMER = re.compile(
    rf"(?:{_en(cues.EN_WAS)})\s+(?:still\s+)?(?:(?:the|a|an|our)\s+)?(?:{_en(cues.EN_RANK)})"
    rf"|(?:{_zh(cues.ZH_WAS)})[\u3400-\u9fff]{{0,2}}?(?:{_zh(cues.ZH_RANK)})",
    IGNORECASE,
)
"""A former rank: "was still the official wiki", "曾是官方版本" (a word of non-authority)."""
_AFFIRMED = re.compile(
    rf"(?:{_en(cues.EN_AFFIRM)}|{_zh(cues.ZH_AFFIRM)})(?=[^,，;；。.!！?？:：—–()（）]{{0,20}}?"
    rf"(?:{_en((cues.EN_AUTHORITY - cues.EN_DESCRIBING) | cues.EN_IN_FORCE)}"
    rf"|{_zh((cues.ZH_AUTHORITY - cues.ZH_DESCRIBING) | cues.ZH_IN_FORCE)}))",
    IGNORECASE,
)
"""A word of authority affirmed: "is still what we follow", "反映的是当前合同", "仍然有效"."""
_AFFIRM_NEGATED = 4
"""How far before an affirming word a negator denies it ("不代表", "no longer reflects")."""


_DONE_AFTER = re.compile(_zh(cues.ZH_DONE_AFTER))
_PARTNER_ZH = re.compile(_zh(cues.ZH_PARTNER))
_LESSER = _both(cues.EN_COPY | cues.EN_RAW, cues.ZH_COPY | cues.ZH_RAW)


_IMPERATIVE_AT = re.compile(rf"\W*(?:please\s+|{_zh(cues.ZH_PLEASE)})?", IGNORECASE)
"""What may stand before a negator that starts an imperative ("please don't ...", "请不要")."""
_WINDOW = 40
"""How far after a negator its verb is looked for (characters)."""


def _reach(text: str, start: int, window: int) -> int:
    """Where a cue at ``start`` stops reaching: ``window`` characters on, or the first
    punctuation that ends a phrase before that (:data:`.cuewords.STOP`)."""
    end = min(len(text), start + window)
    stop = _STOP.search(text, start, end)
    return end if stop is None else stop.start()


_ASIDE = re.compile(r"\s*[,，][^,，.。;；]{1,30}[,，]")
"""An aside right after a negator, between commas: its verb is looked for after it."""
_LABEL = re.compile(r"[ \t]*[:：—–][ \t]*")
"""A negator said as a label ("Don't: answer from `old/`", "唔好：用 `舊/`"): it governs what
follows the colon or dash."""
_USING_NEGATORS = frozenset(
    n for n in cues.ZH_NEGATORS if len(n) > 1 and n[-1] in cues.ZH_USE_VERBS
)
"""Negators that end in a one-character verb of use (不用): said last in a sentence, with no
object after, they forbid the folder (一律不用), as "do not use it" does; an answer "不用，请看
`b.md`" forbids nothing there."""
_SAID_LAST = re.compile(r"\s*(?:$|[。.!！;；])")
_ELIDED_USE = re.compile(rf"\s*(?:{_en(cues.EN_ELIDED_USE)})\b", IGNORECASE)
"""The source of a verb of use said before a negator: "answer from `a.md`, never from `b/`"."""


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
    reserved: bool = False  # "is there for finance", "仅供财务": kept for another use
    owned: bool = False  # "以人事室公告为准": its authority has an object of its own
    until: bool = False  # it starts with "until": where what is put out before becomes valid
    contrast: bool = False  # it starts with "but", "但": no polarity for the folders before
    said_weak: bool = False  # a word of non-authority said outright ("随手记的"), not negated
    caution: bool = False  # "请谨慎对待", "with care": to be used with care, not forbidden
    entry_denied: bool = False  # "not a map of this repo", "并非本仓库的导览"
    vouched: bool = False  # a word of authority, not denied: "approved", "已验证", "具法律效力"
    permitted: bool = False  # leave to read the pages, not negated: "fine to browse", "随便看"
    yields: bool = False  # a negated verb of replacing: "cannot replace", "不能取代"
    compared: int = 0  # a comparison of authority: 1 the subject is the better, -1 the object
    index: bool = False  # a word that names an index: "map", "的目录" (not only "read first")
    affirmed: bool = False  # its only word of authority affirmed: "still what we follow"
    denied: bool = False  # it denies a word of non-authority: "not outdated", "不要当成过期文件"
    dated: bool = False  # a fact that dates its pages: "stopped being updated", "涨价前的价格"
    only_dated: bool = False  # that fact is all it says against them (no word of non-authority)
    kept: bool = False  # a negated verb of removing: "唔好刪", "please don't move it"
    invalid: bool = False  # it calls its pages not valid: "void", "superseded", "作废"
    copy: bool = False  # its folder is called a copy or raw: "are copies", "只是复印件"
    pointer: bool = False  # "see `x/`", "详见 `x/`": where a topic is written down
    elsewhere: bool = False  # it puts out the rest: "void anywhere else", "别的地方都不算"

    @property
    def any(self) -> bool:
        return self.forbid or self.weak or self.write or self.prefer or self.entry or self.advise


_POINTER = re.compile(
    rf"(?:{_en(cues.EN_SEE)}|{_zh(cues.ZH_SEE)})\s*(?:\*\*)?\s*\x00\d+\x00", IGNORECASE
)
"""A pointer to a mention: "see `x/`", "详见 `x/`" (the mention right after)."""


@functools.lru_cache(maxsize=512)
def read_cues(text: str) -> Cues:
    """The cue words of a clause (placeholders of mentions are blanked first)."""
    named = max((m.start() for m in PLACEHOLDER.finditer(text)), default=-1)  # the last mention
    simple = to_simplified(text)
    pointer = _POINTER.search(simple) is not None  # "see `x/`", "详见 `x/`"
    bare_use = _BARE_USE.match(simple) is not None  # "答：按 `a.md`。"
    parties = len(PLACEHOLDER.findall(text))
    taken_as = (
        _TAKEN_AS.search(simple) is not None  # 以 `a.md` 为唯一准确版本
        or _ONLY_SEE.search(simple) is not None  # 看 `a/` 就好, 以 `a/` 为主
    )
    yields = yields_at(simple) >= 0  # "不能代替制度原文": the subject yields
    than = compared_at(simple)  # "more reliable than", "比 … 可靠"
    text = to_simplified(PLACEHOLDER.sub(lambda m: " " * len(m.group(0)), text))
    asks = [m.end() for m in _A_NOT_A.finditer(text)]  # 准不准, 有没有: no negator
    text = _A_NOT_A.sub(lambda m: " " * len(m.group(0)), text)
    text = _NOT_CUES.sub(lambda m: " " * len(m.group(0)), text)  # 发挥, 排除故障, 别的
    text = _CONTENT_HEAD.sub(
        lambda m: m.group(0)[: m.start(1) - m.start()] + " " * len(m.group(1)), text
    )
    former = _FORMER.search(text) is not None  # "from when it was still the official wiki"
    text = _FORMER.sub(lambda m: " " * len(m.group(0)), text)
    forbid = write = kept = False
    blank = list(text)
    negated = [False] * len(text)  # under a negator that has no verb of use or writing
    for start in asks:  # "有没有过期": whether it is, not that it is
        end = _reach(text, start, _WINDOW)
        negated[start:end] = [True] * (end - start)
    lead = _IMPERATIVE_AT.match(text)
    imperative_at = lead.end() if lead else 0  # where a negator starts an imperative
    for m in NEGATOR.finditer(text):
        start = m.end()
        if (aside := _ASIDE.match(text, start)) is not None:  # "do not, under any ..., cite"
            start = aside.end()
        elif m.start() == imperative_at and (label := _LABEL.match(text, start)) is not None:
            start = label.end()
        end = _reach(text, start, _WINDOW)
        v = _VERB.search(text, start, end)
        if (r := REMOVE_VERB.search(text, start, end)) is not None and (
            v is None
            or r.start() < v.start()
            or (r.start() == v.start() and (v.group("write") is not None or r.end() >= v.end()))
        ):
            kept = True  # "唔好刪", "不要搬位置", "please don't move it": the pages are kept
            if v is None or v.group("write") is None or v.start() != r.start():
                for i in range(m.start(), m.end()):  # the negator holds no verb of use
                    blank[i] = " "  # (搬 alone is one: 照搬)
                continue
        if v is None and _ELIDED_USE.match(text, m.end()):
            forbid = True  # "answer from `a.md`, never from `b/`"
            continue
        if v is None and m.group(0) in _USING_NEGATORS and _SAID_LAST.match(text, m.end()):
            forbid = True  # "`舊版/` 一律不用。": the negator holds its verb of use
            continue
        if v is None:
            if m.start() == imperative_at:  # "don't assume `a/` is stale",
                negated[m.end() : end] = [True] * (end - m.end())  # "别…就觉得它过时了": denied
            continue
        if v.group("use") is not None:
            if _TREAT_AS.fullmatch(v.group(0)) and NON_AUTHORITY.search(text, v.end(), end):
                negated[v.end() : end] = [True] * (end - v.end())  # "不要当成过期文件"
                continue
            forbid = True
        else:
            write = True
            forbid = forbid or _AND_USE.match(text, v.end()) is not None  # "never send or cite"
        for i in range(m.start(), m.end()):
            blank[i] = " "
    rest = "".join(blank)
    compare, plain = False, list(text)
    for m in CONFLICT.finditer(text):  # 不一致 is no negated word of authority
        if (
            _DONE_AFTER.match(text, m.end())
            and parties <= 1
            and _PARTNER_ZH.search(text, 0, m.start()) is None
        ):
            continue  # "库位就全对不上了": a state the world left it in, no comparison
        compare = True
        for i in range(m.start(), m.end()):
            blank[i] = plain[i] = " "
    said = "".join(plain)
    weak = outright = False  # outright: a word of non-authority that is no caution
    for m in _NOT.finditer(said):
        end = _reach(said, m.end(), _AUTHORITY_WINDOW)
        if (a := _AUTHORITY.search(said, m.end(), end)) is not None:
            weak = outright = True
            for i in range(m.start(), a.end()):
                blank[i] = " "
    denied = False  # a word of non-authority it denies: "not outdated", "不要当成过期文件"
    said_out = False  # a word of non-authority said outright ("随手记的"), not a negated one
    invalid = False  # a word of non-authority that says the pages are not valid ("void")
    # "if something in there is wrong, tell Ally": a case supposed, not said of the pages
    supposed = CASE.match(simple) is not None
    for m in NON_AUTHORITY.finditer(said):
        if supposed:
            continue
        before = said[max(0, m.start() - _DENY_LOOKBACK) : m.start()]
        if (d := _DENIED.search(before)) is not None and USE_VERB.search(d.group(0)) is None:
            denied = True
            continue  # "not outdated", "并非废弃": denied
        if negated[m.start()]:
            denied = True
            continue  # under "don't assume", "不要当成"
        if _QUALIFIED.search(before) is not None:
            continue  # "通过评审的提案", "approved proposals": not said
        outright = outright or _HEDGE.search(before[-14:]) is None
        vetting = _UNVETTED.fullmatch(m.group(0)) is not None  # "unverified": no verdict
        invalid = invalid or (  # "are void", "已全部失效": said of the pages
            _INVALID.fullmatch(m.group(0)) is not None and _PREDICATED.search(before) is not None
        )
        said_out = said_out or (_HEDGE.search(before[-14:]) is None and not vetting)
        weak = True
        for i in range(m.start(), m.end()):
            blank[i] = " "
    worded = weak or invalid  # a word of non-authority, before the facts that date the pages
    if _REPLACED.search(said) is not None or yields or former:
        weak = outright = said_out = True
    past = dated(
        said, named
    )  # "stopped being updated", "涨价前的价格": a fact that dates the pages
    past_said = past >= 0 and not negated[past] and not write  # "定稿后请勿再改动": writing
    past_said = past_said and not any(x.search(rest) for x in (PREFER, RANK, _ADVISE))
    if past_said:
        weak = outright = said_out = True
    forbid = forbid or any(
        not (m.group().endswith("ed") and _BY_AGENT.match(rest, m.end()))  # "ignored by git"
        and _PASSIVE_AGENT.search(rest, max(0, m.start() - 12), m.start()) is None  # 被 git 忽略
        for m in PROHIBIT.finditer(rest)
    )
    rest = "".join(blank)
    moved = WRITE_VERB.search(text) is not None or STORE.search(text) is not None
    vouched = not (forbid or weak or write or moved) and any(
        rest[m.start()] != " "  # not the word a negator before it made one of non-authority
        and NEGATOR.search(said, max(0, m.start() - _VOUCH_NEGATED), m.start()) is None
        and _NOT.search(said, max(0, m.start() - _VOUCH_NEGATED), m.start()) is None
        for m in _VOUCH.finditer(said)
    )
    ordered = _FIRST_ADJECTIVE.sub(lambda m: " " * len(m.group(0)), rest)  # "first emails"
    entries = [
        rest[max(0, m.start() - _DENY_LOOKBACK) : m.start()] for m in ENTRY.finditer(ordered)
    ]
    entry_denied = any(_NOT_THE.search(before) is not None for before in entries)
    ranks = any(_attached(rest, m, named) for m in RANK.finditer(rest))
    ranks = ranks or any(
        ((0 <= named < m.start(1)) or (named < 0 and _POINTED_BACK.search(rest, 0, m.start())))
        and WRITE_VERB.search(said, m.end()) is None  # "the ones to use when you write a page"
        for m in _THE_ONLY.finditer(said)
    )
    ranks = ranks or (than is not None and than[2])  # the subject of "more reliable than"
    affirmed = not ranks and any(  # "is still what we follow", "仍然有效"
        _NOT.search(said, max(0, m.start() - _AFFIRM_NEGATED), m.end()) is None
        and NEGATOR.search(said, m.end(), m.end() + 20) is None
        for m in _AFFIRMED.finditer(said)
    )
    ranks = ranks or affirmed
    prefers = [
        m
        for m in PREFER.finditer(ordered)
        if _attached(rest, m, named) and not _ASK.match(rest, m.end())  # "请先问制作人"
    ]
    prefers = prefers or [m for m in [_FIRST_AFTER.search(rest)] if m is not None]
    return Cues(
        forbid=forbid,
        weak=weak,
        write=write or bool(_IMPERATIVE_WRITE.match(text) or _IMPERATIVE_MAINTAIN.match(text)),
        store=bool(STORE.search(text)),
        prefer=bool(prefers or ranks or taken_as),
        rank=bool(ranks or taken_as),
        entry=bool(entries) and not entry_denied,
        entry_denied=entry_denied,
        compare=compare,
        advise=(
            (a := _ADVISE.search(rest)) is not None
            and _TOOL.search(rest, a.end()) is None
            and (named > a.start() or _ADVISE_NAMED.search(a.group(0)) is None)
        )
        or (named >= 0 and _ONLY_SAID.match(rest) is not None)
        or (bare_use and _TOOL.search(rest) is None),
        hedged=weak and not outright,
        contrast=_CONTRAST.match(text) is not None,
        until=_UNTIL.match(text) is not None,
        reserved=_RESERVED.search(text) is not None,
        owned=_OWNED.search(rest) is not None,
        caution=_CAUTION.search(text) is not None,
        said_weak=said_out,
        vouched=vouched,
        permitted=permits(simple),
        yields=yields,
        affirmed=affirmed,
        index=INDEX.search(rest) is not None,
        denied=denied,
        dated=past_said,
        only_dated=past_said and not (worded or forbid or yields or former),
        kept=kept,
        invalid=invalid,
        copy=named >= 0 and _LESSER.search(said, named) is not None and not write,
        compared=0 if than is None else 1 if than[2] else -1,
        pointer=pointer,
        elsewhere=(forbid or weak) and _ELSEWHERE.search(simple) is not None,
    )


_ASK = re.compile(rf"\s?(?:{_en(cues.EN_ASK)}|{_zh(cues.ZH_ASK)})", IGNORECASE)
"""A verb of asking a person right after a word of preference ("请先问制作人", "ask the
editor first" reads "first" after): the preference is for a person, not a folder."""
_SOURCE_VERB = re.compile(f"^(?:{_en(cues.EN_SOURCE_VERBS)})$", IGNORECASE)
_PASSIVE = re.compile(r"\b(?:be|been|being|is|are|was|were)\s+(?:[a-z]+\s+)?$", IGNORECASE)


def _attached(text: str, m: re.Match[str], named: int) -> bool:
    """Whether a word of preference reaches the folders its clause names: a verb that takes its
    source as object ("refer to", "start with") does when a folder comes after it, or when it is
    passive ("should be answered from"); one with the folders only before it has them as its
    subject ("records in `x/` refer to items ...") and prefers nothing of them. Words of
    authority ("is canonical") and clauses that name no folder lend as they are. ``named``:
    where the clause's last mention starts (-1 for none)."""
    if _SOURCE_VERB.match(m.group(0)) is None or named > m.start():
        return True
    if named < 0:  # "before they go to the volunteer forum": its own object, no folder's
        return _OWN_OBJECT.match(text, m.end()) is None
    return _PASSIVE.search(text, max(0, m.start() - 20), m.start()) is not None


_THE_ONLY = re.compile(
    rf"(?:\s(?:{_en(cues.EN_COPULAS)})|['’]s|\s[→:—–-])\s++({_en(cues.EN_THE_ONLY)}"
    rf"|(?:the|our)\s++(?:[\w-]++\s++){{0,2}}?(?:{_en(cues.EN_THE_AUTHORITY)})"
    rf"(?=\s*+(?:[.,;:!?)—–-]|$)|\s++(?:{_en(cues.EN_THE_AUTHORITY_NEXT)}))"
    rf"|(?:the|our)\s++(?:[\w-]++\s++){{0,2}}?to\s++(?:{_en(cues.EN_USE_VERBS)})\b)",
    IGNORECASE,
)
"""A copula (or an arrow, a colon, a dash) before "the one" / "the only" (see
:data:`..lang.readme.EN_THE_ONLY`), or before a noun and an infinitive of use: "that's the
version to go by", "these are the ones to use"."""
_POINTED_BACK = re.compile(rf"(?:{_en(cues.EN_BACK_POINTERS)})\s*+$", IGNORECASE)
"""A word that points back right before the copula ("that's", "it is")."""
_OWN_OBJECT = re.compile(
    rf"\s++(?:(?:{_en(cues.EN_ARTICLES)})\s++)?(?!(?:{_en(cues.EN_BACK_POINTERS)}))[A-Za-z]",
    IGNORECASE,
)
"""A noun after a verb that takes its source as object, in a clause that names no folder: the
verb's source is that noun ("go to the volunteer forum"), not a folder named elsewhere ("go to
it", "refer to them" point back and lend)."""


def polarity(c: Cues, about_writing: bool = False) -> str | None:
    """``exclude``, ``prefer``, ``entry`` or None for a clause's cues; ``about_writing``: the
    sentence is about writing or storing pages (its words of non-authority then forbid
    nothing, but a fact that dates the pages does: "is a mirror from 2022 and hasn't been kept
    in sync since", "舊的放在 `_old/`"; and so does a word that calls them not valid: "are kept
    in `_old/` and are void")."""
    if c.forbid or (c.weak and not (about_writing and not (c.dated or c.invalid))):
        return "exclude"
    if c.write:
        return None
    if c.prefer or (c.advise and not c.store):  # "请用 `范本.md` 起稿" writes
        return "prefer"
    if c.entry:
        return "entry"
    return None
