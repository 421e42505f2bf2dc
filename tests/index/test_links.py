"""No stale answer through links or restored mtimes, with change notification on and off.

A symlinked document's text lives in its target, and a hard-linked one can be edited through
its other name: neither edit raises an event in the folder of the name the KB sees. A same-size
edit whose mtime is set back keeps mtime and size; only the ctime tells.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

import knowledge_retrieval.index.store as index_mod
from knowledge_retrieval import search

from ..conftest import write

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="links, inotify")

HOUR_AGO_NS = time.time_ns() - 3600 * 10**9


@pytest.fixture(params=["inotify", "walk"])
def watch(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("KR_WATCH", "1" if request.param == "inotify" else "0")
    return str(request.param)


def _warm(root: Path, word: str) -> None:
    """Searches until the watches are armed (the first walk arms them, the second trusts them)."""
    for _ in range(3):
        assert search(word, kb="kb", root=root).found


def _rewrite_in_place(path: Path, text: str) -> None:
    with open(path, "r+", encoding="utf-8") as f:  # the same inode, as through a hard link
        f.write(text)
        f.truncate()


def test_an_edit_to_a_symlinks_target_is_seen(tmp_path: Path, watch: str) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nNotes.\n")
    shared = write(kb / ".shared" / "policy.md", "# Policy\n\nalphatok bravo\n")  # not walked
    walked = write(kb / "reference" / "faq.md", "# FAQ\n\ncharlietok\n")
    (kb / "policy.md").symlink_to(shared)
    (kb / "faq.md").symlink_to(walked)
    _warm(root, "alphatok")
    _rewrite_in_place(shared, "# Policy\n\ndeltatok bravo, and more words\n")
    assert [h.path for h in search("deltatok", kb="kb", root=root).hits] == ["policy.md"]
    assert not search("alphatok", kb="kb", root=root).found
    # a target in a walked folder: its own event does not name the link
    walked.write_text("# FAQ\n\nechotok\n", encoding="utf-8")
    hits = {h.path for h in search("echotok", kb="kb", root=root).hits}
    assert hits == {"faq.md", "reference/faq.md"}


def test_an_edit_through_another_hard_link_is_seen(tmp_path: Path, watch: str) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nNotes.\n")
    page = write(kb / "page.md", "# Page\n\nalphatok\n")
    other = tmp_path / "elsewhere" / "page.md"  # outside the KB: no watch sees its folder
    other.parent.mkdir()
    os.link(page, other)
    _warm(root, "alphatok")
    _rewrite_in_place(other, "# Page\n\nfoxtrottok, a longer text\n")
    assert [h.path for h in search("foxtrottok", kb="kb", root=root).hits] == ["page.md"]


@pytest.mark.parametrize("search_between", [True, False])
def test_a_hard_link_made_after_the_watch_started_is_seen(
    tmp_path: Path, watch: str, search_between: bool
) -> None:
    """The link is made once the folders are watched (a long-lived process): making it raises
    no event in the KB's folder, nor does an edit through it."""
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nNotes.\n")
    page = write(kb / "page.md", "# Page\n\nalphatok\n")
    write(kb / "other.md", "# Other\n\nbravotok\n")
    _warm(root, "alphatok")
    other = tmp_path / "elsewhere" / "page.md"
    other.parent.mkdir()
    os.link(page, other)
    if search_between:
        assert search("alphatok", kb="kb", root=root).found
    _rewrite_in_place(other, "# Page\n\nfoxtrottok, a longer text\n")
    assert [h.path for h in search("foxtrottok", kb="kb", root=root).hits] == ["page.md"]
    _rewrite_in_place(other, "# Page\n\ngolftok, and again\n")  # and every edit after it
    assert [h.path for h in search("golftok", kb="kb", root=root).hits] == ["page.md"]


def test_a_same_size_edit_with_the_mtime_set_back_is_seen(tmp_path: Path, watch: str) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nNotes.\n")
    page = write(kb / "page.md", "# Page\n\nalphatok\n")
    os.utime(page, ns=(HOUR_AGO_NS, HOUR_AGO_NS))  # long ago: not "racily clean"
    _warm(root, "alphatok")
    before = page.stat()
    _rewrite_in_place(page, "# Page\n\ngolftok1\n")
    os.utime(page, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = page.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert [h.path for h in search("golftok1", kb="kb", root=root).hits] == ["page.md"]


def test_a_file_with_a_future_mtime_is_not_rehashed_at_every_search(
    tmp_path: Path, watch: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nNotes.\n")
    page = write(kb / "page.md", "# Page\n\nalphatok\n")
    future = time.time_ns() + 86400 * 10**9
    os.utime(page, ns=(future, future))
    # no "racily clean" window (a file changed just before a scan is re-checked at the next):
    # the page is as if written long ago, its mtime a day ahead all the same
    monkeypatch.setattr(index_mod, "RACY_NS", 0)
    assert search("alphatok", kb="kb", root=root).found
    reads: list[str] = []
    real = index_mod.read_kb_file

    def counting(kb_path: Path, rel: str) -> tuple[str, str]:
        reads.append(rel)
        return real(kb_path, rel)

    monkeypatch.setattr(index_mod, "read_kb_file", counting)
    for _ in range(3):
        assert search("alphatok", kb="kb", root=root).found
    assert reads == []
