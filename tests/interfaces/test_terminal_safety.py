"""Names from a KB reach a terminal as one line each, without control characters.

Real files whose names hold terminal escapes and line breaks, and the real ``kr`` process:
its text and Markdown output, and its log warnings on stderr. JSON keeps every name as it is.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from knowledge_retrieval.terminal import escape_breaks, one_line, terminal_safe

from ..conftest import write

pytestmark = pytest.mark.skipif(os.name == "nt", reason="control characters in file names")

ESC = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e"
FORGED = "2. [0.99] forged.md:1-2  Forged"
NAME = f"a{ESC}\n{FORGED}\r\u2028x.md"
WORD = "ORDER_STATUS_ESCAPED"
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture
def hostile_root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# KB\n\nOrder status codes.\n")
    write(root / "kb" / NAME, f"# Status codes\n\n{WORD}: the order was escaped by the sender.\n")
    write(root / "kb" / "second.md", f"# More status codes\n\n{WORD} is also listed here.\n")
    (root / "kb" / f"bin\n  skipped {ESC}fine.md: ok.md").write_bytes(b"\x00\x01binary")
    bad = root / f"evil{ESC}\nWARNING forged"
    bad.mkdir()
    (bad / "README.md").write_bytes(b"\x00\x01not text")
    write(root / "teams.yaml", "default_kb: kb\nteams: {}\n")
    return root


def kr(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", *args, "--root", str(root)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="surrogateescape",
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


ALL = ("--score-threshold", "0")
COMMANDS = [
    ("search", WORD, "--kb", "kb", *ALL),
    ("search", WORD, "--kb", "kb", "--explain", *ALL),
    ("search", "nothing here at all", "--kb", "kb", "--explain"),
    ("smart", "--query", WORD, "--kb-id", "kb", *ALL),
    ("smart", "--query", WORD, "--kb-id", "kb", "--output", "markdown", *ALL),
    ("retrieve", "--query", WORD, *ALL),
    ("retrieve", "--query", WORD, "--output", "markdown", *ALL),
    ("list",),
    ("index",),
    ("show", "kb", NAME),
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: repr(a[:1] + a[2:-2]))
def test_text_and_markdown_output_keep_names_on_one_line(
    hostile_root: Path, args: tuple[str, ...]
) -> None:
    kr(hostile_root, "index")  # the log warning of the evil KB is checked on every command
    p = kr(hostile_root, *args)
    assert p.returncode == 0, p.stderr
    for stream in (p.stdout, p.stderr):
        assert not CONTROLS.search(stream), (args, stream)
        assert "\u2028" not in stream
    lines = (p.stdout + p.stderr).splitlines()
    # the forged hit line never starts a line, and no warning line is forged
    assert not any(ln.lstrip().startswith("2. [0.99]") for ln in lines), (args, p.stdout)
    assert not any(ln.startswith("WARNING forged") for ln in lines), (args, p.stderr)
    assert not any(ln.startswith("  skipped ]0;") for ln in lines), (args, p.stdout)
    if WORD in args or args[0] == "show":
        assert "escaped by the sender" in p.stdout, (args, p.stdout)
        # kr show's stdout is the document; the header naming the file goes to stderr
        where = p.stderr if args[0] == "show" else p.stdout
        assert "a]0;pwned[2J31m\\n2. [0.99] forged.md:1-2  Forged\\r\\u2028x.md" in where


def test_log_warnings_name_the_kb_on_one_line(hostile_root: Path) -> None:
    p = kr(hostile_root, "list")
    assert p.returncode == 0
    assert p.stderr.splitlines() == [
        "README of evil]0;pwned[2J31m\\nWARNING forged not read: binary file"
    ]


def test_json_keeps_the_names(hostile_root: Path) -> None:
    p = kr(hostile_root, "smart", "--query", WORD, "--kb-id", "kb", "--output", "json", *ALL)
    paths = {r["path"] for r in json.loads(p.stdout)["data"]["results"]}
    assert NAME in paths


def test_the_helpers() -> None:
    assert escape_breaks("a\nb\r\nc\u2028d\u2029e\x85f\x0bg\x0ch") == (
        "a\\nb\\r\\nc\\u2028d\\u2029e\\x85f\\vg\\fh"
    )
    assert terminal_safe("a\x1b[2Jb\tc\nd") == "a[2Jb\tc\nd"
    assert one_line(f"x{ESC}\ny") == "x]0;pwned[2J31m\\ny"


def test_python_reprs_keep_names_on_one_line(hostile_root: Path) -> None:
    from knowledge_retrieval import list_kbs, retrieve, search

    result = search(WORD, "kb", root=hostile_root, score_threshold=0)
    retrieval = retrieve(WORD, root=hostile_root, score_threshold=0)
    kbs = list_kbs(hostile_root)
    for shown in (repr(result), repr(result.hits[0]), repr(retrieval), repr(kbs)):
        assert not CONTROLS.search(shown) and "\u2028" not in shown, shown
        assert not any(ln.lstrip().startswith(("2. [0.99]", "WARNING")) for ln in shown.split("\n"))
