"""A stdio MCP server with the ``query_knowledge`` and ``read_document`` tools (``kr mcp``).

The tools themselves live in :mod:`knowledge_retrieval.service.agent_tool`; this module only speaks the
protocol, with the ``mcp`` package's low-level server so the input schema is exactly ours.
A call runs in a worker thread (the event loop keeps answering pings), calls may overlap, and
a query over several KBs searches them in parallel.

Client configuration::

    {"mcpServers": {"knowledge": {"command": "kr",
                                  "args": ["mcp", "--root", "/path/to/KnowledgeBase"]}}}
"""

from __future__ import annotations

import functools
import logging
import os
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPDeprecationWarning

from .._version import __version__
from ..service import Event, Sink, use_sink
from ..service.agent_tool import KnowledgeTool, ToolOutput, tool_definitions

log = logging.getLogger(__name__)

INSTRUCTIONS = (
    "Local knowledge bases: the primary and authoritative source of domain-specific "
    "information for this conversation. Query them (query_knowledge) before you answer from "
    "memory; cite the source of what you use."
)
"""The server's instructions without a root; :func:`instructions` names the root's KBs."""


def instructions(kbs: Sequence[Any]) -> str:
    """:data:`INSTRUCTIONS` and the root's knowledge bases, one line each (their scope), within
    :data:`.scope.LIST_BYTES` and :data:`.scope.LIST_KBS`: "… and N more" sends a client to
    ``action="list"`` for the rest (1,000 KBs made 142 KB of instructions)."""
    if not kbs:
        return INSTRUCTIONS
    from ..service.scope import kb_list

    return f"{INSTRUCTIONS}\n\nThe knowledge bases here:\n{kb_list(kbs)}"


def _visible_kbs(tool: KnowledgeTool) -> list[Any]:
    """The KBs a client of this server may search: all, or a bound team's (none if denied)."""
    from ..api import list_kbs
    from ..errors import KnowledgeRetrievalError

    try:
        kbs = list(list_kbs(tool.root))
        if tool.bound:
            res = tool._resolution()
            allowed = set(res.kb_ids) if res.allowed else set()
            kbs = [k for k in kbs if k.name in allowed]
    except KnowledgeRetrievalError as exc:  # the calls will report it; the list stays generic
        log.info("no knowledge bases for the tool description: %s", exc)
        return []
    return kbs


def build_server(
    root: str | os.PathLike[str] | None = None, component: str | None = None
) -> Server[Any]:
    """The MCP server for a root, optionally bound to one team (``component``)."""
    tool = KnowledgeTool(root, component)

    def run(name: str, arguments: dict[str, Any]) -> ToolOutput:
        # calls may run at once: each KB's index serialises its own updates, and searches
        # share its reader safely (tests/index/test_concurrency.py)
        return tool.call(name, arguments)

    kbs = _visible_kbs(tool)  # the descriptions speak of these KBs, not of another domain
    tools = [
        types.Tool(name=d["name"], description=d["description"], input_schema=d["inputSchema"])
        for d in tool_definitions(kbs)
    ]

    async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        sink = _progress_sink(ctx.session)
        out = await anyio.to_thread.run_sync(
            functools.partial(_with_sink, sink, run, params.name, params.arguments or {})
        )
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=out.text)],
            structured_content=out.envelope,
            is_error=out.is_error,
        )

    return Server(
        "knowledge-retrieval",
        version=__version__,
        instructions=instructions(kbs),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


PROGRESS_EVERY_S = 0.2
"""At most this often a progress notification per build (and at each change of stage)."""


def _with_sink(sink: Sink, fn: Callable[..., ToolOutput], *args: Any) -> ToolOutput:
    with use_sink(sink):  # in the worker thread, where the search runs
        return fn(*args)


def _progress_sink(session: Any) -> Sink:
    """Progress of the builds a tool call waits for, sent to the client from the worker thread:
    a log message naming the KB and its files when a build starts (or is found running), then
    progress notifications, which the session sends only when the request has a progress token."""
    last: dict[str, tuple[float, str]] = {}

    async def log_start(ev: Event) -> None:
        who = f" (being built by process {ev.other_pid})" if ev.other_pid is not None else ""
        with warnings.catch_warnings():  # MCP's logging capability is deprecated, still used
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await session.send_log_message(
                level="info",
                data=f"indexing knowledge base '{ev.kb}': {ev.total} files{who}",
                logger="knowledge_retrieval",
            )

    async def notify(ev: Event) -> None:
        await session.report_progress(ev.done, ev.total, f"{ev.kb}: {ev.stage}")

    def sink(ev: Event) -> None:
        now = time.monotonic()
        seen = last.get(ev.kb)
        if seen is not None and seen[1] == ev.stage and now - seen[0] < PROGRESS_EVERY_S:
            return
        last[ev.kb] = (now, ev.stage)
        try:
            if seen is None:
                anyio.from_thread.run(log_start, ev)
            anyio.from_thread.run(notify, ev)
        except Exception as exc:  # noqa: BLE001 - a client gone mid-build must not fail it
            log.debug("cannot send progress: %r", exc)

    return sink


def serve(root: str | os.PathLike[str] | None = None, component: str | None = None) -> None:
    """Serve over stdin/stdout until the client closes the connection."""
    server = build_server(root, component)

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(main)
