"""The published scale: where the decision line is, and the one map of evidence onto 0..1.

Every score a user sees is on one scale whose :data:`LINE` (the default ``score_threshold``)
separates "found" from "not found". Whatever measures a hit (the confidence model's
probability, a KB's best evidence for the KB choice, a cosine of meaning) is put on it by
:func:`at_line`: linear from 0 to the line up to the measure's own cut, then linear from the
line to ``top`` at ``high``. Nothing else writes the line as a number.
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np

from ..defaults import DEFAULT_THRESHOLD

LINE = DEFAULT_THRESHOLD
"""The decision line: a hit scoring at least this is an answer ("found")."""
NEVER_CONFIDENT = 0.8
"""The most a hit that cannot be an answer may score, as a share of the line."""
HELD = NEVER_CONFIDENT * LINE
"""The most a held hit scores (0.28): under the line, above a hit with less evidence."""

X = TypeVar("X", float, np.ndarray)


def at_line(x: X, cut: float, *, high: float = 1.0, top: float = 1.0) -> X:
    """``x`` on the published scale, ``cut`` at the line: ``LINE * x / cut`` up to the cut,
    then rising linearly to ``top`` at ``high`` (monotone; values past ``high`` keep rising)."""
    if isinstance(x, np.ndarray):
        return np.where(x <= cut, LINE * x / cut, LINE + (top - LINE) * (x - cut) / (high - cut))
    if x <= cut:
        return LINE * x / cut
    return LINE + (top - LINE) * (x - cut) / (high - cut)
