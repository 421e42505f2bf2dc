"""The LangChain retriever, through the real ``langchain_core`` Runnable interface."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

pytest.importorskip("langchain_core", reason="the [langchain] extra is not installed")

from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import RunnableLambda
from pydantic import ValidationError

from knowledge_retrieval import remember
from knowledge_retrieval.errors import AccessDeniedError, KBNotFoundError, RootNotFoundError
from knowledge_retrieval.integrations.langchain import KnowledgeBaseRetriever
from knowledge_retrieval.team.workflow import ACCESS_DISABLED

SAMPLE = Path(__file__).resolve().parents[2] / "KnowledgeBase"


def test_invoke_returns_documents_with_their_place_and_score() -> None:
    retriever = KnowledgeBaseRetriever(root=SAMPLE, kb="payments", top_k=3)
    assert isinstance(retriever, BaseRetriever)
    docs = retriever.invoke("ORDER_STATUS_PAID")
    assert 1 <= len(docs) <= 3 and all(isinstance(d, Document) for d in docs)
    top = docs[0]
    meta = top.metadata
    assert meta["kb"] == "payments" and meta["path"] == "reference/order-status.md"
    assert meta["heading_path"] == ["订单状态码", "状态码一览"]
    assert 1 <= meta["line_start"] <= meta["line_end"]
    assert (
        meta["source"]
        == f"payments/reference/order-status.md:{meta['line_start']}-{meta['line_end']}"
    )
    assert top.id == meta["source"]
    assert "枚举值: ORDER_STATUS_PAID" in top.page_content  # a table row as field: value
    scores = [d.metadata["score"] for d in docs]
    assert scores == sorted(scores, reverse=True) and all(0.35 <= s <= 1 for s in scores)


def test_several_kbs_choice_threshold_and_async() -> None:
    both = KnowledgeBaseRetriever(root=str(SAMPLE), kb=["payments", "glossary"], top_k=10)
    assert {d.metadata["kb"] for d in both.invoke("超卖 库存")} <= {"payments", "glossary"}
    chosen = KnowledgeBaseRetriever(root=SAMPLE)
    assert chosen.invoke("What does INV_LOCK_TIMEOUT mean?")[0].metadata["kb"] == "troubleshooting"
    strict = KnowledgeBaseRetriever(root=SAMPLE, kb="payments", score_threshold=1.0)
    assert strict.invoke("ORDER_STATUS_PAID") == []
    docs = anyio.run(
        KnowledgeBaseRetriever(root=SAMPLE, kb="payments").ainvoke, "ORDER_STATUS_PAID"
    )
    assert docs[0].metadata["path"] == "reference/order-status.md"


def test_in_a_chain() -> None:
    retriever = KnowledgeBaseRetriever(root=SAMPLE, kb="payments", top_k=2)
    cite = RunnableLambda(lambda docs: [d.metadata["source"] for d in docs])
    sources = (retriever | cite).invoke("ORDER_STATUS_PAID")
    assert sources[0].startswith("payments/reference/order-status.md:")


def test_team_workflow(sample_root: Path) -> None:
    remember(
        "SHIP_STATUS_EXCEPTION on island routes clears within a day.",
        project_id="logistics-core",
        root=sample_root,
    )
    team = KnowledgeBaseRetriever(root=sample_root, component="logistics")
    assert team.invoke("SHIP_STATUS_EXCEPTION island")[0].metadata["kb"] == ".memory/logistics-core"
    with pytest.raises(AccessDeniedError) as exc:
        KnowledgeBaseRetriever(root=sample_root, component="risk").invoke("ORDER_STATUS_PAID")
    assert str(exc.value).startswith(ACCESS_DISABLED)


def test_bad_arguments() -> None:
    with pytest.raises(ValidationError):
        KnowledgeBaseRetriever(root=SAMPLE, top_k=0)
    with pytest.raises(ValidationError):
        KnowledgeBaseRetriever(root=SAMPLE, score_threshold=1.5)
    with pytest.raises(KBNotFoundError, match="paymnts"):
        KnowledgeBaseRetriever(root=SAMPLE, kb="paymnts").invoke("x")


def test_a_wrong_or_empty_root_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    with pytest.raises(RootNotFoundError) as exc:
        KnowledgeBaseRetriever(root=missing, kb="payments").invoke("ORDER_STATUS_PAID")
    assert str(exc.value) == (
        f"KnowledgeBaseRetriever: no KnowledgeBase folder found in '{missing}' (pass root= the "
        "KnowledgeBase folder (one sub-folder with a README.md per knowledge base) or one "
        "knowledge base's folder, or set KNOWLEDGE_BASE_ROOT)"
    )
    with pytest.raises(RootNotFoundError, match=r"^KnowledgeBaseRetriever: no knowledge base"):
        KnowledgeBaseRetriever(root=tmp_path).invoke("ORDER_STATUS_PAID")  # empty folder
    with pytest.raises(RootNotFoundError, match="no KnowledgeBase folder found"):
        KnowledgeBaseRetriever(root=missing, component="payments").invoke("x")
