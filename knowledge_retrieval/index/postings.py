"""Term statistics as arrays: a Whoosh term's postings a block at a time, field lengths at once.

Whoosh's matcher costs several Python calls per posting; its on-disk blocks hold up to 128
postings each, and a segment's field lengths are one byte per document in one column. Reading
those directly turns the scoring loop into a few array operations. Anything unexpected (another
matcher kind) falls back to the matcher API, so results never depend on which path ran.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3LeafMatcher, _lenfield
from whoosh.filedb import compound as _compound
from whoosh.filedb import filestore as _filestore
from whoosh.filedb.structfile import BufferFile
from whoosh.matching.wrappers import FilterMatcher
from whoosh.reading import TermNotFound
from whoosh.util.numeric import byte_to_length


class _View:
    """A read-only file over a buffer, without the copy ``io.BytesIO(buffer)`` makes."""

    __slots__ = ("_buf", "_end", "_pos")

    def __init__(self, buf: Any) -> None:
        self._buf = memoryview(buf)
        self._pos = 0
        self._end = len(self._buf)

    def read(self, n: int | None = -1) -> bytes:
        start = self._pos
        end = self._end if n is None or n < 0 else min(self._end, start + n)
        self._pos = end
        return bytes(self._buf[start:end])

    def readinto(self, b: Any) -> int:
        data = self.read(len(b))
        b[: len(data)] = data
        return len(data)

    def readline(self, size: int | None = -1) -> bytes:
        start = end = self._pos
        limit = self._end if size is None or size < 0 else min(self._end, start + size)
        while end < limit:
            chunk = bytes(self._buf[end : min(limit, end + 256)])
            nl = chunk.find(b"\n")
            if nl >= 0:
                end += nl + 1
                break
            end += len(chunk)
        self._pos = end
        return bytes(self._buf[start:end])

    def seek(self, pos: int, whence: int = 0) -> int:
        base = (0, self._pos, self._end)[whence]
        self._pos = max(0, base + pos)
        return self._pos

    def tell(self) -> int:
        return self._pos

    def close(self) -> None:
        pass


class _ZeroCopyBufferFile(BufferFile):  # type: ignore[misc]
    """Whoosh's BufferFile (a segment file inside the memory-mapped compound file) minus the
    copy: Whoosh wraps the mapping in ``BytesIO``, which copies every postings and term file
    of a segment into memory when a reader opens (hundreds of MB at 100k files)."""

    def __init__(self, buf: Any, name: str | None = None, onclose: Any = None) -> None:
        self._buf = buf
        self._name = name
        self.file = _View(buf)
        self.onclose = onclose
        self.is_real = False
        self.is_closed = False


_compound.BufferFile = _ZeroCopyBufferFile
_filestore.BufferFile = _ZeroCopyBufferFile

_BYTE_TO_LENGTH = np.array([max(1, byte_to_length(i)) for i in range(256)], dtype=np.float64)


def field_lengths(segreader: Any, field: str) -> np.ndarray:
    """The length of ``field`` in each document of one segment (at least 1)."""
    n = segreader.doc_count_all()
    col = segreader._perdoc._cached_reader(_lenfield(field), LENGTHS_COLUMN)
    out = np.ones(n, dtype=np.float64)
    if col is None:
        return out
    try:
        count = min(int(col._count), n)
        raw = col._dbfile.get(col._basepos, count)
        out[:count] = _BYTE_TO_LENGTH[np.frombuffer(raw, dtype=np.uint8, count=count)]
    except (AttributeError, ValueError):  # another column layout: ask per document
        for d in range(n):
            out[d] = max(1, segreader.doc_field_length(d, field, 1) or 1)
    return out


def column_u64(segreader: Any, field: str) -> np.ndarray:
    """A ``NumericColumn("Q")`` column of one segment as an array (0 where unset)."""
    n = segreader.doc_count_all()
    out = np.zeros(n, dtype=np.uint64)
    if not segreader.has_column(field):
        return out
    col = segreader.column_reader(field, translate=False)  # the stored column, not a wrapper
    try:
        count = min(int(col._count), n)
        raw = col._dbfile.get(col._basepos, count * 8)
        out[:count] = np.frombuffer(raw, dtype=">u8", count=count)
    except (AttributeError, ValueError):  # another column layout: ask per document
        for d in range(n):
            out[d] = col[d]
    return out


_LOCKS_LOCK = threading.Lock()


def _read_lock(segreader: Any) -> Any:
    """The segment reader's own lock: its postings file is one file object with one position
    (a matcher seeks, then reads), so threads sharing the reader take turns reading it (two at
    once read each other's bytes: an UnpicklingError, and a search with no hits)."""
    lock = segreader.__dict__.get("_kr_read_lock")
    if lock is None:
        with _LOCKS_LOCK:
            lock = segreader.__dict__.setdefault("_kr_read_lock", threading.Lock())
    return lock


def term_postings(segreader: Any, field: str, term: str) -> tuple[np.ndarray, np.ndarray] | None:
    """(document numbers, term frequencies) of a term in one segment, deleted documents left
    out; None when the segment does not have the term."""
    with _read_lock(segreader):
        return _term_postings(segreader, field, term)


def _term_postings(segreader: Any, field: str, term: str) -> tuple[np.ndarray, np.ndarray] | None:
    try:
        m = segreader.postings(field, term)
    except TermNotFound:
        return None
    deleted: set[int] | None = None
    if isinstance(m, FilterMatcher) and m._exclude:
        deleted, m = m._ids, m.child  # the child already stands past leading deleted postings
    if isinstance(m, W3LeafMatcher):
        ids_parts, tf_parts = [], []
        while m.is_active():
            ids, tf = _block(m)
            i = m._i
            ids_parts.append(ids[i:])
            tf_parts.append(tf[i:])
            m._next_block()
        if not ids_parts:
            return None
        ids, tfs = np.concatenate(ids_parts), np.concatenate(tf_parts)
    else:  # pragma: no cover - other codecs: the plain matcher API
        pairs = []
        while m.is_active():
            pairs.append((m.id(), m.weight()))
            m.next()
        if not pairs:
            return None
        ids = np.array([p[0] for p in pairs], dtype=np.int64)
        tfs = np.array([p[1] for p in pairs], dtype=np.float64)
    if deleted:
        keep = ~np.isin(ids, np.fromiter(deleted, dtype=np.int64, count=len(deleted)))
        ids, tfs = ids[keep], tfs[keep]
    return (ids, tfs) if len(ids) else None


def _block(m: Any) -> tuple[np.ndarray, np.ndarray]:
    """The document numbers and weights of the matcher's current block, decoded with numpy
    (Whoosh decodes the id deltas one Python call per posting)."""
    if m._data is None:
        m._read_data()
    ids, weights = m._data[0], m._data[1]
    n = m._blocklength
    if m._byteids:
        out_ids = np.asarray(ids, dtype=np.int64)
    else:  # deltas from 0
        out_ids = np.cumsum(np.asarray(ids, dtype=np.int64))
    if weights is None:
        tf = np.ones(n)
    elif isinstance(weights, float):
        tf = np.full(n, weights)
    else:
        tf = np.asarray(weights, dtype=np.float64)
    return out_ids, tf
