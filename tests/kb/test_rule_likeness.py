"""The fitted model of README sentences that read like a rule (kb/rules/likeness.py): a
sentence naming a folder, with no cue word the grammar knows, is reported as not understood
when it reads like a rule, and never becomes one. Every sentence here was written for these
tests."""

from __future__ import annotations

import json
import math
import time
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_retrieval.kb.rules import parse_readme
from knowledge_retrieval.kb.rules.likeness import MENTION, features, rule_likeness
from knowledge_retrieval.models import KBRules

MODELLED = "not understood: it reads like a rule, with no word of one the grammar knows"


def _readme(text: str) -> KBRules:
    return parse_readme("# Handbook\n\nWhat the team knows.\n\n" + text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "`gossip/` is break-room chatter, nothing we would stand behind.",
        "`gossip/` 是茶水间闲聊，我们自己都不会为它背书。",
    ],
)
def test_a_sentence_that_reads_like_a_rule_is_reported_not_made_one(text: str) -> None:
    rules = _readme(text)
    assert rules.understood == ()
    assert [u.text for u in rules.not_understood] == [text]
    assert [(s.text, s.became, s.note) for s in rules.sentences] == [(text, (), MODELLED)]


def test_a_description_is_not_reported() -> None:
    rules = _readme("- `recipes/` — one page per dish, with its allergens.")
    assert rules.not_understood == ()
    assert rules.sentences[0].note == "no rule: no prohibition or preference found"


def test_a_known_cue_is_read_by_the_grammar_not_the_model() -> None:
    rules = _readme("Ignore `gossip/`.")
    assert rules.exclude == ("gossip/",)
    assert rules.not_understood == ()


def test_the_model_is_a_fitted_line_and_weights() -> None:
    raw = resources.files("knowledge_retrieval.kb.rules").joinpath("likeness.json")
    model = json.loads(raw.read_text(encoding="utf-8"))
    assert 0.5 <= model["threshold"] < 1.0
    assert math.isfinite(model["bias"]) and len(model["weights"]) > 1000
    assert model["sentences"] > 4000


def test_features_are_the_same_in_both_scripts() -> None:
    assert features(f"別用 {MENTION}") == features(f"別用 {MENTION}".replace("別", "别"))
    assert "W:source" in features(f"{MENTION} is no source")
    assert "B:no_source" in features(f"{MENTION} is no source")


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=40), st.integers(min_value=1, max_value=2000))
def test_reading_is_linear(piece: str, times: int) -> None:
    text = (piece or "a") * times
    start = time.perf_counter()
    p = rule_likeness(text[:60_000])
    assert 0.0 <= p <= 1.0
    assert time.perf_counter() - start < 2.0
