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
