"""Ctrl-C during ``kr index --rebuild``: exit 130, one line saying the index is unchanged, and
no temporary progress file left behind (a real process, a real SIGINT)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

if sys.platform == "win32":
    pytest.skip("SIGINT to a child is POSIX only", allow_module_level=True)


def _kb(root: Path, files: int) -> Path:
    kb = root / "big"
    (kb / "pages").mkdir(parents=True)
    (kb / "README.md").write_text("# big\n\nMany pages about disks.\n", encoding="utf-8")
    body = "\n".join(f"Disk {i} replacement step {i} for pool tank{i % 7}." for i in range(40))
    for i in range(files):
        (kb / "pages" / f"p{i:05d}.md").write_text(f"# Page {i}\n\n{body}\n", encoding="utf-8")
    return root


def _kr(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    # Ctrl-C as a terminal gives it: a test run started in the background (``cmd &`` in a
    # script) ignores SIGINT, a child inherits that, and ``kr`` would never see the signal; a
    # handler (unlike an ignored signal) is not inherited through exec, so the child starts
    # with the default one
    held = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "knowledge_retrieval", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=env,
        )
    finally:
        signal.signal(signal.SIGINT, held)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_during_a_rebuild_leaves_the_index_as_it_was(tmp_path: Path, workers: str) -> None:
    root = _kb(tmp_path / "KnowledgeBase", 3000)
    home = tmp_path / "indexes"
    env = {**os.environ, "KR_INDEX_DIR": str(home), "KR_BUILD_WORKERS": workers}
    first = _kr("index", "--root", str(root), env=env)
    _out, err = first.communicate(timeout=240)
    assert first.returncode == 0, err
    (folder,) = home.glob("big-*")
    current = (folder / "CURRENT").read_text(encoding="utf-8")
    stray = folder / ".progress.json.0123abcd.tmp"  # left by a build killed long ago
    stray.write_text("{}", encoding="utf-8")

    proc = _kr("index", "--rebuild", "--root", str(root), env=env)
    deadline = time.monotonic() + 120
    while not (folder / "progress.json").exists():  # the rebuild is under way
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.02)
    # at once: on an idle machine two workers rebuild the pages in well under a second, and
    # a signal that comes after the rebuild ends meets a process already exiting
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert out == ""
    assert err == "kr: interrupted; the index is unchanged\n"
    assert sorted(p.name for p in folder.iterdir()) == ["CURRENT", current, "lock"]
    assert (folder / "CURRENT").read_text(encoding="utf-8") == current

    after = _kr("search", "disk", "replacement", "--root", str(root), "--output", "json", env=env)
    got, _err = after.communicate(timeout=120)
    assert after.returncode == 0 and json.loads(got)["data"]["results"]
