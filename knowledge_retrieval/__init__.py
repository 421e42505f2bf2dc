"""Answer questions from local Markdown knowledge bases, with sources, in English and Chinese."""

from __future__ import annotations

import typing

from ._lazy import lazy_attribute as _lazy_attribute
from ._version import __version__
from .errors import (
    AccessDeniedError,
    ConfigError,
    IndexLockedError,
    IndexUnavailableError,
    InvalidArgumentError,
    KBNotFoundError,
    KnowledgeRetrievalError,
    MissingExtraError,
    RootNotFoundError,
    UnsafePathError,
)
from .models import KBRules

if typing.TYPE_CHECKING:  # the lazy names below, for type checkers
    from .api import index_kb, list_kbs, search
    from .index.report import IndexReport
    from .results import Hit, KBInfo, SearchResult
    from .team.memory import remember, search_memory
    from .team.workflow import Retrieval, retrieve

# The rest of the public API is imported on first use (PEP 562): ``kr --help`` and a plain
# ``import knowledge_retrieval`` do not load Whoosh, numpy and the parsers.
_LAZY = {
    "index_kb": "api",
    "list_kbs": "api",
    "search": "api",
    "IndexReport": "index.report",
    "remember": "team.memory",
    "search_memory": "team.memory",
    "Hit": "results",
    "KBInfo": "results",
    "SearchResult": "results",
    "Retrieval": "team.workflow",
    "retrieve": "team.workflow",
}


def __getattr__(name: str) -> object:
    return _lazy_attribute(name, _LAZY, __name__, globals())


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = (
    "AccessDeniedError",
    "ConfigError",
    "Hit",
    "IndexLockedError",
    "IndexReport",
    "IndexUnavailableError",
    "InvalidArgumentError",
    "KBInfo",
    "KBNotFoundError",
    "KBRules",
    "KnowledgeRetrievalError",
    "MissingExtraError",
    "Retrieval",
    "RootNotFoundError",
    "SearchResult",
    "UnsafePathError",
    "__version__",
    "index_kb",
    "list_kbs",
    "remember",
    "retrieve",
    "search",
    "search_memory",
)
