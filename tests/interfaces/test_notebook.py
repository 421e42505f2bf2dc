"""The notebook experience: rich display of results and KB lists, and examples/explore.ipynb run
top to bottom in a real Jupyter kernel of this interpreter."""

from __future__ import annotations

import html
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.display import KBList, hit_snippet_html
from knowledge_retrieval.results import Hit
from knowledge_retrieval.verdict.snippets import make_snippet

from ..conftest import REPO, SAMPLE_ROOT

NOTEBOOK = REPO / "examples" / "explore.ipynb"


def _read() -> Any:
    return nbformat.read(NOTEBOOK, as_version=4)  # type: ignore[no-untyped-call]


def _hit(text: str, spans: tuple[tuple[int, int], ...], content: str) -> Hit:
    return Hit(
        kb="k",
        path="a.md",
        title="A",
        heading_path=("A",),
        line_start=1,
        line_end=2,
        snippet_text=text,
        spans=spans,
        score=0.5,
        matched_terms=("x",),
        content=content,
    )


# --------------------------------------------------------------------------- display


def test_result_html_table_marks_matched_terms() -> None:
    r = search("ORDER_STATUS_PAID", root=SAMPLE_ROOT)
    page = r._repr_html_()
    for header in ("KB", "path", "heading path", "score", "snippet"):
        assert f">{header}</th>" in page
    best = r.hits[0]
    assert html.escape(best.path) in page
    assert f"{best.score:.2f}" in page
    assert "<mark>ORDER_STATUS_PAID</mark>" in page
    assert all(hit_snippet_html(h) in page for h in r.hits)


def test_result_html_not_found_shows_message_reason_and_notes() -> None:
    r = search("how do I bake sourdough bread", root=SAMPLE_ROOT)
    assert not r.found
    page = r._repr_html_()
    assert "No relevant documents found for the given query." in page
    assert "reason: no_match" in page
    assert "<table" not in page
    assert html.escape(r.notes[-1], quote=True) in page

    zh = search("量子计算机的原理", root=SAMPLE_ROOT)
    assert not zh.found and "本地知识库中不存在相关知识" in zh._repr_html_()


def test_result_html_escapes_the_query() -> None:
    page = search("<script>alert(1)</script>", root=SAMPLE_ROOT)._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_terminal_reprs_are_readable() -> None:
    r = search("PAY-1234", root=SAMPLE_ROOT)
    text = repr(r)
    assert text.startswith("<SearchResult 'PAY-1234': ")
    assert "payments/faq/payment-faq.md:" in text and re.search(r"\n  [01]\.\d\d  ", text)
    miss = repr(search("kubernetes pod eviction", root=SAMPLE_ROOT))
    assert "not found (no_match)" in miss and "note: " in miss
    assert repr(r.hits[0]).startswith(("<Hit 0.", "<Hit 1.00"))
    assert "<mark>" in r.hits[0]._repr_html_()


def test_list_kbs_returns_a_displayable_list() -> None:
    kbs = list_kbs(SAMPLE_ROOT)
    assert isinstance(kbs, KBList) and isinstance(kbs, list)
    assert [k.name for k in kbs] == ["glossary", "logistics", "payments", "troubleshooting"]
    text = repr(kbs)
    assert text.startswith("<KBList 4 knowledge base(s)")
    assert all(f"\n  {k.name} " in text for k in kbs)
    assert max(len(line) for line in text.splitlines()) < 120
    page = kbs._repr_html_()
    assert "<b>payments</b>" in page and "languages" in page
    assert "<b>glossary</b>" in kbs[0]._repr_html_()


def test_list_kbs_without_a_root_is_an_empty_kblist(tmp_path: Path) -> None:
    kbs = list_kbs(tmp_path / "nowhere")
    assert kbs == [] and isinstance(kbs, KBList)
    assert repr(kbs) == "<KBList: no knowledge bases found>"
    assert "No knowledge bases found" in kbs._repr_html_()


@pytest.mark.parametrize(
    ("content", "matched", "expected_html", "expected_marked"),
    [
        ("a PAY-1234 b", {"pay-1234"}, "a <mark>PAY-1234</mark> b", "a **PAY-1234** b"),
        # Markdown bold in the source is text, never taken for a match
        (
            "Jira **PAY-1234** (March)",
            {"pay-1234"},
            "Jira **<mark>PAY-1234</mark>** (March)",
            "Jira ****PAY-1234**** (March)",
        ),
        ("is **not** a 404", {"404"}, "is **not** a <mark>404</mark>", "is **not** a **404**"),
        ("x " * 250 + "key <b> y", {"key"}, "x <mark>key</mark> &lt;b&gt; y", "x **key** <b> y"),
    ],
)
def test_snippet_views_render_the_same_spans(
    content: str, matched: set[str], expected_html: str, expected_marked: str
) -> None:
    snip = make_snippet(content, matched)
    h = _hit(snip.text, snip.spans, content)
    assert hit_snippet_html(h).endswith(expected_html)
    assert h.snippet_text.startswith("…") == (len(content) > 420)
    assert h.snippet.endswith(expected_marked)
    assert [h.snippet_text[a:b] for a, b in h.spans] == [
        t for t in ("PAY-1234", "404", "key") if t in content
    ]


def test_hit_snippet_spans_are_offsets_into_the_snippet_text() -> None:
    r = search("ORDER_STATUS_PAID", root=SAMPLE_ROOT)
    for h in r.hits:
        assert h.spans, h
        for a, b in h.spans:
            assert 0 <= a < b <= len(h.snippet_text)
        d = h.to_dict()
        assert d["snippet"] == h.snippet and d["spans"] == [list(sp) for sp in h.spans]
    assert hash(r) == hash(r)  # results are hashable


# --------------------------------------------------------------------------- the notebook


def test_notebook_is_stored_clean() -> None:
    """No outputs, no execution counts, no machine paths: the test run produces them."""
    nb = _read()
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.id
    raw = NOTEBOOK.read_text(encoding="utf-8")
    for machine in (str(REPO), str(Path.home()), "/home/", "C:\\\\"):
        assert machine not in raw


def _kernel_manager_class(prefix: Path) -> type[Any]:
    """A kernel manager whose ``python3`` spec runs this interpreter, not whatever is on PATH."""
    from ipykernel.kernelspec import install
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    install(kernel_name="python3", prefix=str(prefix))
    kernel_dirs = [str(prefix / "share" / "jupyter" / "kernels")]
    assert KernelSpecManager(kernel_dirs=kernel_dirs).get_kernel_spec("python3").argv[0] == (
        sys.executable
    )

    class ThisInterpreter(AsyncKernelManager):
        def _kernel_spec_manager_default(self) -> KernelSpecManager:
            return KernelSpecManager(kernel_dirs=kernel_dirs)

    return ThisInterpreter


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> Any:
    pytest.importorskip("ipykernel")
    from nbclient import NotebookClient

    tmp = tmp_path_factory.mktemp("notebook")
    env = dict(os.environ)
    env.update(
        {
            "KR_INDEX_DIR": str(tmp / "indexes"),  # never the user's cache
            "MPLBACKEND": "module://matplotlib_inline.backend_inline",
            "PYTHONWARNINGS": "default",  # the kernel shows every warning; the test fails on any
        }
    )
    env.pop("KNOWLEDGE_BASE_ROOT", None)
    nb = _read()
    client = NotebookClient(
        nb,
        kernel_name="python3",
        kernel_manager_class=_kernel_manager_class(tmp / "jupyter"),
        timeout=120,
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute(env=env)
    assert any((tmp / "indexes").iterdir()), "the kernel did not use KR_INDEX_DIR"
    return nb


def _cell(nb: nbformat.NotebookNode, tag: str) -> Any:
    return next(c for c in nb.cells if tag in c.metadata.get("tags", []))


def _text(cell: nbformat.NotebookNode, mime: str = "text/plain") -> str:
    out = []
    for o in cell.outputs:
        if o.output_type == "stream":
            out.append(o.text if mime == "text/plain" else "")
        elif o.output_type in ("execute_result", "display_data"):
            out.append(o.data.get(mime, ""))
    return "".join(out)


def test_notebook_runs_without_errors_or_warnings(executed: nbformat.NotebookNode) -> None:
    for cell in executed.cells:
        if cell.cell_type != "code":
            continue
        for o in cell.outputs:
            assert o.output_type != "error", f"{cell.id}: {o.get('ename')}: {o.get('evalue')}"
            if o.output_type == "stream":
                assert o.name == "stdout", f"{cell.id} wrote to stderr: {o.text}"


def test_notebook_outputs(executed: nbformat.NotebookNode) -> None:
    assert "root: ../KnowledgeBase" in _text(_cell(executed, "setup"))
    kbs_html = _text(_cell(executed, "list-kbs"), "text/html")
    assert "<b>payments</b>" in kbs_html and "<b>logistics</b>" in kbs_html
    assert "payments" in _text(_cell(executed, "list-kbs"))
    fields = _text(_cell(executed, "search-auto-fields"))
    assert "found: True | kb: payments" in fields
    assert "reference/payment-config.md" in fields
    assert "<mark>" in _text(_cell(executed, "search-auto"), "text/html")
    assert "payments" in _text(_cell(executed, "search-kb"), "text/html")
    assert "glossary" in _text(_cell(executed, "search-kbs"), "text/html")
    assert "order-status.md" in _text(_cell(executed, "search-zh"), "text/html")
    assert "本地知识库" in _text(_cell(executed, "answer-zh"))
    missing = _text(_cell(executed, "not-found"))
    assert "False no_match" in missing
    assert "No relevant documents found for the given query." in missing
    more = _text(_cell(executed, "not-found-more"))
    assert "本地知识库中不存在相关知识" in more and "did you mean: payments?" in more
    section = _text(_cell(executed, "read-section"))
    assert "payment.retry.max_attempts" in section
    assert json.loads(_text(_cell(executed, "to-dict")))["kb"] == "payments"
    plot = _cell(executed, "plot")
    assert any("image/png" in o.get("data", {}) for o in plot.outputs)
    assert "at or above 0.35" in _text(plot)
