"""The kr command's arguments as people type them: an unquoted query, options anywhere among
its words, and the environment variables named in the help."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from knowledge_retrieval import defaults
from knowledge_retrieval.interfaces.cli_parser import UsageError, build_parser

from ..conftest import SAMPLE_ROOT


def parse(*argv: str) -> object:
    return build_parser().parse_args(list(argv))


@pytest.mark.parametrize(
    ("argv", "query"),
    [
        (
            ["search", "how", "do", "I", "replace", "a", "failed", "disk"],
            "how do I replace a failed disk",
        ),
        (["search", "how do I replace a failed disk"], "how do I replace a failed disk"),
        (["search", "--kb", "payments", "订单状态码", "20"], "订单状态码 20"),
        (["search", "订单状态码", "--top-k", "2", "20", "--output", "json"], "订单状态码 20"),
        (["search", "--query", "jellyfin port"], "jellyfin port"),
        (["smart", "jellyfin", "port", "--max-results", "1", "--kb-id", "x"], "jellyfin port"),
        (["retrieve", "--component", "c", "disk", "full"], "disk full"),
        (["memory", "search", "old", "--project-id", "p", "notes"], "old notes"),
    ],
)
def test_the_words_are_the_query_with_options_anywhere(argv: list[str], query: str) -> None:
    assert parse(*argv).query == query  # type: ignore[attr-defined]


def test_an_unknown_option_among_the_words_is_still_refused() -> None:
    with pytest.raises(UsageError) as err:
        parse("search", "how", "--bogus", "replace")
    assert err.value.message == "unrecognized arguments: --bogus"
    with pytest.raises(UsageError) as err:
        parse("search", "a", "b", "--query", "c")
    assert err.value.message == "the query is given twice (QUERY and --query); give it once"


def test_an_unquoted_question_searches_in_a_real_process(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "KR_INDEX_DIR": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", "search", "--root", str(SAMPLE_ROOT),
         "payment.retry.max_attempts", "--output", "json", "default", "of"],
        capture_output=True, text=True, encoding="utf-8", timeout=120, check=False, env=env,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)["data"]
    assert data["results"][0]["source"].startswith("payments/")


def _env_names() -> list[str]:
    return [getattr(defaults, n) for n in dir(defaults) if n.endswith("_ENV") and n.isupper()]


@pytest.mark.parametrize("command", [[], ["search"], ["smart"], ["retrieve"], ["mcp"], ["index"]])
def test_the_help_names_every_environment_variable(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from knowledge_retrieval.interfaces.cli import main

    assert main([*command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "\nenvironment:\n" in out
    names = _env_names()
    assert "KR_MCP_TOKEN" in names and "KNOWLEDGE_BASE_ROOT" in names
    for name in names:
        assert f"\n  {name} " in out, (command, name)


def test_docs_cli_has_an_environment_section_naming_every_variable() -> None:
    text = (Path(__file__).parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    section = text.split("\n## Environment\n", 1)[1].split("\n## ", 1)[0]
    for name in _env_names():
        assert f"`{name}`" in section, name


def test_the_mcp_line_names_both_transports(capsys: pytest.CaptureFixture[str]) -> None:
    from knowledge_retrieval.interfaces.cli import main

    main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "over MCP (stdio, or HTTP with --http)" in out
