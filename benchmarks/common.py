"""Shared pieces of the benchmark: where the data is, the document set, timing and machine facts."""

from __future__ import annotations

import contextlib
import json
import math
import os
import platform
import re
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
EVAL_DIR = REPO.parent / "shared" / "eval"
"""The shared evaluation data, ``../shared/eval`` next to the repository (never copied in)."""
CACHE_DIR = BENCH_DIR / ".corpora"
"""Generated corpora and subsets (git-ignored)."""
RESULTS_DIR = BENCH_DIR / "results"
"""Result files (git-ignored)."""

SUFFIXES = (".md", ".markdown", ".mdx")
_TITLE_RE = re.compile(r"^#\s+(.+?)\s*#*\s*$")


def eval_dir() -> Path:
    """The eval data folder: ``$KR_EVAL_DIR`` when set, else ``../shared/eval``."""
    env = os.environ.get("KR_EVAL_DIR")
    return Path(env) if env else EVAL_DIR


@dataclass(slots=True)
class Query:
    text: str
    relevant: dict[str, int] = field(default_factory=dict)
    """Path relative to the KB -> grade; empty when there are no judgments."""
    id: str = ""


@dataclass(slots=True)
class DocSet:
    """The documents of one KB folder, as every engine sees them (same files, same order)."""

    root: str
    """The KnowledgeBase root folder (holds the KB folder ``kb``)."""
    kb: str
    lang: str
    """``en`` or ``zh``: how peers that need a language choice tokenize."""
    paths: list[str] = field(default_factory=list)
    """KB-relative POSIX paths of the documents."""

    @property
    def kb_path(self) -> Path:
        return Path(self.root) / self.kb

    def read(self, rel: str) -> tuple[str, str]:
        """(title, body) of a document (see :func:`split_title`)."""
        text = (self.kb_path / rel).read_text(encoding="utf-8", errors="replace")
        return split_title(text, rel)

    def iter_docs(self) -> Iterator[tuple[str, str, str]]:
        for rel in self.paths:
            title, body = self.read(rel)
            yield rel, title, body

    def to_json(self) -> dict:
        return asdict(self)


def split_title(text: str, rel: str) -> tuple[str, str]:
    """(title, body): the front matter's ``title``, else the first ``# `` heading, else the
    file name; the front matter itself is not part of the body."""
    if text.startswith("---"):
        end = text.find("\n---", 3)
        if end != -1:
            meta = _front_matter(text[3:end])
            text = text[end + 4 :]
            if isinstance(meta.get("title"), str) and meta["title"].strip():
                return meta["title"].strip(), text
    lines = text.lstrip("\n").split("\n", 1)
    m = _TITLE_RE.match(lines[0]) if lines else None
    if m:
        return m.group(1), lines[1] if len(lines) > 1 else ""
    stem = rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return stem, text


def _front_matter(block: str) -> dict:
    import yaml

    try:
        meta = yaml.safe_load(block)
    except yaml.YAMLError:
        return {}
    return meta if isinstance(meta, dict) else {}


def list_documents(kb_path: Path) -> list[str]:
    """Markdown files of a KB: not the root README, not in hidden folders; sorted."""
    out: list[str] = []
    for dirpath, dirnames, filenames in os.walk(kb_path):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        rel_dir = os.path.relpath(dirpath, kb_path).replace(os.sep, "/")
        for name in filenames:
            if name.startswith(".") or not name.lower().endswith(SUFFIXES):
                continue
            if rel_dir == "." and name.lower() == "readme.md":
                continue
            out.append(name if rel_dir == "." else f"{rel_dir}/{name}")
    out.sort()
    return out


def dir_size(path: Path) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for f in files:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(dirpath, f)).st_size
    return total


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty sequence."""
    s = sorted(values)
    if not s:
        return float("nan")
    k = max(0, min(len(s) - 1, math.ceil(q / 100.0 * len(s)) - 1))
    return s[k]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def machine() -> dict[str, str | int | float]:
    """Cores, RAM, CPU model, OS and Python version (no paths, no host name)."""
    info: dict[str, str | int | float] = {
        "cpus": os.cpu_count() or 0,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "os": f"{platform.system()} {platform.release()}",
        "arch": platform.machine(),
    }
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    info["ram_gb"] = round(int(line.split()[1]) / 1024 / 1024, 1)
                    break
    except OSError:
        pass
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    import sqlite3

    info["sqlite"] = sqlite3.sqlite_version
    return info


def versions() -> dict[str, str]:
    from importlib import metadata

    out = {}
    for dist in ("knowledge_retrieval", "Whoosh-Reloaded", "bm25s", "PyStemmer", "jieba"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            out[dist] = metadata.version(dist)
    return out


def write_json(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def log(msg: str) -> None:
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()
