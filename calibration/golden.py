"""Every result of the question sets, written whole, to show a change of layout changes no result.

    python -m calibration.golden --out before.jsonl               # every set, every question
    python -m calibration.golden --out after.jsonl && cmp before.jsonl after.jsonl
    python -m calibration.golden --sample --out tests/fixtures/golden/results.jsonl

Each question of the team sets is asked of its KB (``ask_kb`` or ``kb``) and with ``kb=None``;
each question of the shared evaluation suites (when ``../shared/eval`` is there) of its KB, and
one in ten with ``kb=None``. The semantic layer is off. A line holds the question's set, id, the
way it was asked, and the result's ``to_dict()`` (hits, scores, found, reason, notes, answer),
with ``explain=True`` so every feature of every score is compared too.

``--sample`` writes the small file ``tests/test_golden.py`` compares against: the sample root
and one question in twenty of the read team sets (the held-out sets are not in it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calibration.common import READ_TEAM_SETS, load_questions, stripped_copy

REPO = Path(__file__).resolve().parents[1]
EVAL = REPO.parent / "shared" / "eval"
SAMPLE_QUESTIONS = (
    "订单状态码 20 是什么意思",
    "ORDER_STATUS_PAID",
    "payment.retry.max_attempts",
    "超卖 INV_OVERSOLD",
    "how do I fix a stuck shipment",
    "退款多久到账",
    "ORDER_STATUS_NOPE",
    "what is the capital of France",
)
"""Questions put to the bundled sample root, with ``kb=None``."""
SAMPLE_EVERY = 20
"""The sample asks one question in this many of each read team set."""


def _team_sets(sample: bool) -> list[str]:
    names = sorted(p.name for p in (REPO / "calibration").glob("teamkb*") if p.is_dir())
    return [n for n in names if n in READ_TEAM_SETS] if sample else names


def cases(sample: bool) -> Iterator[tuple[str, str, Path, str, str | None]]:
    """(set, id, root, query, kb) for every question to ask, in a fixed order."""
    for i, text in enumerate(SAMPLE_QUESTIONS):
        yield "sample", f"s-{i}", REPO / "KnowledgeBase", text, None
    for name in _team_sets(sample):
        root = REPO / "calibration" / name
        for i, q in enumerate(load_questions(root / "questions.jsonl")):
            if sample and i % SAMPLE_EVERY:
                continue
            asked = q.get("ask_kb") or q.get("kb")
            if asked:
                yield name, q["id"], root, q["query"], asked
            yield name, q["id"], root, q["query"], None
    if sample or not (EVAL / "queries").is_dir():
        return
    for path in sorted((EVAL / "queries").glob("*.jsonl")):
        for i, q in enumerate(load_questions(path)):
            yield path.stem, str(q["id"]), EVAL / "KnowledgeBase", q["query"], q["kb"]
            if i % 10 == 0:
                yield path.stem, str(q["id"]), EVAL / "KnowledgeBase", q["query"], None


def _set_eval(path: Path) -> None:
    global EVAL
    EVAL = path


def _strip_keys(set_name: str, qid: str) -> list[str]:
    return _STRIP.get((set_name, qid), [])


_STRIP: dict[tuple[str, str], list[str]] = {}


def _load_strip() -> None:
    if not (EVAL / "queries").is_dir():
        return
    for path in sorted((EVAL / "queries").glob("*.jsonl")):
        for q in load_questions(path):
            if q.get("strip_front_matter"):
                _STRIP[(path.stem, str(q["id"]))] = list(q["strip_front_matter"])


def result_line(set_name: str, qid: str, kb: str | None, result: Any) -> str:
    """One golden line: the set, the id, how it was asked and the whole result."""
    return json.dumps(
        {"set": set_name, "id": qid, "kb": kb, "result": result.to_dict()},
        ensure_ascii=False,
        sort_keys=True,
    )


def run(sample: bool, out: Path) -> int:
    """Ask every case and write its line, indexes in a fresh folder; returns how many."""
    from knowledge_retrieval import KnowledgeRetrievalError, search

    _load_strip()
    saved = {k: os.environ.get(k) for k in ("KR_EMBEDDER", "KR_INDEX_DIR")}
    n = 0
    try:
        with tempfile.TemporaryDirectory() as tmp, out.open("w", encoding="utf-8") as f:
            os.environ["KR_EMBEDDER"] = "off"
            os.environ["KR_INDEX_DIR"] = str(Path(tmp) / "index")
            for set_name, qid, root, query, kb in cases(sample):
                keys = _strip_keys(set_name, qid)
                qroot = root
                if keys and kb:
                    qroot = stripped_copy(root, kb, keys, Path(tmp) / "strip" / "-".join(keys))
                try:
                    result = search(query, kb, root=qroot, explain=True, progress=False)
                except KnowledgeRetrievalError as exc:  # an empty query of a public suite
                    line = {"set": set_name, "id": qid, "kb": kb, "error": exc.code}
                    f.write(json.dumps(line, sort_keys=True) + "\n")
                else:
                    f.write(result_line(set_name, qid, kb, result) + "\n")
                n += 1
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--out", type=Path, required=True, help="the JSONL file to write")
    ap.add_argument("--sample", action="store_true", help="only the sample the test compares")
    ap.add_argument("--eval", type=Path, default=EVAL, help="the shared evaluation data")
    args = ap.parse_args(argv)
    _set_eval(args.eval)
    n = run(args.sample, args.out)
    print(f"{n} results written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
