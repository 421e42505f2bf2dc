"""What each rule of the registry is worth: switch it off, ask every set again, print the change.

    python -m calibration.ablate --eval ../shared/eval --small ../small-kbs --typos ../teamkb-typos.jsonl
    python -m calibration.ablate --rule name --rule outside --json ablation.json

Every rule of ``knowledge_retrieval/verdict/ruler.py`` is switched off in turn
(``registry.disabled``) and every set asked again with the library's defaults, as
``calibration.report`` asks it (the question's own KB, or ``ask_kb``). Per set it prints the
baseline and, per rule, the change in questions of:

- ``miss``: answerable, the right file first, yet reported not found;
- ``fa``: reported found with no relevant file among the hits (of the answerable questions), or
  found at all (of those nothing answers as asked);
- ``top1``: answerable and the right file first (threshold 0);
- ``choice``: of the public suites' questions, also asked with ``kb=None``, those whose own KB
  was chosen among the root's KBs of other subjects.

``cost`` is ``3 * miss + fa`` (a wrong "not found" ends an agent's workflow with a false
statement; a wrong "found" costs it one read), summed over the sets each rule was not written
from (every set but ``teamkb`` and the read held-out ones, which the rules came from). A rule
whose removal lowers ``cost`` there, or raises it by less than :data:`NOISE` questions, and
costs fewer than :data:`NOISE` right firsts and KB choices, does not earn its place.

Sets: the team fixtures of ``calibration/`` (``--team``, default every one: the read ones and
the roots no rule was written from, :data:`UNSEEN_TEAM_SETS`), typo variants (``--typos``), the small KBs (``--small``: ``size-20`` and
``size-150``), and the public suites (``--eval``: the first :data:`PUBLIC_LIMIT` questions of
each, and other suites' questions asked of a KB that does not answer them).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calibration.common import READ_TEAM_SETS, add_set_arguments, load_questions
from calibration.report import Row, run
from knowledge_retrieval.verdict import ruler as registry

HERE = Path(__file__).resolve().parent
TEAM_SETS = READ_TEAM_SETS
"""The team fixtures the rules were written from (read while they were made)."""
UNSEEN_TEAM_SETS = tuple(f"teamkb-blind{n}" for n in range(4, 18))
"""Team roots no rule of the registry was written from: ``teamkb-blind4`` and ``-blind5`` kept
unread, the later ones written after every rule was (their rows read by the fit, the README
work and the error classes of later rounds, never to write a hold, factor or reading); most of
their questions are typed as people type them into a chat box. Asked by default beside the
read ones, so a rule pays on questions and roots it was not written from, or goes."""
PUBLIC = {
    "scifact-train": "scifact",
    "cmrc2018-trial": "cmrc2018",
    "drcd-dev": "drcd",
    "otel-known-item": "otel",
    "helm-known-item": "helm",
    "qmd-eval-docs": "qmd-eval-docs",
}
OUT_OF_SCOPE = (
    ("scifact-train", "otel"),
    ("otel-known-item", "scifact"),
    ("helm-known-item", "tldr"),
    ("cmrc2018-trial", "drcd"),
)
PUBLIC_LIMIT = 60
SMALL_SIZES = ("size-20", "size-150")
MISS_COST = 3
NOISE = 2
"""Questions of cost below which a change is noise."""


@dataclass(frozen=True)
class Suite:
    name: str
    questions: list[dict[str, Any]]
    root: Path
    written_from: bool
    """The rules were written while this set was read."""
    choose: bool = False
    """Also ask each question with ``kb=None`` and count the KB chosen (the public suites, whose
    root holds KBs of other subjects)."""


def suites(args: argparse.Namespace) -> Iterator[Suite]:
    for name in args.team or (*TEAM_SETS, *UNSEEN_TEAM_SETS):
        folder = HERE / name if not Path(name).is_dir() else Path(name)
        yield Suite(
            folder.name,
            load_questions(folder / "questions.jsonl"),
            folder,
            folder.name in TEAM_SETS,
        )
    if args.typos:
        yield Suite("teamkb-typos", load_questions(Path(args.typos)), HERE / "teamkb", True)
    if args.small:
        for size in SMALL_SIZES:
            folder = Path(args.small) / size
            if (folder / "questions.jsonl").exists():
                yield Suite(size, load_questions(folder / "questions.jsonl"), folder, False)
    if args.eval:
        ev = Path(args.eval)
        for suite, kb in PUBLIC.items():
            qs = load_questions(ev / "queries" / f"{suite}.jsonl", PUBLIC_LIMIT)
            yield Suite(suite, [{**q, "kb": kb} for q in qs], ev / "KnowledgeBase", False, True)
        for suite, kb in OUT_OF_SCOPE:
            qs = load_questions(ev / "queries" / f"{suite}.jsonl", PUBLIC_LIMIT)
            asked = [{**q, "ask_kb": kb, "kb": PUBLIC[suite]} for q in qs]
            yield Suite(f"{suite}->{kb}", asked, ev / "KnowledgeBase", False)


def figures(rows: list[Row], choose: bool = False) -> dict[str, int]:
    """Counts of one set's rows: misses, false answers, right firsts (and, ``choose``, the
    questions whose own KB ``kb=None`` chose)."""
    miss = sum(r.expect_found and r.right_first and not r.found for r in rows)
    fa = sum(r.found and (not r.expect_found or not r.relevant_returned) for r in rows)
    top1 = sum(r.expect_found and r.right_first for r in rows)
    out = {"miss": miss, "fa": fa, "top1": top1, "n": len(rows)}
    if choose:
        out["choice"] = sum(r.kb_none_kb == r.asked for r in rows)
    return out


KEYS = ("miss", "fa", "top1", "choice")
"""What a set's figures count (``choice`` only where the set is asked with ``kb=None``)."""


def cost(f: dict[str, int]) -> int:
    return MISS_COST * f["miss"] + f["fa"]


def measure(sets: list[Suite]) -> dict[str, dict[str, int]]:
    return {s.name: figures(run(s.questions, s.root, kb_none=s.choose)[0], s.choose) for s in sets}


BEGIN, END = "<!-- rules:begin (python -m calibration.ablate --docs) -->", "<!-- rules:end -->"


def lost_of(got: dict[str, Any], key: str) -> int:
    """A figure's change over every set that has it, when the rule is switched off."""
    return sum(d.get(key, 0) for d in got["delta"].values())


def render_rules(figures: dict[str, Any]) -> str:
    """The registry as a Markdown table, each rule once with what removing it changed (an
    ablation's ``--json`` output): the cost on the sets no rule was written from, then on
    all, and the questions whose right file is no longer first, over all sets, and whose own KB
    ``kb=None`` no longer chooses (what a factor is for: the order)."""
    lines = [
        (
            "| rule | kind | what it does | Δcost removed: unseen sets | all sets "
            "| right first lost, all sets | KB choice lost, public suites |"
        ),
        "| --- | --- | --- | --: | --: | --: | --: |",
    ]
    for name, rule in registry.RULES.items():
        got = figures["rules"].get(name)
        unseen = f"{got['cost_unseen']:+d}" if got else "·"
        every = f"{got['cost_all']:+d}" if got else "·"
        lost = f"{-lost_of(got, 'top1'):+d}" if got else "·"
        choice = f"{-lost_of(got, 'choice'):+d}" if got else "·"
        lines.append(
            f"| `{name}` | {rule.kind} | {rule.summary} | {unseen} | {every} | {lost} | {choice} |"
        )
    return "\n".join(lines)


def write_docs(path: Path, figures: dict[str, Any]) -> None:
    """Replace the rules table of a Markdown file (between :data:`BEGIN` and :data:`END`)."""
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    path.write_text(f"{head}{BEGIN}\n{render_rules(figures)}\n{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m calibration.ablate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_set_arguments(
        ap,
        "a team fixture of calibration/ or a folder with questions.jsonl (repeatable; "
        "default: the ones the rules were written from)",
    )
    ap.add_argument(
        "--rule", action="append", default=[], help="only these rules (default: every one)"
    )
    ap.add_argument("--json", type=Path, metavar="FILE", help="write every figure as JSON")
    ap.add_argument(
        "--docs",
        type=Path,
        metavar="MARKDOWN",
        help="only write the rules table of this file (docs/scores.md) from --json's figures",
    )
    args = ap.parse_args(argv)
    if args.docs:
        write_docs(args.docs, json.loads(args.json.read_text(encoding="utf-8")))
        return 0
    sets = list(suites(args))
    names = args.rule or list(registry.RULES)
    base = measure(sets)
    out: dict[str, Any] = {"baseline": base, "rules": {}}
    unseen = [s.name for s in sets if not s.written_from]
    w = max(len(s.name) for s in sets)
    print(f"{'set':<{w}}  {'n':>4} {'miss':>5} {'fa':>4} {'top1':>5}  (baseline)")
    for s in sets:
        b = base[s.name]
        mark = "" if s.written_from else "  *"
        print(f"{s.name:<{w}}  {b['n']:>4} {b['miss']:>5} {b['fa']:>4} {b['top1']:>5}{mark}")
    print("(* a set no rule was written from)\n")
    print(f"{'rule off':<28} {'Δcost*':>7} {'Δcost':>6}  per set Δmiss/Δfa/Δtop1 where any moved")
    for name in names:
        with registry.disabled([name]):
            got = measure(sets)
        delta = {s: {k: got[s][k] - base[s][k] for k in KEYS if k in got[s]} for s in got}
        d_unseen = sum(cost(got[s]) - cost(base[s]) for s in unseen)
        d_all = sum(cost(got[s]) - cost(base[s]) for s in got)
        moved = ", ".join(
            f"{s} {d['miss']:+d}/{d['fa']:+d}/{d['top1']:+d}"
            + (f" choice {d['choice']:+d}" if d.get("choice") else "")
            for s, d in delta.items()
            if any(d.values())
        )
        lost = [-sum(d.get(k, 0) for d in delta.values()) for k in ("top1", "choice")]
        verdict = "earns" if max(d_unseen, *lost) >= NOISE else "noise"
        print(f"{name:<28} {d_unseen:>+7d} {d_all:>+6d}  {verdict}: {moved or '-'}")
        sys.stdout.flush()
        out["rules"][name] = {
            "kind": registry.RULES[name].kind,
            "delta": delta,
            "cost_unseen": d_unseen,
            "cost_all": d_all,
        }
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
