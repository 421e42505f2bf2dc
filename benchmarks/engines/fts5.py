"""SQLite FTS5, the way qmd's keyword mode uses it: ``porter unicode61`` tokenizer, title
weighted x2 with ``bm25(fts, 2.0, 1.0)``, the query an OR of quoted tokens.

:class:`FTS5Trigram` is the ``trigram`` tokenizer (for Chinese), queried with an OR of the
quoted three-character substrings of the query."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from ..common import DocSet

_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


class FTS5:
    name = "fts5"
    label = "SQLite FTS5 (porter unicode61, title x2)"
    tokenizer = "porter unicode61"

    def __init__(self, workdir: Path) -> None:
        self.db = workdir / f"{self.name}.sqlite"
        self._con: sqlite3.Connection | None = None

    def build(self, docs: DocSet) -> None:
        self.db.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.db)
        con.execute(
            f"CREATE VIRTUAL TABLE fts USING fts5(title, body, path UNINDEXED, "
            f"tokenize='{self.tokenizer}')"
        )
        with con:
            con.executemany(
                "INSERT INTO fts(title, body, path) VALUES (?, ?, ?)",
                ((title, body, rel) for rel, title, body in docs.iter_docs()),
            )
        con.close()
        self.load(docs)

    def load(self, docs: DocSet) -> None:
        self._con = sqlite3.connect(self.db, check_same_thread=False)

    def match_expr(self, text: str) -> str:
        toks = dict.fromkeys(t.lower() for t in _WORD.findall(text))
        return " OR ".join(f'"{t}"' for t in toks)

    def query(self, text: str, k: int) -> list[str]:
        expr = self.match_expr(text)
        if not expr:
            return []
        assert self._con is not None
        rows = self._con.execute(
            "SELECT path FROM fts WHERE fts MATCH ? ORDER BY bm25(fts, 2.0, 1.0) LIMIT ?",
            (expr, k),
        ).fetchall()
        return [r[0] for r in rows]


class FTS5Trigram(FTS5):
    name = "fts5_trigram"
    label = "SQLite FTS5 (trigram, title x2)"
    tokenizer = "trigram"

    def match_expr(self, text: str) -> str:
        grams: dict[str, None] = {}
        for run in _CJK.findall(text):
            for i in range(len(run) - 2):
                grams[run[i : i + 3]] = None
        for w in _WORD.findall(_CJK.sub(" ", text)):
            if len(w) >= 3:
                grams[w.lower()] = None
        return " OR ".join(f'"{g}"' for g in grams)
