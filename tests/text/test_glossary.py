"""English and Chinese words for each other, from the dictionary the glossary reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_retrieval.text.analysis import index_terms
from knowledge_retrieval.text.glossary import chinese_words, english_terms


def test_a_chinese_word_has_the_stems_of_its_short_glosses() -> None:
    assert english_terms("阈值") == ("threshold",)
    assert "shift" in english_terms("换班")
    assert english_terms("換班") == english_terms("换班")  # Traditional as Simplified
    # "to do sth ahead of time" is read by ahead, not time
    assert "ahead" in english_terms("提前") and "time" not in english_terms("提前")


def test_an_english_word_has_the_chinese_words_it_glosses_alone() -> None:
    assert "下游" in chinese_words(index_terms("downstream")[0])
    assert "批准" in chinese_words(index_terms("approval")[0])  # approv, of "to approve"
    assert "就绪" in chinese_words(index_terms("ready")[0])  # readi, of "to be ready"
    # 审批 is "to examine and approve": approve there is part of a phrase
    assert "审批" not in chinese_words(index_terms("approval")[0])


def test_words_outside_the_glossary_have_none() -> None:
    assert english_terms("手机号") == ()  # only two-character words
    assert english_terms("ab") == ()
    assert chinese_words("zzzqx") == ()
    assert chinese_words("go") == ()  # too short to look up
    assert chinese_words("dq-305") == ()


@settings(deadline=None, max_examples=50)  # the first call reads the dictionary
@given(st.text(max_size=6))
def test_any_text_is_looked_up_without_error(text: str) -> None:
    for term in english_terms(text):
        assert term.isascii() and term == term.lower()
    for word in chinese_words(text):
        assert len(word) == 2


def test_without_the_dictionary_nothing_is_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import resources

    from knowledge_retrieval.text import glossary

    def missing(name: str) -> object:
        raise ModuleNotFoundError(f"No module named '{name}'")

    def fresh() -> None:
        glossary._dictionary.cache_clear()
        glossary._pairs.cache_clear()
        glossary.english_terms.cache_clear()

    fresh()
    monkeypatch.setattr(resources, "files", missing)
    try:
        assert glossary.english_terms("阈值") == ()
    finally:
        monkeypatch.undo()
        fresh()
    assert glossary.english_terms("阈值") == ("threshold",)


def test_the_pairs_are_kept_in_a_sqlite_copy_that_answers_as_the_dictionary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from knowledge_retrieval.text import glossary

    words, terms = (
        ["阈值", "换班", "提前", "下游", "工作"],
        ["downstream", "approv", "readi", "job"],
    )

    def fresh() -> None:
        glossary._pairs.cache_clear()
        glossary.english_terms.cache_clear()
        glossary.chinese_words.cache_clear()

    monkeypatch.setenv("KR_DICT_DIR", str(tmp_path / "dict"))
    (tmp_path / "dict").mkdir(mode=0o700)
    older = tmp_path / "dict" / "cedict-1-v0.sqlite"  # a copy of an older format
    older.write_bytes(b"")
    older.chmod(0o600)
    fresh()
    try:
        got = [glossary.english_terms(w) for w in words], [glossary.chinese_words(t) for t in terms]
        assert not older.exists()
        path = glossary.pairs_path()
        assert path is not None and path.is_file() and path.parent == tmp_path / "dict"
        assert path.stat().st_mode & 0o777 == 0o600
        # where the copy cannot be written, the dictionary itself is scanned: the same words
        (tmp_path / "a-file").write_text("not a folder")
        monkeypatch.setenv("KR_DICT_DIR", str(tmp_path / "a-file" / "dict"))
        fresh()
        assert glossary._pairs() is None
        scanned = (
            [glossary.english_terms(w) for w in words],
            [glossary.chinese_words(t) for t in terms],
        )
        assert got == scanned
        assert "约伯" not in got[1][3]  # Job, the name, is no translation of job
    finally:
        monkeypatch.undo()
        fresh()


def test_a_damaged_copy_is_written_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from knowledge_retrieval.text import glossary

    monkeypatch.setenv("KR_DICT_DIR", str(tmp_path / "dict"))
    glossary._pairs.cache_clear()
    glossary.english_terms.cache_clear()
    try:
        path = glossary.pairs_path()
        assert path is not None
        path.parent.mkdir(mode=0o700)
        path.write_bytes(b"not a database" * 100)
        path.chmod(0o600)
        assert glossary.english_terms("阈值") == ("threshold",)
        assert path.read_bytes()[:15] == b"SQLite format 3"
    finally:
        monkeypatch.undo()
        glossary._pairs.cache_clear()
        glossary.english_terms.cache_clear()


def test_a_phrasal_verb_sense_is_read_by_its_verb() -> None:
    # 设置 is "to set up; to install": set, not the particle up
    assert english_terms("设置")[0] == "set" and "up" not in english_terms("设置")
    assert "log" in english_terms("退出") and "out" not in english_terms("退出")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="()[]ab /", max_size=40))
def test_a_senses_brackets_are_blanked_as_the_pattern_did(sense: str) -> None:
    import re

    from knowledge_retrieval.text.glossary import _unbracketed

    assert _unbracketed(sense) == re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", sense)


def test_a_run_of_opening_brackets_is_read_in_linear_time() -> None:
    import time

    from knowledge_retrieval.text.glossary import _unbracketed

    t0 = time.process_time()
    _unbracketed("(" * 200_000 + "[" * 200_000 + "x")
    assert time.process_time() - t0 < 1.0  # the pattern took minutes; this takes milliseconds
