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


def test_a_known_word_beside_a_code_is_read_in_the_other_language_of_its_row(
    tmp_path: Path,
) -> None:
    # the KB has "block" and "jobs" in English (job states), but DQ-302's row says 阻断下游:
    # the row with the code and the translated words ranks over a page with the words alone
    root = tmp_path / "KnowledgeBase"
    write(root / "data" / "README.md", "# Data platform\n\nJobs, tables and data checks.\n")
    write(
        root / "data" / "dq-checks.csv",
        "code,name,description,severity,action\n"
        "DQ-301,null_rate,空值率超过阈值,P2,告警\n"
        "DQ-302,pk_duplicate,主键出现重复值,P1,阻断下游\n",
    )
    write(
        root / "data" / "job-status.md",
        "# Job status\n\n- BLOCKED: the job waits until the jobs before it are done.\n"
        "- DONE: finished.\n",
    )
    for name, text in [
        ("tables.md", "# Tables\n\nThe orders table is loaded by nightly jobs.\n"),
        ("oncall.md", "# On-call\n\nThe on-call engineer reruns failed jobs.\n"),
        ("backfill.md", "# Backfill\n\nA backfill reruns the jobs of past days.\n"),
    ]:
        write(root / "data" / name, text)
    r = search("does DQ-302 block downstream jobs", "data", root=root)
    assert r.found and r.hits[0].path == "dq-checks.csv", r.notes
    assert {"DQ-302", "block", "downstream"} <= set(r.hits[0].matched_terms)
    note = next(n for n in r.notes if n.startswith("read in the words of 'data'"))
    assert "block → 阻断" in note and "downstream → 下游" in note
    # a camelCase name is no code: beside it, the KB's words are read as they are
    r = search("JobRunner block downstream jobs", "data", root=root, score_threshold=0)
    assert not any(n.startswith("read in the words of") for n in r.notes)


def test_a_translation_no_hit_needed_is_not_reported(tmp_path: Path) -> None:
    # "jobs" is read as 工作 too beside PAY-1234, but every file with 工作 says "jobs" as
    # well: no hit was found through the translation, so no note says it was
    root = tmp_path / "KnowledgeBase"
    write(root / "pay" / "README.md", "# Payments\n\nPayment jobs and codes.\n")
    write(root / "pay" / "codes.md", "# Codes\n\nPAY-1234: the payment jobs are retried 3 times.\n")
    write(root / "pay" / "mixed.md", "# 说明\n\n工作日的 jobs 在夜间运行。\n")
    r = search("PAY-1234 jobs", "pay", root=root)
    assert r.found and r.hits[0].path == "codes.md"
    assert not any(n.startswith("read in the words of") for n in r.notes), r.notes
