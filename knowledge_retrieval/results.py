"""What a search returns: hits, the result with its not-found reason, and KB descriptions."""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Iterator, Mapping
from typing import Any, Literal, get_args

from .messages import NOT_FOUND_EN, NOT_FOUND_ZH, value_kind
from .models import KBRules
from .spans import Span, render_spans

__all__ = ["NOT_FOUND_EN", "NOT_FOUND_ZH", "REASONS", "Hit", "KBInfo", "Reason", "SearchResult"]

Reason = Literal[
    "no_root",
    "no_kbs",
    "kb_not_found",
    "no_readme",
    "invalid_kb",
    "no_match",
    "below_threshold",
    "index_unavailable",
    "no_documents",
]
"""Why nothing was found: the codes of ``SearchResult.reason`` (docs/python-api.md)."""
REASONS: tuple[Reason, ...] = get_args(Reason)


@dc.dataclass(frozen=True, slots=True)
class Snippet:
    """A window of a section's text and the character spans of the matched terms in it."""

    text: str
    spans: tuple[Span, ...] = ()


class Source(Mapping[str, str]):
    """Where an answer comes from: ``{"kb", "path", "role"}``, a read-only, hashable mapping."""

    __slots__ = ("_items",)

    def __init__(self, kb: str, path: str, role: str) -> None:
        self._items = (("kb", kb), ("path", path), ("role", role))

    def __getitem__(self, key: str) -> str:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _v in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(dict(self._items))


@dc.dataclass(frozen=True, slots=True)
class Hit:
    """One file that answers the query, pointing at its best section."""

    kb: str
    path: str
    """Path relative to the KB folder, POSIX separators."""
    title: str
    heading_path: tuple[str, ...]
    line_start: int
    line_end: int
    snippet_text: str
    """The best section's text around the match, unmarked (see :attr:`spans`)."""
    score: float
    """0..1, comparable across queries and KBs (see docs/scores.md)."""
    matched_terms: tuple[str, ...]
    missing_terms: tuple[str, ...] = ()
    role: str = "document"
    """The file's kind: glossary, API spec, FAQ, ..."""
    kind: str = "text"
    """``table`` when the best section is a table row."""
    content: str = ""
    """The best section's full text, unmarked."""
    why: str = ""
    """Why it matched, in a few words."""
    spans: tuple[Span, ...] = ()
    """(start, end) character offsets of the matched terms in :attr:`snippet_text`."""
    missing_value: str = ""
    """The kind of value the question asks for (``duration`` of "how long ...", ``price``)
    that this hit's section does not give: the hit is about what was asked, the asked fact
    is not in it."""
    absent_identifiers: tuple[str, ...] = ()
    """Identifiers of the question the knowledge base has nowhere (also in
    :attr:`missing_terms`): a hit can only be about a neighbour of what was asked."""
    via: str = "words"
    """``words`` when the hit was found by the question's words; ``meaning`` when the semantic
    layer found it (or gave its score): its :attr:`matched_terms` are then only the keywords
    its text really holds, often none."""
    readme: tuple[str, ...] = ()
    """README sentences its KB's README says of this hit's folder that were not understood
    (``README, not understood: ...``): apply them yourself before quoting the hit."""
    explain: Mapping[str, Any] | None = dc.field(default=None, hash=False, compare=False)
    """With ``search(..., explain=True)``: each feature of the score, its value and its part of
    the log-odds, the probability and the decision line (docs/scores.md)."""

    @property
    def snippet(self) -> str:
        """The snippet with the matched terms marked ``**like this**``."""
        return render_spans(self.snippet_text, self.spans, str, lambda t: f"**{t}**")

    @property
    def lacks(self) -> str:
        """What of the question this hit does not give, in one line (empty when nothing): the
        identifiers the knowledge base has nowhere, the keywords the hit does not contain, and
        the kind of value asked for that the parts of it that match the question do not give
        (another part, which the question's words do not reach, may). An agent says so to its user
        instead of presenting the hit as the whole answer."""
        parts = []
        if self.absent_identifiers:
            parts.append(f"{', '.join(self.absent_identifiers)} (in no file of the knowledge base)")
        words = [t for t in self.missing_terms if t not in self.absent_identifiers]
        if words:
            parts.append(
                f"the words {', '.join(words)}" if len(words) > 1 else f"the word {words[0]}"
            )
        if self.missing_value:
            kind = value_kind(self.missing_value)
            article = "an" if kind[:1] in "aeiou" else "a"
            parts.append(f"{article} {kind}, which the question asks for, in the parts that match")
        return "; ".join(parts)

    @property
    def location(self) -> str:
        """``path:start-end``, the form ``kr show`` takes."""
        return f"{self.path}:{self.line_start}-{self.line_end}"

    def to_dict(self) -> dict[str, Any]:
        d = dc.asdict(self)
        if self.explain is None:
            d.pop("explain")
        d["snippet"] = self.snippet
        d["spans"] = [list(sp) for sp in self.spans]
        d["heading_path"] = list(self.heading_path)
        d["matched_terms"] = list(self.matched_terms)
        d["missing_terms"] = list(self.missing_terms)
        d["absent_identifiers"] = list(self.absent_identifiers)
        d["readme"] = list(self.readme)
        d["lacks"] = self.lacks
        d["score"] = round(self.score, 4)
        return d

    def __repr__(self) -> str:
        from .terminal import one_line

        return one_line(
            f"<Hit {self.score:.2f} {self.kb}/{self.location} {' > '.join(self.heading_path)!r}>"
        )

    def _repr_html_(self) -> str:
        from .display import hit_html

        return hit_html(self)


@dc.dataclass(frozen=True, slots=True)
class SearchResult:
    """The answer to one query: hits (best first, one per file) or a not-found reason."""

    query: str
    found: bool
    kb: str | None
    kbs: tuple[str, ...]
    hits: tuple[Hit, ...]
    message: str
    reason: Reason | None
    notes: tuple[str, ...]
    answer: str
    sources: tuple[Source, ...]
    lang: str = "en"

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "found": self.found,
            "kb": self.kb,
            "kbs": list(self.kbs),
            "hits": [h.to_dict() for h in self.hits],
            "message": self.message,
            "reason": self.reason,
            "notes": list(self.notes),
            "answer": self.answer,
            "sources": [dict(s) for s in self.sources],
            "lang": self.lang,
        }

    def __len__(self) -> int:
        return len(self.hits)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.hits)

    def __repr__(self) -> str:
        from .display import result_text

        return result_text(self)

    def _repr_html_(self) -> str:
        from .display import result_html

        return result_html(self)


@dc.dataclass(frozen=True, slots=True)
class KBInfo:
    """A knowledge base under the root."""

    name: str
    description: str
    keywords: tuple[str, ...]
    languages: tuple[str, ...]
    path: str
    rules: KBRules
    has_readme: bool = True
    doc_count: int | None = None
    """Indexed files, when the index has been built (``list_kbs(..., refresh=True)``)."""
    skipped: tuple[tuple[str, str], ...] = ()
    """(path, reason) for files the index skipped."""
    page_languages: tuple[str, ...] = ()
    """The languages the KB's pages are written in (``en``, ``zh``; most sections first), read
    from its index (``list_kbs(..., refresh=True)``); :attr:`languages` is what its README
    says."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "keywords": list(self.keywords),
            "languages": list(self.languages),
            "path": self.path,
            "rules": self.rules.to_dict(),
            "has_readme": self.has_readme,
            "doc_count": self.doc_count,
            "skipped": [{"path": p, "reason": r} for p, r in self.skipped],
            "page_languages": list(self.page_languages),
        }

    def __repr__(self) -> str:
        return f"<KBInfo {self.name!r}: {self.description[:60]!r}>"

    def _repr_html_(self) -> str:
        from .display import kbs_html

        return kbs_html([self])
