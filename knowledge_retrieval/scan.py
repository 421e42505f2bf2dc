"""Walk a KB folder: which files are documents, which are skipped and why."""

from __future__ import annotations

import logging
import os
import stat as stat_mod
from dataclasses import dataclass, field
from pathlib import Path

from .models import KBRules
from .rules import is_included

log = logging.getLogger(__name__)

SUFFIXES = (".md", ".markdown", ".mdx", ".csv")
SKIP_DIRS = frozenset({"drafts", "_drafts", "node_modules", "__pycache__"})
MAX_FILE_BYTES = 5 * 1024 * 1024
"""Files larger than this are skipped (a KB page is rarely over a few hundred KiB)."""


@dataclass(slots=True)
class Scan:
    """What a walk found: documents with their stat signature, and skipped files with a reason."""

    files: dict[str, tuple[int, int]] = field(default_factory=dict)
    """KB-relative POSIX path -> (mtime_ns, size)."""
    skipped: dict[str, str] = field(default_factory=dict)
    """KB-relative POSIX path -> why it is not indexed."""


def scan_kb(kb_path: Path, rules: KBRules, *, max_bytes: int = MAX_FILE_BYTES) -> Scan:
    """Walk ``kb_path`` and classify every candidate document.

    Hidden folders, ``drafts/``, ``_drafts/`` and ``node_modules/`` are never entered; the root
    README is the KB's contract, not a document; symlinks are followed only while they stay
    inside the KB folder.
    """
    out = Scan()
    real_root = kb_path.resolve()
    seen_dirs: set[tuple[int, int]] = set()

    def walk(folder: Path, rel: str) -> None:
        try:
            st = folder.stat()
            key = (st.st_dev, st.st_ino)
            if key in seen_dirs:
                out.skipped[rel or "."] = "symlink loop"
                return
            seen_dirs.add(key)
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            out.skipped[rel or "."] = f"unreadable folder: {exc.strerror or exc}"
            return
        for e in entries:
            name = e.name
            relp = f"{rel}/{name}" if rel else name
            try:
                is_link = e.is_symlink()
                if is_link:
                    target = Path(e.path).resolve()
                    if not _inside(real_root, target):
                        out.skipped[relp] = "symlink leads outside the knowledge base"
                        continue
                is_dir = e.is_dir()
            except (OSError, RuntimeError) as exc:
                out.skipped[relp] = f"unreadable: {getattr(exc, 'strerror', None) or exc}"
                continue
            if is_dir:
                if name.startswith(".") or name in SKIP_DIRS:
                    continue
                walk(Path(e.path), relp)
                continue
            if not name.lower().endswith(SUFFIXES) or name.startswith("."):
                continue
            if not rel and name.lower() == "readme.md":
                continue
            if not is_included(relp, rules):
                continue
            try:
                st = e.stat()
            except OSError as exc:
                out.skipped[relp] = f"unreadable: {exc.strerror or exc}"
                continue
            if not stat_mod.S_ISREG(st.st_mode):
                out.skipped[relp] = "not a regular file"
                continue
            if st.st_size > max_bytes:
                out.skipped[relp] = f"larger than {max_bytes // (1024 * 1024)} MiB ({st.st_size} bytes)"
                continue
            out.files[relp] = (st.st_mtime_ns, st.st_size)

    walk(kb_path, "")
    return out


def _inside(root: Path, target: Path) -> bool:
    try:
        target.relative_to(root)
    except ValueError:
        return False
    return True
