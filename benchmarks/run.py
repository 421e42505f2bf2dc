"""Benchmark knowledge_retrieval beside its peers on the same documents and queries.

    python -m benchmarks                      # every corpus, full size (the scale run is long)
    python -m benchmarks --quick              # small subsets, one to two minutes
    python -m benchmarks --corpus scifact,cmrc --write-docs
    python -m benchmarks --docs-only          # rewrite docs/performance.md from stored results

Each engine builds and queries in its own subprocess (its peak RSS is read with ``wait4``);
indexes go to a temporary folder. Results: ``benchmarks/results/latest.{md,json}`` and one file
per corpus (``results/<corpus>[-quick].json``), from which ``--write-docs`` composes
``docs/performance.md`` and ``docs/performance-scale.png``.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "benchmarks"

from benchmarks import corpora, report
from benchmarks.common import REPO, RESULTS_DIR, log, machine, median, versions, write_json
from benchmarks.corpora import CorpusRun
from knowledge_retrieval.eval import mrr_at, ndcg_at

ENGINE_KEYS = ("ours", "ours_default", "whoosh", "bm25s", "fts5", "fts5_trigram", "grep")


def run_worker(spec: dict, workdir: Path) -> dict:
    """Run one worker phase in a subprocess; its result plus its own peak RSS (MB)."""
    workdir.mkdir(parents=True, exist_ok=True)
    spec_path = workdir / f"spec-{spec['phase']}.json"
    spec_path.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    env = {**os.environ, "KR_INDEX_DIR": str(workdir / "ours-index"), "PYTHONUNBUFFERED": "1"}
    env.pop("KNOWLEDGE_BASE_ROOT", None)
    out_path, err_path = workdir / "stdout.txt", workdir / "stderr.txt"
    with open(out_path, "wb") as fo, open(err_path, "wb") as fe:
        t0 = time.perf_counter()
        p = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.worker", str(spec_path)],
            stdout=fo,
            stderr=fe,
            cwd=REPO,
            env=env,
        )
        _pid, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - t0
    rss = ru.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    if p.returncode != 0:
        err = err_path.read_text(encoding="utf-8", errors="replace")[-3000:]
        log(f"  worker failed ({spec['engine']} {spec['phase']}): {err}")
        return {"error": err.strip().splitlines()[-1] if err.strip() else f"exit {p.returncode}"}
    lines = out_path.read_text(encoding="utf-8").strip().splitlines()
    out = json.loads(lines[-1])
    # Linux starts a child's ru_maxrss at the parent's RSS when it forks; VmHWM (read by the
    # worker itself) is exact, wait4's figure is the fallback elsewhere
    out["rss_mb"] = out.pop("hwm_mb", rss)
    out["wait4_maxrss_mb"] = rss
    out["wall_s"] = wall
    return out


def cli_timing(run: CorpusRun, index_dir: Path, reps: int = 5, n_queries: int = 3) -> dict:
    """Wall time of a CLI search on the indexed KB: for each of the first ``n_queries`` queries,
    one warm-up then ``reps`` timed runs; the median over all timed runs.

    The package is byte-compiled first, as an installed one is: with ``PYTHONDONTWRITEBYTECODE``
    set (or a source tree never imported), every ``kr`` would compile its modules again."""
    import compileall

    import knowledge_retrieval

    compileall.compile_dir(str(Path(knowledge_retrieval.__file__).parent), quiet=1)
    env = {**os.environ, "KR_INDEX_DIR": str(index_dir), "KNOWLEDGE_BASE_ROOT": run.docs.root}
    kr = Path(sys.executable).with_name("kr")
    kr_cmd = str(kr) if kr.exists() else shutil.which("kr")
    smart = False
    extra: list[str] = []
    if kr_cmd:
        h = subprocess.run(
            [kr_cmd, "smart", "--help"], capture_output=True, text=True, env=env, check=False
        )
        if h.returncode == 0:
            smart = True
            extra = ["--root", run.docs.root] if "--root" in h.stdout else []

    def command(q: str) -> list[str]:
        if smart:
            return [
                kr_cmd,
                "smart",
                "--query",
                q,
                "--kb-id",
                run.docs.kb,
                "--output",
                "json",
                *extra,
            ]
        return [
            sys.executable,
            "-c",
            (
                "import json,sys\nfrom knowledge_retrieval import search\n"
                "r=search(sys.argv[1], sys.argv[2], root=sys.argv[3], top_k=5)\n"
                "print(json.dumps(r.to_dict(), ensure_ascii=False))"
            ),
            q,
            run.docs.kb,
            run.docs.root,
        ]

    label = (
        "kr smart --query Q --kb-id KB --output json"
        if smart
        else "python -c 'import knowledge_retrieval; search(...)' (kr smart not available yet)"
    )

    def once(c: list[str]) -> tuple[float, int, str]:
        t0 = time.perf_counter()
        p = subprocess.run(c, capture_output=True, text=True, env=env, check=False)
        return 1000 * (time.perf_counter() - t0), p.returncode, p.stdout

    walls: list[float] = []
    per_query = []
    ok = True
    for q in run.queries[:n_queries]:
        _ms0, rc, out = once(command(q.text))
        found = None
        try:
            env_out = json.loads(out)
            found = bool(env_out.get("data", {}).get("results")) if smart else env_out.get("found")
        except (ValueError, AttributeError):
            ok = False
        ok = ok and rc == 0
        w = [once(command(q.text))[0] for _ in range(reps)]
        walls += w
        per_query.append({"query": q.text[:80], "median_ms": median(w), "found": found})
    imports = [once([sys.executable, "-c", "import knowledge_retrieval"])[0] for _ in range(reps)]
    bare = [once([sys.executable, "-c", "pass"])[0] for _ in range(reps)]
    return {
        "how": label,
        "wall_ms": median(walls),
        "max_query_ms": max(p["median_ms"] for p in per_query),
        "ok": ok,
        "per_query": per_query,
        "import_ms": median(imports),
        "python_ms": median(bare),
        "reps": reps,
    }


def run_corpus(run: CorpusRun, args: argparse.Namespace, base: Path) -> dict:
    res: dict = {
        "name": run.name,
        "group": run.group,
        "kb": run.docs.kb,
        "docs": len(run.docs.paths),
        "queries": len(run.queries),
        "lang": run.docs.lang,
        "note": run.note,
        "has_qrels": run.has_qrels,
        "engines": {},
        **run.extra,
    }
    engines = [e for e in run.engines if not args.engines or e in args.engines]
    qtexts = [q.text for q in run.queries]
    for key in engines:
        wd = base / run.name / key
        common = {"engine": key, "docs": run.docs.to_json(), "workdir": str(wd)}
        log(f"[{run.name}] {key}: build ({len(run.docs.paths)} docs)")
        b = run_worker({**common, "phase": "build"}, wd)
        row: dict = {"build": b}
        if "error" not in b:
            log(f"[{run.name}] {key}: build {b['build_s']:.1f} s; {len(qtexts)} queries")
            qr = run_worker(
                {
                    **common,
                    "phase": "query",
                    "queries": qtexts,
                    "k": 10,
                    "budget_s": args.budget,
                    "warmup": 2 if key == "grep" else 10,
                },
                wd,
            )
            ranked = qr.pop("ranked", None)
            if ranked is not None and run.has_qrels:
                scores = [ndcg_at(r, q.relevant) for r, q in zip(ranked, run.queries, strict=False)]
                qr["ndcg10"] = sum(scores) / len(scores)
                mrr = [mrr_at(r, q.relevant) for r, q in zip(ranked, run.queries, strict=False)]
                qr["mrr10"] = sum(mrr) / len(mrr)
            row["query"] = qr
            if "error" not in qr:
                log(
                    f"[{run.name}] {key}: p50 {qr['p50_ms']:.2f} ms, p95 {qr['p95_ms']:.2f} ms"
                    + (
                        f", nDCG@10 {qr['ndcg10']:.3f}, MRR@10 {qr['mrr10']:.3f}"
                        if "ndcg10" in qr
                        else ""
                    )
                )
            if key == "ours":
                if not args.no_cli and run.group != "scale":
                    row["cli"] = cli_timing(run, wd / "ours-index")
                    log(
                        f"[{run.name}] ours: CLI {row['cli']['wall_ms']:.0f} ms ({row['cli']['how']})"
                    )
                if (
                    not args.no_freshness
                    and run.group == "scale"
                    and run.extra.get("files") == min(10_000, args.scale_files)
                ):
                    f = run_worker({**common, "phase": "freshness", "queries": qtexts}, wd)
                    row["freshness"] = f
                    log(f"[{run.name}] ours: freshness {f}")
        res["engines"][key] = row
        if not args.keep:
            shutil.rmtree(wd, ignore_errors=True)
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "--corpus",
        default=",".join(corpora.CORPORA),
        help="comma-separated: scifact,cmrc,zhdocs,tldr,otel,helm,scale (default: all)",
    )
    ap.add_argument(
        "--quick",
        action="store_true",
        help="small subsets (1,000 documents, 50 queries; scale 1k and 5k files)",
    )
    ap.add_argument(
        "--scale-files",
        type=int,
        default=None,
        help="files in the largest scale corpus (default 100000; 5000 with --quick)",
    )
    ap.add_argument("--engines", help=f"comma-separated subset of {','.join(ENGINE_KEYS)}")
    ap.add_argument("--queries", type=int, help="use at most N queries per corpus")
    ap.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds of timed queries per engine before it stops (default 300; quick 20)",
    )
    ap.add_argument(
        "--write-docs",
        action="store_true",
        help="rewrite docs/performance.md (and the scale plot) from the results",
    )
    ap.add_argument(
        "--docs-only",
        action="store_true",
        help="only rewrite docs/performance.md from stored results; run nothing",
    )
    ap.add_argument("--keep", action="store_true", help="keep the temporary index folders")
    ap.add_argument("--no-cli", action="store_true", help="skip the CLI wall-time measurement")
    ap.add_argument("--no-freshness", action="store_true", help="skip the freshness measurement")
    args = ap.parse_args(argv)
    if args.docs_only:
        report.write_docs()
        return 0
    args.scale_files = args.scale_files or (5000 if args.quick else 100_000)
    args.budget = args.budget or (20.0 if args.quick else 300.0)
    args.engines = set(args.engines.split(",")) if args.engines else None
    names = [c.strip() for c in args.corpus.split(",") if c.strip()]
    runs = corpora.load(names, quick=args.quick, scale_files=args.scale_files, limit=args.queries)
    if not runs:
        return 0
    command = "python -m benchmarks " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    meta = {
        "command": command.strip(),
        "quick": args.quick,
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "machine": machine(),
        "versions": versions(),
        "git": report.git_state(),
    }
    base = Path(tempfile.mkdtemp(prefix="kr-bench-"))
    results = []
    t0 = time.perf_counter()
    try:
        for run in runs:
            results.append(run_corpus(run, args, base))
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
        else:
            log(f"index folders kept in {base}")
    meta["seconds"] = round(time.perf_counter() - t0, 1)
    end = report.git_state()
    if end != meta["git"]:  # others commit while a long run goes on: say so
        meta["git"] = f"{meta['git']} at the start, {end} at the end"
    md = report.render_run(meta, results)
    from . import semantic

    if semantic.configured():  # KR_EMBEDDER names an embedder: its cost beside the lexical one
        md += "\n\n" + semantic.render(semantic.measure())
    sys.stdout.write(md + "\n")
    write_json(RESULTS_DIR / "latest.json", {"meta": meta, "corpora": results})
    (RESULTS_DIR / "latest.md").write_text(md + "\n", encoding="utf-8")
    suffix = "-quick" if args.quick else ""
    for r in results:  # one file per corpus: later runs of other corpora leave it alone
        write_json(RESULTS_DIR / f"{r['name']}{suffix}.json", {"meta": meta, "corpora": [r]})
    if args.write_docs:
        report.write_docs()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
