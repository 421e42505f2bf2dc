"""The stat walk: what is a document, what is skipped and why; FolderScope agrees with is_included."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge_retrieval.kb.rules import FolderScope, is_included, matcher
from knowledge_retrieval.kb.scan import scan_kb
from knowledge_retrieval.models import KBRules

from ..conftest import write

PROPERTY = settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

# --- FolderScope: is_included decided once per folder ------------------------------------------

_SEGMENTS = [
    "docs",
    "a",
    "b",
    "drafts",
    "en",
    "x.md",
    "a.md",
    "b.csv",
    "index.md",
    "Docs",
    " a",
    "a b",
    "中文",
    "_includes",
    "v1.2",
]
_PATTERN_PARTS = [
    *_SEGMENTS,
    "*",
    "**",
    "*.md",
    "?.md",
    "[ab]",
    "{a,b}",
    "a*",
    "*s",
    "",
    ".",
    "..",
    "[",
    "x{",
]


@st.composite
def _pattern(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.sampled_from(_PATTERN_PARTS), min_size=1, max_size=4))
    p = "/".join(parts)
    return draw(st.sampled_from(["", "./", "/"])) + p + draw(st.sampled_from(["", "/"]))


_folders = st.lists(st.sampled_from(_SEGMENTS), max_size=4).map("/".join)
_names = st.sampled_from([s for s in _SEGMENTS if "." in s] + [" lead.md", "中文.md", "docs.md"])


@PROPERTY
@given(
    include=st.lists(_pattern(), max_size=3),
    exclude=st.lists(_pattern(), max_size=3),
    emphasize=st.lists(_pattern(), max_size=2),
    folder=_folders,
    names=st.lists(_names, min_size=1, max_size=4),
)
def test_folder_scope_agrees_with_is_included(
    include: list[str],
    exclude: list[str],
    emphasize: list[str],
    folder: str,
    names: list[str],
) -> None:
    rules = KBRules(include=tuple(include), exclude=tuple(exclude), emphasize=tuple(emphasize))
    test = FolderScope(rules).folder(folder)
    for name in names:
        rel = f"{folder}/{name}" if folder else name
        assert test(rel) is is_included(rel, rules), (rel, rules.include, rules.exclude)


@pytest.mark.parametrize(
    ("include", "exclude", "folder", "name", "expected"),
    [
        (("abstracts/**/*.md",), (), "abstracts", "1.md", True),
        (("abstracts/**/*.md",), (), "abstracts/x/y", "1.md", True),
        (("abstracts/**/*.md",), (), "other", "1.md", False),
        (("abstracts/**/*.md",), (), "", "1.md", False),
        ((), ("drafts/",), "docs/drafts", "a.md", False),
        ((), ("drafts/",), "docs", "drafts.md", True),
        ((), ("docs/a/",), "docs/a/b", "c.md", False),
        ((), ("docs/a/",), "docs/ab", "c.md", True),
        ((), ("docs/a",), "docs/ab", "c.md", True),
        ((), ("docs/a",), "docs/a", "c.md", False),
        ((), ("docs/a.md",), "docs", "a.md", False),
        (("*.md",), ("**/_includes/**",), "content/_includes/x", "a.md", False),
        (("*.md",), (), "content", "a.csv", False),
        (("[",), (), "", "a.md", False),  # a malformed glob selects nothing
        (("docs/",), (), " docs", "a.md", True),  # path_matches strips the blank
    ],
)
def test_folder_scope_cases(
    include: tuple[str, ...], exclude: tuple[str, ...], folder: str, name: str, expected: bool
) -> None:
    rules = KBRules(include=include, exclude=exclude)
    rel = f"{folder}/{name}" if folder else name
    assert FolderScope(rules).folder(folder)(rel) is expected is is_included(rel, rules)


@pytest.mark.parametrize(
    ("exclude", "keep", "rel", "expected"),
    [
        (("passes/",), ("passes/current.md",), "passes/current.md", True),
        (("passes/",), ("passes/current.md",), "passes/2019.md", False),
        (("passes/**",), ("passes/current.md",), "passes/current.md", True),
        (("passes/", "passes/current.md"), ("passes/current.md",), "passes/current.md", False),
        (("old/",), ("old/2024/",), "old/2024/rates.md", True),
        (("old/",), ("old/2024/",), "old/2023/rates.md", False),
        (("old/2024/",), ("old/",), "old/2024/rates.md", False),  # the narrower exclusion wins
        (("*.md",), ("a.md",), "a.md", True),
    ],
)
def test_a_path_named_narrower_to_prefer_is_kept_in_a_folder_put_out(
    exclude: tuple[str, ...], keep: tuple[str, ...], rel: str, expected: bool
) -> None:
    folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
    for rules in (KBRules(exclude=exclude, emphasize=keep), KBRules(exclude=exclude, entry=keep)):
        assert FolderScope(rules).folder(folder)(rel) is expected is is_included(rel, rules)


@pytest.mark.parametrize(
    "pattern",
    [
        "abstracts/**/*.md",
        "*.md",
        "**/_includes/**",
        "{a,b}/**",
        "docs/[ab]?.md",
        "content/**/*.md",
        "**",
    ],
)
@pytest.mark.parametrize(
    "path",
    [
        "abstracts/1.md",
        "a.md",
        "x/a.md",
        "a/b/_includes/c.md",
        "b/x",
        "docs/ab.md",
        "content/en/docs/a.md",
        ".hidden/a.md",
        "a/../b.md",
        "docs/x.md/",
    ],
)
def test_matcher_is_wcmatch(pattern: str, path: str) -> None:
    from wcmatch import glob as wcglob

    flags = wcglob.GLOBSTAR | wcglob.DOTGLOB | wcglob.BRACE | wcglob.FORCEUNIX | wcglob.CASE
    for basename in (False, True):
        reference = wcglob.compile(pattern, flags=flags | (wcglob.MATCHBASE if basename else 0))
        assert matcher(pattern, basename)(path) is reference.match(path)


# --- the walk ---------------------------------------------------------------------------------


def _kb(tmp_path: Path) -> Path:
    kb = tmp_path / "kb"
    write(kb / "README.md", "# KB\n")
    write(kb / "a.md", "# A\n")
    write(kb / "b.markdown", "# B\n")
    write(kb / "c.MDX", "# C\n")
    write(kb / "d.csv", "x,y\n1,2\n")
    write(kb / "e.rst", "not a document\n")
    write(kb / ".hidden.md", "# hidden file\n")
    write(kb / ".git" / "x.md", "# hidden folder\n")
    write(kb / "drafts" / "x.md", "# draft\n")
    write(kb / "sub" / "_drafts" / "x.md", "# draft\n")
    write(kb / "node_modules" / "x.md", "# vendored\n")
    write(kb / "sub" / "README.md", "# a sub-folder README is a document\n")
    write(kb / "sub" / "big.md", "x" * 2000)
    write(kb / "sub" / "deep" / "z.md", "# Z\n")
    write(kb / "old" / "y.md", "# excluded\n")
    write(tmp_path / "outside.md", "# outside\n")
    os.symlink(tmp_path / "outside.md", kb / "out-link.md")
    os.symlink("a.md", kb / "in-link.md")
    os.symlink(kb / "sub", kb / "sub-link")
    os.symlink(kb, kb / "sub" / "loop")
    os.symlink(kb / "missing.md", kb / "dangling.md")
    os.mkfifo(kb / "fifo.md")
    return kb


def test_scan_classifies_every_file(tmp_path: Path) -> None:
    kb = _kb(tmp_path)
    scan = scan_kb(kb, KBRules(exclude=("old/",)), max_bytes=1000)
    # walked in name order, depth first; a folder reached twice (sub-link, loop) is walked once
    assert list(scan.files) == [
        "a.md",
        "b.markdown",
        "c.MDX",
        "d.csv",
        "in-link.md",
        "sub/README.md",
        "sub/deep/z.md",
    ]
    a = (kb / "a.md").stat()
    assert scan.files["a.md"] == (a.st_mtime_ns, a.st_size, a.st_ctime_ns, a.st_ino)
    assert scan.linked == {"in-link.md"}  # stat'ed at every search, events or not
    assert scan.skipped == {
        "dangling.md": "unreadable: No such file or directory",
        "fifo.md": "not a regular file",
        "out-link.md": "symlink leads outside the knowledge base",
        "sub/big.md": "larger than 0 MiB (2000 bytes)",
        "sub/loop": "symlink loop",
        "sub-link": "symlink loop",
    }
    assert scan.dirs == [str(kb), str(kb / "old"), str(kb / "sub"), str(kb / "sub" / "deep")]


def test_scan_with_include_rules(tmp_path: Path) -> None:
    kb = _kb(tmp_path)
    scan = scan_kb(kb, KBRules(include=("sub/**/*.md",), exclude=("**/deep/**",)))
    assert list(scan.files) == ["sub/README.md", "sub/big.md"]
    # symlinks leaving the KB and loops are reported whatever the rules; other files only when
    # the rules include them
    assert scan.skipped == {
        "out-link.md": "symlink leads outside the knowledge base",
        "sub/loop": "symlink loop",
        "sub-link": "symlink loop",
    }


def test_scan_reports_names_that_are_not_utf8(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    write(kb / "README.md", "# KB\n")
    try:
        (kb / os.fsdecode(b"bad\xff.md")).write_text("# bad\n", encoding="utf-8")
    except (OSError, UnicodeEncodeError):
        pytest.skip("the file system refuses names that are not UTF-8")
    scan = scan_kb(kb, KBRules())
    assert scan.skipped == {"bad\ufffd.md": "file name is not valid UTF-8"}
    assert scan.files == {}


def _linked_kb(root: Path) -> Path:
    """A KB whose README excludes archive/, with symlinks into archive/, drafts/, a hidden
    folder and to the README, a link to a folder of drafts, and one to a real document."""
    kb = root / "kb"
    write(
        kb / "README.md",
        '---\nname: kb\ndescription: Links.\nexclude: ["archive/**"]\n---\n\n# KB\n\nLinks.\n',
    )
    write(kb / "guide.md", "# Guide\n\nlivetok\n")
    write(kb / "archive" / "old.md", "# Old\n\narchivetok\n")
    write(kb / "drafts" / "next.md", "# Next\n\ndrafttok\n")
    write(kb / ".private" / "secret.md", "# Secret\n\nhiddentok\n")
    (kb / "old.md").symlink_to(kb / "archive" / "old.md")
    (kb / "next.md").symlink_to(Path("drafts") / "next.md")
    (kb / "secret.md").symlink_to(kb / ".private" / "secret.md")
    (kb / "readme-copy.md").symlink_to(kb / "README.md")
    (kb / "plans").symlink_to(kb / "drafts", target_is_directory=True)
    (kb / "guide-link.md").symlink_to(kb / "guide.md")
    return kb


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symlinks")
def test_a_symlink_into_what_is_not_indexed_is_not_indexed(tmp_path: Path) -> None:
    from knowledge_retrieval import search
    from knowledge_retrieval.kb.rules import parse_readme
    from knowledge_retrieval.kb.scan import document_refusal

    kb = _linked_kb(tmp_path / "KnowledgeBase")
    rules = parse_readme((kb / "README.md").read_text(encoding="utf-8"))
    scan = scan_kb(kb, rules)
    # a hidden folder is a place to share a page from by a link (tests/index/test_links.py)
    assert sorted(scan.files) == ["guide-link.md", "guide.md", "secret.md"]
    assert scan.skipped == {
        "next.md": "symlink leads to 'drafts/next.md', which is not a document: it is in a "
        "drafts/ folder, which is never indexed",
        "old.md": "symlink leads to 'archive/old.md', which is not a document: the KB's README "
        "excludes it from the index",
        "plans/next.md": "symlink leads to 'drafts/next.md', which is not a document: it is in "
        "a drafts/ folder, which is never indexed",
        "readme-copy.md": "symlink leads to 'README.md', which is not a document: it is the "
        "KB's README.md, which describes the KB and is not one of its documents",
    }
    for word in ("archivetok", "drafttok"):
        assert not search(word, kb="kb", root=tmp_path / "KnowledgeBase").found, word
    assert search("livetok", kb="kb", root=tmp_path / "KnowledgeBase").found
    assert search("livetok", kb="kb", root=tmp_path / "KnowledgeBase").found  # watched now
    (kb / "late.md").symlink_to(kb / "archive" / "old.md")  # made later: only it is looked at
    assert not search("archivetok", kb="kb", root=tmp_path / "KnowledgeBase").found
    # read_document's check, given the KB folder, follows the link too
    assert document_refusal("old.md", rules) is None  # the name alone is a document's
    got = document_refusal("old.md", rules, kb_path=kb)
    assert got is not None and got.startswith("symlink leads to 'archive/old.md'")
    assert document_refusal("guide-link.md", rules, kb_path=kb) is None
