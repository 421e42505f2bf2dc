"""Whoosh with a Chinese analyzer: jieba's ``ChineseAnalyzer`` (jieba words for Chinese; lower
case, English stop words and stemming for other words), title boosted x2, default BM25F, the
query's analyzed words OR-ed over title and body. What "Whoosh with a title field" means for
Chinese documents."""

from __future__ import annotations

from pathlib import Path

from ..common import DocSet


class WhooshJieba:
    name = "whoosh_jieba"
    label = "Whoosh + jieba (BM25F, jieba words, title x2)"

    def __init__(self, workdir: Path) -> None:
        self.dir = workdir / "whoosh_jieba"
        self._searcher = None
        self._analyzer = None

    def build(self, docs: DocSet) -> None:
        from jieba.analyse import ChineseAnalyzer
        from whoosh import index
        from whoosh.fields import ID, TEXT, Schema

        analyzer = ChineseAnalyzer()
        schema = Schema(
            path=ID(stored=True, unique=True),
            title=TEXT(analyzer=analyzer, field_boost=2.0),
            body=TEXT(analyzer=analyzer),
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
        from jieba.analyse import ChineseAnalyzer

        self._searcher = ix.searcher()
        self._analyzer = ChineseAnalyzer()

    def query(self, text: str, k: int) -> list[str]:
        from whoosh.query import Or, Term

        # the analyzer's terms as Term queries: no query syntax, no second analysis
        words = list(dict.fromkeys(t.text for t in self._analyzer(text)))
        if not words:
            return []
        q = Or([Term(field, w) for w in words for field in ("title", "body")])
        return [hit["path"] for hit in self._searcher.search(q, limit=k)]
