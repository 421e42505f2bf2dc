"""Run one phase of one engine on one corpus, in its own process (so its peak RSS is its own).

Called by :mod:`benchmarks.run` as ``python -m benchmarks.worker SPEC.json``; prints one JSON
object on its last stdout line. Phases: ``build`` (index the documents), ``query`` (open the index
again, warm up, then time every query), ``freshness`` (ours: search after touching / editing one
file vs unchanged).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "benchmarks"

from benchmarks.common import DocSet, dir_size, median, percentile
from benchmarks.engines import get_engine


def build(spec: dict, docs: DocSet, workdir: Path) -> dict:
    eng = get_engine(spec["engine"], workdir)
    t0 = time.perf_counter()
    eng.build(docs)
    secs = time.perf_counter() - t0
    return {"build_s": secs, "docs": len(docs.paths), "index_bytes": dir_size(workdir)}


def query(spec: dict, docs: DocSet, workdir: Path) -> dict:
    eng = get_engine(spec["engine"], workdir)
    t0 = time.perf_counter()
    eng.load(docs)
    load_s = time.perf_counter() - t0
    queries = spec["queries"]
    k = spec.get("k", 10)
    t0 = time.perf_counter()
    eng.query(queries[0], k)
    first_s = time.perf_counter() - t0
    for q in queries[1 : spec.get("warmup", 10)]:
        eng.query(q, k)
    budget = spec.get("budget_s", 300.0)
    times: list[float] = []
    ranked: list[list[str]] = []
    start = time.perf_counter()
    for q in queries:
        t0 = time.perf_counter()
        got = eng.query(q, k)
        times.append(time.perf_counter() - t0)
        ranked.append(got)
        if time.perf_counter() - start > budget:
            break
    ms = [1000 * t for t in times]
    return {
        "load_s": load_s,
        "first_query_ms": 1000 * first_s,
        "queries": len(times),
        "p50_ms": percentile(ms, 50),
        "p95_ms": percentile(ms, 95),
        "mean_ms": sum(ms) / len(ms),
        "ranked": ranked,
    }


def freshness(spec: dict, docs: DocSet, workdir: Path) -> dict:
    """Search cost on an unchanged KB, after touching one file, after editing one file."""
    from knowledge_retrieval import search
    from knowledge_retrieval.kb.rules import parse_readme
    from knowledge_retrieval.kb.scan import scan_kb

    eng = get_engine("ours", workdir)
    eng.load(docs)
    q = spec["queries"][0]
    kb, root = docs.kb, docs.root

    def timed(text: str):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        r = search(text, kb, root=root, top_k=10, score_threshold=0.0)
        return 1000 * (time.perf_counter() - t0), r

    for _ in range(3):
        timed(q)
    unchanged = [timed(q)[0] for _ in range(20)]
    rules = parse_readme((docs.kb_path / "README.md").read_text(encoding="utf-8"))
    walk = []
    for _ in range(10):
        t0 = time.perf_counter()
        scan_kb(docs.kb_path, rules)
        walk.append(1000 * (time.perf_counter() - t0))
    target = docs.kb_path / docs.paths[len(docs.paths) // 2]
    rel = docs.paths[len(docs.paths) // 2]
    original = target.read_bytes()
    st = target.stat()
    touch, edit, seen = [], [], 0
    try:
        for i in range(10):
            os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns + (i + 1) * 1_000_000_000))
            touch.append(timed(q)[0])
        for i in range(10):
            probe = f"zqxfreshprobe{i}"
            target.write_bytes(original + f"\n\nFreshness probe {probe}.\n".encode())
            ms, _r = timed(q)
            edit.append(ms)
            _ms, r = timed(probe)
            seen += bool(r.hits) and r.hits[0].path == rel
    finally:
        target.write_bytes(original)
        os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))
        timed(q)
    return {
        "files": len(docs.paths),
        "unchanged_p50_ms": median(unchanged),
        "unchanged_p95_ms": percentile(unchanged, 95),
        "stat_walk_ms": median(walk),
        "touch_ms": median(touch),
        "edit_ms": median(edit),
        "edit_max_ms": max(edit),
        "edit_seen": f"{seen}/{len(edit)}",
    }


def peak_rss_mb() -> float | None:
    """This process's own peak RSS (``VmHWM``): unlike ``ru_maxrss`` after fork + exec, it does
    not start from the parent's high-water mark."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


PHASES = {"build": build, "query": query, "freshness": freshness}


def main() -> int:
    spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    docs = DocSet(**spec["docs"])
    workdir = Path(spec["workdir"])
    workdir.mkdir(parents=True, exist_ok=True)
    load0 = os.getloadavg()[0]
    out = PHASES[spec["phase"]](spec, docs, workdir)
    out["loadavg"] = [round(load0, 2), round(os.getloadavg()[0], 2)]
    hwm = peak_rss_mb()
    if hwm is not None:
        out["hwm_mb"] = hwm
    sys.stdout.write("\n" + json.dumps(out, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
