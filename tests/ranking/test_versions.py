"""A file's version from its path or front matter, when two versions agree, and a version the
question names that the KB never does."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval import search
from knowledge_retrieval.ranking.ranker import _version_of

from ..conftest import write


@pytest.mark.parametrize(
    ("path", "version"),
    [
        ("releases/v7.5.0.md", "7.5.0"),  # read as version 7 before: 7.5.0 questions lost it
        ("docs/v2/api.md", "2"),
        ("api-v1.md", "1"),
        ("notes/vintage.md", ""),
        ("releases/release-7.5.0.md", ""),
    ],
)
def test_version_in_the_path(path: str, version: str) -> None:
    assert _version_of(path, {}) == version


def test_front_matter_version_wins() -> None:
    assert _version_of("docs/v2/api.md", {"version": "v3.1"}) == "3.1"


def test_a_version_the_kb_never_names_is_an_absent_identifier(tmp_path: Path) -> None:
    # the claims intake API is v1: a question about v3 API calls is about another API
    root = tmp_path / "KnowledgeBase"
    write(root / "claims" / "README.md", "# Claims desk\n\nThe partner intake API.\n")
    write(
        root / "claims" / "intake-api.md",
        "# Intake API v1\n\nBase path `/claims/v1`. Clients should use a timeout of 30 seconds "
        "for API calls and retry twice.\n",
    )
    r = search("what client timeout should we use for v3 api calls", "claims", root=root)
    assert not r.found
    assert "'v3' is not in 'claims': no document has this identifier (did you mean: v1?)" in r.notes
    r = search("what client timeout should we use for v1 api calls", "claims", root=root)
    assert r.found and r.hits[0].path == "intake-api.md"
