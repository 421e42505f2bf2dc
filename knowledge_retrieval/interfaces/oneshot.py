"""What a ``kr`` process that answers one command and exits is set up with (not ``main(argv)``
called inside a longer-lived program): no inotify watches, no BLAS threads, a collector that
runs rarely, and stand-ins for modules Whoosh imports that no command uses."""

from __future__ import annotations

import functools
import gc
import importlib
import os
import sys
import types
from typing import Any

ONE_THREAD_BLAS = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
"""numpy's BLAS starts a thread per core when numpy is imported (its cost: ``python -m
benchmarks --quick``'s one-shot figures); ranking's few small matrix products never use them."""


ONE_SHOT_GC_THRESHOLD = (100_000, 50, 100)
"""The garbage collector's thresholds in a one-shot ``kr`` (Python's are 700, 10, 10): its
imports and a search allocate a few hundred thousand objects that live until it exits, and
nearly no cycles: the collections Python's defaults make are time spent on nothing."""


def prepare() -> None:
    """Settings for a ``kr`` process that answers one command and exits (not for ``main(argv)``
    called inside a longer-lived program): inotify watches only pay off from a KB's second
    search in the same process, so a one-shot command does not set them up; BLAS threads are
    not started (numpy is imported later, by the command); the collector runs rarely. A value
    already set is kept."""
    from ..defaults import WATCH_ENV

    if gc.get_threshold() == (700, 10, 10):  # Python's defaults, not the embedding program's
        gc.set_threshold(*ONE_SHOT_GC_THRESHOLD)
    os.environ.setdefault(WATCH_ENV, "0")
    if "numpy" not in sys.modules:  # the variables are read once, when numpy loads its BLAS
        for name in ONE_THREAD_BLAS:
            os.environ.setdefault(name, "1")
    _defer_module("urllib.request", "urlretrieve")
    _defer_module("cached_property", cached_property=functools.cached_property)


class _Deferred(types.ModuleType):
    """A stand-in for a module that nothing may use: the real one is imported on first use."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # the import system asks for __path__ and the like
            raise AttributeError(name)
        return getattr(_load_deferred(self.__name__), name)


def _load_deferred(name: str) -> types.ModuleType:
    if isinstance(sys.modules.get(name), _Deferred):
        del sys.modules[name]
    return importlib.import_module(name)


def _defer_module(name: str, *functions: str, **same: Any) -> None:
    """A one-shot process gets a stand-in for module ``name``: its ``functions`` and any other
    attribute load the real module when first used, and each name of ``same`` is bound to an
    equivalent from the standard library.

    - Whoosh imports ``urllib.request`` (with HTTP, e-mail and SSL: about 20 ms of a one-shot
      ``kr``) only to bind ``urlretrieve``, which no command calls.
    - It imports the ``cached_property`` package, which imports ``asyncio`` (about 25 ms) to
      tell coroutines apart, for one property of a plain function: ``functools``' decorator
      caches it the same way.
    """
    if name in sys.modules:
        return
    stub = _Deferred(name)
    for fn in functions:

        def call(*args: Any, _fn: str = fn, **kwargs: Any) -> Any:
            return getattr(_load_deferred(name), _fn)(*args, **kwargs)

        setattr(stub, fn, call)
    for attr, value in same.items():
        setattr(stub, attr, value)
    sys.modules[name] = stub


def finish() -> None:
    """The process exits next: the collector's passes over every object at shutdown (about
    30 ms after a search) would free nothing that exiting does not."""
    gc.freeze()
