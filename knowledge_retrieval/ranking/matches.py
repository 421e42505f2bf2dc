"""What ranking gives back: a KB's ranked files, each with its best section and the features
behind its score, and the text a hit shows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from ..index.reading import SectionReader
    from .candidates import Candidates
    from .query import Query
    from .vocabulary import Known


@dataclass(slots=True)
class SectionMatch:
    docnum: int
    score: float
    terms: set[str] = field(default_factory=set)


@dataclass(slots=True)
class FileMatch:
    """A ranked file with the features behind its score."""

    path: str
    score: float
    best: SectionMatch
    coverage: float
    relevance: float
    title: float
    emphasized: bool
    matched_terms: list[str]
    """Keywords of the query found in the file, as the user wrote them; where it has none
    whole, the parts of them it has (公休 of 公休日: :attr:`parts_only`)."""
    missing_terms: list[str]
    parts_only: bool = False
    """The file has no keyword whole: :attr:`matched_terms` are parts of the missing ones."""
    stored: dict[str, Any] = field(default_factory=dict)
    reader: Any = field(default=None, repr=False)
    probability: float = 0.0
    """The calibrated probability that the file answers the query (:mod:`..verdict.confidence`)."""
    evidence: float = 0.0
    """The weighted feature sum behind the ranking (in [0, 1]; KB choice compares it)."""
    features: Any = field(default=None, repr=False)
    """The confidence model's inputs for this file (an array over ``confidence.FEATURES``)."""
    capped: bool = False
    """Held under the line: an identifier of the query is absent, or no keyword matched."""
    held: tuple[str, ...] = ()
    """The rules that hold it under the line (names of :mod:`..verdict.ruler`:
    ``absent_identifier``, ``outside``, ``unseen_word`` ...; applied in :mod:`..verdict.holds`)."""
    lacks: str = ""
    """The kind of value the query asks for that the best section does not hold (``duration``
    of "how long ...")."""
    absent: tuple[str, ...] = ()
    """Identifiers of the question the KB has nowhere (:attr:`Known.absent_ids`)."""
    shown: tuple[str, int, int] | None = field(default=None, repr=False)
    """:meth:`answer_section`, once read."""
    found_by: str = "words"
    """``meaning`` when the semantic layer found the file or gave its score, else ``words``."""
    cosine: float | None = None
    """The language-centred cosine of the file's best section (the semantic layer), or None."""
    cosine_line: float | None = None
    """The cosine the semantic layer puts on the decision line, when it gave the score."""
    glossed: float | None = None
    """The share of the question's keywords the page holds in either language (the semantic
    layer's :func:`~knowledge_retrieval.semantic.fusion.glossed_shares`), when it was weighed."""

    @property
    def whole_terms(self) -> list[str]:
        """The keywords the file has whole (none where it has only parts of them)."""
        return [] if self.parts_only else self.matched_terms

    def fields(self) -> dict[str, Any]:
        """The stored fields of the best section (read on first use: most matches are never
        shown)."""
        if not self.stored and self.reader is not None:
            self.stored = self.reader.stored_fields(self.best.docnum)
        return self.stored

    def answer_section(self) -> tuple[str, int, int]:
        """The text and line range a hit shows: the best section's, and for a heading alone (an
        H1 over the table it names) the section under it as well."""
        if self.shown is not None:
            return self.shown
        st = self.fields()
        text = str(st.get("text") or "")
        start, end = st.get("lines") or (1, 1)
        if self.reader is not None and not _body(text, st.get("hpath") or ()):
            nxt = self._next_section()
            if nxt:
                # the heading of the section under it (Definition, under Idempotency) is no
                # sentence of the answer
                text = f"{text.rstrip()}\n\n{_body(str(nxt.get('text') or ''), nxt.get('hpath') or ())}"
                end = tuple(nxt.get("lines") or (start, end))[1]
        self.shown = (text, int(start), int(end))
        return self.shown

    def _next_section(self) -> dict[str, Any] | None:
        """The stored fields of the section after the best one, when it is in the same file."""
        d = self.best.docnum + 1
        try:
            if d >= self.reader.doc_count_all() or self.reader.is_deleted(d):
                return None
            nxt: dict[str, Any] = self.reader.stored_fields(d)
        except (IndexError, KeyError, ValueError):
            return None
        return nxt if nxt.get("path") == self.path else None


@dataclass(slots=True)
class RankOutcome:
    files: list[FileMatch]
    keywords: list[str]
    known_keywords: list[str]
    """Keywords with at least one term in this KB's vocabulary."""
    did_you_mean: dict[str, str] = field(default_factory=dict)
    filler: list[str] = field(default_factory=list)
    """Question words of the query the KB has never seen (not counted as missing)."""
    absent_ids: list[str] = field(default_factory=list)
    """Identifiers of the query the KB has nowhere (no hit can be confident)."""
    unavailable: bool = False
    """True when the KB's index could not be used (a note says why)."""
    empty: bool = False
    """True when the KB has no documents (only its README, or every file excluded, skipped or
    deleted): nothing was ranked, and a note says so."""
    translated: dict[str, str] = field(default_factory=dict)
    """Keywords read in the KB's other language, as the KB writes them (格式 -> format)."""
    evidence: Evidence | None = None
    """What the verdict weighs (:func:`..verdict.holds.judge`), when files were ranked."""
    on_topic: float = 1.0
    """How much the KB is the one the question is about (0..1): KB choice weighs the KB's best
    evidence by it (the ``on_topic`` factor of the ranking)."""


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the ranking measured of a KB's ranked files, for the verdict to weigh: the features
    of each file (rank order), the candidates they came from, and how to read their sections."""

    query: Query
    vocab: Known
    x: np.ndarray
    """The confidence model's inputs, one row per ranked file."""
    order: np.ndarray
    """The candidate file of each ranked file."""
    best: np.ndarray
    """The best candidate section of each candidate file."""
    cands: Candidates
    reader: SectionReader
    section: Callable[[int], SectionMatch]
    """Candidate section ``i`` as a match."""


def _body(text: str, heading_path: Sequence[str] = ()) -> str:
    """A section's text without its heading line (as stored, or as ``# Heading``)."""
    heading = heading_path[-1].strip() if heading_path else None
    return "\n".join(
        ln
        for ln in text.splitlines()
        if ln.strip() and not ln.lstrip().startswith("#") and ln.strip() != heading
    )
