"""The team retrieval workflow: access check, memory first, then the team's knowledge bases.

This is the seed's "Main Workflow" as one call, :func:`retrieve`::

    component -> teams.yaml -> denied?  -> "Knowledge-base access is disabled ..." (nothing read)
                             -> KB ids: explicit ids, else the team's, else default_kb
                             -> memory enabled with project ids?
                                   hits        -> return them            (source = memory)
                                   no hits     -> "No relevant ..." stop (source = memory)
                                   failure     -> fall through
                             -> search the KB ids (merged)               (source = kb)
                                   an error here is the caller's error: no further fallback

It also holds what the CLI and the MCP server share: :func:`check_kb_ids`, :func:`search_kbs`
(several KBs in parallel, merged by score) and :func:`read_document`.
"""

from __future__ import annotations

import dataclasses as dc
import logging
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..api import check_args, search
from ..defaults import DEFAULT_THRESHOLD
from ..engine.knowledge_base import rules_of
from ..errors import (
    ConfigError,
    InvalidArgumentError,
    KBNotFoundError,
    UnsafePathError,
)
from ..kb.discovery import (
    MEMORY_DIRNAME,
    check_name,
    list_locations,
    normalize_kb_ref,
    require_root,
    resolve_kb,
    within,
)
from ..kb.reader import OUTSIDE_KB, SkipFile, read_kb_file
from ..kb.scan import document_refusal
from ..messages import ACCESS_DISABLED, NOT_FOUND_EN
from ..models import KBRules
from ..results import Hit, SearchResult

if TYPE_CHECKING:
    from .teams import Resolution, TeamsConfig

# teams.yaml (teams.py, PyYAML) and the memory KB (memory.py) are imported by the calls that
# use them: search_kbs, what `kr smart` runs, needs neither.

log = logging.getLogger(__name__)

"""The whole answer for a component whose access is denied."""
NO_RESULTS = NOT_FOUND_EN
"""The answer when a search succeeded but found nothing (always this English sentence)."""


@dc.dataclass(frozen=True, slots=True)
class Retrieval:
    """What :func:`retrieve` returns: the hits (best first) or the sentence to show instead."""

    query: str
    component: str
    """The component as given (stripped); empty for the default KB."""
    team: str | None
    """The team it resolved to; None for an empty or unknown component (the default KB)."""
    source: str | None
    """``memory`` or ``kb``: what answered; None when access is denied."""
    message: str
    """One sentence: how many hits, ``No relevant documents found for the given query.`` or
    ``Knowledge-base access is disabled for this component.``"""
    hits: tuple[Hit, ...] = ()
    kb_ids: tuple[str, ...] = ()
    """What was searched last: KB names, or ``.memory/<project id>`` labels for memory."""
    denied: bool = False
    notes: tuple[str, ...] = ()
    """How the workflow went: memory failures it fell back from, skipped files, ..."""
    answer: str = ""
    """An extractive answer drawn from the hits, naming its sources."""

    @property
    def results(self) -> tuple[Hit, ...]:
        """The hits (the seed calls them results)."""
        return self.hits

    @property
    def found(self) -> bool:
        return bool(self.hits)

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "component": self.component,
            "team": self.team,
            "source": self.source,
            "message": self.message,
            "hits": [h.to_dict() for h in self.hits],
            "kb_ids": list(self.kb_ids),
            "denied": self.denied,
            "notes": list(self.notes),
            "answer": self.answer,
        }

    def __repr__(self) -> str:
        from ..terminal import one_line

        head = f"<Retrieval {self.source or 'denied'} {len(self.hits)} hit(s) {self.message!r}"
        rows = (one_line(f"  {h.score:.2f}  {h.kb}/{h.location}") for h in self.hits)
        return head + "".join(f"\n{row}" for row in rows) + ">"


# --------------------------------------------------------------------------- KB ids


def _root(root: str | os.PathLike[str] | None) -> Path:
    return require_root(root)


def _ids(kb_ids: object, what: str = "kb_ids") -> list[str]:
    if isinstance(kb_ids, str):
        kb_ids = [kb_ids]
    if not isinstance(kb_ids, Sequence) or not all(isinstance(k, str) for k in kb_ids):
        raise InvalidArgumentError(
            f"{what} must be a list of KB names, not {kb_ids!r}",
            hint="e.g. kb_ids=['payments', 'glossary']",
        )
    if not kb_ids:
        raise InvalidArgumentError(
            f"{what} is empty", hint="name at least one KB, or pass None for the default"
        )
    return list(dict.fromkeys(k.strip() for k in kb_ids))


def check_kb_ids(kb_ids: Sequence[str], root: str | os.PathLike[str] | None = None) -> list[str]:
    """The names, checked: each must be a KB folder (with a README.md) inside the root.

    ``KnowledgeBase/payments/`` and ``./payments`` are taken as ``payments``; duplicates go.

    Raises :class:`KBNotFoundError` (with near-miss suggestions) for the first that is not.
    """
    names = list(dict.fromkeys(normalize_kb_ref(k) for k in _ids(kb_ids)))
    root_path = _root(root)
    locs = {loc.name: loc for loc in list_locations(root_path)}
    return [resolve_kb(root_path, name, locs).name for name in names]


def search_kbs(
    query: str,
    kb_ids: Sequence[str] | None,
    *,
    root: str | os.PathLike[str] | None = None,
    top_k: int = 5,
    score_threshold: float = DEFAULT_THRESHOLD,
    parallel: bool = True,
) -> SearchResult:
    """Search several KBs at once (one thread each) and merge their hits by score.

    ``kb_ids=None`` lets :func:`~knowledge_retrieval.search` choose the KB. Unknown names raise
    :class:`KBNotFoundError`; a search that finds nothing is a result with ``found=False``.
    """
    check_args(query, top_k, score_threshold)
    if kb_ids is None:
        return search(query, root=root, top_k=top_k, score_threshold=score_threshold)
    names = check_kb_ids(kb_ids, root)
    # several KBs are ranked in parallel threads inside search() and assembled as one result
    return search(
        query,
        names if len(names) > 1 else names[0],
        root=root,
        top_k=top_k,
        score_threshold=score_threshold,
    )


# --------------------------------------------------------------------------- the workflow


def retrieve(
    query: str,
    *,
    component: str | None = None,
    kb_ids: Sequence[str] | None = None,
    root: str | os.PathLike[str] | None = None,
    top_k: int = 5,
    score_threshold: float = DEFAULT_THRESHOLD,
) -> Retrieval:
    """Answer ``query`` for a team the way the retrieve-doc workflow prescribes.

    :param query: a focused question: error codes, enum names, API names, config keys ...
    :param component: the caller's team; empty or unknown means ``default_kb`` of teams.yaml.
    :param kb_ids: explicit KB names (debugging, operations); never used for a denied team.
    :param root: the KnowledgeBase folder holding ``teams.yaml``.
    :param top_k: at most this many hits (memory and KB alike).
    :param score_threshold: hits scoring below this (0..1) are dropped.

    A denied component gets ``message == ACCESS_DISABLED`` and no search at all. An empty
    result has ``message == NO_RESULTS``. Errors (unknown KB, malformed teams.yaml, an index
    that cannot be updated) raise :class:`~knowledge_retrieval.KnowledgeRetrievalError`.
    """
    from .memory import search_memory
    from .teams import load_teams

    query = check_args(query, top_k, score_threshold)
    config = load_teams(root)
    res = config.resolve(component)
    team = res.team.name if res.team else None
    if not res.allowed:
        log.info("component %r is denied knowledge-base access", res.component)
        return Retrieval(query, res.component, team, None, ACCESS_DISABLED, denied=True)
    notes: list[str] = []
    if kb_ids is not None:
        effective = check_kb_ids(_ids(kb_ids), root)
    else:
        effective = _configured_kbs(config, res, root)
        if res.is_default:
            notes.append(
                f"component {res.component!r} is not in teams.yaml; using the default "
                f"KB {config.default_kb!r}"
                if res.component
                else f"no component given; using the default KB {config.default_kb!r}"
            )

    if res.memory_project_ids:
        try:
            mem = search_memory(
                query,
                project_ids=res.memory_project_ids,
                root=root,
                top_k=top_k,
                score_threshold=score_threshold,
            )
        except Exception as exc:  # noqa: BLE001 - any memory failure means: use the KB instead
            log.info("memory search failed, falling back to the KB: %r", exc)
            notes.append(f"memory search failed ({exc}); searched the knowledge base instead")
        else:
            notes.extend(mem.notes)
            if mem.found:
                return Retrieval(
                    query,
                    res.component,
                    team,
                    "memory",
                    mem.message,
                    mem.hits,
                    mem.kbs,
                    notes=tuple(notes),
                    answer=mem.answer,
                )
            notes.append(
                "the team's memory has no relevant note, so its knowledge bases were not "
                "searched (the workflow stops at an empty memory result)"
            )
            return Retrieval(
                query, res.component, team, "memory", NO_RESULTS, (), mem.kbs, notes=tuple(notes)
            )
    elif res.memory_enabled:
        notes.append(
            "memory is enabled but the team lists no memory_project_ids; "
            "searched the knowledge base"
        )

    result = search_kbs(query, effective, root=root, top_k=top_k, score_threshold=score_threshold)
    notes.extend(result.notes)
    if not result.found:
        return Retrieval(
            query, res.component, team, "kb", NO_RESULTS, (), tuple(effective), notes=tuple(notes)
        )
    return Retrieval(
        query,
        res.component,
        team,
        "kb",
        result.message,
        result.hits,
        tuple(effective),
        notes=tuple(notes),
        answer=result.answer,
    )


def _configured_kbs(
    config: TeamsConfig, res: Resolution, root: str | os.PathLike[str] | None
) -> list[str]:
    """The team's (or the default) KBs, each checked; a missing one is a teams.yaml error."""
    names = list(res.kb_ids)
    try:
        return check_kb_ids(names, root)
    except KBNotFoundError as exc:
        did = f" (did you mean: {', '.join(exc.suggestions)}?)" if exc.suggestions else ""
        who = f"team {res.team.name!r}" if res.team else "default_kb"
        raise ConfigError(
            f"{who} names knowledge base {exc.name!r}, which is not a KB under the root{did}",
            path=str(config.path),
            line=config.line_of(res.team, exc.name),
            hint="fix teams.yaml or create the KB folder with a README.md",
        ) from None


# --------------------------------------------------------------------------- reading documents


_LOCATION_RE = re.compile(r"^(?P<path>.+?):(?P<start>\d+)(?:-(?P<end>\d*))?$")


def parse_location(spec: str) -> tuple[str, int | None, int | None]:
    """Split ``PATH[:START[-END]]`` into (path, start, end); ``START-`` reads to the end.

    >>> parse_location("reference/order-status.md:12-20")
    ('reference/order-status.md', 12, 20)
    >>> parse_location("a.md:7")
    ('a.md', 7, 7)
    """
    m = _LOCATION_RE.match(spec)
    if not m:
        return spec, None, None
    start = int(m["start"])
    end = m["end"]
    if end is None:
        return m["path"], start, start
    return m["path"], start, int(end) if end else None


@dc.dataclass(frozen=True, slots=True)
class DocumentText:
    """Lines of a document read by :func:`read_document`."""

    kb: str
    path: str
    line_start: int
    line_end: int
    total_lines: int
    text: str

    @property
    def location(self) -> str:
        return f"{self.kb}/{self.path}:{self.line_start}-{self.line_end}"


def _kb_folder(root_path: Path, kb: str) -> tuple[Path, KBRules]:
    """The folder of a KB name or of a memory label ``.memory/<project id>``, and the rules
    its index is built with (the README's; default rules for memory)."""
    if not isinstance(kb, str):
        raise InvalidArgumentError(f"kb must be a string, not {type(kb).__name__}")
    if kb.startswith(MEMORY_DIRNAME + "/"):
        from .memory import check_project_id, memory_path

        return memory_path(check_project_id(kb[len(MEMORY_DIRNAME) + 1 :]), root_path), KBRules()
    loc = resolve_kb(root_path, check_name(kb))
    return loc.path, rules_of(loc)


_MAX_PATH_CHARS = 1024
"""A document path longer than this is refused before the file system is asked."""


def _short(path: str) -> str:
    return path if len(path) <= 80 else path[:60] + "…" + path[-10:]


def _os_reason(exc: OSError) -> str:
    return (exc.strerror or type(exc).__name__).lower()


def kb_relative(path: str) -> str:
    """A document path as the KB-relative POSIX path the README's rules are matched on.

    Empty and ``.`` parts are dropped (``./a//b/./c.md`` is ``a/b/c.md``), so no spelling
    reaches a file by another name than the one the rules see. Absolute paths (``/x``, and
    ``.//x``, which is ``x`` relative to the KB, never the root's ``/x``), ``..``,
    backslashes, NUL and hidden parts raise :class:`UnsafePathError`.

    >>> kb_relative("./reference//order-status.md")
    'reference/order-status.md'
    """
    if not isinstance(path, str) or not path.strip():
        raise InvalidArgumentError(
            "empty document path", hint="pass the path relative to the KB, e.g. 'faq/a.md'"
        )
    if len(path) > _MAX_PATH_CHARS:
        raise InvalidArgumentError(
            f"document path {_short(path)!r} is longer than {_MAX_PATH_CHARS} characters",
            hint="use the path of a hit (Hit.path), relative to the KB folder",
        )
    raw = check_name(path, "document path")
    parts = [part for part in raw.split("/") if part not in ("", ".")]
    if not parts:
        raise InvalidArgumentError(
            f"document path {path!r} names the KB folder, not a document",
            hint="pass the path relative to the KB, e.g. 'faq/a.md'",
        )
    if any(part.startswith(".") for part in parts):
        raise UnsafePathError(
            f"document path {path!r} names a hidden file or folder; refused",
            hint="hidden files are never documents of a knowledge base",
        )
    return "/".join(parts)


def read_document(
    kb: str,
    path: str,
    *,
    start_line: int | None = None,
    end_line: int | None = None,
    root: str | os.PathLike[str] | None = None,
) -> DocumentText:
    """Read a document of a KB (or of a memory project), whole or a line range.

    :param kb: a KB name, or ``.memory/<project id>`` for a memory note.
    :param path: the file, relative to the KB folder (as in ``Hit.path``).
    :param start_line: first line, 1-based (default 1).
    :param end_line: last line, inclusive (default: the end of the file).

    Only what the index could return is read, decoded as the index decodes it: paths that
    would leave the KB (``..``, absolute, symlinks pointing out) are refused, and so are files
    the index never takes (excluded by the README, in ``drafts/`` or ``node_modules/``, not a
    document, binary, too large). Lines are the index's lines (split at ``\n``, ``\r\n``
    and ``\r``), so a hit's ``line_start`` / ``line_end`` name the same text here.
    """
    root_path = _root(root)
    folder, rules = _kb_folder(root_path, kb)
    rel = kb_relative(path)
    target = folder / rel
    try:
        inside = within(folder, target)
    except OSError as exc:  # a name too long, ...: the path's fault, told without the root
        raise InvalidArgumentError(
            f"document path {_short(path)!r} cannot be opened: {_os_reason(exc)}",
            hint="use the path of a hit (Hit.path), relative to the KB folder",
        ) from None
    if not inside:
        raise UnsafePathError(
            f"document path {path!r} leads outside the knowledge base; refused",
            hint="use a path relative to the KB folder",
        )
    for name, value in (("start_line", start_line), ("end_line", end_line)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise InvalidArgumentError(
                f"{name} must be a positive integer, not {value!r}",
                hint="lines are numbered from 1",
            )
    refusal = document_refusal(rel, rules, kb_path=folder)
    if refusal is not None and os.path.lexists(target):
        raise InvalidArgumentError(
            f"{rel!r} is not a document of {kb!r}: {refusal}",
            hint="only files the index searches can be read; `kr index` lists what it skips",
        )
    text = _read(folder, rel, path, kb)
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    total = len(lines)
    start = start_line or 1
    end = min(end_line or total, total)
    if total and start > total:
        raise InvalidArgumentError(
            f"{rel!r} has {total} lines; line {start} does not exist",
            hint=f"ask for lines 1-{total}",
        )
    if end_line is not None and start_line is not None and end_line < start_line:
        raise InvalidArgumentError(f"the range {start_line}-{end_line} ends before it starts")
    kb_label = kb if kb.startswith(MEMORY_DIRNAME + "/") else folder.name
    return DocumentText(
        kb_label, rel, start if total else 0, end, total, "\n".join(lines[start - 1 : end])
    )


def _read(folder: Path, rel: str, path: str, kb: str) -> str:
    """The document's text through the indexer's own reader, its refusals as errors."""
    try:
        text, _sha = read_kb_file(folder, rel)
    except SkipFile as exc:
        why = str(exc)
        if why == OUTSIDE_KB:
            raise UnsafePathError(
                f"document path {path!r} leads outside the knowledge base; refused",
                hint="use a path relative to the KB folder",
            ) from None
        if why in ("unreadable: file not found", "unreadable: is a directory"):
            raise InvalidArgumentError(
                f"no document {rel!r} in {kb!r}",
                hint="use the path of a hit (Hit.path), relative to the KB folder",
            ) from None
        if why.startswith("larger than"):
            raise InvalidArgumentError(
                f"{rel!r} is {why}, so it is not indexed",
                hint="split the file; the index skips files this large",
            ) from None
        raise InvalidArgumentError(
            f"{rel!r} is not a document of {kb!r}: {why}",
            hint="only files the index searches can be read; `kr index` lists what it skips",
        ) from None
    return text
