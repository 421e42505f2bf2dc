"""The tuned weights are one declared table: every entry is read by a module, and a module's
constant is the table's value."""

from __future__ import annotations

import json

from knowledge_retrieval.ranking import ranker, routing, tuned
from knowledge_retrieval.verdict import choose


def test_every_weight_of_the_table_is_read_and_documented() -> None:
    assert ranker.K1 and routing.ROUTE_FACTOR and choose.EVIDENCE_CUT  # the readers, imported
    assert tuned.unread() == set()
    data = json.loads(tuned.TABLE_FILE.read_text(encoding="utf-8"))["weights"]
    assert all(entry["doc"].strip() for entry in data.values())


def test_a_module_constant_is_the_tables_value() -> None:
    assert ranker.W_COVERAGE == tuned.value("ranker.coverage") == 0.315
    assert routing.AVOID_FACTORS == {"weak": 0.92, "normal": 0.85, "strong": 0.7}
    assert tuned.value("choose.close_call") == choose.CLOSE_CALL
