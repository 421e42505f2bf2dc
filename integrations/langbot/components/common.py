"""What the components share: the plugin settings and how a hit reads in LangBot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ROOT_KEY = "knowledge_base_root"
COMPONENT_KEY = "component"


def settings(config: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """The plugin config as ``(root, component)``; an empty value means "not set".

    No root falls back to ``$KNOWLEDGE_BASE_ROOT`` (and then to a ``KnowledgeBase/`` folder in
    the plugin's working directory); no component serves every knowledge base under the root.
    """
    root = str(config.get(ROOT_KEY) or "").strip() or None
    component = str(config.get(COMPONENT_KEY) or "").strip() or None
    return root, component
