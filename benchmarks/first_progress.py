"""How soon the first search on an unindexed KB shows progress: in a terminal, a notebook and an
MCP client.

    python -m benchmarks.first_progress            # 3,000 files, three runs of each path

The KB is 3,000 pages made from SciFact abstracts (five to a page, a seeded draw: about 27 MB),
under ``.corpora/progress/``. Each run starts from an empty index folder and times, from the
moment the search is asked for, the first progress the user sees and the answer:

- ``kr search`` in a real terminal (a pty of 24 x 100): the first bytes of the bar on its screen;
- ``search()`` in a real Jupyter kernel: the first output message of the cell (the bar);
- ``query_knowledge`` through the ``mcp`` client and ``kr mcp``: the first log message and the
  first progress notification of the request.

The medians go to ``results/first-progress.json`` and are printed as a table. Nothing is
asserted: the figures are for reading (the target of issue 15 is one second).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

from .common import CACHE_DIR, RESULTS_DIR, eval_dir

QUERY = "breast cancer prognosis"
KB = "pages"


def make_kb(files: int, seed: int = 13) -> Path:
    """The KnowledgeBase root of the generated KB (made once, kept under ``.corpora/``)."""
    root = CACHE_DIR / "progress" / f"files-{files}" / "KnowledgeBase"
    kb = root / KB
    if (kb / "README.md").is_file() and len(list((kb / "pages").glob("*.md"))) == files:
        return root
    src = eval_dir() / "KnowledgeBase" / "scifact" / "abstracts"
    names = sorted(p.name for p in src.glob("*.md"))
    if not names:
        raise SystemExit(f"no SciFact abstracts under {src}: the shared eval data is needed")
    shutil.rmtree(kb, ignore_errors=True)
    (kb / "pages").mkdir(parents=True)
    (kb / "README.md").write_text(
        "---\ndescription: Pages of biomedical abstracts.\ninclude: ['pages/**/*.md']\n---\n"
        "# Pages\n\nFive research abstracts on each page.\n",
        encoding="utf-8",
    )
    rng = random.Random(seed)
    for i in range(files):
        parts = [(src / rng.choice(names)).read_text(encoding="utf-8") for _ in range(5)]
        body = "\n\n".join(p.replace("\n# ", "\n## ") for p in parts)
        (kb / "pages" / f"p{i:04d}.md").write_text(f"# Page {i}\n\n{body}", encoding="utf-8")
    return root


def _kr() -> str:
    kr = Path(sys.executable).with_name("kr")
    return str(kr) if kr.exists() else (shutil.which("kr") or "kr")


def terminal(root: Path, home: Path) -> dict[str, float | None]:
    """``kr search`` on a pty: seconds to the bar's first bytes, and to the end."""
    import fcntl
    import pty
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    t0 = time.perf_counter()
    p = subprocess.Popen(
        [_kr(), "search", QUERY, "--kb", KB, "--root", str(root)],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**os.environ, "KR_INDEX_DIR": str(home)},
        close_fds=True,
    )
    os.close(follower)
    first = None
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        if first is None and f"indexing {KB}".encode() in data:
            first = time.perf_counter() - t0
    os.close(leader)
    p.wait(timeout=600)
    return {"first_s": first, "done_s": time.perf_counter() - t0}


def notebook(root: Path, home: Path) -> dict[str, float | None]:
    """``search()`` in a Jupyter kernel: seconds to the cell's first output, and to idle."""
    from jupyter_client.manager import start_new_kernel

    os.environ["KR_INDEX_DIR"] = str(home)
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        kc.execute_interactive("import knowledge_retrieval", timeout=120)
        t0 = time.perf_counter()
        msg_id = kc.execute(
            f"r = knowledge_retrieval.search({QUERY!r}, {KB!r}, root={str(root)!r}); r.found"
        )
        first = None
        while True:
            m = kc.get_iopub_msg(timeout=600)
            if m["parent_header"].get("msg_id") != msg_id:
                continue
            kind = m["msg_type"]
            if first is None and kind in ("stream", "display_data", "comm_open"):
                first = time.perf_counter() - t0
            if kind == "status" and m["content"]["execution_state"] == "idle":
                break
        return {"first_s": first, "done_s": time.perf_counter() - t0}
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def mcp_client(root: Path, home: Path) -> dict[str, float | None]:
    """``query_knowledge`` through the mcp client: seconds to the first log message and the
    first progress notification of the request, and to the answer."""
    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client

    marks: dict[str, float] = {}

    async def on_progress(_done: float, _total: float | None, _message: str | None) -> None:
        marks.setdefault("progress", time.perf_counter())

    async def on_log(_params: Any) -> None:
        marks.setdefault("log", time.perf_counter())

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "knowledge_retrieval", "mcp", "--root", str(root)],
        env={"KR_INDEX_DIR": str(home), "PYTHONIOENCODING": "utf-8"},
    )
    out: dict[str, float | None] = {}

    async def main(errlog: TextIO) -> None:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write, logging_callback=on_log) as session,
        ):
            await session.initialize()
            t0 = time.perf_counter()
            await session.call_tool(
                "query_knowledge",
                {"action": "query", "kb_id": KB, "query_text": QUERY},
                progress_callback=on_progress,
            )
            done = time.perf_counter()
            out["log_s"] = marks["log"] - t0 if "log" in marks else None
            out["first_s"] = marks["progress"] - t0 if "progress" in marks else None
            out["done_s"] = done - t0

    with open(os.devnull, "w") as errlog:
        anyio.run(main, errlog)
    return out


PATHS = {
    "terminal (kr search, pty)": terminal,
    "notebook (Jupyter kernel)": notebook,
    "MCP client (kr mcp)": mcp_client,
}


def _median(runs: list[dict[str, float | None]], key: str) -> float | None:
    vals = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(v for v in vals if v is not None) if vals else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.first_progress", description=__doc__)
    ap.add_argument("--files", type=int, default=3000, help="pages in the KB (default 3000)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each path (default 3)")
    args = ap.parse_args(argv)
    root = make_kb(args.files)
    rows = []
    for name, measure in PATHS.items():
        runs = []
        for _ in range(args.runs):
            home = Path(tempfile.mkdtemp(prefix="kr-progress-"))
            try:
                runs.append(measure(root, home))
            finally:
                shutil.rmtree(home, ignore_errors=True)
        rows.append(
            {
                "path": name,
                "first_s": _median(runs, "first_s"),
                "log_s": _median(runs, "log_s"),
                "done_s": _median(runs, "done_s"),
                "runs": runs,
            }
        )
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    (RESULTS_DIR / "first-progress.json").write_text(
        json.dumps({"files": args.files, "rows": rows}, indent=1) + "\n", encoding="utf-8"
    )

    def s(x: float | None) -> str:
        return "–" if x is None else f"{x:.2f}"

    print(f"First search of an unindexed KB of {args.files:,} files; medians of {args.runs} runs")
    print("\n| where | first progress s | MCP log message s | answer s |\n|---|--:|--:|--:|")
    for r in rows:
        print(f"| {r['path']} | {s(r['first_s'])} | {s(r['log_s'])} | {s(r['done_s'])} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
