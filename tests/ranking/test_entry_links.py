"""An entry file's row that links to a page for the question puts that page first, as sure as
the row (real indexes, through the public API)."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import search

from ..conftest import write

README = """# Orders

Checkout, coupons and refunds.

## Search rules

- Start from `index.md`.
"""


def _kb(root: Path) -> None:
    write(root / "orders" / "README.md", README)
    write(
        root / "orders" / "index.md",
        "# Orders KB index\n\n| topic | page |\n| --- | --- |\n"
        "| Coupon stacking (優惠券規則) | [rules/coupons.md](rules/coupons.md) |\n"
        "| Refund approval | [rules/refunds.md](rules/refunds.md) |\n",
    )
    write(
        root / "orders" / "rules" / "coupons.md",
        "# 優惠券規則\n\n## 疊加規則\n\n- 每筆訂單最多使用一張商品券加一張免運券。\n"
        "- 違反時回傳 `COUPON_NOT_STACKABLE`。\n\n## 有效期\n\n- coupon 券過期後不能使用。\n",
    )
    write(
        root / "orders" / "rules" / "refunds.md",
        "# Refunds\n\nA refund over 500 CNY is approved by finance.\n",
    )


def test_the_page_an_index_row_links_to_comes_first(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _kb(root)
    r = search("coupon stacking", "orders", root=root, explain=True)
    assert r.found
    assert [h.path for h in r.hits[:2]] == ["rules/coupons.md", "index.md"]
    first, index = r.hits[0], r.hits[1]
    assert first.score == index.score
    assert first.matched_terms == ("coupon",)  # only what the page really contains
    assert first.explain is not None and first.explain["via"] == "index.md"
    assert index.explain is not None and "via" not in index.explain


def test_a_row_that_is_not_about_the_question_is_not_followed(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _kb(root)
    r = search("refund approval finance", "orders", root=root, score_threshold=0.0)
    assert r.hits[0].path == "rules/refunds.md"
    assert "rules/coupons.md" not in [h.path for h in r.hits[:2]]


def test_asking_for_the_index_keeps_the_index_first(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _kb(root)
    r = search("coupon stacking table of contents", "orders", root=root, score_threshold=0.0)
    assert r.hits[0].path == "index.md"
