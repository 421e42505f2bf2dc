"""A process killed (SIGKILL) at any point of indexing leaves an index that the next search
detects and repairs; no half-written generation is ever served, and results equal the disk.

Kills land both at named points (patched into the child so it kills itself exactly there) and
after random delays into a rebuild or a run of incremental updates.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import knowledge_retrieval.index.store as index_mod
from knowledge_retrieval import search
from knowledge_retrieval.index.store import get_index, index_dir_for

from ..conftest import write

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

FILES = 300
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _token(i: int, version: int = 0) -> str:
    # ends in q so the stemmer leaves it whole; unique per file and version
    return f"tok{LETTERS[i // 26 % 26]}{LETTERS[i % 26]}v{LETTERS[version % 26]}{version // 26}q"


def _doc(i: int, version: int = 0) -> str:
    return (
        f"# Document {i}\n\n{_token(i, version)} is this file's word.\n\n"
        f"## Details\n\nOrders, refunds and carriers, section {i}.\n"
    )


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# Crashy\n\nIndexed by processes that get killed.\n")
    for i in range(FILES):
        write(root / "kb" / f"d{i // 50}" / f"f{i:03d}.md", _doc(i))
    return root / "kb"


# The child: set up an optional kill point, say "ready", then index until killed or done.
_CHILD = """
import os, signal, sys, time
from pathlib import Path
import whoosh.filedb.filestore as filestore
import whoosh.index
import knowledge_retrieval.index.store as im
from knowledge_retrieval import index_kb

root, mode, point = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
kb = root / "kb"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
{token_fn}

def die(*_args, **_kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

def after(n, real):
    calls = [0]
    def wrapper(*args, **kwargs):
        calls[0] += 1
        if calls[0] >= n:
            die()
        return real(*args, **kwargs)
    return wrapper

if point == "mid-documents":
    im.document_rows = after(120 if mode == "rebuild" else 20, im.document_rows)
elif point == "before-meta":
    real_json = im._write_json_atomic
    im._write_json_atomic = lambda p, d: die() if p.name == "meta.json" else real_json(p, d)
elif point == "before-manifest":
    real_json = im._write_json_atomic
    im._write_json_atomic = lambda p, d: die() if p.name == "manifest.json" else real_json(p, d)
elif point == "before-current-swap":
    real_replace = os.replace
    os.replace = lambda a, b: die() if str(b).endswith("CURRENT") else real_replace(a, b)
elif point == "removing-old-generation":
    real_rmtree = im.shutil.rmtree
    im.shutil.rmtree = lambda p, **kw: die() if Path(p).name.startswith("gen-") else real_rmtree(p, **kw)
elif point == "before-toc-rename":
    real_rename = filestore.FileStorage.rename_file
    filestore.FileStorage.rename_file = lambda self, a, b, safe=False: (
        die() if b.endswith(".toc") else real_rename(self, a, b, safe))
elif point == "before-whoosh-cleanup":
    whoosh.index.clean_files = die

def rewrite(version):
    # editors save atomically: a hidden temporary file renamed over the document
    for i in range(0, {files}, 3):
        path = kb / f"d{{i // 50}}" / f"f{{i:03d}}.md"
        tmp = path.with_name(f".{{path.name}}.tmp")
        tmp.write_text(f"# Document {{i}}\\n\\n{{token(i, version)}} is this file's word.\\n",
                       encoding="utf-8")
        os.replace(tmp, path)

print("ready", flush=True)
if mode == "rebuild":
    while True:
        index_kb("kb", root=root, rebuild=True)
        if point != "random":
            break
else:
    version = int(sys.argv[4])
    while True:
        version += 1
        rewrite(version)
        index_kb("kb", root=root)
        if point != "random":
            break
print("done", version if mode != "rebuild" else 0, flush=True)
"""


def _run_child(
    root: Path, mode: str, point: str, version: int = 0, kill_after: float | None = None
) -> tuple[bool, int]:
    """Run the child; True if it was killed. Returns (killed, its last rewrite version)."""
    import inspect

    code = _CHILD.format(
        files=FILES,
        token_fn=textwrap.dedent(inspect.getsource(_token)).replace("def _token", "def token"),
    )
    p = subprocess.Popen(
        [sys.executable, "-c", code, str(root), mode, point, str(version)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "ready", p.stderr.read() if p.stderr else ""
    if kill_after is not None:
        time.sleep(kill_after)
        p.send_signal(signal.SIGKILL)
    out, err = p.communicate(timeout=60)
    killed = p.returncode == -signal.SIGKILL
    assert killed or p.returncode == 0, err[-3000:]
    return killed, int(out.split()[1]) if "done" in out else version


def _disk_tokens(kb: Path) -> dict[str, str]:
    out = {}
    for p in kb.rglob("*.md"):
        if p.name != "README.md":
            out[p.relative_to(kb).as_posix()] = (
                p.read_text(encoding="utf-8").split("\n")[2].split()[0]
            )
    return out


def _assert_nothing_half_written_is_served(kb: Path) -> None:
    """CURRENT, when present, names a complete generation: stamp, manifest and a Whoosh TOC."""
    d = index_dir_for(kb)
    current = d / "CURRENT"
    if not current.exists():
        return
    gdir = d / current.read_text(encoding="utf-8").strip()
    assert (gdir / "meta.json").is_file() and (gdir / "manifest.json").is_file(), gdir
    assert any(gdir.glob("_MAIN_*.toc")), gdir
    json.loads((gdir / "manifest.json").read_text(encoding="utf-8"))


def _assert_index_equals_disk(root: Path, kb: Path, *, fresh_process: bool) -> list[str]:
    """Search (which repairs), then compare the index with the disk; returns the notes."""
    if fresh_process:
        for kbi in index_mod._REGISTRY.values():
            kbi.close()
        index_mod._REGISTRY.clear()
    disk = _disk_tokens(kb)
    sample = random.sample(sorted(disk), 8)
    first = search(disk[sample[0]], kb="kb", root=root, score_threshold=0.0)
    assert first.found and first.hits[0].path == sample[0], (sample[0], first.notes)
    kbi = get_index("kb", kb)
    assert set(kbi.manifest) == set(disk)
    reader = kbi.reader()
    texts: dict[str, str] = {}
    sids = []
    for f in reader.all_stored_fields():
        texts[f["path"]] = texts.get(f["path"], "") + f.get("text", "")
        sids.append(f["sid"])
    assert len(sids) == len(set(sids)), "a section is indexed twice"
    assert set(texts) == set(disk)
    stale = [p for p, tok in disk.items() if tok not in texts[p]]
    assert not stale, f"index content differs from the disk for {stale[:5]}"
    for rel in sample[1:]:
        r = search(disk[rel], kb="kb", root=root, score_threshold=0.0)
        assert r.hits and r.hits[0].path == rel, (rel, r.notes)
    return list(first.notes)


REBUILD_POINTS = [
    "mid-documents",
    "before-meta",
    "before-manifest",
    "before-current-swap",
    "removing-old-generation",
]
UPDATE_POINTS = ["mid-documents", "before-toc-rename", "before-whoosh-cleanup", "before-manifest"]


@pytest.mark.parametrize("point", REBUILD_POINTS)
def test_rebuild_killed_at_a_named_point(kb: Path, point: str) -> None:
    root = kb.parent
    assert search(
        _token(0), kb="kb", root=root, score_threshold=0.0
    ).found  # an index exists, then a rebuild dies
    killed, _v = _run_child(root, "rebuild", point)
    assert killed
    _assert_nothing_half_written_is_served(kb)
    _assert_index_equals_disk(root, kb, fresh_process=point != "removing-old-generation")


@pytest.mark.parametrize("point", UPDATE_POINTS)
def test_update_killed_at_a_named_point(kb: Path, point: str) -> None:
    root = kb.parent
    assert search(_token(0), kb="kb", root=root, score_threshold=0.0).found
    killed, _v = _run_child(root, "update", point)
    assert killed
    _assert_nothing_half_written_is_served(kb)
    notes = _assert_index_equals_disk(root, kb, fresh_process=True)
    if point in ("before-whoosh-cleanup", "before-manifest"):
        # the commit landed but the manifest does not know it: detected, rebuilt, said so
        assert any("rebuilt" in n and "interrupted" in n for n in notes), notes


def test_first_build_killed_leaves_no_index_served(kb: Path) -> None:
    root = kb.parent
    killed, _v = _run_child(root, "rebuild", "mid-documents")
    assert killed and not (index_dir_for(kb) / "CURRENT").exists()
    _assert_index_equals_disk(root, kb, fresh_process=True)


def test_killed_after_random_delays(kb: Path) -> None:
    """Rebuilds and incremental updates killed at random moments, one after another; the parent
    process keeps its open index across some of the kills, as a long-lived process would."""
    root = kb.parent
    rnd = random.Random()
    assert search(_token(0), kb="kb", root=root, score_threshold=0.0).found
    version, kills = 0, 0
    for n in range(6):
        mode = "rebuild" if n % 2 == 0 else "update"
        killed, version = _run_child(
            root, mode, "random", version, kill_after=rnd.uniform(0.05, 0.9)
        )
        kills += killed
        _assert_nothing_half_written_is_served(kb)
        _assert_index_equals_disk(root, kb, fresh_process=n % 3 == 0)
        version += 1  # the child may have written this version before dying
    assert kills >= 4, "the child finished before most kills; it should index for longer"
