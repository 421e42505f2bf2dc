"""The exact message, hint and code of each error the public API raises (sqlite-utils style)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import knowledge_retrieval
from knowledge_retrieval import (
    AccessDeniedError,
    ConfigError,
    KBNotFoundError,
    KnowledgeRetrievalError,
    RootNotFoundError,
    errors,
    index_kb,
    retrieve,
    search,
)
from knowledge_retrieval.service.agent_tool import KnowledgeTool

from .conftest import REPO, SAMPLE_ROOT, write

NOWHERE = "/nonexistent/KnowledgeBase"
NO_ROOT = (
    "no_root",
    f"no KnowledgeBase folder found in '{NOWHERE}'",
    "pass --root (root=...) or set KNOWLEDGE_BASE_ROOT to the KnowledgeBase folder",
)

CASES: list[tuple[str, Callable[[], object], tuple[str, str, str]]] = [
    (
        "query not text",
        lambda: search(123, root=SAMPLE_ROOT),  # type: ignore[arg-type]
        (
            "invalid_argument",
            "query must be a string, not int",
            "pass the question as text, e.g. search('ORDER_STATUS_PAID')",
        ),
    ),
    (
        "blank query",
        lambda: search("  ", root=SAMPLE_ROOT),
        ("invalid_argument", "empty query", "ask a question or give a keyword"),
    ),
    (
        "top_k 0",
        lambda: search("x", top_k=0, root=SAMPLE_ROOT),
        ("invalid_argument", "top_k must be an integer from 1 to 100, not 0", "the default is 5"),
    ),
    (
        "threshold 2",
        lambda: search("x", score_threshold=2, root=SAMPLE_ROOT),
        (
            "invalid_argument",
            "score_threshold must be a number from 0 to 1, not 2",
            "the default 0.35 separates answers from noise; 0 returns every match",
        ),
    ),
    (
        "empty kb list",
        lambda: search("x", kb=[], root=SAMPLE_ROOT),
        (
            "invalid_argument",
            "empty list of knowledge bases",
            "pass None to let the library choose",
        ),
    ),
    (
        "kb not a name",
        lambda: search("x", kb=5, root=SAMPLE_ROOT),  # type: ignore[arg-type]
        (
            "invalid_argument",
            "kb must be a name, a list of names or None, not 5",
            "e.g. kb='payments' or kb=['payments', 'glossary']",
        ),
    ),
    (
        "kb leaves the root",
        lambda: search("x", kb="../secrets", root=SAMPLE_ROOT),
        (
            "unsafe_path",
            "knowledge base name '../secrets' is not allowed ('..' would leave the root)",
            "use a plain name relative to the KnowledgeBase root",
        ),
    ),
    (
        "unknown KB",
        lambda: index_kb("paymnts", root=SAMPLE_ROOT),
        (
            "kb_not_found",
            "knowledge base 'paymnts' does not exist under the root (did you mean: payments?)",
            "run `kr list` to see the knowledge bases under the root",
        ),
    ),
    ("index_kb without a root", lambda: index_kb("x", root=NOWHERE), NO_ROOT),
    ("retrieve without a root", lambda: retrieve("x", root=NOWHERE), NO_ROOT),
]


@pytest.mark.parametrize(("what", "call", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_code_message_and_hint(
    what: str, call: Callable[[], object], expected: tuple[str, str, str]
) -> None:
    with pytest.raises(KnowledgeRetrievalError) as info:
        call()
    e = info.value
    assert (e.code, e.message, e.hint) == expected
    d = e.to_dict()
    d.pop("suggestions", None)
    assert d == {"code": expected[0], "message": expected[1], "hint": expected[2]}
    assert str(e) == f"{expected[1]} ({expected[2]})"


def test_a_missing_root_is_a_result_for_search_and_an_empty_list_for_list_kbs() -> None:
    from knowledge_retrieval import list_kbs

    r = search("x", root=NOWHERE)
    assert (r.found, r.reason, r.message) == (
        False,
        "no_root",
        "No relevant documents found for the given query.",
    )
    assert list_kbs(NOWHERE) == []
    assert issubclass(RootNotFoundError, ConfigError)


def test_access_denied_is_not_an_os_error(tmp_path: Path) -> None:
    """An ``except OSError`` around a tool call must not swallow a denial."""
    assert not issubclass(AccessDeniedError, OSError)
    root = tmp_path / "KnowledgeBase"
    write(root / "a" / "README.md", "# A\n\nOrders.\n")
    write(root / "b" / "README.md", "# B\n\nRefunds.\n")
    write(root / "teams.yaml", "default_kb: a\nteams:\n  t:\n    kb_ids: [a]\n")
    tool = KnowledgeTool(root=root, component="t")
    with pytest.raises(AccessDeniedError) as info:
        try:
            tool.read({"kb_id": "b", "path": "README.md"})
        except OSError:  # pragma: no cover - the bug this test pins
            pytest.fail("AccessDeniedError was caught as an OSError")
    assert info.value.code == "access_denied"
    assert info.value.message == "knowledge base 'b' is not available to component t"
    assert info.value.hint == "read from a"


def test_kb_not_found_carries_its_suggestions() -> None:
    with pytest.raises(KBNotFoundError) as info:
        index_kb("paymnts", root=SAMPLE_ROOT)
    assert info.value.suggestions == ["payments"]
    assert info.value.to_dict()["suggestions"] == ["payments"]


def test_all_is_exactly_the_public_names_the_package_defines() -> None:
    # a fresh interpreter: what `import knowledge_retrieval` defines, before any lazy name is
    # loaded, plus the lazily imported ones; modules and the __future__ import are no API
    code = (
        "import __future__, inspect, json, knowledge_retrieval as k\n"
        "names = {n for n, v in vars(k).items() if not n.startswith('_')"
        " and not inspect.ismodule(v) and not isinstance(v, __future__._Feature)}\n"
        "print(json.dumps([sorted(names | set(k._LAZY) | {'__version__'}), list(k.__all__)]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    public, exported = json.loads(out.stdout)
    assert sorted(exported) == public
    assert len(set(exported)) == len(exported)
    assert all(getattr(knowledge_retrieval, n) is not None for n in exported)


def test_every_error_class_is_exported_and_drawn_in_the_tree() -> None:
    # each error class errors.py defines is one the package raises to its users: importable
    # from the package and drawn in the module's tree (and in docs/python-api.md's)
    classes = [
        c
        for c in vars(errors).values()
        if isinstance(c, type)
        and issubclass(c, KnowledgeRetrievalError)
        and c.__module__ == errors.__name__
    ]
    assert "IndexUnavailableError" in {c.__name__ for c in classes}
    api_doc = (REPO / "docs" / "python-api.md").read_text(encoding="utf-8")
    for c in classes:
        assert c.__name__ in knowledge_retrieval.__all__, c
        assert getattr(knowledge_retrieval, c.__name__) is c
        drawn = rf"^[\s|]*(?:\+ )?{c.__name__}\b"
        assert re.search(drawn, errors.__doc__ or "", re.MULTILINE), c
        assert re.search(drawn, api_doc, re.MULTILINE), c
