"""A segment's posting blocks and term table rows, written as Whoosh's own writer writes them.

Whoosh's ``W3PostingsWriter`` and ``OrderedHashWriter`` spend a dozen Python calls per term and
as many per block, and most terms of a KB have one block of one to three postings.
:class:`TermWriter` builds the same bytes in a few calls, and :func:`write_hashes` writes the term
table's hash tables a table at a time. The bytes are Whoosh's but for one thing: a block too
small to gain from zlib is stored uncompressed (:attr:`TermWriter.COMPRESS_MIN`), which the
block's header records and Whoosh's reader follows (``tests/index/test_segment.py`` compares the
files with Whoosh's, and what Whoosh's reader reads from both).
"""

from __future__ import annotations

import functools
import hashlib
import operator
import struct
import zlib
from array import array
from pickle import dumps
from typing import Any

from whoosh.codec.whoosh3 import (
    WHOOSH3_HEADER_MAGIC,
    W3Codec,
    W3FieldWriter,
    W3PostingsWriter,
    W3TermInfo,
)
from whoosh.filedb import filetables
from whoosh.system import emptybytes, pack_int, pack_long, pack_uint, pack_ushort
from whoosh.util.numeric import _length_byte_cache, length_to_byte

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


def write_hashes(hw: Any) -> None:
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


class TermWriter:
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
    COMPRESS_MIN = 80
    """A block whose pickle is shorter than this is stored as it is (its header says so, and
    Whoosh's reader reads it so). zlib makes a block under 64 bytes longer (by 8 bytes under 48,
    SciFact) and one of 64 to 79 bytes under 4 bytes shorter, while a zlib call was a third of
    the time spent writing postings (most blocks are a posting or two; on the Chinese docs
    corpus 69k blocks of 64 to 79 bytes: 0.3% of the index uncompressed). Whoosh's own writer
    meant to skip small blocks too ("if the pickle is less than 20 bytes, don't bother
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

    @staticmethod
    def usable(fw: Any) -> bool:
        """Whether every field of ``fw`` gets a writer (Whoosh 3's own writers throughout)."""
        return (
            type(fw) is W3FieldWriter
            and type(fw._codec) is W3Codec
            and type(fw._tindex) is filetables.OrderedHashWriter
        )

    @classmethod
    def for_field(cls, fw: Any) -> TermWriter | None:
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
        key = self._key(tb)
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
            known = list(filter(None, bl))
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
                mv: Any = tuple(filter(None, bv))
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
        self._add_row(key, val, len(pbytes))

    def add_small(self, tb: bytes, data: array[int], col: list[int], boost: float) -> None:
        """:meth:`add` for a term of one block, from its held (document, frequency) pairs (the
        postings of our text fields: weight ``frequency * boost``, value ``pack_uint``)."""
        key = self._key(tb)
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
            wl = list(map(float, freqs)) if boost == 1.0 else [float(q) * boost for q in freqs]
            maxw = max(wl)
            wf = array("f", wl)
            if col:
                lens = list(map(col.__getitem__, docs))
                lmin, lmax = min(lens), max(lens)
            else:
                lmin = lmax = 0
        if not maxw > 0:
            maxw = 0
        minlength: int | None = lmin
        if not lmin:  # Whoosh leaves a length of 0 out of the block's statistics
            known = list(filter(None, lens)) if n > 1 else []
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
        self._add_row(key, val, len(pbytes))

    def _key(self, tb: bytes) -> bytes:
        """The term table's key of term ``tb``, which must follow the last one written."""
        key: bytes = self._prefix + tb
        if key <= self._tindex.lastkey:
            raise ValueError(f"Keys must increase: {self._tindex.lastkey!r}..{key!r}")
        return key

    def _add_row(self, key: bytes, val: bytes, posting_bytes: int) -> None:
        """The term's row in the term table and its hash bucket (OrderedHashWriter.add)."""
        tindex = self._tindex
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
        self._pending += posting_bytes + len(row)
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


def add_postings(
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
