"""Whoosh with a Chinese analyzer: jieba's ``ChineseAnalyzer`` (jieba words for Chinese; lower
case, English stop words and stemming for other words), title boosted x2, default BM25F, the
query's analyzed words OR-ed over title and body. What "Whoosh with a title field" means for
Chinese documents."""

from __future__ import annotations

from pathlib import Path

from .whoosh_default import WhooshDefault


class WhooshJieba(WhooshDefault):
    name = "whoosh_jieba"
    label = "Whoosh + jieba (BM25F, jieba words, title x2)"

    def __init__(self, workdir: Path) -> None:
        super().__init__(workdir)
        self.dir = workdir / "whoosh_jieba"
        self._query_analyzer = None

    @staticmethod
    def analyzer():  # type: ignore[no-untyped-def]
        from jieba.analyse import ChineseAnalyzer

        return ChineseAnalyzer()

    def query(self, text: str, k: int) -> list[str]:
        from whoosh.query import Or, Term

        # the analyzer's terms as Term queries: no query syntax, no second analysis
        if self._query_analyzer is None:
            self._query_analyzer = self.analyzer()
        words = list(dict.fromkeys(t.text for t in self._query_analyzer(text)))
        if not words:
            return []
        q = Or([Term(field, w) for w in words for field in ("title", "body")])
        return [hit["path"] for hit in self._searcher.search(q, limit=k)]
