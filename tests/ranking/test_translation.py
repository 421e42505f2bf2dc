"""A question in one language about an identifier a KB documents in the other (real indexes,
through the public API)."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval import search

from ..conftest import write


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "apps" / "README.md", "# Apps\n\nMobile app release notes and headers.\n")
    write(
        root / "apps" / "headers.md",
        "# Request headers\n\n## X-App-Build\n\nThe build number. Format: YYMMDDNN, "
        "for example 24071502.\n\n## X-App-Channel\n\nThe store the app came from.\n",
    )
    write(
        root / "apps" / "rollout.md",
        "# Staged rollout\n\nA release goes to 1%, 10% and 50% of users before all of them.\n",
    )
    return root


def test_a_word_beside_an_identifier_is_read_in_the_kbs_language(root: Path) -> None:
    r = search("X-App-Build 格式", "apps", root=root)
    assert r.found and r.hits[0].path == "headers.md", r.notes
    assert r.hits[0].heading_path[-1] == "X-App-Build"
    assert "read in the words of 'apps': 格式 → Format" in r.notes


def test_words_alone_are_not_translated(root: Path) -> None:
    # without an identifier the KB has, a question in the other language is not read in its
    # words (translated words alone match too much of a large KB)
    r = search("构建号格式", "apps", root=root)
    assert not r.found
    assert not any(n.startswith("read in the words of") for n in r.notes)


def test_an_absent_identifier_stays_not_found(root: Path) -> None:
    r = search("X-App-Build-Number 格式", "apps", root=root)
    assert not r.found
    assert any("'X-App-Build-Number' is not in 'apps'" in n for n in r.notes)


def test_chinese_words_the_kb_never_uses_gloss_an_identifier_it_has(tmp_path: Path) -> None:
    # 最低消費 is in no sentence of the KB: beside PROMO_HOLIDAY20, whose row the KB has, it
    # asks about that row, not about something else (no rule holds the row under the line);
    # English words the KB never uses beside it are another topic
    root = tmp_path / "KnowledgeBase"
    write(root / "store" / "README.md", "# Store\n\nPromo codes of the store.\n")
    write(
        root / "store" / "promo-codes.md",
        "# Promo codes\n\n| code | offer | minimum spend |\n| --- | --- | --- |\n"
        "| PROMO_HOLIDAY20 | 20% off | $100 |\n| PROMO_WELCOME5 | $5 off | $25 |\n",
    )
    r = search("PROMO_HOLIDAY20 有最低消費嗎", "store", root=root, explain=True, score_threshold=0)
    assert "PROMO_HOLIDAY20" in r.hits[0].content
    assert "held" not in r.hits[0].explain
    # English words the KB never uses beside the code: nothing holds the page that has the
    # code (its subject is there); the model weighs it, and the hit says what it lacks
    r = search(
        "PROMO_HOLIDAY20 lottery ticket eligibility",
        "store",
        root=root,
        explain=True,
        score_threshold=0,
    )
    assert "held" not in r.hits[0].explain
    assert {"lottery", "ticket", "eligibility"} <= set(r.hits[0].missing_terms)
    # the KB knows one common word of the question and nothing of its subject: held
    r = search("lottery ticket eligibility of the offer", "store", root=root, explain=True)
    assert not r.found
    r = search(
        "lottery ticket eligibility of the offer",
        "store",
        root=root,
        explain=True,
        score_threshold=0,
    )
    assert r.hits[0].explain["held"] == ["outside"]
