"""A LangChain retriever over the local knowledge bases (``pip install '.[langchain]'`` in a clone).

::

    from knowledge_retrieval.integrations.langchain import KnowledgeBaseRetriever

    retriever = KnowledgeBaseRetriever(root="KnowledgeBase", kb="payments", top_k=3)
    docs = retriever.invoke("ORDER_STATUS_PAID")
    docs[0].metadata["source"]        # 'payments/reference/order-status.md:17-17'

Each hit becomes one :class:`~langchain_core.documents.Document`: ``page_content`` is the
matching section (a table hit: its row as ``field: value`` lines), and ``metadata`` carries
``kb``, ``path``, ``heading_path``, ``line_start``, ``line_end``, ``score`` and ``source``, so a
chain can cite it and ``read_document`` / ``kr show`` can read around it. With ``component``
set, the query goes through the team workflow of ``teams.yaml`` instead (access, memory first,
the team's KBs); a team whose access is denied raises
:class:`~knowledge_retrieval.AccessDeniedError`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import Field

from ..api import search
from ..defaults import DEFAULT_THRESHOLD, DEFAULT_TOP_K, MAX_TOP_K
from ..errors import AccessDeniedError, RootNotFoundError
from ..results import Hit
from ..service import check_kb_ids, require_kbs, retrieve
from ..service.envelope import hit_content, hit_metadata


def hit_document(hit: Hit) -> Document:
    """One search hit as a LangChain ``Document`` (section text + where it is + its score)."""
    meta = hit_metadata(hit)
    return Document(id=meta["source"], page_content=hit_content(hit, None), metadata=meta)


class KnowledgeBaseRetriever(BaseRetriever):
    """Retrieve sections of the local Markdown knowledge bases, best first.

    Every call searches the files as they are on disk (the index is refreshed first), so edits
    show up at once. Errors (an unknown KB name, a bad argument) raise the library's
    :class:`~knowledge_retrieval.KnowledgeRetrievalError` subclasses; a root that is missing or
    holds no knowledge base raises :class:`~knowledge_retrieval.RootNotFoundError` (never an
    empty list, which would read as "nothing relevant").
    """

    root: str | os.PathLike[str] | None = None
    """The KnowledgeBase folder; default: ``$KNOWLEDGE_BASE_ROOT`` or a ``KnowledgeBase/``
    folder in the working directory or a parent."""
    kb: str | list[str] | None = None
    """One KB name, several (searched and merged by score), or None to choose the best KB."""
    top_k: int = Field(default=DEFAULT_TOP_K, ge=1, le=MAX_TOP_K)
    """At most this many documents."""
    score_threshold: float = Field(default=DEFAULT_THRESHOLD, ge=0.0, le=1.0)
    """Hits scoring below this (0 to 1) are dropped."""
    component: str | None = None
    """A team of ``teams.yaml``: search through its workflow (access, memory, its KBs)."""

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, **kwargs: Any
    ) -> list[Document]:
        top_k = int(kwargs.get("top_k", self.top_k))
        threshold = float(kwargs.get("score_threshold", self.score_threshold))
        root = self._root()
        if self.component is not None:
            kbs = [self.kb] if isinstance(self.kb, str) else self.kb
            r = retrieve(
                query,
                component=self.component,
                kb_ids=kbs,
                root=root,
                top_k=top_k,
                score_threshold=threshold,
            )
            if r.denied:
                raise AccessDeniedError(
                    r.message, hint=f"component {self.component!r} is denied in teams.yaml"
                )
            return [hit_document(h) for h in r.hits]
        kbs = None
        if self.kb is not None:  # an unknown name is a mistake to report, not an empty answer
            kbs = check_kb_ids([self.kb] if isinstance(self.kb, str) else self.kb, root)
        result = search(query, kbs, root=root, top_k=top_k, score_threshold=threshold)
        return [hit_document(h) for h in result.hits]

    def _root(self) -> Path:
        """The root, holding at least one knowledge base; else the error in this class's words."""
        try:
            return require_kbs(self.root)
        except RootNotFoundError as exc:
            raise RootNotFoundError(
                f"KnowledgeBaseRetriever: {exc.message}",
                hint="pass root= the KnowledgeBase folder (one sub-folder with a README.md per "
                "knowledge base) or one knowledge base's folder, or set KNOWLEDGE_BASE_ROOT",
            ) from None
