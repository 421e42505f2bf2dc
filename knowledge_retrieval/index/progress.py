"""Progress of a long index build: whoever waits for it sees it (a bar, a notebook, an MCP client).

A build reports ``(files done, files in all)``; when every file is read, the last step is
``"writing index"`` (Whoosh's commit, which writes the postings). Three kinds of listeners:

- the callback passed to ``KBIndex.refresh(progress=...)``;
- the *sink* of the current context (:func:`use_sink`): ``search()`` and ``index_kb()`` install a
  progress bar there, the MCP server a sender of progress notifications;
- other processes: the building process keeps ``progress.json`` in the index folder up to date,
  and a process that finds the build running (the index lock is taken) reports what it reads
  there to its own listeners instead of waiting in silence.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from ..terminal import one_line

log = logging.getLogger(__name__)

PROGRESS_FILE = "progress.json"
WRITE_EVERY_S = 0.25
"""The progress file is rewritten at most this often (and at every change of stage)."""
BAR_DELAY_S = 0.5
"""A bar shows once a build has run this long: quick builds stay silent, and a long one shows
progress within a second of the command's start (a one-shot ``kr`` starts in about 0.25 s)."""
WRITING = "writing index"
READING = "reading files"


@dataclass(frozen=True, slots=True)
class Event:
    """One progress report of a build of ``kb``."""

    kb: str
    done: int
    total: int
    stage: str = READING
    """:data:`READING` or :data:`WRITING`."""
    other_pid: int | None = None
    """Set when another process is building and this one waits for it."""
    unit: str = "files"
    """What ``done`` counts, as a bar's rate says it (``files/s``, ``sections/s``)."""


Sink = Callable[[Event], None]
_sink: contextvars.ContextVar[Sink | None] = contextvars.ContextVar(
    "kr_progress_sink", default=None
)


@contextlib.contextmanager
def use_sink(sink: Sink | None) -> Iterator[None]:
    """Send the progress of builds run in this context (this thread, this task) to ``sink``."""
    token = _sink.set(sink)
    try:
        yield
    finally:
        _sink.reset(token)


def current_sink() -> Sink | None:
    return _sink.get()


# --------------------------------------------------------------------------- the building side


class Reporter:
    """Fans one build's ``(done, total)`` out to the callback, the sink and the progress file."""

    def __init__(
        self,
        kb: str,
        index_dir: Path,
        callback: Callable[[int, int], None] | None,
        unit: str = "files",
    ) -> None:
        self.kb = kb
        self.unit = unit
        self.path = index_dir / PROGRESS_FILE
        self.callback = callback
        self.unit = unit
        self.sink = current_sink()
        self._written = 0.0
        self._stage = ""
        self._last = (-1, -1)

    def __call__(self, done: int, total: int) -> None:
        if (done, total) == self._last:
            return  # a worker's last count, then its result
        self._last = (done, total)
        stage = WRITING if done >= total else READING
        if self.callback is not None:
            self.callback(done, total)
        if self.sink is not None:
            self.sink(Event(self.kb, done, total, stage, unit=self.unit))
        now = time.monotonic()
        if stage != self._stage or now - self._written >= WRITE_EVERY_S:
            self._stage, self._written = stage, now
            self._write({"pid": os.getpid(), "kb": self.kb, "done": done, "total": total,
                         "stage": stage, "at": time.time()})  # fmt: skip

    def start(self, total: int) -> None:
        log.info("indexing %s: %d files", self.kb, total)
        if total:
            self(0, total)

    def _write(self, data: dict[str, Any]) -> None:
        import uuid  # only while a build writes its progress

        tmp = self.path.with_name(f".{PROGRESS_FILE}.{uuid.uuid4().hex}.tmp")
        try:
            tmp.write_text(json.dumps(data), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:  # progress is a courtesy: never fail a build over it
            log.debug("cannot write %s: %s", self.path, exc)
            with contextlib.suppress(OSError):
                tmp.unlink()
        except BaseException:  # Ctrl-C between the write and the rename: leave no stray file
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise

    def finish(self) -> None:
        """The build ended (done, failed or interrupted): its progress file goes, and so does any
        temporary one an earlier, killed build left (the builder holds the index lock)."""
        with contextlib.suppress(OSError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            for stray in self.path.parent.glob(f".{PROGRESS_FILE}.*.tmp"):
                with contextlib.suppress(OSError):
                    stray.unlink()


# --------------------------------------------------------------------------- the waiting side


class Waiter:
    """Called while the index lock is held by another process: reads its progress file and
    reports it; returns True while that build advances (the caller then keeps waiting)."""

    def __init__(self, kb: str, index_dir: Path, callback: Callable[[int, int], None] | None):
        self.kb = kb
        self.path = index_dir / PROGRESS_FILE
        self.callback = callback
        self.sink = current_sink()
        self._last: tuple[Any, ...] | None = None
        self._read = 0.0
        self._told = False

    def __call__(self) -> bool:
        now = time.monotonic()
        if now - self._read < 0.1:
            return False
        self._read = now
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            key = (data["pid"], int(data["done"]), int(data["total"]), str(data["stage"]))
        except (OSError, ValueError, KeyError, TypeError):
            return False
        if key == self._last:
            return False
        self._last = key
        pid, done, total, stage = key
        if not self._told:
            self._told = True
            log.info(
                "index of %s is being built by process %s (%d of %d files); waiting for it",
                self.kb,
                pid,
                done,
                total,
            )
        if self.callback is not None:
            self.callback(done, total)
        if self.sink is not None:
            self.sink(Event(self.kb, done, total, stage, other_pid=pid))
        return True


# --------------------------------------------------------------------------- a bar


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    try:
        ip = shell.get_ipython() if shell is not None else None
    except Exception:  # noqa: BLE001 - any IPython oddity means: not a notebook
        return False
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def wants_bar(progress: bool | None) -> bool:
    """``progress`` as given to ``search()``: True, False, or None (a terminal or notebook)."""
    if progress is not None:
        return bool(progress)
    try:
        tty = sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):
        tty = False
    return tty or _in_notebook()


class Bar:
    """A sink drawing one tqdm bar per KB on stderr (a widget in a notebook when it can), shown
    after :data:`BAR_DELAY_S`; the last stage reads "writing index" instead of sitting at 100%."""

    def __init__(self) -> None:
        self._bars: dict[str, Any] = {}

    def __call__(self, ev: Event) -> None:
        bar = self._bars.get(ev.kb)
        if bar is None:
            bar = self._bars[ev.kb] = _new_bar(ev.kb, ev.total, ev.unit)
        if ev.other_pid is not None and not getattr(bar, "_kr_other", False):
            bar._kr_other = True
            bar.set_description_str(one_line(f"{ev.kb} (being indexed by process {ev.other_pid})"))
        bar.total = ev.total
        if ev.done > bar.n:
            bar.update(ev.done - bar.n)
        if ev.stage == WRITING:
            bar.set_description_str(one_line(f"{ev.kb}: {WRITING}"), refresh=False)
            if bar._time() - bar.start_t >= bar.delay:  # shown already: show the new stage now
                bar.refresh()

    def close(self) -> None:
        for bar in self._bars.values():
            bar.close()
        self._bars.clear()


def _new_bar(kb: str, total: int, unit: str = "files") -> Any:
    from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

    cls: Any = tqdm
    if _in_notebook():
        try:
            import ipywidgets  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
            from tqdm.notebook import tqdm as cls  # type: ignore[import-untyped,no-redef,unused-ignore]
        except ImportError:
            cls = tqdm  # text on stderr, which a notebook shows too
    return cls(
        total=total,
        desc=one_line(f"indexing {kb}"),
        unit=f" {unit}",  # the rate reads "12.3 files/s", "40.1 sections/s"
        delay=BAR_DELAY_S,
        leave=False,
        file=sys.stderr,
        dynamic_ncols=True,
    )


@contextlib.contextmanager
def shown(progress: bool | None) -> Iterator[None]:
    """A progress bar for the builds in this block when :func:`wants_bar`; an explicit sink set
    by the caller (the MCP server) is kept."""
    if current_sink() is not None or not wants_bar(progress):
        yield
        return
    bar = Bar()
    try:
        with use_sink(bar):
            yield
    finally:
        bar.close()


_P = ParamSpec("_P")
_R = TypeVar("_R")


def with_progress(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Decorate a public entry point taking ``progress: bool | None = None``: its builds show a
    bar as :func:`shown` says."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with shown(kwargs.get("progress")):  # type: ignore[arg-type]
            return fn(*args, **kwargs)

    return wrapper
