"""A full build of a KB's index: in this process, or in worker processes writing a segment each.

A full build is CPU work in three parts: reading and parsing the files (about an eighth on
SciFact), analyzing and adding their fields (under a third) and Whoosh's commit, which sorts and
writes the postings (over half), so only workers that also commit scale. A large KB on Linux is
split into contiguous runs of files of about equal bytes, and each run is read, parsed, analyzed
and written by its own forked worker as a finished Whoosh segment (what Whoosh's ``MpWriter``
does with ``multisegment=True``, without its pickled document queue). The parent holds the write
lock, reports progress and, when every worker has finished, commits one table of contents listing
the segments in file order. Documents keep the numbers a serial build gives them, and every term,
frequency, field length and stored field is the same: only the segment boundaries differ.

Workers die with the parent (``PR_SET_PDEATHSIG``); any failure kills the other workers and fails
the build, which the caller removes. Until the table of contents is written nothing refers to the
new segments, and until ``CURRENT`` is swapped nothing refers to the new generation.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..defaults import WORKERS_ENV
from ..kb.parsing import SkipFile, parse_kb_text, read_kb_file
from ..models import Document
from .segment import Writer

log = logging.getLogger(__name__)

MAX_WORKERS = 2
"""At most this many workers by default, however many CPUs there are: each is a segment, and a
search looks every term up in every segment (SciFact, 2 segments against 1: p50 and p95 about
15-20% slower). ``$KR_BUILD_WORKERS`` can ask for more."""
PARALLEL_MIN_BYTES = 1 << 20
"""A KB with less text than this (a serial build of about a second or less) builds in-process:
forking and a segment per worker would cost more than they save."""
FILE_COST_BYTES = 1024
"""Per-file work (open, resolve, parse set-up) counted as this many bytes when runs are split."""
LIMIT_MB = 256
"""Whoosh's in-memory posting pool for a build, shared between the workers."""
PROGRESS_EVERY_S = 0.05

Rows = Callable[[Document], Iterable[dict[str, Any]]]
Read = Callable[[Path, str], tuple[str, str]]
Progress = Callable[[int, int], None]


@dataclass(slots=True)
class Built:
    """What a build read: the manifest's tables, in scan order."""

    files: dict[str, list[Any]] = field(default_factory=dict)
    """Indexed path -> [mtime_ns, size, sha1]."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Path refused when read -> reason."""
    unread: dict[str, list[int]] = field(default_factory=dict)
    """Path refused when read -> [mtime_ns, size]."""


def build_workers(files: dict[str, tuple[int, int]]) -> int:
    """How many processes build these files: ``$KR_BUILD_WORKERS`` when set, else 1 below
    :data:`PARALLEL_MIN_BYTES` of text and one per CPU (up to :data:`MAX_WORKERS`) above. Always 1
    where a worker cannot be forked safely: not Linux, or Python 3.12+ with other threads running."""
    if not sys.platform.startswith("linux") or len(files) < 2:
        return 1
    if sys.version_info >= (3, 12) and threading.active_count() > 1:
        return 1  # fork with threads running is deprecated there
    env = os.environ.get(WORKERS_ENV, "").strip()
    if env:
        try:
            return max(1, min(int(env), len(files)))
        except ValueError:
            log.warning("ignoring %s=%r (not a number)", WORKERS_ENV, env)
    if sum(sig[1] for sig in files.values()) < PARALLEL_MIN_BYTES:
        return 1
    return max(1, min(len(os.sched_getaffinity(0)), MAX_WORKERS, len(files)))


def split_runs(
    files: dict[str, tuple[int, int]], n: int
) -> list[list[tuple[str, tuple[int, int]]]]:
    """``files`` (in order) cut into at most ``n`` contiguous, non-empty runs of about equal
    work."""
    items = list(files.items())
    costs = [sig[1] + FILE_COST_BYTES for _rel, sig in items]
    total = sum(costs) or 1
    runs: list[list[tuple[str, tuple[int, int]]]] = [[] for _ in range(n)]
    done, k = 0, 0
    for i, (item, cost) in enumerate(zip(items, costs, strict=True)):
        # the run where this file's work starts, but no run left empty and none skipped
        k = max(min(done * n // total, k + 1), n - (len(items) - i))
        runs[min(k, n - 1)].append(item)
        done += cost
    return [r for r in runs if r]


def build(
    ix: Any,
    kb_path: Path,
    files: dict[str, tuple[int, int]],
    rows: Rows,
    progress: Progress | None = None,
    *,
    read: Read = read_kb_file,
) -> Built:
    """Index ``files`` (KB-relative path -> (mtime_ns, size)) into the new, empty index ``ix``
    and commit; ``read`` gives a file's text and hash (or SkipFile), ``rows`` a parsed document's
    Whoosh rows. Raises what a file or Whoosh raised (the caller deletes the generation); a file
    that cannot be indexed is recorded."""
    n = build_workers(files)
    if n > 1:
        return _build_parallel(ix, kb_path, files, rows, progress, n, read)
    return _build_serial(ix, kb_path, files, rows, progress, read)


def _build_serial(
    ix: Any,
    kb_path: Path,
    files: dict[str, tuple[int, int]],
    rows: Rows,
    progress: Progress | None,
    read: Read,
) -> Built:
    out = Built()
    total = len(files)
    writer = Writer(ix, limitmb=LIMIT_MB)
    try:
        for n, (rel, sig) in enumerate(files.items(), 1):
            try:
                text, sha = read(kb_path, rel)
                doc = parse_kb_text(rel, text)
            except SkipFile as exc:
                out.skipped[rel] = str(exc)
                out.unread[rel] = list(sig)
            else:
                for row in rows(doc):
                    writer.add_document(**row)
                out.files[rel] = [*sig, sha]
            if progress:
                progress(n, total)  # n == total: every file read, the commit writes the index
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    return out


# --------------------------------------------------------------------------- worker processes


def _die_with_parent(parent: int) -> None:
    """Ask Linux to SIGKILL this process when its parent dies; exit if it already has."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not glibc/musl
        pass
    if os.getppid() != parent:
        os._exit(1)


def _work(
    ix: Any,
    kb_path: Path,
    run: list[tuple[str, tuple[int, int]]],
    rows: Rows,
    read: Read,
    conn: Any,
    limitmb: int,
    parent: int,
) -> None:
    """A worker: index ``run`` into a segment of its own; send progress, then the result."""
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    try:
        writer = Writer(ix, _lk=False, limitmb=limitmb)
        indexed: list[tuple[str, str]] = []
        refused: list[tuple[str, str]] = []
        last = time.monotonic()
        for n, (rel, _sig) in enumerate(run, 1):
            try:
                text, sha = read(kb_path, rel)
                doc = parse_kb_text(rel, text)
            except SkipFile as exc:
                refused.append((rel, str(exc)))
            else:
                for row in rows(doc):
                    writer.add_document(**row)
                indexed.append((rel, sha))
            if time.monotonic() - last >= PROGRESS_EVERY_S:
                conn.send(("n", n))
                last = time.monotonic()
        conn.send(("n", len(run)))  # every file read: the segment is written next
        if writer._added:
            segment = writer._finalize_segment()
        else:
            writer._close_segment()
            segment = None
        conn.send(("done", segment, indexed, refused))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which re-raises
        detail = traceback.format_exc()
        try:
            conn.send(("error", exc, detail))
        except Exception:  # noqa: BLE001 - an exception that does not pickle
            conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}"), detail))
    finally:
        conn.close()


def _build_parallel(
    ix: Any,
    kb_path: Path,
    files: dict[str, tuple[int, int]],
    rows: Rows,
    progress: Progress | None,
    nworkers: int,
    read: Read,
) -> Built:
    import multiprocessing
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("fork")
    runs = split_runs(files, nworkers)
    total = len(files)
    t0 = time.perf_counter()
    writer = Writer(ix, limitmb=LIMIT_MB)  # holds Whoosh's lock; its own segment stays empty
    procs: list[Any] = []
    conns: dict[Any, int] = {}
    results: list[tuple[Any, list[tuple[str, str]], list[tuple[str, str]]] | None] = []
    try:
        for i, run in enumerate(runs):
            recv, send = ctx.Pipe(duplex=False)
            conns[recv] = i
            results.append(None)
            p = ctx.Process(
                target=_work,
                name=f"kr-build-{i}",
                daemon=True,
                args=(ix, kb_path, run, rows, read, send, LIMIT_MB // len(runs), os.getpid()),
            )
            try:
                p.start()
            finally:
                send.close()  # the worker has its own copy: EOF here means it is gone
            procs.append(p)
        counts = [0] * len(runs)
        while conns:
            ready: list[Any] = wait(list(conns))
            for conn in ready:
                i = conns[conn]
                try:
                    msg: Any = conn.recv()
                except EOFError:
                    procs[i].join(5)
                    raise RuntimeError(
                        f"index build worker {i} ended without a result "
                        f"(exit code {procs[i].exitcode})"
                    ) from None
                if msg[0] == "n":
                    counts[i] = msg[1]
                elif msg[0] == "done":
                    log.debug(
                        "index build worker %d: %d files in %.2f s",
                        i,
                        len(runs[i]),
                        time.perf_counter() - t0,
                    )
                    results[i] = msg[1:]
                    counts[i] = len(runs[i])
                    del conns[conn]
                    conn.close()
                else:
                    log.debug("index build worker %d failed:\n%s", i, msg[2])
                    raise msg[1]
                if progress:
                    progress(sum(counts), total)
        for p in procs:
            p.join()
        writer._close_segment()
        writer._commit_toc([r[0] for r in results if r is not None and r[0] is not None])
        writer._finish()
    except BaseException:
        for p in procs:
            if p.is_alive():
                p.kill()
            p.join()
        for conn in conns:
            conn.close()
        writer.cancel()
        raise
    out = Built()
    for run, res in zip(runs, results, strict=True):
        assert res is not None
        indexed, refused = dict(res[1]), dict(res[2])
        for rel, sig in run:
            if rel in indexed:
                out.files[rel] = [*sig, indexed[rel]]
            else:
                out.skipped[rel] = refused[rel]
                out.unread[rel] = list(sig)
    return out
