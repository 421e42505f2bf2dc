"""The one YAML reader: safe loader, size, alias, node and nesting limits, line numbers in errors.

Document front matter, KB README front matter, memory notes and ``teams.yaml`` are all read
through :func:`compose_yaml` / :func:`load_yaml`. The text is composed into a node graph with
the safe loader (the C one where PyYAML has it), the graph is measured — alias references,
nodes as they would expand, depth — and only then constructed. An alias bomb (a 1 KB text
whose aliases nest eight levels and expand to millions of values) is refused in microseconds,
before any value is built.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..defaults import MAX_YAML_ALIASES, MAX_YAML_DEPTH, MAX_YAML_NODES

if TYPE_CHECKING:
    import yaml

# PyYAML (about 10 ms) is imported by the first YAML read: a search of a fresh index whose
# README parse is cached reads none

__all__ = ["YAMLRefused", "compose_yaml", "load_yaml"]


def _loader(text: str) -> Any:
    """PyYAML's safe loader on ``text``: the C one where PyYAML has it."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)


_ALIAS_RE = re.compile(r"(?<![^\s\[{,])[&*][^\s\[\]{},]+")


class YAMLRefused(Exception):  # noqa: N818 - a reason, like SkipFile
    """YAML that is not read: invalid, or over a limit. ``line`` is 1-based, or None."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(f"{problem} (line {line})" if line else problem)
        self.problem = problem
        self.line = line


def compose_yaml(
    text: str,
    *,
    first_line: int = 1,
    max_aliases: int = MAX_YAML_ALIASES,
    max_nodes: int = MAX_YAML_NODES,
    max_depth: int = MAX_YAML_DEPTH,
) -> yaml.Node | None:
    """The node graph of one YAML document (None when it is empty), checked against the limits.

    :param first_line: the line of ``text``'s first line in its file, for error lines.
    :param max_aliases: at most this many anchors and aliases (``&a``, ``*a``).
    :param max_nodes: at most this many values once every alias is expanded (mapping keys
        not counted).
    :param max_depth: collections nested at most this deep, aliases expanded.

    Raises :class:`YAMLRefused` naming the problem and its line.
    """
    if len(_ALIAS_RE.findall(text)) > max_aliases:
        raise YAMLRefused(f"too many YAML anchors/aliases (more than {max_aliases})")
    import yaml

    loader = _loader(text)
    try:
        node: yaml.Node | None = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = first_line + mark.line if mark is not None else None
        raise YAMLRefused(str(exc.problem or exc.context or "invalid YAML"), line) from None
    except yaml.YAMLError as exc:
        raise YAMLRefused(str(exc).split("\n", 1)[0] or "invalid YAML") from None
    except RecursionError:
        raise YAMLRefused("nested too deeply") from None
    finally:
        loader.dispose()
    if node is not None:
        _measure(node, first_line, max_nodes, max_depth)
    return node


def load_yaml(
    text: str,
    *,
    first_line: int = 1,
    max_aliases: int = MAX_YAML_ALIASES,
    max_nodes: int = MAX_YAML_NODES,
    max_depth: int = MAX_YAML_DEPTH,
) -> Any:
    """The Python value of one YAML document (safe types only), or :class:`YAMLRefused`."""
    node = compose_yaml(
        text,
        first_line=first_line,
        max_aliases=max_aliases,
        max_nodes=max_nodes,
        max_depth=max_depth,
    )
    if node is None:
        return None
    import yaml

    loader = _loader("")
    try:
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = first_line + mark.line if mark is not None else None
        raise YAMLRefused(str(exc.problem or exc.context or "invalid YAML"), line) from None
    except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
        raise YAMLRefused(str(exc).split("\n", 1)[0] or type(exc).__name__) from None
    finally:
        loader.dispose()


def _measure(root: yaml.Node, first_line: int, max_nodes: int, max_depth: int) -> None:
    """Refuse a graph that expands past ``max_nodes`` values or ``max_depth`` levels, or that
    contains itself; each node is measured once (sizes and depths memoised), so a bomb costs
    as much as its text."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    on_path: set[int] = set()

    def line(node: yaml.Node) -> int | None:
        mark = node.start_mark
        return first_line + mark.line if mark is not None else None

    # iterative post-order walk: (node, children visited?)
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            total, deepest = 1, 0
            for child, counted in _children(node):
                total += size[id(child)] if counted else size[id(child)] - 1
                deepest = max(deepest, depth[id(child)] + 1)
            if total > max_nodes:
                raise YAMLRefused(f"expands to more than {max_nodes} values", line(node))
            if deepest > max_depth:
                raise YAMLRefused(f"nested more than {max_depth} levels deep", line(node))
            size[key], depth[key] = total, deepest
            continue
        if key in size:
            continue
        if key in on_path:
            raise YAMLRefused("a YAML alias refers to the collection it is in", line(node))
        on_path.add(key)
        stack.append((node, True))
        for child, _counted in _children(node):
            if id(child) in on_path:
                raise YAMLRefused("a YAML alias refers to the collection it is in", line(child))
            if id(child) not in size:
                stack.append((child, False))


def _children(node: yaml.Node) -> list[tuple[yaml.Node, bool]]:
    """A node's children and whether each counts as a value (mapping keys do not)."""
    import yaml

    if isinstance(node, yaml.SequenceNode):
        return [(child, True) for child in node.value]
    if isinstance(node, yaml.MappingNode):
        return [pair for k, v in node.value for pair in ((k, False), (v, True))]
    return []
