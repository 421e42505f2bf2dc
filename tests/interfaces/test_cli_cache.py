"""``kr cache``: the index folders with their sizes and KBs, and ``--prune`` of those whose KB
is gone or that are old, over real index folders built by ``kr index``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from ..conftest import SAMPLE_ROOT


def kr(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
        env={**os.environ, "KR_INDEX_DIR": str(home), "PYTHONIOENCODING": "utf-8"},
    )


def cache(*args: str, home: Path) -> dict[str, Any]:
    proc = kr("cache", *args, "--output", "json", home=home)
    assert proc.returncode == 0, proc.stderr
    data: dict[str, Any] = json.loads(proc.stdout)["data"]
    return data


def _age(folder: Path, days: float) -> None:
    then = time.time() - days * 86400
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in (*dirnames, *filenames):
            os.utime(os.path.join(dirpath, name), (then, then))
    os.utime(folder, (then, then))


def test_list_then_prune_gone_and_old_indexes_only_inside_the_cache(tmp_path: Path) -> None:
    home = tmp_path / "indexes"
    root = tmp_path / "KnowledgeBase"
    shutil.copytree(SAMPLE_ROOT, root)
    assert kr("index", "--root", str(root), home=home).returncode == 0
    folders = {p.name.rsplit("-", 1)[0]: p for p in home.iterdir() if p.name != "readme-rules"}
    assert set(folders) == {"payments", "glossary", "logistics", "troubleshooting"}
    outside = tmp_path / "precious-0123456789ab"  # looks like an index, lives elsewhere
    (outside / "gen-1").mkdir(parents=True)
    (outside / "CURRENT").write_text("gen-1", encoding="utf-8")
    (home / "precious-0123456789ab").symlink_to(outside)
    (home / "notes.txt").write_text("mine", encoding="utf-8")

    data = cache(home=home)
    rows = {r["source"]: r for r in data["results"]}
    pay = rows[folders["payments"].name]
    assert pay["kb_path"] == str(root / "payments") and pay["root"] == str(root)
    assert pay["is_index"] and pay["kb_exists"] and pay["bytes"] > 10_000
    assert rows["readme-rules"]["is_index"] is False
    assert "precious-0123456789ab" not in rows and "notes.txt" not in rows  # not folders here
    assert data["bytes"] == sum(r["bytes"] for r in data["results"])
    text = kr("cache", home=home).stdout
    assert text.startswith(f"{len(rows)} folder(s), ") and f"KB {root / 'payments'}" in text

    other = cache("--root", str(SAMPLE_ROOT), home=home)  # this root's indexes only
    assert other["results"] == []
    mine = cache("--root", str(root), home=home)
    assert {r["source"] for r in mine["results"]} == {p.name for p in folders.values()}

    shutil.rmtree(root / "glossary")  # its index now belongs to nothing
    _age(folders["logistics"], 40)

    dry = cache("--prune", "--dry-run", home=home)
    acted = {r["source"]: (r["action"], r["reason"]) for r in dry["results"] if r["action"]}
    assert acted == {
        folders["glossary"].name: ("would remove", "its knowledge base folder no longer exists")
    }
    assert all(p.is_dir() for p in folders.values())

    old = cache("--prune", "--older-than", "30", "--dry-run", home=home)
    assert {r["source"] for r in old["results"] if r["action"]} == {
        folders["glossary"].name,
        folders["logistics"].name,
    }
    assert all(p.is_dir() for p in folders.values())

    done = cache("--prune", "--older-than", "30", home=home)
    assert done["freed"] > 0
    assert not folders["glossary"].exists() and not folders["logistics"].exists()
    assert folders["payments"].is_dir() and folders["troubleshooting"].is_dir()
    assert (home / "readme-rules").is_dir() and (home / "notes.txt").is_file()
    assert (outside / "CURRENT").is_file() and (home / "precious-0123456789ab").is_symlink()
    assert sorted(p.name for p in home.iterdir() if p.name.startswith(".")) == []

    again = kr("search", "订单状态码 20", "--root", str(root), "--kb", "logistics", home=home)
    assert again.returncode == 0  # a pruned index is built again when next needed


def test_older_than_without_prune_is_a_usage_error(tmp_path: Path) -> None:
    proc = kr("cache", "--older-than", "3", home=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr == (
        "kr: error: --older-than and --dry-run go with --prune\n"
        "  hint: kr cache --prune [--older-than DAYS] [--dry-run]\n"
    )


def test_an_empty_or_missing_cache_lists_nothing(tmp_path: Path) -> None:
    data = cache(home=tmp_path / "none")
    assert data["results"] == [] and data["bytes"] == 0
