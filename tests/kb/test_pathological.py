"""Pathological files are bounded: sections per file, snippet work per hit."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import search
from knowledge_retrieval.defaults import MAX_SECTIONS_PER_FILE, MAX_SNIPPET_SCAN_CHARS
from knowledge_retrieval.kb.parsing import parse_document
from knowledge_retrieval.verdict.snippets import make_snippet

from ..conftest import write


def test_one_line_headings_are_merged_into_a_bounded_number_of_sections() -> None:
    n = 3 * MAX_SECTIONS_PER_FILE + 7
    text = "".join(f"# h{i} word{i}\n" for i in range(n))
    doc = parse_document("big.md", text)
    assert len(doc.sections) <= MAX_SECTIONS_PER_FILE
    joined = "\n".join(s.text for s in doc.sections)
    assert f"word{n - 1}" in joined and "word0" in joined  # every text kept
    assert doc.sections[0].line_start == 1 and doc.sections[-1].line_end == n
    assert doc.warnings[-1] == (
        f"{n} sections merged into {len(doc.sections)} (at most {MAX_SECTIONS_PER_FILE} a file)"
    )


def test_a_huge_table_keeps_its_rows_searchable(tmp_path: Path) -> None:
    rows = 5 * MAX_SECTIONS_PER_FILE
    csv = "code,meaning\n" + "".join(f"C{i:05d},meaning {i}\n" for i in range(rows))
    doc = parse_document("codes.csv", csv)
    assert len(doc.sections) <= MAX_SECTIONS_PER_FILE
    assert all(s.kind == "table" for s in doc.sections)
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# Codes\n\nCodes.\n")
    write(root / "kb" / "codes.csv", csv)
    r = search(f"C{rows - 3:05d}", kb="kb", root=root)
    assert r.found and r.hits[0].path == "codes.csv"


def test_snippet_work_is_bounded_per_hit() -> None:
    near = "x " * 10 + "needle " + "y " * 10
    far = "z " * MAX_SNIPPET_SCAN_CHARS + "needle"
    assert make_snippet(near, {"needl", "needle"}).spans
    snip = make_snippet(far, {"needl", "needle"})
    assert not snip.spans and len(snip.text) <= 500  # looked for in the first part only


def test_a_huge_readme_is_read_up_to_its_cap(tmp_path: Path) -> None:
    from knowledge_retrieval import list_kbs
    from knowledge_retrieval.defaults import MAX_README_BYTES
    from knowledge_retrieval.kb.reader import readme_text

    root = tmp_path / "KnowledgeBase"
    filler = "lorem ipsum dolor sit amet\n" * (2 * MAX_README_BYTES // 27)
    write(root / "kb" / "README.md", "# Big\n\nRefund rules and more.\n\n" + filler)
    assert len(readme_text(root / "kb").encode("utf-8")) <= MAX_README_BYTES
    assert list_kbs(root)[0].description.startswith("Refund rules and more.")
