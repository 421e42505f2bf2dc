"""A word general language uses everywhere (情况, guide) weighs less in a file's keyword coverage
than its rarity in a small KB suggests: a code the question names outranks a page that only
shares a common word with it."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import search
from knowledge_retrieval.ranking import ranker, tuned

from ..conftest import write


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "shichang" / "README.md", "# 市場管理\n\n攤位、扣分和颱風天的規定。\n")
    write(
        root / "shichang" / "扣分代碼.csv",
        "代碼,事項,扣分\nK-01,攤位超出範圍,1\nK-02,噪音被檢舉成立,2\nK-03,垃圾沒分類,1\n",
    )
    write(
        root / "shichang" / "噪音.md",
        "# 噪音\n\n檢舉成立的攤位記 K-02，一個月內第二次才記。\n",
    )
    write(
        root / "shichang" / "颱風.md",
        "# 颱風天\n\n發布陸上警報的情況下當天休市，月費照算。\n",
    )
    return root


def test_a_code_outranks_a_page_that_shares_only_a_common_word(tmp_path: Path) -> None:
    # 情况 is in one page only (rare in this KB) but common in Chinese; K-02 is in two
    r = search("K-02 是什麼情況", "shichang", root=_root(tmp_path), score_threshold=0)
    assert r.hits[0].path in {"扣分代碼.csv", "噪音.md"}
    assert "K-02" in r.hits[0].matched_terms


def test_the_discount_is_a_tuned_weight() -> None:
    assert ranker.COMMON_DISCOUNT == tuned.value("ranker.common_discount") == 0.5
