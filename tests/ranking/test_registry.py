"""The rule registry: every rule is looked up by name, can be switched off for a measurement,
and is live — switching it off changes the result of at least one question it was made for."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval import search
from knowledge_retrieval.ranking import registry

from ..conftest import REPO

CAL = REPO / "calibration"

LIVE: dict[str, tuple[str, str | None, str]] = {}
"""Rule -> (team root of calibration/, KB asked, question) whose result the rule changes."""


def test_an_unknown_rule_is_an_error() -> None:
    with pytest.raises(KeyError, match="no rule named 'nope' in the registry"):
        registry.on("nope")
    with (
        pytest.raises(KeyError, match="no rule named nope in the registry"),
        registry.disabled(["nope"]),
    ):
        pass


def test_disabled_switches_rules_off_only_for_its_duration() -> None:
    name = next(iter(registry.RULES))
    assert registry.on(name)
    with registry.disabled([name]):
        assert not registry.on(name)
        with registry.disabled([]):
            assert not registry.on(name)
    assert registry.on(name)


def test_every_rule_has_a_live_example() -> None:
    assert set(LIVE) == set(registry.RULES)


def _signature(root: Path, kb: str | None, query: str) -> tuple[object, ...]:
    r = search(query, kb, root=root, score_threshold=0.0)
    return (r.found, tuple((h.kb, h.path, round(h.score, 4)) for h in r.hits[:3]))


@pytest.mark.parametrize("name", sorted(LIVE))
def test_each_rule_changes_the_result_it_was_made_for(name: str) -> None:
    fixture, kb, query = LIVE[name]
    root = CAL / fixture
    on = _signature(root, kb, query)
    with registry.disabled([name]):
        off = _signature(root, kb, query)
    assert on != off, f"{name} changes nothing for {query!r}"
