"""``kr`` as a new user meets it: a real process on a KB of their own (the homelab fixture)."""

from __future__ import annotations

import json
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
