"""Plain data passed between the pipeline's steps: rules, documents, sections, hits, results."""

from __future__ import annotations

import dataclasses as dc
from typing import Any

CONDITION_KINDS = ("version", "year", "old", "upcoming")
"""What a condition can ask of a question besides named words: a version or release number, a
year or date, old / legacy / previous versions, upcoming / unreleased changes."""
RULE_ACTIONS = ("include", "exclude", "prefer", "avoid", "entry", "route")
STRENGTHS = ("weak", "normal", "strong")


@dc.dataclass(frozen=True, slots=True)
class Condition:
    """A condition a README puts on a rule, decided from the question at search time."""

    kinds: tuple[str, ...] = ()
    """Any of :data:`CONDITION_KINDS` (the condition holds when one of them does)."""
    words: tuple[str, ...] = ()
    """Topic words (lowercase): the condition holds when the question mentions one of them."""
    text: str = dc.field(default="", compare=False)
    """The condition as the README words it (not compared: front matter and prose agree)."""

    @property
    def understood(self) -> bool:
        """False when nothing in the wording could be decided from a question."""
        return bool(self.kinds or self.words)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kinds": list(self.kinds),
            "words": list(self.words),
            "text": self.text,
            "understood": self.understood,
        }


@dc.dataclass(frozen=True, slots=True)
class Rule:
    """One rule a README states, with its condition and the README line it came from."""

    action: str
    """One of :data:`RULE_ACTIONS`."""
    path: str
    """The folder (ending in ``/``), file or glob the rule is about."""
    unless: Condition | None = None
    """``exclude``: the path is searched only for questions where this holds (out otherwise)."""
    when: Condition | None = None
    """``route``: the path is lifted for questions where this holds."""
    strength: str = "normal"
    """``prefer`` / ``avoid``: ``weak``, ``normal`` or ``strong``; ``exclude``: ``weak`` when
    read from a word of non-authority alone ("outdated"), which a rule on the path said
    outright overrides."""
    over: tuple[str, ...] = ()
    """``prefer``: paths that lose a near-tie against this one."""
    line: int = dc.field(default=0, compare=False)
    """The README line (1-based) the rule was read from; 0 when unknown."""
    source: str = dc.field(default="", compare=False)
    """That line's text (front matter: the key and the item)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "path": self.path}
        if self.unless is not None:
            out["unless"] = self.unless.to_dict()
        if self.when is not None:
            out["when"] = self.when.to_dict()
        if self.action in ("prefer", "avoid"):
            out["strength"] = self.strength
        if self.over:
            out["over"] = list(self.over)
        out["line"], out["source"] = self.line, self.source
        return out


@dc.dataclass(frozen=True, slots=True)
class ReadmeSentence:
    """A README sentence that names a folder or file of its KB, and what it became."""

    line: int
    text: str
    paths: tuple[str, ...] = ()
    """The folders (ending in ``/``) and files it names."""
    became: tuple[str, ...] = ()
    """Its rules as ``"exclude archive/"``, ``"prefer docs/ (strong)"`` ...; empty: none."""
    note: str = ""
    """Why it gave no rule: ``not understood``, or ``no rule: ...`` (a sentence about writing
    to a folder, or one with no prohibition or preference); empty when it gave rules."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "text": self.text,
            "paths": list(self.paths),
            "became": list(self.became),
            "note": self.note,
        }


@dc.dataclass(frozen=True, slots=True)
class Unread:
    """A README sentence that looks like a rule but was not understood (rephrase it)."""

    line: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "text": self.text}


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
    understood: tuple[Rule, ...] = ()
    """Every rule read, with its condition, strength and README line. ``include``,
    ``exclude``, ``emphasize`` and ``entry`` above are its unconditional paths; an ``exclude``
    with a condition is indexed and left out at search time unless the condition holds."""
    not_understood: tuple[Unread, ...] = ()
    """README sentences that look like rules but gave none: an agent applies them itself."""
    sentences: tuple[ReadmeSentence, ...] = ()
    """Every README sentence that names a folder or file, and what it became (``kr rules``)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dc.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, tuple):
                v = [x.to_dict() if hasattr(x, "to_dict") else x for x in v]
            out[f.name] = v
        return out

    @property
    def conditional(self) -> tuple[Rule, ...]:
        """The rules decided from each question: conditional excludes, avoids, routes, and
        preferences with a strength or an ``over``."""
        return tuple(
            r
            for r in self.understood
            if r.unless is not None
            or r.action in ("avoid", "route")
            or (r.action == "prefer" and (r.over or r.strength != "normal"))
        )


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
