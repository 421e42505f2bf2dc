"""Settings in a fenced YAML block as the dotted keys people ask for.

A settings page often shows its keys as a YAML block, nested::

    settings:
      cache:
        ttlHours: 168   # caches unused for 7 days are deleted

and people ask for ``cache.ttlHours``, a key that is written nowhere. Each scalar of such a
block becomes one row, like a table row: ``settings.cache.ttlHours (cache.ttlHours): 168 —
caches unused for 7 days are deleted``, on the value's own line, so the dotted key is a term of
the KB (found whole, and suggested when a near one is asked) and the answer quotes the value.
The block is read with the one YAML reader and its limits; a block that is not a mapping, or not
valid YAML, gives no rows (its text is indexed as it is, either way).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING

from .yaml_reader import YAMLRefused, compose_yaml

if TYPE_CHECKING:
    import yaml

MAX_ROWS = 500
"""Rows of one block at most (a long generated config is text, not a settings table)."""
YAML_INFO = frozenset({"yaml", "yml"})
"""Fence info strings of a YAML block (```` ```yaml ````)."""
_KEY_RE = re.compile(r"^[^\W\d][\w-]*$")
"""A key: a word in any script (``cache``, ``零件``), with digits, ``_`` and ``-`` after its first
letter."""
_COMMENT_RE = re.compile(r"\s#\s?(.*)$")


def yaml_rows(
    code: str, lines: list[str], *, min_depth: int = 2, records: bool = False
) -> Iterator[tuple[int, str]]:
    """``(line within the block, row text)`` for each scalar under ``min_depth`` or more keys of
    ``code`` (``lines`` are its source lines, for the comment beside each value).

    With ``records``, a list of mappings (a code table written as YAML or JSON:
    ``codes: [{code: ZM-05, name: ...}, ...]``) gives one row per item, its scalar fields as
    ``field: value`` lines, like a CSV row."""
    import yaml

    try:
        root = compose_yaml(code)
    except YAMLRefused:
        return
    if records and isinstance(root, yaml.SequenceNode):
        rows = ((item.start_mark.line, _record(item, ())) for item in root.value)
        yield from islice(((line, row) for line, row in rows if row), MAX_ROWS)
        return
    if not isinstance(root, yaml.MappingNode):
        return
    count = 0
    stack: list[tuple[yaml.Node, tuple[str, ...]]] = [(root, ())]
    while stack and count < MAX_ROWS:
        node, path = stack.pop()
        if not isinstance(node, yaml.MappingNode):
            continue
        children = []
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode) or not _KEY_RE.match(str(key.value)):
                continue
            here = (*path, str(key.value))
            if isinstance(value, yaml.MappingNode):
                children.append((value, here))
            elif isinstance(value, yaml.SequenceNode) and records:
                for item in value.value:
                    row = _record(item, here)
                    if row and count < MAX_ROWS:
                        yield item.start_mark.line, row
                        count += 1
            elif isinstance(value, yaml.ScalarNode) and len(here) >= min_depth:
                line = value.start_mark.line
                comment = _COMMENT_RE.search(lines[line]) if line < len(lines) else None
                yield line, _row(here, str(value.value), comment.group(1) if comment else "")
                count += 1
        stack.extend(reversed(children))


def _record(item: yaml.Node, path: tuple[str, ...]) -> str:
    """One item of a list of mappings as ``field: value`` lines (scalars only), after its key."""
    import yaml

    if not isinstance(item, yaml.MappingNode):
        return ""
    fields = [
        f"{key.value}: {value.value}"
        for key, value in item.value
        if isinstance(key, yaml.ScalarNode)
        and isinstance(value, yaml.ScalarNode)
        and str(value.value).strip()
    ]
    return "\n".join([".".join(path), *fields] if path else fields) if fields else ""


def _row(path: tuple[str, ...], value: str, comment: str) -> str:
    full = ".".join(path)
    shorter = [".".join(path[i:]) for i in range(1, len(path) - 1)]
    key = f"{full} ({', '.join(shorter)})" if shorter else full
    return f"{key}: {value}" + (f" — {comment.strip()}" if comment.strip() else "")
