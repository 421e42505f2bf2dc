"""Finding the root: a discovered KnowledgeBase/ owned by another user is skipped with a note."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.errors import ConfigError
from knowledge_retrieval.kb.discovery import find_root, require_root, root_notes

from ..conftest import write

NOBODY = 65534


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown to another user needs root"
)
def test_a_discovered_root_owned_by_another_user_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# Planted\n\nPlanted answers.\n")
    write(root / "kb" / "a.md", "# Planted\n\nplantedtok\n")
    os.chown(root, NOBODY, NOBODY)
    monkeypatch.chdir(tmp_path)
    assert find_root() is None
    note = (
        f"skipped {root}: it is owned by another user (uid {NOBODY}); "
        "pass root= (--root) or set KNOWLEDGE_BASE_ROOT to use it"
    )
    assert root_notes() == [
        "no KnowledgeBase folder found in the working directory or its parents",
        note,
    ]
    with pytest.raises(ConfigError) as exc:
        require_root()
    assert exc.value.message == (
        f"no KnowledgeBase folder found in the working directory or its parents; {note}"
    )
    assert list(list_kbs()) == []
    assert search("plantedtok").reason == "no_root"
    # given explicitly, it is used: the user said so
    assert find_root(root) == root.resolve()
    assert search("plantedtok", root=root).found
    monkeypatch.setenv("KNOWLEDGE_BASE_ROOT", str(root))
    assert find_root() == root.resolve()


def test_a_discovered_root_of_ones_own_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "KnowledgeBase"
    root.mkdir()
    monkeypatch.chdir(tmp_path / "KnowledgeBase")
    assert find_root() == root.resolve()
