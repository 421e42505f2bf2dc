"""Every step a page goes through, timed on page-sized adversarial text under a budget: the
parser, the value checks, the answer and the snippet, and then a whole search on a real KB of
such pages (with a 2 MB table and a page 1,100 folders deep). A step that is quadratic in its
input takes seconds to minutes there (a "how long" question on a 20 KB list of numbers took
17.7 s, the answer on an 800 KB table 6.6 s); a linear one milliseconds. The regexes
themselves are swept one by one in tests/kb/test_regex_time.py over these pages too."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from knowledge_retrieval import index_kb, search
from knowledge_retrieval.kb.parsing import parse_document
from knowledge_retrieval.lang.grammar import KINDS
from knowledge_retrieval.results import Hit
from knowledge_retrieval.text.asked import asked_kind, holds_kind
from knowledge_retrieval.verdict import answer
from knowledge_retrieval.verdict.snippets import make_snippet

from .conftest import write
from .kb.test_regex_time import PAGES, timed

STEP_BUDGET, STEP_STOP = 2.0, 20.0
"""CPU seconds one step may take on one page (milliseconds when linear), and the seconds after
which it is stopped."""
SEARCH_BUDGET, SEARCH_STOP = 5.0, 60.0
"""CPU seconds one search may take on a KB of such pages and a 2 MB table (its index built;
about 1.2 s for a question the whole table answers), and when it is stopped."""


def cpu_timed(call: Callable[[], object], stop: float) -> float:
    """The CPU seconds the call took (``stop`` when it was stopped after ``stop`` seconds): a
    budget in CPU time holds on a machine whose cores are shared."""
    t0 = time.process_time()
    if timed(call, stop) >= stop:
        return stop
    return time.process_time() - t0


def _hit(text: str) -> Hit:
    return Hit(
        kb="kb",
        path="page.md",
        title=text,
        heading_path=(),
        line_start=1,
        line_end=2,
        snippet_text="",
        score=0.9,
        matched_terms=("retention", "1000", "value"),
        content=text,
    )


@pytest.mark.parametrize("page", PAGES.values(), ids=list(PAGES))
def test_every_step_on_a_page_sized_text(page: str) -> None:
    steps = {
        "parse": lambda: parse_document("page.md", f"# Retention\n\n{page}\n"),
        "asked_kind": lambda: asked_kind(page[:4000]),
        "holds_kind": lambda: [holds_kind(kind, page) for kind in KINDS],
        "snippet": lambda: make_snippet(page, {"retention", "1000", "value"}),
        "answer": lambda: [answer.key_statement(_hit(page), 3, kind) for kind in (None, *KINDS)],
        "compose": lambda: answer.compose_answer("en", [_hit(page)] * 3, [], "duration"),
    }
    for name, step in steps.items():
        took = cpu_timed(step, STEP_STOP)
        assert took < STEP_BUDGET, f"{name} took {took:.2f} s"


def _table(size: int) -> str:
    rows = ["| Code | Meaning | Retry |", "|---|---|---|"]
    i = 0
    while sum(len(r) + 1 for r in rows) < size:
        rows.append(
            f"| E{10000 + i} | the gateway refused order {i} | {'yes' if i % 2 else 'no'} |"
        )
        i += 1
    return "# Gateway error codes\n\nEvery code the gateway returns.\n\n" + "\n".join(rows) + "\n"


QUESTIONS = (
    "how long is the audit log retention",
    "审计日志保留多久",
    "how often is the audit log rotated",
    "what range of retention values is allowed",
    "when was the retention changed",
    "how many retention days",
    "what does gateway error code E12345 mean",
    "which gateway codes can be retried",
)


@pytest.mark.timeout(600)  # a 2 MB table is indexed first (about 20 s of CPU)
def test_a_search_on_adversarial_pages_stays_fast(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# KB\n\nAudit log retention and gateway error codes.\n")
    for i, page in enumerate(PAGES.values()):
        body = f"# Audit log retention {i}\n\nThe audit log retention (审计日志保留):\n\n{page}\n"
        write(root / "kb" / f"page{i}.md", body)
    write(root / "kb" / "codes.md", _table(2_000_000))
    folders = [root / "kb"]  # and a page 1,100 folders deep (the walk recursed)
    for _ in range(1_100):
        folders.append(folders[-1] / "n")
        folders[-1].mkdir()
    deep = write(folders[-1] / "deep.md", "# Audit log retention\n\nKept 90 days.\n")
    try:
        index_kb("kb", root=root)
        for question in QUESTIONS:
            for kb in ("kb", None):
                took = cpu_timed(lambda q=question, k=kb: search(q, kb=k, root=root), SEARCH_STOP)
                assert took < SEARCH_BUDGET, f"{question!r} (kb={kb}) took {took:.2f} s"
    finally:  # deepest first: pytest's clean-up of its temporary folders recurses
        deep.unlink()
        for folder in reversed(folders[1:]):
            folder.rmdir()
