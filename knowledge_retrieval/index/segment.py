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
values and length statistics, in the same order, byte for byte but for one thing: a posting block
too small to gain from zlib is stored uncompressed (:attr:`_TermWriter.COMPRESS_MIN`), which each
block's header records and Whoosh's reader follows (``tests/index/test_segment.py`` compares the
files, and what Whoosh's reader reads from them).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import heapq
import marshal
import operator
import os
import struct
import tempfile
import zlib
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterator
from pickle import dumps
from typing import Any

from whoosh.codec.whoosh3 import (
    WHOOSH3_HEADER_MAGIC,
    W3FieldWriter,
    W3PostingsWriter,
    W3TermInfo,
)
from whoosh.filedb import filetables
from whoosh.system import emptybytes, pack_int, pack_long, pack_uint, pack_ushort
from whoosh.util.numeric import _length_byte_cache, length_to_byte
from whoosh.writing import SegmentWriter

from ..text.analysis import indexing_terms
from .schema import KRText

POSTING_BYTES = 8
"""Memory of one held posting (two unsigned ints) ..."""
TERM_BYTES = 200
"""... and of one held term (its key, array and dictionary slot), for the spill limit."""
_TERMINFO: struct.Struct = W3TermInfo._struct
_TERM_ROW = struct.Struct(_TERMINFO.format + "qi")
"""A term's row in the term table: its W3TermInfo, then its postings' offset and length."""
_LENGTHS: struct.Struct = filetables._lengths
_UINT_SIZE = struct.calcsize("!I")
_L2B: dict[int | None, int] = {None: 0, **{n: length_to_byte(n) for n in _length_byte_cache}}
"""``length_to_byte`` of the lengths a segment's length column holds."""


@functools.lru_cache(maxsize=4096)
def _block_tail(mw: float | None, mv: bytes) -> bytes:
    """What follows the ids in the pickle of a block's ``(ids, weights, values)``.

    Pickling the values (bytes, which protocol 2 writes as a call of ``_codecs.encode``) is most
    of the time of pickling a block, and most blocks share their weights and values (one
    posting, frequency 1). The ids tuple is the first object the pickle memoizes whatever the
    ids are, so ``dumps(ids)`` without its STOP, then this, is ``dumps((ids, mw, mv))``."""
    return dumps(((0,), mw, mv), 2)[len(_IDS_HEAD) :]


_IDS_HEAD = dumps((0,), 2)[:-1]
"""The pickle of ``(0,)`` up to its STOP: protocol, one int, TUPLE1, memo 0."""


@functools.lru_cache(maxsize=256)
def _pack_uints(n: int) -> Any:
    """``pack_uint`` of ``n`` numbers, joined."""
    return struct.Struct(f"!{n}I").pack


# one held term: ("f", array of document, frequency pairs) for our text fields, or
# ("g", [(document, weight, value bytes), ...]) for any other field
_Entry = tuple[str, Any]


def _new_postings() -> array[int]:
    """A held term's (document, frequency) pairs, flat."""
    return array("I")


class _Lengths:
    """A segment's field lengths, read once per field (Whoosh asks with every posting)."""

    def __init__(self, pdr: Any) -> None:
        self._pdr = pdr
        self._cols: dict[str, list[Any]] = {}

    def column(self, fieldname: str) -> list[Any]:
        col = self._cols.get(fieldname)
        if col is None:
            get = self._pdr.doc_field_length
            col = [get(d, fieldname, 0) for d in range(self._pdr.doc_count_all())]
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


def _write_hashes(hw: Any) -> None:
    """``HashWriter._write_hashes``: the 256 hash tables of the term table, each written at
    once (Whoosh writes a slot at a time, two slots per term)."""
    dbfile = hw.dbfile
    pack = filetables._pointer.pack
    empty = pack(0, 0)
    for entries in hw.buckets:
        pos = dbfile.tell()
        numslots = 2 * len(entries)
        hw.directory.append((pos, numslots))
        table: list[tuple[int, int] | None] = [None] * numslots
        for hashval, position in entries:
            slot = (hashval >> 8) % numslots
            while table[slot] is not None:
                slot = (slot + 1) % numslots
            table[slot] = (hashval, position)
        dbfile.write(emptybytes.join([empty if e is None else pack(*e) for e in table]))


class Writer(SegmentWriter):  # type: ignore[misc]
    """Whoosh's segment writer for a full build: the same segment files, written sooner."""

    def __init__(self, ix: Any, *args: Any, limitmb: int = 128, **kwargs: Any) -> None:
        super().__init__(ix, *args, limitmb=limitmb, **kwargs)
        fw = self.fieldwriter
        for f in (fw._postfile, fw._tindex.dbfile):
            f.file = _Positioned(f.file)
        if type(fw._tindex) is filetables.OrderedHashWriter:
            fw._tindex._write_hashes = functools.partial(_write_hashes, fw._tindex)
        self._terms: dict[str, dict[str, array[int]]] = {}
        self._other: dict[str, dict[bytes, list[tuple[int, float, bytes]]]] = {}
        self._held = 0
        self._limit = max(1, limitmb) << 20
        self._runs: list[str] = []

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
                        terms = self._terms.get(fieldname)
                        if terms is None:
                            terms = self._terms[fieldname] = defaultdict(_new_postings)
                        tokens = indexing_terms(value)
                        counts = Counter(tokens)
                        before = len(terms)
                        for term, freq in counts.items():
                            terms[term].extend((docnum, freq))
                        length = len(tokens)
                        held += POSTING_BYTES * len(counts) + TERM_BYTES * (len(terms) - before)
                    else:
                        other = self._other.setdefault(fieldname, {})
                        scorable = field.scorable
                        for tbytes, freq, weight, vbytes in field.index(value):
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

    def _sorted_held(self) -> Iterator[tuple[str, bytes, _Entry]]:
        """The held terms in Whoosh's order (field name, then term bytes; UTF-8 sorts as the
        code points do, so the text keys sort as their bytes)."""
        for fieldname in sorted(self._terms.keys() | self._other.keys()):
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
        self._terms, self._other, self._held = {}, {}, 0

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
        fw = self.fieldwriter
        schema = self.schema
        lastfn: str | None = None
        col: list[Any] = []
        boost = 1.0
        terms: _TermWriter | None = None
        for fieldname, tb, entries in self._merged():
            if fieldname != lastfn:
                if lastfn is not None:
                    if terms is not None:
                        terms.close()
                    fw.finish_field()
                fieldobj = schema[fieldname]
                fw.start_field(fieldname, fieldobj)
                lastfn = fieldname
                col = lengths.column(fieldname) if lengths is not None else []
                boost = fieldobj.format.field_boost
                terms = _TermWriter.for_field(fw)
            if terms is not None and len(entries) == 1 and entries[0][0] == "f":
                data = entries[0][1]
                if len(data) <= terms.small:
                    terms.add_small(tb, data, col, boost)
                    continue
            ids: list[int] = []
            weights: list[float] = []
            values: list[bytes] = []
            for kind, data in entries:
                if kind == "f":
                    docs, freqs = data[0::2], data[1::2]
                    ids.extend(docs)
                    weights.extend([float(q) * boost for q in freqs])
                    values.extend([pack_uint(q) for q in freqs])
                else:
                    for d, w, v in sorted(data):
                        ids.append(d)
                        weights.append(w)
                        values.append(emptybytes if v is None else v)
            lens = [col[d] for d in ids] if col else [0] * len(ids)
            if terms is not None:
                terms.add(tb, ids, weights, values, lens)
                continue
            fw.start_term(tb)
            _add_postings(fw._postwriter, ids, weights, values, lens)
            fw.finish_term()
        if lastfn is not None:
            if terms is not None:
                terms.close()
            fw.finish_field()


class _TermWriter:
    """Whoosh's ``start_term`` / ``add_posting`` / ``finish_term`` for one field of a
    ``W3FieldWriter``, with the same bytes (but see :attr:`COMPRESS_MIN`): each term's posting
    blocks and its row in the term table, built in a few calls and written in large pieces.

    Whoosh spends a dozen Python calls per term and as many per block (its term info, block
    buffer, statistics, two pickles, the hash table's row), and most terms have one block of
    one to three postings. This writes what those calls write: ``W3PostingsWriter._write_block``
    and ``finish_postings`` for the postings file, ``W3FieldWriter.finish_term`` and
    ``OrderedHashWriter.add`` for the term table (``tests/index/test_segment.py`` compares the
    files with Whoosh's own writer)."""

    FLUSH_BYTES = 1 << 20
    COMPRESS_MIN = 64
    """A block whose pickle is shorter than this is stored as it is (its header says so, and
    Whoosh's reader reads it so): zlib makes such a block no smaller, or longer, and it was a
    third of the time spent writing postings (most blocks are a posting or two). Whoosh's own
    writer meant to skip them too ("if the pickle is less than 20 bytes, don't bother
    compressing"), but sets the level again right after. 0 compresses every block, as Whoosh
    does."""

    def __init__(self, fw: Any, pw: Any) -> None:
        self._fw = fw
        self._post = fw._postfile
        self._tindex = fw._tindex
        self._prefix = pack_ushort(fw._fieldid)
        self._limit = int(pw._blocklimit)
        self._comp = int(pw._compression)
        fixed = fw._format.fixed_value_size()
        self._fixed = -1 if fixed is None else int(fixed)
        self._md5 = self._tindex.hashfn is filetables.md5_hash
        self.small = 2 * self._limit
        """A held term's array of at most this many numbers is one block (:meth:`add_small`)."""
        self._ppos = int(self._post.tell())
        self._tpos = int(self._tindex.dbfile.tell())
        self._pbuf: list[bytes] = []
        self._tbuf: list[bytes] = []
        self._pending = 0

    @classmethod
    def for_field(cls, fw: Any) -> _TermWriter | None:
        """A writer for the field ``fw`` has just started, or None when it is not Whoosh 3's
        own field, postings and term table writers (then Whoosh's calls write the terms)."""
        pw = fw._postwriter
        if (
            type(fw) is not W3FieldWriter
            or type(pw) is not W3PostingsWriter
            or pw._byteids
            or type(fw._tindex) is not filetables.OrderedHashWriter
        ):
            return None
        return cls(fw, pw)

    def add(
        self, tb: bytes, ids: list[int], weights: list[float], values: list[bytes], lens: list[int]
    ) -> None:
        """One term's postings (in document order), as start_term, add_posting for each and
        finish_term would write them."""
        tindex = self._tindex
        key = self._prefix + tb
        if key <= tindex.lastkey:
            raise ValueError(f"Keys must increase: {tindex.lastkey!r}..{key!r}")
        n = len(ids)
        limit = self._limit
        comp = self._comp
        least = self.COMPRESS_MIN
        fixed = self._fixed
        start = self._ppos
        parts = [WHOOSH3_HEADER_MAGIC]
        total_w: float = 0
        minlength: int | None = None
        maxlength = 0
        maxweight: float = 0
        for s in range(0, n, limit):
            last = s + limit >= n
            if s == 0 and last:
                bids, bw, bv, bl = ids, weights, values, lens
            else:
                e = s + limit
                bids, bw, bv, bl = ids[s:e], weights[s:e], values[s:e], lens[s:e]
            # the block's statistics (W3PostingsWriter.add_posting)
            wf = array("f", bw)
            bmaxw = max(bw)
            if not bmaxw > 0:
                bmaxw = 0
            known = [x for x in bl if x]
            bmin = min(known) if known else None
            bmax = max(known) if known else 0
            # its term info (W3TermInfo.add_block)
            total_w += sum(wf)
            minlength = bmin if minlength is None else min(minlength, bmin)  # type: ignore[type-var]
            maxlength = max(maxlength, bmax)
            maxweight = max(maxweight, bmaxw)
            # its bytes (W3PostingsWriter._write_block)
            nb = len(bids)
            if nb == 1:
                dids: tuple[int, ...] = (bids[0],)
            else:
                dids = tuple(map(operator.sub, bids, [0, *bids[:-1]]))
            if wf.count(1.0) == nb:
                mw: Any = None
            elif wf.count(wf[0]) == nb:
                mw = wf[0]
            else:
                mw = tuple(wf)
            if fixed < 0:
                mv: Any = tuple(v for v in bv if v)
            elif fixed == 0:
                mv = None
            else:
                mv = emptybytes.join(bv)
            data = dumps((dids, mw, mv), 2)
            bcomp = comp if len(data) >= least else 0
            if bcomp:
                data = zlib.compress(data, bcomp)
            info = dumps(
                (nb, bids[-1], bmaxw, bcomp, length_to_byte(bmin), length_to_byte(bmax)), 2
            )
            size = len(info) + len(data)
            parts += (pack_int(-size if last else size), info, data)
        pbytes = emptybytes.join(parts)
        self._pbuf.append(pbytes)
        self._ppos = start + len(pbytes)
        # the term's row (W3TermInfo.to_bytes, OrderedHashWriter.add)
        val = _TERMINFO.pack(
            0,
            total_w,
            n,
            length_to_byte(minlength),
            length_to_byte(maxlength),
            maxweight,
            ids[0],
            ids[-1],
        )
        val += pack_long(start) + pack_int(len(pbytes))
        pos = self._tpos
        tindex.index.append(pos)
        row = _LENGTHS.pack(len(key), len(val)) + key + val
        self._tbuf.append(row)
        self._tpos = pos + len(row)
        if self._md5:
            h = int.from_bytes(hashlib.md5(key, usedforsecurity=False).digest()[12:], "big")
        else:
            h = tindex.hashfn(key)
        tindex.buckets[h & 255].append((h, pos))
        tindex.lastkey = key
        self._pending += len(pbytes) + len(row)
        if self._pending >= self.FLUSH_BYTES:
            self.flush()

    def add_small(self, tb: bytes, data: array[int], col: list[int], boost: float) -> None:
        """:meth:`add` for a term of one block, from its held (document, frequency) pairs (the
        postings of our text fields: weight ``frequency * boost``, value ``pack_uint``)."""
        tindex = self._tindex
        key = self._prefix + tb
        if key <= tindex.lastkey:
            raise ValueError(f"Keys must increase: {tindex.lastkey!r}..{key!r}")
        docs, freqs = data[0::2], data[1::2]
        n = len(docs)
        first, last = docs[0], docs[-1]
        lens: list[int] = []
        if n == 1:
            dids: tuple[int, ...] = (first,)
            maxw: float = float(freqs[0]) * boost
            wf = array("f", (maxw,))
            lmin = lmax = col[first] if col else 0
        else:
            dids = tuple(map(operator.sub, docs, [0, *docs[:-1]]))
            wl = [float(q) * boost for q in freqs]
            maxw = max(wl)
            wf = array("f", wl)
            if col:
                lens = [col[d] for d in docs]
                lmin, lmax = min(lens), max(lens)
            else:
                lmin = lmax = 0
        if not maxw > 0:
            maxw = 0
        minlength: int | None = lmin
        if not lmin:  # Whoosh leaves a length of 0 out of the block's statistics
            known = [x for x in lens if x] if n > 1 else []
            minlength = min(known) if known else None
            lmax = max(known) if known else 0
        w0 = wf[0]
        if wf.count(w0) == n:
            mw: Any = None if w0 == 1.0 else w0
        else:
            mw = tuple(wf)
        fixed = self._fixed
        if fixed == _UINT_SIZE:
            mv: Any = _pack_uints(n)(*freqs)
        elif fixed < 0:
            mv = tuple(map(pack_uint, freqs))
        elif fixed == 0:
            mv = None
        else:
            mv = emptybytes.join(map(pack_uint, freqs))
        if (mw is None or (type(mw) is float and mw > 0)) and type(mv) is bytes:
            block = dumps(dids, 2)[:-1] + _block_tail(mw, mv)
        else:
            block = dumps((dids, mw, mv), 2)
        comp = self._comp if len(block) >= self.COMPRESS_MIN else 0
        if comp:
            block = zlib.compress(block, comp)
        bmin = _L2B[minlength] if minlength in _L2B else length_to_byte(minlength)
        bmax = _L2B[lmax] if lmax in _L2B else length_to_byte(lmax)
        info = dumps((n, last, maxw, comp, bmin, bmax), 2)
        size = len(info) + len(block)
        pbytes = WHOOSH3_HEADER_MAGIC + pack_int(-size) + info + block
        start = self._ppos
        self._pbuf.append(pbytes)
        self._ppos = start + len(pbytes)
        val = _TERM_ROW.pack(0, sum(wf), n, bmin, bmax, maxw, first, last, start, len(pbytes))
        pos = self._tpos
        tindex.index.append(pos)
        row = _LENGTHS.pack(len(key), len(val)) + key + val
        self._tbuf.append(row)
        self._tpos = pos + len(row)
        if self._md5:
            h = int.from_bytes(hashlib.md5(key, usedforsecurity=False).digest()[12:], "big")
        else:
            h = tindex.hashfn(key)
        tindex.buckets[h & 255].append((h, pos))
        tindex.lastkey = key
        self._pending += len(pbytes) + len(row)
        if self._pending >= self.FLUSH_BYTES:
            self.flush()

    def flush(self) -> None:
        if self._pbuf:
            self._post.write(emptybytes.join(self._pbuf))
        if self._tbuf:
            self._tindex.dbfile.write(emptybytes.join(self._tbuf))
        self._pbuf, self._tbuf, self._pending = [], [], 0

    def close(self) -> None:
        """Write what is buffered (before the field writer moves on)."""
        self.flush()


def _add_postings(
    pw: Any, ids: list[int], weights: list[float], values: list[bytes], lens: list[int]
) -> None:
    """``pw.add_posting`` for each posting, a block at a time for Whoosh's own writer."""
    if type(pw) is not W3PostingsWriter or pw._byteids:
        for posting in zip(ids, weights, values, lens, strict=True):
            pw.add_posting(*posting)
        return
    limit = pw._blocklimit
    for start in range(0, len(ids), limit):
        if start:
            pw._write_block()  # add_posting writes a full block before adding to it
        end = start + limit
        pw._ids.extend(ids[start:end])
        pw._weights.extend(weights[start:end])
        pw._values.extend([v for v in values[start:end] if v])
        pw._maxweight = max(pw._maxweight, *weights[start:end])
        block_lens = [n for n in lens[start:end] if n]
        if block_lens:
            lo = min(block_lens)
            if pw._minlength is None or lo < pw._minlength:
                pw._minlength = lo
            pw._maxlength = max(pw._maxlength, *block_lens)
