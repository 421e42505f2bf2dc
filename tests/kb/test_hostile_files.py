"""Hostile files in a knowledge base: indexing completes, each bad file is skipped with a reason,
good files stay searchable, and nothing outside the KB folder is ever read.
"""

from __future__ import annotations

import builtins
import errno
import io
import os
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

import knowledge_retrieval.index.store as index_mod
import knowledge_retrieval.kb.parsing as parsing_mod
import knowledge_retrieval.kb.reader as reader_mod
import knowledge_retrieval.kb.scan as scan_mod
from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.index.store import get_index
from knowledge_retrieval.kb.rules import parse_readme

from ..conftest import write

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX symlinks, file names, permissions")

SECRET = "zqxjoutsidesecret"
BIG = 50 * 1024 * 1024
LOCKED = "locked.md"

# Markdown and YAML bombs
_ALIASES = "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)
)
ALIAS_BOMB = (
    f"---\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n{_ALIASES}---\n# Bomb\n\nbombtok\n"
)
DEEP_MD = (
    "# Deep\n\n"
    + "> " * 5000
    + "deepquotetok\n\n"
    + "".join("  " * i + "- x\n" for i in range(0, 5000, 50))
    + "[" * 5000
    + " deepbrackettok "
    + "]" * 5000
)
DEEP_YAML = "---\nnest: " + "[" * 5000 + "]" * 5000 + "\n---\n# Deep yaml\n\ndeepyamltok\n"

# file name -> its unique token (good files, all must be found)
GOOD = {
    "good.md": "goodtok",
    "zh/gb18030.md": "gbtok",
    "zh/big5.md": "bigfivetok",
    "malformed-yaml.md": "malformedtok",
    "alias-bomb.md": "bombtok",
    "deep.md": "deepquotetok",
    "deep-yaml.md": "deepyamltok",
    "\u05e9\u05dc\u05d5\u05dd rtl.md": "rtltok",
    "emoji \U0001f600.md": "emojitok",
    unicodedata.normalize("NFD", "caf\u00e9-nfd.md"): "nfdtok",
    unicodedata.normalize("NFC", "caf\u00e9-nfc.md"): "nfctok",
    "with  spaces .md": "spacetok",
    "inner/alias-target.md": "aliastok",
}

# file name -> a fragment of the reason it is skipped
BAD = {
    "binary.md": "binary",
    "bad-utf8.md": "not valid text",
    "huge.md": "larger than",
    "empty.md": "empty",
    "blank.md": "empty",
    "outside-file.md": "outside",
    "outside-dir": "outside",
    "passwd.md": "outside",
    "self-loop.md": "symlink loop",
    "inner/loop": "symlink loop",
    LOCKED: "permission denied",
}


def _build(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A KnowledgeBase root with one KB full of hostile files, and a folder outside it."""
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    outside = tmp_path / "outside"
    write(outside / "secret.md", f"# Secret\n\n{SECRET}\n")
    write(outside / "README.md", f"# Outside\n\n{SECRET}\n")
    write(kb / "README.md", "# Hostile\n\nA KB full of hostile files.\n")
    write(kb / "good.md", "# Good\n\ngoodtok alpha\n")
    (kb / "zh").mkdir()
    (kb / "zh" / "gb18030.md").write_bytes("# 订单\n\n订单状态 gbtok\n".encode("gb18030"))
    (kb / "zh" / "big5.md").write_bytes("# 運單\n\n運單狀態 bigfivetok\n".encode("big5"))
    write(kb / "malformed-yaml.md", "---\ntitle: [unclosed\nkey: : :\n---\n# M\n\nmalformedtok\n")
    write(kb / "alias-bomb.md", ALIAS_BOMB)
    write(kb / "deep.md", DEEP_MD)
    write(kb / "deep-yaml.md", DEEP_YAML)
    for name, tok in GOOD.items():
        if not (kb / name).exists():
            write(kb / name, f"# Odd name\n\n{tok}\n")
    (kb / "binary.md").write_bytes(bytes(range(256)) * 64)
    (kb / "bad-utf8.md").write_bytes(b"# x\n\n\xff\x80\xfe\x81 badutf\n" * 4)
    with open(kb / "huge.md", "wb") as f:  # sparse: instant, yet 50 MB by stat
        f.truncate(BIG)
    (kb / "empty.md").write_bytes(b"")
    write(kb / "blank.md", "\n\n   \n<!-- only a comment -->\n")
    os.symlink(outside / "secret.md", kb / "outside-file.md")
    os.symlink(outside, kb / "outside-dir")
    os.symlink("/etc/passwd", kb / "passwd.md")
    os.symlink("self-loop.md", kb / "self-loop.md")
    os.symlink("..", kb / "inner" / "loop")
    os.symlink("alias-target.md", kb / "inner" / "alias.md")  # inside the KB: followed
    write(kb / LOCKED, "# Locked\n\nlockedtok\n")
    return root, kb, outside


@pytest.fixture
def hostile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path, Path]]:
    root, kb, outside = _build(tmp_path)
    locked = kb / LOCKED
    if getattr(os, "geteuid", lambda: 0)() != 0:
        os.chmod(locked, 0)
    else:  # root reads anything: simulate the permission error at open()
        real_open = os.open

        def deny(file, *args, **kwargs):
            # by its path, or by its name below an open folder (the reader opens files so)
            name = str(locked) if kwargs.get("dir_fd") is None else LOCKED
            if isinstance(file, (str, os.PathLike)) and os.fspath(file) == name:
                raise PermissionError(errno.EACCES, "Permission denied", str(locked))
            return real_open(file, *args, **kwargs)

        monkeypatch.setattr(os, "open", deny)
    yield root, kb, outside
    os.chmod(locked, 0o644)


def _skipped(root: Path) -> dict[str, str]:
    (info,) = list_kbs(root, refresh=True)
    return dict(info.skipped)


def test_each_bad_file_is_skipped_with_a_reason(hostile: tuple[Path, Path, Path]) -> None:
    root, _kb, _outside = hostile
    (info,) = list_kbs(root, refresh=True)
    skipped = dict(info.skipped)
    for name, reason in BAD.items():
        assert name in skipped, (name, skipped)
        assert reason in skipped[name], (name, skipped[name])
    assert set(skipped) == set(BAD), "good files must not be skipped"
    # every good file (plus the in-KB symlink to one of them) is indexed
    assert info.doc_count == len(GOOD) + 1
    # the same reasons reach a search's notes
    r = search("goodtok", kb="kb", root=root, score_threshold=0.0)
    assert r.found and any(f"skipped {len(BAD)} file(s)" in n for n in r.notes), r.notes


def test_good_files_are_searchable(hostile: tuple[Path, Path, Path]) -> None:
    root, kb, _outside = hostile
    for name, tok in GOOD.items():
        r = search(tok, kb="kb", root=root, score_threshold=0.0)
        paths = {h.path for h in r.hits}
        assert name in paths, (name, tok, r.notes)
    # a symlink inside the KB is followed; NFC and NFD spellings are two files
    assert {h.path for h in search("aliastok", kb="kb", root=root, score_threshold=0.0)} == {
        "inner/alias-target.md",
        "inner/alias.md",
    }
    if len({p.name for p in kb.iterdir() if p.name.startswith("caf")}) == 2:
        nfd = search("nfdtok", kb="kb", root=root, score_threshold=0.0).hits[0].path
        assert nfd != search("nfctok", kb="kb", root=root, score_threshold=0.0).hits[0].path


def test_exotic_names_newline_and_undecodable_bytes(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nNames.\n")
    write(kb / "plain.md", "# Plain\n\nplaintok\n")
    made = []
    for raw in (b"new\nline.md", b"bad-\xff\xfe.md", b"tab\there.md"):
        try:
            with open(os.fsencode(kb) + b"/" + raw, "wb") as f:
                f.write(b"# Odd\n\nexotictok\n")
            made.append(raw)
        except OSError:  # the file system refuses such names
            continue
    skipped = _skipped(root)
    found = {h.path for h in search("exotictok", kb="kb", root=root, score_threshold=0.0)}
    if b"new\nline.md" in made:
        assert "new\nline.md" in found
    if b"bad-\xff\xfe.md" in made:
        assert skipped.get("bad-\ufffd\ufffd.md") == "file name is not valid UTF-8"
    assert search("plaintok", kb="kb", root=root, score_threshold=0.0).found


def test_nothing_outside_the_root_is_ever_read(
    hostile: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, kb, outside = hostile
    opened: list[str] = []
    listed: list[str] = []
    real_open, real_os_open, real_scandir = builtins.open, os.open, os.scandir

    def spy_open(file, *args, **kwargs):
        if isinstance(file, (str, bytes, os.PathLike)):
            opened.append(os.fsdecode(file))
        return real_open(file, *args, **kwargs)

    def spy_os_open(path, *args, **kwargs):
        opened.append(os.fsdecode(path))
        return real_os_open(path, *args, **kwargs)

    def spy_scandir(path=".", *args, **kwargs):
        if isinstance(path, (str, bytes, os.PathLike)):
            listed.append(os.fsdecode(path))
        return real_scandir(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(io, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    monkeypatch.setattr(os, "scandir", spy_scandir)
    skipped = _skipped(root)
    hits = [
        h
        for q in (SECRET, "root daemon bin bash", "secret", "goodtok")
        for h in search(q, root=root, score_threshold=0.0).hits
    ]
    assert "outside-file.md" in skipped
    assert all(SECRET not in h.content and "root:" not in h.content for h in hits)
    assert opened, "the spy saw no file being opened"
    real_outside = outside.resolve()
    for p in opened + listed:
        real = Path(p).resolve()
        assert not real.is_relative_to(real_outside), p
        assert real != Path("/etc/passwd").resolve(), p
        assert real != (kb / "huge.md").resolve(), "an oversized file is skipped before reading"
    # of the test's own folder, only the KnowledgeBase root was read
    here = [Path(p).resolve() for p in opened + listed]
    assert all(p.is_relative_to(root.resolve()) for p in here if p.is_relative_to(root.parent))


def test_symlink_swapped_after_the_scan_is_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nSwap.\n")
    write(kb / "target.md", "# Target\n\ntargettok\n")
    write(tmp_path / "outside.md", f"# Out\n\n{SECRET}\n")
    os.symlink("target.md", kb / "link.md")
    real_scan = scan_mod.scan_kb

    def scan_then_swap(*args, **kwargs):
        out = real_scan(*args, **kwargs)
        (kb / "link.md").unlink()
        os.symlink(tmp_path / "outside.md", kb / "link.md")
        return out

    monkeypatch.setattr(index_mod, "scan_kb", scan_then_swap)
    skipped = _skipped(root)
    assert "outside" in skipped.get("link.md", ""), skipped
    monkeypatch.undo()
    assert not search(SECRET, kb="kb", root=root, score_threshold=0.0).found


@pytest.mark.parametrize("when", ["first build", "incremental update"])
@pytest.mark.parametrize("where", ["before read", "after read"])
def test_file_deleted_while_being_indexed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, when: str, where: str
) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nVanishing files.\n")
    for i in range(5):
        write(kb / f"keep{i}.md", f"# Keep\n\nkeeptok{'abcde'[i]}\n")
    if when == "incremental update":
        assert search("keeptoka", kb="kb", root=root, score_threshold=0.0).found
    write(kb / "vanishing.md", "# Vanishing\n\nvanishtok\n")
    victim = kb / "vanishing.md"
    if where == "before read":  # gone between the scan and the read
        real = parsing_mod.read_kb_file

        def read_after_delete(kb_path: Path, rel: str) -> tuple[str, str]:
            if rel == "vanishing.md":
                victim.unlink()
            return real(kb_path, rel)

        monkeypatch.setattr(index_mod, "read_kb_file", read_after_delete)
    else:  # gone while its bytes are being decoded
        real_decode = reader_mod.decode

        def decode_after_delete(data: bytes) -> str:
            if b"vanishtok" in data and victim.exists():
                victim.unlink()
            return real_decode(data)

        monkeypatch.setattr(reader_mod, "decode", decode_after_delete)
    skipped = _skipped(root)  # indexing completes
    assert not victim.exists()
    if where == "before read":
        assert "file not found" in skipped["vanishing.md"]
    monkeypatch.undo()
    r = search("vanishtok", kb="kb", root=root, score_threshold=0.0)
    assert not r.found, "a deleted file is never served"
    assert "vanishing.md" not in _skipped(root)
    assert all(
        search(f"keeptok{c}", kb="kb", root=root, score_threshold=0.0).found for c in "abcde"
    )


def test_skipped_files_are_not_reread_while_unchanged(
    hostile: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, kb, _outside = hostile
    # files changed (ctime, which cannot be set back) just before a scan are "racily clean" and
    # re-checked at the next one: no window here, as if they had been written long ago
    monkeypatch.setattr(index_mod, "RACY_NS", 0)
    _skipped(root)
    reads: list[str] = []
    real = parsing_mod.read_kb_file

    def count(kb_path: Path, rel: str) -> tuple[str, str]:
        reads.append(rel)
        return real(kb_path, rel)

    monkeypatch.setattr(index_mod, "read_kb_file", count)
    kbi = get_index("kb", kb)
    rules = parse_readme((kb / "README.md").read_text(encoding="utf-8"))
    report = kbi.refresh(rules)
    assert reads == [] and not report.changed
    assert set(report.skipped) == set(BAD)
    # a skipped file that is fixed is picked up at once
    (kb / "binary.md").write_text("# Fixed\n\nfixedtok\n", encoding="utf-8")
    report = kbi.refresh(rules)
    assert reads == ["binary.md"] and report.added == ("binary.md",)
    assert "binary.md" not in report.skipped
