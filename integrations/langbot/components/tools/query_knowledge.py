"""The seed's ``query_knowledge`` tool: list the local knowledge bases, or search them.

The arguments, their checks and defaults are the library's agent tool (the same as
``kr mcp``): ``action`` is ``list`` or ``query``; ``query`` needs ``query_text``; ``kb_id`` for
one knowledge base or ``kb_ids`` for two or more (never empty, never both); ``top_k`` defaults
to 5. A mistake, in the call or in the plugin's settings, comes back as text that says how to
fix it, so the model can retry or tell the user.

The answer is a dict, ``{"content": <the text>, "is_error": <bool>}``: an agent runner calls a
tool through the SDK's traced ``call_tool``, whose ``tool.call.completed`` record takes a dict
as the result (a plain string fails its validation), and the runner hands that dict to the
model as JSON.
"""

from __future__ import annotations

import asyncio
from typing import Any

from langbot_plugin.api.definition.components.tool.tool import Tool
from langbot_plugin.api.entities.builtin.provider import session as provider_session

from knowledge_retrieval.errors import KnowledgeRetrievalError
from knowledge_retrieval.service.agent_tool import TOOL_NAME, KnowledgeTool

from ..common import error_text, settings


def answer(config: dict[str, Any], params: dict[str, Any]) -> dict[str, Any]:
    """One call: the settings checked first (a wrong root is an error, never "0 found")."""
    try:
        s = settings(config)
    except KnowledgeRetrievalError as exc:
        return {"content": error_text(exc), "is_error": True}
    out = KnowledgeTool(s.root, s.component).call(TOOL_NAME, params)
    return {"content": out.text, "is_error": out.is_error}


class QueryKnowledge(Tool):
    """``query_knowledge`` over the plugin's KnowledgeBase root (and team, when configured)."""

    async def call(  # type: ignore[override]  # a dict: what the SDK's tracing accepts
        self, params: dict[str, Any], session: provider_session.Session, query_id: int
    ) -> dict[str, Any]:
        # the search reads files and the index: keep it off the event loop
        return await asyncio.to_thread(answer, dict(self.get_plugin_config()), params)
