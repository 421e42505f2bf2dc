"""Whoosh used the default way: stemming analyzer, title boosted x2, default BM25F, QueryParser
over title and body with an OR group of the query's words."""

from __future__ import annotations

import re
from pathlib import Path

from ..common import DocSet

_WORD = re.compile(r"\w+")


class WhooshDefault:
    name = "whoosh"
    label = "Whoosh default (BM25F, stemming, title x2)"

    def __init__(self, workdir: Path) -> None:
        self.dir = workdir / "whoosh"
        self._searcher = None
        self._parser = None

    @staticmethod
    def analyzer():  # type: ignore[no-untyped-def]
        from whoosh.analysis import StemmingAnalyzer

        return StemmingAnalyzer()

    def build(self, docs: DocSet) -> None:
        from whoosh import index
        from whoosh.fields import ID, TEXT, Schema

        schema = Schema(
            path=ID(stored=True, unique=True),
            title=TEXT(analyzer=self.analyzer(), field_boost=2.0),
            body=TEXT(analyzer=self.analyzer()),
        )
        self.dir.mkdir(parents=True, exist_ok=True)
        ix = index.create_in(str(self.dir), schema)
        w = ix.writer()
        for rel, title, body in docs.iter_docs():
            w.add_document(path=rel, title=title, body=body)
        w.commit()
        self._open(ix)

    def load(self, docs: DocSet) -> None:
        from whoosh import index

        self._open(index.open_dir(str(self.dir)))

    def _open(self, ix) -> None:  # type: ignore[no-untyped-def]
        from whoosh.qparser import MultifieldParser, OrGroup

        self._searcher = ix.searcher()
        self._parser = MultifieldParser(["title", "body"], ix.schema, group=OrGroup)

    def query(self, text: str, k: int) -> list[str]:
        # lower-cased words: AND / OR / NOT in a claim must not become operators
        words = " ".join(w.lower() for w in _WORD.findall(text))
        if not words:
            return []
        q = self._parser.parse(words)
        return [hit["path"] for hit in self._searcher.search(q, limit=k)]
