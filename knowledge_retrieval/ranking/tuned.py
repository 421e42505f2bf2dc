"""The hand-tuned weights of the ranking and the KB choice, read from ``tuned.json``.

The confidence model is fitted (``verdict/confidence.json``, by ``python -m calibration.fit``);
the weights of the grep-style ladder, the README routing factors and the KB choice were tuned
by hand. They are declared as data all the same, each with what it does, so that a calibration
can vary them as it varies the model's features, and a reader sees every tuned number in one
table instead of module constants.
"""

from __future__ import annotations

import json
from pathlib import Path

TABLE_FILE = Path(__file__).with_name("tuned.json")
_TABLE: dict[str, float] = {
    name: float(entry["value"])
    for name, entry in json.loads(TABLE_FILE.read_text(encoding="utf-8"))["weights"].items()
}


_READ: set[str] = set()


def value(name: str) -> float:
    """The tuned weight ``name`` (``ranker.coverage``); a name not in the table is a KeyError."""
    got = _TABLE[name]
    _READ.add(name)
    return got


def unread() -> set[str]:
    """Names of the table no module has read (a weight left behind by a deleted rule)."""
    return set(_TABLE) - _READ


def table() -> dict[str, float]:
    """Every tuned weight by name."""
    return dict(_TABLE)
