"""The MCP server, end to end: the real ``mcp`` client talking to ``kr mcp`` over stdio."""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from knowledge_retrieval import remember
from knowledge_retrieval.errors import InvalidArgumentError
from knowledge_retrieval.service.agent_tool import INPUT_SCHEMA, KnowledgeTool, parse_query_args
from knowledge_retrieval.team.workflow import ACCESS_DISABLED, NO_RESULTS

Session = Callable[[str, dict[str, Any]], Awaitable[Any]]


def serve(
    root: Path, *extra: str, body: Callable[[ClientSession, Session], Awaitable[None]]
) -> None:
    """Start ``python -m knowledge_retrieval mcp --root ROOT ...`` and run ``body`` against it."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "knowledge_retrieval", "mcp", "--root", str(root), *extra],
        env={"KR_INDEX_DIR": os.environ["KR_INDEX_DIR"], "PYTHONIOENCODING": "utf-8"},
    )

    async def main(errlog: TextIO) -> None:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()

            async def call(tool: str, args: dict[str, Any]) -> Any:
                return await session.call_tool(tool, args)

            await body(session, call)

    with open(os.devnull, "w") as errlog:
        anyio.run(main, errlog)


def text(result: Any) -> str:
    return "\n".join(c.text for c in result.content)


def test_unbound_server(sample_root: Path) -> None:
    async def body(session: ClientSession, call: Session) -> None:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert set(tools) == {"query_knowledge", "read_document"}
        qk = tools["query_knowledge"]
        assert qk.input_schema == INPUT_SCHEMA
        assert 'action="list"' in (qk.description or "")

        listed = await call("query_knowledge", {"action": "list"})
        assert not listed.is_error
        ids = [r["kb_id"] for r in listed.structured_content["data"]["results"]]
        assert ids == ["glossary", "logistics", "payments", "troubleshooting"]
        assert "kb_id: payments — Payment and order domain" in text(listed)

        one = await call(
            "query_knowledge",
            {"action": "query", "kb_id": "payments", "query_text": "ORDER_STATUS_PAID"},
        )
        assert not one.is_error
        data = one.structured_content["data"]
        assert one.structured_content["ok"] is True and data["source"] == "kb"
        assert data["results"][0]["source"].startswith("payments/reference/order-status.md:")
        assert data["total_returned"] == len(data["results"]) <= 5
        assert "**Source:** payments/reference/order-status.md:" in text(one)

        many = await call(
            "query_knowledge",
            {
                "action": "query",
                "kb_ids": ["glossary", "troubleshooting"],
                "query_text": "超卖 INV_OVERSOLD",
                "top_k": 3,
            },
        )
        data = many.structured_content["data"]
        assert not many.is_error and 1 <= data["total_returned"] <= 3
        assert {r["kb"] for r in data["results"]} == {"glossary", "troubleshooting"}
        scores = [r["score"] for r in data["results"]]
        assert scores == sorted(scores, reverse=True)

        chosen = await call(
            "query_knowledge", {"action": "query", "query_text": "What does INV_LOCK_TIMEOUT mean?"}
        )
        assert chosen.structured_content["data"]["results"][0]["kb"] == "troubleshooting"

        none = await call(
            "query_knowledge",
            {"action": "query", "kb_id": "payments", "query_text": "sourdough starter bread"},
        )
        assert not none.is_error and text(none) == NO_RESULTS

        src = data["results"][0]
        read = await call(
            "read_document",
            {
                "kb_id": src["kb"],
                "path": src["path"],
                "start_line": src["line_start"],
                "end_line": src["line_end"],
            },
        )
        assert not read.is_error
        assert read.structured_content["data"]["results"][0]["source"] == src["source"]
        for bad in ("../teams.yaml", "/etc/passwd"):
            esc = await call("read_document", {"kb_id": "payments", "path": bad})
            assert esc.is_error and "unsafe_path" in text(esc)

    serve(sample_root, body=body)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ({"action": "query", "kb_ids": [], "query_text": "x"}, "kb_ids is an empty array"),
        (
            {"action": "query", "kb_id": "payments", "kb_ids": ["glossary"], "query_text": "x"},
            "both kb_id and kb_ids",
        ),
        ({"action": "query", "kb_id": "payments"}, "query_text is required"),
        ({"action": "query", "kb_id": "payments", "query_text": "  "}, "query_text is required"),
        ({"action": "search", "query_text": "x"}, 'it must be "list" or "query"'),
        ({"query_text": "x"}, "action is missing"),
        ({"action": "query", "query_text": "x", "top_k": 0}, "top_k must be an integer"),
        ({"action": "query", "query_text": "x", "top_k": "5"}, "top_k must be an integer"),
        ({"action": "query", "kb_ids": "payments", "query_text": "x"}, "must be an array"),
        ({"action": "query", "kb_id": "", "query_text": "x"}, "non-empty string"),
        ({"action": "query", "query": "x"}, "unknown argument(s): query"),
    ],
)
def test_argument_validation(args: dict[str, Any], needle: str) -> None:
    with pytest.raises(InvalidArgumentError) as exc:
        parse_query_args(args)
    assert needle in str(exc.value) and exc.value.hint


def test_validation_errors_are_tool_errors_over_stdio(sample_root: Path) -> None:
    async def body(session: ClientSession, call: Session) -> None:
        cases = [
            ({"action": "query", "kb_ids": [], "query_text": "x"}, "empty array"),
            (
                {"action": "query", "kb_id": "payments", "kb_ids": ["glossary"], "query_text": "x"},
                "both kb_id and kb_ids",
            ),
            ({"action": "query", "kb_id": "payments"}, "query_text is required"),
            ({"action": "delete"}, '"list" or "query"'),
        ]
        for args, needle in cases:
            r = await call("query_knowledge", args)
            assert r.is_error, args
            assert needle in text(r) and "How to fix it:" in text(r)
            assert r.structured_content["ok"] is False
            assert r.structured_content["error"]["code"] == "invalid_argument"
        r = await call(
            "query_knowledge", {"action": "query", "kb_id": "paymnts", "query_text": "x"}
        )
        assert r.is_error and "did you mean: payments?" in text(r)
        assert r.structured_content["error"]["suggestions"] == ["payments"]
        assert 'action="list"' in r.structured_content["error"]["hint"]
        r = await call("no_such_tool", {})
        assert r.is_error

    serve(sample_root, body=body)


def test_bound_to_a_team(sample_root: Path) -> None:
    remember(
        "SHIP_STATUS_EXCEPTION on island routes clears within a day.",
        project_id="logistics-core",
        root=sample_root,
    )

    async def body(session: ClientSession, call: Session) -> None:
        listed = await call("query_knowledge", {"action": "list"})
        data = listed.structured_content["data"]
        assert [r["kb_id"] for r in data["results"]] == ["logistics", "glossary"]
        assert "logistics-core" in data["message"]
        mem = await call(
            "query_knowledge", {"action": "query", "query_text": "SHIP_STATUS_EXCEPTION island"}
        )
        data = mem.structured_content["data"]
        assert not mem.is_error and data["source"] == "memory"
        assert data["results"][0]["source"].startswith(".memory/logistics-core/")
        stop = await call(
            "query_knowledge",
            {"action": "query", "kb_id": "logistics", "query_text": "運單狀態碼 150 是什麼意思"},
        )
        assert stop.structured_content["data"]["source"] == "memory"
        assert text(stop) == NO_RESULTS
        outside = await call(
            "query_knowledge",
            {
                "action": "query",
                "kb_ids": ["logistics", "payments"],
                "query_text": "ORDER_STATUS_PAID",
            },
        )
        assert outside.is_error and "access_denied" in text(outside)
        assert "payments" in text(outside)
        note = data["results"][0]
        read = await call("read_document", {"kb_id": note["kb"], "path": note["path"]})
        assert not read.is_error and "SHIP_STATUS_EXCEPTION" in text(read)
        other = await call("read_document", {"kb_id": "payments", "path": "index.md"})
        assert other.is_error and "access_denied" in text(other)

    serve(sample_root, "--component", "logistics", body=body)


def test_bound_to_a_denied_team(sample_root: Path, _index_home: Path) -> None:
    async def body(session: ClientSession, call: Session) -> None:
        for tool, args in [
            ("query_knowledge", {"action": "list"}),
            ("query_knowledge", {"action": "query", "query_text": "ORDER_STATUS_PAID"}),
            ("query_knowledge", {"action": "query", "kb_id": "payments", "query_text": "x"}),
            (
                "query_knowledge",
                {"action": "query", "kb_ids": ["payments", "glossary"], "query_text": "x"},
            ),
            ("query_knowledge", {"action": "query", "kb_ids": []}),
            ("read_document", {"kb_id": "payments", "path": "index.md"}),
        ]:
            r = await call(tool, args)
            assert not r.is_error and text(r) == ACCESS_DISABLED, args
            assert r.structured_content["data"]["denied"] is True

    serve(sample_root, "--component", "risk", body=body)
    assert not list(_index_home.rglob("manifest.json")), "a denied team reads no index"


def test_bound_to_an_unknown_team_gets_the_default_kb(sample_root: Path) -> None:
    tool = KnowledgeTool(sample_root, component="nobody")
    out = tool.call("query_knowledge", {"action": "list"})
    assert [r["kb_id"] for r in out.envelope["data"]["results"]] == ["troubleshooting"]
    out = tool.call("query_knowledge", {"action": "query", "query_text": "INV_LOCK_TIMEOUT"})
    assert out.envelope["data"]["results"][0]["kb"] == "troubleshooting"
    out = tool.call("query_knowledge", {"action": "query", "kb_id": "payments", "query_text": "x"})
    assert out.is_error and out.envelope["error"]["code"] == "access_denied"


def test_server_refuses_to_start_on_a_bad_config(sample_root: Path, tmp_path: Path) -> None:
    import subprocess

    p = subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", "mcp", "--root", str(tmp_path / "nowhere")],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert p.returncode == 1 and "no KnowledgeBase folder" in p.stderr
    (sample_root / "teams.yaml").write_text("default_kb: [x\n", encoding="utf-8")
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "knowledge_retrieval",
            "mcp",
            "--root",
            str(sample_root),
            "--component",
            "payments",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert p.returncode == 1 and "teams.yaml:2:" in p.stderr


def test_concurrent_calls_are_answered(sample_root: Path) -> None:
    """An agent may fire several queries at once; each gets its own right answer."""
    queries = {
        "payments": ("ORDER_STATUS_PAID", "reference/order-status.md"),
        "troubleshooting": ("INV_LOCK_TIMEOUT", "errors/inventory-errors.md"),
        "glossary": ("SKU SPU", "terms/sku.md"),
        "logistics": ("SHIP_STATUS_IN_TRANSIT", "reference/shipment-status.md"),
    }

    async def body(session: ClientSession, call: Session) -> None:
        results: dict[str, Any] = {}

        async def ask(kb: str, q: str) -> None:
            results[kb] = await call(
                "query_knowledge", {"action": "query", "kb_id": kb, "query_text": q}
            )

        async with anyio.create_task_group() as tg:
            for _ in range(2):
                for kb, (q, _path) in queries.items():
                    tg.start_soon(ask, kb, q)
        for kb, (_q, path) in queries.items():
            r = results[kb]
            assert not r.is_error, text(r)
            assert path in r.structured_content["data"]["results"][0]["source"]

    serve(sample_root, body=body)


def test_a_build_sends_progress_and_names_the_kb(sample_root: Path) -> None:
    """The first query on an unindexed KB: a log message naming the KB and its files, then
    progress notifications for the request's token, the last one the "writing index" stage."""
    progress: list[tuple[float, float | None, str | None]] = []
    logs: list[str] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        progress.append((done, total, message))

    async def on_log(params: Any) -> None:
        logs.append(str(params.data))

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "knowledge_retrieval", "mcp", "--root", str(sample_root)],
        env={"KR_INDEX_DIR": os.environ["KR_INDEX_DIR"], "PYTHONIOENCODING": "utf-8"},
    )

    async def main(errlog: TextIO) -> None:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write, logging_callback=on_log) as session,
        ):
            await session.initialize()
            got = await session.call_tool(
                "query_knowledge",
                {"action": "query", "kb_id": "payments", "query_text": "ORDER_STATUS_PAID"},
                progress_callback=on_progress,
            )
            assert not got.is_error
            # indexed now: a second query builds nothing and reports nothing
            before = len(progress)
            again = await session.call_tool(
                "query_knowledge",
                {"action": "query", "kb_id": "payments", "query_text": "refund"},
                progress_callback=on_progress,
            )
            assert not again.is_error and len(progress) == before

    with open(os.devnull, "w") as errlog:
        anyio.run(main, errlog)
    files = 8  # the Markdown files of the sample payments KB (its README is not a document)
    assert logs == [f"indexing knowledge base 'payments': {files} files"]
    assert progress[0] == (0, files, "payments: reading files")
    assert progress[-1] == (files, files, "payments: writing index")
    assert [p[0] for p in progress] == sorted(p[0] for p in progress)
