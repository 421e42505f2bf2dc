"""The wording of conditions, degrees and topics in README sentences (English, 简体, 繁體).

A condition is read into a :class:`~knowledge_retrieval.models.Condition`: the kinds a question
can be checked for (a version, a year, old or upcoming versions) or the topic words it must
mention; wording nothing can be decided from gives a condition that is not understood.
"""

from __future__ import annotations

import re

from ...models import Condition
from .kinds import KIND_WORDS

IGNORECASE = re.IGNORECASE


_ABOUT_EN = re.compile(
    r"\b(?:mentions?|mentioning|names?|naming|is about|are about|asks? about|asked about"
    r"|asking about|about|concerns?|concerning|involves?|involving|refers? to|regarding"
    r"|relates? to|related to|covers?|on the topic of|contains?|includes?)\s+(.+)",
    IGNORECASE,
)
_ABOUT_ZH = re.compile(
    r"(?:涉及|提到|提及|关于|關於|问到|問到|问及|問及|询问|詢問|包含|针对|針對|谈到|談到"
    r"|有关|有關|是|属于|屬於)(?:到)?\s*(.+)"
)
"""The topic after "about" / "涉及": the rest of the line. Searched in a clause made one line,
``(.+)`` already ends there; an anchor at the end would retry every keyword of a long line
to its end (quadratic when the text has a newline after a run of keywords)."""
_WITH_ZH = re.compile(r"(?:与|與|和|跟)(.{1,80}?)(?:有关|有關|相关|相關)")
"""A topic "与 X 有关" (X of at most 80 characters: each 与 is looked at that far, not to the end;
blanks around X are not matched by the pattern, where a run of them was retried from each
blank, but left to :func:`topic_words`)."""
_TAILS = "时候|時候|时|時|的问题|的問題|问题|問題|相关|相關|有关|有關|的内容|的內容|方面|类|類"
_TOPIC_TAIL_REVERSED = re.compile(
    "(?:{})+(?:的)?".format("|".join(sorted((t[::-1] for t in _TAILS.split("|")), key=len)[::-1]))
)
"""``(?:的)?(?:时候|...|类)+$`` read backwards from the end, the longest ending first (anchored
there, linear: searched forwards, every start in a run of these words was tried to the end)."""
_TOPIC_SPLIT = re.compile(  # the blanks around are stripped from the parts (as \s* they were
    # tried from every blank of a run to its end: quadratic in a run of blanks)
    r"/|、|,|，|;|；|\bor\b|\band\b|或者|或|和|与|與|及|以及",
    IGNORECASE,
)
_TOPIC_FILLER = re.compile(
    r"^(?:the|a|an|any|all|some|specific|particular|certain|questions?|query|queries|user"
    r"|所有|各种|各種|具体|具體|特定|某个|某個|问题|問題|用户|用戶)$",
    IGNORECASE,
)
_EN_LEAD = re.compile(r"^(?:(?:the|a|an|any|specific|particular|certain|some)\s+)+", IGNORECASE)
_EN_TAIL = re.compile(r"(?<!\s)\s+(?:questions?|queries|topics?|issues?|problems?)$", IGNORECASE)
_VAGUE = re.compile(
    r"^(?:details?|more|information|info|examples?|everything|anything|it|this|that|them"
    r"|更多|详情|詳情|细节|細節|其他|其它|完整|全部|内容|內容|更多内容|更多內容|说明|說明)$",
    IGNORECASE,
)

QUESTION_WORDS = re.compile(
    r"\b(?:questions?|asked|asks?|asking|query|queries|user|you)\b|问|問|询|詢|涉及|提到|提及",
    IGNORECASE,
)


def topic_words(text: str) -> tuple[str, ...]:
    """A topic as words to look for in a question: "API / 接口" -> ("api", "接口")."""
    out = []
    for part in _TOPIC_SPLIT.split(re.sub(r"\s+", " ", text)):
        word = part.strip().strip(" \t\"'“”‘’「」『』`:：.。")
        word = _strip_topic_tail(_EN_TAIL.sub("", _EN_LEAD.sub("", word))).strip()
        word = re.sub(r"^(?:所有|各种|各種|具体|具體|特定)(?:的)?", "", word).strip()
        if (
            word
            and len(word) <= 40
            and len(word.split()) <= 4
            and not _TOPIC_FILLER.match(word)
            and not _VAGUE.match(word)
            and re.search(r"\w", word)
        ):
            out.append(word.lower())
    return tuple(dict.fromkeys(out))


def _strip_topic_tail(word: str) -> str:
    """The word without the Chinese topic endings it ends with (时候, 的问题, 相关, 类 ...)."""
    m = _TOPIC_TAIL_REVERSED.match(word[::-1])
    return word[: len(word) - m.end()] if m else word


def read_condition(text: str, words: tuple[str, ...] = ()) -> Condition:
    """The condition a README clause states ("the question is about a specific version",
    "问题涉及具体年份", "the question mentions billing"); ``words``: backticked words in it."""
    shown = re.sub(r"\s+", " ", text).strip(" ，,。.;；:：")
    kinds = [kind for kind, rx in KIND_WORDS if rx.search(text)]
    if "old" in kinds or "upcoming" in kinds:  # "an old version": old qualifies the version
        kinds = [k for k in kinds if k != "version"]
    if kinds:
        return Condition(kinds=tuple(kinds), words=words, text=shown)
    found = list(words)
    body = QUESTION_PREFIX.sub("", re.sub(r"\s+", " ", text).strip())  # one line
    if (m := _WITH_ZH.search(body)) or (m := _ABOUT_EN.search(body) or _ABOUT_ZH.search(body)):
        found += topic_words(m.group(1))
    return Condition(words=tuple(dict.fromkeys(found)), text=shown)


QUESTION_PREFIX = re.compile(
    r"^(?:(?:the|a|an|your)\s+)?(?:question|query|user|request)s?\s+(?:is\s+|are\s+)?"
    r"|^(?:you\s+are|you're|it\s+is|it's)\s+|^(?:问题|問題|提问|提問|用户|用戶)(?:是|在)?",
    IGNORECASE,
)

_STRONG = re.compile(
    r"\b(?:always|strongly|must|source of truth|authoritative|canonical|definitive"
    r"|first choice|above all|last resort|at all costs)\b|务必|務必|一定|始终|始終|首选|首選"
    r"|权威|權威|最重要|必须|必須|强烈|強烈|尽可能不要|盡可能不要|最后才|最後才|以.{0,12}?为准"
    r"|以.{0,12}?為準",
    IGNORECASE,
)
_WEAK = re.compile(
    r"\b(?:if possible|where possible|slightly|somewhat|a little|a bit|when in doubt|may|might"
    r"|could)\b|稍微|略微|适当|適當|酌情|可以优先|可以優先|可优先|可優先|略",
    IGNORECASE,
)


def strength(text: str) -> str:
    """``strong``, ``weak`` or ``normal`` from a sentence's wording."""
    if _STRONG.search(text):
        return "strong"
    if _WEAK.search(text):
        return "weak"
    return "normal"
