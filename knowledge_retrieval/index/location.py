"""Where a KB's index lives: one folder per KB folder under the index home."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..defaults import index_home

__all__ = ["MAX_NAME_BYTES", "index_dir_for"]

MAX_NAME_BYTES = 100
"""A KB folder name is cut to this many UTF-8 bytes in its index folder's name (the hash after
it keeps the folder unique): a name near the file system's limit of 255 would not fit."""


def index_dir_for(kb_path: Path, home: Path | None = None) -> Path:
    digest = hashlib.sha1(str(kb_path.resolve()).encode()).hexdigest()[:12]
    name = kb_path.name
    if len(name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES:
        name = name.encode("utf-8", "surrogateescape")[:MAX_NAME_BYTES].decode("utf-8", "ignore")
    return (home or index_home()) / f"{name}-{digest}"
