"""Evaluate ranking on query suites (``{"id","kb","query","relevant"}`` JSON lines).

Run ``python -m knowledge_retrieval.eval --root ../shared/eval/KnowledgeBase
../shared/eval/queries/scifact-train.jsonl`` to print nDCG@10, Recall@5, MRR@10 and found-rate;
``--choose`` also measures KB choice with ``kb=None``; ``--out-of-scope KB`` asks every query of
the suite of another KB and counts how many are (rightly) not found.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import frontmatter

from .api import search
from .defaults import DEFAULT_THRESHOLD
from .errors import InvalidArgumentError


@dataclass(slots=True)
class Metrics:
    """Sums over a suite; read the means from :meth:`summary`."""

    n: int = 0
    ndcg10: float = 0.0
    recall5: float = 0.0
    mrr10: float = 0.0
    found: int = 0
    found_wrong: int = 0
    """Found, yet no hit at or above the line is a relevant document."""
    kb_right: int = 0
    kb_asked: int = 0
    seconds: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        n = max(self.n, 1)
        out = {
            "queries": self.n,
            "nDCG@10": round(self.ndcg10 / n, 4),
            "Recall@5": round(self.recall5 / n, 4),
            "MRR@10": round(self.mrr10 / n, 4),
            "found_rate": round(self.found / n, 4),
            "found_no_relevant": round(self.found_wrong / n, 4),
        }
        if self.kb_asked:
            out["kb_choice"] = round(self.kb_right / self.kb_asked, 4)
        if self.seconds:
            s = sorted(self.seconds)
            out["p50_ms"] = round(1000 * s[len(s) // 2], 2)
        return out


def load_queries(path: Path, limit: int | None = None) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return rows[:limit] if limit else rows


def ndcg_at(ranked: list[str], relevant: dict[str, int], k: int = 10) -> float:
    dcg = sum((2 ** relevant.get(p, 0) - 1) / math.log2(i + 2) for i, p in enumerate(ranked[:k]))
    ideal = sorted(relevant.values(), reverse=True)[:k]
    idcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def mrr_at(ranked: list[str], relevant: dict[str, int], k: int = 10) -> float:
    """1 / the rank of the first relevant document among the top ``k`` (0 when none is)."""
    return next((1.0 / (i + 1) for i, p in enumerate(ranked[:k]) if relevant.get(p, 0) > 0), 0.0)


def score_one(m: Metrics, ranked: list[str], relevant: dict[str, int]) -> None:
    m.n += 1
    m.ndcg10 += ndcg_at(ranked, relevant)
    rel = {p for p, g in relevant.items() if g > 0}
    m.recall5 += len(rel.intersection(ranked[:5])) / max(len(rel), 1)
    m.mrr10 += mrr_at(ranked, relevant)


def stripped_root(root: Path, kb: str, keys: list[str], work: Path) -> Path:
    """A copy of one KB with the given front-matter keys removed (known-item suites)."""
    dst_root = work / "KnowledgeBase"
    dst = dst_root / kb
    if dst.exists():
        return dst_root
    shutil.copytree(root / kb, dst)
    for f in dst.rglob("*"):
        if f.suffix.lower() not in (".md", ".mdx", ".markdown") or f.name == "README.md":
            continue
        try:
            post = frontmatter.loads(f.read_text(encoding="utf-8"))
        except Exception:  # noqa: BLE001, S112 - a page it cannot parse keeps its front matter
            continue
        if any(k in post.metadata for k in keys):
            for k in keys:
                post.metadata.pop(k, None)
            f.write_text(frontmatter.dumps(post) + "\n", encoding="utf-8")
    return dst_root


def run_suite(
    root: Path,
    queries: list[dict[str, Any]],
    *,
    choose: bool = False,
    threshold: float = DEFAULT_THRESHOLD,
    out_of_scope_kb: str | None = None,
) -> Metrics:
    """Rank every query and add up the metrics."""
    m = Metrics()
    with tempfile.TemporaryDirectory(prefix="kr-eval-") as tmp:
        for q in queries:
            qroot = root
            if q.get("strip_front_matter") and not out_of_scope_kb:
                qroot = stripped_root(root, q["kb"], q["strip_front_matter"], Path(tmp))
            kb = out_of_scope_kb or q["kb"]
            t0 = time.perf_counter()
            try:
                r = search(q["query"], kb, root=qroot, top_k=10, score_threshold=0.0)
            except InvalidArgumentError:  # an empty query in the suite: a miss, not a crash
                score_one(m, [], {} if out_of_scope_kb else q["relevant"])
                continue
            m.seconds.append(time.perf_counter() - t0)
            ranked = [h.path for h in r.hits]
            score_one(m, ranked, {} if out_of_scope_kb else q["relevant"])
            if r.hits and r.hits[0].score >= threshold:
                m.found += 1
                above = (h.path for h in r.hits if h.score >= threshold)
                truth = {} if out_of_scope_kb else q["relevant"]
                m.found_wrong += not any(truth.get(p, 0) > 0 for p in above)
            if choose:
                c = search(q["query"], None, root=qroot, top_k=1, score_threshold=0.0)
                m.kb_asked += 1
                m.kb_right += c.kb == q["kb"]
    return m


DATA_HELP = (
    "the evaluation data is not part of the repository: docs/performance.md "
    "(The evaluation data) says where each data set comes from and how to lay it out"
)


def _missing(root: Path, suites: list[Path], other_kb: str | None = None) -> str:
    """One line saying what the command needs and does not find, or "" when all is there."""
    if not root.is_dir():
        return f"no KnowledgeBase folder {root}; {DATA_HELP}"
    for suite in suites:
        if not suite.is_file():
            return f"no query file {suite}; {DATA_HELP}"
    for suite in suites:
        try:
            kbs = {str(q.get("kb", "")) for q in load_queries(suite)}
        except (ValueError, AttributeError) as exc:
            return f"{suite} is not a query file (JSON lines of id, kb, query, relevant): {exc}"
        for kb in sorted(kbs | ({other_kb} if other_kb else set())):
            if not (root / kb / "README.md").is_file():
                return f"no knowledge base {kb!r} (with a README.md) in {root}, which {suite.name} asks; {DATA_HELP}"
    return ""


def _iter_suites(paths: list[str]) -> Iterator[Path]:
    for p in paths:
        yield Path(p)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m knowledge_retrieval.eval", description=__doc__)
    ap.add_argument("suites", nargs="+", help="query files (.jsonl)")
    ap.add_argument("--root", required=True, help="the KnowledgeBase root the suites refer to")
    ap.add_argument("--limit", type=int, help="first N queries of each suite")
    ap.add_argument("--choose", action="store_true", help="also measure KB choice (kb=None)")
    ap.add_argument(
        "--out-of-scope",
        metavar="KB",
        help="ask every query of the suite of this other KB; report the reject rate",
    )
    ap.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    args = ap.parse_args(argv)
    root = Path(args.root)
    missing = _missing(root, [Path(s) for s in args.suites], args.out_of_scope)
    if missing:
        sys.stderr.write(f"{ap.prog}: {missing}\n")
        return 2
    for suite in _iter_suites(args.suites):
        qs = load_queries(suite, args.limit)
        m = run_suite(
            root,
            qs,
            choose=args.choose,
            threshold=args.threshold,
            out_of_scope_kb=args.out_of_scope,
        )
        s = m.summary()
        if args.out_of_scope:
            s = {
                "queries": s["queries"],
                "rejected_rate": round(1 - s["found_rate"], 4),
                "asked_of": args.out_of_scope,
            }
        sys.stdout.write(f"{suite.name}\t{json.dumps(s)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
