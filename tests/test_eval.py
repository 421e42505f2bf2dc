"""The evaluation command's figures, on a real index: found, and found with nothing relevant."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval.eval import run_suite

from .conftest import write


def test_a_found_answer_with_no_relevant_hit_is_counted(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "ops" / "README.md", "# Ops\n\nRunbooks and error codes.\n")
    write(root / "ops" / "errors.md", "# Error codes\n\nOPS-401: the token expired; log in.\n")
    write(root / "ops" / "deploy.md", "# Deploys\n\nDeploys run at 10:00 UTC on weekdays.\n")
    queries = [
        {"kb": "ops", "query": "OPS-401", "relevant": {"errors.md": 1}},
        {"kb": "ops", "query": "OPS-401", "relevant": {"deploy.md": 1}},  # labelled wrongly
    ]
    s = run_suite(root, queries).summary()
    assert (s["found_rate"], s["found_no_relevant"]) == (1.0, 0.5)
