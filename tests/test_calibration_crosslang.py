"""The cross-language report counts where the layer trails the model alone, by count."""

from __future__ import annotations

from calibration.crosslang import _alone_only


def test_the_questions_only_the_model_alone_puts_right_first_are_counted() -> None:
    on = [(True, True, True), (False, True, False), (False, False, False), (True, True, False)]
    alone = [(True, True, False), (True, True, False), (False, True, False), (False, True, False)]
    assert _alone_only(on, alone) == "1 / 1"
    assert _alone_only(on, alone[:2]) == "·"  # not the same questions: no count
    assert _alone_only([], []) == "0 / 0"
