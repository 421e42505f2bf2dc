"""Where does a warm ``search()`` spend its time? SciFact claims, index built once.

    python -m benchmarks.profile_query [--queries 100] [--corpus scifact]

Two views: stage timings from light wrappers around the library's steps (accurate: a handful
of calls per query), and cProfile's top functions (relative: the profiler inflates the many
small calls of the postings loop). Writes ``benchmarks/results/profile-<corpus>.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import os
import pstats
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "benchmarks"

from benchmarks import corpora
from benchmarks.common import RESULTS_DIR, log, median, percentile
from benchmarks.report import git_state

STAGES: dict[str, float] = defaultdict(float)
CALLS: dict[str, int] = defaultdict(int)


def _wrap(owner: object, attr: str, stage: str) -> None:
    fn = getattr(owner, attr, None)
    if fn is None:
        log(f"  (no {attr} to time: the library changed)")
        return

    @functools.wraps(fn)
    def timed(*a, **kw):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        try:
            return fn(*a, **kw)
        finally:
            STAGES[stage] += time.perf_counter() - t0
            CALLS[stage] += 1

    setattr(owner, attr, timed)


# name fragments of functions whose cumulative time is worth reporting from cProfile
WATCH = [
    ("scan_kb", "scan.py", "scan_kb", "stat walk of the KB (freshness)"),
    ("refresh", "index.py", "refresh", "freshness check incl. stat walk and manifest diff"),
    ("list_locations", "discovery.py", "list_locations", "listing the KBs under the root"),
    ("parse_readme", "rules.py", "parse_readme", "parsing the KB README (rules)"),
    ("analyze_query", "query.py", "analyze_query", "query analysis"),
    ("rank", "ranking.py", "rank", "Ranker.rank (all scoring)"),
    ("postings", "reading.py", "postings", "opening postings (Whoosh)"),
    ("doc_field_length", "", "doc_field_length", "doc_field_length per posting (Whoosh)"),
    ("stored_fields", "", "stored_fields", "stored_fields of candidates (Whoosh)"),
    ("doc_frequency", "", "doc_frequency", "doc_frequency lookups (Whoosh)"),
    ("vector", "termstats.py", "vector", "term values per section (postings)"),
    ("near_term", "termstats.py", "near_term", "typo candidates (rapidfuzz)"),
    ("_field_value_best", "ranking.py", "_field_value_best", "field: value rows (stored text)"),
    ("make_hit", "api.py", "make_hit", "building hits (snippets)"),
    ("make_snippet", "snippets.py", "make_snippet", "snippets"),
    ("compose_answer", "answer.py", "compose_answer", "answer text"),
]


EDIT_WATCH = [
    ("refresh", "index.py", "freshness: KBIndex.refresh"),
    ("scan_kb", "scan.py", "  stat walk"),
    ("_diff", "index.py", "  diff against the manifest"),
    ("_apply", "index.py", "  incremental update"),
    ("load_document", "index.py", "    read + parse the edited file"),
    ("commit", "writing.py", "    Whoosh commit"),
    ("_write_json_atomic", "index.py", "    manifest write (JSON + fsync)"),
    ("reader", "index.py", "  reopening the reader"),
    ("rank", "ranking.py", "Ranker.rank"),
    ("vocabulary", "termstats.py", "  typo vocabulary (lexicon walk)"),
    ("make_hit", "api.py", "building hits"),
]


def profile_edit(run, qs: list[str], args: argparse.Namespace) -> int:  # type: ignore[no-untyped-def]
    """cProfile ``search()`` right after appending a line to one file, ``--queries`` times."""
    from knowledge_retrieval import search

    kb, root = run.docs.kb, run.docs.root
    rel = run.docs.paths[len(run.docs.paths) // 2]
    target = run.docs.kb_path / rel
    original = target.read_bytes()
    q = qs[0]
    n = min(args.queries, 20)
    prof = cProfile.Profile()
    walls = []
    try:
        for i in range(n):
            target.write_bytes(original + f"\n\nFreshness probe zqxprofile{i}.\n".encode())
            t = time.perf_counter()
            prof.enable()
            search(q, kb, root=root, top_k=10, score_threshold=0.0)
            prof.disable()
            walls.append(1000 * (time.perf_counter() - t))
    finally:
        target.write_bytes(original)
        search(q, kb, root=root, top_k=10, score_threshold=0.0)
    st = pstats.Stats(prof)
    lines = [
        f"Library {git_state()}, profiled {time.strftime('%Y-%m-%d %H:%M')}.",
        "",
        (
            f"Search right after editing one file of {len(run.docs.paths):,} ({n} edits, "
            f"cProfile on; median wall {median(walls):.0f} ms with the profiler)"
        ),
        "",
        "| step | calls per search | cumulative ms per search |",
        "|---|--:|--:|",
    ]
    for func, file_part, what in EDIT_WATCH:
        cc = ct = 0.0
        for (fname, _line, fn), (_c, nc, _tt, cum, _callers) in st.stats.items():  # type: ignore[attr-defined]
            if fn == func and file_part in fname:
                cc += nc
                ct = max(ct, cum)
        if cc:
            label = what.lstrip(" ")
            label = "\u00a0" * 2 * (len(what) - len(label)) + label  # indent survives Markdown
            lines.append(f"| {label} (`{func}`) | {_calls(cc / n)} | {1000 * ct / n:.1f} |")
    md = "\n".join(lines)
    print(md)
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    (RESULTS_DIR / f"profile-edit-{run.name}.md").write_text(md + "\n", encoding="utf-8")
    return 0


def _calls(x: float) -> str:
    return f"{x:,.0f}" if x >= 10 else f"{x:.2g}"


ORDER = [
    "freshness: get_index + refresh (stat walk, diff)",
    "  of which: scan_kb (stat walk)",
    "listing KBs under the root",
    "reading + parsing the KB README",
    "analyze_query",
    "Ranker.rank (scoring)",
    "building hits (stored text, snippets)",
    "compose_answer",
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.profile_query",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--corpus", default="scifact", choices=["scifact", "cmrc", "tldr", "scale"])
    ap.add_argument(
        "--scale-files",
        type=int,
        default=10_000,
        help="with --corpus scale: the size of the generated KB",
    )
    ap.add_argument(
        "--edit",
        action="store_true",
        help="profile a search right after editing one file (freshness path)",
    )
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args(argv)
    runs = corpora.load(
        [args.corpus], quick=False, scale_files=args.scale_files, limit=args.queries
    )
    if not runs:
        return 0
    run = runs[-1]
    home = tempfile.mkdtemp(prefix="kr-profile-")
    os.environ["KR_INDEX_DIR"] = home
    try:
        return _profile(run, args)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _profile(run, args: argparse.Namespace) -> int:  # type: ignore[no-untyped-def]
    import knowledge_retrieval.index.store as index_mod
    from knowledge_retrieval import api, index_kb, search
    from knowledge_retrieval.ranking import ranker as ranking

    kb, root = run.docs.kb, run.docs.root
    t0 = time.perf_counter()
    index_kb(kb, root=root, rebuild=True)
    log(f"built {kb} in {time.perf_counter() - t0:.1f} s")
    qs = [q.text for q in run.queries]

    def go() -> list[float]:
        out = []
        for q in qs:
            t = time.perf_counter()
            search(q, kb, root=root, top_k=10, score_threshold=0.0)
            out.append(1000 * (time.perf_counter() - t))
        return out

    go()  # warm
    if args.edit:
        return profile_edit(run, qs, args)
    plain = go()
    # stage timings
    _wrap(api, "_refresh", "freshness: get_index + refresh (stat walk, diff)")
    _wrap(index_mod, "scan_kb", "  of which: scan_kb (stat walk)")
    _wrap(api, "list_locations", "listing KBs under the root")
    _wrap(api, "_rules", "reading + parsing the KB README")
    _wrap(api, "analyze_query", "analyze_query")
    _wrap(ranking.Ranker, "rank", "Ranker.rank (scoring)")
    _wrap(api, "make_hit", "building hits (stored text, snippets)")
    _wrap(api, "compose_answer", "compose_answer")
    STAGES.clear()
    CALLS.clear()
    wrapped = go()
    total = sum(wrapped)
    n = len(qs)
    lines = [
        f"Library {git_state()}, profiled {time.strftime('%Y-%m-%d %H:%M')}.",
        "",
        f"{n} SciFact claims (`queries/scifact-train.jsonl`), warm, index built once, "
        f"{len(run.docs.paths):,} documents."
        if args.corpus == "scifact"
        else f"{n} queries of {args.corpus}, warm.",
        "",
        (
            f"Without profiler: p50 {median(plain):.1f} ms, p95 {percentile(plain, 95):.1f} ms, "
            f"mean {sum(plain) / n:.1f} ms per search."
        ),
        "",
        "| stage (timed with wrappers) | ms per search | share |",
        "|---|--:|--:|",
    ]
    accounted = 0.0
    for stage in sorted(STAGES, key=lambda s: ORDER.index(s) if s in ORDER else 99):
        secs = STAGES[stage]
        per = 1000 * secs / n
        if not stage.startswith("  "):
            accounted += per
        label = stage.lstrip(" ")
        label = "\u00a0" * 2 * (len(stage) - len(label)) + label
        lines.append(f"| {label} | {per:.2f} | {100 * per / (total / n):.0f}% |")
    rest = total / n - accounted
    lines.append(
        f"| rest of search() (arguments, result objects) | {rest:.2f} "
        f"| {100 * rest / (total / n):.0f}% |"
    )
    # cProfile
    prof = cProfile.Profile()
    prof.enable()
    go()
    prof.disable()
    st = pstats.Stats(prof)
    ptotal = sum(v[2] for v in st.stats.values())  # type: ignore[attr-defined]
    lines += [
        "",
        (
            f"cProfile (total {1000 * ptotal / n:.1f} ms per search with profiler "
            "overhead): cumulative time of selected functions"
        ),
        "",
        "| function | what | calls per search | cumulative ms per search | share |",
        "|---|---|--:|--:|--:|",
    ]
    for _key, file_part, func, what in WATCH:
        cc = ct = 0.0
        for (fname, _line, fn), (_c, nc, _tt, cum, _callers) in st.stats.items():  # type: ignore[attr-defined]
            if fn == func and file_part in fname:
                cc += nc
                ct = max(ct, cum)  # the outermost frame's cumulative includes nested calls
        if cc:
            lines.append(
                f"| `{func}` | {what} | {_calls(cc / n)} | {1000 * ct / n:.2f} "
                f"| {100 * ct / ptotal:.0f}% |"
            )
    lines += [
        "",
        f"cProfile: top {args.top} functions by own time",
        "",
        "| function | calls per search | own ms per search | share |",
        "|---|--:|--:|--:|",
    ]
    rows = sorted(st.stats.items(), key=lambda kv: kv[1][2], reverse=True)[: args.top]  # type: ignore[attr-defined]
    for (fname, line, fn), (_c, nc, tt, _ct, _callers) in rows:
        short = "/".join(Path(fname).parts[-2:])
        lines.append(
            f"| `{fn}` ({short}:{line}) | {_calls(nc / n)} | {1000 * tt / n:.2f} "
            f"| {100 * tt / ptotal:.0f}% |"
        )
    md = "\n".join(lines)
    print(md)
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    (RESULTS_DIR / f"profile-{args.corpus}.md").write_text(md + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
