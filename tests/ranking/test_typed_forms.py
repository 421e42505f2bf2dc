"""What a result says back to the user is in the user's own words: matched keywords in the
characters they typed (Traditional stays Traditional), and "try other keywords" never offers
a word the question already has."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import search
from knowledge_retrieval.ranking.query import analyze_query

from ..conftest import SAMPLE_ROOT


def test_a_traditional_question_matches_in_its_own_characters(_index_home: Path) -> None:
    r = search("運單狀態碼 150 是什麼意思", "logistics", root=SAMPLE_ROOT)
    assert r.found
    assert r.hits[0].matched_terms == ("運單", "狀態碼", "150")
    simplified = search("运单状态码 150 是什么意思", "logistics", root=SAMPLE_ROOT)
    assert simplified.hits[0].matched_terms == ("运单", "状态码", "150")
    assert [h.location for h in simplified.hits] == [h.location for h in r.hits]


def test_keywords_keep_the_typed_form_beside_the_simplified_one() -> None:
    q = analyze_query("離島配送要幾天")
    shown = {k.text: k.shown for k in q.keywords}
    assert shown["离岛"] == "離島" and shown["配送"] == "配送"
    assert next(k for k in q.keywords if k.text == "配送").written == ""


def test_other_keywords_never_repeat_what_was_asked(_index_home: Path) -> None:
    r = search("refund sourdough bread recipe", "payments", root=SAMPLE_ROOT)
    assert not r.found
    hint = r.notes[-1]
    assert hint.startswith("try other keywords, such as the README lists: payment, order, ")
    assert "refund" not in hint
    zh = search("付款 的 酸面包 配方", "payments", root=SAMPLE_ROOT)
    assert not zh.found and "付款" not in zh.notes[-1]
    # a term of the KB's domain (退款, a rare word of the language) is the question's subject:
    # the refund page is not held for the words it lacks, but it says plainly what they are
    term = search("退款 的 酸面包 配方", "payments", root=SAMPLE_ROOT)
    assert {"面包", "配方"} <= set(term.hits[0].missing_terms)
    # what the page lacks is named as the user wrote it, in the answer too
    typed = search("退款 的 酸麵包 配方", "payments", root=SAMPLE_ROOT)
    assert "麵包" in typed.hits[0].missing_terms and "面包" not in typed.hits[0].missing_terms
