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

import contextlib
import gc
import logging
import os
import pickle
import signal
import subprocess
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
from ..kb.scan import Sig
from ..models import Document
from .problems import cannot_write
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
WORKER_SILENCE_S = 120.0
"""A worker that sends nothing (no file done, no result) for this long is taken for hung: the
workers are killed and the build is done in-process."""

Rows = Callable[[Document], Iterable[dict[str, Any]]]
Read = Callable[[Path, str], tuple[str, str]]
Progress = Callable[[int, int], None]


@dataclass(slots=True)
class Built:
    """What a build read: the manifest's tables, in scan order."""

    files: dict[str, list[Any]] = field(default_factory=dict)
    """Indexed path -> [mtime_ns, size, ctime_ns, inode, sha1]."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Path refused when read -> reason."""
    unread: dict[str, list[int]] = field(default_factory=dict)
    """Path refused when read -> [mtime_ns, size, ctime_ns, inode]."""


def build_workers(files: dict[str, Sig]) -> int:
    """How many processes build these files: ``$KR_BUILD_WORKERS`` when set, else 1 below
    :data:`PARALLEL_MIN_BYTES` of text and one per CPU (up to :data:`MAX_WORKERS`) above. Always 1
    off Linux. (With other threads running, workers are not forked: see :func:`_start_workers`.)"""
    if not sys.platform.startswith("linux") or len(files) < 2:
        return 1
    env = os.environ.get(WORKERS_ENV, "").strip()
    if env:
        try:
            return max(1, min(int(env), len(files)))
        except ValueError:
            log.warning("ignoring %s=%r (not a number)", WORKERS_ENV, env)
    if sum(sig[1] for sig in files.values()) < PARALLEL_MIN_BYTES:
        return 1
    return max(1, min(len(os.sched_getaffinity(0)), MAX_WORKERS, len(files)))


def split_runs(files: dict[str, Sig], n: int) -> list[list[tuple[str, Sig]]]:
    """``files`` (in order) cut into at most ``n`` contiguous, non-empty runs of about equal
    work."""
    items = list(files.items())
    costs = [sig[1] + FILE_COST_BYTES for _rel, sig in items]
    total = sum(costs) or 1
    runs: list[list[tuple[str, Sig]]] = [[] for _ in range(n)]
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
    files: dict[str, Sig],
    rows: Rows,
    progress: Progress | None = None,
    *,
    read: Read = read_kb_file,
) -> Built:
    """Index ``files`` (KB-relative path -> its :data:`Sig`) into the new, empty index ``ix``
    and commit; ``read`` gives a file's text and hash (or SkipFile), ``rows`` a parsed document's
    Whoosh rows. Raises what a file or Whoosh raised (the caller deletes the generation); a file
    that cannot be indexed is recorded."""
    n = build_workers(files)
    if n > 1:
        try:
            return _build_parallel(ix, kb_path, files, rows, progress, n, read)
        except OSError as exc:
            if cannot_write(exc):  # a full or read-only disk: an in-process build fails alike
                raise
            log.warning("parallel build of %s failed (%r); building in-process", kb_path, exc)
        except Exception as exc:  # noqa: BLE001 - any failure: the serial build raises its own
            # the workers' segment files are in no table of contents: the serial commit deletes
            # them. An error of a file or of Whoosh comes back from the serial build itself.
            log.warning("parallel build of %s failed (%r); building in-process", kb_path, exc)
    return _build_serial(ix, kb_path, files, rows, progress, read)


def _build_serial(
    ix: Any,
    kb_path: Path,
    files: dict[str, Sig],
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


WORKER_GC_THRESHOLD = (10_000, 50, 100)
"""The garbage collector's thresholds in a worker (Python's are 700, 10, 10). A build allocates
millions of objects that live until its segment is written, and nearly no cycles: with the
defaults a worker spent about a tenth of its time in collections (SciFact), most of it in full
ones that walk every object, those inherited from the parent too."""


def _quiet_gc() -> None:
    """Collect less often in this worker, and never walk what it inherited: the objects the
    parent had are frozen (their pages also stay shared with the parent, not copied)."""
    gc.freeze()
    gc.set_threshold(*WORKER_GC_THRESHOLD)


def _work(
    ix: Any,
    kb_path: Path,
    run: list[tuple[str, Sig]],
    rows: Rows,
    read: Read,
    conn: Any,
    limitmb: int,
    parent: int,
) -> None:
    """A worker: index ``run`` into a segment of its own; send progress, then the result."""
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _quiet_gc()
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


class WorkerError(Exception):
    """A build worker could not start, died, or went silent (internal: the build is redone
    in-process)."""


def other_threads() -> bool:
    """True when a fork could copy a lock held by a thread that does not exist in the child
    (an import lock, a logging handler's lock ...), so the child may hang: another Python thread
    is running. From Python 3.12, which warns about a fork with any other thread, also any thread
    of the process (``/proc/self/task``: numpy's BLAS pool too)."""
    if threading.active_count() > 1:
        return True
    if sys.version_info >= (3, 12):
        try:
            return len(os.listdir("/proc/self/task")) > 1
        except OSError:  # pragma: no cover - no /proc
            return False
    return False


class _Worker:
    """One build worker and the read end of its pipe: a forked ``multiprocessing`` process, or
    (with other threads running) a fresh interpreter started by ``subprocess``."""

    def __init__(self, conn: Any, proc: Any) -> None:
        self.conn = conn
        self.proc = proc

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            self.proc.kill()

    def join(self, timeout: float | None = None) -> int | None:
        if isinstance(self.proc, subprocess.Popen):
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout)
            return self.proc.returncode
        self.proc.join(timeout)
        return self.proc.exitcode  # type: ignore[no-any-return]


_SPAWN_CODE = (
    "import pickle, sys; sys.path[:] = pickle.load(sys.stdin.buffer); "
    "from knowledge_retrieval.index.build import _spawned; _spawned(int(sys.argv[1]))"
)
"""What a spawned worker runs, as ``python -I -c``: isolated, so neither the working directory
(which ``-c`` puts first on ``sys.path``: a ``pickle.py`` there would run) nor ``PYTHON*``
variables nor the user's site folder decide what it imports; :func:`worker_path` then gives it
the path to the package."""


def worker_path() -> list[str]:
    """``sys.path`` for a spawned worker: the folder this package was imported from first (so
    the worker runs the same copy, an editable checkout or an installed one), then this
    process's path without the working directory ('' or its absolute path), which this process
    may have on its path (``python -c``, a notebook) but a worker must not search first."""
    package_parent = str(Path(__file__).resolve().parents[2])
    cwd = os.getcwd()
    rest = [p for p in sys.path if p not in ("", ".", cwd, package_parent)]
    return [package_parent, *rest]


def _spawned(fd: int) -> None:
    """A worker in a fresh interpreter: read its share from stdin, report on pipe ``fd``."""
    from multiprocessing.connection import Connection

    conn = Connection(fd, readable=False)
    ix, kb_path, run, rows, read, limitmb, parent = pickle.load(sys.stdin.buffer)
    _work(ix, kb_path, run, rows, read, conn, limitmb, parent)


def _start_workers(
    ix: Any, kb_path: Path, runs: list[list[tuple[str, Sig]]], rows: Rows, read: Read
) -> list[_Worker]:
    """Start a worker per run. Forked while this is the only thread of the process (cheapest:
    nothing to import); otherwise each is a new interpreter (about 0.3 s to import the package),
    since a fork would copy the locks other threads hold. Raises WorkerError."""
    import multiprocessing

    limitmb = LIMIT_MB // len(runs)
    workers: list[_Worker] = []
    try:
        if not other_threads():
            ctx = multiprocessing.get_context("fork")
            # Ctrl-C waits until the workers are forked: one that lands inside a fork handler
            # (logging's lock release) is swallowed there, and the process dies of the signal
            # instead of saying it was interrupted. The workers start with it blocked; the
            # build stops them when this process is interrupted.
            held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                for i, run in enumerate(runs):
                    recv, send = ctx.Pipe(duplex=False)
                    args = (ix, kb_path, run, rows, read, send, limitmb, os.getpid())
                    p = ctx.Process(target=_work, name=f"kr-build-{i}", daemon=True, args=args)
                    try:
                        p.start()
                    finally:
                        send.close()  # the worker has its own copy: EOF here means it is gone
                    workers.append(_Worker(recv, p))
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
            return workers
        if not sys.executable:
            raise OSError("no Python executable to start workers with")
        head = pickle.dumps(worker_path())
        for run in runs:
            body = pickle.dumps((ix, kb_path, run, rows, read, limitmb, os.getpid()))
            recv, send = multiprocessing.Pipe(duplex=False)
            try:
                proc = subprocess.Popen(
                    [sys.executable, "-I", "-c", _SPAWN_CODE, str(send.fileno())],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    pass_fds=(send.fileno(),),
                    close_fds=True,
                )
            finally:
                send.close()
            workers.append(_Worker(recv, proc))
            assert proc.stdin is not None
            with proc.stdin:
                proc.stdin.write(head + body)
        return workers
    except (OSError, pickle.PicklingError, TypeError, AttributeError) as exc:
        _stop(workers)  # no process, or an argument that does not pickle (a local function)
        raise WorkerError(f"cannot start build workers: {exc!r}") from exc
    except BaseException:
        _stop(workers)
        raise


def _stop(workers: list[_Worker]) -> None:
    for w in workers:
        w.kill()
    for w in workers:
        w.join(5)
        w.conn.close()


def _wait_workers(
    workers: list[_Worker],
    runs: list[list[tuple[str, Sig]]],
    progress: Progress | None,
    total: int,
) -> list[tuple[Any, list[tuple[str, str]], list[tuple[str, str]]]]:
    """Each worker's (segment, indexed, refused), reporting progress as they go. A worker that
    ends without a result, or sends nothing for :data:`WORKER_SILENCE_S`, raises WorkerError;
    an error a worker reports is raised as it is."""
    from multiprocessing.connection import wait

    t0 = time.perf_counter()
    conns = {w.conn: i for i, w in enumerate(workers)}
    results: list[Any] = [None] * len(workers)
    counts = [0] * len(workers)
    while conns:
        ready: list[Any] = wait(list(conns), timeout=WORKER_SILENCE_S)
        if not ready:
            raise WorkerError(
                f"index build workers sent nothing for {WORKER_SILENCE_S:.0f} s "
                f"({sum(counts)} of {total} files done)"
            )
        for conn in ready:
            i = conns[conn]
            try:
                msg: Any = conn.recv()
            except (EOFError, OSError):
                code = workers[i].join(5)
                raise WorkerError(
                    f"index build worker {i} ended without a result (exit code {code})"
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
            else:
                log.debug("index build worker %d failed:\n%s", i, msg[2])
                raise msg[1]
            if progress:
                progress(sum(counts), total)
    for w in workers:
        w.join()
        w.conn.close()
    return results


def _build_parallel(
    ix: Any,
    kb_path: Path,
    files: dict[str, Sig],
    rows: Rows,
    progress: Progress | None,
    nworkers: int,
    read: Read,
) -> Built:
    runs = split_runs(files, nworkers)
    writer = Writer(ix, limitmb=LIMIT_MB)  # holds Whoosh's lock; its own segment stays empty
    workers: list[_Worker] = []
    try:
        workers = _start_workers(ix, kb_path, runs, rows, read)
        results = _wait_workers(workers, runs, progress, len(files))
        writer._close_segment()
        writer._commit_toc([r[0] for r in results if r[0] is not None])
        writer._finish()
    except BaseException:
        _stop(workers)
        writer.cancel()
        raise
    out = Built()
    for run, res in zip(runs, results, strict=True):
        indexed, refused = dict(res[1]), dict(res[2])
        for rel, sig in run:
            if rel in indexed:
                out.files[rel] = [*sig, indexed[rel]]
            else:
                out.skipped[rel] = refused[rel]
                out.unread[rel] = list(sig)
    return out
