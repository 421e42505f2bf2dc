"""The LangBot plugin that serves local Markdown knowledge bases (knowledge_retrieval)."""

from __future__ import annotations

from langbot_plugin.api.definition.plugin import BasePlugin


class LocalKnowledgeBases(BasePlugin):
    """Holds the plugin settings; the components do the work."""

    async def initialize(self) -> None:
        pass
