"""A generation's manifest and stamp on disk: written atomically, checked for shape, and the
Whoosh files it records checked against the folder (sizes, mtimes, CRC-32)."""

from __future__ import annotations

import json
import os
import re
from itertools import chain
from pathlib import Path
from typing import Any

from ..kb.scan import file_crc32, file_signatures

VERIFY_MAX_BYTES = 64 << 20
"""Indexes up to this size are checksummed when a process first opens them (bit rot)."""
TOC_RE = re.compile(r"_MAIN_\d+\.toc")
SEG_RE = re.compile(r"MAIN_[0-9a-z]+\.[A-Za-z0-9_.]+")
WHOOSH_FILE_RE = re.compile(f"{TOC_RE.pattern}|{SEG_RE.pattern}")
"""Whoosh's own files in a generation folder (tables of contents and segment files)."""


def index_files(gdir: Path, known: dict[str, Any]) -> dict[str, list[int]]:
    """Whoosh's files in a generation: name -> [size, mtime_ns, crc32] (CRCs of known kept)."""
    out = file_signatures(gdir, WHOOSH_FILE_RE.fullmatch)
    for name, sig in out.items():
        old = known.get(name) or []
        sig.append(old[2] if old[:2] == sig and len(old) > 2 else file_crc32(gdir / name))
    return out


def files_problem(gdir: Path, recorded: dict[str, Any], *, checksums: bool = True) -> str | None:
    """Why the Whoosh files of ``gdir`` differ from those recorded after the last commit: their
    names, sizes and mtimes, then (with ``checksums``) :func:`checksum_problem`."""
    now = file_signatures(gdir, WHOOSH_FILE_RE.fullmatch)
    if any(n.endswith(".toc") and n not in recorded for n in now):
        return "a commit the manifest does not know (an update was interrupted)"
    if any(now.get(name) != list(sig[:2]) for name, sig in recorded.items()):
        return "index files changed or missing since the last commit"
    return checksum_problem(gdir, recorded) if checksums else None


def checksum_problem(gdir: Path, recorded: dict[str, Any]) -> str | None:
    """Bit rot: why the recorded files of ``gdir`` fail their CRC-32 (none is read when they
    are larger than :data:`VERIFY_MAX_BYTES` together), or None."""
    if sum(sig[0] for sig in recorded.values()) > VERIFY_MAX_BYTES:
        return None
    if any(len(sig) > 2 and file_crc32(gdir / n) != sig[2] for n, sig in recorded.items()):
        return "index files fail their checksum"
    return None


def load_manifest(path: Path) -> dict[str, Any]:
    """A generation's manifest, checked for shape (ValueError when it is damaged)."""
    data = json.loads(path.read_text(encoding="utf-8"))

    def table(key: str, ints: int, n: int) -> bool:
        """``key`` maps to strings (``n`` 0) or to lists of ``n`` items, the first ``ints`` ints."""
        t = data.get(key)
        if not isinstance(t, dict):
            return False
        rows = t.values()
        if n == 0:
            return all(isinstance(v, str) for v in rows)
        # one pass over every leading item (not a generator per row): a KB of 100,000 files
        # has that many rows, and every process checks them when it opens the index
        return all(isinstance(v, list) and len(v) >= n for v in rows) and all(
            type(x) is int for x in chain.from_iterable(v[:ints] for v in rows)
        )

    if not (
        isinstance(data, dict)
        and table("files", 4, 5)
        and table("unread", 4, 4)
        and table("index", 2, 2)
        and table("skipped", 0, 0)
        and type(data.get("scanned_ns")) is int
    ):
        raise ValueError("manifest has an unexpected shape")
    return data


def write_json_atomic(path: Path, data: object) -> None:
    """Write JSON to ``path`` so that a reader sees the old file or the new one, never half."""
    import uuid  # a write: after a change, not when a search opens the index

    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    # json.dumps encodes in C; json.dump to a file would encode piece by piece in Python
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    with open(
        os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w", encoding="utf-8"
    ) as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
