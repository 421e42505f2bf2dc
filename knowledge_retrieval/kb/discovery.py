"""Find the KnowledgeBase root and its KBs; resolve a KB name, path fragment or near-miss."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from ..defaults import ROOT_ENV
from ..errors import InvalidArgumentError, RootNotFoundError, UnsafePathError

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
    here = Path.cwd()
    for d in (here, *here.parents):
        cand = d / ROOT_DIRNAME
        if cand.is_dir():
            return cand.resolve()
    return None


def require_root(root: str | os.PathLike[str] | None = None) -> Path:
    """Like :func:`find_root`, but a missing root is an error (for commands that need one)."""
    root_path = find_root(root)
    if root_path is None:
        where = (
            f"'{os.fspath(root)}'" if root is not None else "the working directory or its parents"
        )
        raise RootNotFoundError(
            f"no KnowledgeBase folder found in {where}",
            hint="pass --root (root=...) or set KNOWLEDGE_BASE_ROOT to the KnowledgeBase folder",
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
    """Every subfolder of the root, sorted by name; ``readme`` is None where it has none."""
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
        readme = path / "README.md"
        out.append(KBLocation(e.name, path, readme if readme.is_file() else None))
    return out


def within(root: Path, path: Path) -> bool:
    """True when ``path`` (symlinks resolved) lies inside ``root``."""
    if path.parent == root and not path.is_symlink():
        return True  # a real folder directly under the root (the usual KB): no resolving
    try:
        path.resolve().relative_to(root.resolve())
    except (ValueError, OSError):
        return False
    return True


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
