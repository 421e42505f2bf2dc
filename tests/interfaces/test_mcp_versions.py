"""The ``mcp`` releases the package allows are the ones it works with.

The server is written against mcp 2's API (the ``mcp_types`` package, the low-level
``Server(on_list_tools=..., on_call_tool=...)``); mcp 1.x has neither, so ``kr mcp`` failed
under 1.30 ("No module named 'mcp_types'") although ``mcp>=1.9`` was allowed. Measured: 2.0.0
(the lowest 2.x) and 2.3.0 (the newest) pass tests/interfaces/test_mcp.py; CI runs that file
again at the lower bound (.ci/run).
"""

from __future__ import annotations

import inspect
import re
from importlib.metadata import version

from ..conftest import REPO

FIRST_WORKING = (2, 0)
"""The first mcp release with the API the server uses."""


def _bounds() -> tuple[tuple[int, ...], tuple[int, ...]]:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    m = re.search(r'^\s*"mcp>=([0-9.]+),<([0-9.]+)"', text, re.MULTILINE)
    assert m, "pyproject.toml: mcp must have a lower and an upper bound"
    low, high = (tuple(int(p) for p in v.split(".")) for v in m.groups())
    return low, high


def test_the_lower_bound_is_the_first_release_that_works() -> None:
    low, high = _bounds()
    assert low == FIRST_WORKING, f"mcp>={'.'.join(map(str, low))} admits releases that fail"
    assert high == (3,)  # a new major release changes the API again: tried before it is allowed


def test_ci_runs_the_mcp_tests_at_the_lower_bound() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "sed -n 's/^ *\"mcp>=" in ci and '"mcp==$low"' in ci
    assert "tests/interfaces/test_mcp.py" in ci.split('"mcp==$low"', 1)[1]


def test_the_installed_release_has_the_api() -> None:
    import mcp_types
    from mcp.server.lowlevel import Server

    installed = tuple(int(p) for p in re.findall(r"\d+", version("mcp"))[:2])
    low, high = _bounds()
    assert low <= installed < high
    params = inspect.signature(Server).parameters
    assert {"on_list_tools", "on_call_tool", "instructions"} <= set(params)
    assert hasattr(mcp_types, "CallToolResult")
