"""Find the KnowledgeBase root and its KBs; resolve a KB name, path fragment or near-miss."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..defaults import ROOT_ENV
from ..errors import (
    InvalidArgumentError,
    KBNotFoundError,
    KnowledgeRetrievalError,
    RootNotFoundError,
    UnsafePathError,
)
from .reader import is_inside

log = logging.getLogger(__name__)

"""Environment variable naming the KnowledgeBase root folder."""
ROOT_DIRNAME = "KnowledgeBase"
MEMORY_DIRNAME = ".memory"
"""Folder under the root holding the memory KB; hidden, so never taken for a regular KB."""


@dataclass(frozen=True, slots=True)
class KBLocation:
    """A KB folder found under the root."""

    name: str
    path: Path
    readme: Path | None
    problem: str = ""
    """Why ``readme`` is None although a ``README.md`` is there (e.g. a symlink leading out)."""


def check_name(value: str, what: str = "knowledge base name") -> str:
    """Refuse names that could leave their folder: absolute, ``..``, backslash, NUL, empty.

    >>> check_name("payments")
    'payments'
    """
    if not isinstance(value, str):
        raise InvalidArgumentError(
            f"{what} must be a string, not {type(value).__name__}",
            hint="pass the folder name of the knowledge base, e.g. 'payments'",
        )
    v = value.strip()
    if not v:
        raise InvalidArgumentError(f"empty {what}", hint="pass a non-empty name")
    if "\x00" in v or "\\" in v or v.startswith(("/", "~")) or (len(v) > 1 and v[1] == ":"):
        raise UnsafePathError(
            f"{what} {value!r} is not allowed (absolute path, backslash or NUL)",
            hint="use a plain name relative to the KnowledgeBase root",
        )
    if any(part == ".." for part in v.replace("\\", "/").split("/")):
        raise UnsafePathError(
            f"{what} {value!r} is not allowed ('..' would leave the root)",
            hint="use a plain name relative to the KnowledgeBase root",
        )
    return v


def find_root(root: str | os.PathLike[str] | None = None) -> Path | None:
    """The KnowledgeBase root: the argument, else ``$KNOWLEDGE_BASE_ROOT``, else a
    ``KnowledgeBase/`` folder in the working directory or one of its parents.

    Returns None when nothing is found (or the argument is not a folder); a root that is not a
    path, or has a NUL, raises :class:`InvalidArgumentError` / :class:`UnsafePathError`.
    """
    if root is not None:
        try:
            text = os.fsdecode(root)
        except TypeError:
            raise InvalidArgumentError(
                f"root must be a path, not {type(root).__name__}",
                hint="pass the KnowledgeBase folder, e.g. root='KnowledgeBase'",
            ) from None
        if "\x00" in text:
            raise UnsafePathError(
                f"root {text!r} is not allowed (NUL)",
                hint="pass the KnowledgeBase folder as a plain path",
            )
        p = Path(text).expanduser()
        return p.resolve() if p.is_dir() else None
    env = os.environ.get(ROOT_ENV)
    if env:
        p = Path(env).expanduser()
        return p.resolve() if p.is_dir() else None
    found, _skipped = _discover()
    return found


def _discover() -> tuple[Path | None, list[str]]:
    """The first ``KnowledgeBase/`` in the working directory or a parent that the current user
    owns, and a note for each one skipped because another user owns it (compare git's
    ``safe.directory``: a folder another local user planted must not answer your questions)."""
    skipped: list[str] = []
    here = Path.cwd()
    for d in (here, *here.parents):
        cand = d / ROOT_DIRNAME
        try:
            info = cand.stat()
        except (OSError, ValueError):
            continue
        if not stat.S_ISDIR(info.st_mode):
            continue
        if not _owned_by_me(info):
            note = (
                f"skipped {cand}: it is owned by another user (uid {info.st_uid}); "
                "pass root= (--root) or set KNOWLEDGE_BASE_ROOT to use it"
            )
            log.warning("%s", note)
            skipped.append(note)
            continue
        return cand.resolve(), skipped
    return None, skipped


def _owned_by_me(info: os.stat_result) -> bool:
    geteuid = getattr(os, "geteuid", None)
    return geteuid is None or info.st_uid == geteuid()


def root_notes(root: str | os.PathLike[str] | None = None) -> list[str]:
    """Why no root was found: one sentence, and a note per discovered root that was skipped."""
    if root is not None:
        return [f"no KnowledgeBase folder found in '{os.fspath(root)}'"]
    env = os.environ.get(ROOT_ENV)
    if env:
        return [f"no KnowledgeBase folder found in '{env}' (${ROOT_ENV})"]
    _found, skipped = _discover()
    return ["no KnowledgeBase folder found in the working directory or its parents", *skipped]


def require_root(root: str | os.PathLike[str] | None = None) -> Path:
    """Like :func:`find_root`, but a missing root is an error (for commands that need one)."""
    root_path = find_root(root)
    if root_path is None:
        where = (
            f"'{os.fspath(root)}'" if root is not None else "the working directory or its parents"
        )
        skipped = root_notes(None)[1:] if root is None and not os.environ.get(ROOT_ENV) else []
        raise RootNotFoundError(
            f"no KnowledgeBase folder found in {where}" + "".join(f"; {n}" for n in skipped),
            hint="pass --root (root=...) or set KNOWLEDGE_BASE_ROOT to the KnowledgeBase folder",
        )
    return root_path


def no_kbs_note(root: Path) -> str:
    """Why a root holds no KB, and where it should point when it is a folder inside a KB."""
    inside = enclosing_kb(root)
    if inside is None:
        return f"no knowledge base (a folder with a README.md) under {root.name}/"
    return (
        f"{root} is a folder inside the knowledge base '{inside.name}', not a KnowledgeBase "
        f"root: pass the root {inside.parent} (with the knowledge base '{inside.name}'), "
        f"or {inside} itself"
    )


def require_kbs(root: str | os.PathLike[str] | None = None) -> Path:
    """Like :func:`require_root`, but a root holding no KB at all is an error too (for the
    commands that search): its message names the KB a folder inside a KB belongs to."""
    root_path = require_root(root)
    if not any(loc.readme is not None for loc in list_locations(root_path)):
        raise RootNotFoundError(
            no_kbs_note(root_path),
            hint="pass --root (root=...) a KnowledgeBase folder (one sub-folder with a "
            "README.md per knowledge base) or one knowledge base folder",
        )
    return root_path


def _is_kb_dir(entry: os.DirEntry[str]) -> bool:
    if entry.name.startswith((".", "_")) or entry.name in {"node_modules"}:
        return False
    try:
        return entry.is_dir()
    except OSError:
        return False


def list_locations(root: Path) -> list[KBLocation]:
    """Every subfolder of the root, sorted by name; ``readme`` is None where it has none.

    A root that is itself a KB (a ``README.md`` of its own and no subfolder with one, as when
    ``--root`` names ``KnowledgeBase/homelab``) is that one KB, named after its folder.
    """
    out: list[KBLocation] = []
    try:
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except OSError as exc:
        log.warning("cannot list %s: %s", root, exc)
        return out
    for e in entries:
        if not _is_kb_dir(e):
            continue
        path = Path(e.path)
        readme, problem = _readme(path)
        out.append(KBLocation(e.name, path, readme, problem))
    if not any(loc.readme is not None for loc in out):
        own = single_kb(root)
        if own is not None:
            return [own]
    return out


def single_kb(root: Path) -> KBLocation | None:
    """The root as a KB of its own when it has a ``README.md`` (its KB sub-folders unchecked)."""
    readme, _problem = _readme(root)
    if readme is None or not root.name or root.name.startswith("."):
        return None
    log.debug("%s has a README.md and no knowledge base folders: it is the KB %r", root, root.name)
    return KBLocation(root.name, root, readme)


def enclosing_kb(folder: Path) -> Path | None:
    """The nearest parent of ``folder`` that is a KB folder (has a ``README.md``), if any: where
    a root given inside a KB (``KnowledgeBase/homelab/services``) should have pointed."""
    for parent in list(folder.parents)[:4]:
        if parent.name == ROOT_DIRNAME:
            break
        if _readme(parent)[0] is not None:
            return parent
    return None


def _readme(folder: Path) -> tuple[Path | None, str]:
    """A KB folder's README.md when it is a regular file inside the folder (a symlink is
    followed only while it stays inside, as for documents), else None and why."""
    readme = folder / "README.md"
    try:
        info = readme.lstat()
    except (OSError, ValueError):
        return None, ""
    if stat.S_ISLNK(info.st_mode):
        if not is_inside(folder, readme):
            return (
                None,
                "has a README.md that is a symlink leading outside the knowledge base (not read)",
            )
        try:
            info = readme.stat()
        except (OSError, ValueError, RuntimeError):
            return None, "has a README.md that is a broken symlink"
    if not stat.S_ISREG(info.st_mode):
        return None, "" if stat.S_ISDIR(
            info.st_mode
        ) else "has a README.md that is not a regular file"
    return readme, ""


def within(root: Path, path: Path) -> bool:
    """True when ``path`` (symlinks resolved) lies inside ``root``: the check on names made
    before opening (what is opened is checked again, see :mod:`knowledge_retrieval.kb.reader`)."""
    if path.parent == root and not path.is_symlink():
        return True  # a real folder directly under the root (the usual KB): no resolving
    return is_inside(root, path)


@dataclass(frozen=True, slots=True)
class Unresolved:
    """Why a KB name names no searchable KB: a reason code, a sentence and near misses."""

    name: str
    reason: Literal["kb_not_found", "invalid_kb", "no_readme"]
    """As in ``SearchResult.reason``."""
    note: str
    """The sentence for a result's notes."""
    suggestions: tuple[str, ...] = ()
    detail: str = ""

    def error(self) -> KnowledgeRetrievalError:
        """The error an entry point that raises (``check_kb_ids``, ``read_document``) raises."""
        if self.reason == "invalid_kb" and "outside" in self.note:
            return UnsafePathError(
                f"knowledge base {self.name!r} resolves outside the root; refused",
                hint="make the KB a real folder inside the KnowledgeBase root",
            )
        if self.reason == "no_readme":
            return KBNotFoundError(
                self.name, reason=f"{self.name!r} {self.detail}, so it is not a knowledge base"
            )
        return KBNotFoundError(self.name, self.suggestions)


def lookup_kb(
    root: Path, ref: str, locs: Mapping[str, KBLocation] | None = None
) -> KBLocation | Unresolved:
    """The one KB-name resolver: the searchable KB that ``ref`` names, or why there is none.

    ``KnowledgeBase/payments/`` and ``./payments`` are ``payments``. Unsafe names raise
    :class:`UnsafePathError`; everything else is an answer (see :func:`resolve_kb` to raise).
    """
    name = normalize_kb_ref(ref)
    if locs is None:
        locs = {loc.name: loc for loc in list_locations(root)}
    loc = locs.get(name)
    if loc is None:
        usable = sorted(n for n, v in locs.items() if v.readme is not None)
        sugg = tuple(suggest(name, usable))
        path = root / name
        if path.exists() and not path.is_dir():
            return Unresolved(
                name, "invalid_kb", f"'{name}' is a file, not a knowledge base folder", sugg
            )
        did = f" (did you mean: {', '.join(sugg)}?)" if sugg else ""
        return Unresolved(
            name,
            "kb_not_found",
            f"knowledge base '{name}' does not exist under the root{did}",
            sugg,
        )
    if not within(root, loc.path):
        return Unresolved(
            name, "invalid_kb", f"knowledge base '{name}' resolves outside the root; refused"
        )
    if loc.readme is None:
        why = loc.problem or "has no README.md"
        return Unresolved(
            name, "no_readme", f"knowledge base '{name}' {why}, so it is not a KB", detail=why
        )
    return loc


def resolve_kb(root: Path, ref: str, locs: Mapping[str, KBLocation] | None = None) -> KBLocation:
    """:func:`lookup_kb`, raising :class:`KBNotFoundError` / :class:`UnsafePathError`."""
    got = lookup_kb(root, ref, locs)
    if isinstance(got, Unresolved):
        raise got.error()
    return got


def normalize_kb_ref(ref: str) -> str:
    """Turn ``KnowledgeBase/payments/`` or ``./payments`` into ``payments``."""
    v = check_name(ref)
    parts = [p for p in v.split("/") if p not in ("", ".")]
    if parts and parts[0] == ROOT_DIRNAME:
        parts = parts[1:]
    if len(parts) != 1:
        raise InvalidArgumentError(
            f"knowledge base {ref!r} is not a single folder name",
            hint="name one folder directly under the KnowledgeBase root, e.g. 'payments' "
            "or 'KnowledgeBase/payments/'",
        )
    return parts[0]


def suggest(name: str, choices: list[str], limit: int = 3) -> list[str]:
    """Near-miss spellings of ``name`` among ``choices`` (rapidfuzz), best first."""
    if not choices:
        return []
    from rapidfuzz import fuzz, process  # only for a name that is not found

    got = process.extract(
        name.lower(),
        {c: c.lower() for c in choices},
        scorer=fuzz.WRatio,
        limit=limit,
        score_cutoff=60,
    )
    return [key for _match, _score, key in got]
