"""Whether the semantic layer's extra is installed: looked up once per process."""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=1)
def extra_installed() -> bool:
    """Whether the ``semantic`` extra (fastembed) is installed: looked up once per process, not
    on every search."""
    import importlib.util

    return importlib.util.find_spec("fastembed") is not None
