"""Markdown tables of a run, and ``docs/performance.md`` composed from the stored results."""

from __future__ import annotations

import hashlib
import json
import math
import re
import subprocess

from .common import REPO, RESULTS_DIR, log

DOCS = REPO / "docs" / "performance.md"
EVAL_DATA = """\
## The evaluation data

The README's evaluation command, the quality tests and these benchmarks read public data sets
laid out as a KnowledgeBase root beside the repository, in `../shared/eval/`. They are not part
of the repository (the tests that need them skip without them); fetch each from its source below
and lay it out as:

```text
../shared/eval/
  KnowledgeBase/                one folder per data set, each with a README.md (kb-format.md)
    scifact/abstracts/<doc-id>.md       one abstract a page, title as # heading
    cmrc2018/articles/...               one Wikipedia paragraph a page (Simplified Chinese)
    drcd/articles/...                   one Wikipedia paragraph a page (Traditional Chinese)
    otel/content/{en,zh}/docs/...       the site's Markdown as published, front matter kept
    helm/docs/, versioned_docs/, i18n/  the site's .md / .mdx as published
    cncf-glossary/content/...           the glossary's Markdown, English and Chinese
    tldr/pages/, pages.zh/, pages.zh_TW/  the pages as published
    qmd-eval-docs/*.md                  the six handbook documents
  queries/<suite>.jsonl         one query a line: {"id", "kb", "query", "relevant":
                                {"<path in the KB>": grade}}, optionally
                                "strip_front_matter": [keys] (removed from a copy before it runs)
```

| data set | queries | source | licence |
| --- | --- | --- | --- |
| SciFact (5,183 abstracts) | `scifact-train.jsonl` (809 claims, BEIR qrels) | allenai/scifact via BEIR (corpus, queries, qrels) | claims CC BY 4.0, abstracts ODC-By 1.0 |
| CMRC 2018 (1,104 paragraphs) | `cmrc2018-trial.jsonl` (1,002 questions → their paragraph) | ymcui/cmrc2018, squad-style-data | CC BY-SA 4.0 |
| DRCD 1.3 (2,000 paragraphs) | `drcd-dev.jsonl` (1,000 questions → their paragraph) | DRCKnowledgeTeam/DRCD | CC BY-SA 3.0 |
| OpenTelemetry docs | `otel-known-item.jsonl` (311 descriptions → their page) | open-telemetry/opentelemetry.io, content/{en,zh}/docs | CC BY 4.0 |
| Helm docs | `helm-known-item.jsonl` (147 descriptions → their page) | helm/helm-www | MIT |
| Cloud Native Glossary | (KB choice only) | cncf/glossary | Apache-2.0 |
| tldr pages (9,500) | (speed and KB choice) | tldr-pages/tldr | CC BY 4.0 |
| qmd eval docs (6 handbooks) | `qmd-eval-docs.jsonl` (50 questions → the answering document) | tobi/qmd (`test/eval-docs` and its eval queries) | MIT |

`python -m knowledge_retrieval.eval` checks the folder, the query files and the KBs they name
before it starts, and says in one line what is missing.
"""
"""The section on where the evaluation data comes from and its layout (kept on every rewrite)."""
PLOT = REPO / "docs" / "performance-scale.png"
GROUPS = ("scifact", "cmrc", "zhdocs", "tldr", "otel", "helm", "scale")
LABELS = {
    "ours": "**ours**: `search()`, freshness check included",
    "ours_default": "**ours**, default call: `search(q, kb)` (top 5, threshold 0.35, answer)",
    "whoosh": "Whoosh, default way (BM25F, stemming, title x2)",
    "bm25s": "bm25s (Lucene BM25, stemmed, stop words)",
    "fts5": "SQLite FTS5 (porter unicode61, title x2)",
    "fts5_trigram": "SQLite FTS5 (trigram, title x2)",
    "whoosh_jieba": "Whoosh + jieba (BM25F, jieba words, title x2)",
    "grep": "grep -rliF per keyword, rank by keywords hit",
}
ZH_LABELS = {"bm25s": "bm25s (Lucene BM25, character bigrams)"}
DASH = "\u2013"  # an en dash marks a figure that does not apply
READING_START, READING_END = "<!-- reading:start -->", "<!-- reading:end -->"


def git_state() -> str:
    """HEAD, plus a digest of the library's sources when they differ from it (others edit them)."""
    try:
        rev = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "knowledge_retrieval"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    except OSError:
        return "?"
    if not dirty:
        return rev
    h = hashlib.sha1()
    for p in sorted((REPO / "knowledge_retrieval").rglob("*.py")):
        h.update(p.relative_to(REPO).as_posix().encode() + b"\0" + p.read_bytes())
    return f"{rev} + uncommitted library changes (sources sha1 {h.hexdigest()[:10]})"


def f(x: object, nd: int = 1) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return DASH
    if isinstance(x, (int, float)):
        if nd == 0:
            return f"{x:,.0f}"
        return f"{x:,.{nd}f}"
    return str(x)


def ms(x: object) -> str:
    if not isinstance(x, (int, float)):
        return DASH
    return f(x, 2 if x < 10 else 1 if x < 100 else 0)


def machine_line(m: dict) -> str:
    parts = [f"{m.get('cpus', '?')} cores"]
    if m.get("cpu"):
        parts.append(str(m["cpu"]))
    if m.get("ram_gb"):
        parts.append(f"{m['ram_gb']} GB RAM")
    parts.append(f"{m.get('os', '')} {m.get('arch', '')}".strip())
    parts.append(f"Python {m.get('python', '?')}")
    if m.get("sqlite"):
        parts.append(f"SQLite {m['sqlite']}")
    return ", ".join(parts)


def corpus_table(c: dict) -> str:
    lines = [
        f"**{c['name']}**: {c['docs']:,} documents, {c['queries']:,} queries. {c.get('note', '')}",
        "",
        (
            "| engine | build s | docs/s | index MB | build RSS MB | p50 ms | p95 ms | first query ms "
            "| query RSS MB | nDCG@10 | MRR@10 | queries timed | load avg |"
        ),
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for key, row in c["engines"].items():
        b, q = row.get("build", {}), row.get("query", {})
        label = (ZH_LABELS.get(key) if c.get("lang") == "zh" else None) or LABELS.get(key, key)
        if "error" in b or "error" in q:
            lines.append(
                f"| {label} | failed: {b.get('error') or q.get('error')} | | | | | | | | | | | |"
            )
            continue
        bs = b.get("build_s")
        rate = (b["docs"] / bs) if bs and key != "grep" else None
        lines.append(
            f"| {label} | {f(bs, 2) if key != 'grep' else DASH} | {f(rate, 0)} "
            f"| {f(b.get('index_bytes', 0) / 1e6, 1) if key != 'grep' else DASH} "
            f"| {f(b.get('rss_mb'), 0)} | {ms(q.get('p50_ms'))} | {ms(q.get('p95_ms'))} "
            f"| {ms(q.get('first_query_ms'))} | {f(q.get('rss_mb'), 0)} "
            f"| {f(q.get('ndcg10'), 3) if 'ndcg10' in q else DASH} "
            f"| {f(q.get('mrr10'), 3) if 'mrr10' in q else DASH} | {q.get('queries', DASH)} "
            f"| {f(max(q['loadavg']), 1) if q.get('loadavg') else DASH} |"
        )
    return "\n".join(lines)


def cli_rows(corpora: list[dict]) -> str:
    rows = []
    for c in corpora:
        cli = c["engines"].get("ours", {}).get("cli")
        if cli:
            rows.append(
                f"| {c['name']} | {ms(cli['wall_ms'])} | {ms(cli.get('max_query_ms'))} "
                f"| {ms(cli['import_ms'])} "
                f"| {ms(cli['python_ms'])} | {'yes' if cli['ok'] else 'NO'} | {cli['how']} |"
            )
    if not rows:
        return ""
    return "\n".join(
        [
            (
                "| corpus | CLI wall ms (median, 3 queries x 5 runs) | slowest query (median ms) "
                "| `import knowledge_retrieval` ms | bare `python -c pass` ms | JSON ok | command |"
            ),
            "|---|--:|--:|--:|--:|:-:|---|",
            *rows,
        ]
    )


def freshness_rows(corpora: list[dict]) -> str:
    rows = []
    for c in corpora:
        fr = c["engines"].get("ours", {}).get("freshness")
        if fr and "error" not in fr:
            rows.append(
                f"| {c['name']} ({fr['files']:,} files) | {ms(fr['unchanged_p50_ms'])} "
                f"| {ms(fr['stat_walk_ms'])} | {ms(fr['touch_ms'])} | {ms(fr['edit_ms'])} "
                f"| {ms(fr['edit_max_ms'])} | {fr['edit_seen']} |"
            )
    if not rows:
        return ""
    return "\n".join(
        [
            (
                "| KB | search, unchanged (p50 ms) | stat walk alone (ms) | search after touching one file "
                "(median ms) | search after editing one file (median ms) | worst edit (ms) | edit seen at once |"
            ),
            "|---|--:|--:|--:|--:|--:|:-:|",
            *rows,
        ]
    )


def scale_rows(corpora: list[dict]) -> str:
    rows = []
    for c in corpora:
        if c.get("group") != "scale":
            continue
        for key in ("ours", "fts5"):
            row = c["engines"].get(key)
            if not row or "error" in row.get("query", {"error": 1}):
                continue
            b, q = row["build"], row["query"]
            rows.append(
                f"| {c['docs']:,} | {key} | {f(b.get('build_s'), 1)} "
                f"| {f(b.get('index_bytes', 0) / 1e6, 0)} | {ms(q['p50_ms'])} "
                f"| {ms(q['p95_ms'])} | {f(q.get('rss_mb'), 0)} | {f(b.get('rss_mb'), 0)} |"
            )
    if not rows:
        return ""
    return "\n".join(
        [
            "| files | engine | build s | index MB | p50 ms | p95 ms | query RSS MB | build RSS MB |",
            "|--:|---|--:|--:|--:|--:|--:|--:|",
            *rows,
        ]
    )


def render_run(meta: dict, corpora: list[dict]) -> str:
    out = [
        f"# Benchmark run {meta['date']}{' (quick)' if meta.get('quick') else ''}",
        "",
        f"`{meta['command']}` — {meta.get('seconds', '?')} s; library at {meta.get('git', '?')}",
        "",
        machine_line(meta["machine"]),
        "",
    ]
    for c in corpora:
        out += [corpus_table(c), ""]
    for title, body in (
        ("CLI wall time", cli_rows(corpora)),
        ("Freshness (ours)", freshness_rows(corpora)),
        ("Query cost as the KB grows", scale_rows(corpora)),
    ):
        if body:
            out += [f"## {title}", "", body, ""]
    return "\n".join(out).rstrip()


# --------------------------------------------------------------------------- docs


def _load_groups() -> list[tuple[str, dict]]:
    """The stored result of each corpus (a full run preferred over a quick one), in a fixed
    order: scifact, cmrc, tldr, then the scale corpora by size."""
    found: dict[str, tuple[bool, dict]] = {}
    for p in sorted(RESULTS_DIR.glob("*.json")):
        if p.stem == "latest" or p.stem.startswith("profile"):
            continue
        d = json.loads(p.read_text(encoding="utf-8"))
        for c in d.get("corpora", []):
            quick = bool(d["meta"].get("quick"))
            if c["name"] not in found or (found[c["name"]][0] and not quick):
                found[c["name"]] = (quick, {"meta": d["meta"], "corpora": [c]})

    if any(not quick for quick, _d in found.values()):  # quick results only fill an empty page
        found = {n: v for n, v in found.items() if not v[0]}

    def order(name: str) -> tuple[int, int]:
        if name in GROUPS:
            return GROUPS.index(name), 0
        return len(GROUPS), found[name][1]["corpora"][0].get("docs", 0)

    return [(n, found[n][1]) for n in sorted(found, key=order)]


def _eng(corpora: list[dict], name: str, key: str) -> dict:
    for c in corpora:
        if c["name"] == name:
            return c["engines"].get(key, {})
    return {}


def targets(all_corpora: list[dict]) -> str:
    """The cold-build, default-call and CLI targets (issue 15) against this run's figures."""
    rows = []

    def add(target: str, measured: str, ok: bool | None) -> None:
        rows.append(
            f"| {target} | {measured} | {DASH if ok is None else 'yes' if ok else '**no**'} |"
        )

    def build_ratio(corpus: str, peer: str, label: str, limit: float) -> None:
        ob = _eng(all_corpora, corpus, "ours").get("build", {})
        pb = _eng(all_corpora, corpus, peer).get("build", {})
        if "build_s" in ob and "build_s" in pb and pb["build_s"] > 0:
            r = ob["build_s"] / pb["build_s"]
            add(
                f"{label}: cold build <= {limit:g}x {peer} (same run)",
                f"ours {ob['build_s']:.2f} s vs {pb['build_s']:.2f} s ({r:.1f}x)",
                r <= limit,
            )

    build_ratio("scifact", "fts5", "SciFact", 8)
    build_ratio("zhdocs", "fts5_trigram", "Chinese docs (zhdocs)", 5)
    big = [c for c in all_corpora if c.get("group") == "scale"]
    largest = max(big, key=lambda c: c["docs"]) if big else None
    if largest is not None and largest["docs"] >= 100_000:
        build_ratio(largest["name"], "fts5", f"scale ({largest['docs']:,} files)", 10)
    d, fts = (_eng(all_corpora, "scifact", k) for k in ("ours_default", "fts5"))
    dq, fq = d.get("query", {}), fts.get("query", {})
    if "p50_ms" in dq and "p50_ms" in fq:
        add(
            "SciFact default `search(q, kb)`: p50 <= FTS5 p50",
            f"{ms(dq['p50_ms'])} ms vs FTS5 {ms(fq['p50_ms'])} ms",
            dq["p50_ms"] <= fq["p50_ms"],
        )
        add(
            "SciFact default `search(q, kb)`: p95 <= 2x FTS5 p95",
            f"{ms(dq['p95_ms'])} ms vs FTS5 {ms(fq['p95_ms'])} ms",
            dq["p95_ms"] <= 2 * fq["p95_ms"],
        )
    for c in all_corpora:
        cli = c["engines"].get("ours", {}).get("cli")
        if cli and c["name"] == "scifact":
            add(
                "CLI `kr smart ... --output json` <= 250 ms (median)",
                f"{ms(cli['wall_ms'])} ms ({cli['how']})",
                cli["wall_ms"] <= 250 if cli["how"].startswith("kr smart") else None,
            )
    for c in all_corpora:
        fr = c["engines"].get("ours", {}).get("freshness")
        if fr and "error" not in fr:
            add(
                f"edit to visible <= 100 ms ({fr['files']:,} files)",
                f"{ms(fr['edit_ms'])} ms median, {ms(fr['edit_max_ms'])} ms worst "
                f"(unchanged KB: {ms(fr['unchanged_p50_ms'])} ms)",
                fr["edit_ms"] <= 100 if fr["files"] >= 10_000 else None,
            )
    if largest is not None:
        oq = largest["engines"].get("ours", {}).get("query", {})
        if "p50_ms" in oq:
            n = largest["docs"]
            add(
                f"scale ({n:,} files): warm p50 <= 30 ms",
                f"{ms(oq['p50_ms'])} ms",
                oq["p50_ms"] <= 30 if n >= 100_000 else None,
            )
            add(
                f"scale ({n:,} files): peak RSS <= 500 MB",
                f"{f(oq.get('rss_mb'), 0)} MB searching, "
                f"{f(largest['engines']['ours']['build'].get('rss_mb'), 0)} MB building",
                oq.get("rss_mb", 1e9) <= 500 if n >= 100_000 else None,
            )
    if not rows:
        return ""
    return "\n".join(["| target (issue 15) | measured | met |", "|---|---|:-:|", *rows])


def plot(all_corpora: list[dict]) -> bool:
    pts: dict[str, list[tuple[int, float, float]]] = {}
    for c in all_corpora:
        if c.get("group") != "scale":
            continue
        for key in ("ours", "fts5"):
            q = c["engines"].get(key, {}).get("query", {})
            if "p50_ms" in q:
                pts.setdefault(key, []).append((c["docs"], q["p50_ms"], q["p95_ms"]))
    if len(pts.get("ours", [])) < 2:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=110)
    style = {
        "ours": ("tab:blue", "knowledge_retrieval search()"),
        "fts5": ("tab:gray", "SQLite FTS5"),
    }
    for key, p in pts.items():
        p.sort()
        xs = [x for x, _a, _b in p]
        color, name = style[key]
        ax.plot(xs, [a for _x, a, _b in p], "o-", color=color, label=f"{name} p50")
        ax.plot(xs, [b for _x, _a, b in p], "o--", color=color, alpha=0.6, label=f"{name} p95")
    ax.axhline(30, color="tab:red", lw=0.8, ls=":", label="target p50 at 100k (30 ms)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("files in the KB")
    ax.set_ylabel("warm query time, ms")
    ax.set_title("Query cost as the KB grows (freshness check included for ours)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    PLOT.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(PLOT)
    plt.close(fig)
    return True


def write_docs() -> None:
    groups = _load_groups()
    if not groups:
        log("no stored results in benchmarks/results/; run the benchmark first")
        return
    all_corpora = [c for _g, d in groups for c in d["corpora"]]
    latest = max((d["meta"] for _g, d in groups), key=lambda m: m["date"])
    reading = ""
    if DOCS.is_file():
        m = re.search(
            re.escape(READING_START) + r"(.*?)" + re.escape(READING_END),
            DOCS.read_text(encoding="utf-8"),
            re.DOTALL,
        )
        reading = m.group(1).strip() if m else ""
    out = [
        "# Performance",
        "",
        (
            "knowledge_retrieval beside the tools people and agents use instead: Whoosh used the "
            "default way (and, on Chinese text, with jieba's analyzer), bm25s, SQLite FTS5 (what qmd's "
            "keyword mode does) and grep per keyword (what an agent does without an index). Same documents, same queries, same run; every figure "
            "below was measured by `benchmarks/` on the machine described. The evaluation data is read "
            "from `../shared/eval` (never copied into the repository)."
        ),
        "",
        f"Machine: {machine_line(latest['machine'])}.",
        "",
        "## Reproduce",
        "",
        "```sh",
        "pip install -e '.[bench]'                   # bm25s, PyStemmer, matplotlib",
    ]
    cmds: dict[str, list[str]] = {}
    for g, d in groups:
        cmds.setdefault(d["meta"]["command"], []).append(g)
    for cmd, names in cmds.items():
        d = next(d for g, d in groups if g == names[0])
        out.append(
            f"{cmd:<44} # {', '.join(names)}: run {d['meta']['date']}, "
            f"{d['meta'].get('seconds', '?')} s, library {d['meta'].get('git', '?')}"
        )
    out += [
        "python -m benchmarks.profile_query           # where our query time goes (cProfile)",
        "python -m benchmarks.profile_query --corpus scale --edit --queries 20  # search after an edit",
        "python -m benchmarks --docs-only            # rewrite this page from benchmarks/results/",
        "```",
        "",
        (
            "How it measures: each engine builds its index in one subprocess and answers the queries in "
            "another, so peak RSS is that engine's alone (the process's own `VmHWM`; `ru_maxrss` from "
            "`wait4` would start at the parent's size after fork; grep's figure is the Python driver's, "
            "not the grep children's). Build time includes reading and parsing the files. "
            "Queries are warm: the first query and nine more (grep: one more) run once before timing; "
            'p50/p95 are over the timed pass (stopped after a time budget for slow engines: see "queries timed"). '
            "nDCG@10 uses `knowledge_retrieval.eval.ndcg_at`. Ours is `search(q, kb, root=..., "
            "top_k=10, score_threshold=0.0)`, so every one of its queries includes the freshness check."
        ),
        "",
    ]
    out += [EVAL_DATA.rstrip("\n"), ""]
    t = targets(all_corpora)
    if t:
        out += ["## Against the targets", "", t, ""]
    out += ["## Reading", "", READING_START, reading or "_(to be written)_", READING_END, ""]
    out += ["## Results per corpus", ""]
    for _g, d in groups:
        for c in d["corpora"]:
            out += [corpus_table(c), ""]
        if d["meta"].get("quick"):
            out += ["_(quick run: small subsets)_", ""]
    for title, body in (
        ("CLI wall time", cli_rows(all_corpora)),
        ("Freshness", freshness_rows(all_corpora)),
        ("Query cost as the KB grows", scale_rows(all_corpora)),
    ):
        if body:
            out += [f"## {title}", "", body, ""]
            if title.startswith("Query cost") and plot(all_corpora):
                out += ["![query time vs KB size](performance-scale.png)", ""]
    prof = RESULTS_DIR / "profile-scifact.md"
    if prof.is_file():
        out += [
            "## Where our query time goes (SciFact)",
            "",
            prof.read_text(encoding="utf-8").strip(),
            "",
        ]
    for prof in sorted(RESULTS_DIR.glob("profile-edit-*.md")):
        out += [
            "## Where a search after an edit spends its time",
            "",
            prof.read_text(encoding="utf-8").strip(),
            "",
        ]
    DOCS.parent.mkdir(parents=True, exist_ok=True)
    DOCS.write_text("\n".join(out).rstrip() + "\n", encoding="utf-8")
    log(f"wrote {DOCS.relative_to(REPO)}")
