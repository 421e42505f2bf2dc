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
    mixed_identifiers,
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
    # ... then each identifier that mixes scripts, whole (the tokens split it)
    return out + [whole for whole, _start, _end in mixed_identifiers(text)]


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
        "M3-數A",
        "數",
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


@pytest.mark.parametrize(
    ("text", "wholes"),
    [
        ("班級 M3-數A 上課", ["m3-数a"]),  # Traditional written, Simplified indexed
        ("在M3-數A班上課", ["m3-数a"]),  # glued to the sentence on both sides
        ("H2-化A、M1-英B", ["h2-化a", "m1-英b"]),
        ("K-开头的取件码", []),  # a Chinese word after the joiner, not a class code
        ("M1-英语课", []),  # nothing after the Chinese: a word, not a code
        ("PAY-1234 退款", []),  # one script: the word tokenizer's own identifier
        ("a-b-c-數A", ["a-b-c-数a"]),
        # a Chinese character first: a kiln, an extinguisher, a lamp, a form
        ("爐-3 今晚燒", ["炉-3"]),
        ("滅-13在哪裡", ["灭-13"]),
        ("燈位 TS-西-05-120", ["ts-西-05-120"]),
        ("安-表05 要怎麼填", ["安-表05"]),
        ("燈位東-03", []),  # inside a run of Chinese: no code starts there
        ("中-英 對照", []),  # Chinese on both sides of the hyphen: words
    ],
)
def test_an_identifier_that_mixes_scripts_is_one_term_as_well_as_its_parts(
    text: str, wholes: list[str]
) -> None:
    assert [w for w, _s, _e in mixed_identifiers(text)] == wholes
    terms = index_terms(text)
    assert all(w in terms for w in wholes)
    assert "m3" in index_terms("M3-數A") and "数" in index_terms("M3-數A")


@pytest.mark.parametrize(
    "text",
    [
        "a-" * 100_000 + "數",  # a long compound that never reaches its Chinese
        "a-數" * 100_000,  # a match at every third character
        "x1-" * 50_000 + "數數數A",  # a run of Chinese too long to be a code's
        "A" * 200_000 + "-數",
        "爐-" * 100_000,
        "爐-表" * 100_000 + "3",
    ],
)
def test_mixed_identifiers_are_found_in_linear_time(text: str) -> None:
    import gc
    import time

    # 100,000 matches: a collection of the worker's whole heap is not the regex's time
    gc.collect()
    gc.disable()
    try:
        t0 = time.process_time()
        mixed_identifiers(text)
        took = time.process_time() - t0
    finally:
        gc.enable()
    assert took < 2.0  # tens of milliseconds; a backtracking search, minutes
