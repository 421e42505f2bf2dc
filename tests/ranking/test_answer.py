"""The answer's units and key statement: whole sentences, list items and whole table rows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from knowledge_retrieval import search
from knowledge_retrieval.ranking.answer import key_statement, units
from knowledge_retrieval.results import Hit

from ..conftest import write

ROWS = (
    "审批\n\n"
    "退款金额: ≤ 200.00 元\n审批方式: 自动通过（refund.auto_approve.max_amount_cents = 20000）\n\n"
    "退款金额: > 5000.00 元\n审批方式: 财务审批人两名，并由风控复核\n\n"
    "需要审批的退款接口返回 `202`。"
)


def _hit(content: str, matched: tuple[str, ...], heading: str = "审批") -> Hit:
    return Hit(
        kb="kb",
        path="rules/refund.md",
        title="退款规则",
        heading_path=("退款规则", heading),
        line_start=1,
        line_end=9,
        snippet_text=content,
        score=0.9,
        matched_terms=matched,
        content=content,
    )


def test_a_table_row_is_one_unit() -> None:
    # a row's field: value lines are one unit: its cells are never quoted apart
    assert units(ROWS) == [
        "审批",
        "退款金额: ≤ 200.00 元; 审批方式: 自动通过（refund.auto_approve.max_amount_cents = 20000）",
        "退款金额: > 5000.00 元; 审批方式: 财务审批人两名，并由风控复核",
        "需要审批的退款接口返回 `202`。",
    ]


def test_soft_wrapped_lines_join_and_list_items_stay_apart() -> None:
    # labelled lines of prose (Ours:, Theirs:) are no table: only blocks that start with the
    # same field as another block are rows
    text = (
        "The service sends one charge request to the payment\nchannel. A decline is never"
        " retried.\n\n- Type: integer, 1–5\n- Default: `3`\n\nkey: a.b\nrange: 1–5\n\n"
        "key: a.c\nrange: 2–6\n\nOurs: page the on-call.\nTheirs: tell the admin.\n"
    )
    assert units(text) == [
        "The service sends one charge request to the payment channel.",
        "A decline is never retried.",
        "- Type: integer, 1–5",
        "- Default: `3`",
        "key: a.b; range: 1–5",
        "key: a.c; range: 2–6",
        "Ours: page the on-call.",
        "Theirs: tell the admin.",
    ]


def test_a_wrapped_line_with_a_colon_goes_on_the_sentence_before_it() -> None:
    # "error found in QA is corrected within 5 working days:" is no field name: it continues
    # "An amount", which was quoted alone
    text = (
        "- **Findings** are sent to the lead within 10 working days. An amount\n"
        "  error found in QA is corrected within 5 working days: underpayments are paid.\n"
        "- Who may change: the team lead\n"
    )
    assert units(text) == [
        "- **Findings** are sent to the lead within 10 working days.",
        "An amount error found in QA is corrected within 5 working days: underpayments are paid.",
        "- Who may change: the team lead",
    ]


def test_the_statement_keeps_rows_apart_and_puts_the_best_first() -> None:
    got = key_statement(_hit(ROWS, ("refund", "审批", "金额")))
    assert got == (
        "退款金额: ≤ 200.00 元; 审批方式: 自动通过（refund.auto_approve.max_amount_cents = 20000）"
        " | 退款金额: > 5000.00 元; 审批方式: 财务审批人两名，并由风控复核"
        " | 需要审批的退款接口返回 `202`。"
    )


_WORD = st.text(alphabet="abcAZ1.。成本", min_size=1, max_size=6)
_LINE = st.one_of(
    st.builds(lambda n, v: f"{n}: {v}", _WORD, _WORD),  # a table cell
    st.builds(lambda w: f"- {w}", _WORD),  # a list item
    st.lists(_WORD, min_size=1, max_size=4).map(" ".join),  # prose
)
_BLOCK = st.lists(_LINE, min_size=1, max_size=4).map("\n".join)


@given(st.lists(_BLOCK, min_size=1, max_size=6).map("\n\n".join))
def test_units_keep_every_word_and_no_line_break(content: str) -> None:
    # joining lines into paragraphs and rows loses nothing and leaves no line break in a unit
    got = units(content)
    assert all(u and u == u.strip() and "\n" not in u for u in got)
    assert _chars("".join(got)) == _chars(content)


def _chars(text: str) -> Counter[str]:
    """The characters of a text but spaces and the "; " that joins a row's cells."""
    return Counter(c for c in text if not c.isspace() and c != ";")


def test_a_heading_alone_is_answered_by_the_text_under_its_subheading(tmp_path: Path) -> None:
    # an H1 with nothing under it takes the section after it; that section's heading
    # ("Definition") is no sentence of the answer
    root = tmp_path / "KnowledgeBase"
    write(root / "terms" / "README.md", "# Terms\n\nThe glossary.\n")
    write(
        root / "terms" / "idempotency.md",
        "---\ntags: [幂等]\n---\n\n# Idempotency\n\n## Definition\n\n"
        "An operation is idempotent when performing it twice has the effect of doing it once.\n\n"
        "## Why it matters\n\nRetries are safe only for idempotent operations.\n",
    )
    r = search("幂等是什么意思", "terms", root=root, score_threshold=0)
    assert r.hits[0].heading_path == ("Idempotency",)
    assert "：An operation is idempotent" in r.answer
    assert "Definition" not in r.answer
