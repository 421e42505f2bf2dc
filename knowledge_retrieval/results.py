"""What a search returns: hits, the result with its not-found reason, and KB descriptions."""

from __future__ import annotations

import dataclasses as dc
from typing import Any

from .models import KBRules

NOT_FOUND_EN = "No relevant documents found for the given query."
NOT_FOUND_ZH = "本地知识库中不存在相关知识"

REASONS = (
    "no_root",
    "no_kbs",
    "kb_not_found",
    "no_readme",
    "invalid_kb",
    "no_match",
    "below_threshold",
)
"""Codes of ``SearchResult.reason`` when nothing is found."""


def not_found_message(lang: str) -> str:
    """The not-found sentence in the query's language."""
    return NOT_FOUND_ZH if lang == "zh" else NOT_FOUND_EN


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
    snippet: str
    """The best section's text around the match; matched terms marked ``**like this**``."""
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

    @property
    def location(self) -> str:
        """``path:start-end``, the form ``kr show`` takes."""
        return f"{self.path}:{self.line_start}-{self.line_end}"

    def to_dict(self) -> dict[str, Any]:
        d = dc.asdict(self)
        d["heading_path"] = list(self.heading_path)
        d["matched_terms"] = list(self.matched_terms)
        d["missing_terms"] = list(self.missing_terms)
        d["score"] = round(self.score, 4)
        return d

    def __repr__(self) -> str:
        return f"<Hit {self.score:.2f} {self.kb}/{self.location} {' > '.join(self.heading_path)!r}>"

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
    reason: str | None
    notes: tuple[str, ...]
    answer: str
    sources: tuple[dict[str, str], ...]
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
        }

    def __repr__(self) -> str:
        return f"<KBInfo {self.name!r}: {self.description[:60]!r}>"

    def _repr_html_(self) -> str:
        from .display import kbs_html

        return kbs_html([self])
