"""Document paths that try to name a file by another route than its KB-relative path.

``read_document`` (and so ``kr show`` and the MCP ``read_document`` tool) must resolve a path
against the KB, refuse what is not relative to it, and apply the README's rules to the
KB-relative path, whatever spelling reached it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

import anyio
import pytest

from knowledge_retrieval.errors import InvalidArgumentError, KnowledgeRetrievalError
from knowledge_retrieval.team.workflow import read_document

ARCHIVED = "archive/old-status-codes.md"
KR = [sys.executable, "-m", "knowledge_retrieval"]
BOUND = ["--component", "payments"]


def spellings(root: Path) -> list[str]:
    """Ways to name the README-excluded archive file other than ``archive/...``."""
    kb = root / "payments"
    cwd_route = f"proc/self/cwd/{root.name}/payments/{ARCHIVED}"
    return [
        f".//{kb}/{ARCHIVED}",
        f"./{kb}/{ARCHIVED}".replace("./", ".//", 1),
        f".//{cwd_route}",
        f"././/{kb}/{ARCHIVED}",
        "archive//old-status-codes.md",
        "./archive/./old-status-codes.md",
        "archive/./old-status-codes.md",
    ]


def test_an_excluded_file_is_not_read_by_any_spelling(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(sample_root.parent)
    with pytest.raises(InvalidArgumentError, match="README excludes it"):
        read_document("payments", ARCHIVED, root=sample_root)
    for path in spellings(sample_root):
        with pytest.raises(KnowledgeRetrievalError) as info:
            read_document("payments", path, root=sample_root)
        assert "order status" not in str(info.value).lower(), path
        assert str(sample_root) not in str(info.value), path
    # the same spellings of a document the index does take name it
    doc = read_document("payments", "reference//./order-status.md", root=sample_root)
    assert doc.path == "reference/order-status.md"


@pytest.mark.parametrize(
    "path", ["x" * 300 + ".md", "reference/" + "y" * 300, "a/" * 3000 + "b.md"]
)
def test_a_too_long_name_is_invalid_input_without_the_root(sample_root: Path, path: str) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        read_document("payments", path, root=sample_root)
    assert str(sample_root) not in str(info.value)
    assert str(sample_root) not in str(info.value.hint)


def test_kr_show_refuses_the_absolute_route(sample_root: Path) -> None:
    import subprocess

    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    for path in [*spellings(sample_root), "z" * 300 + ".md"]:
        p = subprocess.run(
            [*KR, "show", "payments", path, "--root", str(sample_root), "--output", "json"],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
            check=False,
            env=env,
            cwd=sample_root.parent,
        )
        env_out = json.loads(p.stdout)
        assert p.returncode == 2 and env_out["ok"] is False, (path, p.stdout, p.stderr)
        assert env_out["error"]["code"] in ("invalid_argument", "unsafe_path"), path
        assert "ORDER_STATUS" not in p.stdout
        assert str(sample_root) not in p.stdout + p.stderr, path


def test_a_team_bound_mcp_server_refuses_the_absolute_route(sample_root: Path) -> None:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "knowledge_retrieval", "mcp", "--root", str(sample_root), *BOUND],
        env={
            "KR_INDEX_DIR": os.environ["KR_INDEX_DIR"],
            "PYTHONIOENCODING": "utf-8",
            # the package under test, when it is not the installed one
            **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"},
        },
        cwd=str(sample_root.parent),
    )
    seen: list[tuple[str, bool, Any]] = []

    async def main(errlog: TextIO) -> None:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            for path in spellings(sample_root):
                r = await session.call_tool("read_document", {"kb_id": "payments", "path": path})
                seen.append((path, r.is_error, r.structured_content))
            ok = await session.call_tool(
                "read_document", {"kb_id": "payments", "path": "./reference//order-status.md"}
            )
            seen.append(("ok", ok.is_error, ok.structured_content))

    with open(os.devnull, "w") as errlog:
        anyio.run(main, errlog)
    *bad, good = seen
    for path, is_error, env in bad:
        assert is_error and env["error"]["code"] in ("invalid_argument", "unsafe_path"), (path, env)
        assert "ORDER_STATUS" not in json.dumps(env, ensure_ascii=False), path
        assert str(sample_root) not in json.dumps(env, ensure_ascii=False), path
    assert not good[1] and "ORDER_STATUS_PAID" in json.dumps(good[2], ensure_ascii=False)


def test_an_io_error_names_the_file_not_its_folders() -> None:
    from knowledge_retrieval.service.envelope import error

    exc = PermissionError(13, "Permission denied", "/home/someone/KnowledgeBase/payments/a.md")
    assert error(exc, "io_error") == {
        "ok": False,
        "error": {"code": "io_error", "message": "Permission denied: 'a.md'"},
    }
    assert error(OSError(28, "No space left on device"), "io_error")["error"] == {
        "code": "io_error",
        "message": "No space left on device",
    }
