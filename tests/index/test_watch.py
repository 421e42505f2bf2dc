"""Change notification: quiet KBs skip the walk, and every change is still seen at once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import knowledge_retrieval.index.store as index_mod
from knowledge_retrieval import search

from ..conftest import write

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    r = tmp_path / "KnowledgeBase"
    write(r / "kb" / "README.md", "# KB\n\nNotes.\n")
    write(r / "kb" / "a.md", "# A\n\nalpha bravo\n")
    return r


def _count_walks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = index_mod.scan_kb

    def counting(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(index_mod, "scan_kb", counting)
    return calls


def test_quiet_kb_skips_the_walk(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_walks(monkeypatch)
    for _ in range(2):  # the first walk arms the watches, the second proves them complete
        search("alpha", kb="kb", root=root)
    before = calls[0]
    for _ in range(5):
        assert search("alpha", kb="kb", root=root).found
    assert calls[0] == before


def test_every_change_is_seen_by_the_next_search(root: Path) -> None:
    for _ in range(3):
        search("alpha", kb="kb", root=root)
    p = root / "kb" / "a.md"
    p.write_text("# A\n\ncharlie bravo\n", encoding="utf-8")  # same size, same tick
    assert search("charlie", kb="kb", root=root).found
    write(root / "kb" / "deep" / "new" / "n.md", "# N\n\nzulu\n")  # new folders
    assert search("zulu", kb="kb", root=root).hits[0].path == "deep/new/n.md"
    write(root / "kb" / "deep" / "new" / "m.md", "# M\n\nyankee\n")  # inside the new folder
    assert search("yankee", kb="kb", root=root).hits[0].path == "deep/new/m.md"
    (root / "kb" / "deep" / "new" / "n.md").rename(root / "kb" / "renamed.md")
    assert [h.path for h in search("zulu", kb="kb", root=root).hits] == ["renamed.md"]
    (root / "kb" / "renamed.md").unlink()
    assert not search("zulu", kb="kb", root=root).found
    write(root / "kb" / "README.md", "---\nexclude: [deep/]\n---\n# KB\n\nNotes.\n")
    assert not search("yankee", kb="kb", root=root).found


def test_watch_can_be_turned_off(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KR_WATCH", "0")
    calls = _count_walks(monkeypatch)
    for _ in range(4):
        search("alpha", kb="kb", root=root)
    assert calls[0] == 4


def test_file_changes_are_applied_without_a_walk(
    root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(root / "kb" / "sub" / "b.md", "# B\n\nbravo\n")
    for _ in range(3):
        search("alpha", kb="kb", root=root)
    calls = _count_walks(monkeypatch)
    write(root / "kb" / "sub" / "c.md", "# C\n\nxray\n")  # created in a watched folder
    assert search("xray", kb="kb", root=root).hits[0].path == "sub/c.md"
    (root / "kb" / "sub" / "c.md").write_text("# C\n\nwhiskey\n", encoding="utf-8")
    assert search("whiskey", kb="kb", root=root).hits[0].path == "sub/c.md"
    assert not search("xray", kb="kb", root=root).found
    (root / "kb" / "sub" / "c.md").rename(root / "kb" / "c2.md")  # moved between folders
    assert [h.path for h in search("whiskey", kb="kb", root=root).hits] == ["c2.md"]
    (root / "kb" / "c2.md").unlink()
    assert not search("whiskey", kb="kb", root=root).found
    write(root / "kb" / ".hidden.md", "# H\n\nhotel\n")  # never a document
    write(root / "kb" / "notes.rst", "hotel\n")
    assert not search("hotel", kb="kb", root=root).found
    secret = write(tmp_path / "outside" / "secret.md", "# S\n\nsierra\n")
    (root / "kb" / "link.md").symlink_to(secret)  # a link that leaves the KB
    r = search("sierra", kb="kb", root=root, score_threshold=0.0)
    assert not r.found
    assert calls[0] == 0, "file-level changes should not need a walk"
    (root / "kb" / "newdir").mkdir()  # a folder: back to a full walk
    write(root / "kb" / "newdir" / "d.md", "# D\n\ndelta\n")
    assert search("delta", kb="kb", root=root).hits[0].path == "newdir/d.md"
    assert calls[0] >= 1
