"""The memory KB: notes that callers add, kept as Markdown per project, searched by project id.

Notes live under ``<root>/.memory/<project id>/`` as ``<UTC time>-<slug>-<random>.md`` with YAML
front matter (``title``, ``project_id``, ``created``). The folder is hidden, so it is never taken
for a regular KB, and each project folder gets its own index like any KB (with default rules).
The folder is inside the root on purpose (notes travel with the KBs); in a git checkout of the
root it is untracked, and a ``.memory/`` line in the root's ``.gitignore`` keeps it out of git
(docs/agents.md#the-memory-kb).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import os
import re
import uuid
from collections.abc import Sequence
from pathlib import Path

import yaml

from .. import engine
from ..api import check_args
from ..defaults import DEFAULT_THRESHOLD
from ..engine.knowledge_base import KnowledgeBase
from ..errors import (
    AccessDeniedError,
    ConfigError,
    InvalidArgumentError,
    KBNotFoundError,
    UnsafePathError,
)
from ..index.report import IndexReport
from ..kb.discovery import MEMORY_DIRNAME, require_root, suggest, within
from ..models import KBRules
from ..ranking.query import analyze_query
from ..results import SearchResult
from ..verdict import outcome
from .projects import PROJECT_ID_RE, check_project_id, memory_kb

log = logging.getLogger(__name__)

MAX_NOTE_CHARS = 1_000_000
MAX_TITLE_CHARS = 200

__all__ = (
    "check_memory_write",
    "check_project_id",
    "list_projects",
    "memory_kb",
    "memory_path",
    "remember",
    "search_memory",
)


def _root(root: str | os.PathLike[str] | None) -> Path:
    return require_root(root)


def memory_path(project_id: str, root: str | os.PathLike[str] | None = None) -> Path:
    """The folder holding a project's notes (it may not exist yet)."""
    root_path = _root(root)
    folder = root_path / MEMORY_DIRNAME / check_project_id(project_id)
    if not within(root_path, folder):
        raise UnsafePathError(
            f"the memory folder of {project_id!r} resolves outside the root; refused",
            hint=f"make {MEMORY_DIRNAME}/ a real folder inside the KnowledgeBase root",
        )
    return folder


def list_projects(root: str | os.PathLike[str] | None = None) -> list[str]:
    """The project ids that have a memory folder, sorted."""
    base = _root(root) / MEMORY_DIRNAME
    try:
        entries = sorted(os.scandir(base), key=lambda e: e.name)
    except OSError:
        return []
    return [e.name for e in entries if e.is_dir() and PROJECT_ID_RE.fullmatch(e.name)]


def _slug(title: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40].strip("-")
    return s or "note"


def _clean_title(title: str | None, text: str) -> str:
    if title is not None and not isinstance(title, str):
        raise InvalidArgumentError(f"title must be a string, not {type(title).__name__}")
    t = " ".join((title or "").split())
    if not t:
        first = next((ln.strip().lstrip("#").strip() for ln in text.splitlines() if ln.strip()), "")
        t = " ".join(first.split())[:80] or "Note"
    return t[:MAX_TITLE_CHARS]


def check_memory_write(
    component: str, project_id: str, root: str | os.PathLike[str] | None = None
) -> None:
    """Raise :class:`AccessDeniedError` unless ``component`` may write to ``project_id``.

    The rules are the workflow's for reading: the component's team (from ``teams.yaml``) must
    be allowed, have memory enabled and list the project in its ``memory_project_ids``. An
    empty or unknown component is the default, which has no memory, so it writes nowhere.
    """
    from .teams import load_teams

    pid = check_project_id(project_id)
    res = load_teams(root).resolve(component)
    who = f"component {res.component!r}" if res.component else "the default (no component)"
    if not res.allowed:
        raise AccessDeniedError(
            f"{who} is denied knowledge-base access; no note was written",
            hint="teams.yaml gives this team access: denied",
        )
    if pid not in res.memory_project_ids:
        if res.memory_project_ids:
            hint = f"its memory projects are {', '.join(res.memory_project_ids)}"
        elif res.team is None:
            hint = "name a team of teams.yaml whose memory_project_ids lists the project"
        else:
            hint = "teams.yaml gives this team no memory (memory: enabled, memory_project_ids)"
        raise AccessDeniedError(
            f"project {pid!r} is not in the memory of {who}; no note was written",
            hint=hint,
        )


def remember(
    text: str,
    *,
    project_id: str,
    title: str | None = None,
    root: str | os.PathLike[str] | None = None,
    component: str | None = None,
) -> Path:
    """Store a note in a project's memory and return its path.

    :param text: the note, Markdown or plain text.
    :param project_id: the project it belongs to (see :func:`check_project_id`).
    :param title: a one-line title; default: the note's first line.
    :param root: the KnowledgeBase folder (found as :func:`~knowledge_retrieval.search` does).
    :param component: the team writing the note. When given, the note is written only if the
        workflow would read it for that team (:func:`check_memory_write`); otherwise
        :class:`AccessDeniedError`. None writes as the root's owner, unchecked, as
        :func:`search_memory` reads.

    The file is written to a temporary name and moved into place, so a search never sees half a
    note, and an existing note is never overwritten.
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(
            f"text must be a string, not {type(text).__name__}", hint="pass the note as text"
        )
    if not text.strip():
        raise InvalidArgumentError("empty note", hint="pass the text to remember")
    if len(text) > MAX_NOTE_CHARS:
        raise InvalidArgumentError(
            f"note of {len(text)} characters is too long (at most {MAX_NOTE_CHARS})",
            hint="split it into several notes",
        )
    for what, value in (("note", text), ("title", title if isinstance(title, str) else "")):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise InvalidArgumentError(
                f"the {what} is not valid Unicode ({exc.reason} at character {exc.start})",
                hint="remove lone surrogates such as '\\ud800' from it",
            ) from None
    pid = check_project_id(project_id)
    if component is not None:
        check_memory_write(component, pid, root)
    folder = memory_path(pid, root)
    heading = _clean_title(title, text)
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    front = yaml.safe_dump(
        {"title": heading, "project_id": pid, "created": now.isoformat().replace("+00:00", "Z")},
        allow_unicode=True,
        sort_keys=False,
        width=1000,
    )
    body = text.strip("\n")
    if not body.lstrip().startswith("#"):
        body = f"# {heading}\n\n{body}"
    content = f"---\n{front}---\n\n{body}\n"
    data = content.encode("utf-8")  # checked above: text and title are valid Unicode
    folder.mkdir(parents=True, exist_ok=True)
    stamp = now.strftime("%Y%m%dT%H%M%SZ")
    tmp = folder / f".{uuid.uuid4().hex}.tmp"
    try:  # the temporary file is removed on every way out, a full disk included
        with open(tmp, "xb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        for _attempt in range(20):
            dest = folder / f"{stamp}-{_slug(heading)}-{uuid.uuid4().hex[:8]}.md"
            if _place(tmp, dest):
                log.info("remembered %s", dest)
                return dest
        raise OSError(f"could not find a free file name in {folder}")  # pragma: no cover
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def _place(tmp: Path, dest: Path) -> bool:
    """Move ``tmp`` to ``dest`` unless ``dest`` exists; False when it does."""
    try:
        os.link(tmp, dest)  # atomic and refuses to replace an existing file
        return True
    except FileExistsError:
        return False
    except OSError:  # no hard links on this file system
        if dest.exists():
            return False
        os.replace(tmp, dest)
        return True


def search_memory(
    query: str,
    *,
    project_ids: Sequence[str],
    root: str | os.PathLike[str] | None = None,
    top_k: int = 5,
    score_threshold: float = DEFAULT_THRESHOLD,
) -> SearchResult:
    """Search the notes of one or more projects; hits are merged by score.

    :param project_ids: the projects whose notes are searched (at least one).

    Hits name their KB as ``.memory/<project id>`` and their path relative to that folder.
    When none of the projects has a note yet, :class:`KBNotFoundError` is raised (an unknown
    project, like an unknown KB); notes that match nothing give ``found=False``.
    """
    query = check_args(query, top_k, score_threshold)
    if isinstance(project_ids, str):
        project_ids = [project_ids]
    if not isinstance(project_ids, Sequence) or not project_ids:
        raise InvalidArgumentError(
            "no project ids to search", hint="pass project_ids=['pay-core'] (one or more)"
        )
    pids = list(dict.fromkeys(check_project_id(p) for p in project_ids))
    folders = {p: memory_path(p, root) for p in pids}
    q = analyze_query(query)
    labels = tuple(memory_kb(p) for p in pids)
    notes: list[str] = []
    missing = [p for p, folder in folders.items() if not folder.exists()]
    if len(missing) == len(folders):
        known = list_projects(root)
        raise KBNotFoundError(
            memory_kb(missing[0]),
            suggest(missing[0], known),
            reason=f"no memory for project {missing[0]!r}: no note has been added to it"
            + (f" (projects with notes: {', '.join(known[:10])})" if known else ""),
            hint=f"a memory project exists once a note is added to it: kr memory add "
            f"--project-id {missing[0]} --text '...' (remember() in Python)",
        )
    kbs: list[KnowledgeBase] = []
    for pid, folder in folders.items():
        if pid in missing:
            notes.append(f"project {pid!r} has no notes yet")
            continue
        if not folder.is_dir():
            raise ConfigError(
                f"the memory of project {pid!r} is not a folder",
                path=str(folder),
                hint="move the file away; notes are kept in a folder per project",
            )
        kbs.append(KnowledgeBase(memory_kb(pid), folder, KBRules(), index_name=f"memory-{pid}"))
    ranked = engine.refresh_and_rank(
        kbs, q, top_k * 3, notes, report_notes=_skipped_notes, meaning=False
    )
    known_words = {k for r in ranked.values() for k in r.outcome.known_keywords}
    matches = [(name, f) for name, r in ranked.items() for f in r.outcome.files]
    return outcome.from_matches(
        q,
        matches,
        notes,
        kbs=labels,
        threshold=float(score_threshold),
        top_k=top_k,
        where=pids,
        notes_of_memory=True,
        known=known_words,
    )


def _skipped_notes(kb: KnowledgeBase, report: IndexReport, notes: list[str]) -> None:
    """What a memory index update is worth a note: the files it skipped."""
    if report.skipped:
        notes.append(f"{kb.name} skipped {len(report.skipped)} file(s)")
