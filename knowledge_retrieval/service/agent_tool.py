"""What agents see: the ``query_knowledge`` and ``read_document`` tools (their envelope is
:mod:`.envelope`).

Shared by the ``kr`` command and the MCP server, and free of the ``mcp`` package, so both stay
in step and ``kr`` starts fast. :class:`KnowledgeTool` runs a tool call and returns a
:class:`ToolOutput`; the MCP server only wraps it.
"""

from __future__ import annotations

import dataclasses as dc
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..api import list_kbs
from ..defaults import DEFAULT_TOP_K, MAX_TOP_K
from ..errors import AccessDeniedError, InvalidArgumentError, KnowledgeRetrievalError
from ..kb.discovery import normalize_kb_ref
from ..messages import ACCESS_DISABLED
from ..team.workflow import (
    read_document,
    retrieve,
    search_kbs,
)
from .envelope import (
    document_envelope,
    error,
    kb_list_envelope,
    ok,
    retrieval_envelope,
    search_envelope,
    to_markdown,
    unusable_index,
)
from .scope import GENERIC, Examples

if TYPE_CHECKING:
    from ..team.teams import Resolution

log = logging.getLogger(__name__)

TOOL_NAME = "query_knowledge"
READ_TOOL_NAME = "read_document"
"""A result's ``content`` is cut here; ``read_document`` / ``kr show`` read the rest."""

TOOL_DESCRIPTION = """\
Search and retrieve information from knowledge bases. These knowledge bases are the **primary \
and authoritative source** of domain-specific information for this conversation. Your own \
training data may be outdated, incomplete, or inaccurate for questions that fall within the \
scope of these knowledge bases.

When to use this tool:
- **Always query** when the user asks about facts, policies, rules, procedures, product details, \
or any domain-specific topic — even if you think you already know the answer.
- **Always query** when you are not fully certain about the accuracy of your answer.
- **Prefer querying over guessing.** A retrieval miss is easy to recover from; a confident but \
wrong answer is not.
- You are the only channel for accessing these knowledge bases — no other automatic retrieval \
will happen. If you do not call this tool, the knowledge base content will not be available to \
you at all.

Usage:
1. First call with action="list" to see available knowledge bases and their descriptions.
2. Choose the most relevant knowledge base based on its name and description.
3. Call with action="query". Use kb_id when querying one knowledge base. Use kb_ids only when \
querying multiple knowledge bases in parallel.
4. Always provide a clear query_text. If results are insufficient, try rephrasing the query or \
searching different knowledge bases.

Tips:
- Always list knowledge bases first to know what's available.
- Craft specific, targeted queries for better retrieval results.
- For a single selected knowledge base, send kb_id only.
- Use kb_ids only when the answer may span multiple knowledge bases and you want one merged \
result set.
- Never send kb_ids as an empty array.
- You can call this tool multiple times with different queries or knowledge bases.

With neither kb_id nor kb_ids, the server chooses the knowledge base (or, for a team-bound \
server, uses the team's knowledge bases); never send both. top_k limits the merged results \
(default 5). Each result has a source (knowledge base, file and line range), the relevant \
content and a score from 0 to 1. Cite the source when you use a result. A result with a \
non-empty "lacks" is about what was asked but does not hold what it names (words of the \
question, an identifier the knowledge base has nowhere, or the kind of value asked for): use what \
it gives and say plainly that the knowledge base does not give the rest. "No relevant documents \
found for the given query." means the search worked and nothing matched: say so rather than \
guess.

To read a hit's whole section or document, call read_document with its knowledge base, path and \
line range."""
"""The seed's prompt, word for word, then what this server adds. It speaks of no domain:
:func:`tool_description` adds the root's own knowledge bases (:mod:`.scope`)."""


def tool_description(kbs: Sequence[Any] | None = None) -> str:
    """:data:`TOOL_DESCRIPTION` with a paragraph on what ``kbs`` (a root's KBs) hold."""
    from .scope import tool_scope

    scope = tool_scope(kbs or ())
    if not scope:
        return TOOL_DESCRIPTION
    head, rest = TOOL_DESCRIPTION.split("\n\n", 1)
    return f"{head}\n\n{scope}\n\n{rest}"


INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "action": {
            "type": "string",
            "enum": ["list", "query"],
            "description": '"list" shows the knowledge bases you may search; "query" searches '
            "them with query_text.",
        },
        "kb_id": {
            "type": "string",
            "description": 'The one knowledge base to search (an id from action="list"). Use '
            "this, not kb_ids, for a single knowledge base.",
        },
        "kb_ids": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Two or more knowledge base ids to search in parallel, merged by "
            "score. Never an empty array, never together with kb_id.",
        },
        "query_text": {
            "type": "string",
            "description": 'What to look for; required when action is "query". Use specific '
            "terms: error codes, enum names, API names, configuration keys, original messages.",
        },
        "top_k": {
            "type": "integer",
            "description": 'How many merged results to return at most (action "query" only).',
            "default": DEFAULT_TOP_K,
            "minimum": 1,
            "maximum": MAX_TOP_K,
        },
    },
    "required": ["action"],
}

READ_DESCRIPTION = """\
Read a document of a knowledge base, whole or a line range, when a query_knowledge result's \
content is not enough: pass the result's knowledge base (kb_id), its path inside that knowledge \
base, and optionally start_line / end_line from its source (e.g. source \
"notes/setup/install.md:12-20" is kb_id "notes", path "setup/install.md", lines 12 to 20). Only files inside the knowledge bases can be read."""

READ_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "kb_id": {"type": "string", "description": "The knowledge base of the document."},
        "path": {"type": "string", "description": "The document's path inside the knowledge base."},
        "start_line": {
            "type": "integer",
            "minimum": 1,
            "description": "First line to read (1-based); default 1.",
        },
        "end_line": {
            "type": "integer",
            "minimum": 1,
            "description": "Last line to read, inclusive; default the end.",
        },
    },
    "required": ["kb_id", "path"],
}


def tool_definitions(kbs: Sequence[Any] | None = None) -> list[dict[str, Any]]:
    """Both tools in MCP's ``tools/list`` shape (``name``, ``description``, ``inputSchema``);
    with ``kbs``, the query tool's description says what those knowledge bases hold."""
    return [
        {"name": TOOL_NAME, "description": tool_description(kbs), "inputSchema": INPUT_SCHEMA},
        {"name": READ_TOOL_NAME, "description": READ_DESCRIPTION, "inputSchema": READ_SCHEMA},
    ]


# --------------------------------------------------------------------------- tool calls


@dc.dataclass(frozen=True, slots=True)
class ToolOutput:
    """The outcome of a tool call: the text an agent reads and the envelope behind it."""

    is_error: bool
    text: str
    envelope: dict[str, Any]


@dc.dataclass(frozen=True, slots=True)
class QueryRequest:
    action: str
    kb_ids: tuple[str, ...] | None
    query_text: str
    top_k: int


def _fix(msg: str, hint: str) -> InvalidArgumentError:
    return InvalidArgumentError(msg, hint=hint)


def parse_query_args(
    args: Mapping[str, Any] | None, examples: Callable[[], Examples] | None = None
) -> QueryRequest:
    """Check ``query_knowledge`` arguments; each mistake raises with the correction to make.

    :param examples: the KB ids and query the hints show (the root's own, see
        :func:`.scope.examples`); generic placeholders without it.
    """
    args = dict(args or {})

    def ex() -> Examples:
        return examples() if examples is not None else GENERIC

    unknown = sorted(set(args) - set(INPUT_SCHEMA["properties"]))
    if unknown:
        raise _fix(
            f"unknown argument(s): {', '.join(unknown)}",
            "the arguments are action, kb_id, kb_ids, query_text and top_k",
        )
    action = args.get("action")
    if action not in ("list", "query"):
        shown = "missing" if action is None else repr(action)
        raise _fix(
            f'action is {shown}; it must be "list" or "query"',
            'call with action="list" to see the knowledge bases, then action="query" '
            "with query_text to search them",
        )
    if action == "list":
        return QueryRequest("list", None, "", DEFAULT_TOP_K)
    kb_id, kb_ids = args.get("kb_id"), args.get("kb_ids")
    if kb_ids is not None:
        if not isinstance(kb_ids, list) or not all(isinstance(k, str) for k in kb_ids):
            raise _fix(
                "kb_ids must be an array of knowledge base ids",
                f'e.g. kb_ids=["{ex().kb}", "{ex().other_kb}"]; for one knowledge base send kb_id',
            )
        if not kb_ids:
            raise _fix(
                "kb_ids is an empty array",
                "leave kb_ids out; send kb_id for one knowledge base, or kb_ids with "
                "two or more ids",
            )
        if kb_id is not None:
            raise _fix(
                "both kb_id and kb_ids were sent",
                "send kb_id alone for one knowledge base, or kb_ids alone for several",
            )
    if kb_id is not None and (not isinstance(kb_id, str) or not kb_id.strip()):
        raise _fix(
            "kb_id must be a non-empty string",
            f'send one id from action="list", e.g. kb_id="{ex().kb}"',
        )
    text = args.get("query_text")
    if not isinstance(text, str) or not text.strip():
        raise _fix(
            'query_text is required when action is "query"',
            f'send the question as specific keywords, e.g. query_text="{ex().query}"',
        )
    top_k = args.get("top_k", DEFAULT_TOP_K)
    if top_k is None:
        top_k = DEFAULT_TOP_K
    if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= MAX_TOP_K:
        raise _fix(
            f"top_k must be an integer from 1 to {MAX_TOP_K}, not {top_k!r}",
            "leave it out for the default 5",
        )
    ids = tuple(k.strip() for k in kb_ids) if kb_ids else ((kb_id.strip(),) if kb_id else None)
    return QueryRequest("query", ids, text.strip(), top_k)


class KnowledgeTool:
    """Runs the agent tools against a root, optionally bound to one team (component).

    Bound to a component, every call goes through the team workflow: only the team's KBs (or
    the default KB for an unknown component) and its memory are reachable, ``kb_ids`` outside
    them are refused, and a denied team gets ``ACCESS_DISABLED`` for every query.
    """

    def __init__(
        self, root: str | os.PathLike[str] | None = None, component: str | None = None
    ) -> None:
        self.root = root
        self.component = component

    def examples(self) -> Examples:
        """The KB ids and query this root's hints show (read only when a call is wrong)."""
        from .scope import examples

        try:
            return examples(list_kbs(self.root))
        except KnowledgeRetrievalError:
            return GENERIC

    @property
    def bound(self) -> bool:
        return self.component is not None

    def call(self, name: str, arguments: Mapping[str, Any] | None) -> ToolOutput:
        """Run one tool call; errors become a :class:`ToolOutput` with ``is_error`` set."""
        listing = False
        try:
            if (
                self.bound
                and name in (TOOL_NAME, READ_TOOL_NAME)
                and not self._resolution().allowed
            ):
                # nothing is read and no argument is looked at: the answer is always the same
                env = ok([], ACCESS_DISABLED, None, denied=True)
            elif name == TOOL_NAME:
                req = parse_query_args(arguments, self.examples)
                listing = req.action == "list"
                env = self.query_knowledge(req)
            elif name == READ_TOOL_NAME:
                env = self.read(arguments or {})
            else:
                raise _fix(
                    f"unknown tool {name!r}", f"the tools are {TOOL_NAME} and {READ_TOOL_NAME}"
                )
        except KnowledgeRetrievalError as exc:
            env = error(exc)
            if exc.code == "kb_not_found":
                env["error"]["hint"] = (
                    'call query_knowledge with action="list" to see the '
                    "knowledge bases you may search"
                )
            return ToolOutput(True, error_text(env), env)
        except OSError as exc:
            env = error(exc, "io_error")
            return ToolOutput(True, error_text(env), env)
        except Exception as exc:  # a bug: report it to the agent rather than drop the call
            log.exception("%s failed", name)
            env = error(exc, "internal_error")
            return ToolOutput(True, error_text(env), env)
        return ToolOutput(False, _text(env, listing), env)

    # -- query_knowledge ----------------------------------------------------------------------

    def _resolution(self) -> Resolution:
        from ..team.teams import load_teams  # teams.yaml: only for a tool bound to a team

        return load_teams(self.root).resolve(self.component)

    def query_knowledge(self, req: QueryRequest) -> dict[str, Any]:
        if not self.bound:
            if req.action == "list":
                return kb_list_envelope(list_kbs(self.root))
            result = search_kbs(req.query_text, req.kb_ids, root=self.root, top_k=req.top_k)
            if failed := unusable_index(result):
                raise failed
            return search_envelope(result)
        res = self._resolution()
        if not res.allowed:
            return ok([], ACCESS_DISABLED, None, denied=True)
        allowed = set(res.kb_ids)
        if req.action == "list":
            kbs = [k for k in list_kbs(self.root) if k.name in allowed]
            kbs.sort(key=lambda k: res.kb_ids.index(k.name))
            mem = (
                f" Queries search this team's memory (projects: "
                f"{', '.join(res.memory_project_ids)}) first."
                if res.memory_project_ids
                else ""
            )
            return kb_list_envelope(
                kbs, f"{len(kbs)} knowledge base(s) for component {res.component or '(none)'}.{mem}"
            )
        if req.kb_ids is not None:
            outside = [k for k in req.kb_ids if normalize_kb_ref(k) not in allowed]
            if outside:
                raise AccessDeniedError(
                    f"knowledge base(s) {', '.join(outside)} are not available to component "
                    f"{res.component or '(none)'}",
                    hint=f"use {', '.join(res.kb_ids)}, or leave kb_id and kb_ids out",
                )
        r = retrieve(
            req.query_text,
            component=self.component,
            kb_ids=req.kb_ids,
            root=self.root,
            top_k=req.top_k,
        )
        return retrieval_envelope(r)

    # -- read_document ------------------------------------------------------------------------

    def read(self, args: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(args) - set(READ_SCHEMA["properties"]))
        if unknown:
            raise _fix(
                f"unknown argument(s): {', '.join(unknown)}",
                "the arguments are kb_id, path, start_line and end_line",
            )
        kb, path = args.get("kb_id"), args.get("path")
        if not isinstance(kb, str) or not kb.strip():
            raise _fix("kb_id is required", "pass the knowledge base of a query result")
        if not isinstance(path, str) or not path.strip():
            raise _fix(
                "path is required",
                "pass the document path of a query result, e.g. 'reference/order-status.md'",
            )
        kb = kb.strip()
        if self.bound:
            res = self._resolution()
            if not res.allowed:
                return ok([], ACCESS_DISABLED, None, denied=True)
            from ..team.memory import memory_kb

            reachable = set(res.kb_ids) | {memory_kb(p) for p in res.memory_project_ids}
            if kb not in reachable:
                raise AccessDeniedError(
                    f"knowledge base {kb!r} is not available to component "
                    f"{res.component or '(none)'}",
                    hint=f"read from {', '.join(sorted(reachable))}",
                )
        doc = read_document(
            kb,
            path.strip(),
            start_line=args.get("start_line"),
            end_line=args.get("end_line"),
            root=self.root,
        )
        return document_envelope(doc)


def _text(env: Mapping[str, Any], listing: bool) -> str:
    data = env["data"]
    if listing and data["results"]:
        rows = [f"- kb_id: {r['kb_id']} — {r['description']}" for r in data["results"]]
        return "\n".join([data["message"], *rows])
    if not data["results"]:
        return str(data["message"])
    return f"{data['message']}\n\n{to_markdown(env)}"


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "?", "!", "。")) else text + "."


def error_text(env: Mapping[str, Any]) -> str:
    err = env["error"]
    msg = err["message"]
    sugg = err.get("suggestions")
    if sugg and "did you mean" not in msg:
        msg += f" (did you mean: {', '.join(sugg)}?)"
    hint = f" How to fix it: {_sentence(err['hint'])}" if err.get("hint") else ""
    return f"Error ({err['code']}): {_sentence(msg)}{hint}"
