"""The one file reader and the one YAML reader: what is shown is what was indexed, nothing
outside the root is read (races included), special files never block, bombs are refused."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.errors import ConfigError, InvalidArgumentError, UnsafePathError
from knowledge_retrieval.kb.reader import SkipFile, read_bytes, read_kb_file
from knowledge_retrieval.kb.yaml_reader import YAMLRefused, load_yaml
from knowledge_retrieval.team.teams import load_teams
from knowledge_retrieval.team.workflow import read_document

from ..conftest import write

posix = pytest.mark.skipif(os.name == "nt", reason="POSIX symlinks and FIFOs")
MARKER = "zqxjoutsidemarker"

# a 1 KB README whose front matter nests aliases eight levels deep: 9**8 = 43 million values
_LEVELS = "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 8))
README_BOMB = (
    "---\ndescription: Bombs away.\na0: &a0 [x, x, x, x, x, x, x, x, x]\n"
    f"{_LEVELS}keywords: *a7\n---\n# Bomb\n\nA README that expands to millions of keywords.\n"
)


def _root_with(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# KB\n\nOrders and refunds.\n")
    write(root / "kb" / "a.md", "# Refunds\n\nrefundtok: a refund takes five days.\n")
    return root


# --------------------------------------------------------------------------- YAML


@pytest.mark.timeout(60)  # before: list_kbs() stalled for minutes on this README
def test_readme_alias_bomb_is_refused_with_a_note(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = _root_with(tmp_path)
    assert len(README_BOMB.encode()) < 1024
    write(root / "bomb" / "README.md", README_BOMB)
    write(root / "bomb" / "b.md", "# Bomb doc\n\nbombdoctok\n")
    with caplog.at_level(logging.WARNING):
        (bomb,) = [k for k in list_kbs(root) if k.name == "bomb"]
    assert bomb.description == "Bombs away."
    assert len(bomb.keywords) < 20
    assert any(
        "read line by line: too many YAML anchors/aliases (more than 50)" in r.getMessage()
        for r in caplog.records
    )
    assert search("refundtok", root=root).kb == "kb"
    assert search("bombdoctok", root=root).kb == "bomb"


def test_yaml_reader_refuses_expansion_depth_and_cycles() -> None:
    few = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"b{i}: &b{i} [*{'a' if i == 0 else f'b{i - 1}'}, *{'a' if i == 0 else f'b{i - 1}'}]\n"
        for i in range(15)
    )  # 16 anchors + 30 aliases: under the alias limit, yet 10 * 2**15 values
    with pytest.raises(YAMLRefused, match="expands to more than 10000 values"):
        load_yaml(few)
    with pytest.raises(YAMLRefused, match=r"nested more than 32 levels deep \(line 1\)"):
        load_yaml("k: " + "[" * 40 + "]" * 40)
    with pytest.raises(YAMLRefused, match="refers to the collection it is in"):
        load_yaml("a: &a [1, *a]")
    with pytest.raises(YAMLRefused) as exc:
        load_yaml("title: ok\nkey: [unclosed\n", first_line=5)
    assert exc.value.line == 7
    assert load_yaml("a: &x [1, 2]\nb: *x\n") == {"a": [1, 2], "b": [1, 2]}


# --------------------------------------------------------------------------- decoding


def test_gb18030_document_is_shown_as_it_was_indexed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from knowledge_retrieval.interfaces.cli import main

    root = _root_with(tmp_path)
    text = "# 退款规则\n\n退款申请提交后，款项在五个工作日内原路退回。gbtok\n"
    (root / "kb" / "gb.md").write_bytes(text.encode("gb18030"))
    with pytest.raises(UnicodeDecodeError):
        (root / "kb" / "gb.md").read_bytes().decode("utf-8")
    hit = search("gbtok 退款", kb="kb", root=root).hits[0]
    assert hit.path == "gb.md" and "原路退回" in hit.content
    doc = read_document("kb", "gb.md", root=root)
    assert doc.text == text.rstrip("\n")
    part = read_document("kb", "gb.md", start_line=hit.line_start, end_line=hit.line_end, root=root)
    assert hit.content.splitlines()[-1] in part.text
    assert main(["show", "kb", "gb.md", "--root", str(root)]) == 0
    assert "款项在五个工作日内原路退回" in capsys.readouterr().out


def test_windows_1252_document_is_indexed_and_shown(tmp_path: Path) -> None:
    root = _root_with(tmp_path)
    (root / "kb" / "fr.md").write_bytes(
        b"# Cr\xe8me br\xfbl\xe9e\n\nLa cr\xe8me co\xfbte 5 \x80.\n"
    )
    r = search("crème brûlée", kb="kb", root=root)
    assert r.found and r.hits[0].path == "fr.md"
    assert read_document("kb", "fr.md", root=root).text == "# Crème brûlée\n\nLa crème coûte 5 €."


def test_read_document_lines_are_the_index_lines(tmp_path: Path) -> None:
    root = _root_with(tmp_path)
    (root / "kb" / "cr.md").write_bytes(b"# Old Mac\r\rline three \x0c form feed\rlast\r")
    doc = read_document("kb", "cr.md", root=root)
    assert doc.total_lines == 4
    assert read_document("kb", "cr.md", start_line=3, end_line=3, root=root).text == (
        "line three \x0c form feed"
    )


# --------------------------------------------------------------------------- read only what the index reads


def test_read_document_refuses_what_the_index_never_returns(tmp_path: Path) -> None:
    root = _root_with(tmp_path)
    kb = root / "kb"
    write(kb / "README.md", "---\ndescription: KB\nexclude: [private/]\n---\n# KB\n")
    for rel in ("drafts/x.md", "node_modules/p/readme.md", "private/y.md", "notes.rst"):
        write(kb / rel, "# x\n\nxtok\n")
    (kb / "bin.md").write_bytes(b"\x00\x01\x02" * 100)
    cases = {
        "drafts/x.md": "it is in a drafts/ folder, which is never indexed",
        "node_modules/p/readme.md": "it is in a node_modules/ folder, which is never indexed",
        "private/y.md": "the KB's README excludes it from the index",
        "notes.rst": (
            "it is not a document "
            "(the index reads .md, .markdown, .mdx, .csv, .yaml, .yml, .json, .txt files)"
        ),
        "README.md": (
            "it is the KB's README.md, which describes the KB and is not one of its documents"
        ),
        "bin.md": "binary file",
    }
    for rel, why in cases.items():
        with pytest.raises(InvalidArgumentError) as exc:
            read_document("kb", rel, root=root)
        assert exc.value.message == f"{rel!r} is not a document of 'kb': {why}"
        assert exc.value.hint == (
            "only files the index searches can be read; `kr index` lists what it skips"
        )
    assert read_document("kb", "a.md", root=root).total_lines == 3


# --------------------------------------------------------------------------- READMEs, teams.yaml


@posix
def test_readme_symlinked_outside_is_not_read(tmp_path: Path) -> None:
    root = _root_with(tmp_path)
    write(tmp_path / "outside" / "README.md", f"# Out\n\n{MARKER} scope.\n")
    write(root / "linked" / "doc.md", "# Doc\n\nlinkeddoctok\n")
    os.symlink(tmp_path / "outside" / "README.md", root / "linked" / "README.md")
    kbs = list_kbs(root)
    assert [k.name for k in kbs] == ["kb"]
    assert all(MARKER not in k.description for k in kbs)
    r = search("linkeddoctok", kb="linked", root=root)
    assert r.reason == "no_readme"
    assert r.notes == (
        (
            "knowledge base 'linked' has a README.md that is a symlink leading outside the "
            "knowledge base (not read), so it is not a KB"
        ),
    )
    assert search(MARKER, root=root, score_threshold=0.0).kb == "kb"


@posix
def test_teams_yaml_symlinked_outside_is_refused(tmp_path: Path) -> None:
    root = _root_with(tmp_path)
    write(tmp_path / "outside.yaml", "default_kb: kb\nteams:\n  t:\n    access: denied\n")
    os.symlink(tmp_path / "outside.yaml", root / "teams.yaml")
    with pytest.raises(ConfigError) as exc:
        load_teams(root)
    assert exc.value.message == (
        f"{root / 'teams.yaml'}: teams.yaml is a symlink leading outside the KnowledgeBase "
        "root; not read"
    )
    assert exc.value.hint == "make teams.yaml a regular file inside the root"


# --------------------------------------------------------------------------- races

_FLIPPER = textwrap.dedent(
    """
    import os, sys
    link, inside, outside, ready = sys.argv[1:5]
    tmp = link + ".tmp"
    n = 0
    while True:
        for target in (inside, outside):
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            os.symlink(target, tmp)
            os.replace(tmp, link)
            n += 1
            if n == 200:
                open(ready, "w").close()
    """
)


@posix
@pytest.mark.timeout(120)
def test_symlink_flipped_in_a_loop_never_leaks_the_outside_file(tmp_path: Path) -> None:
    root = _root_with(tmp_path)
    kb = root / "kb"
    write(kb / "target.md", "# Target\n\ninsidetok flip\n")
    outside = write(tmp_path / "outside.md", f"# Out\n\n{MARKER} insidetok flip\n")
    os.symlink("target.md", kb / "flip.md")
    ready = tmp_path / "ready"
    proc = subprocess.Popen(
        [sys.executable, "-c", _FLIPPER, str(kb / "flip.md"), "target.md", str(outside), ready]
    )
    try:
        while not ready.exists():  # the flipper is running
            assert proc.poll() is None
        shown = refused = leaks = 0
        for _ in range(3000):
            try:
                text = read_document("kb", "flip.md", root=root).text
            except (UnsafePathError, InvalidArgumentError):
                refused += 1
                continue
            shown += 1
            leaks += MARKER in text
        for _ in range(3000):
            try:
                text, _sha = read_kb_file(kb, "flip.md")
            except SkipFile:
                refused += 1
                continue
            shown += 1
            leaks += MARKER in text
        hits = [
            h
            for _ in range(30)
            for h in search("insidetok flip", kb="kb", root=root, score_threshold=0.0).hits
        ]
    finally:
        proc.kill()
        proc.wait()
    assert shown > 0 and refused > 0, (shown, refused)  # both sides of the race were met
    assert leaks == 0
    assert hits and not any(MARKER in h.content for h in hits)


_FIFO_READER = textwrap.dedent(
    """
    import sys
    from knowledge_retrieval.errors import InvalidArgumentError
    from knowledge_retrieval.team.workflow import read_document
    root, calls = sys.argv[1], int(sys.argv[2])
    refused = 0
    for _ in range(calls):
        try:
            read_document("kb", "swap.md", root=root)
        except InvalidArgumentError as exc:
            refused += "not a regular file" in str(exc)
    print(calls, refused)
    """
)

_FIFO_FLIPPER = textwrap.dedent(
    """
    import os, sys
    path, ready = sys.argv[1:3]
    n = 0
    while True:
        os.mkfifo(path + ".fifo")
        os.replace(path + ".fifo", path)
        with open(path + ".new", "w") as f:
            f.write("# Swap\\n\\nswaptok\\n")
        os.replace(path + ".new", path)
        n += 1
        if n == 100:
            open(ready, "w").close()
    """
)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
@pytest.mark.timeout(180)
def test_a_fifo_swapped_in_never_blocks_read_document(tmp_path: Path) -> None:
    root = _root_with(tmp_path)
    path = root / "kb" / "swap.md"
    write(path, "# Swap\n\nswaptok\n")
    ready = tmp_path / "ready"
    flipper = subprocess.Popen([sys.executable, "-c", _FIFO_FLIPPER, str(path), ready])
    try:
        while not ready.exists():
            assert flipper.poll() is None
        # before: one open() of the FIFO (no writer) blocked for ever; the timeout says so
        out = subprocess.run(
            [sys.executable, "-c", _FIFO_READER, str(root), "3000"],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    finally:
        flipper.kill()
        flipper.wait()
    calls, refused = map(int, out.stdout.split())
    assert calls == 3000 and refused > 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.md")
    with pytest.raises(SkipFile, match=r"^not a regular file$"):
        read_bytes(tmp_path / "pipe.md", inside=tmp_path)


# --------------------------------------------------------------------------- opened beneath the KB


@posix
def test_a_kb_file_is_opened_below_the_kb_without_following_links(tmp_path: Path) -> None:
    from knowledge_retrieval.kb import reader as reader_mod

    kb = tmp_path / "kb"
    write(kb / "sub" / "page.md", "# Page\n\npagetok\n")
    outside = write(tmp_path / "outside.md", f"# Out\n\n{MARKER}\n")
    os.symlink("sub/page.md", kb / "inside-link.md")
    os.symlink(outside, kb / "outside-link.md")
    os.symlink(tmp_path, kb / "linked-dir")
    if not reader_mod._BENEATH:
        pytest.skip("no /proc/self/fd here: every file is read by name")
    got = reader_mod._open_beneath(kb, "sub/page.md")
    assert got is not None
    fd, real_root = got
    os.close(fd)
    assert real_root == os.path.realpath(kb)
    # a link anywhere on the way, or a part that is not a name: read by name instead, which
    # follows a link inside the KB and refuses one leading out
    for rel in ("inside-link.md", "outside-link.md", "linked-dir/outside.md", "sub/../sub/page.md"):
        assert reader_mod._open_beneath(kb, rel) is None, rel
    assert read_kb_file(kb, "inside-link.md")[0] == "# Page\n\npagetok\n"
    for rel in ("outside-link.md", "linked-dir/outside.md"):
        with pytest.raises(SkipFile, match="symlink leads outside the knowledge base"):
            read_kb_file(kb, rel)


@posix
def test_a_folder_moved_out_of_the_kb_while_its_file_is_opened_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from knowledge_retrieval.kb import reader as reader_mod

    if not reader_mod._BENEATH:
        pytest.skip("no /proc/self/fd here: every file is read by name")
    kb = tmp_path / "kb"
    write(kb / "sub" / "page.md", f"# Page\n\n{MARKER}\n")
    real_open = os.open

    def open_then_move(path: object, *args: object, **kwargs: object) -> int:
        fd = real_open(path, *args, **kwargs)  # type: ignore[arg-type]
        if kwargs.get("dir_fd") is not None and path == "sub":  # the folder, just opened
            os.rename(kb / "sub", tmp_path / "moved-out")
        return fd

    monkeypatch.setattr(os, "open", open_then_move)
    # the file opened is outside the KB by now: its descriptor says so, and it is not read
    with pytest.raises(SkipFile, match="symlink leads outside the knowledge base"):
        read_kb_file(kb, "sub/page.md")
