"""One Whoosh reader's term statistics as arrays, cached on the reader they came from.

Ranking asks the same few questions of the index for every query — how many sections have a
term, its BM25F value in each section, the near words of a misspelling, which file a section
belongs to. The answers depend only on the reader (an index generation as of one commit), so
they are kept on it: a search after an edit gets a new reader and starts with empty caches,
and threads that share a reader share its caches (LRU updates under the reader's lock).
"""

from __future__ import annotations

import math
import threading
import weakref
from collections import OrderedDict
from typing import Any

import numpy as np

from .postings import column_u64, field_lengths, term_postings
from .store import FIELDS, KBIndex

FIELD_WEIGHTS = {"title": 3.0, "heading": 2.0, "fname": 2.5, "meta": 1.5, "body": 1.0}
FIELD_B = {"title": 0.5, "heading": 0.5, "fname": 0.5, "meta": 0.6, "body": 0.75}
TITLE_LIKE, IN_TITLE = 1, 2
"""Flags of a term in a section: in a title-like field (title, heading, file name); in the title."""
VECTOR_CACHE_ENTRIES = 2_000_000
"""Sections' term values kept per reader across searches (about 17 bytes each)."""
TERM_CACHE_ENTRIES = 200_000
"""Document frequencies, typo answers and section paths kept per reader."""
VOCABULARY_PREFIXES = 64
"""Vocabulary slices (terms under a one- or two-letter prefix) kept for typo tolerance."""

Vector = tuple[np.ndarray, np.ndarray, np.ndarray]
"""(section numbers, BM25F values, title flags) of one term."""

_CACHE_LOCK = threading.Lock()
_SEGMENTS: weakref.WeakKeyDictionary[KBIndex, dict[str, dict[str, np.ndarray]]] = (
    weakref.WeakKeyDictionary()
)


STEM_ENDINGS = ("", "e", "s", "es", "ed", "ing", "er", "ers", "ion", "ions", "al", "ly", "ment")
"""Endings the stemmer cuts from English words: a vocabulary term plus one of them is a word
as written (``charg`` + ``ed``), which a misspelt word is compared with."""


class TermStats:
    """The statistics ranking needs from one reader of one KB's index."""

    def __init__(self, kbi: KBIndex, reader: Any) -> None:
        self.kbi = kbi
        self.reader = reader
        got: dict[str, Any] | None = reader.__dict__.get("_kr_cache")
        if got is None:
            with _CACHE_LOCK:
                got = reader.__dict__.setdefault("_kr_cache", {"lock": threading.Lock()})
        self.cache: dict[str, Any] = got
        """What this reader's searches remember (callers may keep their own entries here)."""
        self.sections = reader.doc_count_all()
        # Whoosh's document frequencies, section count and field lengths count deleted sections
        # until their segment is merged away; here all three count live sections only (df from
        # the postings, which leave deleted sections out), so an edited index scores as a
        # fresh build of the same files. (n alone counting live ones made a word in every
        # section of a small, just-edited KB look negatively rare, and it matched nothing.)
        self.deletions = bool(reader.has_deletions())
        self.n = max(reader.doc_count() if self.deletions else self.sections, 1)
        avg: dict[str, float] | None = got.get("avg")
        if avg is None:
            avg = got["avg"] = {f: (self._live_length(f) / self.n) or 1.0 for f in FIELDS}
        self.avg = avg

    def _live_length(self, field: str) -> float:
        """The total length of a field over live sections: Whoosh's total less the deleted
        sections' lengths (as its one-byte lengths give them)."""
        total = float(self.reader.field_length(field))
        if self.deletions:
            for seg, _offset in self.reader.leaf_readers():
                if seg.has_deletions():
                    gone = np.fromiter(seg.deleted_docs_set, dtype=np.int64)
                    total -= float(self.segment_columns(seg)[field][gone].sum())
        return max(total, 0.0)

    def df(self, term: str) -> dict[str, int]:
        """How many sections have the term, per field."""
        cache = self.cache.setdefault("df", {})
        got: dict[str, int] | None = cache.get(term)
        if got is None:
            got = {f: self.reader.doc_frequency(f, term) for f in FIELDS}
            if self.deletions:  # live sections only
                got = {f: self._live_df(f, term) if df else 0 for f, df in got.items()}
            if len(cache) >= TERM_CACHE_ENTRIES:
                cache.clear()
            cache[term] = got
        return got

    def _live_df(self, field: str, term: str) -> int:
        """How many live sections have the term in the field."""
        n = 0
        for seg, _offset in self.reader.leaf_readers():
            posting = term_postings(seg, field, term)
            if posting is not None:
                n += len(posting[0])
        return n

    def idf(self, term: str) -> float:
        df = min(max(self.df(term).values()), self.n)
        return math.log(1.0 + (self.n - df + 0.5) / (df + 0.5))

    def known(self, term: str) -> bool:
        """The vocabulary has the term (front matter alone does not count)."""
        dfs = self.df(term)
        return any(dfs[f] for f in ("body", "title", "heading", "fname"))

    def vector(self, term: str) -> Vector | None:
        """The term's BM25F pseudo-frequency in each section that has it (field frequencies
        normalised by length and weighted, summed), with :data:`TITLE_LIKE` / :data:`IN_TITLE`
        flags; None when no section has it."""
        cache = self.cache
        lru: OrderedDict[str, Vector | None] = cache.setdefault("vectors", OrderedDict())
        with cache["lock"]:
            if term in lru:
                lru.move_to_end(term)
                return lru[term]
        vec = np.zeros(self.sections)
        title = np.zeros(self.sections, dtype=np.uint8)
        fields = [f for f, df in self.df(term).items() if df]
        for segreader, offset in self.reader.leaf_readers():
            lengths = self.segment_columns(segreader)
            for f in fields:
                posting = term_postings(segreader, f, term)
                if posting is None:
                    continue
                ids, tf = posting
                bf = FIELD_B[f]
                part = FIELD_WEIGHTS[f] * tf / (1.0 - bf + bf * lengths[f][ids] / self.avg[f])
                vec[ids + offset] += part  # a term lists a document once per field
                if f not in ("body", "meta"):
                    title[ids + offset] |= TITLE_LIKE
                if f == "title":
                    title[ids + offset] |= IN_TITLE
        where = np.flatnonzero(vec)
        got = (where, vec[where], title[where]) if len(where) else None
        with cache["lock"]:
            if term not in lru:  # another thread may have filled it meanwhile
                lru[term] = got
                cache["vector_entries"] = cache.get("vector_entries", 0) + len(where) + 1
            while cache["vector_entries"] > VECTOR_CACHE_ENTRIES and len(lru) > 1:
                _t, old = lru.popitem(last=False)
                cache["vector_entries"] -= (len(old[0]) if old is not None else 0) + 1
        return got

    def near_term(self, word: str, surface: str | None = None) -> str | None:
        """The vocabulary's closest term to a word it lacks: one edit (a swap of neighbours
        counting as one; two edits for words of 8+ letters), the same first letter; the most
        common on ties.

        ``word`` is compared with the vocabulary's terms as they are; ``surface``, the word as
        written (``chargwd``, whose stem is itself), with each term and the endings its stemmer
        cut (``charg`` + ``ed``): one edit of ``charged`` is two of ``charg``."""
        cache = self.cache.setdefault("typos", {})
        key = (word, surface)
        if key not in cache:
            if len(cache) >= TERM_CACHE_ENTRIES:
                cache.clear()
            cache[key] = self._near_term(word, surface)
        got: str | None = cache[key]
        return got

    def _near_term(self, word: str, surface: str | None) -> str | None:
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        # one edit, two in words of 8+ letters (real words, which two edits turn into others,
        # collector -> connector, never get here: see ranking/vocabulary.py)
        written = surface or word
        max_edits = 2 if len(written) >= 8 else 1
        # a typo keeps its first letter, the usual assumption of spelling correctors: only the
        # vocabulary under that letter is compared
        prefix = written[:1]
        near: dict[str, float] = {}
        # section text holds its heading and the title; the file name is only in ``fname``
        for f in ("body", "fname"):
            vocab = self.vocabulary(f, prefix)
            for t, dist, _i in process.extract(
                word, vocab, scorer=OSA.distance, score_cutoff=max_edits, limit=None
            ):
                near[t] = min(dist, near.get(t, dist))
            if surface:
                spelt = [t + end for t in vocab for end in STEM_ENDINGS]
                for _w, dist, i in process.extract(
                    surface, spelt, scorer=OSA.distance, score_cutoff=max_edits, limit=None
                ):
                    t = vocab[int(i) // len(STEM_ENDINGS)]
                    near[t] = min(dist, near.get(t, dist))
        near.pop(word, None)
        if not near:
            return None
        # the closest, then the most common (a typo is usually of a frequent word)
        return min(near, key=lambda t: (near[t], -self.reader.doc_frequency("body", t), t))

    def vocabulary(self, field: str, prefix: str, *, every: bool = False) -> list[str]:
        """The field's ASCII terms of 3+ letters starting with ``prefix`` (``every``: its terms
        of any script and length: identifiers such as ``m3-数a`` or ``l1``)."""
        cache: OrderedDict[tuple[str, str, bool], list[str]] = self.cache.setdefault(
            "vocabulary", OrderedDict()
        )
        key = (field, prefix, every)
        with self.cache["lock"]:
            got = cache.get(key)
            if got is not None:
                cache.move_to_end(key)
                return got
        got = [
            t
            for t in (
                b.decode("utf-8", "replace") if isinstance(b, bytes) else b
                for b in self.reader.expand_prefix(field, prefix)
            )
            if every or (t.isascii() and len(t) >= 3)
        ]
        with self.cache["lock"]:
            cache[key] = got
            while len(cache) > VOCABULARY_PREFIXES:
                cache.popitem(last=False)
        return got

    def title_lengths(self) -> np.ndarray:
        """Terms in each section's title field (at least 1)."""
        got: np.ndarray | None = self.cache.get("title_lengths")
        if got is None:
            parts = [self.segment_columns(seg)["title"] for seg, _off in self.reader.leaf_readers()]
            got = self.cache["title_lengths"] = np.concatenate(parts) if parts else np.ones(0)
        return got

    def _files(self) -> dict[str, np.ndarray]:
        """Per section: its title key, whether it is live and whether it starts its file (a
        file's sections are consecutive)."""
        got: dict[str, np.ndarray] | None = self.cache.get("files")
        if got is None:
            keys, live, firsts = [], [], []
            for seg, _off in self.reader.leaf_readers():
                cols = self.segment_columns(seg)
                key = cols["tkey"]
                alive = np.ones(len(key), dtype=bool)
                if seg.has_deletions():
                    alive[list(seg.deleted_docs_set)] = False
                first = (key & np.uint64(1)) == 1
                first[:1] = True
                keys.append(key)
                live.append(alive)
                firsts.append(first)
            got = {
                "key": np.concatenate(keys) if keys else np.zeros(0, dtype=np.uint64),
                "live": np.concatenate(live) if live else np.zeros(0, dtype=bool),
                "first": np.concatenate(firsts) if firsts else np.zeros(0, dtype=bool),
            }
            self.cache["files"] = got
        return got

    def title_shares(self) -> np.ndarray:
        """For each section, how many files of its folder share its file's title (at least 1):
        the paragraphs of one encyclopedia article, not one page about what was asked."""
        got: np.ndarray | None = self.cache.get("title_shares")
        if got is None:
            f = self._files()
            title = f["key"] >> np.uint64(1)
            titles, counts = np.unique(
                title[f["live"] & f["first"] & (title > 0)], return_counts=True
            )
            got = np.ones(len(title))
            if len(titles):
                at = np.minimum(np.searchsorted(titles, title), len(titles) - 1)
                hit = (titles[at] == title) & (title > 0)
                got[hit] = counts[at[hit]]
            self.cache["title_shares"] = got
        return got

    def segment_columns(self, segreader: Any) -> dict[str, np.ndarray]:
        """Field lengths and title keys of one segment's documents (a segment outlives readers:
        cached by id, so after an edit only the new segment is read)."""
        segment = segreader.segment()
        if segment is None:  # an index without segments (a KB with no documents) reads empty
            empty = {f: np.ones(0) for f in FIELDS}
            empty["tkey"] = np.zeros(0, dtype=np.uint64)
            return empty
        seg_cache = _SEGMENTS.setdefault(self.kbi, {})
        key = segment.segment_id()
        got = seg_cache.get(key)
        if got is None or len(got["body"]) != segreader.doc_count_all():
            got = {f: field_lengths(segreader, f) for f in FIELDS}
            got["tkey"] = column_u64(segreader, "tkey")
            seg_cache[key] = got  # published whole: another thread may read it at once
        return got

    def path_of(self, docnum: int) -> str:
        """The file a section belongs to."""
        known: dict[int, str] = self.cache.setdefault("paths", {})
        got = known.get(docnum)
        if got is None:
            column = self.cache.get("path_column")
            if column is None:  # opening the column reads its table of distinct paths: once
                column = self.cache["path_column"] = self.reader.column_reader("path")
            p = column[docnum]
            got = p.decode() if isinstance(p, bytes) else str(p)
            if len(known) >= TERM_CACHE_ENTRIES:
                known.clear()
            known[docnum] = got
        return got
