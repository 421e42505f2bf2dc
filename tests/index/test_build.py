"""Full builds in worker processes: the same index as a serial build, failures and kills safe.

Every build here is a real Whoosh index on disk; ``KR_BUILD_WORKERS`` picks the path (1: serial
in-process, more: forked workers writing one segment each).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from whoosh import index as whoosh_index

import knowledge_retrieval.index.store as index_mod
from knowledge_retrieval import search
from knowledge_retrieval.index.build import PARALLEL_MIN_BYTES, build_workers, split_runs
from knowledge_retrieval.index.store import FIELDS, KBIndex, index_dir_for
from knowledge_retrieval.kb.rules import parse_readme
from knowledge_retrieval.models import Document

from ..conftest import write

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="builds use worker processes on Linux only"
)

README = "# Mixed\n\nA knowledge base with every kind of file, for build comparisons.\n"


def _mixed_kb(root: Path, copies: int = 4) -> Path:
    """Markdown with front matter, headings and tables, Chinese, CSV, and files that are refused
    (binary, empty) spread over the whole file order, so every worker meets some."""
    kb = root / "kb"
    write(kb / "README.md", README)
    for c in range(copies):
        write(
            kb / f"part{c}" / "orders.md",
            textwrap.dedent(f"""\
            ---
            description: Order states and their codes, copy {c}.
            tags: [orders, status]
            date: 2024-0{c + 1}-15
            version: 2.{c}
            ---
            # Order status codes

            Every order moves through ORDER_STATUS_PAID and orderStatusShipped.

            ## Codes

            | code | meaning |
            | --- | --- |
            | 20 | paid |
            | 30 | shipped to /api/v2/orders/{{id}} |

            ## Refunds

            A refund reverses a payment; refunds of refunds are refused. Copy {c}.
            """),
        )
        write(
            kb / f"part{c}" / "订单.md",
            f"# 订单状态\n\n订单状态码 20 表示已支付，离島配送需要额外{c}天。\n",
        )
        write(
            kb / f"part{c}" / "carriers.csv",
            f"carrier,region,days\nDHL,EU,{c + 2}\nSF,CN,{c + 1}\n",
        )
        write(kb / f"part{c}" / "empty.md", "   \n")
        (kb / f"part{c}" / "blob.md").write_bytes(bytes(range(256)) * 8)
        write(
            kb / f"part{c}" / "glossary.md",
            "# Glossary\n\n**Chargeback**: a card payment "
            f"reversed by the bank ({c}).\n\n**SKU**: stock keeping unit.\n",
        )
    return kb


def _build(
    kb: Path,
    home: Path,
    workers: int,
    monkeypatch: pytest.MonkeyPatch,
    progress: list[tuple[int, int]] | None = None,
) -> tuple[KBIndex, Any]:
    monkeypatch.setenv("KR_BUILD_WORKERS", str(workers))
    kbi = KBIndex("kb", kb, home)
    rules = parse_readme((kb / "README.md").read_text(encoding="utf-8"))
    report = kbi.refresh(
        rules,
        rebuild=True,
        progress=None if progress is None else lambda n, t: progress.append((n, t)),
    )
    return kbi, report


def _content(kbi: KBIndex) -> dict[str, Any]:
    """Everything a build writes: stored fields, field lengths, terms and postings, manifest."""
    gen = (kbi.dir / "CURRENT").read_text(encoding="utf-8").strip()
    ix = whoosh_index.open_dir(str(kbi.dir / gen))
    out: dict[str, Any] = {"segments": len(ix._segments())}
    with ix.reader() as r:
        n = r.doc_count_all()
        out["docs"] = [r.stored_fields(i) for i in range(n)]
        out["path column"] = list(r.column_reader("path"))
        for f in (*FIELDS, "sid", "path"):
            out[f"length {f}"] = r.field_length(f)
            out[f"doc lengths {f}"] = [r.doc_field_length(i, f) for i in range(n)]
            out[f"postings {f}"] = [
                (
                    t,
                    r.doc_frequency(f, t),
                    r.frequency(f, t),
                    list(r.postings(f, t).items_as("weight")),
                    list(r.postings(f, t).items_as("frequency")),
                )
                for t in r.lexicon(f)
            ]
    manifest = json.loads((kbi.dir / gen / "manifest.json").read_text(encoding="utf-8"))
    out["manifest"] = {k: manifest[k] for k in ("files", "skipped", "unread")}
    kbi.close()
    return out


def test_workers_write_the_index_a_serial_build_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = _mixed_kb(tmp_path / "KnowledgeBase")
    serial, rep1 = _build(kb, tmp_path / "serial", 1, monkeypatch)
    parallel, rep3 = _build(kb, tmp_path / "parallel", 3, monkeypatch)
    assert (rep1.added, rep1.skipped, rep1.files) == (rep3.added, rep3.skipped, rep3.files)
    # refused files in every worker's share are recorded as a serial build records them
    assert set(rep3.skipped) == {f"part{c}/{n}" for c in range(4) for n in ("empty.md", "blob.md")}
    a, b = _content(serial), _content(parallel)
    assert (a.pop("segments"), b.pop("segments")) == (1, 3)
    assert a["docs"] and a["postings body"] and a["postings heading"]
    for key in a:
        assert a[key] == b[key], key


def test_a_parallel_build_reports_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kb = _mixed_kb(tmp_path / "KnowledgeBase")
    calls: list[tuple[int, int]] = []
    _kbi, report = _build(kb, tmp_path / "home", 2, monkeypatch, calls)
    total = report.files + len(report.skipped)
    assert calls and calls[-1] == (total, total)
    assert all(t == total for _n, t in calls)
    assert [n for n, _t in calls] == sorted(n for n, _t in calls)


def test_a_failing_worker_fails_the_build_and_the_old_index_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = _mixed_kb(tmp_path / "KnowledgeBase")
    home = tmp_path / "home"
    kbi, _rep = _build(kb, home, 1, monkeypatch)
    kbi.close()
    before = (home / "CURRENT").read_text(encoding="utf-8")
    real_rows = index_mod.document_rows

    def rows(doc: Document) -> Any:
        if doc.path == "part3/glossary.md":  # the last worker's share
            raise ValueError("cannot make rows")
        return real_rows(doc)

    monkeypatch.setattr(index_mod, "document_rows", rows)
    with pytest.raises(ValueError, match="cannot make rows"):
        _build(kb, home, 2, monkeypatch)
    assert not multiprocessing.active_children()
    assert (home / "CURRENT").read_text(encoding="utf-8") == before
    assert [p.name for p in home.glob("gen-*")] == [before.strip()]
    monkeypatch.setattr(index_mod, "document_rows", real_rows)
    _kbi, report = _build(kb, home, 2, monkeypatch)
    assert report.files == 16 and [p.name for p in home.glob("gen-*")] != [before.strip()]


# A process that rebuilds with two workers, each of which records its pid and then stalls (as in
# a long parse or commit: no progress message to find the parent gone).
_CHILD = """
import os, sys, time
from pathlib import Path
import knowledge_retrieval.index.store as im
from knowledge_retrieval import index_kb

root, pids = Path(sys.argv[1]), Path(sys.argv[2])
real = im.document_rows

def slow(doc):
    (pids / str(os.getpid())).write_text("", encoding="utf-8")
    time.sleep(120)
    return real(doc)

im.document_rows = slow
os.environ["KR_BUILD_WORKERS"] = "2"
print("ready", flush=True)
index_kb("kb", root=root, rebuild=True)
print("done", flush=True)
"""


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")  # a zombie nobody reaped yet: dead all the same


def test_workers_die_with_a_killed_build(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = _mixed_kb(root)
    assert search("chargeback", kb="kb", root=root).found  # an index exists, then a rebuild dies
    before = (index_dir_for(kb) / "CURRENT").read_text(encoding="utf-8")
    pids = tmp_path / "pids"
    pids.mkdir()
    with subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(root), str(pids)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as p:
        try:
            assert p.stdout is not None and p.stdout.readline().strip() == "ready"
            deadline = time.monotonic() + 30
            while (
                len(list(pids.iterdir())) < 2 and time.monotonic() < deadline and p.poll() is None
            ):
                time.sleep(0.02)
            workers = [int(f.name) for f in pids.iterdir()]
            assert len(workers) == 2 and p.pid not in workers, (workers, p.pid)
            p.send_signal(signal.SIGKILL)
            p.wait(10)
            deadline = time.monotonic() + 10
            while not all(_gone(w) for w in workers) and time.monotonic() < deadline:
                time.sleep(0.02)
            assert all(_gone(w) for w in workers), "a build worker outlived its parent"
        finally:
            if p.poll() is None:
                p.kill()
    # the killed rebuild left the old generation live; the next search is served by it
    assert (index_dir_for(kb) / "CURRENT").read_text(encoding="utf-8") == before
    r = search("chargeback", kb="kb", root=root)
    assert r.found and not any("rebuilt" in n for n in r.notes), r.notes


def test_runs_are_contiguous_non_empty_and_balanced() -> None:
    files = {f"f{i:03d}.md": (0, 100 if i % 7 else 20_000) for i in range(200)}
    for n in (1, 2, 3, 4, 16):
        runs = split_runs(files, n)
        assert len(runs) == n
        assert [rel for run in runs for rel, _sig in run] == list(files)
        work = [sum(sig[1] + 1024 for _rel, sig in run) for run in runs]
        assert max(work) - min(work) <= 2 * (20_000 + 1024), (n, work)
    assert split_runs({"a.md": (0, 10), "b.md": (0, 10)}, 4) == [
        [("a.md", (0, 10))],
        [("b.md", (0, 10))],
    ]


def test_small_kbs_build_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KR_BUILD_WORKERS", raising=False)
    half = PARALLEL_MIN_BYTES // 2
    assert build_workers({f"{i}.md": (0, 100) for i in range(500)}) == 1
    assert build_workers({"a.md": (0, half), "b.md": (0, half - 1)}) == 1
    cpus = len(os.sched_getaffinity(0))
    assert build_workers({"a.md": (0, half), "b.md": (0, half)}) == min(cpus, 2)
    monkeypatch.setenv("KR_BUILD_WORKERS", "3")
    assert build_workers({"a.md": (0, 1), "b.md": (0, 1)}) == 2
