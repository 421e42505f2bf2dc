"""The seed's ``query_knowledge`` tool: list the local knowledge bases, or search them.

The arguments, their checks and defaults are the library's agent tool (the same as
``kr mcp``): ``action`` is ``list`` or ``query``; ``query`` needs ``query_text``; ``kb_id`` for
one knowledge base or ``kb_ids`` for two or more (never empty, never both); ``top_k`` defaults
to 5. A mistake comes back as text that says how to fix the call, so the model can retry.
"""

from __future__ import annotations

import asyncio
from typing import Any

from langbot_plugin.api.definition.components.tool.tool import Tool
from langbot_plugin.api.entities.builtin.provider import session as provider_session

from knowledge_retrieval.interfaces.agent_tool import TOOL_NAME, KnowledgeTool

from ..common import settings


class QueryKnowledge(Tool):
    """``query_knowledge`` over the plugin's KnowledgeBase root (and team, when configured)."""

    async def call(
        self, params: dict[str, Any], session: provider_session.Session, query_id: int
    ) -> str:
        root, component = settings(self.get_plugin_config())
        tool = KnowledgeTool(root, component)
        # the search reads files and the index: keep it off the event loop
        out = await asyncio.to_thread(tool.call, TOOL_NAME, params)
        return out.text
