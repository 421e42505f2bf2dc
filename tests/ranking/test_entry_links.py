"""Where a question leads in a KB with an entry file: to the page about it, to the entry file
when an overview is asked for, and a bare identifier to the row that defines it (real indexes,
through the public API)."""

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


def test_a_bare_identifier_finds_the_row_that_defines_it(tmp_path: Path) -> None:
    # BOX-M is defined by the row keyed by it; a config default that names it ranks below
    root = tmp_path / "KnowledgeBase"
    write(root / "wh" / "README.md", "# Warehouse\n\nBoxes and config.\n\n- Prefer `reference/`.\n")
    write(
        root / "wh" / "rules" / "packaging.md",
        "# Packaging rules\n\n## Box types\n\n| box | size | max weight |\n| --- | --- | --- |\n"
        "| BOX-S | 25 × 18 × 10 | 3 kg |\n| BOX-M | 35 × 25 × 15 | 8 kg |\n\n"
        "## Fragile items\n\nWrap them twice.\n",
    )
    write(
        root / "wh" / "reference" / "config.md",
        "# Config\n\n## warehouse.pack.default_box\n\nThe box used when none fits better.\n\n"
        "- Default: `BOX-M`\n\n## warehouse.pack.max_items\n\n- Default: `40`\n",
    )
    assert search("BOX-M", "wh", root=root).hits[0].path == "rules/packaging.md"
    r = search("BOX-M", "wh", root=root, score_threshold=0.0)
    assert [h.path for h in r.hits[:2]] == ["rules/packaging.md", "reference/config.md"]
    # with an attribute asked, the defining row is not lifted for it
    r = search("BOX-M max weight", "wh", root=root)
    assert r.hits[0].path == "rules/packaging.md"
