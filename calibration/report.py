"""Measure whether "found" means the answer is there: per kind and overall, over the public search().

    python -m calibration.report calibration/teamkb/questions.jsonl
    python -m calibration.report calibration/teamkb/questions.jsonl --kb-none --rows
    python -m calibration.report QUESTIONS.jsonl --root KNOWLEDGE_BASE_ROOT --json out.json

Each question is asked once with ``search(query, kb, root=root)`` and the library's defaults
(``kb`` is the question's ``ask_kb`` when it has one, else its ``kb``; ``None`` asks the whole
root). When that reports not found, it is asked again with ``score_threshold=0`` only to see
where the right file ranked. ``--kb-none`` also asks every question with ``kb=None``.

A hit is right when it is a labelled file or a copy of one (texts at least 90% alike: the Helm
site's ``docs/`` and ``versioned_docs/version-3/`` copies of a page); ``--labelled-only`` counts
the labelled files alone.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: python calibration/report.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calibration import common
from calibration.common import KINDS, is_relevant, load_questions, stripped_copy
from knowledge_retrieval import InvalidArgumentError, search

# Targets of the issue this instrument measures (the report shows them beside the figures).
TARGET_MISS = 0.05  # answerable, right file first, reported not found: at most
TARGET_REJECT = 0.85  # answer absent, reported not found: at least
TARGET_KB_NONE = 0.95  # kb=None: right file first, or rightly not found: at least


@dataclass
class Row:
    """One question's outcome."""

    id: str
    kind: str
    query: str
    asked: str | None
    expect_found: bool
    found: bool
    reason: str | None
    top_kb: str | None
    top_path: str | None
    top_score: float | None
    right_first: bool
    relevant_returned: bool
    suggestion: bool
    empty_matched: int
    matched_terms: list[str] = field(default_factory=list)
    kb_none_ok: bool | None = None
    kb_none_kb: str | None = None
    kb_none_found: bool | None = None
    group: str = ""
    absent_id: bool = False  # an absent identifier (also as a typo variant of one)

    @property
    def flag(self) -> str:
        """ok, or what went wrong, in one word."""
        if self.expect_found:
            if self.found and self.right_first:
                return "ok"
            if self.found:
                return "WRONG" if self.relevant_returned else "FALSE"
            return "MISS" if self.right_first else "LOST"
        return "FALSE" if self.found else "ok"


def _search(query: str, kb: str | None, root: Path, **kw: Any) -> Any:
    try:
        return search(query, kb, root=root, **kw)
    except InvalidArgumentError:
        return None


def ask(q: dict[str, Any], root: Path, *, kb_none: bool, by: str = "kind") -> Row:
    """Ask one question the way an agent would and judge the answer."""
    asked = q.get("ask_kb", q["kb"])
    expect = bool(q["answerable"]) and (asked is None or asked == q["kb"])
    r = _search(q["query"], asked, root)
    hits = tuple(r.hits) if r else ()
    found = r is not None and r.found
    ranked = hits
    if r is not None and not found:
        r0 = _search(q["query"], asked, root, score_threshold=0.0)
        ranked = tuple(r0.hits) if r0 else ()
    top = ranked[0] if ranked else None
    row = Row(
        id=str(q.get("id", "")),
        kind=q["kind"],
        query=q["query"],
        asked=asked,
        expect_found=expect,
        found=found,
        reason=r.reason if r is not None else "invalid",
        top_kb=top.kb if top else None,
        top_path=top.path if top else None,
        top_score=round(top.score, 4) if top else None,
        right_first=bool(top and is_relevant(q, root, top.kb, top.path)),
        relevant_returned=any(is_relevant(q, root, h.kb, h.path) for h in hits),
        suggestion=r is not None and any("did you mean" in n.lower() for n in r.notes),
        empty_matched=sum(1 for h in hits if not h.matched_terms),
        matched_terms=list(top.matched_terms) if top else [],
        group=str(q.get(by) or "-"),
        absent_id="absent_id" in (q["kind"], q.get("base_kind")),
    )
    if kb_none:
        rn = _search(q["query"], None, root)
        n_found = bool(rn and rn.found)
        row.kb_none_found = n_found
        row.kb_none_kb = rn.kb if rn else None
        if q["answerable"]:
            row.kb_none_ok = bool(
                n_found and rn and is_relevant(q, root, rn.hits[0].kb, rn.hits[0].path)
            )
        else:
            row.kb_none_ok = not n_found
        row.empty_matched += sum(1 for h in (rn.hits if rn else ()) if not h.matched_terms)
    return row


def _share(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def summarise(rows: Sequence[Row]) -> dict[str, Any]:
    """The figures of one group of rows (a kind, or all)."""
    exp = [r for r in rows if r.expect_found]
    rej = [r for r in rows if not r.expect_found]
    aid = [r for r in rows if r.absent_id]
    nn = [r for r in rows if r.kb_none_ok is not None]
    return {
        "n": len(rows),
        "expect_found": len(exp),
        "top1_right": _share(sum(r.right_first for r in exp), len(exp)),
        "found": _share(sum(r.found for r in rows), len(rows)),
        "found_when_answerable": _share(sum(r.found for r in exp), len(exp)),
        "miss_right_first": _share(sum(r.right_first and not r.found for r in exp), len(exp)),
        "rejected": _share(sum(not r.found for r in rej), len(rej)),
        "false_confidence": _share(
            sum(r.found and not r.relevant_returned for r in rows), len(rows)
        ),
        "absent_id_not_found": _share(sum(not r.found for r in aid), len(aid)),
        "absent_id_suggested": _share(sum(not r.found and r.suggestion for r in aid), len(aid)),
        "kb_none_ok": _share(sum(bool(r.kb_none_ok) for r in nn), len(nn)),
        "empty_matched_terms": sum(r.empty_matched for r in rows),
    }


def report(rows: Sequence[Row], by: str = "kind") -> dict[str, Any]:
    """Figures per group (kinds in the schema's order, then any other value) and overall."""
    order = [k for k in KINDS if any(r.group == k for r in rows)]
    order += sorted({r.group for r in rows} - set(order))
    return {
        "by": by,
        "groups": {k: summarise([r for r in rows if r.group == k]) for k in order},
        "overall": summarise(rows),
    }


_COLUMNS = (
    ("n", "n", "{}"),
    ("expect_found", "ans", "{}"),
    ("top1_right", "top1", "pct"),
    ("found", "found", "pct"),
    ("miss_right_first", "miss≤5", "pct"),
    ("rejected", "rej≥85", "pct"),
    ("false_confidence", "falseconf", "pct"),
    ("absent_id_not_found", "id:nf", "pct"),
    ("absent_id_suggested", "id:sugg", "pct"),
    ("kb_none_ok", "kbNone≥95", "pct"),
    ("empty_matched_terms", "emptyMT", "{}"),
)


def _cell(value: Any, fmt: str) -> str:
    if value is None:
        return "·"
    return f"{100 * value:.0f}%" if fmt == "pct" else fmt.format(value)


def render(rep: dict[str, Any], *, kb_none: bool) -> str:
    """The table: one line per kind, a rule, the overall line, then the targets."""
    cols = [c for c in _COLUMNS if kb_none or c[0] != "kb_none_ok"]
    body = [(k, s) for k, s in rep["groups"].items()] + [("OVERALL", rep["overall"])]
    table = [[rep.get("by", "kind"), *[h for _, h, _ in cols]]]
    table += [[k, *[_cell(s[key], fmt) for key, _, fmt in cols]] for k, s in body]
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    out = []
    for i, row in enumerate(table):
        if i == len(table) - 1:
            out.append("-" * (sum(widths) + 2 * len(widths)))
        out.append(
            "  ".join(
                c.ljust(w) if j == 0 else c.rjust(w)
                for j, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )
    o = rep["overall"]
    checks = [
        ("answerable, right file first, not found", o["miss_right_first"], f"≤ {TARGET_MISS:.0%}"),
        ("absent answers rejected", o["rejected"], f"≥ {TARGET_REJECT:.0%}"),
        ("absent identifiers not found", o["absent_id_not_found"], "= 100%"),
        ("... of them with a did-you-mean", o["absent_id_suggested"], "= 100%"),
        ("found with no relevant hit returned", o["false_confidence"], "low"),
    ]
    if kb_none:
        checks.append(
            ("kb=None right or rightly not found", o["kb_none_ok"], f"≥ {TARGET_KB_NONE:.0%}")
        )
    out.append("")
    for label, value, target in checks:
        out.append(f"  {label:<42} {_cell(value, 'pct'):>5}   target {target}")
    out.append(f"  {'hits with empty matched_terms':<42} {o['empty_matched_terms']:>5}   target 0")
    return "\n".join(out)


def render_rows(rows: Sequence[Row], *, kb_none: bool) -> str:
    """One line per question: flag, kind, id, score, where the top hit was, the query."""
    out = []
    for r in rows:
        top = f"{r.top_kb}/{r.top_path}" if r.top_path else "-"
        score = f"{r.top_score:.3f}" if r.top_score is not None else "  -  "
        extra = " sugg" if r.suggestion else ""
        if kb_none:
            extra += f" kbNone:{'ok' if r.kb_none_ok else 'NO'}({r.kb_none_kb})"
        mt = ",".join(r.matched_terms)
        out.append(
            f"{r.flag:<5} {r.kind:<12} {r.id:<28} {score} {'F' if r.found else '-'} "
            f"{top}  [{mt}]{extra}  | {r.query}"
        )
    return "\n".join(out)


def run(
    questions: Sequence[dict[str, Any]], root: Path, *, kb_none: bool = False, by: str = "kind"
) -> tuple[list[Row], float]:
    """Ask every question; stripped KB copies for questions that ask for them (known-item suites)."""
    t0 = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory(prefix="kr-calib-") as tmp:
        for q in questions:
            qroot = root
            if q.get("strip_front_matter") and q.get("kb"):
                work = Path(tmp) / q["kb"]
                qroot = stripped_copy(root, q["kb"], q["strip_front_matter"], work)
            rows.append(ask(q, qroot, kb_none=kb_none, by=by))
    return rows, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m calibration.report",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("questions", type=Path, help="a questions .jsonl file")
    ap.add_argument("--root", type=Path, help="the KB root (default: the questions file's folder)")
    ap.add_argument("--kb-none", action="store_true", help="also ask every question with kb=None")
    ap.add_argument("--rows", action="store_true", help="print one line per question")
    ap.add_argument(
        "--json", type=Path, metavar="FILE", help="write the figures (and rows) as JSON"
    )
    ap.add_argument("--kind", action="append", help="only questions of this kind (repeatable)")
    ap.add_argument(
        "--by",
        default="kind",
        metavar="FIELD",
        help="group by this question field: kind, base_kind (typo variants), suite, set (small KBs)",
    )
    ap.add_argument("--limit", type=int, help="only the first N questions")
    ap.add_argument(
        "--labelled-only",
        action="store_true",
        help="a copy of a labelled file does not count as relevant",
    )
    ap.add_argument("--index-dir", type=Path, help="where the indexes go (sets KR_INDEX_DIR)")
    args = ap.parse_args(argv)
    if args.index_dir:
        os.environ["KR_INDEX_DIR"] = str(args.index_dir)
    if args.labelled_only:
        common.COUNT_COPIES = False
    root = args.root or args.questions.parent
    qs = load_questions(args.questions)
    if args.kind:
        qs = [q for q in qs if q["kind"] in args.kind]
    if args.limit:
        qs = qs[: args.limit]
    rows, seconds = run(qs, root, kb_none=args.kb_none, by=args.by)
    rep = report(rows, args.by)
    sys.stdout.write(f"{args.questions} on {root}: {len(rows)} questions, {seconds:.1f} s\n\n")
    if args.rows:
        sys.stdout.write(render_rows(rows, kb_none=args.kb_none) + "\n\n")
    sys.stdout.write(render(rep, kb_none=args.kb_none) + "\n")
    if args.json:
        doc = {
            "questions": str(args.questions),
            "root": str(root),
            "kb_none": args.kb_none,
            "seconds": round(seconds, 2),
            **rep,
            "rows": [asdict(r) | {"flag": r.flag} for r in rows],
        }
        args.json.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
