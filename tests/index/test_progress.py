"""Build progress: the stages a build reports, the progress file, and a waiter that shows another
process's build instead of waiting in silence."""

from __future__ import annotations

import io
import json
import logging
import os
import sys
import threading
from pathlib import Path

import pytest

from knowledge_retrieval import index_kb, search
from knowledge_retrieval.index import progress
from knowledge_retrieval.index.progress import PROGRESS_FILE, READING, WRITING, Event, use_sink
from knowledge_retrieval.index.store import KBIndex, index_dir_for
from knowledge_retrieval.kb.rules import parse_readme
from knowledge_retrieval.kb.scan import file_lock


def _rules(kb: Path):  # type: ignore[no-untyped-def]
    return parse_readme((kb / "README.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_build_reports_reading_then_writing_and_leaves_no_progress_file(
    sample_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: str
) -> None:
    monkeypatch.setenv("KR_BUILD_WORKERS", workers)
    events: list[Event] = []
    kb = sample_root / "payments"
    kbi = KBIndex("payments", kb, tmp_path / "home")
    with use_sink(events.append):
        report = kbi.refresh(_rules(kb))
    total = report.files + len(report.skipped)
    assert events[0] == Event("payments", 0, total, READING)
    assert events[-1] == Event("payments", total, total, WRITING)
    assert [e.stage for e in events].count(WRITING) == 1  # only the last event
    assert [e.done for e in events] == sorted(e.done for e in events)
    assert not (tmp_path / "home" / PROGRESS_FILE).exists()
    events.clear()
    with use_sink(events.append):
        kbi.refresh(_rules(kb))
    assert events == []  # nothing to build


def test_a_waiter_reports_the_other_process_build_then_proceeds(
    sample_root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    kb = sample_root / "payments"
    folder = index_dir_for(kb)
    folder.mkdir(parents=True)
    seen: list[Event] = []
    got_first, got_second = threading.Event(), threading.Event()

    def sink(ev: Event) -> None:
        seen.append(ev)
        (got_second if got_first.is_set() else got_first).set()

    def state(done: int, stage: str) -> None:
        data = {"pid": 4242, "kb": "payments", "done": done, "total": 8, "stage": stage, "at": 0}
        (folder / PROGRESS_FILE).write_text(json.dumps(data), encoding="utf-8")

    result: list[object] = []

    def waiter() -> None:
        with use_sink(sink):
            result.append(search("ORDER_STATUS_PAID", "payments", root=sample_root))

    caplog.set_level(logging.INFO, logger="knowledge_retrieval.index.progress")
    t = threading.Thread(target=waiter)
    with file_lock(folder / "lock", 5):  # "another process" is building
        state(3, READING)
        t.start()
        assert got_first.wait(30)
        state(8, WRITING)
        assert got_second.wait(30)
        assert not result  # still waiting for the lock
        (folder / PROGRESS_FILE).unlink()
    t.join(60)
    assert seen[:2] == [
        Event("payments", 3, 8, READING, other_pid=4242),
        Event("payments", 8, 8, WRITING, other_pid=4242),
    ]
    assert "index of payments is being built by process 4242 (3 of 8 files)" in caplog.text
    assert result and result[0].found  # type: ignore[attr-defined]
    # then it found no index and built one itself
    assert seen[-1].other_pid is None and seen[-1].stage == WRITING


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_search_and_index_kb_show_a_bar_in_a_terminal_unless_told_not_to(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "BAR_DELAY_S", 0.0)  # as if the build had run half a second
    fake = _Tty()
    monkeypatch.setattr(sys, "stderr", fake)
    search("ORDER_STATUS_PAID", "payments", root=sample_root, progress=False)
    index_kb("glossary", root=sample_root, progress=False)
    assert fake.getvalue() == ""
    index_kb("payments", root=sample_root, rebuild=True)  # None: a terminal shows it
    assert "payments: writing index" in fake.getvalue()
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal
    index_kb("payments", root=sample_root, rebuild=True)
    assert sys.stderr.getvalue() == ""
    index_kb("payments", root=sample_root, rebuild=True, progress=True)
    assert "payments: writing index" in sys.stderr.getvalue()
    assert os.environ.get("KR_INDEX_DIR")


def test_the_bar_counts_what_the_build_counts() -> None:
    """A build's bar reads files/s, the semantic layer's sections/s (not "file/s")."""
    bar = progress.Bar()
    try:
        bar(Event("kb", 1, 10))
        bar(Event("kb (embedding sections)", 5, 100, unit="sections"))
        assert bar._bars["kb"].unit == " files"
        assert bar._bars["kb (embedding sections)"].unit == " sections"
        assert "sections/s" in str(bar._bars["kb (embedding sections)"])
    finally:
        bar.close()
    assert progress.Reporter("kb", Path("."), None, unit="sections").unit == "sections"
