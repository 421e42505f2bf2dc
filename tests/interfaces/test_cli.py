"""The ``kr`` command: the real process for the main paths, ``main([...])`` for the edge cases."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from knowledge_retrieval.index import progress
from knowledge_retrieval.interfaces.cli import build_parser, main
from knowledge_retrieval.team.workflow import ACCESS_DISABLED, NO_RESULTS

from ..conftest import SAMPLE_ROOT, write


def kr(
    *args: str, stdin: str | None = None, index_home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m knowledge_retrieval`` (KR_INDEX_DIR is inherited from the fixture)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    if index_home is not None:
        env["KR_INDEX_DIR"] = str(index_home)
    return subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
        env=env,
    )


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(root, index home) shared by the tests that only read, so the index is built once."""
    base = tmp_path_factory.mktemp("shared")
    shutil.copytree(SAMPLE_ROOT, base / "KnowledgeBase")
    return base / "KnowledgeBase", base / "indexes"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    """``main(args)`` in-process: (exit code, parsed JSON or text, stderr)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    if "json" in args:
        return code, json.loads(out), err
    return code, out, err


def _envelope_ok(env: dict[str, Any]) -> dict[str, Any]:
    assert env["ok"] is True and set(env) == {"ok", "data"}
    data = env["data"]
    assert {"total_returned", "results", "message", "source"} <= set(data)
    assert data["total_returned"] == len(data["results"])
    for r in data["results"]:
        assert {"source", "content", "score"} <= set(r)
    return data


# --------------------------------------------------------------------------- real processes


def test_smart_merges_several_kbs_as_json(shared: tuple[Path, Path]) -> None:
    root, home = shared
    p = kr(
        "smart",
        "--query",
        "超卖 INV_OVERSOLD",
        "--kb-id",
        "glossary",
        "--kb-id",
        "troubleshooting",
        "--max-results",
        "5",
        "--score-threshold",
        "0.2",
        "--output",
        "json",
        "--root",
        str(root),
        index_home=home,
    )
    assert p.returncode == 0, p.stderr
    assert "\\u" not in p.stdout and "超卖" in p.stdout, "UTF-8, not escaped"
    data = _envelope_ok(json.loads(p.stdout))
    assert data["source"] == "kb" and 1 <= data["total_returned"] <= 5
    kbs = {r["kb"] for r in data["results"]}
    assert kbs == {"glossary", "troubleshooting"}
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)
    first = data["results"][0]
    assert (
        first["source"]
        == f"{first['kb']}/{first['path']}:{first['line_start']}-{first['line_end']}"
    )


def test_smart_table_hit_shows_its_row_as_field_value(shared: tuple[Path, Path]) -> None:
    root, home = shared
    p = kr(
        "smart",
        "--query",
        "E1023",
        "--kb-id",
        "payments",
        "--output",
        "json",
        "--root",
        str(root),
        index_home=home,
    )
    top = _envelope_ok(json.loads(p.stdout))["results"][0]
    assert top["source"].startswith("payments/reference/error-codes.csv:")
    assert top["kind"] == "table"
    assert top["content"].splitlines()[0] == "code: E1023"
    assert all(": " in ln for ln in top["content"].splitlines())


def test_smart_markdown_blocks(shared: tuple[Path, Path]) -> None:
    root, home = shared
    p = kr(
        "smart",
        "--query",
        "ORDER_STATUS_PAID",
        "--kb-id",
        "payments",
        "--max-results",
        "2",
        "--score-threshold",
        "0",
        "--output",
        "markdown",
        "--root",
        str(root),
        index_home=home,
    )
    assert p.returncode == 0
    blocks = p.stdout.strip().split("\n\n**Source:** ")
    assert len(blocks) == 2
    assert p.stdout.startswith("**Source:** payments/reference/order-status.md:")
    assert "\n**Content:**\n" in p.stdout and "枚举值: ORDER_STATUS_PAID" in p.stdout


def test_retrieve_denied_with_explicit_ids(sample_root: Path, _index_home: Path) -> None:
    p = kr(
        "retrieve",
        "--query",
        "ORDER_STATUS_PAID",
        "--component",
        "risk",
        "--kb-id",
        "payments",
        "--output",
        "json",
        "--root",
        str(sample_root),
    )
    assert p.returncode == 0
    data = _envelope_ok(json.loads(p.stdout))
    assert data["message"] == ACCESS_DISABLED and data["results"] == []
    assert data["source"] is None and data["denied"] is True
    assert not list(_index_home.rglob("manifest.json"))
    p = kr(
        "retrieve",
        "--query",
        "x",
        "--component",
        "risk",
        "--output",
        "markdown",
        "--root",
        str(sample_root),
    )
    assert p.stdout.strip() == ACCESS_DISABLED


def test_memory_add_from_stdin_then_search_and_retrieve(sample_root: Path) -> None:
    p = kr(
        "memory",
        "add",
        "--project-id",
        "logistics-core",
        "--title",
        "離島 status 150",
        "--output",
        "json",
        "--root",
        str(sample_root),
        stdin="SHIP_STATUS_EXCEPTION on 離島 routes clears within a day.\n",
    )
    assert p.returncode == 0, p.stderr
    data = _envelope_ok(json.loads(p.stdout))
    saved = data["results"][0]["source"]
    assert saved.startswith(".memory/logistics-core/") and (sample_root / saved).is_file()
    p = kr(
        "memory",
        "search",
        "--query",
        "SHIP_STATUS_EXCEPTION",
        "--project-id",
        "logistics-core",
        "--max-results",
        "5",
        "--output",
        "json",
        "--root",
        str(sample_root),
    )
    data = _envelope_ok(json.loads(p.stdout))
    assert data["source"] == "memory" and data["total_returned"] == 1
    assert data["results"][0]["source"].startswith(saved + ":")
    p = kr(
        "retrieve",
        "--query",
        "SHIP_STATUS_EXCEPTION",
        "--component",
        "logistics",
        "--output",
        "json",
        "--root",
        str(sample_root),
    )
    data = _envelope_ok(json.loads(p.stdout))
    assert data["source"] == "memory" and data["total_returned"] == 1


def test_retrieve_workflow_branches_end_to_end(sample_root: Path) -> None:
    def retrieve(query: str, component: str) -> dict[str, Any]:
        p = kr(
            "retrieve",
            "--query",
            query,
            "--component",
            component,
            "--output",
            "json",
            "--root",
            str(sample_root),
        )
        assert p.returncode == 0, p.stderr
        return _envelope_ok(json.loads(p.stdout))

    for component in ("", "no-such-team"):  # empty and unknown: the default KB
        data = retrieve("What does INV_LOCK_TIMEOUT mean?", component)
        assert data["kb_ids"] == ["troubleshooting"] and data["source"] == "kb"
        assert data["results"][0]["source"].startswith("troubleshooting/errors/inventory-errors")
    q = "SHIP_STATUS 150"
    data = retrieve(q, "logistics")  # memory fails (no notes yet): fall back to the KB
    assert data["source"] == "kb" and data["kb_ids"] == ["logistics", "glossary"]
    assert data["results"][0]["source"].startswith("logistics/reference/shipment-status.md:")
    assert any("memory search failed" in n for n in data["notes"])
    p = kr(
        "memory",
        "add",
        "--project-id",
        "logistics-core",
        "--text",
        "coffee is on floor 3",
        "--root",
        str(sample_root),
    )
    assert p.returncode == 0 and p.stdout.startswith("Note saved to .memory/logistics-core/")
    data = retrieve(q, "logistics")  # memory works and finds nothing: stop
    assert (data["source"], data["message"], data["results"]) == ("memory", NO_RESULTS, [])


def test_unknown_kb_id_is_invalid_input(shared: tuple[Path, Path]) -> None:
    root, home = shared
    p = kr(
        "smart",
        "--query",
        "ORDER_STATUS_PAID",
        "--kb-id",
        "paymnts",
        "--output",
        "json",
        "--root",
        str(root),
        index_home=home,
    )
    assert p.returncode == 2
    env = json.loads(p.stdout)
    assert env["ok"] is False and env["error"]["code"] == "kb_not_found"
    assert env["error"]["suggestions"] == ["payments"] and env["error"]["message"]


def test_usage_error_is_still_an_envelope_in_json(shared: tuple[Path, Path]) -> None:
    root, home = shared
    p = kr(
        "smart",
        "--max-results",
        "0",
        "--query",
        "x",
        "--output",
        "json",
        "--root",
        str(root),
        index_home=home,
    )
    assert p.returncode == 2
    env = json.loads(p.stdout)
    assert env == {
        "ok": False,
        "error": {
            "code": "invalid_argument",
            "message": "argument --max-results: 0 is not between 1 and 100",
            "hint": "run 'kr smart --help'",
        },
    }
    p = kr("smart", "--root", str(root), index_home=home)
    assert p.returncode == 2 and p.stdout == "" and "usage: kr smart" in p.stderr
    assert 'a query is required: kr smart "QUERY" ... or kr smart --query "QUERY" ...' in p.stderr


def test_help_and_smart_do_not_import_mcp_or_jieba(shared: tuple[Path, Path]) -> None:
    root, home = shared
    assert kr("index", "--root", str(root), index_home=home).returncode == 0
    code = (
        "import sys\n"
        "from knowledge_retrieval.interfaces.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "assert main(['smart', '--query', 'ORDER_STATUS_PAID', '--kb-id', 'troubleshooting',"
        f" '--root', {str(root)!r}, '--output', 'json']) == 0\n"
        "print('LOADED', sorted(m for m in ('mcp', 'jieba', 'tqdm') if m in sys.modules))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "KR_INDEX_DIR": str(home)},
    )
    assert p.returncode == 0, p.stderr
    assert "LOADED []" in p.stdout
    h = kr("--help")
    assert h.returncode == 0 and "smart" in h.stdout and "tool-schema" in h.stdout


def test_malformed_teams_yaml_fails_with_1(sample_root: Path) -> None:
    write(
        sample_root / "teams.yaml",
        "default_kb: troubleshooting\nteams:\n  payments:\n"
        "    access: sometimes\n    kb_ids: [payments]\n",
    )
    p = kr(
        "retrieve",
        "--query",
        "x",
        "--component",
        "payments",
        "--output",
        "json",
        "--root",
        str(sample_root),
    )
    assert p.returncode == 1
    err = json.loads(p.stdout)["error"]
    assert err["code"] == "config_error" and "teams.yaml:4:" in err["message"]


# --------------------------------------------------------------------------- in-process


def test_list(capsys: pytest.CaptureFixture[str], sample_root: Path) -> None:
    code, env, _ = run(capsys, "list", "--root", str(sample_root), "--output", "json")
    data = _envelope_ok(env)
    assert code == 0 and [r["kb_id"] for r in data["results"]] == [
        "glossary",
        "logistics",
        "payments",
        "troubleshooting",
    ]
    assert all(r["description"] for r in data["results"])
    code, out, _ = run(capsys, "list", "--root", str(sample_root))
    assert code == 0 and out.splitlines()[2].startswith("payments ")


def test_search_for_people(capsys: pytest.CaptureFixture[str], sample_root: Path) -> None:
    code, out, _ = run(capsys, "search", "订单状态码 20 是什么意思", "--root", str(sample_root))
    assert code == 0 and out.startswith("根据本地知识库 payments")
    assert "1. [" in out and "kr show payments reference/order-status.md:" in out
    code, env, _ = run(
        capsys,
        "search",
        "ORDER_STATUS_PAID",
        "--kb",
        "KnowledgeBase/payments/",
        "--kb",
        "glossary",
        "--top-k",
        "2",
        "--output",
        "json",
        "--root",
        str(sample_root),
    )
    data = _envelope_ok(env)
    assert code == 0 and data["kb_ids"] == ["payments", "glossary"] and data["total_returned"] <= 2
    code, out, _ = run(
        capsys, "search", "ORDER_STATUS_PAID", "--output", "markdown", "--root", str(sample_root)
    )
    assert out.startswith("**Source:** payments/")


def test_no_results_is_ok_with_the_seed_sentence(
    capsys: pytest.CaptureFixture[str], sample_root: Path
) -> None:
    for cmd in (
        ["smart", "--query", "sourdough starter bread", "--kb-id", "payments"],
        ["retrieve", "--query", "sourdough starter bread", "--component", "payments"],
    ):
        code, env, _ = run(capsys, *cmd, "--output", "json", "--root", str(sample_root))
        data = _envelope_ok(env)
        assert code == 0 and data["total_returned"] == 0 and data["results"] == []
        assert data["message"] == NO_RESULTS and data["source"] == "kb"
        code, out, _ = run(capsys, *cmd, "--output", "markdown", "--root", str(sample_root))
        assert out.strip() == NO_RESULTS


def test_retrieve_default_component(capsys: pytest.CaptureFixture[str], sample_root: Path) -> None:
    for extra in ([], ["--component", ""], ["--component", "nobody"]):
        code, env, _ = run(
            capsys,
            "retrieve",
            "--query",
            "INV_LOCK_TIMEOUT",
            *extra,
            "--output",
            "json",
            "--root",
            str(sample_root),
        )
        data = _envelope_ok(env)
        assert code == 0 and data["kb_ids"] == ["troubleshooting"] and data["team"] is None
        assert data["results"][0]["source"].startswith("troubleshooting/errors/inventory-errors.md")


def test_retrieve_memory_branches(capsys: pytest.CaptureFixture[str], sample_root: Path) -> None:
    root = ["--root", str(sample_root), "--output", "json"]
    q = ["retrieve", "--query", "運單狀態碼 150 是什麼意思", "--component", "logistics"]
    code, env, _ = run(capsys, *q, *root)  # no notes yet: memory fails, KB answers
    data = _envelope_ok(env)
    assert (code, data["source"]) == (0, "kb") and data["total_returned"] > 0
    assert any("memory search failed" in n for n in data["notes"])
    assert (
        main(
            [
                "memory",
                "add",
                "--project-id",
                "logistics-core",
                "--text",
                "coffee on floor 3",
                "--root",
                str(sample_root),
            ]
        )
        == 0
    )
    assert "Note saved to .memory/logistics-core/" in capsys.readouterr().out
    code, env, _ = run(capsys, *q, *root)  # memory answers "nothing": stop
    data = _envelope_ok(env)
    assert (code, data["source"], data["message"]) == (0, "memory", NO_RESULTS)


def test_retrieve_text_output(capsys: pytest.CaptureFixture[str], sample_root: Path) -> None:
    code, out, _ = run(
        capsys,
        "retrieve",
        "--query",
        "ORDER_STATUS_PAID",
        "--component",
        "payments",
        "--max-results",
        "1",
        "--root",
        str(sample_root),
    )
    assert code == 0 and out.startswith("1 relevant document(s) found in payments.")
    assert "] payments/reference/order-status.md:" in out


@pytest.mark.parametrize(
    ("args", "code", "error_code"),
    [
        (["smart", "--query", "x", "--kb-id", "nope"], 2, "kb_not_found"),
        (["smart", "--query", "   ", "--kb-id", "payments"], 2, "invalid_argument"),
        (["smart", "--query", "x", "--kb-id", "../etc"], 2, "unsafe_path"),
        (["smart", "--query", "x", "--score-threshold", "1.5"], 2, "invalid_argument"),
        (["smart", "--query", "x", "--output", "yaml"], 2, "invalid_argument"),
        (["search", "x", "--kb", "paymnts"], 2, "kb_not_found"),
        (["search", "x", "--top-k", "many"], 2, "invalid_argument"),
        (
            ["retrieve", "--query", "x", "--component", "payments", "--kb-id", "nope"],
            2,
            "kb_not_found",
        ),
        (["retrieve", "--component", "payments"], 2, "invalid_argument"),
        (["memory", "search", "--query", "x", "--project-id", "../p"], 2, "unsafe_path"),
        (["memory", "search", "--query", "x", "--project-id", "a/b"], 2, "unsafe_path"),
        (["memory", "search", "--query", "x", "--project-id", "never-used"], 2, "kb_not_found"),
        (["memory", "search", "--query", "x"], 2, "invalid_argument"),
        (["memory", "add", "--project-id", "..", "--text", "x"], 2, "unsafe_path"),
        (["memory", "add", "--project-id", "p", "--text", " "], 2, "invalid_argument"),
        (
            ["memory", "add", "--project-id", "p", "--text", "a", "--file", "f"],
            2,
            "invalid_argument",
        ),
        (
            ["memory", "add", "--project-id", "p", "--file", "no-such-file.md"],
            2,
            "invalid_argument",
        ),
        (["memory", "frobnicate"], 2, "invalid_argument"),
        (["show", "payments", "../teams.yaml"], 2, "unsafe_path"),
        (["show", "payments", "/etc/passwd"], 2, "unsafe_path"),
        (["show", "paymnts", "index.md"], 2, "kb_not_found"),
        (["show", "payments", "index.md:999"], 2, "invalid_argument"),
        (["index", "--kb", "nope"], 2, "kb_not_found"),
        (["frobnicate"], 2, "invalid_argument"),
    ],
)
def test_errors_are_envelopes_with_exit_codes(
    capsys: pytest.CaptureFixture[str],
    sample_root: Path,
    args: list[str],
    code: int,
    error_code: str,
) -> None:
    got, env, _ = run(capsys, *args, "--root", str(sample_root), "--output", "json")
    assert got == code
    assert env["ok"] is False and set(env) == {"ok", "error"}
    assert env["error"]["code"] == error_code and env["error"]["message"]


def test_failures_exit_1(
    capsys: pytest.CaptureFixture[str], sample_root: Path, tmp_path: Path
) -> None:
    nowhere = str(tmp_path / "nowhere")
    for args in (
        ["smart", "--query", "x"],
        ["retrieve", "--query", "x"],
        ["list"],
        ["index"],
        ["memory", "add", "--project-id", "p", "--text", "x"],
    ):
        code, env, _ = run(capsys, *args, "--root", nowhere, "--output", "json")
        assert code == 1 and env["error"] == {
            "code": "no_root",
            "message": f"no KnowledgeBase folder found in '{nowhere}'",
            "hint": "pass --root (root=...) or set KNOWLEDGE_BASE_ROOT to the KnowledgeBase folder",
        }, args
    (sample_root / "teams.yaml").unlink()
    code, env, _ = run(
        capsys, "retrieve", "--query", "x", "--root", str(sample_root), "--output", "json"
    )
    assert code == 1 and "teams.yaml" in env["error"]["message"]


def test_text_errors_go_to_stderr_with_a_hint(
    capsys: pytest.CaptureFixture[str], sample_root: Path
) -> None:
    code, out, err = run(
        capsys, "smart", "--query", "x", "--kb-id", "paymnts", "--root", str(sample_root)
    )
    assert code == 2 and out == ""
    assert err.startswith("kr: error: Unknown knowledge base 'paymnts' (did you mean: payments?)")
    assert "hint:" in err


def test_memory_add_from_file_and_stdin(
    capsys: pytest.CaptureFixture[str],
    sample_root: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    note = write(tmp_path / "note.md", "# Chargebacks\n\nA chargeback reverses a card payment.\n")
    code, env, _ = run(
        capsys,
        "memory",
        "add",
        "--project-id",
        "pay-core",
        "--file",
        str(note),
        "--root",
        str(sample_root),
        "--output",
        "json",
    )
    data = _envelope_ok(env)
    assert code == 0 and data["source"] == "memory"
    assert "title: Chargebacks" in (sample_root / data["path"]).read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("piped note about refunds"))
    code, env, _ = run(
        capsys,
        "memory",
        "add",
        "--project-id",
        "pay-core",
        "--root",
        str(sample_root),
        "--output",
        "json",
    )
    assert code == 0 and env["data"]["results"][0]["content"] == "piped note about refunds"
    code, env, _ = run(
        capsys,
        "memory",
        "search",
        "--query",
        "chargeback",
        "--project-id",
        "pay-core",
        "--root",
        str(sample_root),
        "--output",
        "json",
    )
    assert env["data"]["total_returned"] == 1
    code, out, _ = run(
        capsys,
        "memory",
        "search",
        "--query",
        "chargeback",
        "--project-id",
        "pay-core",
        "--root",
        str(sample_root),
        "--output",
        "markdown",
    )
    assert out.startswith("**Source:** .memory/pay-core/")


def test_memory_add_refuses_an_interactive_stdin(
    capsys: pytest.CaptureFixture[str], sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Tty(""))
    code, env, _ = run(
        capsys, "memory", "add", "--project-id", "p", "--root", str(sample_root), "--output", "json"
    )
    assert code == 2 and "stdin" in env["error"]["hint"]


def test_show_prints_the_range_and_a_python_call(
    capsys: pytest.CaptureFixture[str], sample_root: Path
) -> None:
    code, out, err = run(
        capsys, "show", "payments", "reference/order-status.md:17-18", "--root", str(sample_root)
    )
    assert code == 0
    lines = out.splitlines()  # stdout is the document; where it is from goes to stderr
    assert err.startswith("==> payments/reference/order-status.md:17-18 (of ")
    assert len(lines) == 2
    assert "ORDER_STATUS_PAID" in lines[0] and "ORDER_STATUS_SHIPPED" in lines[1]
    call = next(ln for ln in err.splitlines() if ln.startswith("# Python: "))[len("# Python: ") :]
    ns: dict[str, Any] = {}
    exec(call.replace("; read_document", "\n_text = read_document"), ns)  # noqa: S102 - the point
    assert ns["_text"] == "\n".join(lines)
    code, env, _ = run(
        capsys,
        "show",
        "payments",
        "reference/order-status.md",
        "--root",
        str(sample_root),
        "--output",
        "json",
    )
    r = env["data"]["results"][0]
    assert r["line_start"] == 1 and r["line_end"] == r["total_lines"] and "python" in r
    code, out, err = run(
        capsys, "show", "payments", "reference/order-status.md:60-", "--root", str(sample_root)
    )
    assert err.startswith("==> payments/reference/order-status.md:60-62")


def test_index_reports_and_is_silent_without_a_tty(
    capsys: pytest.CaptureFixture[str], sample_root: Path
) -> None:
    code, out, err = run(capsys, "index", "--root", str(sample_root))
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith("glossary: ") and "rebuilt (no index yet)" in out
    code, env, err = run(
        capsys,
        "index",
        "--kb",
        "payments",
        "--rebuild",
        "--root",
        str(sample_root),
        "--output",
        "json",
    )
    data = _envelope_ok(env)
    assert code == 0 and err == "" and data["results"][0]["rebuilt"] == "requested"
    assert data["results"][0]["files"] >= 5


def test_index_shows_progress_on_a_tty(
    capsys: pytest.CaptureFixture[str], sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class TtyErr(io.StringIO):
        def isatty(self) -> bool:
            return True

    fake = TtyErr()
    monkeypatch.setattr(sys, "stderr", fake)
    # a build shorter than the delay shows no bar at all
    monkeypatch.setattr(progress, "BAR_DELAY_S", 3600.0)
    assert main(["index", "--kb", "payments", "--rebuild", "--root", str(sample_root)]) == 0
    assert fake.getvalue() == ""
    monkeypatch.setattr(progress, "BAR_DELAY_S", 0.0)  # as if the build had run long enough
    assert main(["index", "--kb", "payments", "--rebuild", "--root", str(sample_root)]) == 0
    assert "payments" in fake.getvalue() and "file" in fake.getvalue()
    assert "payments: writing index" in fake.getvalue()  # the last stage, not a bar at 100%


def test_tool_schema_matches_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    import yaml

    seed = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "query-knowledge-tool.yaml"
    code, out, _ = run(capsys, "tool-schema")
    tool = json.loads(out)
    assert code == 0 and tool["name"] == "query_knowledge" and tool["description"]
    schema = tool["inputSchema"]
    assert schema["required"] == ["action"]
    assert schema["properties"]["action"]["enum"] == ["list", "query"]
    assert schema["properties"]["top_k"]["default"] == 5
    if seed.is_file():
        params = yaml.safe_load(seed.read_text(encoding="utf-8"))["spec"]["parameters"]
        assert set(schema["properties"]) == set(params["properties"])
        for name, prop in params["properties"].items():
            assert schema["properties"][name]["type"] == prop["type"]
        assert schema["required"] == params["required"]
    code, out, _ = run(capsys, "tool-schema", "--tool", "read_document")
    assert json.loads(out)["inputSchema"]["required"] == ["kb_id", "path"]


def test_version_and_help_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("kr ")
    for cmd in (["--help"], ["smart", "--help"], ["memory", "add", "--help"]):
        assert main(cmd) == 0
        assert "usage: kr" in capsys.readouterr().out


def test_every_command_takes_root() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, p in sub.choices.items():  # type: ignore[union-attr]
        parsers = [p]
        if name in ("memory", "skill"):
            msub = next(a for a in p._actions if a.dest == f"{name}_command")
            parsers = list(msub.choices.values())  # type: ignore[union-attr]
        for q in parsers:
            assert any("--root" in a.option_strings for a in q._actions), name


def test_a_reader_that_leaves_early_gets_no_traceback(sample_root: Path) -> None:
    """`kr show ... | head -c 10`: a closed pipe ends the command quietly."""
    import subprocess as sp

    p = sp.Popen(
        [
            sys.executable,
            "-m",
            "knowledge_retrieval",
            "show",
            "payments",
            "reference/order-status.md",
            "--root",
            str(sample_root),
        ],
        stdout=sp.PIPE,
        stderr=sp.PIPE,
    )
    assert p.stdout is not None and p.stderr is not None
    p.stdout.read(10)
    p.stdout.close()
    err = p.stderr.read().decode()
    p.stderr.close()
    assert p.wait(timeout=60) == 0
    assert "Traceback" not in err and "Broken pipe" not in err


ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e"


@pytest.mark.skipif(os.name == "nt", reason="control characters in file names")
def test_terminal_output_strips_control_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# KB\n\nEscapes.\n")
    name = f"evil{ESCAPES}.md"
    write(root / "kb" / name, f"# Evil {ESCAPES}title\n\nescapetok {ESCAPES} body\n")
    for args in (
        ("search", "escapetok", "--kb", "kb"),
        ("smart", "--query", "escapetok", "--kb-id", "kb"),
        ("show", "kb", name),
    ):
        code, out, err = run(capsys, *args, "--root", str(root))
        assert code == 0, err
        assert "escapetok" in out
        assert not any(c in out + err for c in "\x1b\x07\x9b\u202e"), (args, out)
        assert "evil]0;pwned[2J31m.md" in out + err  # kr show: the name is on stderr
    code, env, _ = run(capsys, "show", "kb", name, "--root", str(root), "--output", "json")
    assert code == 0 and ESCAPES in env["data"]["results"][0]["content"]  # JSON is left as is


def test_mcp_without_the_extra_says_how_to_install_it() -> None:
    """``mcp`` is the ``[mcp]`` extra (LangBot pins mcp<2 beside the core): ``kr mcp`` in an
    environment without it stops with the command to run, before reading any root."""
    blocked = (
        "import sys; sys.modules['mcp'] = None; sys.modules['mcp_types'] = None\n"
        "from knowledge_retrieval.interfaces.cli import main\n"
        "sys.exit(main(['mcp', '--root', 'nowhere']))"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.run(
        [sys.executable, "-c", blocked],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr == (
        "kr: error: kr mcp needs the mcp package, which is not installed\n"
        "  hint: install the mcp extra (in a clone: pip install '.[mcp]') or mcp itself: "
        "pip install 'mcp>=2.0,<3'\n"
    )
