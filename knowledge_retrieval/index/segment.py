"""A build's segment writer: Whoosh's ``SegmentWriter`` with postings kept per term, not per posting.

Whoosh's writer turns every posting into a tuple, sizes it, and sorts them all (spilling sorted
runs to pickled temporary files past its memory limit), then walks them one at a time to write
the posting blocks. On Chinese text, with many distinct bigrams per section, that was over half
of a build. :class:`Writer` keeps each field's postings in a dictionary of term -> flat array of
(document, frequency) pairs for our text fields (the documents arrive in order, so every array
is already sorted), sorts only the terms, and hands the posting writer a block of postings at a
time. Past its memory limit it writes the terms seen so far as a sorted run (``marshal``, one
record per term) and merges the runs term by term when the segment is flushed.

The files are the ones Whoosh's own writer would write: the same terms, documents, weights,
values and length statistics, in the same order; the blocks and term rows are written by
:mod:`.blocks` (byte for byte Whoosh's, but for small blocks left uncompressed).
``tests/index/test_segment.py`` compares the files, and what Whoosh's reader reads from them.
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import marshal
import os
import tempfile
from array import array
from collections import Counter
from collections.abc import Iterator
from itertools import repeat
from typing import Any

from whoosh.analysis import IDTokenizer
from whoosh.codec.whoosh3 import W3PerDocReader, _lenfield
from whoosh.fields import ID
from whoosh.filedb import filetables
from whoosh.formats import Existence
from whoosh.system import emptybytes, pack_uint
from whoosh.writing import SegmentWriter

from ..text.analysis import indexing_terms
from .blocks import TermWriter, add_postings, write_hashes
from .schema import KRText

POSTING_BYTES = 16
"""Memory of one held posting (three unsigned ints, and the copies grouping them makes) ..."""
TERM_BYTES = 200
"""... and of one held term (its key, array and dictionary slot), for the spill limit."""

# one held term: ("f", array of document, frequency pairs) for our text fields, or
# ("g", [(document, weight, value bytes), ...]) for any other field
_Entry = tuple[str, Any]


class _TermIds(dict[str, int]):
    """A field's terms numbered in the order they first came."""

    def __missing__(self, term: str) -> int:
        n = self[term] = len(self)
        return n


class _Held:
    """A text field's postings as they came: three flat arrays, one entry a posting, filled in
    C (a loop over each document's terms in Python was a tenth of a build). :meth:`grouped`
    turns them into each term's (document, frequency) pairs when the segment is written."""

    __slots__ = ("docs", "freqs", "ids", "tids")

    def __init__(self) -> None:
        self.ids = _TermIds()
        self.tids = array("I")
        self.docs = array("I")
        self.freqs = array("I")

    def add(self, docnum: int, counts: dict[str, int]) -> int:
        """Hold one document's terms and frequencies; the number of terms new to the field."""
        ids = self.ids
        before = len(ids)
        self.tids.extend(map(ids.__getitem__, counts))
        self.freqs.extend(counts.values())
        self.docs.extend(repeat(docnum, len(counts)))
        return len(ids) - before

    def grouped(self) -> dict[str, array[int]]:
        """Each term's (document, frequency) pairs, flat, in document order (a stable sort by
        term number: the postings came in document order). Empties the buffers."""
        n = len(self.tids)
        if not n:  # only empty values so far
            return {}
        import numpy as np

        tids = np.frombuffer(self.tids, dtype=np.uintc)
        order = np.argsort(tids, kind="stable")
        pairs = np.empty(2 * n, dtype=np.uintc)
        pairs[0::2] = np.frombuffer(self.docs, dtype=np.uintc)[order]
        pairs[1::2] = np.frombuffer(self.freqs, dtype=np.uintc)[order]
        del order
        ends = (np.cumsum(np.bincount(tids, minlength=len(self.ids))) * 2).tolist()
        del tids
        self.tids, self.docs, self.freqs = array("I"), array("I"), array("I")
        flat = array("I")
        flat.frombytes(pairs.view(np.uint8).data)
        del pairs
        starts = [0, *ends[:-1]]
        terms = self.ids
        self.ids = _TermIds()
        return {t: flat[a:b] for t, a, b in zip(terms, starts, ends, strict=True)}


def _index(field: Any, value: Any) -> Any:
    """``field.index(value)``; for a plain ``ID`` field (the value as one term, its existence
    recorded) the one term it yields, without Whoosh's token stream."""
    if (
        type(value) is str
        and type(field) is ID
        and type(field.analyzer) is IDTokenizer
        and type(field.format) is Existence
    ):
        return ((value.encode("utf-8"), 1, field.format.field_boost, emptybytes),)
    return field.index(value)


class _Lengths:
    """A segment's field lengths, read once per field (Whoosh asks with every posting)."""

    def __init__(self, pdr: Any) -> None:
        self._pdr = pdr
        self._cols: dict[str, list[Any]] = {}

    def column(self, fieldname: str) -> list[Any]:
        col = self._cols.get(fieldname)
        if col is None:
            pdr = self._pdr
            n = pdr.doc_count_all()
            if type(pdr) is W3PerDocReader and not pdr.has_column(_lenfield(fieldname)):
                col = [0] * n  # an unscored field: Whoosh would look for its file per document
            else:
                get = pdr.doc_field_length
                col = [get(d, fieldname, 0) for d in range(n)]
            self._cols[fieldname] = col
        return col

    def doc_field_length(self, docnum: int, fieldname: str, default: int = 0) -> Any:
        return self.column(fieldname)[docnum]


class _Positioned:
    """A file written front to back that knows its position: Whoosh asks ``tell()`` twice per
    term, and a buffered file answers with a system call each time."""

    def __init__(self, f: Any) -> None:
        self._f = f
        self._pos = int(f.tell())

    def write(self, data: Any) -> int:
        n: int = self._f.write(data)
        self._pos += n
        return n

    def tell(self) -> int:
        return self._pos

    def seek(self, *args: Any) -> int:
        self._pos = int(self._f.seek(*args))
        return self._pos

    def __getattr__(self, name: str) -> Any:
        return getattr(self._f, name)


class Writer(SegmentWriter):  # type: ignore[misc]
    """Whoosh's segment writer for a full build: the same segment files, written sooner."""

    def __init__(self, ix: Any, *args: Any, limitmb: int = 128, **kwargs: Any) -> None:
        try:
            super().__init__(ix, *args, limitmb=limitmb, **kwargs)
        except BaseException:
            # Whoosh takes its lock first, then creates the segment's files: a failure there
            # (a full disk) left the lock held, and the next writer got LockError
            self._let_go()
            raise
        fw = self.fieldwriter
        for f in (fw._postfile, fw._tindex.dbfile):
            f.file = _Positioned(f.file)
        if type(fw._tindex) is filetables.OrderedHashWriter:
            fw._tindex._write_hashes = functools.partial(write_hashes, fw._tindex)
        self._texts: dict[str, _Held] = {}
        self._terms: dict[str, dict[str, array[int]]] = {}
        """Each text field's held terms -> (document, frequency) pairs (from ``_texts``, when
        they are written)."""
        self._other: dict[str, dict[bytes, list[tuple[int, float, bytes]]]] = {}
        self._held = 0
        self._limit = max(1, limitmb) << 20
        self._runs: list[str] = []

    def cancel(self) -> None:
        """Whoosh's ``cancel``, which also lets go of the lock when closing the segment's files
        fails (a full disk: their last buffers cannot be written)."""
        try:
            super().cancel()
        finally:
            self._let_go()

    def _let_go(self) -> None:
        lock = getattr(self, "writelock", None)
        if lock is not None and getattr(lock, "locked", False):
            with contextlib.suppress(Exception):
                lock.release()
        self.is_closed = True

    # -- adding documents ------------------------------------------------------------------

    def add_document(self, **fields: Any) -> None:
        """Whoosh's ``add_document`` for the fields our schema has (no spelling, vectors)."""
        self._check_state()
        perdocwriter = self.perdocwriter
        schema = self.schema
        docnum = self.docnum
        docboost = self._doc_boost(fields)
        fieldnames = sorted(name for name in fields if not name.startswith("_"))
        self._check_fields(schema, fieldnames)
        held = 0
        analyzed: dict[str, tuple[Counter[str], int]] = {}
        perdocwriter.start_doc(docnum)
        try:
            for fieldname in fieldnames:
                value = fields.get(fieldname)
                if value is None:
                    continue
                field = schema[fieldname]
                length = 0
                if field.indexed:
                    fieldboost = self._field_boost(fields, fieldname, docboost)
                    if (
                        type(field) is KRText
                        and type(value) is str
                        and fieldboost == 1.0
                        and field.scorable
                    ):
                        held_field = self._texts.get(fieldname)
                        if held_field is None:
                            held_field = self._texts[fieldname] = _Held()
                        got = analyzed.get(value)  # a title is often the heading too
                        if got is None:
                            tokens = indexing_terms(value)
                            got = analyzed[value] = (Counter(tokens), len(tokens))
                        counts, length = got
                        new_terms = held_field.add(docnum, counts)
                        held += POSTING_BYTES * len(counts) + TERM_BYTES * new_terms
                    else:
                        other = self._other.setdefault(fieldname, {})
                        scorable = field.scorable
                        for tbytes, freq, weight, vbytes in _index(field, value):
                            if scorable:
                                length += freq
                            other.setdefault(tbytes, []).append(
                                (docnum, weight * fieldboost, vbytes)
                            )
                            held += TERM_BYTES
                if field.separate_spelling() or field.vector:
                    raise NotImplementedError(f"field {fieldname!r}: spelling or vectors")
                customval = fields.get(f"_stored_{fieldname}", value)
                sv = customval if field.stored else None
                perdocwriter.add_field(fieldname, field, sv, length)
                column = field.column_type
                if column and customval is not None:
                    perdocwriter.add_column_value(
                        fieldname, column, field.to_column_value(customval)
                    )
        except Exception:
            perdocwriter.cancel_doc()
            raise
        perdocwriter.finish_doc()
        self._added = True
        self.docnum += 1
        self._held += held
        if self._held > self._limit:
            self._spill()

    # -- runs ------------------------------------------------------------------------------

    def _group_held(self) -> None:
        """The text fields' held postings grouped by term (before they are written)."""
        for fieldname, held in self._texts.items():
            assert fieldname not in self._terms  # grouped only before a run or the segment
            self._terms[fieldname] = held.grouped()
        self._texts = {}

    def _sorted_held(self) -> Iterator[tuple[str, bytes, _Entry]]:
        """The held terms in Whoosh's order (field name, then term bytes; UTF-8 sorts as the
        code points do, so the text keys sort as their bytes)."""
        self._group_held()
        for fieldname in sorted(self._terms.keys() | self._other.keys()):
            yield from self._sorted_field(fieldname)

    def _sorted_field(self, fieldname: str) -> Iterator[tuple[str, bytes, _Entry]]:
        terms = self._terms.get(fieldname, {})
        other = self._other.get(fieldname, {})
        keys: dict[bytes, Any] = {t.encode("utf-8"): t for t in terms}
        for tb in sorted(keys.keys() | other.keys()):
            t = keys.get(tb)
            if t is not None:
                yield fieldname, tb, ("f", terms[t])
            if tb in other:
                yield fieldname, tb, ("g", other[tb])

    def _spill(self) -> None:
        """Write the held terms as one sorted run and start again."""
        fd, path = tempfile.mkstemp(prefix="kr-run-", suffix=".bin")
        self._runs.append(path)
        with os.fdopen(fd, "wb") as f:
            for fieldname, tb, (kind, data) in self._sorted_held():
                marshal.dump((fieldname, tb, kind, data.tobytes() if kind == "f" else data), f)
        self._texts, self._terms, self._other, self._held = {}, {}, {}, 0

    @staticmethod
    def _read_run(path: str) -> Iterator[tuple[str, bytes, _Entry]]:
        with open(path, "rb") as f:
            while True:
                try:
                    fieldname, tb, kind, data = marshal.load(f)
                except EOFError:
                    return
                if kind == "f":
                    a = array("I")
                    a.frombytes(data)
                    data = a
                yield fieldname, tb, (kind, data)

    def _merged(self) -> Iterator[tuple[str, bytes, list[_Entry]]]:
        """Every term with its entries in document order (runs are in document order)."""
        if not self._runs:
            for fieldname, tb, entry in self._sorted_held():
                yield fieldname, tb, [entry]
            return
        sources = [self._read_run(p) for p in self._runs] + [self._sorted_held()]
        key: tuple[str, bytes] | None = None
        entries: list[_Entry] = []
        # heapq.merge keeps equal keys in the order of the sources: the runs' document order
        for fn, tb, e in heapq.merge(*sources, key=lambda x: (x[0], x[1])):
            if (fn, tb) != key:
                if key is not None:
                    yield key[0], key[1], entries
                key, entries = (fn, tb), []
            entries.append(e)
        if key is not None:
            yield key[0], key[1], entries

    # -- writing the segment ---------------------------------------------------------------

    def _flush_segment(self) -> None:
        if self.pool.current or self.pool.runs:  # add_reader: not a fresh build's writer
            raise RuntimeError("this writer only builds a new segment from documents")
        self.perdocwriter.close()
        pdr = self.per_document_reader() if self.codec.length_stats else None
        try:
            self._write_postings(_Lengths(pdr) if pdr is not None else None)
            self.fieldwriter.close()
        finally:
            if pdr is not None:
                pdr.close()
            self._remove_runs()

    def _close_segment(self) -> None:
        super()._close_segment()
        self._remove_runs()

    def _remove_runs(self) -> None:
        for path in self._runs:
            with contextlib.suppress(OSError):
                os.remove(path)
        self._runs = []

    def _write_postings(self, lengths: _Lengths | None) -> None:
        """What Whoosh's ``FieldWriter.add_postings`` does, a term at a time."""
        self._group_held()
        if self._runs or not TermWriter.usable(self.fieldwriter):
            self._write_terms(self._merged(), lengths)
            return
        for fieldname in sorted(self._terms.keys() | self._other.keys()):
            if fieldname in self._other:
                entries = ((f, tb, [e]) for f, tb, e in self._sorted_field(fieldname))
                self._write_terms(entries, lengths)
            else:
                self._write_held(fieldname, lengths)

    def _write_held(self, fieldname: str, lengths: _Lengths | None) -> None:
        """One of our text fields from its held terms alone (no runs): the loop of
        :meth:`_write_terms` with nothing in it but the terms' writing."""
        fw = self.fieldwriter
        fieldobj = self.schema[fieldname]
        fw.start_field(fieldname, fieldobj)
        col = lengths.column(fieldname) if lengths is not None else []
        boost = fieldobj.format.field_boost
        tw = TermWriter.for_field(fw)
        assert tw is not None  # TermWriter.usable
        held = self._terms[fieldname]
        add_small, small = tw.add_small, tw.small
        for t in sorted(held):  # as their UTF-8 bytes sort
            data = held[t]
            if len(data) <= small:
                add_small(t.encode("utf-8"), data, col, boost)
            else:
                tw.add(t.encode("utf-8"), *_postings([("f", data)], col, boost))
        tw.close()
        fw.finish_field()

    def _write_terms(
        self, terms: Iterator[tuple[str, bytes, list[_Entry]]], lengths: _Lengths | None
    ) -> None:
        """Every term of ``terms`` (in order, with its entries in document order)."""
        fw = self.fieldwriter
        schema = self.schema
        lastfn: str | None = None
        col: list[Any] = []
        boost = 1.0
        tw: TermWriter | None = None
        for fieldname, tb, entries in terms:
            if fieldname != lastfn:
                if lastfn is not None:
                    if tw is not None:
                        tw.close()
                    fw.finish_field()
                fieldobj = schema[fieldname]
                fw.start_field(fieldname, fieldobj)
                lastfn = fieldname
                col = lengths.column(fieldname) if lengths is not None else []
                boost = fieldobj.format.field_boost
                tw = TermWriter.for_field(fw)
            if tw is not None and len(entries) == 1 and entries[0][0] == "f":
                data = entries[0][1]
                if len(data) <= tw.small:
                    tw.add_small(tb, data, col, boost)
                    continue
            ids, weights, values, lens = _postings(entries, col, boost)
            if tw is not None:
                tw.add(tb, ids, weights, values, lens)
                continue
            fw.start_term(tb)
            add_postings(fw._postwriter, ids, weights, values, lens)
            fw.finish_term()
        if lastfn is not None:
            if tw is not None:
                tw.close()
            fw.finish_field()


def _postings(
    entries: list[_Entry], col: list[int], boost: float
) -> tuple[list[int], list[float], list[bytes], list[int]]:
    """A term's documents, weights, values and field lengths, from its held entries."""
    ids: list[int] = []
    weights: list[float] = []
    values: list[bytes] = []
    for kind, data in entries:
        if kind == "f":
            docs, freqs = data[0::2], data[1::2]
            ids.extend(docs)
            # float(q) * 1.0 is float(q): the loops in C where they can be
            weights.extend(map(float, freqs) if boost == 1.0 else [float(q) * boost for q in freqs])
            values.extend(map(pack_uint, freqs))
        else:
            for d, w, v in sorted(data):
                ids.append(d)
                weights.append(w)
                values.append(emptybytes if v is None else v)
    lens = list(map(col.__getitem__, ids)) if col else [0] * len(ids)
    return ids, weights, values, lens
