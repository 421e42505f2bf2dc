"""Build the LangBot plugin package: ``integrations/langbot/`` with the library inside, one .lbpkg.

::

    python integrations/build_langbot.py -o dist
    # dist/knowledge-retrieval-LocalKnowledgeBases-0.1.0.lbpkg

Why the library rides inside the package: LangBot's plugin runtime installs a package's
``requirements.txt`` with pip, from its package index, into a scratch folder of its own; it
accepts only plain requirements (a name and versions, or ``name @ <absolute URL>``), so no
line can point at a file inside the package. The package therefore carries the
``knowledge_retrieval`` package beside ``main.py`` (the runtime starts the plugin in the folder
it unpacks the package into, so it is imported from there), and ``requirements.txt`` names only
the library's dependencies, which any mirror of the package index holds. Nothing needs
``kbgrep`` on the index.

It needs the ``lbp`` command of ``langbot-plugin`` in this Python (``pip install
'kbgrep[langbot]'``, or the SDK alone: ``pip install 'langbot-plugin>=0.7,<0.8'``).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
PLUGIN = REPO / "integrations" / "langbot"
LIBRARY = REPO / "knowledge_retrieval"
_SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "dist", "*.lbpkg")


def package_name() -> str:
    """The file name ``lbp build`` gives the package: ``<author>-<name>-<version>.lbpkg``."""
    meta = yaml.safe_load((PLUGIN / "manifest.yaml").read_text(encoding="utf-8"))["metadata"]
    return f"{meta['author']}-{meta['name']}-{meta['version']}.lbpkg"


def lbp_command() -> list[str]:
    lbp = Path(sys.executable).parent / "lbp"
    return [str(lbp)] if lbp.exists() else [sys.executable, "-m", "langbot_plugin.cli.__init__"]


def build(out: Path) -> Path:
    """Stage the plugin folder and the library together, run ``lbp build``; the package path."""
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    target = out / package_name()
    target.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="lbpkg-") as tmp:
        stage = Path(tmp) / "plugin"
        shutil.copytree(PLUGIN, stage, ignore=_SKIP)
        shutil.copytree(LIBRARY, stage / LIBRARY.name, ignore=_SKIP)
        proc = subprocess.run(
            [*lbp_command(), "build", "-o", str(out)],
            cwd=stage,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    if proc.returncode != 0 or not target.is_file():  # lbp reports some failures with status 0
        raise SystemExit(f"lbp build failed:\n{proc.stdout}{proc.stderr}")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("-o", "--output", default="dist", help="folder for the .lbpkg (dist)")
    args = parser.parse_args(argv)
    sys.stdout.write(f"{build(Path(args.output))}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
