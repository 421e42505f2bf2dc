"""From ranked files to the answer: every score on one scale, the holds, found or not found.

Ranking orders and measures (:mod:`..ranking`); the verdict decides: :mod:`.scale` holds the
line, :mod:`.confidence` weighs the features, :mod:`.holds` keeps under the line what cannot be
an answer (:func:`.holds.judge`), :mod:`.choose` picks the KB for ``kb=None``, :mod:`.outcome`
assembles the result with its :mod:`.snippets` and :mod:`.answer`.
"""
