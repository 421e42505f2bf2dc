"""Understand a query: its keywords (each with the index terms that prove it), weights, constraints."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import lang
from ..defaults import MAX_QUERY_CHARS, MAX_QUERY_KEYWORDS
from ..text.analysis import (
    CJK_STOP,
    VERB_PARTICLES,
    cjk_question_prefix,
    cjk_question_word,
    cjk_units,
    has_cjk,
    iter_tokens,
    jieba_cut,
    jieba_words,
    mixed_identifiers,
    spoken_form,
    to_simplified,
    word_terms,
)
from ..text.asked import Kind, asked_kind
from ..text.wordclass import noun_suffix

CROSS_WEIGHT = 0.5
SINGLE_WEIGHT = 1.0
"""Weight of a query bigram that spans two words, or a question word."""

THREE_CHAR_PART_CREDIT = 0.8
"""One bigram of a three-character word (计算 of 计算机) is another word: under the half that
makes a keyword matched; both are the word, nearly."""
_CJK_RUN_CHARS = 8 * MAX_QUERY_KEYWORDS
"""A Chinese run is segmented up to this many characters (room for the most keywords)."""

_HOW_WORKS = tuple(re.compile(p, re.IGNORECASE | re.DOTALL) for p in lang.HOW_WORKS)
"""How something goes, asked (the "work" that ends "how do refunds work", group 1): what is
asked, not a topic the answer must name (a FAQ's "which test cards work in the sandbox")."""
_VERSIONS = tuple(re.compile(p, re.IGNORECASE) for p in lang.VERSIONS)
"""A version asked for, per language; the first group that matched is the version."""
_LATEST_RE = re.compile(lang.LATEST)
_OVERVIEW_RE = re.compile(lang.OVERVIEW, re.IGNORECASE)
_TAG_WITH_ATTRIBUTES = re.compile(r"</?[A-Za-z][\w.:-]*+\s[^<>=]*=[^<>]*>")
_BRAND_WORD = re.compile(r"[a-z][A-Z][A-Za-z]+")
"""A name with a lowercase prefix (iPadOS, eBay, mTLS), no digits: a word, not camelCase."""
_SLASHED_WORD = re.compile(r"[A-Za-z][a-z]+|[A-Z]{2,5}")
"""A word of a slashed pair of words (read/write, Erlang/Elixir, TCP/IP)."""


@dataclass(frozen=True, slots=True)
class Keyword:
    """One thing the user asked about, and the index terms that show a file has it."""

    text: str
    """As the user wrote it."""
    whole: str | None
    """A term that proves the keyword on its own (a whole identifier, a long Chinese word)."""
    parts: tuple[str, ...]
    """Terms that together prove it (stems, identifier parts, CJK bigrams)."""
    part_credit: float = 1.0
    """Credit when every part but not the whole is found (identifier parts prove less)."""
    phrasal: bool = False
    """A verb and its particle (times out, locked out, log in): the whole is the noun they make
    (timeout, lockout, login), which a KB may have without either word; it is never taken for
    a misspelling, and where the KB lacks the noun only the verb is asked about."""
    joined: bool = False
    """A two-character Chinese word and the lone character after it, taken for one word
    (状态 + 码): where the KB never writes the last two together (病人 + 用 of 病人用網路預約),
    only the word is asked about."""
    written: str = ""
    """A Chinese keyword in the user's own characters when they differ from :attr:`text`
    (運單 for 运单): what results show as matched."""

    @property
    def shown(self) -> str:
        """The keyword as the user typed it (Traditional stays Traditional)."""
        return self.written or self.text

    @property
    def filler_like(self) -> bool:
        """A two-character Chinese word with a question or function character (何年, 哪边,
        油在): filler when the KB has never seen it, a topic when it has (几何, 哪吒). A noun
        of the dictionary is no filler, whatever its characters (猫咪, 咪表)."""
        from ..text.wordclass import chinese_tag

        return (
            len(self.text) == 2
            and has_cjk(self.text)
            and any(c in lang.INTERROGATIVES or c in CJK_STOP for c in self.text)
            and not chinese_tag(to_simplified(self.text)).startswith("n")
        )

    @property
    def terms(self) -> tuple[str, ...]:
        return ((self.whole,) if self.whole else ()) + self.parts

    def complete(self, found: set[str] | frozenset[str]) -> bool:
        """The terms prove the keyword: its whole term, or every part."""
        return bool(self.whole and self.whole in found) or (
            bool(self.parts) and all(p in found for p in self.parts)
        )

    def coverage(self, found: set[str] | frozenset[str]) -> float:
        """How well a set of matched terms covers this keyword, 0..1."""
        if self.whole and self.whole in found:
            return 1.0
        if not self.parts:
            return 0.0
        hit = sum(1 for p in self.parts if p in found)
        return self.part_credit * hit / len(self.parts)


@dataclass(frozen=True, slots=True)
class Query:
    """An analyzed query."""

    text: str
    lang: str
    """``zh`` when the query has Chinese, else ``en`` (answers and messages follow it)."""
    keywords: tuple[Keyword, ...]
    terms: dict[str, float] = field(default_factory=dict)
    """Index term -> query weight, for ranking."""
    bonus_terms: frozenset[str] = frozenset()
    """Terms that raise a section's relevance without counting in the most it could score
    (a lone Chinese character: 蓍 in 蓍的别名)."""
    version: str | None = None
    """A version the query asks for (``v2`` -> ``2``)."""
    latest: bool = False
    """The query asks for the newest document."""
    wants_index: bool = False
    """The query asks for an overview / table of contents (entry files may then answer)."""
    asks: Kind | None = None
    """The kind of value the query asks for (``duration`` for "how long ...", 多久), if any."""


def analyze_query(text: str) -> Query:
    """Analyze a query string; never raises, never interprets query syntax.

    >>> q = analyze_query("payment.retry.max_attempts default")
    >>> [k.text for k in q.keywords]
    ['payment.retry.max_attempts', 'default']
    """
    text = "".join(ch if ch.isprintable() or ch in "\t\n" else " " for ch in text[:MAX_QUERY_CHARS])
    # markup pasted with a question (a page description's <img src=... alt=...>) is formatting:
    # tags with attributes are dropped; a bare tag (<Tabs>) may be what is asked about
    untagged = _TAG_WITH_ATTRIBUTES.sub(" ", text)
    if untagged.strip():
        text = untagged
    keywords: dict[str, Keyword] = {}
    terms: dict[str, float] = {}
    bonus: set[str] = set()

    def add_term(t: str, w: float) -> None:
        terms[t] = max(terms.get(t, 0.0), w)

    prev = ""  # the word before, lower case ("" after Chinese)
    verb: tuple[str, str] | None = None  # (its term, as written): the keyword the word before made
    spoken = spoken_form(text)
    how_works = next((m for p in _HOW_WORKS if (m := p.search(spoken))), None)
    asks = asked_kind(text)
    # identifiers that mix scripts (M3-數A): one keyword, whole, where the tokens split them
    mixed = {start: (whole, end) for whole, start, end in mixed_identifiers(spoken)}
    inside_mixed = 0  # the end of the mixed identifier the tokens are in
    for kind, raw, start, _e in iter_tokens(spoken):
        if len(keywords) >= MAX_QUERY_KEYWORDS:
            break  # a pasted page, not a question: the first keywords are analysed
        if start < inside_mixed:
            continue
        if start in mixed:
            code, inside_mixed = mixed[start]
            typed = spoken[start:inside_mixed]
            pieces = _mixed_parts(typed)
            add_term(code, 1.0)
            for p in pieces:
                add_term(p, 0.4)
            keywords.setdefault(code, Keyword(typed, code, pieces, 0.6))
            prev, verb = "", None
            continue
        before, prev = prev, raw.lower() if kind != "cjk" else ""
        after_verb, verb = verb, None
        if after_verb is not None and kind != "cjk" and raw.lower() in VERB_PARTICLES:
            stem, written = after_verb
            _w, particle = word_terms(raw)
            compound = stem + raw.lower()
            del keywords[stem]
            add_term(compound, 1.0)
            for t in particle:
                add_term(t, 1.0)
            keywords[compound] = Keyword(
                f"{written} {raw}", compound, (stem, *particle), 1.0, phrasal=True
            )
            continue
        if kind == "cjk":
            if len(raw) > _CJK_RUN_CHARS:
                raw = raw[:_CJK_RUN_CHARS]
            # one for one with raw (Simplified); an A-not-A question (收不收, 可唔可以) asks
            # yes or no of A: its negated half is no word of the topic
            raw, typed = _one_of_a_not_a(raw, spoken[start : start + len(raw)])
            marked = _segment(raw)
            words = [w for w, _j in marked]
            cut = _cut_after_keywords(raw, words, MAX_QUERY_KEYWORDS - len(keywords))
            if len(cut) < len(raw):
                raw, marked = cut, _segment(cut)
            inside: set[str] = set()
            typed, at = typed[: len(raw)], 0
            for w, joined in marked:
                w = w[cjk_question_prefix(w) :]  # 几首歌: the songs are asked about, not 几首
                found = raw.find(w, at) if w else -1
                written = typed[found : found + len(w)] if found >= 0 else w
                at = found + len(w) if found >= 0 else at
                if len(w) < 2 or cjk_question_word(w) or all(c in CJK_STOP for c in w):
                    continue
                units = cjk_units(w)
                inside.update(units)
                credit = THREE_CHAR_PART_CREDIT if len(units) == 2 else 1.0
                keywords.setdefault(
                    w,
                    Keyword(
                        w,
                        w if len(w) >= 3 else None,
                        tuple(units),
                        credit,
                        joined=joined,
                        written=written if written != w else "",
                    ),
                )
            for u in cjk_units(raw):
                if len(u) == 1 and u in CJK_STOP:
                    continue
                # bigrams across word boundaries (单状 in 订单|状态) say less than those inside
                add_term(u, 1.0 if u in inside else CROSS_WEIGHT)
            for w in jieba_words(raw):
                add_term(w, 1.0)
            for w in jieba_cut(raw):
                if len(w) == 1 and w not in CJK_STOP:
                    add_term(to_simplified(w), SINGLE_WEIGHT)
                    bonus.add(to_simplified(w))
        else:
            whole, parts = word_terms(raw)
            if whole and _BRAND_WORD.fullmatch(raw):
                # iPadOS, eBay, mTLS: a name written with a lowercase prefix is one word, its
                # camelCase pieces (pad, os) are no parts of it
                add_term(whole, 1.0)
                for p in parts:
                    add_term(p, 0.4)
                keywords.setdefault(whole, Keyword(raw, None, (whole,)))
            elif whole:
                # a hyphenated compound of plain words (cell-autonomously, loss-of-function) is
                # prose: its words prove it as well as the compound does; an identifier's parts
                # (payment.retry.max_attempts, PAY-1234) prove less than the identifier
                prose = _is_prose_compound(raw)
                add_term(whole, 1.0)
                for p in parts:
                    add_term(p, 1.0 if prose else 0.4)
                if parts:
                    keywords.setdefault(
                        whole, Keyword(raw.strip("/"), whole, tuple(parts), 1.0 if prose else 0.6)
                    )
            elif parts:
                p = parts[0]
                low = raw.lower()
                noise = (
                    low in lang.NOISE
                    or low in lang.QUESTION_PHRASES.get(before, ())
                    or (asks is not None and low in lang.KIND_WORDS.get(asks, ()))
                    or (how_works is not None and start == how_works.start(1))
                )
                add_term(p, 0.3 if noise else 1.0)
                if not noise and p not in keywords:
                    keywords[p] = Keyword(raw, None, (p,))
                    if raw.isalpha() and raw.lower() not in VERB_PARTICLES:
                        verb = (p, raw)
    simple = to_simplified(text)  # lang writes Chinese in Simplified
    version = None
    m = next((m for p in _VERSIONS if (m := p.search(simple))), None)
    if m:
        version = next(g for g in m.groups() if g)
    return Query(
        text=text,
        lang="zh" if has_cjk(text) else "en",
        keywords=tuple(keywords.values()),
        terms=terms,
        bonus_terms=frozenset(bonus - {t for k in keywords.values() for t in k.terms}),
        version=version,
        latest=bool(_LATEST_RE.search(simple)),
        wants_index=bool(_OVERVIEW_RE.search(simple)),
        asks=asks,
    )


def _mixed_parts(typed: str) -> tuple[str, ...]:
    """The part terms of a mixed-script identifier, as the index makes them (m3, 数 of M3-數A)."""
    parts: list[str] = []
    for kind, raw, _s, _e in iter_tokens(typed):
        if kind == "cjk":
            parts.extend(cjk_units(raw))
        else:
            whole, pieces = word_terms(raw)
            parts.extend((whole,) if whole else pieces)
    return tuple(dict.fromkeys(parts))


_A_NOT_A = re.compile(rf"([^\W\d_])[{''.join(sorted(lang.NEGATIONS))}](?=\1)")
"""The first half of an A-not-A question, A and its negation (收不 of 收不收, 可唔 of 可唔可以,
有没 of 有没有): in Simplified characters, one character compared with the next but one."""


def _one_of_a_not_a(raw: str, typed: str) -> tuple[str, str]:
    """``raw`` and ``typed`` (one character for one) without the first half of each A-not-A
    form (医院收不收支票 -> 医院收支票): the question asks yes or no of A, and a keyword made
    of A and its negation (收不, 不能) names nothing the answer has."""
    spans = [m.span() for m in _A_NOT_A.finditer(raw)]
    if not spans:
        return raw, typed
    keep = [True] * len(raw)
    for a, b in spans:
        keep[a:b] = [False] * (b - a)
    return (
        "".join(c for c, k in zip(raw, keep, strict=True) if k),
        "".join(c for c, k in zip(typed, keep, strict=False) if k),
    )


def _is_keyword_word(w: str) -> bool:
    return not (len(w) < 2 or cjk_question_word(w) or all(c in CJK_STOP for c in w))


def _cut_after_keywords(raw: str, words: list[str], room: int) -> str:
    """``raw`` cut after the word that makes its ``room``-th keyword, when more follow."""
    if sum(map(_is_keyword_word, words)) <= room:
        return raw
    pos = count = 0
    for w in words:
        at = raw.find(w, pos)
        if at < 0:
            return raw
        pos = at + len(w)
        count += _is_keyword_word(w)
        if count >= room:
            return raw[:pos]
    return raw


def _is_prose_compound(raw: str) -> bool:
    """Words joined by hyphens, each lowercase or capitalised (``cell-autonomously``,
    ``Hutchinson-Gilford``), or ending in a lowercase word (``M2-like``); two or three words
    joined by slashes (``read/write``, ``Erlang/Elixir``, ``TCP/IP``); not an identifier
    (``PAY-1234``, ``kebab-Case2``, ``ORDER-STATUS``, ``X-Request-Id``, ``/api/v2/orders``,
    ``orders:write``)."""
    if "/" in raw:
        words = raw.split("/")
        return 2 <= len(words) <= 3 and all(_SLASHED_WORD.fullmatch(w) for w in words)
    pieces = raw.split("-")
    if pieces[0] == "X" and len(pieces) > 2 and all(p[:1].isupper() for p in pieces[1:]):
        return False  # a custom HTTP header (X-Idempotency-Key, X-Request-Id)
    if len(pieces) < 2:
        return False
    if all(p.isalpha() and (len(p) == 1 or p[1:].islower()) for p in pieces):
        return any(len(p) > 1 for p in pieces)  # T-shirt, X-ray; P-D is a code of letters
    # ... or a word that ends in a lowercase word (M2-like, ER-localized, NF-kB-dependent,
    # 7-day-old): it describes, it names nothing; a code has a run of digits (PAY-1234-refund)
    last = pieces[-1]
    return (
        len(last) >= 3
        and last.isalpha()
        and last.islower()
        and all(p.isalnum() and sum(c.isdigit() for c in p) <= 2 for p in pieces)
    )


def _segment(run: str) -> list[tuple[str, bool]]:
    """Words of a CJK run for keywords: jieba's segmentation (bigram chunks for short runs),
    each with whether it is a word and the lone character after it (:attr:`Keyword.joined`)."""
    if len(run) <= 2:
        return [(run, False)]
    words: list[str] = []
    singles: list[str] = []

    def flush() -> None:
        # lone content characters: one joins the two-character word before it (状态 + 码);
        # a run of them (words jieba does not know) is cut into two-character chunks
        if len(singles) == 1:
            prev = words[-1] if words else ""
            if (
                len(prev) == 2
                and not prev.startswith("\0")
                and not cjk_question_word(prev)
                and noun_suffix(singles[0])
            ):
                words[-1] = "\0\1" + prev + singles[0]
        elif singles:
            chunks = ["".join(singles[i : i + 2]) for i in range(0, len(singles), 2)]
            if len(chunks) > 1 and len(chunks[-1]) == 1:
                last = chunks.pop()
                chunks[-1] += last
            words.extend(chunks)
        singles.clear()

    for w in jieba_cut(run):
        if len(w) == 1:
            if w in CJK_STOP:
                if len(singles) == 1 and w not in lang.PARTICLES:
                    # a lone character and the one after it are likely one word (幂 + 等)
                    words.append("\0" + singles.pop() + w)
                flush()
                words.append("\0")  # nothing joins across a stop character
            else:
                singles.append(w)
            continue
        flush()
        words.append(w)
    flush()
    return [(w.lstrip("\0\1"), w.startswith("\0\1")) for w in words if w.lstrip("\0\1")]
