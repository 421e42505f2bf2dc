"""Turn text into index terms: English words stemmed, identifiers whole and by parts, CJK bigrams.

One tokenizer serves the index and the query, so both always agree. Its version is stamped in
every index; changing what it emits means bumping :data:`ANALYZER_VERSION`.

>>> index_terms("ORDER_STATUS_PAID means paid")
['order_status_paid', 'order', 'status', 'paid', 'mean', 'paid']
>>> index_terms("订单状态码")
['订单', '单状', '状态', '态码']
"""

from __future__ import annotations

import functools
import re
import sys
import threading
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any

import Stemmer

from .. import lang

ANALYZER_VERSION = "kr-7"
"""Recorded in the index stamp; an index built by another version is rebuilt."""

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002a6df"
_WORD = r"A-Za-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff"
# A compound token: words joined by identifier punctuation (snake_case, dotted.keys, PAY-1234,
# /api/v2/orders/{id}); or one run of CJK characters.
_WORD_TOKEN = rf"/?\{{?[{_WORD}]+\}}?(?:[._\-/:#]+\{{?[{_WORD}]+\}}?)*"
if sys.version_info >= (3, 11):
    # the same tokens, possessive: nothing after a run of letters or joiners can match them,
    # so keeping no way back changes no match and spares the regex its bookkeeping (-15%)
    _WORD_TOKEN = rf"/?\{{?[{_WORD}]++\}}?(?:[._\-/:#]++\{{?[{_WORD}]++\}}?)*+"
TOKEN_RE = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>{_WORD_TOKEN})")
_WORD_TOKEN_RE = re.compile(_WORD_TOKEN)
"""TOKEN_RE's word alternative alone: on text without CJK it finds the same tokens."""
_CJK_RE = re.compile(f"[{_CJK}]")
_JOINER = r"._\-/:#"
_MIXED = (
    rf"(?<![{_WORD}{_JOINER}])[{_WORD}]+(?:[{_JOINER}][{_WORD}]+)*"
    rf"[{_JOINER}][{_CJK}]{{1,2}}(?![{_CJK}])-?[{_WORD}]+(?:[{_JOINER}][{_WORD}]+)*"
)
if sys.version_info >= (3, 11):  # the same matches, possessive (see _WORD_TOKEN)
    _MIXED = (
        rf"(?<![{_WORD}{_JOINER}])[{_WORD}]++(?:[{_JOINER}][{_WORD}]++)*+"
        rf"[{_JOINER}][{_CJK}]{{1,2}}+(?![{_CJK}])-?[{_WORD}]++(?:[{_JOINER}][{_WORD}]++)*+"
    )
_CJK_FIRST = (
    rf"(?<![{_WORD}{_JOINER}{_CJK}])[{_CJK}]{{1,2}}-[{_CJK}]{{0,2}}[{_WORD}]++"
    rf"(?:[{_JOINER}][{_WORD}]++)*+"
)
if sys.version_info < (3, 11):
    _CJK_FIRST = _CJK_FIRST.replace("++", "+").replace("*+", "*")
MIXED_RE = re.compile(f"{_MIXED}|{_CJK_FIRST}")
"""An identifier that mixes scripts: letters or digits, a joiner, then one or two Chinese
characters with letters or digits glued after them (the class code ``M3-數A``); or one or two
Chinese characters alone, a hyphen and letters or digits (the kiln ``爐-3``, the lamp ``東-12-085``,
the form ``安-表05``; not after a longer run of Chinese). The tokenizer
splits it at the script change (m3, 数, a); the index also keeps it whole, so a class the KB
does not have (``M1-英A``) is not found from its parts. Starts only where a compound starts
(nothing of a word or a joiner before it): linear time."""
_SPLIT_RE = re.compile(r"[._\-/:#{}]+")
_CAMEL_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_]+")
_ACRONYM_PLURAL_RE = re.compile(r"(?<=[A-Z][A-Z])s(?![a-z])")
"""The ``s`` of an acronym's plural (SKUs, IDs, mRNAs, CRDs): an inflection like any other,
not a camelCase word of its own (which made ``SKUs`` the parts ``sk`` and ``us``)."""

VERB_PARTICLES = lang.VERB_PARTICLES
"""After a verb these make a phrasal verb whose noun is one word (:data:`.lang.en.VERB_PARTICLES`)."""
STOP_WORDS = lang.STOP_WORDS
"""Words too common to count as keywords (:data:`.lang.en.STOP_WORDS`)."""
CJK_STOP = lang.STOP_CHARS
"""Characters that carry no topic on their own (:data:`.lang.zh.STOP_CHARS`), in Simplified."""
CJK_QUESTION_WORDS = lang.QUESTION_WORDS
"""Question words dropped from a query's keywords (:data:`.lang.zh.QUESTION_WORDS`), in
Simplified: they are matched against the words of :func:`iter_tokens`' converted runs."""
_CJK_WHICH = re.compile(lang.QUESTION_MEASURE)
"""An interrogative and a measure word: 哪一位, 几首, 多快 (:data:`.lang.zh.QUESTION_MEASURE`)."""


def cjk_question_prefix(word: str) -> int:
    """The length of a question word (哪一种, 几首) that a longer word starts with (jieba has
    几首歌 and 哪一种米 as words), else 0; ``word`` in Simplified characters."""
    m = _CJK_WHICH.match(word)
    return m.end() if m is not None and m.end() < len(word) else 0


def cjk_question_word(word: str) -> bool:
    """A Chinese question word: listed (:data:`CJK_QUESTION_WORDS`), or 哪 / 何 with a measure
    word; ``word`` in Simplified characters."""
    return word in CJK_QUESTION_WORDS or _CJK_WHICH.fullmatch(word) is not None


_jieba_lock = threading.RLock()  # re-entered: _indexing_cut may load the full dictionary
_jieba_full: Any = None
_jieba_query: Any = None


def _load_full() -> Any:
    """jieba with its whole dictionary in memory (indexing segments every document with it)."""
    global _jieba_full
    if _jieba_full is None:
        with _jieba_lock:
            if _jieba_full is None:
                import logging

                from .cjkdict import import_jieba, jieba_tokenizer, write_copy

                jieba = import_jieba()
                jieba.setLogLevel(logging.WARNING)
                tok = jieba_tokenizer()
                tok.initialize()
                write_copy(tok.FREQ, tok.total)
                _jieba_full = tok
    return _jieba_full


def _jieba() -> Any:
    """The full jieba when loaded, else one reading the on-disk dictionary copy (a query-only
    process then starts in milliseconds), else the full one."""
    global _jieba_query
    if _jieba_full is not None:
        return _jieba_full
    if _jieba_query is None:
        with _jieba_lock:
            if _jieba_query is None:
                from .cjkdict import open_query_tokenizer

                _jieba_query = open_query_tokenizer() or False
    return _jieba_query or _load_full()


def jieba_cut(run: str) -> list[str]:
    """jieba's words of a CJK run (dictionary only, no HMM guessing)."""
    return list(_jieba().cut(run, HMM=False))


def jieba_word(word: str) -> bool:
    """``word`` (Simplified) is an entry of jieba's dictionary (书箱, 申报; not 书相, 年可): its
    own count, which the dictionary gives the prefixes of its words as 0."""
    return bool(_jieba().FREQ.get(word))


def jieba_words(run: str, cut: Callable[[str], list[str]] = jieba_cut) -> list[str]:
    """Words of three or more characters in a CJK run (two-character words are its bigrams)."""
    if len(run) < 3:
        return []
    return [w for w in cut(run) if len(w) >= 3]


_index_cut: Callable[[str], list[str]] | None = None


def _indexing_cut() -> Callable[[str], list[str]]:
    """How the index segments a CJK run: jieba's dictionary cut, by ``rjieba`` (jieba-rs, the
    same dictionary and the same cut, about ten times faster) when it is installed, else by
    jieba with its whole dictionary in memory. jieba's dictionary is still loaded once per
    machine, to write the copy queries read (:mod:`.cjkdict`)."""
    global _index_cut
    if _index_cut is not None:
        return _index_cut
    with _jieba_lock:  # one thread imports jieba (a half-imported module has no __version__)
        if _index_cut is not None:
            return _index_cut
        cut: Callable[[str], list[str]] = jieba_cut
        try:
            import rjieba

            from .cjkdict import cache_path

            if cache_path().is_file():

                def cut(run: str) -> list[str]:
                    return list(rjieba.cut(run, hmm=False))

            else:
                _load_full()  # writes the copy; the next build uses rjieba
        except ImportError:
            _load_full()
        _index_cut = cut
    return _index_cut


_snowball = Stemmer.Stemmer("english")
_snowball.maxCacheSize = 0  # stem() is cached in front of it: its own cache only costs


@functools.lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """English (Snowball) stem of a lowercase word; other scripts and numbers pass unchanged."""
    if not word.isascii() or not word.isalpha() or len(word) < 3:
        return word
    return str(_snowball.stemWord(word))


def _word_parts(raw: str) -> list[str]:
    """Parts of an identifier: split on punctuation, then on camelCase."""
    parts: list[str] = []
    for piece in _SPLIT_RE.split(raw):
        if not piece:
            continue
        sub = _CAMEL_RE.findall(piece) if not piece.isupper() and not piece.islower() else [piece]
        parts.extend(s.lower() for s in sub if s)
    return parts


def cjk_units(run: str) -> list[str]:
    """Bigrams of a CJK run (the character itself for a one-character run)."""
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


_t2s_table: dict[int, str] | None = None


def to_simplified(run: str) -> str:
    """Traditional characters mapped to Simplified, one for one (so offsets stay valid).

    Index and query both go through it, so 離島配送 and 离岛配送 are the same terms.
    """
    global _t2s_table
    if _t2s_table is None:
        from importlib.resources import files

        table: dict[int, str] = {}
        data = files("opencc").joinpath("dictionary/TSCharacters.txt").read_text(encoding="utf-8")
        for line in data.splitlines():
            src, _tab, dst = line.partition("\t")
            if len(src) == 1 and dst:
                first = dst.split()[0]
                if len(first) == 1:
                    table[ord(src)] = first
        _t2s_table = table
    return run.translate(_t2s_table)


@functools.cache
def _s2t() -> dict[str, str]:
    """Simplified character -> the first Traditional one :func:`to_simplified` maps to it."""
    to_simplified("")  # loads the table
    assert _t2s_table is not None
    out: dict[str, str] = {}
    for src, dst in _t2s_table.items():
        if chr(src) != dst:
            out.setdefault(dst, chr(src))
    return out


def to_traditional(char: str) -> str:
    """A Simplified character in Traditional (报 -> 報); itself where both write it alike."""
    return _s2t().get(char, char)


def iter_tokens(text: str) -> Iterator[tuple[str, str, int, int]]:
    """Yield ``(kind, term text, start, end)`` for each compound token (``cjk`` or ``word``).

    CJK runs come back in Simplified characters; offsets point into the original text.
    """
    for m in TOKEN_RE.finditer(text):
        if m.group("cjk"):
            yield "cjk", to_simplified(m.group(0)), m.start(), m.end()
        else:
            yield "word", m.group(0), m.start(), m.end()


def _word_terms(raw: str) -> tuple[str | None, tuple[str, ...]]:
    """:func:`word_terms`, uncached."""
    raw = raw.strip("/")
    if "s" in raw:
        raw = _ACRONYM_PLURAL_RE.sub("", raw)
    if raw.isalnum() and (raw.islower() or raw.isupper()):
        # one piece, no camelCase (most words): what _word_parts gives, without its regexes
        word = raw.lower()
        return None, (() if word in STOP_WORDS else (stem(word),))
    parts = _word_parts(raw)
    whole = raw.lower()
    if len(parts) <= 1:
        word = parts[0] if parts else whole
        return None, (() if word in STOP_WORDS else (stem(word),))
    return whole, tuple(stem(p) for p in parts if p not in STOP_WORDS)


@functools.lru_cache(maxsize=500_000)
def word_terms(raw: str) -> tuple[str | None, tuple[str, ...]]:
    """The whole-identifier term (or None for a plain word) and the stemmed part terms.

    Cached: a corpus repeats its words, so most tokens are analysed once per process.
    """
    return _word_terms(raw)


class _WordTerms(dict[str, tuple[str, ...]]):
    """A word token -> its index terms (:func:`word_terms`, the whole identifier first), filled
    on first use and emptied past :data:`_WORD_TERMS_MAX` words."""

    def __missing__(self, raw: str) -> tuple[str, ...]:
        whole, parts = _word_terms(raw)  # this is the cache: not word_terms' too
        terms = (whole, *parts) if whole else parts
        if len(self) >= _WORD_TERMS_MAX:
            self.clear()
        self[raw] = terms
        return terms


_WORD_TERMS_MAX = 500_000
_word_index_terms = _WordTerms()


def index_terms(
    text: str, *, words: bool = True, cut: Callable[[str], list[str]] = jieba_cut
) -> list[str]:
    """All index terms of a text, in order, repeats kept (term frequency matters).

    :param words: also jieba's words of three or more characters; without them (cheaper, no
        dictionary) a Chinese keyword is still found through its bigrams.
    :param cut: jieba's dictionary cut of a CJK run (the index passes a faster equal one).
    """
    if _CJK_RE.search(text) is None:
        return _word_terms_of(text)
    return _mixed_terms(text, words, cut)


def _word_terms_of(text: str) -> list[str]:
    """:func:`index_terms` of a text without CJK: one loop in C, each token's terms cached."""
    return list(
        chain.from_iterable(map(_word_index_terms.__getitem__, _WORD_TOKEN_RE.findall(text)))
    )


def mixed_identifiers(text: str) -> list[tuple[str, int, int]]:
    """The mixed-script identifiers of a text (:data:`MIXED_RE`): ``(whole term, start, end)``,
    the term in lower case and Simplified characters (``m3-数a``)."""
    return [(to_simplified(m.group()).lower(), m.start(), m.end()) for m in MIXED_RE.finditer(text)]


def is_mixed_identifier(text: str) -> bool:
    """The text is one mixed-script identifier (``M3-數A``)."""
    return MIXED_RE.fullmatch(text) is not None


def _mixed_terms(text: str, words: bool, cut: Callable[[str], list[str]]) -> list[str]:
    """:func:`index_terms` of a text with CJK (iter_tokens without its generator and offsets:
    this runs on every field of every section)."""
    terms_of = _word_index_terms.__getitem__
    out: list[str] = []
    for cjk, raw in TOKEN_RE.findall(text):
        if cjk:
            run = to_simplified(cjk)
            out.extend(cjk_units(run))
            if words:
                out.extend(jieba_words(run, cut))
        else:
            out.extend(terms_of(raw))
    # an identifier that mixes scripts, whole beside its parts (the tokens split it)
    out.extend(to_simplified(m).lower() for m in MIXED_RE.findall(text))
    return out


def indexing_terms(text: str) -> list[str]:
    """:func:`index_terms` as the index makes them, with :func:`_indexing_cut` (faster per word
    than the query-side dictionary copy)."""
    if _CJK_RE.search(text) is None:  # one scan for CJK: index_terms would scan again
        return _word_terms_of(text)
    return _mixed_terms(text, True, _index_cut or _indexing_cut())


@functools.lru_cache(maxsize=1)
def _simplified_only() -> frozenset[str]:
    """Characters that are the Simplified form of another and not Traditional themselves (种)."""
    to_simplified("")  # loads the table
    assert _t2s_table is not None
    return frozenset(_t2s_table.values()) - {chr(c) for c in _t2s_table}


def cjk_script(text: str) -> str | None:
    """``"traditional"`` or ``"simplified"`` when the text's Chinese characters lean one way
    (種 / 种), else None (no Chinese, or only characters both scripts share)."""
    if not has_cjk(text):
        return None
    traditional = sum(a != b for a, b in zip(text, to_simplified(text), strict=True))
    simplified_only = _simplified_only()
    simplified = sum(ch in simplified_only for ch in text)
    if traditional > simplified:
        return "traditional"
    if simplified > traditional:
        return "simplified"
    return None


def has_cjk(text: str) -> bool:
    """True when the text has any CJK character."""
    return _CJK_RE.search(text) is not None


_CLITIC = re.compile(r"(?<=[A-Za-z0-9])['’](?:re|ll|ve|d|m|s)\b", re.IGNORECASE)
"""The ending of a contraction or possessive (we're, it'll, user's): no word of its own."""
_NOT = re.compile(r"\b(?:(ca)n|(wo)n|([A-Za-z]+))['’]t\b", re.IGNORECASE)
"""The n't of don't, isn't, can't, won't: the word "not"."""


_BARE_CLITIC = re.compile(rf"\b({'|'.join(sorted(lang.CLITIC_HOSTS))})s\b", re.IGNORECASE)
"""A contraction of "is" typed without its apostrophe (whats, hows): the word it contracts onto."""


def spoken_form(text: str) -> str:
    """``we're out`` -> ``we out``, ``can't`` -> ``can not``, ``whats`` -> ``what``: no keyword
    is a piece of one."""

    def expand(m: re.Match[str]) -> str:
        if m.group(1):
            return m.group(1) + "n not"
        if m.group(2):
            return "will not" if m.group(2).islower() else "Will not"
        return m.group(3)[:-1] + " not" if m.group(3).lower().endswith("n") else m.group(0)

    return _BARE_CLITIC.sub(r"\1", _NOT.sub(expand, _CLITIC.sub("", text)))
