"""A stdio MCP server with the ``query_knowledge`` and ``read_document`` tools (``kr mcp``).

The tools themselves live in :mod:`knowledge_retrieval.interfaces.agent_tool`; this module only speaks the
protocol, with the ``mcp`` package's low-level server so the input schema is exactly ours.
A call runs in a worker thread (the event loop keeps answering pings), calls may overlap, and
a query over several KBs searches them in parallel.

Client configuration::

    {"mcpServers": {"knowledge": {"command": "kr",
                                  "args": ["mcp", "--root", "/path/to/KnowledgeBase"]}}}
"""

from __future__ import annotations

import functools
import os
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from .. import __version__
from .agent_tool import TOOL_DESCRIPTION, KnowledgeTool, ToolOutput, tool_definitions

INSTRUCTIONS = (
    "Local knowledge bases of the teams: the authority on domain terms, status and error "
    "codes, business rules, APIs and configuration keys. " + TOOL_DESCRIPTION.split("\n\n")[1]
)


def build_server(
    root: str | os.PathLike[str] | None = None, component: str | None = None
) -> Server[Any]:
    """The MCP server for a root, optionally bound to one team (``component``)."""
    tool = KnowledgeTool(root, component)

    def run(name: str, arguments: dict[str, Any]) -> ToolOutput:
        # calls may run at once: each KB's index serialises its own updates, and searches
        # share its reader safely (tests/index/test_concurrency.py)
        return tool.call(name, arguments)

    tools = [
        types.Tool(name=d["name"], description=d["description"], input_schema=d["inputSchema"])
        for d in tool_definitions()
    ]

    async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(_ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        out = await anyio.to_thread.run_sync(
            functools.partial(run, params.name, params.arguments or {})
        )
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=out.text)],
            structured_content=out.envelope,
            is_error=out.is_error,
        )

    return Server(
        "knowledge-retrieval",
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def serve(root: str | os.PathLike[str] | None = None, component: str | None = None) -> None:
    """Serve over stdin/stdout until the client closes the connection."""
    server = build_server(root, component)

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(main)
