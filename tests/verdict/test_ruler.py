"""The rule registry: every rule is looked up by name, can be switched off for a measurement,
and is live — switching it off changes the result of at least one question it was made for."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval import search
from knowledge_retrieval.verdict import confidence
from knowledge_retrieval.verdict import ruler as registry

from ..conftest import REPO

CAL = REPO / "calibration"

LIVE: dict[str, tuple[str, str | list[str] | None, str]] = {
    # several KBs searched together: only the sample root has such a question
    "absent_only_where_searched": (
        "../KnowledgeBase",
        ["glossary", "troubleshooting"],
        "超卖 INV_OVERSOLD",
    ),
    "absent_identifier": ("teamkb", "orders", "ORDER_STATE_ON_HOLD"),
    "asked_kind": ("teamkb", "orders", "退款多久到账"),
    "field_value": ("teamkb", "warehouse", "SHIPMENT_STATE_IN_TRANSIT"),
    "common_word_filler": (
        "teamkb",
        "warehouse",
        "what happens when the carrier's label API goes down",
    ),
    # in lower case: written TLS, the capitals are a code no teamkb KB has, which decides first
    "on_topic": ("teamkb", None, "how to rotate the tls certificate of the api gateway"),
    "outside": ("teamkb-blind", None, "how do i reset my vpn password"),
    "title_precision": ("teamkb", "orders", "ORDER_STATE_PENDING_PAYMENT"),
    "translate_unknown": ("teamkb", "orders", "E2041 是什么错误"),
    # no read question stands on one far correction alone: the sample root shows it
    "spelling_only": ("../KnowledgeBase", "payments", "codis"),
}
"""Rule -> (root under calibration/, KB or KBs asked, question) whose result, with the
defaults, the rule changes: the first such question of the read sets, or of the sample root for
the rule that only KBs searched together can show (a rule with none was deleted)."""


WEIGHED_AS = {
    "outside": ("outside",),
    "asked_kind": ("lacks_kind",),
}
"""The features of the model each weighable hold stands for."""


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


def _signature(root: Path, kb: str | list[str] | None, query: str) -> tuple[object, ...]:
    r = search(query, kb, root=root)
    return (r.found, tuple((h.kb, h.path, round(h.score, 4)) for h in r.hits[:3]))


@pytest.mark.parametrize("name", sorted(LIVE))
def test_each_rule_changes_the_result_it_was_made_for(name: str) -> None:
    fixture, kb, query = LIVE[name]
    root = CAL / fixture
    on = _signature(root, kb, query)
    with registry.disabled([name]):
        off = _signature(root, kb, query)
    if name in confidence.model().weighed:
        # a hold the fit weighs instead of holding: switching it off changes nothing, and the
        # features it stands for never weigh the hit up (a hold whose features the fit weighs
        # at 0 is dead, and goes: unseen_word went so)
        assert on == off, f"{name} is weighed, yet holds {query!r}"
        r = search(query, kb, root=root, score_threshold=0.0, explain=True)
        assert r.hits[0].explain is not None
        parts = r.hits[0].explain["features"]
        assert sum(parts[f]["contribution"] for f in WEIGHED_AS[name]) <= 0
        return
    assert on != off, f"{name} changes nothing for {query!r}"
