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


def test_a_damaged_vector_file_is_embedded_again(tiny_embedder: str, tmp_path: Path) -> None:
    root = english_root(tmp_path)
    search("退款", "help", root=root, progress=False)
    kbi = get_index("help", root / "help")
    e = get_embedder()
    assert e is not None
    vectors_path(kbi.dir, e.key).write_bytes(b"not an npz")
    from knowledge_retrieval.semantic import vectors

    vectors._CACHE.clear()
    sv = section_vectors(kbi, e)
    assert len(sv.paths) == 4 and np.all(np.isfinite(sv.vectors))


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
