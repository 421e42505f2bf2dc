"""jieba's dictionary as a small SQLite file that opens at once, for query-time segmentation.

Loading jieba's dictionary takes about half a second, longer than a whole CLI search. Indexing
loads it anyway (it segments every document) and then writes this read-only copy into the user
cache; a process that only answers queries looks words up in the copy instead. Both hold the
same words and counts, so a query is cut exactly as the full dictionary would cut it. The file
holds jieba's public dictionary and nothing else.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import sys
import threading
import uuid
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..defaults import dict_home, own_file, private_dir

log = logging.getLogger(__name__)

_MISS = object()


def jieba_tokenizer() -> Any:
    """A new ``jieba.Tokenizer`` whose marshal cache lives in this user's private
    :func:`~knowledge_retrieval.defaults.dict_home` (jieba's default is the shared temp folder,
    where anyone can plant a ``jieba.cache``). A cache there that is not this user's is removed
    before jieba looks; without a private folder jieba gets a fresh temporary one."""
    jieba = import_jieba()
    tok = jieba.Tokenizer()
    tok.cache_file = "jieba.cache"
    try:
        home = private_dir(dict_home())
        cache = home / tok.cache_file
        if cache.exists() and not own_file(cache):
            cache.unlink()
        tok.tmp_dir = str(home)
    except OSError as exc:
        import tempfile

        log.debug("no private folder for jieba's cache (%s); using a fresh one", exc)
        tok.tmp_dir = tempfile.mkdtemp(prefix="kr-jieba-")
    return tok


def import_jieba() -> Any:
    """``import jieba`` without setuptools' ``pkg_resources`` (80-100 ms to import): jieba then
    opens its bundled files by path, its own fallback when setuptools is absent."""
    got = sys.modules.get("jieba")
    if got is not None:
        return got
    masked = "pkg_resources" not in sys.modules
    if masked:
        sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # import fails at once
    try:
        import jieba
    finally:
        if masked and sys.modules.get("pkg_resources", 0) is None:
            del sys.modules["pkg_resources"]
    return jieba


def cache_path() -> Path:
    """Where the copy lives, named by the jieba version and dictionary size."""

    jieba = import_jieba()

    try:
        size = os.path.getsize(Path(jieba.__file__).with_name("dict.txt"))
    except OSError:
        size = 0
    return dict_home() / f"jieba-{jieba.__version__}-{size}.sqlite"


class SqliteFreq:
    """The mapping jieba reads (``in``, ``[]``, ``get``), answered from the SQLite copy."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._lock = threading.Lock()
        self._memo: dict[str, Any] = {}
        row = self._db.execute("SELECT f FROM freq WHERE w = ''").fetchone()
        self.total = int(row[0]) if row else 0

    def get(self, key: str, default: Any = None) -> Any:
        v = self._memo.get(key, _MISS)
        if v is _MISS:
            with self._lock:
                row = self._db.execute("SELECT f FROM freq WHERE w = ?", (key,)).fetchone()
            v = self._memo[key] = row[0] if row else None
        return default if v is None else v

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def __getitem__(self, key: str) -> Any:
        v = self.get(key)
        if v is None:
            raise KeyError(key)
        return v


def open_query_tokenizer() -> Any | None:
    """A jieba tokenizer backed by the copy, or None when there is no copy yet."""
    try:
        path = cache_path()
        if not own_file(path):  # missing, or planted by another user: never read
            return None
        jieba = import_jieba()
        freq = SqliteFreq(path)
        if not freq.total:
            return None
        tok = jieba.Tokenizer()
        tok.FREQ, tok.total, tok.initialized = freq, freq.total, True
        return tok
    except (OSError, sqlite3.Error, ImportError) as exc:
        log.debug("no dictionary copy: %s", exc)
        return None


def write_copy(freq: dict[str, int], total: int) -> None:
    """Write the copy once from a fully loaded dictionary, or again over one this process may
    not load or cannot read (:func:`write_sqlite`)."""
    try:
        path = cache_path()
    except (OSError, ImportError) as exc:
        log.debug("cannot write the dictionary copy: %s", exc)
        return
    if not own_file(path) or open_query_tokenizer() is None:  # missing, foreign or damaged
        write_sqlite(
            path,
            ["CREATE TABLE freq (w TEXT PRIMARY KEY, f INTEGER) WITHOUT ROWID"],
            {"INSERT INTO freq VALUES (?, ?)": [("", total), *freq.items()]},
        )


def write_sqlite(
    path: Path, schema: Sequence[str], rows: Mapping[str, Iterable[tuple[Any, ...]]]
) -> bool:
    """Write a cache file of this user's: a SQLite database made by ``schema`` and filled by
    each insert statement of ``rows`` with its rows, written whole under another name and
    moved into place (0600 in a 0700 folder), so a reader never sees half of it. False when it
    cannot be written (only logged: the caller does without; no half-written file is left)."""
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    try:
        private_dir(path.parent)
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        db = sqlite3.connect(tmp)
        try:
            for statement in schema:
                db.execute(statement)
            for insert, values in rows.items():
                db.executemany(insert, values)
            db.commit()
        finally:
            db.close()
        os.replace(tmp, path)
        return True
    except (OSError, sqlite3.Error) as exc:
        log.debug("cannot write %s: %s", path.name, exc)
        with contextlib.suppress(OSError):
            tmp.unlink()
        return False
