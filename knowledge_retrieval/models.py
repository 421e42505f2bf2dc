"""Plain data passed between the pipeline's steps: rules, documents, sections, hits, results."""

from __future__ import annotations

import dataclasses as dc
from typing import Any


@dc.dataclass(frozen=True, slots=True)
class KBRules:
    """What a KB's README says about its scope and how to search it."""

    name: str | None = None
    """The name the README gives itself (front matter ``name``), if any."""
    description: str = ""
    """Scope: front matter ``description`` or the README's opening paragraphs."""
    keywords: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    """Glob patterns (relative to the KB folder, ``**`` allowed); empty means every file."""
    exclude: tuple[str, ...] = ()
    """Glob patterns or folders (ending in ``/``) never searched."""
    emphasize: tuple[str, ...] = ()
    """Folders (ending in ``/``) or files ranked above the rest."""
    entry: tuple[str, ...] = ()
    """Index / TOC files to consult first."""
    headings: tuple[str, ...] = ()
    """The README's own headings, used when choosing a KB."""
    style: str = "free-form"
    """``front-matter`` when the README had YAML rules, else ``free-form``."""

    def to_dict(self) -> dict[str, Any]:
        return {
            f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
            for f in dc.fields(self)
        }


@dc.dataclass(frozen=True, slots=True)
class Section:
    """A piece of a document under one heading."""

    heading_path: tuple[str, ...]
    """Headings from the top of the document down to this section."""
    text: str
    """The section's text as searched and shown (tables rendered as ``field: value`` lines)."""
    line_start: int
    """First line in the source file, 1-based."""
    line_end: int
    """Last line in the source file, 1-based, inclusive."""
    kind: str = "text"
    """``text`` or ``table`` (a table row or a CSV file's rows)."""


@dc.dataclass(frozen=True, slots=True)
class Document:
    """A parsed file: front-matter metadata and its sections."""

    path: str
    """Path relative to the KB folder, POSIX separators."""
    title: str
    description: str = ""
    tags: tuple[str, ...] = ()
    metadata: dict[str, Any] = dc.field(default_factory=dict)
    """Front matter, made JSON-safe."""
    sections: tuple[Section, ...] = ()
    kind: str = "markdown"
    """``markdown``, ``mdx`` or ``csv``."""
    warnings: tuple[str, ...] = ()
    """Problems met while parsing that did not stop it (e.g. bad front matter)."""
