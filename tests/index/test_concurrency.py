"""Several processes search while another edits the KB and another rebuilds the index: no errors,
no lock errors, no stale result once an edit is on disk, and in the end the index equals the disk.
"""

from __future__ import annotations

import json
import os
import random
import string
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from knowledge_retrieval import search
from knowledge_retrieval.index.store import get_index
from knowledge_retrieval.kb.rules import parse_readme

from ..conftest import write

DURATION = 4.0
STABLE = 20
MUTABLE = 10

# Shared by the child processes: a token is a lowercase word unique to one file and one version.
_PRELUDE = """
import json, os, random, re, string, sys, time, traceback
from pathlib import Path
from knowledge_retrieval import index_kb, search
root, duration, seed = Path(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
kb = root / "kb"
rnd = random.Random(seed)
errors, count = [], 0
deadline = time.monotonic() + duration
TOKEN = re.compile(r"\\btok[a-z]{9}q\\b")

def new_token():
    # ends in q: no English suffix for the stemmer to strip, so no two tokens collide
    return "tok" + "".join(rnd.choice(string.ascii_lowercase) for _ in range(9)) + "q"

def token_of(path):
    try:
        m = TOKEN.search(path.read_text(encoding="utf-8"))
    except OSError:
        return None
    return m.group(0) if m else None

def paths_for(token):
    return [h.path for h in search(token, kb="kb", root=root, top_k=5, score_threshold=0.0).hits]

def guarded(step):
    global count
    try:
        step()
    except Exception:
        errors.append(traceback.format_exc())
    count += 1
"""

_SEARCHER = """
def step():
    if rnd.random() < 0.5:  # a stable file: always there, never edited
        i = rnd.randrange(STABLE)
        got = paths_for(f"tokstable{'abcdefghijklmnopqrstuvwxyz'[i]}q")
        if got[:1] != [f"stable/s{i}.md"]:
            errors.append(f"stable file {i} not found: {got}")
        return
    # a file the editor rewrites: what is on disk now must be what a search finds
    path = kb / "mutable" / f"m{rnd.randrange(MUTABLE)}.md"
    tok = token_of(path)
    if tok is None:
        return
    got = paths_for(tok)
    rel = f"mutable/{path.name}"
    if got[:1] != [rel] and token_of(path) == tok:
        errors.append(f"stale: {rel} holds {tok} on disk but search found {got}")

while time.monotonic() < deadline:
    guarded(step)
"""

_EDITOR = """
created = []

def step():
    roll = rnd.random()
    if roll < 0.7:  # rewrite a file in place, then search for its new word at once
        rel = f"mutable/m{rnd.randrange(MUTABLE)}.md"
        tok = new_token()
        (kb / rel).write_text(f"# Mutable\\n\\n{tok} changes often\\n", encoding="utf-8")
        got = paths_for(tok)
        if got[:1] != [rel]:
            errors.append(f"own edit not seen: {rel} {tok} -> {got}")
    elif roll < 0.85 or not created:  # add a file
        tok = new_token()
        rel = f"added/a{len(created)}-{tok}.md"
        (kb / "added").mkdir(exist_ok=True)
        (kb / rel).write_text(f"# Added\\n\\n{tok}\\n", encoding="utf-8")
        created.append((rel, tok))
        if paths_for(tok)[:1] != [rel]:
            errors.append(f"new file not seen: {rel}")
    else:  # delete one it added: the deleted file is never served again
        rel, tok = created.pop(rnd.randrange(len(created)))
        (kb / rel).unlink()
        if paths_for(tok):
            errors.append(f"deleted file still served: {rel}")

while time.monotonic() < deadline:
    guarded(step)
"""

_REBUILDER = """
def step():
    report = index_kb("kb", root=root, rebuild=True)
    if report.rebuilt != "requested":
        errors.append(f"unexpected rebuild reason {report.rebuilt!r}")
    time.sleep(rnd.uniform(0.05, 0.3))

while time.monotonic() < deadline:
    guarded(step)
"""

_EPILOGUE = """
print(json.dumps({"errors": errors, "count": count}))
"""


def _make_kb(root: Path) -> Path:
    kb = root / "kb"
    write(kb / "README.md", "# Busy KB\n\nEdited and searched by many processes at once.\n")
    for i in range(STABLE):
        write(
            kb / "stable" / f"s{i}.md",
            f"# Stable {i}\n\ntokstable{string.ascii_lowercase[i]}q never changes\n",
        )
    for i in range(MUTABLE):
        write(kb / "mutable" / f"m{i}.md", f"# Mutable\n\ntok{string.ascii_lowercase[i] * 9}q\n")
    return kb


def _child(role: str, root: Path, seed: int) -> subprocess.Popen[str]:
    consts = f"STABLE, MUTABLE = {STABLE}, {MUTABLE}\n"
    code = textwrap.dedent(_PRELUDE) + consts + textwrap.dedent(role) + textwrap.dedent(_EPILOGUE)
    return subprocess.Popen(
        [sys.executable, "-c", code, str(root), str(DURATION), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )


def _assert_index_equals_disk(root: Path, kb: Path) -> None:
    kbi = get_index("kb", kb)
    report = kbi.refresh(parse_readme((kb / "README.md").read_text(encoding="utf-8")))
    on_disk = {p.relative_to(kb).as_posix() for p in kb.rglob("*.md") if p.name != "README.md"}
    assert set(kbi.manifest) == on_disk and not report.skipped
    reader = kbi.reader()
    indexed = [f["path"] for f in reader.all_stored_fields()]
    assert set(indexed) == on_disk
    sids = [f["sid"] for f in reader.all_stored_fields()]
    assert len(sids) == len(set(sids)), "a section indexed twice"
    for rel in sorted(on_disk):
        tok = (kb / rel).read_text(encoding="utf-8").split("\n")[2].split()[0]
        got = [h.path for h in search(tok, kb="kb", root=root, score_threshold=0.0).hits]
        assert got[:1] == [rel], (rel, tok, got)


@pytest.mark.timeout(60)
def test_searchers_editor_and_rebuilder_in_parallel(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = _make_kb(root)
    # built once before the storm
    assert search("tokstableaq", kb="kb", root=root, score_threshold=0.0).found
    seed = random.randrange(1 << 30)
    procs = {
        "searcher-1": _child(_SEARCHER, root, seed + 1),
        "searcher-2": _child(_SEARCHER, root, seed + 2),
        "editor": _child(_EDITOR, root, seed + 3),
        "rebuilder": _child(_REBUILDER, root, seed + 4),
    }
    results = {}
    for name, p in procs.items():
        out, err = p.communicate(timeout=DURATION + 40)
        assert p.returncode == 0, f"{name} (seed {seed}) exited {p.returncode}: {err[-3000:]}"
        results[name] = json.loads(out.strip().splitlines()[-1])
    for name, res in results.items():
        assert res["errors"] == [], f"{name} (seed {seed}): {res['errors'][:3]}"
        assert res["count"] > 0, name
    assert not any("LockError" in str(r) for r in results.values())
    _assert_index_equals_disk(root, kb)


def test_same_size_rewrite_within_one_mtime_tick_is_seen(tmp_path: Path) -> None:
    """A second write that keeps size and mtime (same clock tick) is still picked up."""
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nRacy edits.\n")
    path = write(kb / "racy.md", "# Racy\n\ntokaaaaaaaaaa\n")
    assert search("tokaaaaaaaaaa", kb="kb", root=root, score_threshold=0.0).found
    st = path.stat()
    path.write_text("# Racy\n\ntokbbbbbbbbbb\n", encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # as if in the same tick
    assert path.stat().st_size == st.st_size
    r = search("tokbbbbbbbbbb", kb="kb", root=root, score_threshold=0.0)
    assert r.found and r.hits[0].path == "racy.md"
    assert not search("tokaaaaaaaaaa", kb="kb", root=root, score_threshold=0.0).found


def test_a_process_sees_another_process_s_update_without_rebuilding(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "kb"
    write(kb / "README.md", "# KB\n\nTwo processes.\n")
    write(kb / "a.md", "# A\n\ntokfirstaaaa\n")
    assert search("tokfirstaaaa", kb="kb", root=root, score_threshold=0.0).found
    code = textwrap.dedent("""
        import sys
        from pathlib import Path
        from knowledge_retrieval import index_kb
        root = Path(sys.argv[1])
        (root / "kb" / "b.md").write_text("# B\\n\\ntoksecondbbbb\\n", encoding="utf-8")
        r = index_kb("kb", root=root)
        assert r.added == ("b.md",) and not r.rebuilt, r
    """)
    subprocess.run([sys.executable, "-c", code, str(root)], check=True, timeout=60)
    t0 = time.perf_counter()
    r = search("toksecondbbbb", kb="kb", root=root, score_threshold=0.0)
    assert r.found and r.hits[0].path == "b.md"
    assert not any("rebuilt" in n for n in r.notes)
    assert time.perf_counter() - t0 < 30


def test_threads_in_one_process_share_an_index_safely(sample_root: Path) -> None:
    """Searching threads never see ReaderClosed while another thread's search re-indexes."""
    import threading
    import time as _time

    from knowledge_retrieval import search as _search

    errors: list[str] = []
    stop = _time.monotonic() + 3.0

    def searcher() -> None:
        while _time.monotonic() < stop:
            try:
                _search(
                    "ORDER_STATUS_PAID refund", kb="payments", root=sample_root, score_threshold=0.0
                )
            except Exception as exc:  # noqa: BLE001 - any escape is the failure
                errors.append(repr(exc))

    def editor() -> None:
        i = 0
        while _time.monotonic() < stop:
            (sample_root / "payments" / "reference" / f"t{i % 3}.md").write_text(
                f"# T\n\nrefund marker{i}\n", encoding="utf-8"
            )
            try:
                r = _search(f"marker{i}", kb="payments", root=sample_root, score_threshold=0.0)
                if not any(h.path == f"reference/t{i % 3}.md" for h in r.hits):
                    errors.append(f"stale: marker{i}")
            except Exception as exc:  # noqa: BLE001
                errors.append(repr(exc))
            i += 1

    threads = [threading.Thread(target=searcher) for _ in range(3)]
    threads.append(threading.Thread(target=editor))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_threads_share_the_reader_caches_under_eviction(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Threads ranking at once on one reader, with caches so small that they evict all the
    time, get exactly the results a lone search gets."""
    import threading

    from knowledge_retrieval.index import termstats

    monkeypatch.setattr(termstats, "VECTOR_CACHE_ENTRIES", 8)
    monkeypatch.setattr(termstats, "VOCABULARY_PREFIXES", 1)
    queries = [
        "ORDER_STATUS_PAID",
        "refund approval rules",
        "payment.retry.max_attempts",
        "idempotency key",
        "订单状态码 20",
        "webhook retries",
        "paymnet retyr",
        "rate limit 429",
        "v2 refund API",
        "E1001",
    ]

    def top(q: str) -> list[tuple[str, float]]:
        r = search(q, kb="payments", root=sample_root, score_threshold=0.0)
        return [(h.path, h.score) for h in r.hits]

    expected = {q: top(q) for q in queries}
    errors: list[str] = []

    def worker(seed: int) -> None:
        order = queries[seed:] + queries[:seed]
        for _ in range(5):
            for q in order:
                try:
                    got = top(q)
                except Exception as exc:  # noqa: BLE001 - any escape is the failure
                    errors.append(f"{q}: {exc!r}")
                    continue
                if got != expected[q]:
                    errors.append(f"{q}: {got} != {expected[q]}")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_threads_reading_one_segments_postings_read_their_own(tmp_path: Path) -> None:
    """A segment's postings file is one file object with one position: threads that read
    postings of different terms from one reader at once each get their own term's postings
    (two at once read each other's bytes: an UnpicklingError, a search with no hits)."""
    import threading

    from knowledge_retrieval.index.postings import term_postings
    from knowledge_retrieval.index.store import KBIndex
    from knowledge_retrieval.kb.rules import parse_readme

    kb = tmp_path / "kb"
    write(kb / "README.md", "# Wiki\n\nArticles.\n")
    for i in range(300):  # postings of several blocks (128 a block)
        words = " ".join(f"w{j}" for j in range(40) if (i + j) % 3)
        write(kb / f"page-{i}.md", f"# Page {i}\n\n{words}\n")
    kbi = KBIndex("kb", kb, tmp_path / "index")
    kbi.refresh(parse_readme((kb / "README.md").read_text(encoding="utf-8")))
    segments = [s for s, _ in kbi.reader().leaf_readers()]
    terms = [f"w{j}" for j in range(40)]
    expected = {
        (n, t): [a.tolist() for a in term_postings(seg, "body", t) or ()]
        for n, seg in enumerate(segments)
        for t in terms
    }
    errors: list[str] = []

    def worker(seed: int) -> None:
        for _ in range(60):
            for t in terms[seed:] + terms[:seed]:
                for n, seg in enumerate(segments):
                    try:
                        got = [a.tolist() for a in term_postings(seg, "body", t) or ()]
                    except Exception as exc:  # noqa: BLE001 - any escape is the failure
                        errors.append(f"{t}: {exc!r}")
                        continue
                    if got != expected[(n, t)]:
                        errors.append(f"{t}: other postings")

    threads = [threading.Thread(target=worker, args=(i * 7,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []


@pytest.mark.parametrize("rebuild", [False, True])
def test_a_walk_older_than_another_process_s_commit_does_not_undo_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rebuild: bool
) -> None:
    """Process A walks the KB, then waits for the lock while process B adds a file it never
    saw: A's update (or rebuild) must not delete B's file from the index."""
    from knowledge_retrieval.index import store
    from knowledge_retrieval.index.store import KBIndex

    monkeypatch.setenv("KR_WATCH", "0")
    kb = tmp_path / "kb"
    write(kb / "README.md", "# KB\n\nTwo writers.\n")
    write(kb / "old.md", "# Old\n\ntokoldaaaaaaq\n")
    rules = parse_readme((kb / "README.md").read_text(encoding="utf-8"))
    a = KBIndex("kb", kb, tmp_path / "index")
    b = KBIndex("kb", kb, tmp_path / "index")
    a.refresh(rules)
    write(kb / "old.md", "# Old\n\ntokoldbbbbbbq edited\n")  # A has something to apply
    walked_before = store.scan_kb(kb, rules)
    time.sleep(0.01)
    write(kb / "new.md", "# New\n\ntoknewaaaaaaq\n")
    assert b.refresh(rules).added == ("new.md",)  # B commits first

    real_walk = store.scan_kb
    walks = iter([walked_before])
    monkeypatch.setattr(store, "scan_kb", lambda *args: next(walks, None) or real_walk(*args))
    a.refresh(rules, rebuild=rebuild)

    assert set(a.manifest) == {"old.md", "new.md"}
    indexed = {f["path"] for f in a.reader().all_stored_fields()}
    assert indexed == {"old.md", "new.md"}
    b.refresh(rules)
    assert {f["path"] for f in b.reader().all_stored_fields()} == {"old.md", "new.md"}
