"""``kr`` as a new user meets it: a real process on a KB of their own (the homelab fixture)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ..conftest import make_homelab
from .test_cli import kr


def test_root_pointed_at_a_kb_folder_searches_that_kb(tmp_path: Path) -> None:
    kb = make_homelab(tmp_path) / "homelab"
    proc = kr("search", "jellyfin port", "--root", str(kb), "--output", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)["data"]
    assert data["results"][0]["source"].startswith("homelab/services/jellyfin.md:")
    listed = kr("list", "--root", str(kb))
    assert listed.returncode == 0 and listed.stdout.startswith("homelab  My homelab")


def test_root_inside_a_kb_fails_naming_the_kb(tmp_path: Path) -> None:
    kb = make_homelab(tmp_path) / "homelab"
    inner = kb / "services"
    proc = kr("search", "jellyfin port", "--root", str(inner))
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.startswith(
        f"kr: error: {inner.resolve()} is a folder inside the knowledge base 'homelab', "
        f"not a KnowledgeBase root: pass the root {kb.parent.resolve()}"
    )
    smart = kr("smart", "--query", "jellyfin port", "--root", str(inner), "--output", "json")
    assert smart.returncode == 1
    assert json.loads(smart.stdout)["error"]["code"] == "no_root"


def test_show_prints_only_the_document_on_stdout(tmp_path: Path) -> None:
    root = make_homelab(tmp_path)
    proc = kr("show", "homelab", "procedures/replace-disk.md:3-4", "--root", str(root))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        "1. Run `zpool status tank` to find the failed disk.\n2. Run `zpool replace tank OLD NEW`.\n"
    )
    assert proc.stderr.startswith("==> homelab/procedures/replace-disk.md:3-4 (of 5 lines) <==\n")
    assert "# Python: from knowledge_retrieval.team.workflow import read_document; " in proc.stderr
    whole = kr("show", "homelab", "services/jellyfin.md", "--root", str(root))
    assert whole.stdout == (root / "homelab/services/jellyfin.md").read_text(encoding="utf-8")


def test_list_cuts_a_description_at_a_word_with_an_ellipsis(tmp_path: Path) -> None:
    proc = kr("list", "--root", str(make_homelab(tmp_path)))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        "homelab  My homelab - the self-hosted services, the network, storage, backups and the "
        "procedures I follow…\n"
    )


def test_index_lists_what_the_readme_excludes(tmp_path: Path) -> None:
    root = make_homelab(tmp_path)
    refused = kr("show", "homelab", "old/jellyfin-2019.md", "--root", str(root))
    assert refused.returncode == 2
    assert refused.stderr == (
        "kr: error: 'old/jellyfin-2019.md' is not a document of 'homelab': the KB's README "
        "excludes it from the index\n"
        "  hint: only files the index searches can be read; `kr index` lists what it skips\n"
    )
    proc = kr("index", "--root", str(root))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("homelab: 10 file(s): ")
    assert lines[0].endswith("; 1 excluded by its README")
    assert lines[1] == "  excluded old/jellyfin-2019.md: the KB's README excludes it"
    env = json.loads(kr("index", "--root", str(root), "--output", "json").stdout)
    assert env["data"]["results"][0]["excluded"] == ["old/jellyfin-2019.md"]


def test_every_query_command_takes_the_query_both_ways(tmp_path: Path) -> None:
    root = str(make_homelab(tmp_path))
    for args in (
        ("search", "--query", "jellyfin port"),
        ("search", "jellyfin port"),
        ("smart", "jellyfin port"),
        ("smart", "--query", "jellyfin port"),
        ("retrieve", "jellyfin port", "--kb-id", "homelab"),
    ):
        proc = kr(*args, "--root", root, "--output", "json")
        if args[0] == "retrieve":  # the team workflow needs a teams.yaml: that error, not usage
            assert json.loads(proc.stdout)["error"]["code"] == "config_error", args
            continue
        assert proc.returncode == 0, (args, proc.stderr)
        first = json.loads(proc.stdout)["data"]["results"][0]["source"]
        assert first.startswith("homelab/services/jellyfin.md:"), args
    proc = kr("memory", "search", "jellyfin", "--project-id", "homelab", "--root", root)
    assert "a query is required" not in proc.stderr and "memory project" in proc.stderr
    missing = kr("smart", "--root", root)
    assert missing.returncode == 2
    assert 'kr: error: a query is required: kr smart "QUERY" ... or kr smart --query' in (
        missing.stderr
    )
    twice = kr("search", "a", "--query", "b", "--root", root)
    assert twice.returncode == 2
    assert "the query is given twice (QUERY and --query); give it once" in twice.stderr


def test_seed_script_without_its_subcommand_names_the_right_form(tmp_path: Path) -> None:
    from knowledge_retrieval.interfaces.skills import install_skill

    root = make_homelab(tmp_path)
    skill = install_skill("retrieve-doc", tmp_path / "skills", root=root)
    proc = subprocess.run(
        [str(skill.path / "scripts" / "dod-query-kb"), "--query", "jellyfin port"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    err = json.loads(proc.stdout)["error"]
    assert err["message"] == "the first argument must be 'smart', not '--query'"
    assert err["hint"].endswith("; run: dod-query-kb smart --query 'jellyfin port'")


def test_memory_of_a_project_without_notes_says_how_projects_come_to_exist(
    tmp_path: Path,
) -> None:
    root = str(make_homelab(tmp_path))
    args = ("memory", "search", "--query", "jellyfin", "--project-id", "homelab")
    proc = kr(*args, "--root", root, "--output", "json")
    assert proc.returncode == 2
    err = json.loads(proc.stdout)["error"]
    assert err["code"] == "kb_not_found"
    assert err["message"] == "no memory for project 'homelab': no note has been added to it"
    assert err["hint"] == (
        "a memory project exists once a note is added to it: kr memory add --project-id homelab "
        "--text '...' (remember() in Python)"
    )
    assert (
        kr(
            "memory", "add", "--project-id", "homelab", "--text", "jellyfin: 8096", "--root", root
        ).returncode
        == 0
    )
    assert kr(*args, "--root", root).returncode == 0


def test_eval_without_its_data_says_what_is_missing_in_one_line(tmp_path: Path) -> None:
    suite = tmp_path / "queries" / "scifact-train.jsonl"
    cmd = [sys.executable, "-m", "knowledge_retrieval.eval", "--root", str(tmp_path / "KB")]
    proc = subprocess.run(
        [*cmd, str(suite)], capture_output=True, text=True, timeout=60, check=False
    )
    help_ = (
        "the evaluation data is not part of the repository: docs/performance.md "
        "(The evaluation data) says where each data set comes from and how to lay it out"
    )
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (
        f"python -m knowledge_retrieval.eval: no KnowledgeBase folder {tmp_path / 'KB'}; {help_}\n"
    )
    root = make_homelab(tmp_path)
    cmd[-1] = str(root)
    proc = subprocess.run(
        [*cmd, str(suite)], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.stderr == f"python -m knowledge_retrieval.eval: no query file {suite}; {help_}\n"
    suite.parent.mkdir()
    suite.write_text('{"id": "1", "kb": "scifact", "query": "x", "relevant": {}}\n', "utf-8")
    proc = subprocess.run(
        [*cmd, str(suite)], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert f"no knowledge base 'scifact' (with a README.md) in {root}" in proc.stderr


def test_tool_schema_describes_the_roots_kbs(tmp_path: Path) -> None:
    root = make_homelab(tmp_path)
    tool = json.loads(kr("tool-schema", "--root", str(root)).stdout)
    assert "The knowledge bases here (1):\n- `homelab`: My homelab" in tool["description"]
    bare = json.loads(kr("tool-schema", "--root", str(tmp_path / "nowhere")).stdout)
    assert "The knowledge bases here" not in bare["description"]


def test_a_root_without_any_kb_fails_saying_so(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    (root / "notes").mkdir(parents=True)  # a folder, but no README.md: not a KB
    proc = kr("search", "jellyfin port", "--root", str(root))
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.startswith(
        "kr: error: no knowledge base (a folder with a README.md) under KnowledgeBase/\n"
    )
