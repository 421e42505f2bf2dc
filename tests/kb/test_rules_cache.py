"""Parsed README rules kept between processes: the same rules as a parse, an edit parsed again."""

from __future__ import annotations

import logging
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from knowledge_retrieval.kb.rules import cache, parse_readme, path_matches

from ..conftest import SAMPLE_ROOT

READMES = sorted(SAMPLE_ROOT.glob("*/README.md"))


def _entries(home: Path) -> list[Path]:
    return sorted((home / cache.DIRNAME).glob("*.pickle"))


@pytest.mark.parametrize("readme", READMES, ids=lambda p: p.parent.name)
def test_a_kept_parse_is_the_parse(readme: Path, _index_home: Path) -> None:
    text = readme.read_text(encoding="utf-8")
    first = cache.cached_rules(text)  # parsed and kept
    assert first == parse_readme(text)
    (entry,) = _entries(_index_home)
    assert entry.stat().st_mode & 0o777 == 0o600
    assert (_index_home / cache.DIRNAME).stat().st_mode & 0o777 == 0o700
    assert cache.cached_rules(text) == first  # read back


def test_another_process_reads_the_kept_parse_without_the_parser(_index_home: Path) -> None:
    text = (SAMPLE_ROOT / "payments" / "README.md").read_text(encoding="utf-8")  # has globs
    want = cache.cached_rules(text)
    probe = (
        "import pickle, sys\n"
        "from knowledge_retrieval.kb.rules.cache import cached_rules\n"
        "got = cached_rules(sys.stdin.read())\n"
        "from knowledge_retrieval.kb.rules import path_matches\n"
        "globs = [path_matches(p, g) for g in got.include for p in ('api/a.md', 'x/y.md')]\n"
        "loaded = [m for m in ('yaml', 'frontmatter', 'knowledge_retrieval.kb.rules.sentences',"
        " 'knowledge_retrieval.kb.rules.markdown', 'wcmatch') if m in sys.modules]\n"
        "sys.stdout.buffer.write(pickle.dumps((got, loaded, globs)))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", probe],
        input=text.encode(),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert p.returncode == 0, p.stderr
    got, loaded, globs = pickle.loads(p.stdout)
    assert got == want and loaded == [] and want.include
    assert globs == [path_matches(p, g) for g in want.include for p in ("api/a.md", "x/y.md")]


def test_an_edited_readme_is_parsed_again(_index_home: Path) -> None:
    text = "---\ninclude: ['docs/**']\n---\n# Shop\n"
    assert cache.cached_rules(text).include == ("docs/**",)
    edited = text.replace("docs/**", "guides/**")
    assert cache.cached_rules(edited).include == ("guides/**",)
    assert len(_entries(_index_home)) == 2


def test_a_parse_that_warned_is_not_kept(
    _index_home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    text = "---\ndescription: [unclosed\nkeywords: a, b\n---\n# KB\n"
    with caplog.at_level(logging.WARNING):
        cache.cached_rules(text)
    assert "not valid YAML" in caplog.text
    assert _entries(_index_home) == []  # the next process warns too


def test_a_damaged_entry_is_parsed_again_and_replaced(_index_home: Path) -> None:
    text = READMES[0].read_text(encoding="utf-8")
    want = cache.cached_rules(text)
    (entry,) = _entries(_index_home)
    entry.write_bytes(b"not a pickle")
    assert cache.cached_rules(text) == want
    assert pickle.loads(entry.read_bytes())[0] == want


def test_an_entry_others_may_write_is_not_loaded(_index_home: Path) -> None:
    text = READMES[0].read_text(encoding="utf-8")
    want = cache.cached_rules(text)
    (entry,) = _entries(_index_home)
    entry.write_bytes(pickle.dumps((parse_readme("---\ninclude: ['planted/**']\n---\n"), {})))
    entry.chmod(0o666)
    assert cache.cached_rules(text) == want


def test_entries_are_capped(_index_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    for i in range(5):
        cache.cached_rules(f"# KB {i}\n\nDocs about topic {i}.\n")
    assert len(_entries(_index_home)) == 3


def test_a_root_of_many_kbs_stays_cached(_index_home: Path) -> None:
    """300 READMEs (a root of 300 KBs) are all kept: a second listing parses and writes none
    of them (256 were kept, so every listing parsed all 300 and pruned the folder each time)."""
    texts = [f"# KB {i}\n\nDocs about topic {i}.\n" for i in range(300)]
    for text in texts:
        cache.cached_rules(text)
    entries = _entries(_index_home)
    assert len(entries) == 300
    before = {p: p.stat().st_mtime_ns for p in entries}
    for text in texts:
        cache.cached_rules(text)
    assert {p: p.stat().st_mtime_ns for p in _entries(_index_home)} == before


def test_the_folders_a_readme_names_bare_are_part_of_the_key(_index_home: Path) -> None:
    text = "# k\n\nWhatever is inside `draft_ideas` is chat, none of it approved: do not use it.\n"
    bare = cache.cached_rules(text)
    named = cache.cached_rules(text, ("draft_ideas",))
    assert bare.exclude == () and named.exclude == ("draft_ideas/",)
    assert len(_entries(_index_home)) == 2
    assert cache.cached_rules(text) == bare and cache.cached_rules(text, ("draft_ideas",)) == named


def test_every_module_a_parse_imports_is_in_the_key() -> None:
    """A module a README parse reads (the cue words, the languages, to_simplified, word
    frequencies) that is not in the key would serve a stale parse after it changed."""
    code = (
        "import sys\n"
        "import knowledge_retrieval\n"
        "before = set(sys.modules)\n"
        "from knowledge_retrieval.kb.rules import parse_readme\n"
        "parse_readme('# A\\n\\nScope.\\n\\n- `old/` 里的价格已过期，不要引用。\\n"
        "- Never cite `drafts/`; `docs/` is canonical.\\n')\n"
        "for name in sorted(set(sys.modules) - before):\n"
        "    mod = sys.modules[name]\n"
        "    if name.startswith('knowledge_retrieval.') and getattr(mod, '__file__', None):\n"
        "        print(mod.__file__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    keyed = {p.resolve() for p in cache.parser_sources()}
    missing = [f for f in out if Path(f).resolve() not in keyed]
    assert out and missing == []
