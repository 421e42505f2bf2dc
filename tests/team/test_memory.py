"""The memory KB: notes stored as Markdown per project, searched by project id."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from knowledge_retrieval import list_kbs, remember, search, search_memory
from knowledge_retrieval.errors import (
    ConfigError,
    InvalidArgumentError,
    KBNotFoundError,
    UnsafePathError,
)
from knowledge_retrieval.team.memory import check_project_id, list_projects, memory_path

from ..conftest import write


@pytest.mark.parametrize("pid", ["pay-core", "a", "A_1.b-2", "x" * 64, "logistics-core"])
def test_valid_project_ids(pid: str) -> None:
    assert check_project_id(pid) == pid


@pytest.mark.parametrize("pid", ["../x", "a/b", "a\\b", "/abs", "..", "a..b", "pay\x00core", "C:x"])
def test_path_like_project_ids_are_unsafe(pid: str) -> None:
    with pytest.raises(UnsafePathError) as exc:
        check_project_id(pid)
    assert exc.value.hint and exc.value.code == "unsafe_path"


@pytest.mark.parametrize("pid", ["", ".hidden", "x" * 65, "with space", "中文", "a:b"])
def test_other_bad_project_ids_are_invalid(pid: str) -> None:
    with pytest.raises(InvalidArgumentError):
        check_project_id(pid)


def test_project_id_must_be_text() -> None:
    with pytest.raises(InvalidArgumentError, match="string"):
        check_project_id(7)


def test_remember_writes_a_markdown_note_with_front_matter(sample_root: Path) -> None:
    path = remember(
        "Refunds over 5000 need two approvers.\nSee the refund rules.",
        project_id="pay-core",
        title="Large refunds",
        root=sample_root,
    )
    assert path.parent == sample_root / ".memory" / "pay-core"
    assert path.suffix == ".md" and "large-refunds" in path.name
    text = path.read_text(encoding="utf-8")
    front = yaml.safe_load(text.split("---\n")[1])
    assert front["title"] == "Large refunds" and front["project_id"] == "pay-core"
    assert front["created"].endswith("Z")
    assert "# Large refunds" in text and "two approvers" in text
    assert [p.name for p in path.parent.iterdir()] == [path.name], "no temp file left"


def test_title_defaults_to_the_first_line(sample_root: Path) -> None:
    path = remember("\n  ## 退款审批  \n需要两个人审批。", project_id="p", root=sample_root)
    text = path.read_text(encoding="utf-8")
    assert "title: 退款审批" in text
    assert path.name.endswith(".md") and "-note-" in path.name


def test_notes_are_never_overwritten(sample_root: Path) -> None:
    paths = {
        remember("same text", project_id="p", title="Same", root=sample_root) for _ in range(5)
    }
    assert len(paths) == 5
    assert all(p.read_text(encoding="utf-8").count("same text") == 1 for p in paths)


@pytest.mark.parametrize(
    ("kwargs", "err"),
    [
        ({"text": "", "project_id": "p"}, InvalidArgumentError),
        ({"text": "   \n", "project_id": "p"}, InvalidArgumentError),
        ({"text": 3, "project_id": "p"}, InvalidArgumentError),
        ({"text": "x", "project_id": "../p"}, UnsafePathError),
        ({"text": "x", "project_id": "p", "title": 5}, InvalidArgumentError),
    ],
)
def test_remember_refuses_bad_input(sample_root: Path, kwargs: dict, err: type) -> None:
    text = kwargs.pop("text")
    with pytest.raises(err):
        remember(text, root=sample_root, **kwargs)
    assert not (sample_root / ".memory").exists() or not any(
        (sample_root / ".memory").rglob("*.md")
    )


def test_remember_needs_a_root(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no KnowledgeBase folder"):
        remember("x", project_id="p", root=tmp_path / "nowhere")


def test_memory_folder_escaping_the_root_is_refused(sample_root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, sample_root / ".memory")
    with pytest.raises(UnsafePathError):
        remember("x", project_id="p", root=sample_root)
    with pytest.raises(UnsafePathError):
        memory_path("p", sample_root)
    assert not any(outside.iterdir())


def test_search_memory_finds_notes_of_the_given_projects(sample_root: Path) -> None:
    remember(
        "Island deliveries (离岛) take 5 to 7 days; SHIP_STATUS_DELAYED is normal there.",
        project_id="logistics-core",
        title="Island delivery",
        root=sample_root,
    )
    remember(
        "SHIP_STATUS_DELAYED is raised by the carrier bridge after 48 hours.",
        project_id="carrier",
        title="Carrier bridge",
        root=sample_root,
    )
    remember(
        "Unrelated: the office coffee machine is on floor 3.",
        project_id="logistics-core",
        title="Coffee",
        root=sample_root,
    )
    r = search_memory("SHIP_STATUS_DELAYED", project_ids=["logistics-core"], root=sample_root)
    assert r.found and [h.kb for h in r.hits] == [".memory/logistics-core"]
    assert "Island" in r.hits[0].title and r.hits[0].path.endswith(".md")
    both = search_memory(
        "SHIP_STATUS_DELAYED", project_ids=["logistics-core", "carrier"], root=sample_root
    )
    assert {h.kb for h in both.hits} == {".memory/logistics-core", ".memory/carrier"}
    assert [h.score for h in both.hits] == sorted((h.score for h in both.hits), reverse=True)
    assert both.kbs == (".memory/logistics-core", ".memory/carrier")
    one = search_memory("SHIP_STATUS_DELAYED", project_ids="carrier", root=sample_root, top_k=1)
    assert len(one.hits) == 1 and one.hits[0].kb == ".memory/carrier"


def test_a_new_note_is_found_at_once(sample_root: Path) -> None:
    remember("alpha bravo", project_id="p", root=sample_root)
    assert not search_memory("zulu", project_ids=["p"], root=sample_root).found
    remember("zulu yankee", project_id="p", root=sample_root)
    assert search_memory("zulu", project_ids=["p"], root=sample_root).found


def test_search_memory_with_no_match_is_an_empty_success(sample_root: Path) -> None:
    remember("The refund window is 30 days.", project_id="p", root=sample_root)
    r = search_memory("sourdough starter feeding", project_ids=["p"], root=sample_root)
    assert not r.found and r.hits == () and r.reason in ("no_match", "below_threshold")
    assert r.message == "No relevant documents found for the given query."


def test_project_without_notes_is_unknown(sample_root: Path) -> None:
    remember("x marks the spot", project_id="pay-core", root=sample_root)
    with pytest.raises(KBNotFoundError) as exc:
        search_memory("x", project_ids=["pay-cor"], root=sample_root)
    assert exc.value.suggestions == ["pay-core"]
    assert exc.value.code == "kb_not_found"
    # one known project is enough; the unknown one is noted
    r = search_memory("spot", project_ids=["pay-core", "nothing-here"], root=sample_root)
    assert r.found and any("nothing-here" in n for n in r.notes)
    assert list_projects(sample_root) == ["pay-core"]


@pytest.mark.parametrize("bad", [[], ["../x"], ["ok", "a/b"]])
def test_search_memory_validates_project_ids(sample_root: Path, bad: list[str]) -> None:
    with pytest.raises(InvalidArgumentError):
        search_memory("x", project_ids=bad, root=sample_root)


def test_search_memory_validates_query(sample_root: Path) -> None:
    with pytest.raises(InvalidArgumentError):
        search_memory(" ", project_ids=["p"], root=sample_root)
    with pytest.raises(InvalidArgumentError):
        search_memory("x", project_ids=["p"], root=sample_root, top_k=0)


def test_memory_file_instead_of_folder_is_an_error(sample_root: Path) -> None:
    write(sample_root / ".memory" / "p", "not a folder")
    with pytest.raises(ConfigError, match="not a folder"):
        search_memory("x", project_ids=["p"], root=sample_root)


def test_memory_is_never_a_regular_kb(sample_root: Path) -> None:
    remember("ORDER_STATUS_PAID means the memory, not the KB", project_id="p", root=sample_root)
    write(sample_root / ".memory" / "README.md", "# Memory\n\nnot a KB\n")
    assert ".memory" not in {k.name for k in list_kbs(sample_root)}
    r = search("ORDER_STATUS_PAID", root=sample_root, score_threshold=0.0)
    assert all(not h.kb.startswith(".") for h in r.hits)


def test_remember_a_bad_string_leaves_no_file(sample_root: Path) -> None:
    with pytest.raises(InvalidArgumentError) as exc:
        remember("a lone surrogate \ud800 here", project_id="p", root=sample_root)
    assert exc.value.message == (
        "the note is not valid Unicode (surrogates not allowed at character 17)"
    )
    assert exc.value.hint == "remove lone surrogates such as '\\ud800' from it"
    folder = memory_path("p", sample_root)
    assert not folder.exists() or list(folder.iterdir()) == []


_FULL_DISK = """
import resource, signal, sys
from knowledge_retrieval import remember
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
try:
    remember("x" * 100_000, project_id="p", root=sys.argv[1])
except OSError as exc:
    print(exc.errno)
"""


@pytest.mark.skipif(not hasattr(os, "setrlimit") and os.name == "nt", reason="RLIMIT_FSIZE")
def test_remember_on_a_full_disk_leaves_no_temp_file(sample_root: Path) -> None:
    import errno
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(sample_root)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert out.stdout.split() == [str(errno.EFBIG)]
    assert [p.name for p in memory_path("p", sample_root).iterdir()] == []
