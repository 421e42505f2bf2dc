"""retrieve(): every branch of the team workflow, plus the shared helpers around it."""

from __future__ import annotations

import dataclasses as dc
import os
from pathlib import Path

import pytest

from knowledge_retrieval import Retrieval, remember, retrieve
from knowledge_retrieval.errors import (
    ConfigError,
    InvalidArgumentError,
    KBNotFoundError,
    UnsafePathError,
)
from knowledge_retrieval.team.workflow import (
    ACCESS_DISABLED,
    NO_RESULTS,
    check_kb_ids,
    parse_location,
    read_document,
    search_kbs,
)

from ..conftest import write


def _indexes(home: Path) -> list[Path]:
    return list(home.rglob("manifest.json"))


def test_messages_are_the_seeds_sentences() -> None:
    assert ACCESS_DISABLED == "Knowledge-base access is disabled for this component."
    assert NO_RESULTS == "No relevant documents found for the given query."


@pytest.mark.parametrize(
    "kb_ids", [None, ["payments"], ["glossary", "logistics"], ["../etc"], ["no-such-kb"]]
)
def test_denied_component_touches_nothing(
    sample_root: Path, _index_home: Path, kb_ids: list[str] | None
) -> None:
    r = retrieve("ORDER_STATUS_PAID", component="risk", kb_ids=kb_ids, root=sample_root)
    assert r.denied and r.message == ACCESS_DISABLED
    assert (r.source, r.hits, r.kb_ids, r.team) == (None, (), (), "risk")
    assert _indexes(_index_home) == [], "no index was built or read"


def test_denied_component_does_not_read_memory(sample_root: Path, _index_home: Path) -> None:
    write(
        sample_root / "teams.yaml",
        "default_kb: troubleshooting\nteams:\n  risk:\n"
        "    kb_ids: [payments]\n    access: denied\n    memory: enabled\n"
        "    memory_project_ids: [risk-notes]\n",
    )
    remember("ORDER_STATUS_PAID is fine", project_id="risk-notes", root=sample_root)
    r = retrieve("ORDER_STATUS_PAID", component="RISK", root=sample_root)
    assert r.denied and r.message == ACCESS_DISABLED and not _indexes(_index_home)


def test_team_kbs_are_searched_and_merged(sample_root: Path) -> None:
    r = retrieve(
        "超卖 INV_OVERSOLD oversold", component="payments", root=sample_root, score_threshold=0.0
    )
    assert r.source == "kb" and r.kb_ids == ("payments", "glossary")
    assert r.found and {h.kb for h in r.hits} <= {"payments", "glossary"}
    assert "glossary" in {h.kb for h in r.hits}
    r2 = retrieve("ORDER_STATUS_PAID", component="payments", root=sample_root)
    assert r2.hits[0].kb == "payments" and r2.hits[0].path == "reference/order-status.md"
    assert r2.results == r2.hits and r2.answer


def test_explicit_kb_ids_come_first_for_an_allowed_component(sample_root: Path) -> None:
    r = retrieve(
        "What does INV_LOCK_TIMEOUT mean?",
        component="payments",
        kb_ids=["troubleshooting"],
        root=sample_root,
    )
    assert r.kb_ids == ("troubleshooting",) and r.source == "kb"
    assert r.hits[0].path == "errors/inventory-errors.md"


@pytest.mark.parametrize("component", ["", None, "   ", "no-such-team"])
def test_empty_or_unknown_component_uses_the_default_kb(
    sample_root: Path, component: str | None
) -> None:
    r = retrieve("What does INV_LOCK_TIMEOUT mean?", component=component, root=sample_root)
    assert r.kb_ids == ("troubleshooting",) and r.team is None and r.source == "kb"
    assert r.hits and all(h.kb == "troubleshooting" for h in r.hits)
    assert any("default KB 'troubleshooting'" in n for n in r.notes)


def test_unknown_component_may_name_kbs_explicitly(sample_root: Path) -> None:
    r = retrieve("ORDER_STATUS_PAID", component="nobody", kb_ids=["payments"], root=sample_root)
    assert r.kb_ids == ("payments",) and r.hits[0].kb == "payments"


def test_memory_hits_are_returned_without_searching_the_kb(sample_root: Path) -> None:
    remember(
        "運單狀態碼 150 (SHIP_STATUS_EXCEPTION) on islands usually clears in a day.",
        project_id="logistics-core",
        title="Status 150 on islands",
        root=sample_root,
    )
    r = retrieve("SHIP_STATUS_EXCEPTION islands", component="logistics", root=sample_root)
    assert r.source == "memory" and r.found
    assert r.kb_ids == (".memory/logistics-core",)
    assert all(h.kb == ".memory/logistics-core" for h in r.hits)
    assert "note(s) found in memory" in r.message


def test_memory_empty_success_stops(sample_root: Path) -> None:
    remember(
        "The office coffee machine is on floor 3.", project_id="logistics-core", root=sample_root
    )
    # the logistics KB would answer this; memory answered "nothing", so the workflow stops
    r = retrieve("運單狀態碼 150 是什麼意思", component="logistics", root=sample_root)
    assert (r.source, r.message, r.hits) == ("memory", NO_RESULTS, ())
    r2 = retrieve(
        "運單狀態碼 150 是什麼意思", component="logistics", kb_ids=["logistics"], root=sample_root
    )
    assert r2.source == "memory" and r2.message == NO_RESULTS


def test_memory_failure_falls_back_to_the_kb(sample_root: Path) -> None:
    # logistics-core has no notes yet: the memory call fails (unknown project)
    r = retrieve("運單狀態碼 150 是什麼意思", component="logistics", root=sample_root)
    assert r.source == "kb" and r.kb_ids == ("logistics", "glossary")
    assert r.hits[0].path == "reference/shipment-status.md"
    assert any("memory search failed" in n for n in r.notes)


def test_broken_memory_falls_back_to_the_kb(sample_root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    (outside / "logistics-core").mkdir(parents=True)
    os.symlink(outside, sample_root / ".memory")
    r = retrieve("運單狀態碼 150 是什麼意思", component="logistics", root=sample_root)
    assert r.source == "kb" and r.found
    assert any("outside the root" in n for n in r.notes)


def test_memory_enabled_without_project_ids_uses_the_kb(sample_root: Path) -> None:
    write(
        sample_root / "teams.yaml",
        "default_kb: troubleshooting\nteams:\n  logistics:\n"
        "    kb_ids: [logistics]\n    memory: enabled\n",
    )
    r = retrieve("運單狀態碼 150 是什麼意思", component="logistics", root=sample_root)
    assert r.source == "kb" and r.found
    assert any("no memory_project_ids" in n for n in r.notes)


def test_no_results_from_the_kb(sample_root: Path) -> None:
    r = retrieve("How do I keep a sourdough starter alive?", component="payments", root=sample_root)
    assert (r.source, r.message, r.hits, r.found) == ("kb", NO_RESULTS, (), False)
    r2 = retrieve("保修期多久的搅拌机", component="payments", root=sample_root)
    assert r2.message == NO_RESULTS, "always the seed's English sentence"


def test_unknown_explicit_kb_is_an_error_without_fallback(sample_root: Path) -> None:
    with pytest.raises(KBNotFoundError) as exc:
        retrieve("ORDER_STATUS_PAID", component="payments", kb_ids=["paymnts"], root=sample_root)
    assert exc.value.suggestions == ["payments"]
    with pytest.raises(UnsafePathError):
        retrieve("x", component="payments", kb_ids=["../etc"], root=sample_root)
    with pytest.raises(InvalidArgumentError):
        retrieve("x", component="payments", kb_ids=[], root=sample_root)


def test_team_kb_missing_is_a_config_error_naming_the_line(sample_root: Path) -> None:
    write(
        sample_root / "teams.yaml",
        "default_kb: troubleshooting\nteams:\n  payments:\n"
        "    kb_ids:\n      - payments\n      - glosary\n",
    )
    with pytest.raises(ConfigError) as exc:
        retrieve("ORDER_STATUS_PAID", component="payments", root=sample_root)
    assert exc.value.line == 6 and "glosary" in str(exc.value) and "glossary" in str(exc.value)
    write(sample_root / "teams.yaml", "default_kb: trouble\n")
    with pytest.raises(ConfigError) as exc:
        retrieve("x", root=sample_root)
    assert exc.value.line == 1


def test_missing_or_malformed_teams_yaml_is_an_error(sample_root: Path) -> None:
    write(sample_root / "teams.yaml", "default_kb: [unclosed\n")
    with pytest.raises(ConfigError) as exc:
        retrieve("x", component="payments", root=sample_root)
    assert exc.value.line == 2
    (sample_root / "teams.yaml").unlink()
    with pytest.raises(ConfigError, match=r"teams\.yaml"):
        retrieve("x", component="payments", root=sample_root)


def test_bad_arguments_raise(sample_root: Path) -> None:
    for kwargs in ({"top_k": 0}, {"score_threshold": 2}):
        with pytest.raises(InvalidArgumentError):
            retrieve("x", component="payments", root=sample_root, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        retrieve("  ", component="payments", root=sample_root)


def test_retrieval_is_a_frozen_record(sample_root: Path) -> None:
    r = retrieve("ORDER_STATUS_PAID", component="payments", root=sample_root, top_k=2)
    assert isinstance(r, Retrieval) and len(r.hits) <= 2
    with pytest.raises(dc.FrozenInstanceError):
        r.message = "x"  # type: ignore[misc]
    d = r.to_dict()
    assert set(d) >= {"source", "message", "hits", "kb_ids", "denied", "component", "team"}
    assert d["hits"][0]["path"] == "reference/order-status.md"
    assert "Retrieval kb" in repr(r)


# --------------------------------------------------------------------------- helpers


def test_search_kbs_in_parallel_matches_sequential(sample_root: Path) -> None:
    q = "超卖 INV_OVERSOLD"
    par = search_kbs(q, ["glossary", "troubleshooting"], root=sample_root, score_threshold=0.0)
    seq = search_kbs(
        q, ["glossary", "troubleshooting"], root=sample_root, score_threshold=0.0, parallel=False
    )
    assert [(h.kb, h.path) for h in par.hits] == [(h.kb, h.path) for h in seq.hits]
    assert [h.score for h in par.hits] == sorted((h.score for h in par.hits), reverse=True)
    assert par.kbs == ("glossary", "troubleshooting") and par.found
    none = search_kbs("zyxwvut qqqqq", ["glossary", "payments"], root=sample_root)
    assert not none.found and none.hits == () and none.reason == "no_match"


def test_check_kb_ids(sample_root: Path) -> None:
    assert check_kb_ids(["payments", "glossary", "payments"], sample_root) == [
        "payments",
        "glossary",
    ]
    write(sample_root / "noreadme" / "a.md", "# A\n")
    with pytest.raises(KBNotFoundError, match="README"):
        check_kb_ids(["noreadme"], sample_root)
    with pytest.raises(KBNotFoundError):
        check_kb_ids([".memory"], sample_root)
    with pytest.raises(ConfigError):
        check_kb_ids(["payments"], sample_root / "nowhere")


@pytest.mark.parametrize(
    ("spec", "want"),
    [
        ("a.md", ("a.md", None, None)),
        ("a.md:7", ("a.md", 7, 7)),
        ("a.md:7-9", ("a.md", 7, 9)),
        ("a.md:7-", ("a.md", 7, None)),
        ("dir/x:y.md:3-4", ("dir/x:y.md", 3, 4)),
        ("a.md:x", ("a.md:x", None, None)),
    ],
)
def test_parse_location(spec: str, want: tuple) -> None:
    assert parse_location(spec) == want


def test_read_document_reads_inside_the_kb_only(sample_root: Path, tmp_path: Path) -> None:
    doc = read_document(
        "payments", "reference/order-status.md", start_line=17, end_line=17, root=sample_root
    )
    assert "ORDER_STATUS_PAID" in doc.text and doc.text.count("\n") == 0
    assert doc.location == "payments/reference/order-status.md:17-17"
    whole = read_document("payments", "./reference/order-status.md", root=sample_root)
    assert whole.line_start == 1 and whole.line_end == whole.total_lines > 17
    write(sample_root / "payments" / ".git" / "config", "[core]")
    for bad in (
        "../teams.yaml",
        "/etc/passwd",
        "reference/../../teams.yaml",
        "a\\b.md",
        ".git/config",
        "reference/.hidden.md",
    ):
        with pytest.raises(UnsafePathError):
            read_document("payments", bad, root=sample_root)
    outside = write(tmp_path / "secret.md", "secret")
    os.symlink(outside, sample_root / "payments" / "link.md")
    with pytest.raises(UnsafePathError):
        read_document("payments", "link.md", root=sample_root)
    with pytest.raises(KBNotFoundError):
        read_document("paymnts", "index.md", root=sample_root)
    with pytest.raises(InvalidArgumentError, match="no document"):
        read_document("payments", "nope.md", root=sample_root)
    with pytest.raises(InvalidArgumentError, match="does not exist"):
        read_document("payments", "index.md", start_line=10_000, root=sample_root)
    with pytest.raises(InvalidArgumentError):
        read_document("payments", "index.md", start_line=5, end_line=2, root=sample_root)
    with pytest.raises(InvalidArgumentError):
        read_document("payments", "index.md", start_line=0, root=sample_root)


def test_read_document_refuses_a_link_to_a_file_the_index_skips(sample_root: Path) -> None:
    # a symlink inside the KB to a draft is skipped by the index, and so by read_document
    write(sample_root / "payments" / "drafts" / "plan.md", "# Plan\n\ndraft text\n")
    os.symlink(
        sample_root / "payments" / "drafts" / "plan.md", sample_root / "payments" / "plan.md"
    )
    with pytest.raises(InvalidArgumentError) as err:
        read_document("payments", "plan.md", root=sample_root)
    assert str(err.value) == (
        "'plan.md' is not a document of 'payments': symlink leads to 'drafts/plan.md', which is "
        "not a document: it is in a drafts/ folder, which is never indexed (only files the "
        "index searches can be read; `kr index` lists what it skips)"
    )


def test_read_document_reads_memory_notes(sample_root: Path) -> None:
    path = remember("note body", project_id="p", root=sample_root)
    doc = read_document(".memory/p", path.name, root=sample_root)
    assert "note body" in doc.text and doc.kb == ".memory/p"
    with pytest.raises(UnsafePathError):
        read_document(".memory/../payments", "index.md", root=sample_root)
