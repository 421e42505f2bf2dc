"""A word general language uses everywhere (情况, guide) weighs less in a file's keyword coverage
than its rarity in a small KB suggests: a code the question names outranks a page that only
shares a common word with it, and a file with only the question's common words has none of its
specificity (``specific_share``)."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import SearchResult, search
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


def _features(r: SearchResult) -> dict[str, float]:
    explained = r.hits[0].explain or {}
    return {f: v["value"] for f, v in explained["features"].items()}


def test_a_file_with_only_the_questions_common_words_has_none_of_its_specificity(
    tmp_path: Path,
) -> None:
    # "leave" is a common word of English, "parental" far less: a checklist that says leave
    # the valve open has none of what makes the question specific; the handbook page has it
    root = tmp_path / "KnowledgeBase"
    write(root / "brew" / "README.md", "# Brewhouse\n\nBrew days, tanks and cleaning.\n")
    write(
        root / "brew" / "checklist.md",
        "# Brew day\n\nLeave the valve open while the tank drains.\n",
    )
    write(root / "brew" / "tanks.md", "# Tanks\n\nFermenters are cleaned after every batch.\n")
    r = search("parental leave", "brew", root=root, score_threshold=0, explain=True)
    assert r.hits[0].path == "checklist.md"
    assert _features(r)["specific_share"] == 0.0
    write(root / "brew" / "people.md", "# People\n\nParental leave is sixteen weeks.\n")
    r = search("parental leave", "brew", root=root, score_threshold=0, explain=True)
    assert r.hits[0].path == "people.md"
    assert _features(r)["specific_share"] == 1.0
    # the name of the brewery's own bar is all of a question's specificity a file can have
    write(root / "brew" / "bar.md", "# Taproom\n\nThe taproom pours from tank 4.\n")
    r = search("taproom tank", "brew", root=root, score_threshold=0, explain=True)
    assert r.hits[0].path == "bar.md" and _features(r)["specific_share"] == 1.0


def test_question_words_that_are_nouns_are_a_topic_the_kb_lacks(tmp_path: Path) -> None:
    # room is common and the KB never says it, but it is a noun by the dictionaries (all its
    # Chinese words are nouns): a topic the page lacks, and the hit says so; "happens" is
    # hardly a noun, a way of asking
    root = tmp_path / "KnowledgeBase"
    write(root / "brew" / "README.md", "# Brewhouse\n\nBrew days, tanks and cleaning.\n")
    write(root / "brew" / "tanks.md", "# Tanks\n\nThe valve stays open while the tank drains.\n")
    nouns = search("what is the valve room", "brew", root=root, score_threshold=0, explain=True)
    verb = search("what happens to the valve", "brew", root=root, score_threshold=0, explain=True)
    assert nouns.hits[0].missing_terms == ("room",)
    assert verb.hits[0].missing_terms == ()
    assert _features(verb)["filler_share"] > 0


def test_a_word_of_content_read_as_a_question_word_is_still_said_to_be_lacking(
    tmp_path: Path,
) -> None:
    # 请假 (ask for leave) has the 请 of "please": a question word where the KB never says it,
    # and weighed as one; but the dictionary makes it a verb of content, so the returns page
    # the question's 流程 finds says it lacks 请假 rather than claim the whole question
    root = tmp_path / "KnowledgeBase"
    write(root / "shop" / "README.md", "# 门店\n\n退货与换货。\n")
    write(root / "shop" / "returns.md", "# 退货流程\n\n顾客凭小票在七天内退货。\n")
    r = search("请假流程", "shop", root=root, score_threshold=0)
    assert r.hits[0].matched_terms == ("流程",)
    assert "请假" in r.hits[0].missing_terms and "请假" in r.hits[0].lacks
    # a way of asking with a function character (没有) is not said to be lacking
    r = search("退货流程有没有", "shop", root=root, score_threshold=0)
    assert r.hits[0].missing_terms == ()
