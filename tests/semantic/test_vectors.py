"""Section vectors beside the index: embedded once per text, rewritten atomically, capped."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from knowledge_retrieval import search
from knowledge_retrieval.index.store import get_index
from knowledge_retrieval.semantic.embedders import get_embedder
from knowledge_retrieval.semantic.vectors import section_vectors, text_lang, vectors_path
from tests.conftest import write

from .kb import english_root


def _embedded(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("embedding ")]


def test_an_edit_reembeds_only_its_sections(
    tiny_embedder: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = english_root(tmp_path)
    with caplog.at_level(logging.INFO, logger="knowledge_retrieval.semantic"):
        search("退款要几天", "help", root=root, progress=False)
        first = _embedded(caplog)
        caplog.clear()
        search("退款要几天", "help", root=root, progress=False)
        assert _embedded(caplog) == []  # nothing changed, nothing embedded
        write(root / "help" / "leave.md", "# Leave\n\nEvery employee has 30 days of leave.\n")
        search("休假几天", "help", root=root, progress=False)
        again = _embedded(caplog)
    assert first and first[0].startswith("embedding 4 of 4 sections")
    assert again == ["embedding 1 of 4 sections of help"]
    kbi = get_index("help", root / "help")
    e = get_embedder()
    assert e is not None
    path = vectors_path(kbi.dir, e.key)
    with np.load(path) as data:
        assert len(data["keys"]) == 4  # the old text of leave.md is dropped
    assert not [p for p in kbi.dir.iterdir() if p.name.endswith(".tmp")]


def test_a_rebuild_reembeds_nothing(
    tiny_embedder: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from knowledge_retrieval import index_kb

    root = english_root(tmp_path)
    search("退款", "help", root=root, progress=False)
    index_kb("help", root=root, rebuild=True)
    with caplog.at_level(logging.INFO, logger="knowledge_retrieval.semantic"):
        search("退款", "help", root=root, progress=False)
    assert _embedded(caplog) == []


def _damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "not an npz":
        path.write_bytes(b"not an npz")
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "one flipped byte":
        b = bytearray(data)
        b[len(b) // 3] ^= 0xFF
        path.write_bytes(bytes(b))
    else:
        with np.load(path) as d:
            keys, vecs = d["keys"], d["vectors"]
        if how == "a plain .npy":
            with open(path, "wb") as f:
                np.save(f, vecs)
        elif how == "keys and vectors of different lengths":
            with open(path, "wb") as f:
                np.savez(f, keys=keys, vectors=vecs[:-1])
        elif how == "a wrong width":
            with open(path, "wb") as f:
                np.savez(f, keys=keys, vectors=vecs[:, :5])
        elif how == "keys that are not strings":
            with open(path, "wb") as f:
                np.savez(f, keys=np.arange(len(keys)), vectors=vecs)
        elif how == "vectors of one dimension":
            with open(path, "wb") as f:
                np.savez(f, keys=keys, vectors=vecs.ravel())


DAMAGES = [
    "not an npz",
    "truncated",
    "one flipped byte",
    "a plain .npy",
    "keys and vectors of different lengths",
    "a wrong width",
    "keys that are not strings",
    "vectors of one dimension",
]


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("kb", ["help", None])
def test_a_damaged_vector_file_is_embedded_again(
    tiny_embedder: str,
    tmp_path: Path,
    how: str,
    kb: str | None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    from knowledge_retrieval.semantic import vectors

    root = english_root(tmp_path)
    search("退款", "help", root=root, progress=False)
    kbi = get_index("help", root / "help")
    e = get_embedder()
    assert e is not None
    path = vectors_path(kbi.dir, e.key)
    _damage(path, how)
    vectors._CACHE.clear()  # as a new process finds the file
    with caplog.at_level(logging.WARNING, logger="knowledge_retrieval.semantic"):
        r = search("退款", kb, root=root, progress=False)
    assert r.found and r.hits[0].path == "refunds.md" and r.hits[0].via == "meaning"
    [warning] = [x.getMessage() for x in caplog.records]
    assert warning.startswith(f"vector file {path.name} ") and warning.endswith("embedding again")
    with np.load(path) as data:  # written again, whole
        assert data["keys"].shape == (4,) and data["vectors"].shape == (4, 8)
    vectors._CACHE.clear()
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="knowledge_retrieval.semantic"):
        search("退款", "help", root=root, progress=False)
    assert _embedded(caplog) == []  # and read back the next time


def test_a_nan_vector_in_the_file_is_embedded_again(
    tiny_embedder: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from knowledge_retrieval.semantic import vectors

    root = english_root(tmp_path)
    search("退款", "help", root=root, progress=False)
    kbi = get_index("help", root / "help")
    e = get_embedder()
    assert e is not None
    path = vectors_path(kbi.dir, e.key)
    with np.load(path) as d:
        keys, vecs = d["keys"], d["vectors"].copy()
    vecs[0] = np.nan
    with open(path, "wb") as f:
        np.savez(f, keys=keys, vectors=vecs)
    vectors._CACHE.clear()
    with caplog.at_level(logging.INFO, logger="knowledge_retrieval.semantic"):
        r = search("退款", "help", root=root, progress=False)
    assert r.hits[0].path == "refunds.md" and r.hits[0].via == "meaning"
    assert [x.getMessage() for x in caplog.records] == [
        f"vector file {path.name} has 1 vector(s) that are not finite; embedding those again",
        "embedding 1 of 4 sections of help",
    ]
    with np.load(path) as d:
        assert np.all(np.isfinite(d["vectors"])) and len(d["keys"]) == 4


def test_a_section_the_model_embeds_to_nan_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from .conftest import make_tiny_model

    pytest.importorskip("fastembed")
    model = make_tiny_model(tmp_path / "nan-model", nan_word="vacation")
    monkeypatch.setenv("KR_EMBEDDER", f"fastembed:{model}")
    root = english_root(tmp_path)
    with caplog.at_level(logging.WARNING, logger="knowledge_retrieval.semantic"):
        r = search("退款", "help", root=root, progress=False)
    assert r.hits[0].path == "refunds.md" and r.hits[0].via == "meaning"  # the layer still on
    assert [x.getMessage() for x in caplog.records] == [
        "1 section(s) of help gave no finite vector of width 8: not searched by meaning"
    ]
    kbi = get_index("help", root / "help")
    e = get_embedder()
    assert e is not None
    sv = section_vectors(kbi, e)
    assert "leave.md" not in sv.paths and np.all(np.isfinite(sv.vectors))


@pytest.mark.parametrize("raw", ["-1", "many"])
def test_a_cap_that_is_not_a_count_is_refused(
    tiny_embedder: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    raw: str,
) -> None:
    from knowledge_retrieval.semantic import vectors

    monkeypatch.setattr(vectors, "_WARNED", set())
    monkeypatch.setenv("KR_EMBED_MAX_SECTIONS", raw)
    root = english_root(tmp_path)
    with caplog.at_level(logging.WARNING, logger="knowledge_retrieval.semantic"):
        r = search("退款", "help", root=root, progress=False)
        search("密码", "help", root=root, progress=False)
    assert r.hits[0].via == "meaning" and not r.notes  # the default cap, 5000
    assert [x.getMessage() for x in caplog.records] == [
        (
            f"KR_EMBED_MAX_SECTIONS='{raw}' is not a number of sections (0 or more; 0 means no "
            "cap, and KR_EMBEDDER=off embeds nothing); using 5000"
        )
    ]


def test_over_the_cap_a_kb_is_not_embedded(
    tiny_embedder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KR_EMBED_MAX_SECTIONS", "2")
    root = english_root(tmp_path)
    r = search("退款要几天", "help", root=root, progress=False)
    assert any("KR_EMBED_MAX_SECTIONS=2" in n for n in r.notes)
    assert all(h.via == "words" for h in r.hits)
    kbi = get_index("help", root / "help")
    assert not list(kbi.dir.glob("vectors-*.npz"))


def test_text_language() -> None:
    assert text_lang("How do refunds work?") == "en"
    assert text_lang("退款多久到账") == "zh"
    assert text_lang("ORDER_STATUS_PAID 表示订单已经支付") == "zh"
    assert text_lang("12 34") == ""
