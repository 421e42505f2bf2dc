"""Honest readings: a hit names what matched in the page, and one that stands on a word read as
another, further from it than a misspelling, is not confident."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import search


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


def test_a_hit_with_parts_of_a_keyword_names_the_parts_not_the_keyword(tmp_path: Path) -> None:
    from ..conftest import write

    root = tmp_path / "KnowledgeBase"
    write(root / "shop" / "README.md", "# 相機店\n\n店務、營業時間與公休。\n")
    write(
        root / "shop" / "店務" / "營業時間與公休.md",
        "# 營業時間與公休\n\n| 日 | 時間 |\n|---|---|\n| 週一 | 公休 |\n| 週二至週日 | 12:00–20:00 |\n",
    )
    write(root / "shop" / "維修" / "快門.md", "# 快門維修\n\n快門簾幕更換 NT$3,500，工期兩週。\n")
    r = search("公休日", "shop", root=root, score_threshold=0)
    top = r.hits[0]
    # the page has 公休, not 公休日: it names what it has and says the keyword is not whole
    assert top.path == "店務/營業時間與公休.md"
    assert top.matched_terms == ("公休",)
    assert top.missing_terms == ("公休日",)
    assert "0 of 1 keywords, parts of them" in top.why
