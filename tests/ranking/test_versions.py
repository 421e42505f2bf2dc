"""A file's version from its path or front matter, and when two versions agree."""

from __future__ import annotations

import pytest

from knowledge_retrieval.ranking.ranker import _version_of


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
