"""``kr mcp --http``: the real ``mcp`` client over streamable HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from knowledge_retrieval.errors import InvalidArgumentError
from knowledge_retrieval.interfaces.mcp_http import parse_address
from knowledge_retrieval.service.agent_tool import INPUT_SCHEMA
from knowledge_retrieval.team.workflow import ACCESS_DISABLED

READY = "kr mcp: serving at "


@contextmanager
def http_server(root: Path, *extra: str) -> Iterator[str]:
    """Start ``kr mcp --http 127.0.0.1:0`` and yield its URL once it listens; stop it after."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "knowledge_retrieval", "mcp", "--http", "127.0.0.1:0",
         "--root", str(root), *extra],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )  # fmt: skip
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.put(line)
        lines.put("")  # EOF

    threading.Thread(target=pump, daemon=True).start()
    try:
        seen = []
        while True:
            line = lines.get(timeout=60)
            if not line:
                raise AssertionError(f"the server stopped before listening: {''.join(seen)}")
            if line.startswith(READY):
                break
            seen.append(line)
        yield line[len(READY) :].strip()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:  # pragma: no cover - a hung server fails the test
            proc.kill()
            proc.wait(timeout=15)
            raise
        finally:
            assert proc.stderr is not None
            proc.stderr.close()
    # uvicorn shuts down gracefully, then re-raises SIGTERM: the usual exit of a killed server
    assert proc.returncode in (0, -signal.SIGTERM), proc.returncode


async def session_calls(url: str, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    async with (
        streamable_http_client(url) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert set(tools) == {"query_knowledge", "read_document"}
        assert tools["query_knowledge"].input_schema == INPUT_SCHEMA
        return [await session.call_tool(name, args) for name, args in calls]


def refused(url: str) -> int:
    """The HTTP status for a request whose Host header names another site."""
    req = urllib.request.Request(
        url,
        data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}).encode(),
        method="POST",
        headers={
            "Host": "attacker.example",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        },
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return int(resp.status)
    except urllib.error.HTTPError as exc:
        exc.close()
        return exc.code


def test_parse_address() -> None:
    assert parse_address("8765") == ("127.0.0.1", 8765)
    assert parse_address("0.0.0.0:80") == ("0.0.0.0", 80)
    assert parse_address("[::1]:0") == ("::1", 0)
    for bad in ("", "http", "127.0.0.1:", ":80", "::1:80", "70000"):
        with pytest.raises(InvalidArgumentError, match=r"is not \[HOST:\]PORT"):
            parse_address(bad)


def test_many_agents_share_one_server(sample_root: Path) -> None:
    query = {"action": "query", "kb_id": "payments", "query_text": "ORDER_STATUS_PAID"}
    with http_server(sample_root) as url:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp")

        async def main() -> list[list[Any]]:
            out: list[list[Any]] = [[], [], []]
            with anyio.fail_after(60):
                async with anyio.create_task_group() as tg:

                    async def agent(i: int) -> None:
                        calls = [
                            ("query_knowledge", {"action": "list"}),
                            ("query_knowledge", query),
                        ]
                        out[i] = await session_calls(url, calls)

                    for i in range(3):
                        tg.start_soon(agent, i)
            return out

        results = anyio.run(main)
        assert refused(url) in (400, 403, 421)  # DNS-rebinding protection
    for listed, found in results:
        ids = [r["kb_id"] for r in listed.structured_content["data"]["results"]]
        assert ids == ["glossary", "logistics", "payments", "troubleshooting"]
        assert not found.is_error
        top = found.structured_content["data"]["results"][0]
        assert top["source"].startswith("payments/reference/order-status.md:")
        assert "**Source:** payments/reference/order-status.md:" in found.content[0].text


def test_bound_to_a_team_over_http(sample_root: Path) -> None:
    with http_server(sample_root, "--component", "risk") as url:
        (r,) = anyio.run(
            session_calls, url, [("query_knowledge", {"action": "query", "query_text": "x"})]
        )
    assert not r.is_error and r.content[0].text == ACCESS_DISABLED

    with http_server(sample_root, "--component", "payments") as url:
        (listed, outside) = anyio.run(
            session_calls,
            url,
            [
                ("query_knowledge", {"action": "list"}),
                ("query_knowledge", {"action": "query", "kb_id": "logistics", "query_text": "x"}),
            ],
        )
    assert [r["kb_id"] for r in listed.structured_content["data"]["results"]] == [
        "payments",
        "glossary",
    ]
    assert outside.is_error and "access_denied" in outside.content[0].text
