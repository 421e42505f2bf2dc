"""One module per engine, each with the same small interface.

``Engine(workdir)`` gets a private folder for its index; ``build(docs)`` indexes a
:class:`~benchmarks.common.DocSet` (reading and parsing the files is part of the build),
``load(docs)`` opens that index again in a fresh process, and ``query(text, k)`` returns the
KB-relative paths of the best ``k`` documents, best first.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Protocol

from ..common import DocSet


class Engine(Protocol):
    name: str
    label: str

    def __init__(self, workdir: Path) -> None: ...

    def build(self, docs: DocSet) -> None: ...

    def load(self, docs: DocSet) -> None: ...

    def query(self, text: str, k: int) -> list[str]: ...


ENGINES = {
    "ours": ("ours", "Ours"),
    "ours_default": ("ours", "OursDefault"),
    "whoosh": ("whoosh_default", "WhooshDefault"),
    "whoosh_jieba": ("whoosh_jieba", "WhooshJieba"),
    "bm25s": ("bm25s_engine", "BM25S"),
    "fts5": ("fts5", "FTS5"),
    "fts5_trigram": ("fts5", "FTS5Trigram"),
    "grep": ("grep_engine", "Grep"),
}
"""Engine key -> (module, class)."""


def get_engine(key: str, workdir: Path) -> Engine:
    mod, cls = ENGINES[key]
    module = importlib.import_module(f"{__name__}.{mod}")
    return getattr(module, cls)(workdir)  # type: ignore[no-any-return]
