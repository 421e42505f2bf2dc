"""Finding the root: a discovered KnowledgeBase/ owned by another user is skipped with a note."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.errors import ConfigError
from knowledge_retrieval.kb.discovery import find_root, require_root, root_notes

from ..conftest import make_homelab, write

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


def test_a_root_that_is_itself_a_kb_is_searched_as_that_kb(tmp_path: Path) -> None:
    """root= pointed at a KB folder (a README.md, no KB sub-folders) is that one KB."""
    kb = make_homelab(tmp_path) / "homelab"
    assert [k.name for k in list_kbs(kb)] == ["homelab"]
    result = search("jellyfin port", root=kb)
    assert result.found and result.kb == "homelab"
    assert result.hits[0].path == "services/jellyfin.md"
    assert all(not h.path.startswith("old/") for h in result.hits)  # its README still applies
    named = search("jellyfin port", "homelab", root=kb)
    assert named.found and named.hits[0].path == "services/jellyfin.md"
    # the same KB through its real root gives the same answer
    assert search("jellyfin port", root=kb.parent).hits[0].path == "services/jellyfin.md"


def test_a_root_inside_a_kb_names_the_kb_it_belongs_to(tmp_path: Path) -> None:
    from knowledge_retrieval.errors import RootNotFoundError
    from knowledge_retrieval.kb.discovery import require_kbs

    kb = make_homelab(tmp_path) / "homelab"
    inner = kb / "services"
    result = search("jellyfin port", root=inner)
    assert not result.found and result.reason == "no_kbs"
    expected = (
        f"{inner.resolve()} is a folder inside the knowledge base 'homelab', not a KnowledgeBase "
        f"root: pass the root {kb.parent.resolve()} (with the knowledge base 'homelab'), "
        f"or {kb.resolve()} itself"
    )
    assert result.notes == (expected,)
    with pytest.raises(RootNotFoundError) as exc:
        require_kbs(inner)
    assert exc.value.message == expected
    assert require_kbs(kb) == kb.resolve()


def test_a_root_with_kb_folders_is_not_taken_for_one_kb(tmp_path: Path) -> None:
    root = make_homelab(tmp_path)
    write(root / "README.md", "# All my notes\n\nOne folder per knowledge base.\n")
    assert [k.name for k in list_kbs(root)] == ["homelab"]  # its README is not a KB
