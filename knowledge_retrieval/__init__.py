"""Answer questions from local Markdown knowledge bases, with sources, in English and Chinese."""

from __future__ import annotations

__version__ = "0.1.0"

from .api import index_kb, list_kbs, search
from .errors import (
    AccessDeniedError,
    ConfigError,
    IndexCorruptError,
    IndexLockedError,
    InvalidArgumentError,
    KBNotFoundError,
    KnowledgeRetrievalError,
    UnsafePathError,
)
from .index import IndexReport
from .memory import remember, search_memory
from .models import KBRules
from .results import Hit, KBInfo, SearchResult
from .workflow import Retrieval, retrieve

__all__ = (
    "AccessDeniedError",
    "ConfigError",
    "Hit",
    "IndexCorruptError",
    "IndexLockedError",
    "IndexReport",
    "InvalidArgumentError",
    "KBInfo",
    "KBNotFoundError",
    "KBRules",
    "KnowledgeRetrievalError",
    "Retrieval",
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
