"""knowledge_retrieval itself: ``search(query, kb=..., root=..., top_k=k, score_threshold=0.0)``.

Every search includes the library's freshness check (a stat walk of the KB against the index
manifest), as a user's search does. The index lives under ``$KR_INDEX_DIR``, which the worker
points at this engine's private folder before the library is imported."""

from __future__ import annotations

import os
from pathlib import Path

from ..common import DocSet


class Ours:
    name = "ours"
    label = "knowledge_retrieval.search (freshness check included)"

    def __init__(self, workdir: Path) -> None:
        self.dir = workdir / "ours-index"
        os.environ["KR_INDEX_DIR"] = str(self.dir)
        self.docs: DocSet | None = None

    def build(self, docs: DocSet) -> None:
        from knowledge_retrieval import index_kb

        self.dir.mkdir(parents=True, exist_ok=True)
        index_kb(docs.kb, root=docs.root, rebuild=True)
        self.docs = docs

    def load(self, docs: DocSet) -> None:
        import knowledge_retrieval  # noqa: F401

        self.docs = docs

    def query(self, text: str, k: int) -> list[str]:
        from knowledge_retrieval import search

        assert self.docs is not None
        if not text.strip():
            return []  # the library refuses an empty query (InvalidArgumentError)
        r = search(text, self.docs.kb, root=self.docs.root, top_k=min(k, 100), score_threshold=0.0)
        return [h.path for h in r.hits]


class OursDefault(Ours):
    """``search(query, kb=..., root=...)`` with every default: top 5, threshold 0.35, the
    answer, the sources and, when nothing passes, the not-found path with its suggestions —
    the call a user or an agent makes (its quality figures count at most 5 hits)."""

    name = "ours_default"
    label = "knowledge_retrieval.search, default arguments (top 5, threshold 0.35, answer)"

    def query(self, text: str, k: int) -> list[str]:
        from knowledge_retrieval import search

        assert self.docs is not None
        if not text.strip():
            return []
        return [h.path for h in search(text, self.docs.kb, root=self.docs.root).hits]
