"""The ``kr`` command: search, list, index and read knowledge bases; the team workflow; MCP.

Exit status: 0 when the command worked (with or without results), 2 for invalid arguments
(unknown KB, bad project id, bad option value ...), 1 for any other failure. With
``--output json`` every outcome, errors included, is one JSON envelope on stdout.

Imports are lazy: ``kr --help`` and the search commands never load ``mcp``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..defaults import DEBUG_ENV
from ..errors import InvalidArgumentError, KBNotFoundError, KnowledgeRetrievalError
from ..terminal import one_line, terminal_safe, use_terminal_logging

log = logging.getLogger(__name__)

from . import oneshot
from .cli_parser import (
    OUTPUTS_AGENT,
    OUTPUTS_PLAIN,
    PROG,
    SKILL_NAMES,
    UsageError,
    build_parser,
)
from .cli_text import clip, emit, hits_text, search_text, write

__all__ = [
    "OUTPUTS_AGENT",
    "OUTPUTS_PLAIN",
    "PROG",
    "SKILL_NAMES",
    "UsageError",
    "build_parser",
    "main",
    "terminal_safe",
]


# --------------------------------------------------------------------------- commands


def cmd_list(args: argparse.Namespace) -> int:
    from ..api import list_kbs
    from ..service import require_root
    from ..service.envelope import kb_list_envelope

    require_root(args.root)
    kbs = list_kbs(args.root)
    env = kb_list_envelope(kbs)

    def text() -> str:
        if not kbs:
            return "No knowledge bases (folders with a README.md) under the root."
        width = max(len(k.name) for k in kbs)
        lines = []
        for k in kbs:
            lines.append(
                one_line(
                    f"{k.name:<{width}}  {clip(k.description, 100)}"
                    + (f" ({', '.join(k.page_languages)})" if k.page_languages else "")
                )
            )
            lines += [
                one_line(f"{'':<{width}}  README, not understood (line {u.line}): {u.text}")
                for u in k.rules.not_understood
            ]
        return "\n".join(lines)

    return emit(args, env, text)


def cmd_rules(args: argparse.Namespace) -> int:
    """Each README sentence that names a folder or file, and what it became."""
    from ..api import list_kbs
    from ..service import check_kb_ids, require_kbs
    from ..service.envelope import kb_list_envelope

    require_kbs(args.root)
    kbs = list(list_kbs(args.root))
    if args.kb:
        wanted = check_kb_ids([args.kb], args.root)
        kbs = [k for k in kbs if k.name in wanted]
    env = kb_list_envelope(kbs)

    def text() -> str:
        out = []
        for k in kbs:
            out.append(one_line(f"{k.name} ({k.rules.style} README)"))
            said = {s.text for s in k.rules.sentences}
            lines = {s.line for s in k.rules.sentences}
            for r in k.rules.understood:  # front matter's rules and lines named by no sentence
                if r.line not in lines:
                    out.append(one_line(f"  line {r.line}: {r.source}"))
                    out.append(one_line(f"    → {r.action} {r.path}"))
            for s in k.rules.sentences:
                out.append(one_line(f"  line {s.line}: {s.text}"))
                became = "; ".join(s.became) if s.became else s.note
                out.append(one_line(f"    → {became}"))
            for u in k.rules.not_understood:
                if u.text not in said:
                    out.append(one_line(f"  line {u.line}: {u.text}"))
                    out.append("    → not understood")
            if out[-1].startswith(k.name):
                out.append("  (no sentence of the README names a folder or file)")
        return (
            "\n".join(out)
            if out
            else "No knowledge bases (folders with a README.md) under the root."
        )

    return emit(args, env, text)


def cmd_search(args: argparse.Namespace) -> int:
    from ..api import search
    from ..service import check_kb_ids, require_kbs
    from ..service.envelope import hit_result, search_envelope, unusable_index

    require_kbs(args.root)  # a root with no KB (a folder inside one) is an error
    kb: list[str] | None = None
    if args.kb:
        kb = check_kb_ids(args.kb, args.root)
    explain = bool(getattr(args, "explain", False))
    result = search(
        args.query,
        kb,
        root=args.root,
        top_k=args.top_k,
        score_threshold=args.score_threshold,
        explain=explain,
    )
    if failed := unusable_index(result):
        raise failed
    env = search_envelope(result, message=result.message)
    below = None
    if explain and not result.found:
        below = search(args.query, kb, root=args.root, top_k=1, score_threshold=0.0, explain=True)
        if below.hits:
            env["data"]["below_the_line"] = hit_result(below.hits[0])
    return emit(args, env, lambda: search_text(result, below))


def cmd_smart(args: argparse.Namespace) -> int:
    from ..service import require_kbs, search_kbs
    from ..service.envelope import search_envelope, unusable_index

    require_kbs(args.root)  # a root with no KB (a folder inside one) is an error
    result = search_kbs(
        args.query,
        args.kb_id,
        root=args.root,
        top_k=args.max_results,
        score_threshold=args.score_threshold,
    )
    if failed := unusable_index(result):
        raise failed
    env = search_envelope(result)
    return emit(args, env, lambda: hits_text(env))


def cmd_memory_search(args: argparse.Namespace) -> int:
    from ..service import NO_RESULTS, search_memory
    from ..service.envelope import hit_result, ok

    r = search_memory(
        args.query,
        project_ids=args.project_id,
        root=args.root,
        top_k=args.max_results,
        score_threshold=args.score_threshold,
    )
    env = ok(
        [hit_result(h) for h in r.hits],
        r.message if r.found else NO_RESULTS,
        "memory",
        project_ids=list(dict.fromkeys(args.project_id)),
        notes=list(r.notes),
    )
    return emit(args, env, lambda: hits_text(env))


def cmd_memory_add(args: argparse.Namespace) -> int:
    from ..service import remember, require_root
    from ..service.envelope import ok

    if args.text is not None:
        text = args.text
    elif args.file and args.file != "-":
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise InvalidArgumentError(
                f"no file {args.file!r}", hint="give an existing file, --text or stdin"
            ) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidArgumentError(
                f"cannot read {args.file!r}: {exc}", hint="give a UTF-8 text file"
            ) from None
    else:
        if args.file is None and sys.stdin.isatty():
            raise InvalidArgumentError(
                "no note given", hint="pass --text T, --file F, or pipe the note on stdin"
            )
        text = sys.stdin.read()
    path = remember(
        text,
        project_id=args.project_id,
        title=args.title,
        root=args.root,
        component=args.component,
    )
    root = require_root(args.root)
    rel = path.relative_to(root).as_posix()
    env = ok(
        [{"source": rel, "content": text.strip(), "score": None, "project_id": args.project_id}],
        f"Note saved to {rel}.",
        "memory",
        path=rel,
    )
    return emit(args, env, lambda: env["data"]["message"])


def cmd_retrieve(args: argparse.Namespace) -> int:
    from ..service import retrieve
    from ..service.envelope import retrieval_envelope

    r = retrieve(
        args.query,
        component=args.component,
        kb_ids=args.kb_id,
        root=args.root,
        top_k=args.max_results,
        score_threshold=args.score_threshold,
    )
    env = retrieval_envelope(r)
    return emit(args, env, lambda: hits_text(env))


def cmd_show(args: argparse.Namespace) -> int:
    from ..service import parse_location, read_document
    from ..service.envelope import document_envelope

    path, start, end = parse_location(args.location)
    doc = read_document(args.kb, path, start_line=start, end_line=end, root=args.root)
    call = [repr(doc.kb), repr(doc.path)]
    if start is not None:
        call.append(f"start_line={doc.line_start}")
        if end is not None:
            call.append(f"end_line={doc.line_end}")
    if args.root:
        call.append(f"root={args.root!r}")
    python = (
        "from knowledge_retrieval.team.workflow import read_document; "
        f"read_document({', '.join(call)}).text"
    )
    env = document_envelope(doc)
    env["data"]["results"][0]["python"] = python
    env["data"]["python"] = python

    if getattr(args, "output", "text") == "text":  # stdout is the document; the rest to stderr
        where = one_line(f"==> {doc.location} (of {doc.total_lines} lines) <==")
        write(terminal_safe(f"{where}\n# Python: {python}"), sys.stderr)
    return emit(args, env, lambda: doc.text)


class IndexInterruptedError(Exception):
    """Ctrl-C, with what it left behind said in the message (exit status 130)."""


def cmd_index(args: argparse.Namespace) -> int:
    from ..api import list_kbs
    from ..service import (
        check_kb_ids,
        embed_vectors,
        excluded_files,
        refresh_kb,
        require_root,
        shown,
        warm_up,
    )
    from ..service.envelope import ok

    require_root(args.root)
    kbs = {k.name: k for k in list_kbs(args.root)}
    names = check_kb_ids(args.kb, args.root) if args.kb else sorted(kbs)

    rows = []
    lines = []
    warm = warm_up()
    done: list[str] = []
    for name in names:
        info = kbs[name]
        try:
            with shown(None):  # a bar on stderr in a terminal, after half a second
                rep = refresh_kb(info, rebuild=args.rebuild)
                embedded = embed_vectors(info) if rep.files else 0  # the semantic layer's, if on
        except KeyboardInterrupt:
            # a rebuild writes a new generation and swaps it in last; an update commits at
            # its end: either way, interrupted, the index is what it was
            raise IndexInterruptedError(
                "interrupted; the index is unchanged"
                + (f" (already up to date: {', '.join(done)})" if done else "")
            ) from None
        done.append(name)
        summary = (
            f"{rep.files} file(s): {len(rep.added)} added, {len(rep.updated)} updated, "
            f"{len(rep.deleted)} deleted, {len(rep.skipped)} skipped"
            + (f"; rebuilt ({rep.rebuilt})" if rep.rebuilt else "")
            + f" in {rep.seconds:.2f} s"
            + (f"; {embedded} section vector(s) ready" if embedded else "")
        )
        excluded = excluded_files(info)
        if excluded:
            summary += f"; {len(excluded)} excluded by its README"
        lines.append(one_line(f"{name}: {summary}"))
        lines += [one_line(f"  skipped {p}: {r}") for p, r in sorted(rep.skipped.items())]
        lines += [one_line(f"  excluded {p}: the KB's README excludes it") for p in excluded[:50]]
        if len(excluded) > 50:
            lines.append(f"  ... and {len(excluded) - 50} more excluded (--output json lists all)")
        rows.append(
            {
                "source": name,
                "content": summary,
                "score": None,
                "kb": name,
                "files": rep.files,
                "added": rep.added,
                "updated": rep.updated,
                "deleted": rep.deleted,
                "skipped": dict(rep.skipped),
                "excluded": excluded,
                "rebuilt": rep.rebuilt,
                "seconds": round(rep.seconds, 3),
                "section_vectors": embedded,
            }
        )
    if warm >= 0.5:  # said last: the first lines are the KBs'
        lines.append(f"built the dictionary caches in {warm:.1f} s (once per machine)")
    env = ok(rows, f"{len(rows)} knowledge base(s) indexed.", "kb")
    return emit(args, env, lambda: "\n".join(lines) or env["data"]["message"])


def cmd_cache(args: argparse.Namespace) -> int:
    from .cli_cache import cache_listing

    env, text = cache_listing(args)
    return emit(args, env, text)


def require_mcp() -> None:
    """The ``mcp`` package, which only ``kr mcp`` needs: an extra, or how to install it."""
    try:
        import mcp  # noqa: F401
        import mcp_types  # noqa: F401
    except ImportError:
        from ..errors import MissingExtraError

        raise MissingExtraError(
            "kr mcp needs the mcp package, which is not installed",
            hint="install the mcp extra (in a clone: pip install '.[mcp]') or mcp itself: "
            "pip install 'mcp>=2.0,<3'",
        ) from None


def cmd_mcp(args: argparse.Namespace) -> int:
    from ..service import require_root

    require_mcp()
    require_root(args.root)
    if args.component is not None:
        from ..service import load_teams

        load_teams(args.root)  # a broken teams.yaml should stop the server now, not later
    if args.http is not None:
        from .mcp_http import parse_address, serve_http

        host, port = parse_address(args.http)

        def ready(url: str) -> None:  # one line on stderr, for people and for scripts
            write(f"{PROG} mcp: serving at {url}", sys.stderr)
            sys.stderr.flush()

        serve_http(args.root, args.component, host=host, port=port, ready=ready, token=args.token)
        return 0
    if args.token is not None:
        raise InvalidArgumentError(
            "--token is for --http", hint="a stdio server is reached by its own client only"
        )
    from .mcp_server import serve

    serve(args.root, args.component)
    return 0


def cmd_skill_install(args: argparse.Namespace) -> int:
    from ..service.envelope import ok
    from .skills import install_skill

    done = [
        install_skill(n, args.dest, root=args.root, force=args.force)
        for n in dict.fromkeys(args.name)
    ]
    rows = [
        {
            "source": str(d.path),
            "content": f"{d.name}: {len(d.files)} file(s)",
            "score": None,
            "skill": d.name,
            "path": str(d.path),
            "files": [str(f) for f in d.files],
            "root": str(d.root),
            "root_relative": d.root_relative,
            "python": d.python,
        }
        for d in done
    ]
    env = ok(rows, f"{len(rows)} skill(s) installed.", None)

    def text() -> str:
        lines = []
        for d in done:
            lines.append(f"{d.name}: {d.path}")
            lines += [f"  {f.relative_to(d.path).as_posix()}" for f in d.files]
        lines.append(
            f"Knowledge base root: {done[0].root} (from the skill: {done[0].root_relative})"
        )
        return "\n".join(lines)

    return emit(args, env, text)


def cmd_tool_schema(args: argparse.Namespace) -> int:
    from ..api import list_kbs
    from ..service import find_root
    from ..service.agent_tool import tool_definitions

    kbs = list_kbs(args.root) if find_root(args.root) is not None else None  # a root's scope
    tool = next(t for t in tool_definitions(kbs) if t["name"] == args.tool)
    write(json.dumps(tool, ensure_ascii=False, indent=2))
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "list": cmd_list,
    "rules": cmd_rules,
    "search": cmd_search,
    "smart": cmd_smart,
    "memory search": cmd_memory_search,
    "memory add": cmd_memory_add,
    "retrieve": cmd_retrieve,
    "show": cmd_show,
    "index": cmd_index,
    "cache": cmd_cache,
    "mcp": cmd_mcp,
    "tool-schema": cmd_tool_schema,
    "skill install": cmd_skill_install,
}


# --------------------------------------------------------------------------- main


def _wants_json(argv: Sequence[str]) -> bool:
    for i, a in enumerate(argv):
        if a == "--output=json" or (
            a == "--output" and i + 1 < len(argv) and argv[i + 1] == "json"
        ):
            return True
    return False


def _fail(args_json: bool, env: dict[str, Any], code: int) -> int:
    if args_json:
        write(json.dumps(env, ensure_ascii=False, indent=2))
    else:
        err = env["error"]
        write(terminal_safe(f"{PROG}: error: {err['message']}"), sys.stderr)
        if err.get("hint"):
            write(terminal_safe(f"  hint: {err['hint']}"), sys.stderr)
    return code


def _utf8_stdout() -> None:
    for stream in (sys.stdout, sys.stderr):
        enc = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if enc != "utf8" and hasattr(stream, "reconfigure"):
            with contextlib.suppress(ValueError, OSError):  # a stream that cannot switch
                stream.reconfigure(encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kr`` with ``argv`` (default: the process arguments) and return the exit status."""
    one_shot = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    _utf8_stdout()
    use_terminal_logging()
    want_json = _wants_json(argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        prog = exc.parser.prog
        env = {
            "ok": False,
            "error": {
                "code": "invalid_argument",
                "message": exc.message,
                "hint": f"run '{prog} --help'",
            },
        }
        if not want_json:
            exc.parser.print_usage(sys.stderr)
        return _fail(want_json, env, 2)
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else 0
    want_json = getattr(args, "output", None) == "json"
    action = getattr(args, "memory_command", None) or getattr(args, "skill_command", None)
    name = args.command + (f" {action}" if action else "")
    if one_shot and name != "mcp":
        oneshot.prepare()
    try:
        return _run(name, args, want_json)
    finally:
        if one_shot:
            oneshot.finish()


def _error(exc: Exception, code: str | None = None) -> dict[str, Any]:
    from ..service.envelope import error as envelope  # only when something failed

    return envelope(exc, code)


def _run(name: str, args: argparse.Namespace, want_json: bool) -> int:
    """Run one command; errors become their exit status and message (or JSON envelope)."""
    error = _error
    try:
        status = COMMANDS[name](args)
        sys.stdout.flush()  # inside the try: a reader that left (`| head`) is handled below
        return status
    except (InvalidArgumentError, KBNotFoundError) as exc:
        return _fail(want_json, error(exc), 2)
    except KnowledgeRetrievalError as exc:
        return _fail(want_json, error(exc), 1)
    except IndexInterruptedError as exc:
        write(f"{PROG}: {exc}", sys.stderr)
        return 130
    except KeyboardInterrupt:
        write(f"{PROG}: interrupted", sys.stderr)
        return 130
    except BrokenPipeError:  # `kr ... | head`: the reader left; say nothing more
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        return _fail(want_json, error(exc, "io_error"), 1)
    except Exception as exc:
        log.debug("kr %s failed", name, exc_info=True)
        if os.environ.get(DEBUG_ENV):
            raise
        return _fail(want_json, error(exc, "internal_error"), 1)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
