"""The progress bar of a long build, in a real terminal (a pty), and its absence elsewhere."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

if sys.platform == "win32":
    pytest.skip("pty is POSIX only", allow_module_level=True)

import fcntl
import pty
import termios

# the bar shows after half a second; these runs show it at once, as a long build would
_RUN = (
    "import sys\n"
    "import knowledge_retrieval.index.progress as p\n"
    "p.BAR_DELAY_S = 0.0\n"
    "from knowledge_retrieval.interfaces.cli import main\n"
    "raise SystemExit(main(sys.argv[1:]))\n"
)


def _in_pty(args: list[str], home: Path) -> tuple[int, str]:
    """Run ``kr ARGS`` with stdin, stdout and stderr on a pty; its exit code and what it drew."""
    leader, follower = pty.openpty()
    # a terminal of 24 x 100 (a new pty is 0 x 0, where a bar has no room)
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    p = subprocess.Popen(
        [sys.executable, "-c", _RUN, *args],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**os.environ, "KR_INDEX_DIR": str(home)},
        close_fds=True,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    return p.wait(timeout=60), b"".join(chunks).decode("utf-8", "replace")


def test_kr_index_draws_a_bar_ending_in_writing_index(sample_root: Path, tmp_path: Path) -> None:
    code, screen = _in_pty(
        ["index", "--kb", "payments", "--rebuild", "--root", str(sample_root)], tmp_path / "i"
    )
    assert code == 0, screen
    assert "indexing payments:" in screen and "file" in screen
    assert "payments: writing index: 100%" in screen
    assert "payments: 8 file(s): 8 added" in screen


def test_kr_search_on_an_unindexed_kb_draws_the_bar(sample_root: Path, tmp_path: Path) -> None:
    code, screen = _in_pty(
        ["search", "ORDER_STATUS_PAID", "--kb", "payments", "--root", str(sample_root)],
        tmp_path / "i",
    )
    assert code == 0, screen
    assert "payments: writing index" in screen


def test_no_bar_without_a_terminal(sample_root: Path, tmp_path: Path) -> None:
    p = subprocess.run(
        [sys.executable, "-c", _RUN, "index", "--kb", "payments", "--root", str(sample_root)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "KR_INDEX_DIR": str(tmp_path / "i")},
        check=False,
    )
    assert p.returncode == 0 and p.stderr == "", p.stderr
