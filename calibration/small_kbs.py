"""Make small KBs (5 to 300 files) subsampled from the dev KBs, with their queries and out-of-scope ones.

    python -m calibration.small_kbs OUT [--eval EVAL_DIR] [--sizes 5 20 60 150 300] [--seed 13]

For every size N it writes ``OUT/size-N/`` — a KB root holding, for each dev KB, a folder with
the KB's README and N of its files: every file relevant to the sampled queries plus random others
— and ``OUT/size-N/questions.jsonl`` in the calibration schema (see calibration/README.md):

* the sampled queries of each KB (answerable);
* queries of the same suite whose answer file was left out of the sample (answerable: false,
  asked of that KB; note ``in-domain``);
* queries of the other suites, asked of this KB (answerable: false; note ``out-of-scope``),
  never one whose answer file is in the sample of its own KB.

Front-matter keys a suite asks to strip (``strip_front_matter``) are removed from the copies,
so the written questions no longer carry the field. The evaluation data is never copied into
the repository: OUT must lie outside it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: python calibration/small_kbs.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calibration.common import infer_kind, strip_front_matter, write_questions

REPO = Path(__file__).resolve().parents[1]
DEV_KBS = ("scifact", "cmrc2018", "drcd", "otel", "helm", "qmd-eval-docs")
SIZES = (5, 20, 60, 150, 300)
DOC_SUFFIXES = {".md", ".mdx", ".markdown", ".csv", ".txt"}
EVAL_ENV = "KR_EVAL_DIR"


def default_eval_dir() -> Path:
    """``$KR_EVAL_DIR``, else the ``shared/eval`` folder beside the repository."""
    return Path(os.environ.get(EVAL_ENV) or REPO.parent / "shared" / "eval")


def doc_files(kb_dir: Path) -> list[str]:
    """Every document of a KB folder (README and hidden folders aside), sorted, KB-relative."""
    out = []
    for f in kb_dir.rglob("*"):
        rel = f.relative_to(kb_dir)
        if (
            f.is_file()
            and f.suffix.lower() in DOC_SUFFIXES
            and rel.as_posix() != "README.md"
            and not any(p.startswith(".") for p in rel.parts)
        ):
            out.append(rel.as_posix())
    return sorted(out)


def load_suites(eval_dir: Path, kbs: tuple[str, ...]) -> dict[str, list[dict[str, Any]]]:
    """The queries of every dev KB, from all query files, grouped by KB."""
    by_kb: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for path in sorted((eval_dir / "queries").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                q = json.loads(line)
                if q.get("kb") in kbs and q.get("relevant"):
                    by_kb[q["kb"]].append(q | {"suite": path.stem})
    return dict(by_kb)


def query_count(size: int) -> int:
    """How many queries a KB of this many files gets."""
    return max(2, min(40, math.ceil(size * 0.4)))


def sample_kb(
    queries: list[dict[str, Any]], files: list[str], size: int, rng: random.Random
) -> tuple[list[dict[str, Any]], set[str]]:
    """Queries whose answer files fit in ``size`` files, and the files: theirs plus random others."""
    have = set(files)
    size = min(size, len(files))
    order = list(queries)
    rng.shuffle(order)
    picked: list[dict[str, Any]] = []
    chosen: set[str] = set()
    for q in order:
        rel = set(q["relevant"])
        if not rel <= have or len(chosen | rel) > size:
            continue
        picked.append(q)
        chosen |= rel
        if len(picked) >= query_count(size):
            break
    others = sorted(have - chosen)
    chosen |= set(rng.sample(others, size - len(chosen)))
    return picked, chosen


def _copy_kb(src: Path, dst: Path, files: set[str], strip: list[str]) -> None:
    dst.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src / "README.md", dst / "README.md")
    for rel in sorted(files):
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src / rel, dst / rel)
        if strip:
            strip_front_matter(dst / rel, strip)


def _question(q: dict[str, Any], **over: Any) -> dict[str, Any]:
    out = {
        "id": q["id"],
        "query": q["query"],
        "kb": q["kb"],
        "relevant": dict(q["relevant"]),
        "answerable": True,
    }
    out["kind"] = infer_kind(out)
    out["suite"] = q["suite"]
    out["set"] = "in-scope"
    out.update(over)
    return out


def build_size(
    eval_dir: Path,
    out: Path,
    size: int,
    suites: dict[str, list[dict[str, Any]]],
    files: dict[str, list[str]],
    seed: int,
) -> dict[str, Any]:
    """One root of KBs of ``size`` files each, and its questions file; returns what it made."""
    root = out / f"size-{size}"
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    picked: dict[str, list[dict[str, Any]]] = {}
    chosen: dict[str, set[str]] = {}
    for kb, qs in suites.items():
        rng = random.Random(f"{seed}:{kb}:{size}")
        picked[kb], chosen[kb] = sample_kb(qs, files[kb], size, rng)
        strip = sorted({k for q in qs for k in q.get("strip_front_matter", ())})
        _copy_kb(eval_dir / "KnowledgeBase" / kb, root / kb, chosen[kb], strip)
    questions: list[dict[str, Any]] = []
    for kb, qs in suites.items():
        rng = random.Random(f"{seed}:{kb}:{size}:absent")
        n = len(picked[kb])
        questions += [_question(q) for q in picked[kb]]
        # the same suite, answer file left out of this sample
        left_out = [q for q in qs if not set(q["relevant"]) & chosen[kb]]
        for q in rng.sample(left_out, min(len(left_out), max(1, n // 4))):
            questions.append(
                _question(
                    q,
                    id=f"{q['id']}@absent",
                    kb=None,
                    relevant={},
                    answerable=False,
                    ask_kb=kb,
                    kind="absent_topic",
                    note="in-domain: its answer file is not in this sample",
                    set="in-domain",
                )
            )
        # other suites' queries, never one answered by the sample of its own KB
        foreign = [
            q
            for other, oqs in suites.items()
            if other != kb
            for q in oqs
            if not set(q["relevant"]) & chosen[other]
        ]
        for q in rng.sample(foreign, min(len(foreign), max(1, n // 2))):
            questions.append(
                _question(
                    q,
                    id=f"{q['id']}@{kb}",
                    kb=None,
                    relevant={},
                    answerable=False,
                    ask_kb=kb,
                    kind="absent_topic",
                    note=f"out-of-scope: a {q['suite']} query",
                    set="out-of-scope",
                )
            )
    write_questions(root / "questions.jsonl", questions)
    return {
        "root": str(root),
        "files": {kb: len(c) for kb, c in chosen.items()},
        "answerable": sum(q["answerable"] for q in questions),
        "absent": sum(not q["answerable"] for q in questions),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m calibration.small_kbs",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("out", type=Path, help="output folder (outside the repository)")
    ap.add_argument("--eval", type=Path, default=None, help=f"evaluation data (${EVAL_ENV})")
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    ap.add_argument("--kbs", nargs="+", default=list(DEV_KBS), help="dev KBs to sample")
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args(argv)
    out = args.out.resolve()
    if out == REPO or REPO in out.parents:
        ap.error(f"{args.out} is inside the repository; evaluation data must not be copied into it")
    eval_dir = (args.eval or default_eval_dir()).resolve()
    if not (eval_dir / "queries").is_dir():
        ap.error(f"no evaluation data at {eval_dir} (pass --eval or set ${EVAL_ENV})")
    kbs = tuple(args.kbs)
    suites = load_suites(eval_dir, kbs)
    files = {kb: doc_files(eval_dir / "KnowledgeBase" / kb) for kb in suites}
    for size in args.sizes:
        made = build_size(eval_dir, out, size, suites, files, args.seed)
        sys.stdout.write(json.dumps(made) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
