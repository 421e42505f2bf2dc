"""Fusion: meaning is used across languages and when words find nothing, says so, and never
claims words a page lacks; with the layer off results are the lexical engine's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from knowledge_retrieval import search
from knowledge_retrieval.semantic.fusion import COS_LINE, GLOSS_WEIGHT, meaning_score
from knowledge_retrieval.service.envelope import hit_metadata

from .kb import english_root

SAME_LANGUAGE = ["How do I get a refund?", "reset password", "parcel delivery days", "leave"]


@pytest.mark.parametrize("query", SAME_LANGUAGE)
def test_a_question_in_the_pages_language_is_answered_by_words_alone(
    tiny_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    root = english_root(tmp_path)
    monkeypatch.setenv("KR_EMBEDDER", "off")
    off = search(query, "help", root=root, progress=False, explain=True)
    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{tiny_model}")
    on = search(query, "help", root=root, progress=False, explain=True)
    assert on.to_dict() == off.to_dict()
    assert all(h.via == "words" for h in on.hits)


def test_a_same_language_page_nearer_by_meaning_and_words_together_comes_first(
    tiny_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked "reimbursement days", the words meet "days" alike on three pages and put the
    shipping page first; meaning and the words together put the refund page first, as sure as the
    words were of theirs, and say it was placed by meaning."""
    root = english_root(tmp_path)
    monkeypatch.setenv("KR_EMBEDDER", "off")
    off = search("reimbursement days", "help", root=root, progress=False, score_threshold=0)
    assert [h.path for h in off.hits[:3]] == ["shipping.md", "leave.md", "refunds.md"]
    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{tiny_model}")
    on = search("reimbursement days", "help", root=root, progress=False, score_threshold=0)
    first = on.hits[0]
    assert (first.path, first.via, first.score) == ("refunds.md", "meaning", off.hits[0].score)
    assert first.matched_terms == ("days",) and on.found == off.found
    assert [h.path for h in on.hits[1:3]] == ["shipping.md", "leave.md"]


def test_off_is_the_lexical_engine_on_the_sample_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the layer off no module of it is used: the sample's answers are the lexical ones."""
    import sys

    monkeypatch.setenv("KR_EMBEDDER", "off")
    for name in [m for m in sys.modules if m.startswith("knowledge_retrieval.semantic.")]:
        monkeypatch.delitem(sys.modules, name)
    r = search("What is the default of payment.retry.max_attempts?", root="KnowledgeBase")
    assert r.found and all(h.via == "words" for h in r.hits)
    assert "knowledge_retrieval.semantic.fusion" not in sys.modules
    assert "knowledge_retrieval.semantic.embedders" not in sys.modules


def test_a_chinese_question_finds_the_english_page_by_meaning(
    tiny_embedder: str, tmp_path: Path
) -> None:
    root = english_root(tmp_path)
    r = search("退款要几天", "help", root=root, progress=False, explain=True)
    first = r.hits[0]
    assert first.path == "refunds.md"
    assert first.via == "meaning"
    assert first.matched_terms == ()  # the page has none of the question's words
    assert first.spans == ()
    assert first.to_dict()["via"] == "meaning"
    assert hit_metadata(first)["via"] == "meaning"
    assert first.explain is not None
    meaning = first.explain["meaning"]
    assert meaning["line"] == COS_LINE and meaning["cosine"] > 0
    # its score is read from its cosine and the share of the question's keywords it holds in
    # either language (退款 is refund, which the page has)
    assert meaning["glossed"] == 1.0
    lead = meaning["cosine"] + GLOSS_WEIGHT * meaning["glossed"]
    assert first.score == pytest.approx(meaning_score(lead), abs=2e-3)
    assert "found by meaning" in first.why


def test_matched_terms_of_a_meaning_hit_are_words_it_holds(
    tiny_embedder: str, tmp_path: Path
) -> None:
    root = english_root(tmp_path)
    r = search("parcel 快递几天到", "help", root=root, progress=False, score_threshold=0)
    for h in r.hits:
        text = (root / "help" / h.path).read_text(encoding="utf-8").lower()
        assert all(t.lower() in text for t in h.matched_terms)


def test_a_weak_cosine_is_not_found(tiny_embedder: str, tmp_path: Path) -> None:
    root = english_root(tmp_path)
    r = search("什么是量子计算", "help", root=root, progress=False)  # nothing like it
    assert not r.found
    for h in search("什么是量子计算", "help", root=root, progress=False, score_threshold=0).hits:
        assert h.score < 0.35


def test_meaning_score_is_monotonic() -> None:
    xs = [-0.2, 0.0, COS_LINE / 2, COS_LINE, COS_LINE + 0.1, 0.9]
    ys = [meaning_score(x) for x in xs]
    assert ys == sorted(ys)
    assert meaning_score(COS_LINE) == pytest.approx(0.35)
    assert max(ys) <= 0.9


def test_words_that_meet_nothing_in_the_pages_language_rank_but_are_not_found(
    tiny_embedder: str, tmp_path: Path
) -> None:
    root = english_root(tmp_path)
    assert not search("reimbursement", "help", root=root, progress=False).found
    r = search("reimbursement", "help", root=root, progress=False, score_threshold=0, explain=True)
    first = r.hits[0]
    assert first.path == "refunds.md" and first.via == "meaning"
    assert first.score < 0.35
    assert first.explain is not None and "same_language_meaning" in first.explain["held"]


def test_kr_search_explains_a_hit_found_by_meaning(
    tiny_embedder: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from knowledge_retrieval.interfaces.cli import main

    root = english_root(tmp_path)
    assert main(["search", "退款要几天", "--kb", "help", "--root", str(root), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "refunds.md" in out and "explain: found by meaning, cosine" in out
    main(["search", "退款要几天", "--kb", "help", "--root", str(root), "--output", "json"])
    data = json.loads(capsys.readouterr().out)["data"]
    assert data["results"][0]["via"] == "meaning"
    assert data["results"][0]["matched_terms"] == []


def test_the_agent_tool_says_a_hit_was_found_by_meaning(tiny_embedder: str, tmp_path: Path) -> None:
    from knowledge_retrieval.service.agent_tool import TOOL_NAME, KnowledgeTool

    root = english_root(tmp_path)
    out = KnowledgeTool(root).call(
        TOOL_NAME, {"action": "query", "kb_id": "help", "query_text": "退款要几天"}
    )
    assert not out.is_error
    assert out.envelope["data"]["results"][0]["via"] == "meaning"
    assert "**Found by:** meaning" in out.text
    listed = KnowledgeTool(root).call(TOOL_NAME, {"action": "list"})
    assert listed.envelope["data"]["results"][0]["page_languages"] == ["en"]


def test_held_words_keep_their_order_above_what_meaning_adds(
    tiny_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every page the words find is held (the identifier exists nowhere): meaning may add pages
    # under them, never reorder them (a same-language suite keeps the words' ranking)
    root = english_root(tmp_path)
    query = "REF-9999 reimbursement parcel"  # the words find shipping, meaning refunds
    monkeypatch.setenv("KR_EMBEDDER", "off")
    off = search(query, "help", root=root, progress=False, score_threshold=0)
    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{tiny_model}")
    on = search(query, "help", root=root, progress=False, score_threshold=0)
    assert off.hits and all(h.score <= 0.28 for h in off.hits)  # held, every one
    words = [(h.path, h.score) for h in on.hits if h.via == "words"]
    assert words == [(h.path, h.score) for h in off.hits]
    assert [h.via for h in on.hits] == ["words"] * len(words) + ["meaning"] * (
        len(on.hits) - len(words)
    )
    assert "refunds.md" in [h.path for h in on.hits if h.via == "meaning"]


def _bilingual_root(tmp_path: Path) -> Path:
    """The English help pages with Chinese twins of some: a bilingual KB."""
    from tests.conftest import write

    root = english_root(tmp_path)
    write(root / "help" / "退款.md", "# 退款\n\n退款 退 款 钱 几 天\n")
    write(root / "help" / "密码.md", "# 密码\n\n密码 重置\n")
    write(root / "help" / "快递.md", "# 快递\n\n包裹 快递\n")
    return root


@pytest.mark.parametrize("query", SAME_LANGUAGE)
def test_the_words_first_page_keeps_its_place_in_a_bilingual_kb(
    tiny_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    root = _bilingual_root(tmp_path)
    monkeypatch.setenv("KR_EMBEDDER", "off")
    off = search(query, "help", root=root, progress=False, score_threshold=0)
    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{tiny_model}")
    on = search(query, "help", root=root, progress=False, score_threshold=0)
    assert on.hits[0].path == off.hits[0].path and on.hits[0].via == "words"
    assert on.found == off.found


def test_a_page_first_by_meaning_is_found_when_its_evidence_says_so(
    tiny_embedder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from knowledge_retrieval.semantic import fusion

    root = english_root(tmp_path)
    monkeypatch.setattr(fusion, "COS_LINE", 0.95)  # its cosine is far under this line
    monkeypatch.setattr(fusion, "COS_HIGH", 1.2)
    seen: list[dict[str, object]] = []
    monkeypatch.setattr(fusion, "OBSERVE", seen.append)
    monkeypatch.setattr(fusion, "FOUND_LINE", 0.0)  # the evidence always says found
    r = search("退款要几天", "help", root=root, progress=False, explain=True)
    first = r.hits[0]
    assert r.found and first.path == "refunds.md" and first.via == "meaning"
    assert first.explain is not None and first.explain["meaning"]["cosine"] < 0.95
    assert first.score == pytest.approx(0.35)
    assert first.missing_terms and first.lacks  # what it lacks, for an agent to read
    evidence = seen[-1]["evidence"]
    assert isinstance(evidence, dict) and set(fusion.FOUND_WEIGHTS) <= set(evidence)
    assert evidence["cosine"] == pytest.approx(first.explain["meaning"]["cosine"], abs=1e-4)
    monkeypatch.setattr(fusion, "FOUND_LINE", 1.01)  # ... never
    assert not search("退款要几天", "help", root=root, progress=False).found


def test_the_found_decision_weighs_the_evidence_by_the_fitted_coefficients(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from knowledge_retrieval.semantic import fusion

    ev = fusion.found_evidence(0.30, 0.20, None, 0.0, 0.25, 0.1)
    assert ev["margin"] == pytest.approx(0.10) and ev["words_rank"] == 0.0
    assert ev["over_own_language"] == pytest.approx(0.05) and ev["own_language_first"] == 0.0
    assert fusion.found_evidence(0.3, 0.2, 0, 1.0, 0.3, 0.5)["own_language_first"] == 1.0
    monkeypatch.setattr(fusion, "FOUND_WEIGHTS", {"margin": 10.0})
    monkeypatch.setattr(fusion, "FOUND_BIAS", -1.0)
    monkeypatch.setattr(fusion, "FOUND_LINE", 0.5)
    assert not fusion.found_by_meaning(fusion.found_evidence(0.3, 0.25, None, 0, 0, 0))  # z -0.5
    assert fusion.found_by_meaning(fusion.found_evidence(0.3, 0.15, None, 0, 0, 0))  # z +0.5


def test_a_page_nearer_by_meaning_takes_the_place_of_words_that_met_part_of_the_question(
    tiny_embedder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from knowledge_retrieval.semantic import fusion
    from tests.conftest import write

    root = english_root(tmp_path)
    write(root / "help" / "说明.md", "# 说明\n\n审核流程：提交之后等待。其他说明见附件。\n")
    query = "退款的审核流程"  # the words meet 审核流程 in the Chinese page; meaning, the refunds
    monkeypatch.setenv("KR_EMBEDDER", "off")
    words = search(query, "help", root=root, progress=False).hits[0]
    assert words.path == "说明.md" and 0.35 < words.score < 0.9  # sure of it, by its words
    monkeypatch.setenv("KR_EMBEDDER", tiny_embedder)
    r = search(query, "help", root=root, progress=False, score_threshold=0, explain=True)
    first = r.hits[0]
    assert (first.path, first.via) == ("refunds.md", "meaning")
    assert first.score > words.score and r.found  # as sure as the words were of theirs
    assert r.hits[1].path == "说明.md"
    # the margin the words' page holds grows with the share of the question it covers: with
    # a floor far under any coverage, the words' page keeps its place
    monkeypatch.setattr(fusion, "COVERAGE_FLOOR", -4.0)
    kept = search(query, "help", root=root, progress=False, score_threshold=0)
    assert [(h.path, h.via) for h in kept.hits[:2]] == [
        ("说明.md", "words"),
        ("refunds.md", "meaning"),
    ]
    assert kept.hits[0].score == words.score > kept.hits[1].score


def test_pages_the_words_hold_at_one_score_are_ordered_by_meaning(
    tiny_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the identifier exists nowhere, so every page the words find is held at one score: the
    # words' order of that tie says nothing, the cosine does (the question's money is a refund)
    from tests.conftest import write

    root = tmp_path / "KnowledgeBase"
    write(root / "help" / "README.md", "# Help\n\nThe help desk's English pages.\n")
    write(root / "help" / "parcels.md", "# Money policy\n\nMoney policy of parcel delivery.\n")
    write(
        root / "help" / "refunds.md",
        "# Refunds\n\nMoney policy: the money policy of a refund back.\n",
    )
    query = "REF-9999 money policy"
    monkeypatch.setenv("KR_EMBEDDER", "off")
    off = search(query, "help", root=root, progress=False, score_threshold=0)
    assert [h.path for h in off.hits] == ["parcels.md", "refunds.md"]
    assert off.hits[0].score == off.hits[1].score < 0.35  # held alike
    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{tiny_model}")
    on = search(query, "help", root=root, progress=False, score_threshold=0)
    assert [(h.path, h.via) for h in on.hits[:2]] == [
        ("refunds.md", "words"),
        ("parcels.md", "words"),
    ]
    assert on.hits[0].score == on.hits[1].score == off.hits[0].score  # reordered, not raised


def test_a_page_held_only_because_the_words_do_not_know_the_question_is_raised_by_meaning(
    tiny_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the KB knows one of the question's five keywords: every page the words find is held as
    # "outside" the KB, for the words' reason, not the page's; meaning judges that page as it
    # would one the words never found (an absent identifier's hold stays: see above)
    root = english_root(tmp_path)
    query = "money 审核 流程 附件 签字"
    monkeypatch.setenv("KR_EMBEDDER", "off")
    off = search(query, "help", root=root, progress=False, score_threshold=0, explain=True)
    assert [(h.path, h.score) for h in off.hits] == [("refunds.md", 0.28)]
    assert off.hits[0].explain is not None and off.hits[0].explain["held"] == ["outside"]
    assert not search(query, "help", root=root, progress=False).found
    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{tiny_model}")
    on = search(query, "help", root=root, progress=False, explain=True)
    first = on.hits[0]
    assert on.found and (first.path, first.via) == ("refunds.md", "meaning")
    assert first.score > 0.35 and first.matched_terms == ("money",)
    assert first.explain is not None and "held" not in first.explain
    # KB choice weighs that page by its own cosine, not by the held words' evidence
    from knowledge_retrieval.engine import KnowledgeBase, refresh_and_rank
    from knowledge_retrieval.kb.discovery import list_locations
    from knowledge_retrieval.ranking.query import analyze_query

    kb = KnowledgeBase.at(list_locations(root)[0])
    o = refresh_and_rank([kb], analyze_query(query), 15, [])["help"]
    # the words' evidence as KB choice weighs it (times how much the KB knows of the question)
    assert o.words is not None and o.words.files[0].evidence * o.words.on_topic < 0.1
    page = o.outcome.files[0]
    assert page.path == "refunds.md" and page.cosine is not None
    assert page.evidence == pytest.approx(min(page.score, meaning_score(page.cosine)))


def test_a_page_mostly_in_another_language_is_of_that_language() -> None:
    """A settings file in English with one Chinese comment is an English page to a Chinese
    question, even where that comment is its nearest section; a page half and half is not."""
    import numpy as np

    from knowledge_retrieval.semantic.fusion import _mostly

    paths = ["gate.yaml", "gate.yaml", "gate.yaml", "faq.md", "faq.md", "both.md", "both.md"]
    langs = ["en", "en", "zh", "zh", "zh", "en", "zh"]
    other = np.array([lang == "en" for lang in langs])
    own = np.array([lang == "zh" for lang in langs])
    assert _mostly(paths, other, own) == {"gate.yaml"}
    assert _mostly([], np.array([], dtype=bool), np.array([], dtype=bool)) == set()


def _indexed(root: Path) -> tuple[Any, Any, Any]:
    """The root's first KB refreshed, the layer's embedder and the KB's section vectors."""
    from knowledge_retrieval.engine import KnowledgeBase
    from knowledge_retrieval.kb.discovery import list_locations
    from knowledge_retrieval.semantic.embedders import get_embedder
    from knowledge_retrieval.semantic.vectors import section_vectors

    kb = KnowledgeBase.at(list_locations(root)[0])
    kbi = kb.index()
    kbi.refresh(kb.rules)
    embedder = get_embedder()
    assert embedder is not None
    return kbi, embedder, section_vectors(kbi, embedder)


def test_a_keyword_counts_for_a_page_that_holds_it_in_either_language(
    tiny_embedder: str, tmp_path: Path
) -> None:
    """The glossed share: a Chinese question's keywords met by an English page through the
    dictionary's translations (退款 refund, 收据 receipt), or by a page that has the words
    themselves; a page with neither has none."""
    from knowledge_retrieval.ranking.query import analyze_query
    from knowledge_retrieval.semantic.fusion import glossed_shares
    from tests.conftest import write

    root = english_root(tmp_path)
    write(root / "help" / "退款.md", "# 退款\n\n退款需要收据。\n")
    kbi, _embedder, sv = _indexed(root)
    pages = ["refunds.md", "退款.md", "leave.md"]
    got = glossed_shares(analyze_query("退款 收据"), kbi.reader(), sv, pages)
    assert got == {"refunds.md": 1.0, "退款.md": 1.0, "leave.md": 0.0}
    assert glossed_shares(analyze_query("量子"), kbi.reader(), sv, pages) == {}


def test_the_nearest_section_of_a_kb_weighs_its_glossed_share(
    tiny_embedder: str, tmp_path: Path
) -> None:
    """KB choice by meaning reads a KB's nearest page as the first place does: its cosine and a
    tenth of its glossed share (退款 收据 is met by refunds.md through the dictionary); a
    question the dictionary meets nowhere is read by its cosine alone."""
    import numpy as np

    from knowledge_retrieval.ranking.query import analyze_query
    from knowledge_retrieval.semantic import nearest
    from knowledge_retrieval.semantic.fusion import centred_query

    kbi, embedder, sv = _indexed(english_root(tmp_path))

    def cosines(text: str) -> np.ndarray:
        return sv.vectors @ centred_query(embedder, text)[0]

    cos = cosines("退款 收据")
    refunds = max(float(c) for c, p in zip(cos, sv.paths, strict=True) if p == "refunds.md")
    got = nearest(kbi, analyze_query("退款 收据"))
    assert got is not None
    assert refunds + GLOSS_WEIGHT - 1e-6 <= got <= float(cos.max()) + GLOSS_WEIGHT + 1e-6
    assert nearest(kbi, analyze_query("量子")) == pytest.approx(float(cosines("量子").max()))
