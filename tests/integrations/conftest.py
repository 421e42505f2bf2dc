"""The LangBot plugin package, built once per session the way its README says."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


def build_script() -> ModuleType:
    """``integrations/build_langbot.py`` as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location(
        "build_langbot", REPO / "integrations" / "build_langbot.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def lbpkg(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``python integrations/build_langbot.py -o dist``: the .lbpkg."""
    pytest.importorskip("langbot_plugin", reason="the [langbot] extra is not installed")
    return build_script().build(tmp_path_factory.mktemp("dist"))
