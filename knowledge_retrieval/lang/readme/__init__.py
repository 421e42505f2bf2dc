"""The cue words of README sentences about folders, per language: prohibition, non-authority,
preference, entry, and the verbs of writing and storing that make a "do not" no rule for search.

Chinese is written once, in Simplified: the reader converts a sentence to Simplified (one
character for one) before matching, so 不得引用 and 不得引用, 為準 and 为准 are one entry.
Each list is words or short phrases separated by white space; ``_`` stands for a blank (a word
boundary is added around English entries). :mod:`knowledge_retrieval.kb.rules.grammar` reads
them as: a mention of a folder, a polarity (prohibition or preference) and a scope.

The lists live by concern and are read here as one namespace (``cues.EN_PROHIBIT``):
:mod:`.polarity` (exclusion, preference, entry, authority and its denial), :mod:`.dated` (facts
that date a folder's pages, succession), :mod:`.relations` (copies, conflicts, comparisons,
"over", exclusive preference) and :mod:`.wording` (folder words, clauses, questions, conditions,
headings). A name is defined in one module only (tests/lang/test_lang.py).
"""

from __future__ import annotations

from .dated import *
from .polarity import *
from .relations import *
from .wording import *
