"""Names a package exports but imports on first use (PEP 562), so importing it stays cheap."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, MutableMapping
from typing import Any


def lazy_attribute(
    name: str, table: Mapping[str, str], package: str, namespace: MutableMapping[str, Any]
) -> object:
    """The attribute ``name`` of ``package``: imported from the module ``table`` names for it
    (relative to the package), then kept in the package's ``namespace``."""
    module = table.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    relative = module if module.startswith(".") else f".{module}"
    value = getattr(importlib.import_module(relative, package), name)
    namespace[name] = value
    return value
