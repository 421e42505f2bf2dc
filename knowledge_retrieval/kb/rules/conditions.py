"""The wording of conditions, degrees and topics in README sentences (English, 简体, 繁體).

A condition is read into a :class:`~knowledge_retrieval.models.Condition`: the kinds a question
can be checked for (a version, a year, old or upcoming versions) or the topic words it must
mention; wording nothing can be decided from gives a condition that is not understood. The
Chinese words are :mod:`knowledge_retrieval.lang.readme_conditions`' (Simplified): each pattern
is searched in a text's Simplified form (one character for one, so its offsets hold for the
text as written, and what is kept is cut from that).
"""

from __future__ import annotations

import re

from ...lang import readme as cues
from ...lang import readme_conditions as zh
from ...models import Condition
from ...text.analysis import to_simplified
from .kinds import alternatives as _alt
from .kinds import kinds_in

IGNORECASE = re.IGNORECASE


_ABOUT_EN = re.compile(
    r"\b(?:mentions?|mentioning|names?|naming|is about|are about|asks? about|asked about"
    r"|asking about|about|concerns?|concerning|involves?|involving|refers? to|regarding"
    r"|relates? to|related to|covers?|on the topic of|contains?|includes?)\s+(.+)",
    IGNORECASE,
)
_ABOUT_ZH = re.compile(rf"(?:{_alt(zh.ZH_ABOUT)})(?:{_alt(zh.ZH_TO)})?\s*(.+)")
"""The topic after "about" / "涉及": the rest of the line. Searched in a clause made one line,
``(.+)`` already ends there; an anchor at the end would retry every keyword of a long line
to its end (quadratic when the text has a newline after a run of keywords)."""
_WITH_ZH = re.compile(rf"(?:{_alt(zh.ZH_WITH)})(.{{1,80}}?)(?:{_alt(zh.ZH_RELATED)})")
"""A topic "与 X 有关" (X of at most 80 characters: each 与 is looked at that far, not to the end;
blanks around X are not matched by the pattern, where a run of them was retried from each
blank, but left to :func:`topic_words`)."""
_TOPIC_TAIL_REVERSED = re.compile(
    "(?:{})+(?:{})?".format(
        "|".join(sorted((re.escape(t[::-1]) for t in zh.ZH_TOPIC_TAILS), key=len)[::-1]),
        _alt(cues.ZH_OF),
    )
)
"""``(?:的)?(?:时候|...|类)+$`` read backwards from the end, the longest ending first (anchored
there, linear: searched forwards, every start in a run of these words was tried to the end)."""
_TOPIC_SPLIT = re.compile(  # the blanks around are stripped from the parts (as \s* they were
    # tried from every blank of a run to its end: quadratic in a run of blanks)
    rf"/|、|,|，|;|；|\bor\b|\band\b|{_alt(zh.ZH_TOPIC_SPLIT)}",
    IGNORECASE,
)
_TOPIC_FILLER = re.compile(
    r"^(?:the|a|an|any|all|some|specific|particular|certain|questions?|query|queries|user"
    rf"|{_alt(zh.ZH_TOPIC_FILLER)})$",
    IGNORECASE,
)
_TOPIC_LEAD = re.compile(rf"^(?:{_alt(zh.ZH_TOPIC_LEAD)})(?:{_alt(cues.ZH_OF)})?")
_EN_LEAD = re.compile(r"^(?:(?:the|a|an|any|specific|particular|certain|some)\s+)+", IGNORECASE)
_EN_TAIL = re.compile(r"(?<!\s)\s+(?:questions?|queries|topics?|issues?|problems?)$", IGNORECASE)
_VAGUE = re.compile(
    r"^(?:details?|more|information|info|examples?|everything|anything|it|this|that|them"
    rf"|{_alt(zh.ZH_VAGUE)})$",
    IGNORECASE,
)

_QUESTION_WORDS = re.compile(
    rf"\b(?:questions?|asked|asks?|asking|query|queries|user|you)\b|{_alt(zh.ZH_QUESTION_CUES)}",
    IGNORECASE,
)


def names_question(text: str) -> bool:
    """Whether a condition is about the question ("the question mentions", "问到")."""
    return _QUESTION_WORDS.search(to_simplified(text)) is not None


def _split(rx: re.Pattern[str], text: str) -> list[str]:
    """``rx.split(text)`` with ``rx`` matched in the text's Simplified form."""
    out, pos = [], 0
    for m in rx.finditer(to_simplified(text)):
        out.append(text[pos : m.start()])
        pos = m.end()
    out.append(text[pos:])
    return out


def topic_words(text: str) -> tuple[str, ...]:
    """A topic as words to look for in a question: "API / 接口" -> ("api", "接口")."""
    out = []
    for part in _split(_TOPIC_SPLIT, re.sub(r"\s+", " ", text)):
        word = part.strip().strip(" \t\"'“”‘’「」『』`:：.。")
        word = _strip_topic_tail(_EN_TAIL.sub("", _EN_LEAD.sub("", word))).strip()
        if lead := _TOPIC_LEAD.match(to_simplified(word)):
            word = word[lead.end() :].strip()
        simple = to_simplified(word)
        if (
            word
            and len(word) <= 40
            and len(word.split()) <= 4
            and not _TOPIC_FILLER.match(simple)
            and not _VAGUE.match(simple)
            and re.search(r"\w", word)
        ):
            out.append(word.lower())
    return tuple(dict.fromkeys(out))


def _strip_topic_tail(word: str) -> str:
    """The word without the Chinese topic endings it ends with (时候, 的问题, 相关, 类 ...)."""
    m = _TOPIC_TAIL_REVERSED.match(to_simplified(word)[::-1])
    return word[: len(word) - m.end()] if m else word


def read_condition(text: str, words: tuple[str, ...] = ()) -> Condition:
    """The condition a README clause states ("the question is about a specific version",
    "问题涉及具体年份", "the question mentions billing"); ``words``: backticked words in it."""
    shown = re.sub(r"\s+", " ", text).strip(" ，,。.;；:：")
    kinds = kinds_in(text)
    if "old" in kinds or "upcoming" in kinds:  # "an old version": old qualifies the version
        kinds = [k for k in kinds if k != "version"]
    if kinds:
        return Condition(kinds=tuple(kinds), words=words, text=shown)
    found = list(words)
    body = re.sub(r"\s+", " ", text).strip()  # one line
    if prefix := QUESTION_PREFIX.match(to_simplified(body)):
        body = body[prefix.end() :]
    simple = to_simplified(body)
    if (m := _WITH_ZH.search(simple)) or (
        m := _ABOUT_EN.search(simple) or _ABOUT_ZH.search(simple)
    ):
        found += topic_words(body[m.start(1) : m.end(1)])
    return Condition(words=tuple(dict.fromkeys(found)), text=shown)


QUESTION_PREFIX = re.compile(
    r"^(?:(?:the|a|an|your)\s+)?(?:question|query|user|request)s?\s+(?:is\s+|are\s+)?"
    rf"|^(?:you\s+are|you're|it\s+is|it's)\s+|^(?:{_alt(zh.ZH_QUESTION_SUBJECT)})"
    rf"(?:{_alt(zh.ZH_IS)})?",
    IGNORECASE,
)
"""The subject a condition starts with (matched in its Simplified form)."""

_STRONG = re.compile(
    r"\b(?:always|strongly|must|source of truth|authoritative|canonical|definitive"
    rf"|first choice|above all|last resort|at all costs)\b|{_alt(zh.ZH_STRONG)}"
    rf"|(?:{_alt(cues.ZH_BY)}).{{0,12}}?(?:{_alt(cues.ZH_AS_STANDARD)})",
    IGNORECASE,
)
_WEAK = re.compile(
    r"\b(?:if possible|where possible|slightly|somewhat|a little|a bit|when in doubt|may|might"
    rf"|could)\b|{_alt(zh.ZH_WEAK)}",
    IGNORECASE,
)


def strength(text: str) -> str:
    """``strong``, ``weak`` or ``normal`` from a sentence's wording."""
    simple = to_simplified(text)
    if _STRONG.search(simple):
        return "strong"
    if _WEAK.search(simple):
        return "weak"
    return "normal"
