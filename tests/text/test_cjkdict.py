"""The on-disk dictionary copy cuts Chinese exactly as jieba's in-memory dictionary does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from knowledge_retrieval.text import analysis, cjkdict

from ..conftest import SAMPLE_ROOT


def _sentences() -> list[str]:
    out = []
    for p in sorted(SAMPLE_ROOT.rglob("*.md")):
        out += [
            run
            for _k, run, _s, _e in analysis.iter_tokens(p.read_text(encoding="utf-8"))
            if _k == "cjk" and len(run) > 2
        ]
    return out


def test_copy_segments_like_the_full_dictionary() -> None:
    full = analysis._load_full()
    assert cjkdict.cache_path().is_file()
    query = cjkdict.open_query_tokenizer()
    assert query is not None and query.FREQ is not full.FREQ
    sentences = _sentences()
    assert len(sentences) > 50
    for run in sentences:
        assert list(query.cut(run, HMM=False)) == list(full.cut(run, HMM=False)), run


def test_a_query_only_process_does_not_load_the_dictionary(tmp_path: Path) -> None:
    analysis._load_full()  # makes sure the copy exists in KR_DICT_DIR
    code = (
        "from knowledge_retrieval.text import analysis\n"
        "from knowledge_retrieval.ranking.query import analyze_query\n"
        "q = analyze_query('订单状态码 20 是什么意思')\n"
        "assert [k.text for k in q.keywords] == ['订单', '状态码', '20'], q.keywords\n"
        "assert analysis._jieba_full is None\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_a_damaged_copy_is_written_again() -> None:
    path = cjkdict.cache_path()
    analysis._load_full()
    path.write_bytes(b"not a database" * 100)
    assert cjkdict.open_query_tokenizer() is None  # never read as it is
    full = analysis._load_full()
    cjkdict.write_copy(full.FREQ, full.total)
    query = cjkdict.open_query_tokenizer()
    assert query is not None and query.total == full.total


def test_a_copy_that_cannot_be_written_leaves_nothing_behind(tmp_path: Path) -> None:
    # a database error half way (a table made twice): no file in place, no temporary file
    path = tmp_path / "cache" / "copy.sqlite"
    ok = cjkdict.write_sqlite(path, ["CREATE TABLE t (a)", "CREATE TABLE t (a)"], {})
    assert not ok and list(path.parent.iterdir()) == []
