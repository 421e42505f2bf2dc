"""The package's shape holds: no import cycle but results <-> display, and hosts reach the
library through the public API and the service layer only."""

from __future__ import annotations

import ast
from pathlib import Path

from .conftest import REPO

PKG = REPO / "knowledge_retrieval"
HOST_ALLOWED = {
    "knowledge_retrieval",
    "knowledge_retrieval.api",
    "knowledge_retrieval.service",
    "knowledge_retrieval._version",
    "knowledge_retrieval.defaults",
    "knowledge_retrieval.errors",
    "knowledge_retrieval.messages",
    "knowledge_retrieval.results",
    "knowledge_retrieval.terminal",
}
"""What a host may import besides its own package: the public API, the service layer, and the
leaf modules of plain data (defaults, errors, messages, results, terminal text)."""


def _modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        parts = p.with_suffix("").relative_to(REPO).parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = p
    return out


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """Every module of the package ``name`` imports, at the top or inside a function."""
    pkg = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    got = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                target = ".".join(base) + (f".{node.module}" if node.module else "")
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                got.add(full if full in mods else target)
        elif isinstance(node, ast.Import):
            got.update(a.name for a in node.names)
    return {m for m in got if m in mods and m != name}


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[set[str]] = []
    counter = 0
    for start, edges in graph.items():
        if start in index:
            continue
        work = [(start, iter(sorted(edges)))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = set()
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.add(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(comp)
    return out


def test_no_import_cycle_but_results_and_display() -> None:
    mods = _modules()
    graph = {m: _imports(m, p, mods) for m, p in mods.items()}
    cycles = _cycles(graph)
    assert [sorted(c) for c in cycles] == [
        ["knowledge_retrieval.display", "knowledge_retrieval.results"]
    ]


def test_hosts_import_the_public_api_and_the_service_layer_only() -> None:
    mods = _modules()
    hosts = [
        m
        for m in mods
        if m.startswith(("knowledge_retrieval.interfaces", "knowledge_retrieval.integrations"))
    ]
    wrong = {}
    for m in hosts:
        own = m.split(".")[1]
        bad = {
            i
            for i in _imports(m, mods[m], mods)
            if i.split(".")[1] != own
            and not any(
                i == a or i.startswith(a + ".") for a in HOST_ALLOWED if a != "knowledge_retrieval"
            )
            and i != "knowledge_retrieval"
        }
        if bad:
            wrong[m] = sorted(bad)
    assert wrong == {}
