"""``kr cache``: the indexes in the cache folder, their sizes and roots, and pruning them."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import InvalidArgumentError
from ..terminal import one_line


def _size(n: int) -> str:
    """1536 -> '1.5 KB'; 589_000_000 -> '561.7 MB'."""
    value = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"  # pragma: no cover


def cache_listing(args: argparse.Namespace) -> tuple[dict[str, Any], Callable[[], str]]:
    """The envelope of ``kr cache`` and its text (pruning first when asked)."""
    import time

    from ..defaults import index_home
    from ..service import list_cache, prune_reason, remove_index
    from ..service.envelope import ok

    if (args.older_than is not None or args.dry_run) and not args.prune:
        raise InvalidArgumentError(
            "--older-than and --dry-run go with --prune",
            hint="kr cache --prune [--older-than DAYS] [--dry-run]",
        )
    home = index_home()
    now = time.time()
    rows = []
    lines = []
    freed = 0
    listed = list_cache(home)
    if args.root:  # only this root's indexes
        from ..service import require_root

        root = require_root(args.root).resolve()
        listed = [c for c in listed if c.kb_path and Path(c.kb_path).resolve().parent == root]
    for c in listed:
        why = prune_reason(c, args.older_than, now) if args.prune else None
        action = None
        if why is not None:
            if args.dry_run:
                action = "would remove"
            else:
                kept = remove_index(c, home)
                action = "removed" if kept is None else f"kept ({kept})"
            if action in ("removed", "would remove"):
                freed += c.bytes
        age = c.age_days(now)
        kind = (
            (f"KB {c.kb_path}" + ("" if c.kb_exists else " (gone)"))
            if c.kb_path
            else ("KB unknown" if c.is_index else "not an index")
        )
        text = f"{c.path.name}  {_size(c.bytes)}  updated {age:.0f} d ago  {kind}"
        lines.append(one_line(f"{action}: {text}; {why}" if action else text))
        rows.append(
            {
                "source": c.path.name,
                "content": text,
                "score": None,
                "path": str(c.path),
                "bytes": c.bytes,
                "updated": round(c.updated, 3),
                "age_days": round(age, 2),
                "kb_path": c.kb_path,
                "root": c.root,
                "kb_exists": c.kb_exists if c.kb_path else None,
                "is_index": c.is_index,
                "action": action,
                "reason": why,
            }
        )
    total = sum(c.bytes for c in listed)
    head = f"{len(rows)} folder(s), {_size(total)} in {home}"
    if args.prune:
        verb = "would free" if args.dry_run else "freed"
        head += f"; {verb} {_size(freed)}"
    env = ok(rows, head + ".", None, home=str(home), bytes=total, freed=freed)
    return env, lambda: "\n".join([one_line(head), *lines])
