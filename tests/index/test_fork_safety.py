"""Build workers and threads: no fork copies a lock another thread holds, and the building
process never waits on a worker for ever.

The hang reproduced here: a first search over two KBs in two threads, one KB large enough for
worker processes. One thread is importing ``markdown_it`` (it holds that module's import lock)
when the other forks its build workers; a forked worker inherits the lock, held by a thread
that does not exist in it, and hangs on its own ``import markdown_it``, and the search with it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import knowledge_retrieval.index.build as build_mod
import knowledge_retrieval.index.store as store_mod
from knowledge_retrieval import index_kb, search
from knowledge_retrieval.index.build import PARALLEL_MIN_BYTES
from knowledge_retrieval.models import Document

from ..conftest import write

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="builds use worker processes on Linux only"
)


def _two_kbs(root: Path) -> None:
    write(root / "small" / "README.md", "# Small\n\nChargebacks and refunds.\n")
    # a list: markdown-it parses this page (plain headings and paragraphs are read without it)
    write(
        root / "small" / "chargebacks.md",
        "# Chargebacks\n\nA chargeback reverses a payment.\n\n- disputes take weeks\n",
    )
    write(root / "big" / "README.md", "# Big\n\nCarrier handbooks.\n")
    para = "Carriers deliver parcels to depots; the depot scans every parcel twice. " * 10
    n = PARALLEL_MIN_BYTES // 20_000 + 4
    for i in range(n):  # just over 1 MiB of text in all: a build in worker processes
        body = "\n\n".join(f"## Depot {i}-{j}\n\n{para}" for j in range(27))
        write(root / "big" / f"handbook-{i:03d}.md", f"# Handbook {i}\n\n{body}\n")


# Thread "small" stops while markdown_it's module body runs (its module lock held, as during a
# slow import), until the other thread forked (the moment that copies the lock) or finished.
_CHILD = """
import importlib.machinery, json, os, sys, threading
from pathlib import Path

root = Path(sys.argv[1])
holding, release = threading.Event(), threading.Event()
out = {}

class Hold:
    def find_spec(self, name, path=None, target=None):
        if name != "markdown_it" or threading.current_thread().name != "small":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module

        def exec_module(module):
            holding.set()
            out["released"] = release.wait(30)
            run(module)

        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Hold())
os.register_at_fork(after_in_parent=release.set)
from knowledge_retrieval import search

def small():
    out["small"] = search("chargeback", kb="small", root=root).found

def big():
    holding.wait(30)
    try:
        out["big"] = search("depot parcel", kb="big", root=root).found
    finally:
        release.set()

threads = [threading.Thread(target=f, name=f.__name__) for f in (small, big)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps(out), flush=True)
"""


@pytest.mark.timeout(120)
def test_a_first_search_over_two_kbs_in_threads_does_not_hang(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _two_kbs(root)
    env = {**os.environ, "KR_BUILD_WORKERS": "2"}  # workers even on a one-CPU machine
    with subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    ) as p:
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            pytest.fail("the search hung: a forked build worker inherited a held import lock")
    assert p.returncode == 0, err
    # both found, and the held import was released by the finished search, not by a timeout
    # (an in-process build would have waited on that import lock)
    assert json.loads(out) == {"small": True, "big": True, "released": True}


def test_workers_are_never_forked_while_other_threads_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "KnowledgeBase"
    _two_kbs(root)
    monkeypatch.setenv("KR_BUILD_WORKERS", "2")
    forks: list[int] = []
    monkeypatch.setattr(os, "fork", lambda: forks.append(1) or pytest.fail("forked"))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, args=(30,), daemon=True)
    other.start()
    try:
        assert build_mod.other_threads()
        report = index_kb("big", root=root)
    finally:
        stop.set()
        other.join()
    assert not forks
    n = len(list((root / "big").glob("handbook-*.md")))
    assert report.files == n and not report.skipped
    home = store_mod.index_dir_for(root / "big")
    gen = home / (home / "CURRENT").read_text(encoding="utf-8").strip()
    assert len(list(gen.glob("*.seg"))) == 2  # built by the two (spawned) workers
    assert search("depot parcel", kb="big", root=root).found


def _stall_in_workers(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """document_rows that, in a forked worker only, hangs (``stall``) or dies (``die``)."""
    parent = os.getpid()
    real = store_mod.document_rows
    never = threading.Event()

    def rows(doc: Document) -> Any:
        if os.getpid() != parent:
            if how == "die":
                os._exit(3)
            never.wait()
        return real(doc)

    monkeypatch.setattr(store_mod, "document_rows", rows)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("how", ["stall", "die"])
def test_a_hung_or_dead_worker_falls_back_to_an_in_process_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, how: str
) -> None:
    root = tmp_path / "KnowledgeBase"
    _two_kbs(root)
    monkeypatch.setenv("KR_BUILD_WORKERS", "2")
    monkeypatch.setattr(build_mod, "WORKER_SILENCE_S", 1.0)
    _stall_in_workers(monkeypatch, how)
    with caplog.at_level("WARNING", logger="knowledge_retrieval.index.build"):
        report = index_kb("big", root=root)
    assert report.files == len(list((root / "big").glob("handbook-*.md")))
    [msg] = [r.getMessage() for r in caplog.records]
    want = "sent nothing for 1 s" if how == "stall" else "ended without a result (exit code 3)"
    assert want in msg and msg.endswith("building in-process"), msg
    import multiprocessing

    assert not multiprocessing.active_children()
    assert search("depot parcel", kb="big", root=root).found


_PLANTED = """
from pathlib import Path
Path(__file__).with_name("ran-" + __name__).write_text("planted code ran")
raise ImportError("planted")
"""
_RUN_KR = """
import sys
from knowledge_retrieval.interfaces.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.timeout(180)
def test_build_workers_never_import_from_the_working_directory(tmp_path: Path) -> None:
    """A search of two KBs runs threads, so the large KB's workers are new interpreters: they
    must not take a pickle.py (json.py, zlib.py ...) in the working directory for the real one."""
    root = tmp_path / "KnowledgeBase"
    _two_kbs(root)
    cwd = tmp_path / "work"
    for name in ("pickle", "json", "zlib", "struct", "copyreg", "knowledge_retrieval"):
        write(cwd / f"{name}.py", _PLANTED)
    runner = write(tmp_path / "bin" / "kr.py", _RUN_KR)  # like the kr script: not in cwd
    env = {**os.environ, "KR_BUILD_WORKERS": "2", "PYTHONPATH": str(Path.cwd())}
    args = ["search", "depot parcel", "--kb", "small", "--kb", "big", "--root", str(root)]
    p = subprocess.run(
        [sys.executable, str(runner), *args, "--output", "json"],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=150,
        check=False,
    )
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["data"]["total_returned"] > 0
    assert sorted(f.name for f in cwd.glob("ran-*")) == []
    home = store_mod.index_dir_for(root / "big")
    gen = home / (home / "CURRENT").read_text(encoding="utf-8").strip()
    assert len(list(gen.glob("*.seg"))) == 2  # built by the two workers, not in-process


def test_a_worker_path_leaves_the_working_directory_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", ["", str(tmp_path), ".", *sys.path])
    got = build_mod.worker_path()
    package_parent = str(Path(build_mod.__file__).resolve().parents[2])
    assert got[0] == package_parent
    assert not {"", ".", str(tmp_path)} & set(got)
