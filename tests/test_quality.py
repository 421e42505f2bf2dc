"""Quality floors on the shared dev suites (skipped where ../shared/eval is absent).

Floors sit just under what the ranking reaches on the first queries of each suite, so a change
that costs quality fails here; the full figures come from ``python -m knowledge_retrieval.eval``.
"""

from __future__ import annotations

import pytest

from knowledge_retrieval.eval import load_queries, run_suite

from .conftest import EVAL_ROOT

pytestmark = [
    pytest.mark.quality,
    pytest.mark.skipif(
        not (EVAL_ROOT / "queries").is_dir(), reason="shared evaluation data not present"
    ),
]

N = 100
FLOORS = {
    # suite: (metric, floor)
    # reached on the first 100 queries: 0.649, 0.976, 0.956, 0.673, 0.816
    # (SciFact's first 100 moved 0.659 -> 0.649 with common words weighing less, while all
    # 809 of its queries held, 0.7062 -> 0.7059: a sample's noise, not a loss)
    "scifact-train": ("nDCG@10", 0.64),
    "cmrc2018-trial": ("nDCG@10", 0.965),
    "drcd-dev": ("nDCG@10", 0.945),
    "otel-known-item": ("MRR@10", 0.66),
    "helm-known-item": ("MRR@10", 0.78),
}


@pytest.mark.timeout(600)
@pytest.mark.parametrize("suite", sorted(FLOORS))
def test_quality_floor(suite: str) -> None:
    queries = load_queries(EVAL_ROOT / "queries" / f"{suite}.jsonl", N)
    summary = run_suite(EVAL_ROOT / "KnowledgeBase", queries).summary()
    metric, floor = FLOORS[suite]
    print(suite, summary)
    assert summary[metric] >= floor, summary


@pytest.mark.timeout(600)
def test_out_of_scope_questions_are_rejected() -> None:
    queries = load_queries(EVAL_ROOT / "queries" / "scifact-train.jsonl", 50)
    m = run_suite(EVAL_ROOT / "KnowledgeBase", queries, out_of_scope_kb="helm")
    rejected = 1 - m.found / max(m.n, 1)
    print("rejected", rejected)
    assert rejected >= 0.9
