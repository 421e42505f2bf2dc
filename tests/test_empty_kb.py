"""A KB without documents (only its README, every file excluded or skipped, every file deleted
after a build) is a note on that KB: a search that does not name it answers from the others,
one that names it alone is not found with the reason ``no_documents``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.service.agent_tool import KnowledgeTool
from knowledge_retrieval.team.workflow import retrieve

from .conftest import write

EMPTY_NOTE = "'fresh' has no documents yet"


def _readme_only(kb: Path) -> None:
    write(kb / "README.md", "# Fresh\n\nWidgets and gadgets: refund rules for widgets.\n")


def _all_excluded(kb: Path) -> None:
    write(
        kb / "README.md",
        "---\nname: fresh\ndescription: Widgets and refunds.\n"
        'exclude: ["drafts/**"]\n---\n\n# Fresh\n\nWidgets.\n',
    )
    write(kb / "drafts" / "refund.md", "# Refund\n\nA refund of a widget takes three days.\n")


def _all_skipped(kb: Path) -> None:
    _readme_only(kb)
    (kb / "refund.md").write_bytes(b"# Refund\x00\x00\x01 binary \xff\xfe")


SHAPES = {"readme_only": _readme_only, "all_excluded": _all_excluded, "all_skipped": _all_skipped}


def _deleted_after_build(kb: Path, root: Path) -> None:
    _readme_only(kb)
    write(kb / "widget.md", "# Widget refund\n\nA widget refund takes three days.\n")
    assert search("widget refund", kb="fresh", root=root).found
    (kb / "widget.md").unlink()


@pytest.fixture(params=[*SHAPES, "deleted_after_build"])
def empty_root(request: pytest.FixtureRequest, sample_root: Path) -> Path:
    kb = sample_root / "fresh"
    kb.mkdir()
    if request.param == "deleted_after_build":
        _deleted_after_build(kb, sample_root)
    else:
        SHAPES[request.param](kb)
    return sample_root


def test_a_search_without_a_kb_answers_from_the_others(empty_root: Path) -> None:
    r = search("refund", root=empty_root)
    assert r.found and r.kb == "payments", r.notes
    [note] = [n for n in r.notes if n.startswith(EMPTY_NOTE)]
    assert "add Markdown files to its folder" in note
    assert "fresh" not in r.kbs


def test_a_search_naming_it_alone_is_not_found_with_the_reason(empty_root: Path) -> None:
    r = search("refund", kb="fresh", root=empty_root)
    assert (r.found, r.reason, r.kb) == (False, "no_documents", "fresh")
    assert any(n.startswith(EMPTY_NOTE) for n in r.notes), r.notes
    both = search("refund", kb=["fresh", "payments"], root=empty_root)
    assert both.found and {h.kb for h in both.hits} == {"payments"}
    assert any(n.startswith(EMPTY_NOTE) for n in both.notes)
    infos = {k.name: k for k in list_kbs(empty_root, refresh=True)}
    assert infos["fresh"].doc_count == 0


def test_a_root_whose_only_kb_is_empty(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _readme_only(root / "fresh")
    r = search("widget refund", root=root)
    assert (r.found, r.reason, r.kb) == (False, "no_documents", "fresh")
    assert any(n.startswith(EMPTY_NOTE) for n in r.notes), r.notes


def test_the_mcp_tool_and_the_team_workflow(empty_root: Path) -> None:
    out = KnowledgeTool(empty_root).call(
        "query_knowledge", {"action": "query", "query_text": "refund approval"}
    )
    assert not out.is_error, out.text
    assert out.envelope["ok"] and out.envelope["data"]["total_returned"] > 0
    alone = KnowledgeTool(empty_root).call(
        "query_knowledge", {"action": "query", "kb_id": "fresh", "query_text": "refund"}
    )
    assert not alone.is_error and alone.envelope["data"]["reason"] == "no_documents", alone.text
    write(
        empty_root / "teams.yaml",
        "default_kb: fresh\nteams:\n  shop:\n    kb_ids: [fresh, payments]\n    access: allowed\n",
    )
    got = retrieve("refund approval", component="shop", root=empty_root)
    assert got.results, got
    default = retrieve("refund approval", component="", root=empty_root)  # the default KB
    assert (default.found, default.kb_ids) == (False, ("fresh",))
    bound = KnowledgeTool(empty_root, component="shop").call(
        "query_knowledge", {"action": "query", "query_text": "refund approval"}
    )
    assert not bound.is_error, bound.text


def test_kr_search_in_a_process(empty_root: Path) -> None:
    def kr(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "knowledge_retrieval", *args, "--root", str(empty_root)],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
            check=False,
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        )

    p = kr("search", "refund", "--output", "json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)["data"]
    assert data["total_returned"] > 0 and "internal_error" not in p.stdout
    p = kr("search", "refund", "--kb", "fresh", "--output", "json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)["data"]
    assert data["reason"] == "no_documents"
    assert any(n.startswith(EMPTY_NOTE) for n in data["notes"]), data


def test_a_memory_project_whose_notes_were_all_removed(sample_root: Path) -> None:
    from knowledge_retrieval.team.memory import search_memory

    (sample_root / ".memory" / "shop").mkdir(parents=True)
    r = search_memory("refund", project_ids=["shop"], root=sample_root)
    assert (r.found, r.hits) == (False, ())
