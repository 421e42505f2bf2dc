"""index_terms, whichever of its paths runs, gives the terms of the token-by-token definition."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_retrieval.text import analysis
from knowledge_retrieval.text.analysis import (
    cjk_units,
    index_terms,
    iter_tokens,
    jieba_words,
    word_terms,
)

from ..conftest import SAMPLE_ROOT


def _reference(text: str, words: bool = True) -> list[str]:
    """The terms token by token: each CJK run's bigrams (and jieba's longer words), each word's
    whole identifier (when it has parts) and its stemmed parts."""
    out: list[str] = []
    for kind, raw, _start, _end in iter_tokens(text):
        if kind == "cjk":
            out += cjk_units(raw)
            if words:
                out += jieba_words(raw)
        else:
            whole, parts = word_terms(raw)
            out += ([whole] if whole else []) + list(parts)
    return out


_PIECES = st.sampled_from(
    [
        "ORDER_STATUS_PAID",
        "orderStatus",
        "/api/v2/orders/{id}",
        "PAY-1234",
        "the",
        "Running",
        "x",
        "café",
        "Ωmega",
        "订单状态码",
        "離島配送",
        "中",
        " ",
        ", ",
        "\n",
        "-",
        "_",
        ".",
        "v1.2.3",
        "{",
        "}",
        "/",
        "#",
        ":",
        "42",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=6)), max_size=30), st.booleans())
def test_the_terms_of_the_token_by_token_definition(pieces: list[str], words: bool) -> None:
    text = "".join(pieces)
    assert index_terms(text, words=words) == _reference(text, words)


def test_the_sample_kbs_and_a_full_word_cache(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    texts = [p.read_text(encoding="utf-8") for p in sorted(SAMPLE_ROOT.rglob("*.md"))]
    assert len(texts) > 10
    for text in texts:
        assert index_terms(text) == _reference(text)
    monkeypatch.setattr(analysis, "_WORD_TERMS_MAX", 3)  # emptied again and again
    analysis._word_index_terms.clear()
    for text in texts:
        assert index_terms(text) == _reference(text)
        assert len(analysis._word_index_terms) <= 3


@pytest.mark.parametrize(
    ("word", "terms"),
    [
        ("SKUs", (None, ("sku",))),
        ("SKU", (None, ("sku",))),
        ("IDs", (None, ("id",))),
        ("CRDs", (None, ("crd",))),
        ("mRNAs", ("mrna", ("m", "rna"))),
        ("mRNA", ("mrna", ("m", "rna"))),
        ("HTTPS", (None, ("https",))),
        ("iOS", ("ios", ("os",))),
        ("ConfigMaps", ("configmaps", ("config", "map"))),
    ],
)
def test_an_acronyms_plural_is_the_acronym(word: str, terms: tuple[object, ...]) -> None:
    """The ``s`` of SKUs is an inflection, not a camelCase word: SKUs and SKU are one term
    (it had made ``SKUs`` the parts ``sk`` and ``us``, an identifier no text of SKU has)."""
    assert word_terms(word) == terms
