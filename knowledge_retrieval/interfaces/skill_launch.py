"""The launcher an installed skill's scripts run: find the KB root, then hand over to ``kr``.

``kr skill install`` copies this file, unchanged, to ``<skill>/scripts/_launch.py`` beside an
``install.json`` it writes. It imports nothing but the standard library until the KB root is
known, so a Python without the library still answers with the seed's JSON envelope
(``{"ok": false, "error": {...}}``) instead of a traceback.

How the root is found, first match wins:

1. ``$KNOWLEDGE_BASE_ROOT`` (``kr`` reads it itself);
2. ``root_relative`` from ``install.json``: the root as a path relative to the skill folder,
   so a project folder that holds both the skills folder and the root can move;
3. ``root_absolute`` from ``install.json``: the root where it was at install time;
4. otherwise ``kr``'s own discovery (a ``KnowledgeBase/`` folder in the working directory or
   a parent).

Paths are taken from this file's real location, never from the working directory, so the
scripts work when started from the skills folder, from ``/`` or from anywhere else.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from typing import Any, NoReturn

RECORD = "install.json"
DISTRIBUTION = "kbgrep"
"""The distribution of ``knowledge_retrieval`` (kept in step with ``defaults.DISTRIBUTION``:
this file runs before the library can be imported)."""
INSTALL_HINT = (
    "from a clone of its repository: pip install . ; or a built wheel: pip install "
    f"dist/{DISTRIBUTION}-*.whl ; or pip install '{DISTRIBUTION} @ git+<repository URL>'"
)
"""How to install it while it is not on the package index (every form here works)."""
ROOT_ENV = "KNOWLEDGE_BASE_ROOT"

# script kind -> (the one subcommand the seed gives it, the kr command it maps to)
COMMANDS: dict[str, tuple[str | None, list[str]]] = {
    "kb": ("smart", ["smart"]),
    "memory": ("search", ["memory", "search"]),
    "kr": (None, []),
}
SEED_USAGE = {
    "kb": "dod-query-kb smart --query Q --kb-id ID [--max-results N] "
    "[--score-threshold S] [--output json]",
    "memory": "dod-query-memory search --query Q --project-id P [--max-results N] [--output json]",
    "kr": "kr COMMAND ... (see kr --help)",
}


def _fail(code: str, message: str, hint: str, status: int) -> NoReturn:
    envelope = {"ok": False, "error": {"code": code, "message": message, "hint": hint}}
    sys.stdout.write(json.dumps(envelope, ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()
    raise SystemExit(status)


def skill_dir() -> str:
    """The skill folder: the parent of the real ``scripts/`` folder holding this file."""
    return os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def read_record(folder: str) -> dict[str, Any]:
    try:
        with open(os.path.join(folder, "scripts", RECORD), encoding="utf-8") as f:
            record = json.load(f)
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def find_root(folder: str, record: dict[str, Any]) -> str | None:
    """The KB root to pass as ``--root``, or None to leave it to ``kr`` (env or discovery)."""
    if os.environ.get(ROOT_ENV):
        return None
    rel = record.get("root_relative")
    if isinstance(rel, str) and rel:
        cand = os.path.normpath(os.path.join(folder, rel))
        if os.path.isdir(cand):
            return cand
    absolute = record.get("root_absolute")
    if isinstance(absolute, str) and absolute and os.path.isdir(absolute):
        return absolute
    return None


def main(argv: list[str] | None = None) -> NoReturn:
    args = list(sys.argv[1:] if argv is None else argv)
    kind = args.pop(0) if args else ""
    if kind not in COMMANDS:
        _fail("internal_error", f"unknown script kind {kind!r}", "reinstall the skill", 1)
    expected, command = COMMANDS[kind]
    if expected is not None:
        if not args or args[0] != expected:
            got = repr(args[0]) if args else "nothing"
            script = SEED_USAGE[kind].split()[0]
            # options without the subcommand (--query ...): the same call with it put first
            fixed = f"; run: {script} {expected} {shlex.join(args)}" if got.startswith("'-") else ""
            _fail(
                "invalid_argument",
                f"the first argument must be {expected!r}, not {got}",
                f"usage: {SEED_USAGE[kind]}{fixed}",
                2,
            )
        args = args[1:]
    folder = skill_dir()
    root = find_root(folder, read_record(folder))
    try:
        from knowledge_retrieval.interfaces.cli import main as kr
    except ImportError as exc:
        _fail(
            "library_not_found",
            f"this Python ({sys.executable}) cannot import knowledge_retrieval: {exc}",
            f"install it in this Python ({INSTALL_HINT}), set KR_PYTHON "
            "to a Python that has it, or rerun 'kr skill install' from that environment",
            1,
        )
    full = [*command, *args]
    if root is not None and not any(a == "--root" or a.startswith("--root=") for a in args):
        full += ["--root", root]
    sys.argv = ["kr", *full]
    raise SystemExit(kr())  # argv from sys.argv: a one-shot command, as when run as kr


if __name__ == "__main__":
    main()
