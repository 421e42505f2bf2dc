"""Fit the model of README sentences that read like a rule: ``kb/rules/likeness.json``.

``python -m calibration.readme_likeness [--dry-run] [--hold-out NAME ...] [--l2 C]``

Rows: every labelled README sentence of ``calibration/readme_sentences`` (see
:mod:`calibration.readme_rules`), its folders and files written ``§`` as the parser masks
them; label 1 when the writer meant a rule (a path labelled exclude, prefer or entry). A
logistic regression with an L2 penalty on the features of
:func:`knowledge_retrieval.kb.rules.likeness.features` (those seen in two sentences or more).

The line: leave one set out, fit on the others, and score the set's sentences the grammar
leaves silent (no rule, nothing reported). Of those, a sentence meant as a rule and not
reported costs :data:`MISS_COST`, a sentence that states none and is reported costs 1 (its
hits quote a sentence that needed no quoting). The line of least cost over all left-out sets
is kept. Weights below :data:`PRUNE` are dropped from the written model.

Requires scipy (``pip install -e '.[calibration]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
SETS = HERE / "readme_sentences"
MODEL = HERE.parent / "knowledge_retrieval" / "kb" / "rules" / "likeness.json"
MISS_COST = 2.0
LINES = tuple(round(0.5 + 0.05 * i, 2) for i in range(10))
PRUNE = 0.05
MIN_COUNT = 2


def _top_folders(paths: dict[str, str]) -> frozenset[str]:
    return frozenset(p.strip("/").split("/")[0] for p in paths if p.strip("/"))


def rows(held_out: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Each labelled sentence: its set, masked text, label, and whether the grammar is silent."""
    from knowledge_retrieval.kb.rules import sentences

    model = sentences.reads_like_rule
    sentences.reads_like_rule = lambda _text: False  # silent by the grammar, not the model
    try:
        return [
            _row(path.stem, e)
            for path in sorted(SETS.glob("*.jsonl"))
            if path.stem not in held_out
            for e in _entries(path)
        ]
    finally:
        sentences.reads_like_rule = model


def _entries(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def _row(name: str, e: dict[str, Any]) -> dict[str, Any]:
    from knowledge_retrieval.kb.rules import mentions, parse_readme
    from knowledge_retrieval.kb.rules.actions import PLACEHOLDER
    from knowledge_retrieval.kb.rules.likeness import MENTION
    from knowledge_retrieval.kb.rules.sentences import _Line

    folders = _top_folders(e["paths"])
    token = mentions.FOLDERS.set(folders)
    try:
        masked = _Line(e["text"]).masked
    finally:
        mentions.FOLDERS.reset(token)
    rules = parse_readme("# Title\n\nOne-line scope.\n\n" + e["text"] + "\n", folders)
    return {
        "set": name,
        "id": e["id"],
        "text": PLACEHOLDER.sub(f" {MENTION} ", masked),
        "y": int(any(v != "none" for v in e["paths"].values())),
        "silent": not rules.understood and not rules.not_understood,
    }


def fit(train: list[dict[str, Any]], l2: float) -> tuple[float, dict[str, float]]:
    """(bias, weights) of an L2-penalised logistic regression."""
    import numpy as np
    import scipy.sparse as sp
    from scipy.optimize import minimize

    from knowledge_retrieval.kb.rules.likeness import features

    feats = [features(r["text"]) for r in train]
    counts = Counter(f for fs in feats for f in fs)
    vocab = {f: i for i, f in enumerate(sorted(f for f, c in counts.items() if c >= MIN_COUNT))}
    ri, ci = [], []
    for k, fs in enumerate(feats):
        for f in fs:
            if f in vocab:
                ri.append(k)
                ci.append(vocab[f])
    x = sp.csr_matrix((np.ones(len(ri)), (ri, ci)), shape=(len(train), len(vocab)))
    y = np.array([r["y"] for r in train], dtype=float)

    def loss(w: Any) -> tuple[float, Any]:
        z = x @ w[1:] + w[0]
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -50, 50)))
        nll = -(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)).sum()
        grad = np.concatenate([[(p - y).sum()], x.T @ (p - y) + w[1:] / l2])
        return float(nll + 0.5 / l2 * (w[1:] ** 2).sum()), grad

    w = minimize(loss, np.zeros(len(vocab) + 1), jac=True, method="L-BFGS-B").x
    names = sorted(vocab, key=vocab.__getitem__)
    return float(w[0]), {f: float(v) for f, v in zip(names, w[1:], strict=True)}


def _pruned(bias: float, weights: dict[str, float]) -> tuple[float, dict[str, float]]:
    return bias, {f: round(w, 3) for f, w in sorted(weights.items()) if abs(w) >= PRUNE}


def left_out(data: list[dict[str, Any]], l2: float) -> list[tuple[float, int, str]]:
    """(probability, label, set) of every silent sentence, each scored by a model fitted
    without its set."""
    from knowledge_retrieval.kb.rules.likeness import probability

    out = []
    for s in sorted({r["set"] for r in data}):
        test = [r for r in data if r["set"] == s and r["silent"]]
        if not test:
            continue
        bias, weights = _pruned(*fit([r for r in data if r["set"] != s], l2))
        out += [(probability(r["text"], bias, weights), r["y"], s) for r in test]
    return out


def costs(scored: list[tuple[float, int, str]]) -> list[dict[str, float]]:
    table = []
    for t in LINES:
        caught = sum(1 for p, y, _s in scored if y and p >= t)
        missed = sum(1 for p, y, _s in scored if y and p < t)
        extra = sum(1 for p, y, _s in scored if not y and p >= t)
        none = sum(1 for _p, y, _s in scored if not y)
        table.append(
            {
                "line": t,
                "caught": caught,
                "missed": missed,
                "reported_needlessly": extra,
                "stating_none": none,
                "cost": MISS_COST * missed + extra,
            }
        )
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m calibration.readme_likeness", description=__doc__)
    ap.add_argument("--dry-run", action="store_true", help="measure; write no model")
    ap.add_argument("--hold-out", nargs="*", default=[], help="sets (file stems) left out")
    ap.add_argument("--l2", type=float, default=1.0, help="the L2 penalty's C (default 1)")
    args = ap.parse_args(argv)
    data = rows(tuple(args.hold_out))
    print(f"{len(data)} sentences, {sum(r['silent'] for r in data)} left silent by the grammar")
    table = costs(left_out(data, args.l2))
    for row in table:
        print(
            f"line {row['line']:.2f}: silent rules caught {row['caught']}/"
            f"{row['caught'] + row['missed']}, sentences stating none reported "
            f"{row['reported_needlessly']}/{row['stating_none']}, cost {row['cost']:.0f}"
        )
    best = min(table, key=lambda r: (r["cost"], -r["line"]))
    print(f"chosen line {best['line']:.2f}")
    bias, weights = fit(data, args.l2)
    kept = _pruned(bias, weights)[1]
    print(f"{len(kept)} of {len(weights)} weights kept")
    if not args.dry_run:
        model = {
            "about": "python -m calibration.readme_likeness; see kb/rules/likeness.py",
            "sentences": len(data),
            "l2": args.l2,
            "threshold": best["line"],
            "bias": round(bias, 3),
            "weights": kept,
        }
        text = json.dumps(model, ensure_ascii=False, sort_keys=True, indent=0)
        MODEL.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {MODEL.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
