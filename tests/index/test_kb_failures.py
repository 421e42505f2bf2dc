"""One KB's index never breaks the others: a file-system failure of an index is a per-KB note
with a hint, a read-only index serves what it has, and caches are this user's only."""

from __future__ import annotations

import builtins
import errno
import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import knowledge_retrieval.index.build as build_mod
import knowledge_retrieval.index.store as store_mod
from knowledge_retrieval import index_kb, list_kbs, search
from knowledge_retrieval.defaults import index_home
from knowledge_retrieval.errors import IndexUnavailableError
from knowledge_retrieval.index.store import index_dir_for
from knowledge_retrieval.service.agent_tool import KnowledgeTool
from knowledge_retrieval.text import cjkdict

from ..conftest import write

posix_only = pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners and modes")


def _fail_build_of(monkeypatch: pytest.MonkeyPatch, kb: str, exc: OSError) -> None:
    real = store_mod.whoosh_index.create_in

    def create_in(path: str, *args: Any, **kwargs: Any) -> Any:
        if f"{os.sep}{kb}-" in path:
            raise exc
        return real(path, *args, **kwargs)

    monkeypatch.setattr(store_mod.whoosh_index, "create_in", create_in)


def test_a_full_cache_disk_is_a_note_on_that_kb(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fail_build_of(monkeypatch, "glossary", OSError(errno.ENOSPC, "No space left on device"))
    r = search("refund", root=sample_root)  # kb=None: every KB is built
    assert r.found and r.kb == "payments", r.notes
    [note] = [n for n in r.notes if "glossary" in n and "no space" in n]
    assert "free some space there, or set KR_INDEX_DIR" in note
    one = search("refund", kb="glossary", root=sample_root)
    assert (one.found, one.reason) == (False, "index_unavailable")
    both = search("refund", kb=["glossary", "payments"], root=sample_root)
    assert both.found and {h.kb for h in both.hits} == {"payments"}
    infos = {k.name: k for k in list_kbs(sample_root, refresh=True)}
    assert infos["payments"].doc_count and infos["glossary"].doc_count is None
    assert "no space left" in dict(infos["glossary"].skipped)["(index)"]
    with pytest.raises(IndexUnavailableError, match="no space left") as ei:
        index_kb("glossary", root=sample_root)
    assert ei.value.hint and "KR_INDEX_DIR" in ei.value.hint


def test_a_kb_name_longer_than_an_index_folder_name_can_be(sample_root: Path) -> None:
    name = "k" * 250  # the KB folder exists; "<name>-<hash>" would not fit in 255 bytes
    write(sample_root / name / "README.md", "# Long\n\nZebra crossings.\n")
    write(sample_root / name / "zebra.md", "# Zebra\n\nA zebra crossing is striped.\n")
    assert len(index_dir_for(sample_root / name).name.encode()) <= 255
    assert search("zebra crossing", kb=name, root=sample_root).found
    assert search("refund", root=sample_root).found
    assert {k.name for k in list_kbs(sample_root, refresh=True)} >= {name, "payments"}


def test_an_index_folder_deleted_mid_build_is_a_note(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = build_mod.build

    def build(ix: Any, kb_path: Path, *args: Any, **kwargs: Any) -> Any:
        if kb_path.name == "glossary":
            shutil.rmtree(index_dir_for(kb_path))
        return real(ix, kb_path, *args, **kwargs)

    monkeypatch.setattr(build_mod, "build", build)
    r = search("refund", kb=["glossary", "payments"], root=sample_root)
    assert r.found and {h.kb for h in r.hits} == {"payments"}
    assert any("removed while it was in use" in n and "search again" in n for n in r.notes)
    monkeypatch.undo()
    assert index_kb("glossary", root=sample_root).files  # built anew


def _read_only(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Every write-mode open under ``home`` fails as on a read-only file system (chmod does not
    stop root)."""
    real_os_open, real_open = os.open, builtins.open
    writes = os.O_WRONLY | os.O_RDWR | os.O_CREAT

    def refuse(path: Any) -> None:
        if str(os.fspath(path)).startswith(str(home)):
            raise OSError(errno.EROFS, "Read-only file system", str(path))

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & writes:
            refuse(path)
        return real_os_open(path, flags, *args, **kwargs)

    def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, (str, os.PathLike)) and set(mode) & set("wax+"):
            refuse(file)
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr(builtins, "open", open_)


def test_a_read_only_index_serves_what_it_has(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch, _index_home: Path
) -> None:
    assert search("refund", kb="payments", root=sample_root).found
    write(sample_root / "payments" / "new.md", "# New\n\nquokkatok\n")
    _read_only(monkeypatch, _index_home)
    r = search("refund", kb="payments", root=sample_root)
    assert r.found
    assert any("read-only file system: it is searched as it is" in n for n in r.notes), r.notes
    assert not search("quokkatok", kb="payments", root=sample_root).found  # not indexed yet
    # a KB that has no index yet cannot be built there: a note, and the others still answer
    g = search("refund", kb=["glossary", "payments"], root=sample_root)
    assert g.found and any("glossary" in n and "read-only" in n for n in g.notes)
    monkeypatch.undo()
    assert search("quokkatok", kb="payments", root=sample_root).found


@posix_only
def test_index_files_are_private(sample_root: Path, _index_home: Path) -> None:
    assert search("refund", kb="payments", root=sample_root).found
    write(sample_root / "payments" / "new.md", "# New\n\nquokkatok\n")
    assert search("quokkatok", kb="payments", root=sample_root).found  # an update too
    d = index_dir_for(sample_root / "payments")
    for p in [d, *d.rglob("*")]:
        mode = stat.S_IMODE(p.stat().st_mode)
        assert mode == (0o700 if p.is_dir() else 0o600), (p, oct(mode))


@posix_only
@pytest.mark.parametrize("mode", [0o755, 0o1777, 0o2775])
def test_a_given_index_home_keeps_its_mode(
    sample_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: int
) -> None:
    """$KR_INDEX_DIR may be a folder the user shares: the library makes its own folders in it
    private (each KB's index, the README rules cache), never the folder itself."""
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, mode)
    monkeypatch.setenv("KR_INDEX_DIR", str(shared))
    assert search("refund", kb="payments", root=sample_root).found
    assert list_kbs(sample_root, refresh=True)
    assert stat.S_IMODE(shared.stat().st_mode) == mode
    ours = list(shared.iterdir())
    assert ours and all(p.stat().st_mode & 0o777 == 0o700 for p in ours), ours


@posix_only
def test_the_default_index_home_is_private(
    sample_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KR_INDEX_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    home = index_home()
    assert str(home).startswith(str(tmp_path / "cache"))
    home.mkdir(parents=True, mode=0o755)
    os.chmod(home, 0o755)  # made open by someone: it is the library's own, so made private
    assert search("refund", kb="payments", root=sample_root).found
    assert stat.S_IMODE(home.stat().st_mode) == 0o700


@posix_only
@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give a folder to another user")
def test_an_index_folder_of_another_user_is_never_read(sample_root: Path) -> None:
    d = index_dir_for(sample_root / "glossary")
    d.mkdir(parents=True)
    os.chown(d, 12345, 12345)
    r = search("refund", kb=["glossary", "payments"], root=sample_root)
    assert r.found and {h.kb for h in r.hits} == {"payments"}
    assert any("owned by another user; it is not read" in n for n in r.notes), r.notes
    assert not list(d.iterdir())


# A process whose shared temp folder holds a planted jieba.cache that knows one word only: jieba
# must neither load it nor write there.
_JIEBA = """
import marshal, os, sys, tempfile
from knowledge_retrieval.text.analysis import _load_full
tok = _load_full()
print(" ".join(tok.cut("中华人民共和国", HMM=False)))
"""


@posix_only
def test_a_planted_jieba_cache_in_the_temp_folder_is_never_loaded(tmp_path: Path) -> None:
    shared, mine = tmp_path / "shared-tmp", tmp_path / "dict-home"
    shared.mkdir()
    import marshal

    (shared / "jieba.cache").write_bytes(marshal.dumps(({"中": 1, "华": 1}, 2)))
    env = {**os.environ, "TMPDIR": str(shared), "KR_DICT_DIR": str(mine)}
    out = subprocess.run(
        [sys.executable, "-c", _JIEBA],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["中华人民共和国"]
    assert sorted(p.name for p in shared.iterdir()) == ["jieba.cache"]  # nothing written there
    assert stat.S_IMODE(mine.stat().st_mode) == 0o700
    for p in mine.iterdir():
        assert stat.S_IMODE(p.stat().st_mode) == 0o600, p


@posix_only
def test_a_dictionary_copy_open_to_others_is_not_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KR_DICT_DIR", str(tmp_path / "dicts"))
    path = cjkdict.cache_path()
    path.parent.mkdir()
    import sqlite3

    db = sqlite3.connect(path)
    db.execute("CREATE TABLE freq (w TEXT PRIMARY KEY, f INTEGER) WITHOUT ROWID")
    db.executemany("INSERT INTO freq VALUES (?, ?)", [("", 2), ("中", 1), ("华", 1)])
    db.commit()
    db.close()
    os.chmod(path, 0o666)  # anyone could have written it
    assert cjkdict.open_query_tokenizer() is None
    cjkdict.write_copy({"中华人民共和国": 5}, 5)  # replaced by this user's own copy
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    tok = cjkdict.open_query_tokenizer()
    assert tok is not None and tok.total == 5


@pytest.mark.parametrize("where", ["everywhere", "workers"])
def test_a_full_disk_in_a_parallel_build_is_a_note_on_that_kb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """The disk fills while a large KB is built by workers: Whoosh's files cannot be created,
    in the building process (which holds Whoosh's lock) and in its workers alike, or first in
    the workers. That KB is a 'no space left' note, never LockError, and once there is space
    again it is built."""
    from whoosh.filedb import filestore

    from .test_fork_safety import _two_kbs

    root = tmp_path / "KnowledgeBase"
    _two_kbs(root)
    monkeypatch.setenv("KR_BUILD_WORKERS", "2")
    full = {"on": False}
    real_create, real_parallel = filestore.FileStorage.create_file, build_mod._build_parallel
    real_work = build_mod._work

    def create_file(self: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        if full["on"] and f"{os.sep}big-" in str(self.folder):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_create(self, name, *args, **kwargs)

    def parallel(*args: Any, **kwargs: Any) -> Any:
        full["on"] = True  # the disk fills once the build has begun (its folder is made)
        return real_parallel(*args, **kwargs)

    def work(*args: Any, **kwargs: Any) -> Any:
        full["on"] = True  # in a (forked) worker only
        return real_work(*args, **kwargs)

    monkeypatch.setattr(filestore.FileStorage, "create_file", create_file)
    if where == "workers":
        monkeypatch.setattr(build_mod, "_work", work)
    else:
        monkeypatch.setattr(build_mod, "_build_parallel", parallel)
    one = search("depot parcel", kb="big", root=root)
    assert (one.found, one.reason) == (False, "index_unavailable")
    [note] = [n for n in one.notes if "'big'" in n]
    assert "no space left on the disk" in note and "free some space there" in note
    r = search("chargebacks", root=root)  # kb=None: every KB is built, 'big' fails again
    assert r.found and r.kb == "small", r.notes
    assert any("'big'" in n and "no space left" in n for n in r.notes)
    with pytest.raises(IndexUnavailableError, match="no space left"):
        index_kb("big", root=root)
    monkeypatch.setattr(build_mod, "_build_parallel", real_parallel)
    monkeypatch.setattr(build_mod, "_work", real_work)
    full["on"] = False  # space again: no lock was left behind
    assert search("depot parcel", kb="big", root=root).found


@pytest.fixture
def deep_kb(sample_root: Path) -> Iterator[Path]:
    """The sample root with a KB whose one page is 1,100 folders deep, removed afterwards
    deepest first (Path.mkdir(parents=True), os.walk and shutil.rmtree all recurse)."""
    write(sample_root / "deep" / "README.md", "# Deep\n\nNotes kept very deep.\n")
    folders = [sample_root / "deep"]
    for _ in range(1_100):
        folders.append(folders[-1] / "a")
        folders[-1].mkdir()
    page = write(folders[-1] / "page.md", "# Page\n\nThe deep page.\n")
    yield sample_root
    page.unlink()
    for folder in reversed(folders[1:]):
        folder.rmdir()


def test_a_kb_a_thousand_folders_deep_takes_nothing_down(deep_kb: Path) -> None:
    """The stat walk recursed: a KB of 1,000 nested folders raised RecursionError in every
    kb=None search, list_kbs(refresh=True) and kr list."""
    sample_root = deep_kb
    r = search("refund", root=sample_root)
    assert r.found and r.kb == "payments", r.notes
    deep = search("the deep page", kb="deep", root=sample_root)
    assert deep.found and deep.hits[0].path == "a/" * 1_100 + "page.md"
    infos = {k.name: k for k in list_kbs(sample_root, refresh=True)}
    assert infos["deep"].doc_count == 1 and infos["payments"].doc_count
    p = subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", "list", "--root", str(sample_root)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert p.returncode == 0 and "deep" in p.stdout, p.stderr


def test_an_unexpected_error_of_one_kb_is_its_note(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Any error met bringing one KB up to date (a bug nobody foresaw: no real KB raises one
    now, so it is injected) is that KB's note in a search and a listing, logged with its
    traceback; an index held locked too long still raises."""
    real = store_mod.scan_kb

    def scan_kb(kb_path: Path, *args: Any, **kwargs: Any) -> Any:
        if kb_path.name == "glossary":
            raise RecursionError("maximum recursion depth exceeded")
        return real(kb_path, *args, **kwargs)

    monkeypatch.setattr(store_mod, "scan_kb", scan_kb)
    r = search("refund", root=sample_root)
    assert r.found and r.kb == "payments", r.notes
    [note] = [n for n in r.notes if n.startswith("the index of 'glossary'")]
    where = index_dir_for(sample_root / "glossary")
    assert note == (
        f"the index of 'glossary' ({where}) could not be brought up to date: RecursionError: "
        "maximum recursion depth exceeded (the other knowledge bases still answer; please "
        "report this error with the layout of that knowledge base's folder)"
    )
    assert "RecursionError" in caplog.text
    one = search("refund", kb="glossary", root=sample_root)
    assert (one.found, one.reason, one.notes) == (False, "index_unavailable", (note,))
    infos = {k.name: k for k in list_kbs(sample_root, refresh=True)}
    assert infos["payments"].doc_count and infos["glossary"].doc_count is None
    assert dict(infos["glossary"].skipped)["(index)"] == note


def test_an_index_folder_below_a_file_is_an_error_not_nothing_found(
    sample_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """KR_INDEX_DIR below a regular file (it cannot be created, even by root): every index is
    unusable. That was ok: true, 0 results, reason no_match and a note that no document
    matches; it is reason index_unavailable, and an error (ok: false) for kr and agents."""
    blocker = write(tmp_path / "a-file", "not a folder\n")
    monkeypatch.setenv("KR_INDEX_DIR", str(blocker / "index"))
    where = index_dir_for(sample_root / "payments")
    note = (
        f"the index of 'payments' ({where}): a part of the index folder's path is a file, not "
        "a folder (remove that file, or set KR_INDEX_DIR to a folder of your own)"
    )
    r = search("how long do refunds take", root=sample_root)
    assert (r.found, r.reason, r.hits) == (False, "index_unavailable", ())
    assert note in r.notes and not any("matches the keywords" in n for n in r.notes)
    one = search("refund", kb="payments", root=sample_root)
    assert (one.reason, one.notes) == ("index_unavailable", (note,))
    listed = {k.name: k for k in list_kbs(sample_root, refresh=True)}
    assert dict(listed["payments"].skipped)["(index)"] == note
    ask = {"action": "query", "query_text": "refund"}
    out = KnowledgeTool(sample_root).call("query_knowledge", ask)
    assert out.is_error and out.envelope["error"]["code"] == "index_unavailable", out.text
    assert out.envelope["error"]["hint"] == (
        "remove that file, or set KR_INDEX_DIR to a folder of your own"
    )
    for command in (["smart", "how long do refunds take"], ["search", "refund"]):
        kr = [sys.executable, "-m", "knowledge_retrieval", *command, "--output", "json"]
        p = subprocess.run(
            [*kr, "--root", str(sample_root)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env={**os.environ, "KR_INDEX_DIR": str(blocker / "index")},
        )
        assert p.returncode == 1, p.stderr
        err = json.loads(p.stdout)
        assert err["ok"] is False
        assert err["error"]["code"] == "index_unavailable"
        assert err["error"]["message"].startswith("no index could be used: the index of '")
        assert err["error"]["message"].endswith(
            "a part of the index folder's path is a file, not a folder (and 3 more like it)"
        )
        assert err["error"]["hint"] == (
            "remove that file, or set KR_INDEX_DIR to a folder of your own"
        )
