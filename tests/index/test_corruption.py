"""A damaged index folder, or one from an older schema or analyzer, is detected and rebuilt
automatically with a note; read-only KB folders work; no query text is ever written to disk.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import logging
import os
import random
import shutil
import stat
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

import knowledge_retrieval.index.store as index_mod
from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.index.store import get_index, index_dir_for

from ..conftest import write


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# KB\n\nRefunds and carriers.\n")
    for i in range(30):
        write(
            root / "kb" / f"doc{i:02d}.md",
            f"# Doc {i}\n\nrefund carrier tok{chr(97 + i % 26)}{chr(97 + i // 26)}q\n",
        )
    return root


def _close_all() -> None:
    """Forget this process's open indexes, as a new process would start."""
    for kbi in index_mod._REGISTRY.values():
        kbi.close()
    index_mod._REGISTRY.clear()


def _gen_dir(root: Path) -> tuple[Path, Path]:
    d = index_dir_for(root / "kb")
    return d, d / (d / "CURRENT").read_text(encoding="utf-8").strip()


def _segments(g: Path) -> list[Path]:
    return sorted(g.glob("*.seg"))


def _truncate_segments(d: Path, g: Path) -> None:
    for p in _segments(g):
        with open(p, "r+b") as f:
            f.truncate(p.stat().st_size // 2)


def _garble_segments(d: Path, g: Path) -> None:
    for p in _segments(g):
        data = bytearray(p.read_bytes())
        for i in range(64, len(data), 5):
            data[i] ^= 0x5A
        p.write_bytes(bytes(data))


def _garble_one_byte_keeping_mtime(d: Path, g: Path) -> None:
    """Bit rot: one byte flipped, size and mtime restored (only the checksum can tell)."""
    p = _segments(g)[0]
    st = p.stat()
    data = bytearray(p.read_bytes())
    data[len(data) // 2] ^= 0xFF
    p.write_bytes(bytes(data))
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))


def _write(name: str, content: bytes) -> Callable[[Path, Path], None]:
    def damage(d: Path, g: Path) -> None:
        (g / name).write_bytes(content)

    return damage


def _current(content: bytes) -> Callable[[Path, Path], None]:
    def damage(d: Path, g: Path) -> None:
        (d / "CURRENT").write_bytes(content)

    return damage


def _stamp(**changes: str) -> Callable[[Path, Path], None]:
    def damage(d: Path, g: Path) -> None:
        meta = json.loads((g / "meta.json").read_text(encoding="utf-8"))
        (g / "meta.json").write_text(json.dumps({**meta, **changes}), encoding="utf-8")

    return damage


def _each(paths: Iterable[Path], fn: Callable[[Path], object]) -> None:
    for p in paths:
        fn(p)


def _current_is_a_folder(d: Path, g: Path) -> None:
    (d / "CURRENT").unlink()
    (d / "CURRENT").mkdir()


DAMAGES: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "segments truncated": (_truncate_segments, "damaged"),
    "segments garbled": (_garble_segments, "damaged"),
    "segment deleted": (lambda d, g: _segments(g)[0].unlink(), "damaged"),
    "segment bit rot (size and mtime kept)": (_garble_one_byte_keeping_mtime, "checksum"),
    "TOC deleted": (lambda d, g: _each(g.glob("*.toc"), Path.unlink), "damaged"),
    "TOC garbled": (
        lambda d, g: _each(g.glob("*.toc"), lambda p: p.write_bytes(b"\0bad" * 9)),
        "damaged",
    ),
    "meta.json garbage": (_write("meta.json", b"{{{ not json"), "stamp"),
    "meta.json a list": (_write("meta.json", b"[1, 2]"), "stamp"),
    "meta.json invalid UTF-8": (_write("meta.json", b"\xff\xfe\x00{"), "stamp"),
    "meta.json deleted": (lambda d, g: (g / "meta.json").unlink(), "stamp"),
    "manifest.json garbage": (_write("manifest.json", b"{{{ not json"), "damaged"),
    "manifest.json a list": (_write("manifest.json", b"[]"), "damaged"),
    "manifest.json wrong types": (
        _write("manifest.json", b'{"files": {"doc00.md": 5}, "skipped": [], "unread": {}}'),
        "damaged",
    ),
    "manifest.json deleted": (lambda d, g: (g / "manifest.json").unlink(), "damaged"),
    "CURRENT garbage": (_current(b"\xff\x00garbage"), "damaged"),
    "CURRENT escapes": (_current(b"../../../etc"), "damaged"),
    "CURRENT empty": (_current(b""), "damaged"),
    "CURRENT names a missing folder": (_current(b"gen-0123456789ab"), "stamp"),
    "CURRENT deleted": (lambda d, g: (d / "CURRENT").unlink(), "CURRENT"),
    "CURRENT is a folder": (_current_is_a_folder, "damaged"),
    "generation deleted": (lambda d, g: shutil.rmtree(g), "stamp"),
    "older schema": (_stamp(schema="1"), "schema 1/"),
    "older analyzer": (_stamp(analyzer="kr-0"), "analyzer kr-0"),
}


def _assert_answers(root: Path) -> list[str]:
    r = search("tokcaq", kb="kb", root=root, score_threshold=0.0)
    assert r.found and [h.path for h in r.hits] == ["doc02.md"], r.notes
    assert (
        search("refund carrier", kb="kb", root=root, top_k=50, score_threshold=0.0).hits.__len__()
        == 30
    )
    return list(r.notes)


@pytest.mark.parametrize("damage", list(DAMAGES), ids=list(DAMAGES))
def test_damaged_index_is_rebuilt_with_a_note(root: Path, damage: str) -> None:
    fn, why = DAMAGES[damage]
    _assert_answers(root)
    _close_all()  # damage an index no process has open (a mapped file cannot be cut safely)
    fn(*_gen_dir(root))
    notes = _assert_answers(root)
    rebuilt = [n for n in notes if n.startswith("index of 'kb' rebuilt")]
    assert rebuilt and why in rebuilt[0], notes
    _close_all()
    assert not any("rebuilt" in n for n in _assert_answers(root)), "repaired for good"


@pytest.mark.parametrize(
    "damage",
    [
        "CURRENT garbage",
        "CURRENT is a folder",
        "generation deleted",
        "manifest.json garbage",
        "manifest.json deleted",
    ],
)
def test_damage_under_a_running_process_is_repaired(root: Path, damage: str) -> None:
    """A long-lived process keeps working when its index is damaged under it (without a file
    it has mapped being cut: Whoosh maps segments, and a cut mapped file is beyond repair)."""
    _assert_answers(root)
    DAMAGES[damage][0](*_gen_dir(root))
    write(root / "kb" / "new.md", "# New\n\ntoknewfileq\n")  # an update must be written
    _assert_answers(root)
    r = search("toknewfileq", kb="kb", root=root, score_threshold=0.0)
    assert r.found and r.hits[0].path == "new.md"


def test_foreign_whoosh_writer_lock_surfaces_as_index_locked(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from whoosh.index import LockError

    from knowledge_retrieval import IndexLockedError

    _assert_answers(root)
    kbi = get_index("kb", root / "kb")

    class Locked:
        def writer(self, **kwargs: object) -> None:
            raise LockError("held by someone else")

        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

    real = kbi._ix
    monkeypatch.setattr(kbi, "_ix", Locked())
    write(root / "kb" / "another.md", "# Another\n\ntokanotherq\n")
    with pytest.raises(IndexLockedError) as exc:
        search("tokanotherq", kb="kb", root=root)
    assert exc.value.hint and "LockError" not in type(exc.value).__name__
    monkeypatch.setattr(kbi, "_ix", real)
    assert search("tokanotherq", kb="kb", root=root, score_threshold=0.0).found


# ----------------------------------------------------------------------- read-only KB folders


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
    }


@pytest.fixture
def no_writes_under(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """Refuse any write-mode open under a folder (chmod does not stop root, this does)."""
    guarded: list[Path] = []
    real_open, real_os_open = builtins.open, os.open

    def inside(file: object) -> bool:
        if not isinstance(file, (str, bytes, os.PathLike)):
            return False
        p = Path(os.fsdecode(file)).resolve()
        return any(p.is_relative_to(g) for g in guarded)

    def guard_open(file, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+") and inside(file):
            raise PermissionError(13, "Read-only file system", str(file))
        return real_open(file, mode, *args, **kwargs)

    def guard_os_open(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and inside(path):
            raise PermissionError(13, "Read-only file system", str(path))
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guard_open)
    monkeypatch.setattr(io, "open", guard_open)
    monkeypatch.setattr(os, "open", guard_os_open)
    yield lambda folder: guarded.append(folder.resolve())


def test_read_only_kb_folder_works(root: Path, no_writes_under: Callable[[Path], None]) -> None:
    kb = root / "kb"
    before = _snapshot(root)
    no_writes_under(root)
    modes = {p: p.stat().st_mode for p in [root, *root.rglob("*")]}
    for p in sorted(modes, reverse=True):
        p.chmod(modes[p] & 0o555)
    try:
        _assert_answers(root)
        (info,) = list_kbs(root, refresh=True)
        assert info.doc_count == 30 and not info.skipped
    finally:
        for p, m in modes.items():
            p.chmod(m)
    assert _snapshot(root) == before, "nothing in the KB folder changed"
    assert index_dir_for(kb).is_dir() and not index_dir_for(kb).is_relative_to(root)


# ----------------------------------------------------------------------- privacy


def _written_since(folder: Path, since: float, *, recursive: bool = True) -> Iterator[Path]:
    """Regular files under ``folder`` modified since ``since`` (symlinks not followed)."""
    if recursive:
        paths: Iterable[Path] = (Path(d) / n for d, _s, files in os.walk(folder) for n in files)
    else:
        paths = folder.iterdir()
    for p in paths:
        try:
            st = p.lstat()
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and st.st_mtime >= since and st.st_size < 64 << 20:
            yield p


def test_no_query_text_is_written_to_disk(
    root: Path, tmp_path: Path, _index_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = time.time() - 1
    system_tmp = Path(tempfile.gettempdir())
    en = f"zqxj{uuid.uuid4().hex[:10]}"
    zh = "".join(chr(random.randint(0x4E00, 0x9FA5)) for _ in range(6))
    queries = [
        f"zqxj-secret-query-4242 {en}",
        f"what is {en}?",
        f"title:{en} AND refund",
        f"{zh}是什么意思",
        f"退款 {zh} 承运商",
        f"{en} carrier {zh}",
    ]
    private_tmp = tmp_path / "tmp"  # what goes through tempfile lands here, and is scanned
    private_tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private_tmp))
    monkeypatch.setenv("TMPDIR", str(private_tmp))
    log_file = tmp_path / "default-level.log"
    handler = logging.FileHandler(log_file, encoding="utf-8")
    root_logger = logging.getLogger()
    monkeypatch.setattr(root_logger, "level", logging.WARNING)  # Python's default level
    root_logger.addHandler(handler)
    try:
        for q in queries:  # searched while the index is built, updated, damaged and rebuilt
            search(q, kb="kb", root=root, score_threshold=0.0)
            search(q, root=root)
            write(root / "kb" / f"extra-{len(q)}.md", f"# Extra\n\nrefund carrier {len(q)}\n")
            (root / "kb" / "binary.md").write_bytes(b"\x00\x01" * 50)
        _close_all()
        _truncate_segments(*_gen_dir(root))
        for q in queries:
            search(q, kb="kb", root=root)
    finally:
        root_logger.removeHandler(handler)
        handler.close()
    needles = [
        en.encode(),
        zh.encode(),
        zh.encode("gb18030"),
        b"zqxj-secret-query-4242",
        json.dumps(zh).strip('"').encode(),
    ]
    folders = [_index_home, root, tmp_path]
    with contextlib.suppress(ImportError):
        import platformdirs

        folders.append(Path(platformdirs.user_cache_dir("knowledge_retrieval", appauthor=False)))
    # the system temp folder's own files, not its subfolders (other programs' trees live there)
    files = [
        *_written_since(system_tmp, start, recursive=False),
        *(p for f in folders if f.is_dir() for p in _written_since(f, start)),
    ]
    for p in files:
        try:
            data = p.read_bytes()
        except OSError:
            continue
        for needle in needles:
            assert needle not in data, f"query text written to {p}"
    assert len(files) >= 10 and log_file in files
