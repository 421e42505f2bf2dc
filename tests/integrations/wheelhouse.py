"""A package index on disk, for installing offline: the installed distributions a requirements
list needs (and theirs), each packed back into a wheel from its installed files (RECORD),
under a PEP 503 simple index that pip reads from a ``file://`` URL.

What a mirror without network is to LangBot's plugin runtime: it holds the plugin's
dependencies, exactly the releases this environment runs, and nothing else (no ``kbgrep``).
"""

from __future__ import annotations

import html
import importlib.metadata as md
import re
import zipfile
from collections.abc import Iterable
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

_SKIP_META = {"INSTALLER", "REQUESTED", "RECORD", "direct_url.json"}


def closure(requirements: Iterable[str]) -> list[md.Distribution]:
    """The installed distributions the requirements need, with their own dependencies."""
    seen: dict[str, md.Distribution] = {}
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        key = canonicalize_name(req.name)
        if key in seen:
            continue
        dist = md.distribution(req.name)
        seen[key] = dist
        todo.extend(Requirement(r) for r in dist.requires or ())
    return list(seen.values())


def repack(dist: md.Distribution, out: Path) -> Path:
    """One installed distribution as a wheel again (its files from RECORD, none outside)."""
    wheel_meta = dist.read_text("WHEEL") or ""
    tags = [t.split("-") for t in re.findall(r"^Tag: (\S+)", wheel_meta, re.MULTILINE)]
    assert tags, f"{dist.metadata['Name']}: no Tag in WHEEL"
    tag = "-".join(".".join(dict.fromkeys(t[i] for t in tags)) for i in range(3))
    name = re.sub(r"[-_.]+", "_", dist.metadata["Name"]).lower()
    path = out / f"{name}-{dist.version}-{tag}.whl"
    files = [f for f in dist.files or () if not str(f).startswith("..")]
    info = next(str(f.parent) for f in files if f.name == "METADATA")
    record: list[str] = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for f in files:
            rel = f.as_posix()
            if "__pycache__" in f.parts or rel.endswith(".pyc"):
                continue
            if str(f.parent) == info and f.name in _SKIP_META:
                continue
            src = Path(str(f.locate()))
            if not src.is_file():
                continue
            z.write(src, rel)
            record.append(f"{rel},,")
        record.append(f"{info}/RECORD,,")
        z.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return path


def build_index(requirements: Iterable[str], root: Path) -> Path:
    """``root/simple/<name>/index.html`` over ``root/wheels/*.whl``; the index URL's folder."""
    wheels = root / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    simple = root / "simple"
    for dist in closure(requirements):
        whl = repack(dist, wheels)
        page = simple / canonicalize_name(dist.metadata["Name"])
        page.mkdir(parents=True, exist_ok=True)
        href = html.escape(f"../../wheels/{whl.name}")
        (page / "index.html").write_text(
            f'<!DOCTYPE html><html><body><a href="{href}">{html.escape(whl.name)}</a>'
            "</body></html>\n",
            encoding="utf-8",
        )
    return simple
