"""A LangBot knowledge engine whose knowledge bases stay folders of Markdown files on disk.

A LangBot knowledge base created with this engine names one folder under the plugin's
KnowledgeBase root (``kb_name``). LangBot's own ``query_knowledge`` tool then lists it with the
pipeline's other knowledge bases and queries it through :meth:`LocalKnowledgeBase.retrieve`,
which searches the files in place (the index is refreshed first, so edits count at once).

Nothing is uploaded: the engine declares no ``doc_ingestion`` capability, so LangBot shows no
upload form, and :meth:`ingest` refuses a file. Edit the folder instead.

A mistake (the plugin's ``knowledge_base_root`` empty or wrong, a ``kb_name`` that is no folder
under it, a team denied) is answered as the one result of a retrieval, its text the error and
how to fix it: LangBot turns an exception from a plugin into "Internal server error" and keeps
the message in its log, and the Local Agent runner logs a failed retrieval and answers without
it, so neither the user nor the model would see it. For the same reason
creating a knowledge base never fails here: a folder missing then is reported by its first
retrieval (and logged), and may be made in the meantime.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from langbot_plugin.api.definition.components.knowledge_engine.engine import KnowledgeEngine
from langbot_plugin.api.entities.builtin.provider.message import ContentElement
from langbot_plugin.api.entities.builtin.rag.context import (
    RetrievalContext,
    RetrievalResponse,
    RetrievalResultEntry,
)
from langbot_plugin.api.entities.builtin.rag.enums import DocumentStatus
from langbot_plugin.api.entities.builtin.rag.models import IngestionContext, IngestionResult

from knowledge_retrieval import search
from knowledge_retrieval.defaults import DEFAULT_THRESHOLD, DEFAULT_TOP_K, MAX_TOP_K
from knowledge_retrieval.errors import (
    AccessDeniedError,
    InvalidArgumentError,
    KBNotFoundError,
    KnowledgeRetrievalError,
)
from knowledge_retrieval.messages import ACCESS_DISABLED
from knowledge_retrieval.results import Hit
from knowledge_retrieval.service import check_kb_ids, list_locations, load_teams, retrieve
from knowledge_retrieval.service.envelope import hit_content, hit_metadata

from ..common import ROOT_KEY, error_text, settings

log = logging.getLogger(__name__)

KB_KEY = "kb_name"


def kb_name(creation_settings: Mapping[str, Any]) -> str:
    name = creation_settings.get(KB_KEY)
    if not isinstance(name, str) or not name.strip():
        raise InvalidArgumentError(
            "this knowledge base names no folder (kb_name is empty)",
            hint=f"set kb_name to a folder under the plugin's {ROOT_KEY}, e.g. payments",
        )
    return name.strip()


def retrieval_limits(retrieval_settings: Mapping[str, Any]) -> tuple[int, float]:
    """``top_k`` and ``score_threshold`` from LangBot's retrieval settings, checked."""
    top_k = retrieval_settings.get("top_k", DEFAULT_TOP_K)
    threshold = retrieval_settings.get("score_threshold", DEFAULT_THRESHOLD)
    if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= MAX_TOP_K:
        raise InvalidArgumentError(
            f"top_k must be an integer from 1 to {MAX_TOP_K}, not {top_k!r}",
            hint="leave it empty for the default 5",
        )
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        raise InvalidArgumentError(
            f"score_threshold must be a number from 0 to 1, not {threshold!r}",
            hint="leave it empty for the default 0.35",
        )
    return top_k, float(threshold)


def check_access(kb: str, root: Path, component: str | None) -> str:
    """The folder name, once it exists and (for a team-bound plugin) the team may read it."""
    try:
        (name,) = check_kb_ids([kb], root)
    except KBNotFoundError as exc:  # the library's hint names `kr list`: say it in LangBot's words
        names = [loc.name for loc in list_locations(root) if loc.readme is not None]
        raise KBNotFoundError(
            exc.name,
            exc.suggestions,
            reason=exc.message,
            hint=f"set this knowledge base's {KB_KEY} to a folder under the plugin's "
            f"{ROOT_KEY} ('{root}'): {', '.join(names)}",
        ) from None
    if component is not None:
        res = load_teams(root).resolve(component)
        if not res.allowed:
            raise AccessDeniedError(ACCESS_DISABLED, hint=f"component {component!r} is denied")
        if name not in res.kb_ids:
            raise AccessDeniedError(
                f"knowledge base {name!r} is not available to component {component!r}",
                hint=f"use one of {', '.join(res.kb_ids)}",
            )
    return name


def search_kb(
    query: str,
    kb: str,
    *,
    root: Path,
    component: str | None,
    top_k: int,
    score_threshold: float,
) -> tuple[Hit, ...]:
    """Search one folder; for a team-bound plugin, through the team workflow (memory first)."""
    name = check_access(kb, root, component)
    if component is None:
        result = search(query, name, root=root, top_k=top_k, score_threshold=score_threshold)
        return result.hits
    r = retrieve(
        query,
        component=component,
        kb_ids=[name],
        root=root,
        top_k=top_k,
        score_threshold=score_threshold,
    )
    return r.hits


def entry(hit: Hit) -> RetrievalResultEntry:
    """A hit as LangBot's result entry: the section text, where it is, and its score."""
    meta = hit_metadata(hit)
    source = meta["source"]
    return RetrievalResultEntry(
        id=source,
        content=[ContentElement(type="text", text=_text(source, hit))],
        metadata=meta,
        distance=round(1.0 - hit.score, 4),
        score=round(hit.score, 4),
    )


def error_entry(exc: KnowledgeRetrievalError) -> RetrievalResultEntry:
    """An error as the one result of a retrieval: LangBot shows it, the model reads it."""
    return RetrievalResultEntry(
        id=f"error:{exc.code}",
        content=[ContentElement(type="text", text=error_text(exc))],
        metadata={"error": exc.to_dict()},
        distance=1.0,
        score=0.0,
    )


def _text(source: str, hit: Hit) -> str:
    """What the model reads of a hit: its source, its text, and what it lacks of the question."""
    lacks = f"\nLacks: {hit.lacks}" if hit.lacks else ""
    return f"Source: {source}\n{hit_content(hit, None)}{lacks}"


class LocalKnowledgeBase(KnowledgeEngine):
    """Search a KnowledgeBase folder in place; documents are never uploaded or embedded."""

    @classmethod
    def get_capabilities(cls) -> list[str]:
        return []  # no doc_ingestion: the documents live on disk, not in LangBot

    async def on_knowledge_base_create(self, kb_id: str, config: dict[str, Any]) -> None:
        try:
            s = settings(self.get_plugin_config())
            await asyncio.to_thread(check_access, kb_name(config), s.root, s.component)
        except KnowledgeRetrievalError as exc:  # reported by each retrieval, see the module
            log.warning("knowledge base %s: %s", kb_id, error_text(exc))

    async def ingest(self, context: IngestionContext) -> IngestionResult:
        return IngestionResult(
            document_id=context.file_object.metadata.document_id,
            status=DocumentStatus.FAILED,
            error_message="this knowledge base is a folder on disk: add or edit the Markdown "
            "files there instead of uploading them",
        )

    async def delete_document(self, kb_id: str, document_id: str) -> bool:
        return False  # nothing was stored in LangBot

    async def retrieve(self, context: RetrievalContext) -> RetrievalResponse:
        kb = context.creation_settings.get(KB_KEY)
        try:
            s = settings(self.get_plugin_config())
            kb = kb_name(context.creation_settings)
            top_k, threshold = retrieval_limits(context.retrieval_settings)
            hits = await asyncio.to_thread(
                search_kb,
                context.query,
                kb,
                root=s.root,
                component=s.component,
                top_k=top_k,
                score_threshold=threshold,
            )
        except KnowledgeRetrievalError as exc:
            log.warning("retrieval from %r: %s", kb, error_text(exc))
            return RetrievalResponse(
                results=[error_entry(exc)],
                total_found=0,
                metadata={"kb_name": kb, "error": exc.to_dict()},
            )
        results = [entry(h) for h in hits]
        return RetrievalResponse(
            results=results, total_found=len(results), metadata={"kb_name": kb}
        )
