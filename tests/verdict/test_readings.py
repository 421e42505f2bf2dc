"""Honest readings: a hit names what matched in the page, and one that stands on a word read as
another, further from it than a misspelling, is not confident."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import search

from ..conftest import write


def test_a_hit_on_a_far_reading_names_the_pages_word_and_is_held(sample_root: Path) -> None:
    # "codis" is no misspelling of "code" (two edits of the word as written): a guess
    r = search("codis", "payments", root=sample_root, explain=True, score_threshold=0)
    top = r.hits[0]
    assert "codis" not in top.matched_terms and top.matched_terms
    assert top.explain is not None and "spelling_only" in top.explain["held"]
    assert not search("codis", "payments", root=sample_root).found


def test_a_misspelling_of_the_pages_word_still_finds_it(sample_root: Path) -> None:
    r = search("idempotensy key", "glossary", root=sample_root, explain=True)
    assert r.found
    assert "held" not in (r.hits[0].explain or {})


def test_a_note_under_the_line_names_what_the_best_file_does_not_have(
    sample_root: Path,
) -> None:
    r = search("refund shipment for the basketball tournament", "payments", root=sample_root)
    assert not r.found
    note = next(n for n in r.notes if n.startswith("best match"))
    assert "it does not have:" in note


def test_a_chinese_question_with_characters_no_word_covers_is_not_held(tmp_path: Path) -> None:
    # 碱洗要泡多浓啊: 泡多浓 is no word the KB could have, so the page on 碱洗 is not held as
    # "half of the question is a word the KB has never seen"; a real word it lacks still holds
    root = tmp_path / "root"
    write(root / "brew" / "README.md", "# 酿造\n\n清洗与发酵。\n")
    write(
        root / "brew" / "cip.md",
        "# CIP 清洗\n\n## 碱洗\n\n碱洗使用 2% 氢氧化钠溶液，80°C 循环 20 分钟。\n",
    )
    write(root / "brew" / "ferment.md", "# 发酵\n\n主发酵 7 天，温度 18°C。\n")
    r = search("碱洗要泡多浓啊", "brew", root=root, explain=True, score_threshold=0)
    assert r.hits[0].path == "cip.md"
    assert "unseen_word" not in (r.hits[0].explain or {}).get("held", ())
    held = search("碱洗 招聘", "brew", root=root, explain=True, score_threshold=0)
    assert "unseen_word" in (held.hits[0].explain or {}).get("held", ())
