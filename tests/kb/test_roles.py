"""Tests for knowledge_retrieval.kb.roles: the substring pre-check never changes a file's role."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_retrieval.kb import roles
from knowledge_retrieval.kb.roles import file_role
from knowledge_retrieval.models import Document
from knowledge_retrieval.text.analysis import to_simplified

# pieces every pattern's alternatives are made of, and near misses of them
FRAGMENTS = [
    "faq", "FAQ", "faqs", "glossary", "Glossaries", "term", "terms", "terminology", "termite",
    "abbreviations", "api", "API", "apis", "openapi", "OpenAPI", "endpoint", "swagger", "config",
    "reconfig", "settings", "configuration", "status", "enum", "Enums", "code", "rule", "rules",
    "ruler", "policy", "policies", "architecture", "design", "troubleshooting", "error", "incident",
    ".csv", "data.csv", ".csvx", "index.md", "_index.mdx", "/index.markdown", "summary.md",
    "readme.md", "README.MD", "toc.md", "x-index.md", "indexes", "guide", "manual", "tutorial",
    "how-to", "howto", "How-To", "how to", "常见问题", "術語", "接口", "配置", "状态", "规则",
    "设计", "故障", "目录", "手册", "K", "ſ", "/", "-", "_", ".", " ", "a", "z", "9",
]  # fmt: skip


def _reference(doc: Document) -> str:
    """file_role as the plain loop over the patterns (before the substring pre-check), Chinese
    matched in Simplified."""
    for key in ("role", "type", "doc_type", "category"):
        v = doc.metadata.get(key)
        if isinstance(v, str) and v.strip():
            return v.strip()
    hay = to_simplified(" ".join([doc.path, doc.title, *doc.tags]))
    for role, pat in roles._ROLES:
        if pat.search(hay):
            return role
    return "document"


def _doc(path: str, title: str, tags: tuple[str, ...] = ()) -> Document:
    return Document(path=path, title=title, tags=tags)


def test_needles_line_up_with_the_patterns() -> None:
    assert len(roles._NEEDLES) == len(roles._ASCII_ROLES)
    assert all(n == n.lower() and n.isascii() for ns in roles._NEEDLES for n in ns)


@pytest.mark.parametrize("text", FRAGMENTS)
def test_each_fragment_keeps_its_role(text: str) -> None:
    for doc in (_doc(f"docs/{text}", "A page"), _doc("a.md", text), _doc("a.md", "t", (text,))):
        assert file_role(doc) == _reference(doc)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(FRAGMENTS), max_size=6),
    st.lists(st.sampled_from(FRAGMENTS), max_size=6),
    st.lists(st.text(max_size=8), max_size=2),
)
def test_role_is_the_plain_loops(path: list[str], title: list[str], tags: list[str]) -> None:
    doc = _doc("".join(path) + ".md", "".join(title), tuple(tags))
    assert file_role(doc) == _reference(doc)
