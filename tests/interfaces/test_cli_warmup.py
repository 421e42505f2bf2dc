"""``kr index`` builds the one-time dictionary caches a first search would otherwise build,
even for a KB with no Chinese in it (a real process, a fresh cache folder)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_kr_index_builds_the_dictionary_caches_once(tmp_path: Path) -> None:
    kb = tmp_path / "KnowledgeBase" / "homelab"
    kb.mkdir(parents=True)
    (kb / "README.md").write_text("# homelab\n\nThe NAS and its disks.\n", encoding="utf-8")
    (kb / "disks.md").write_text("# Disks\n\nReplace a failed disk with zpool replace.\n", "utf-8")
    dicts = tmp_path / "dicts"
    env = {**os.environ, "KR_DICT_DIR": str(dicts), "KR_INDEX_DIR": str(tmp_path / "i")}

    def index() -> str:
        p = subprocess.run(
            [sys.executable, "-m", "knowledge_retrieval", "index", "--root", str(kb.parent)],
            capture_output=True, text=True, encoding="utf-8", timeout=180, check=False, env=env,
        )  # fmt: skip
        assert p.returncode == 0, p.stderr
        return p.stdout

    first = index()
    names = sorted(p.name for p in dicts.iterdir())
    assert any(n.startswith("jieba-") and n.endswith(".sqlite") for n in names), names
    assert any(n.startswith("cedict-") and n.endswith(".sqlite") for n in names), names
    assert first.splitlines()[0].startswith("homelab: ")
    assert first.splitlines()[-1].startswith("built the dictionary caches in ")
    assert first.rstrip().endswith(" s (once per machine)")
    assert "built the dictionary caches" not in index()  # the second time there is nothing to do
