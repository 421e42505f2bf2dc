"""The release workflow: builds the sdist and wheel, checks them with twine, and refuses a tag
that is not ``v`` + ``__version__`` (its check runs here, in a real shell)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import yaml

from knowledge_retrieval import __version__

REPO = Path(__file__).resolve().parents[1]
WORKFLOW = REPO / ".github" / "workflows" / "release.yml"


def _steps() -> list[dict[str, Any]]:
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    steps: list[dict[str, Any]] = flow["jobs"]["build"]["steps"]
    return steps


def _tag_check(tag: str) -> subprocess.CompletedProcess[str]:
    (step,) = [s for s in _steps() if s.get("name") == "the tag is the version"]
    return subprocess.run(
        ["bash", "-e", "-c", step["run"]],
        cwd=REPO,
        env={"GITHUB_REF_NAME": tag, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def test_the_release_runs_on_a_version_tag_and_builds_and_checks_both_forms() -> None:
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert flow[True]["push"]["tags"] == ["v*"]  # YAML 1.1 reads the key `on` as True
    runs = "\n".join(s.get("run", "") for s in _steps())
    assert "python -m build" in runs and "twine check --strict dist/*" in runs
    assert "pip install dist/kbgrep-*.whl" in runs
    publish = flow["jobs"]["publish"]
    assert publish["needs"] == "build" and publish["permissions"] == {"id-token": "write"}


def test_a_tag_that_is_the_version_passes() -> None:
    proc = _tag_check(f"v{__version__}")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_tag_that_differs_from_the_version_fails() -> None:
    proc = _tag_check("v99.0.0")
    assert proc.returncode == 1
    assert proc.stdout == f"tag v99.0.0 is not v{__version__} (knowledge_retrieval.__version__)\n"
