"""What a one-shot ``kr smart`` process loads: only what answering from a fresh index needs.

Every call an agent makes through a skill script is a new ``kr`` process, so its start-up is
paid on every question. These tests run the real command in a subprocess (stdout a pipe, not a
terminal) on a tiny KB and look at ``sys.modules`` afterwards; the speed itself is measured in
``benchmarks/``, never asserted here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from knowledge_retrieval.interfaces import oneshot

from ..conftest import write

NOT_LOADED = (
    "mcp",  # the MCP server: kr mcp only
    "langchain_core",  # an integration, never imported by the library
    "tqdm",  # the progress bar: a terminal only, and only while building
    "markdown_it",  # Markdown parsing: only when a file is (re)indexed
    "knowledge_retrieval.kb.parsing",  # the same: a search that re-reads no file parses none
    "jieba",  # Chinese segmentation: a query without Chinese
    "rapidfuzz",  # typo tolerance: a query whose words the KB knows
    "wordfreq",  # its lists are read directly, when a word is unknown
    "numpy.ma",  # np.median's import: 40 ms of a one-shot process
    "knowledge_retrieval.index.build",  # a full build, its segment writer ...
    "knowledge_retrieval.index.segment",
    "whoosh.writing",  # ... and Whoosh's writer
    "knowledge_retrieval.team.teams",  # teams.yaml: retrieve and bound tools only
    "knowledge_retrieval.team.memory",  # the memory KB: the same
    "knowledge_retrieval.interfaces.mcp_server",
    "yaml",  # the README's parse is kept between processes (kb/rules/cache.py) ...
    "frontmatter",
    "knowledge_retrieval.kb.rules.sentences",  # ... and so are its readers
    "knowledge_retrieval.kb.rules.markdown",
    "knowledge_retrieval.kb.rules.conditions",  # ... and the wording of their conditions
    "wcmatch",  # ... and the translations of its globs
    "uuid",  # temporary names: only when something is written
    "http.client",  # Whoosh binds urllib.request's urlretrieve, which no search calls: the
    # module is a stand-in until it is used
    "asyncio",  # the cached_property package's import, for one property of Whoosh's reader
    "knowledge_retrieval.display",  # HTML and terminal views: list_kbs and notebooks
)

PROBE = """
import contextlib, gc, io, json, os, sys
from knowledge_retrieval.interfaces import cli
sys.argv = ["kr", *sys.argv[1:]]
out = io.StringIO()
with contextlib.redirect_stdout(out):
    status = cli.main()
print(json.dumps({
    "status": status,
    "result": json.loads(out.getvalue()),
    "loaded": sorted(m for m in sys.modules),
    "blas": os.environ.get("OPENBLAS_NUM_THREADS"),
    "frozen": gc.get_freeze_count(),
    "gc": gc.get_threshold(),
}))
"""


def _kb(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(
        root / "shop" / "README.md",
        "---\ndescription: Orders and refunds of the shop.\ninclude: ['docs/**/*.md']\n---\n"
        "# Shop\n\nQuestions about orders, refunds and delivery.\n",
    )
    write(
        root / "shop" / "docs" / "refunds.md",
        "# Refunds\n\nA refund is paid back to the original card within five working days.\n",
    )
    write(
        root / "shop" / "docs" / "delivery.md",
        "# Delivery\n\nParcels leave the warehouse every weekday before noon.\n",
    )
    return root


def _smart(root: Path, query: str, env: dict[str, str] | None = None) -> dict:
    args = ["smart", "--query", query, "--kb-id", "shop", "--root", str(root), "--output", "json"]
    p = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        check=False,
    )
    assert p.returncode == 0, p.stderr
    got: dict = json.loads(p.stdout)
    return got


def _sources(got: dict) -> list[str]:
    return [r["source"].split(":")[0] for r in got["result"]["data"]["results"]]


@pytest.mark.timeout(120)
def test_kr_smart_on_a_fresh_index_loads_none_of_the_heavy_modules(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    first = _smart(root, "refund to the card")  # builds the index
    assert first["status"] == 0 and _sources(first)[0] == "shop/docs/refunds.md"
    got = _smart(root, "refund to the card")
    assert got["status"] == 0 and _sources(got)[0] == "shop/docs/refunds.md"
    loaded = set(got["loaded"])
    assert "knowledge_retrieval.api" in loaded and "whoosh.index" in loaded  # it did search
    assert [m for m in NOT_LOADED if m in loaded] == []
    assert got["frozen"] > 0  # exiting skips the collector's passes over the heap
    assert tuple(got["gc"]) == oneshot.ONE_SHOT_GC_THRESHOLD  # and it collects rarely before


@pytest.mark.timeout(120)
def test_every_kr_smart_still_sees_an_edit_made_since_the_last_call(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    assert _smart(root, "refund to the card")["status"] == 0
    write(
        root / "shop" / "docs" / "delivery.md",
        "# Delivery\n\nParcels leave the warehouse every weekday before noon.\n\n"
        "Fragile parcels are wrapped in bubblewrap.\n",
    )
    got = _smart(root, "bubblewrap")
    assert _sources(got) == ["shop/docs/delivery.md"]
    assert "knowledge_retrieval.index.build" not in got["loaded"]  # updated, not rebuilt


@pytest.mark.timeout(120)
def test_every_kr_smart_reads_the_readme_as_it_is_now(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    assert _sources(_smart(root, "parcels weekday"))[0] == "shop/docs/delivery.md"
    readme = root / "shop" / "README.md"
    readme.write_text(
        readme.read_text(encoding="utf-8").replace(
            "include: ['docs/**/*.md']", "exclude: [docs/delivery.md]"
        ),
        encoding="utf-8",
    )
    got = _smart(root, "parcels weekday")
    assert "shop/docs/delivery.md" not in _sources(got)
    assert "yaml" in got["loaded"]  # this README text was parsed, not looked up
    assert _sources(_smart(root, "refund to the card")) == ["shop/docs/refunds.md"]


@pytest.mark.timeout(120)
def test_a_one_shot_kr_starts_no_blas_threads_unless_told_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _kb(tmp_path)
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    assert _smart(root, "refund")["blas"] == "1"
    assert _smart(root, "refund", {"OPENBLAS_NUM_THREADS": "2"})["blas"] == "2"  # the user's


DEFERRED = """
import contextlib, functools, io, sys
from pathlib import Path
from knowledge_retrieval.interfaces import cli
src = Path(sys.argv[-1])
sys.argv = ["kr", *sys.argv[1:-1]]
with contextlib.redirect_stdout(io.StringIO()):
    cli.main()
assert "http.client" not in sys.modules
import urllib.request
from urllib.request import urlretrieve
urlretrieve(src.as_uri(), str(src) + ".copy")
assert Path(str(src) + ".copy").read_text() == src.read_text()
assert urllib.request.Request("https://example.org/a").host == "example.org"
assert type(sys.modules["urllib.request"]).__name__ == "module"
from whoosh.reading import SegmentReader
assert "asyncio" not in sys.modules
assert isinstance(vars(SegmentReader)["deleted_docs_set"], functools.cached_property)
from cached_property import threaded_cached_property  # any other name: the real package
assert "asyncio" in sys.modules and type(sys.modules["cached_property"]).__name__ == "module"
print("ok")
"""


@pytest.mark.timeout(120)
def test_the_deferred_module_is_the_real_one_when_used(tmp_path: Path) -> None:
    root = _kb(tmp_path)
    args = [
        "smart",
        "--query",
        "refund",
        "--kb-id",
        "shop",
        "--root",
        str(root),
        "--output",
        "json",
    ]
    src = write(tmp_path / "page.txt", "a page\n")
    p = subprocess.run(
        [sys.executable, "-c", DEFERRED, *args, str(src)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr
