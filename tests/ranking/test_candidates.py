"""Sections grouped by file: keyword coverage per section and per file, best sections, and the
``field: value`` rows that name one keyword and hold another."""

from __future__ import annotations

import numpy as np

from knowledge_retrieval.ranking.candidates import Candidates, field_value_match
from knowledge_retrieval.ranking.query import analyze_query


def _cands(query: str, hits: dict[str, list[int]], paths: list[str]) -> Candidates:
    q = analyze_query(query)
    n = len(paths)
    acc = {t: np.zeros(n) for t in hits}
    for t, docs in hits.items():
        acc[t][docs] = 1.0
    title = {t: np.zeros(n, dtype=bool) for t in hits}
    docs = np.arange(n)
    return Candidates(
        lambda d: paths[d],
        docs,
        np.linspace(1.0, 0.5, n),
        list(hits),
        acc,
        title,
        list(q.keywords),
        {},
    )


def test_coverage_per_section_and_per_file() -> None:
    # a.md has alpha in one section and beta in another; b.md has both in one section
    c = _cands("alpha beta", {"alpha": [0, 2], "beta": [1, 2]}, ["a.md", "a.md", "b.md"])
    assert c.file_paths == ["a.md", "b.md"]
    assert c.sec_cov.tolist() == [[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]]
    assert c.file_cov.tolist() == [[1.0, 1.0], [1.0, 1.0]]
    assert c.file_sections.tolist() == [2, 1]


def test_an_identifier_found_by_its_parts_gets_part_credit() -> None:
    c = _cands("ORDER_STATUS_PAID", {"order": [0], "status": [0], "paid": [0]}, ["a.md"])
    assert c.file_cov[0, 0] == 0.6  # the whole never found: 60% of the credit
    c = _cands("ORDER_STATUS_PAID", {"order_status_paid": [0]}, ["a.md"])
    assert c.file_cov[0, 0] == 1.0


def test_best_sections_pick_the_highest_key_of_each_file() -> None:
    c = _cands("alpha", {"alpha": [0, 1, 2]}, ["a.md", "a.md", "b.md"])
    best = c.best_sections(np.array([0.2, 0.7, 0.4]))
    assert best.tolist() == [1, 2]


def test_field_value_rows() -> None:
    kws = list(analyze_query("状态码 20").keywords)
    assert field_value_match("状态码: 20\n枚举值: ORDER_STATUS_PAID", kws)
    assert not field_value_match("状态码: 30\n说明: 20 分钟后关闭", kws)
    # the keyword must name the field, not sit somewhere in a long field name
    kws = list(analyze_query("timeout 30").keywords)
    assert not field_value_match("the retry policy for requests that hit a timeout: 30", kws)
