"""Shared fixtures: every test gets its own index home, and copies of KB roots it may edit."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SAMPLE_ROOT = REPO / "KnowledgeBase"
EVAL_ROOT = REPO.parent / "shared" / "eval"


@pytest.fixture(autouse=True, scope="session")
def _dictionary_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The jieba dictionary copy goes to one folder for the whole run, not the user's cache."""
    home = tmp_path_factory.mktemp("dict-home")
    os.environ["KR_DICT_DIR"] = str(home)
    return home


@pytest.fixture(autouse=True)
def _index_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Indexes go to a fresh folder per test, never to the user's cache. The process's open
    indexes are closed after each test: each holds an inotify instance, and a user has 128
    (fs.inotify.max_user_instances), so a suite that kept them all would make later tests walk
    their KBs instead of watching them."""
    home = tmp_path_factory.mktemp("index-home")
    monkeypatch.setenv("KR_INDEX_DIR", str(home))
    monkeypatch.delenv("KNOWLEDGE_BASE_ROOT", raising=False)
    yield home
    from knowledge_retrieval.index import store

    with store._REGISTRY_LOCK:
        open_indexes = list(store._REGISTRY.values())
        store._REGISTRY.clear()
    for kbi in open_indexes:
        kbi.close()


@pytest.fixture
def sample_root(tmp_path: Path) -> Path:
    """A private copy of the bundled KnowledgeBase/ (tests may edit it)."""
    dst = tmp_path / "KnowledgeBase"
    shutil.copytree(SAMPLE_ROOT, dst)
    return dst


def write(path: Path, text: str) -> Path:
    """Write a UTF-8 file, creating its folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
