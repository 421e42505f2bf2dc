"""The languages of a KB's pages: listed for agents, and the hint of a question in another."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.index.languages import page_languages
from knowledge_retrieval.index.store import get_index
from knowledge_retrieval.service.envelope import kb_list_envelope
from knowledge_retrieval.text.script import query_lang
from tests.conftest import write


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "policy" / "README.md", "# 人事制度\n\n公司的休假和报销制度。\n")
    write(root / "policy" / "leave.md", "# 育嬰假\n\n員工可申請育嬰假，最長兩年。\n")
    write(root / "policy" / "expenses.md", "# 报销\n\n差旅费用在出差结束后 30 天内报销。\n")
    write(root / "runbook" / "README.md", "# Runbooks\n\nHow the platform team runs jobs.\n")
    write(root / "runbook" / "jobs.md", "# Stuck jobs\n\nA training job that hangs is restarted.\n")
    return root


def test_page_languages(tmp_path: Path) -> None:
    root = _root(tmp_path)
    search("报销", "policy", root=root, progress=False)
    kbi = get_index("policy", root / "policy")
    assert page_languages(kbi) == ("zh",)


def test_list_gives_the_pages_languages(tmp_path: Path) -> None:
    root = _root(tmp_path)
    kbs = {k.name: k for k in list_kbs(root, refresh=True)}
    assert kbs["policy"].page_languages == ("zh",)
    assert kbs["runbook"].page_languages == ("en",)
    assert kbs["runbook"].to_dict()["page_languages"] == ["en"]
    rows = kb_list_envelope(list(kbs.values()))["data"]["results"]
    assert {r["kb_id"]: r["page_languages"] for r in rows} == {"policy": ["zh"], "runbook": ["en"]}
    # a KB never indexed is not indexed by a plain listing
    fresh = _root(tmp_path / "other")
    assert all(k.page_languages == () for k in list_kbs(fresh))


def test_a_question_in_another_language_is_told_to_ask_in_the_pages(tmp_path: Path) -> None:
    root = _root(tmp_path)
    r = search("训练任务一直卡着不动", "runbook", root=root, progress=False)
    assert not r.found
    assert any(
        "'runbook' is written in English and the question in Chinese: ask again in English" in n
        for n in r.notes
    )
    same = search("quantum computing", "runbook", root=root, progress=False)
    assert not same.found
    assert not any("ask again in" in n for n in same.notes)


def test_query_language() -> None:
    assert query_lang("ORDER_STATUS_PAID 是什么") == "zh"
    assert query_lang("how long is parental leave") == "en"
    assert query_lang("404") == ""
