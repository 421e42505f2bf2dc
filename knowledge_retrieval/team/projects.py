"""Memory projects by id: what a project id may be, and the label its notes carry in hits."""

from __future__ import annotations

import os
import re

from ..errors import InvalidArgumentError, UnsafePathError
from ..kb.discovery import MEMORY_DIRNAME

PROJECT_ID_RE = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}")


def check_project_id(value: object) -> str:
    """Return a valid project id or raise: 1-64 of ``A-Z a-z 0-9 . _ -``, not starting with '.'.

    Anything path-like (``/``, ``\\``, ``..``, NUL, absolute) is an :class:`UnsafePathError`.

    >>> check_project_id("pay-core")
    'pay-core'
    """
    if not isinstance(value, str):
        raise InvalidArgumentError(
            f"project id must be a string, not {type(value).__name__}",
            hint="pass a name such as 'pay-core'",
        )
    if not value:
        raise InvalidArgumentError("empty project id", hint="pass a name such as 'pay-core'")
    if (
        "/" in value
        or "\\" in value
        or "\x00" in value
        or ".." in value
        or os.path.isabs(value)
        or (len(value) > 1 and value[1] == ":")
    ):
        raise UnsafePathError(
            f"project id {value!r} is not allowed: it looks like a path",
            hint="a project id is a plain name: letters, digits, '.', '_' and '-', e.g. 'pay-core'",
        )
    if not PROJECT_ID_RE.fullmatch(value):
        raise InvalidArgumentError(
            f"project id {value!r} is not allowed",
            hint="use 1 to 64 letters, digits, '.', '_' or '-', not starting with '.'",
        )
    return value


def memory_kb(project_id: str) -> str:
    """The label of a project's memory in hits and sources: ``.memory/<project id>``."""
    return f"{MEMORY_DIRNAME}/{check_project_id(project_id)}"
