"""The service layer every host stands on: the agent tool, the JSON envelope, the scope texts,
and the operations hosts need beside the public API, all reached from here.

The CLI (``kr``), the MCP server over stdio and HTTP, the skill installer, the LangChain
retriever and the LangBot plugin import this package and the public API (``knowledge_retrieval``),
nothing deeper: a new host (a REST endpoint, say) is written against the same names. Names are
imported on first use (PEP 562), so a one-shot ``kr`` call loads only what its command needs.
"""

from __future__ import annotations

import typing

from .._lazy import lazy_attribute as _lazy_attribute

if typing.TYPE_CHECKING:  # the lazy names below, for type checkers
    from ..index.cache import list_cache, prune_reason, remove_index
    from ..index.progress import Event, Sink, shown, use_sink
    from ..kb.discovery import (
        find_root,
        list_locations,
        no_kbs_note,
        normalize_kb_ref,
        require_kbs,
        require_root,
    )
    from ..team.memory import remember, search_memory
    from ..team.projects import memory_kb
    from ..team.teams import TEAMS_FILENAME, Resolution, TeamsConfig, load_teams
    from ..team.workflow import (
        NO_RESULTS,
        DocumentText,
        Retrieval,
        check_kb_ids,
        parse_location,
        read_document,
        retrieve,
        search_kbs,
    )
    from .indexing import embed_vectors, excluded_files, refresh_kb, warm_up

_LAZY = {
    "list_cache": "..index.cache",
    "prune_reason": "..index.cache",
    "remove_index": "..index.cache",
    "Event": "..index.progress",
    "Sink": "..index.progress",
    "shown": "..index.progress",
    "use_sink": "..index.progress",
    "find_root": "..kb.discovery",
    "list_locations": "..kb.discovery",
    "no_kbs_note": "..kb.discovery",
    "normalize_kb_ref": "..kb.discovery",
    "require_kbs": "..kb.discovery",
    "require_root": "..kb.discovery",
    "remember": "..team.memory",
    "search_memory": "..team.memory",
    "memory_kb": "..team.projects",
    "TEAMS_FILENAME": "..team.teams",
    "Resolution": "..team.teams",
    "TeamsConfig": "..team.teams",
    "load_teams": "..team.teams",
    "NO_RESULTS": "..team.workflow",
    "DocumentText": "..team.workflow",
    "Retrieval": "..team.workflow",
    "check_kb_ids": "..team.workflow",
    "parse_location": "..team.workflow",
    "read_document": "..team.workflow",
    "retrieve": "..team.workflow",
    "search_kbs": "..team.workflow",
    "embed_vectors": ".indexing",
    "excluded_files": ".indexing",
    "refresh_kb": ".indexing",
    "warm_up": ".indexing",
}


def __getattr__(name: str) -> object:
    return _lazy_attribute(name, _LAZY, __name__, globals())


__all__ = [
    "NO_RESULTS",
    "TEAMS_FILENAME",
    "DocumentText",
    "Event",
    "Resolution",
    "Retrieval",
    "Sink",
    "TeamsConfig",
    "check_kb_ids",
    "embed_vectors",
    "excluded_files",
    "find_root",
    "list_cache",
    "list_locations",
    "load_teams",
    "memory_kb",
    "no_kbs_note",
    "normalize_kb_ref",
    "parse_location",
    "prune_reason",
    "read_document",
    "refresh_kb",
    "remember",
    "remove_index",
    "require_kbs",
    "require_root",
    "retrieve",
    "search_kbs",
    "search_memory",
    "shown",
    "use_sink",
    "warm_up",
]
