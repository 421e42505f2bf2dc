"""README sentences about folders, judged: what the README parser makes of each, per language.

``python -m calibration.readme_rules FILE.jsonl [--rows] [--json] [--ids 0-6]``

Each line of FILE is one sentence written by a person: ``id``, ``lang``, ``text``, ``paths``
(``{path: exclude|prefer|entry|none}``), ``condition`` (null, or the condition in words) and
``style``. For each, a KB is laid out in a temporary root: README.md is ``# Title``, a one-line
scope and the sentence; every path exists (a page in each folder, a file as a page). The KB is
listed with :func:`knowledge_retrieval.list_kbs` and each path judged by what a search does
with its page: left out (``exclude``; unconditionally when the sentence states no condition),
ranked up (``prefer``), an entry page (``entry``), or none of these (``none``).

The table gives, per language: exclusions caught, preferences caught, entries caught,
sentences handled right (every path with its label and nothing more), rules made up for
sentences that state none (every path ``none``), and exclusions read as preferences.
``--ids 0-6`` keeps the entries whose id ends in one of those digits (a tuning split).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

PAGE = "# Page\n\nSome text.\n"


def _page(path: str) -> str:
    """The page that stands for a path: the file itself, or a page inside the folder; a path
    written from the KB's root ("/contracts/") is read inside the KB, never at "/"."""
    path = path.lstrip("/")
    if ".." in path.split("/"):
        raise ValueError(f"a labelled path leaves the KB: {path!r}")
    return path if not path.endswith("/") else f"{path}page.md"


def _judge(page: str, rules: Any) -> str:
    """What the KB's rules do to one page: exclude, cond-exclude, prefer, entry, other, none.

    A route (a folder lifted for questions on a topic) counts as a preference."""
    from knowledge_retrieval.kb.rules import is_emphasized, is_entry, is_included, path_matches

    if not is_included(page, rules):
        return "exclude"
    on = [r for r in rules.understood if path_matches(page, r.path)]
    if any(r.action == "exclude" and r.unless is not None for r in on):
        return "cond-exclude"
    if is_entry(page, rules):
        return "entry"
    if is_emphasized(page, rules) or any(r.action in ("prefer", "route") for r in on):
        return "prefer"
    if on:
        return "other:" + ",".join(sorted({r.action for r in on}))
    return "none"


def judge_entry(entry: dict[str, Any], root: Path) -> dict[str, Any]:
    """One sentence laid out as a KB under ``root`` and listed: each path's verdict."""
    from knowledge_retrieval import list_kbs

    kb = root / "kb"
    kb.mkdir(parents=True)
    (kb / "README.md").write_text(
        "# Title\n\nOne-line scope.\n\n" + entry["text"] + "\n", encoding="utf-8"
    )
    for path in entry["paths"]:
        if _page(path).lower() == "readme.md":  # the README itself: already there
            continue
        page = kb / _page(path)
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(PAGE, encoding="utf-8")
    (info,) = [k for k in list_kbs(root) if k.name == "kb"]
    got = {p: _judge(_page(p), info.rules) for p in entry["paths"]}
    return {
        "id": entry["id"],
        "lang": entry["lang"],
        "want": entry["paths"],
        "conditional": entry.get("condition") is not None,
        "got": got,
        "not_understood": [u.text for u in info.rules.not_understood],
    }


def _right(want: str, got: str, conditional: bool) -> bool:
    if want == "exclude":
        return got == ("cond-exclude" if conditional else "exclude") or (
            conditional and got == "exclude"
        )
    return got == want


def score(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per language (and ``all``): each measure as [hits, total]."""
    out: dict[str, dict[str, list[int]]] = {}
    for row in rows:
        for lang in (row["lang"], "all"):
            s = out.setdefault(lang, {})

            def add(name: str, ok: bool, s: dict[str, list[int]] = s) -> None:
                cell = s.setdefault(name, [0, 0])
                cell[0] += int(ok)
                cell[1] += 1

            cond = row["conditional"]
            for path, want in row["want"].items():
                got = row["got"][path]
                if want == "exclude":
                    add("exclusions caught", got == "exclude" or (cond and got == "cond-exclude"))
                    add("exclusions as preferences", got == "prefer")
                elif want in ("prefer", "entry"):
                    add(f"{'preferences' if want == 'prefer' else 'entries'} caught", got == want)
            right = all(_right(w, row["got"][p], cond) for p, w in row["want"].items())
            add("sentences right", right)
            if all(w == "none" for w in row["want"].values()):
                add("rules made up", any(g != "none" for g in row["got"].values()))
    return {
        lang: {k: {"hits": v[0], "total": v[1]} for k, v in sorted(m.items())}
        for lang, m in sorted(out.items())
    }


def run(path: Path, digits: str | None = None) -> list[dict[str, Any]]:
    entries = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    if digits:
        entries = [e for e in entries if e["id"][-1] in digits]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["KR_INDEX_DIR"] = str(Path(tmp) / "index")
        for n, entry in enumerate(entries):
            rows.append(judge_entry(entry, Path(tmp) / f"r{n}"))
    return rows


_ORDER = (
    "exclusions caught",
    "preferences caught",
    "entries caught",
    "sentences right",
    "rules made up",
    "exclusions as preferences",
)


def table(scores: dict[str, dict[str, Any]]) -> str:
    langs = list(scores)
    lines = ["| measure | " + " | ".join(langs) + " |", "|---" * (len(langs) + 1) + "|"]
    for name in _ORDER:
        cells = []
        for lang in langs:
            c = scores[lang].get(name)
            cells.append(
                f"{100 * c['hits'] / c['total']:.0f}% ({c['hits']}/{c['total']})" if c else "-"
            )
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _digits(text: str) -> str:
    if len(text) == 3 and text[1] == "-" and text[0].isdigit() and text[2].isdigit():
        return "".join(str(d) for d in range(int(text[0]), int(text[2]) + 1))
    if text.isdigit():
        return text
    raise argparse.ArgumentTypeError(f"--ids takes digits like 0-6 or 789, not {text!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m calibration.readme_rules", description=__doc__)
    ap.add_argument("file", type=Path, help="a JSONL file of README sentences")
    ap.add_argument("--rows", action="store_true", help="also every sentence that went wrong")
    ap.add_argument("--json", action="store_true", help="the scores (and rows) as JSON")
    ap.add_argument("--ids", type=_digits, help="only ids ending in these digits, e.g. 0-6")
    args = ap.parse_args(argv)
    rows = run(args.file, args.ids)
    scores = score(rows)
    if args.json:
        out: dict[str, Any] = {"scores": scores}
        if args.rows:
            out["rows"] = rows
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
        return 0
    sys.stdout.write(table(scores) + "\n")
    if args.rows:
        for row in rows:
            if not all(
                _right(w, row["got"][p], row["conditional"]) for p, w in row["want"].items()
            ):
                sys.stdout.write(f"{row['id']} want {row['want']} got {row['got']}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
