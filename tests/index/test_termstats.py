"""Statistics read from a real on-disk index: how many files of a folder share a title; the
median file length (numpy's median without its import of numpy.ma)."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval.index.store import KBIndex
from knowledge_retrieval.index.termstats import TermStats
from knowledge_retrieval.kb.rules import parse_readme

from ..conftest import write


def _shares(kbi: KBIndex, kb: Path) -> dict[str, float]:
    kbi.refresh(parse_readme((kb / "README.md").read_text(encoding="utf-8")))
    reader = kbi.reader()
    stats = TermStats(kbi, reader)
    shares = stats.title_shares()
    out: dict[str, float] = {}
    for d in reader.all_doc_ids():  # live sections only
        out.setdefault(stats.path_of(d), float(shares[d]))
    return out


def test_title_shares_count_files_of_one_folder_with_one_title(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    write(kb / "README.md", "# Wiki\n\nArticles.\n")
    # three paragraphs of one article (several sections each: a file counts once)
    for i in range(3):
        write(
            kb / "articles" / f"wall-{i}.md",
            f"---\ntitle: Great Wall\n---\n\nPart {i}.\n\n## Towers\n\nWatch towers.\n",
        )
    write(kb / "articles" / "canal.md", "---\ntitle: Grand Canal\n---\n\nA canal.\n")
    write(kb / "other" / "wall.md", "---\ntitle: great wall\n---\n\nAnother folder.\n")
    write(kb / "articles" / "untitled.md", "no heading, no title\n")
    kbi = KBIndex("kb", kb, tmp_path / "index")
    shares = _shares(kbi, kb)
    assert shares["articles/wall-0.md"] == shares["articles/wall-2.md"] == 3
    assert shares["articles/canal.md"] == 1
    assert shares["other/wall.md"] == 1  # same title, other folder: another subject's page
    assert shares["articles/untitled.md"] == 1

    # edits are seen: a paragraph deleted, another retitled
    (kb / "articles" / "wall-2.md").unlink()
    write(kb / "articles" / "wall-1.md", "---\ntitle: Grand Canal\n---\n\nMoved.\n")
    shares = _shares(kbi, kb)
    assert "articles/wall-2.md" not in shares
    assert shares["articles/wall-0.md"] == 1
    assert shares["articles/wall-1.md"] == shares["articles/canal.md"] == 2


def test_a_numeric_column_is_read_whole_and_equals_the_per_document_values(
    tmp_path: Path,
) -> None:
    from whoosh.columns import NumericColumn

    from knowledge_retrieval.index.postings import column_u64

    kb = tmp_path / "kb"
    write(kb / "README.md", "# Wiki\n\nArticles.\n")
    for i in range(40):
        write(kb / f"page-{i}.md", f"# Page {i}\n\nText {i}.\n\n## More\n\nSection {i}.\n")
    kbi = KBIndex("kb", kb, tmp_path / "index")
    kbi.refresh(parse_readme((kb / "README.md").read_text(encoding="utf-8")))
    reader = kbi.reader()
    segments = [s for s, _ in reader.leaf_readers()]
    for seg in segments:
        stored = seg.column_reader("tkey", translate=False)
        assert isinstance(stored, NumericColumn.Reader)  # the layout the fast path reads
        whole = column_u64(seg, "tkey")
        per_doc = [seg.column_reader("tkey")[d] for d in range(seg.doc_count_all())]
        assert whole.tolist() == per_doc and len(set(per_doc)) == seg.doc_count_all() == 80


def test_an_edit_undone_leaves_the_scores_of_a_fresh_build(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # the sections an edit replaces stay in their segment until a merge drops them; Whoosh
    # counts them in its statistics, TermStats counts live sections only
    from knowledge_retrieval import search
    from knowledge_retrieval.index import store

    questions = ["退款多久到账", "payment.retry.max_attempts", "订单状态码 20 是什么意思"]

    def scores() -> list[list[tuple[str, float]]]:
        return [
            [(h.path, h.score) for h in search(q, "payments", root=sample_root).hits]
            for q in questions
        ]

    before = scores()
    faq = sample_root / "payments" / "faq" / "payment-faq.md"
    text = faq.read_text(encoding="utf-8")
    for n in range(3):
        faq.write_text(text + f"\n\nAn added line {n}.\n", encoding="utf-8")
        scores()
    faq.write_text(text, encoding="utf-8")
    after = scores()
    with store._REGISTRY_LOCK:
        for kbi in store._REGISTRY.values():
            kbi.close()
        store._REGISTRY.clear()
    monkeypatch.setenv("KR_INDEX_DIR", str(tmp_path / "fresh-indexes"))
    fresh = scores()
    for got, want in zip(after, fresh, strict=True):
        assert [p for p, _s in got] == [p for p, _s in want]
        assert all(abs(a - b) < 0.005 for (_p, a), (_q, b) in zip(got, want, strict=True)), (
            got,
            want,
        )
    assert [[p for p, _s in r] for r in before] == [[p for p, _s in r] for r in fresh]
