"""What an index update did: the read-only :class:`IndexReport`, and the draft an update fills."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["IndexReport", "ReportDraft"]


@dataclass(frozen=True, slots=True)
class IndexReport:
    """What an index update did (read-only)."""

    kb: str
    added: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    skipped: Mapping[str, str] = field(default_factory=dict, hash=False)
    """File -> why it was not indexed (a read-only mapping)."""
    rebuilt: str | None = None
    """Why the index was rebuilt from scratch, when it was."""
    warning: str | None = None
    """Set when the index could not be brought up to date and is served as it is."""
    files: int = 0
    seconds: float = 0.0

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.deleted or self.rebuilt)


@dataclass(slots=True)
class ReportDraft:
    """An :class:`IndexReport` while an update fills it in."""

    kb: str
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    rebuilt: str | None = None
    warning: str | None = None
    files: int = 0
    seconds: float = 0.0

    def freeze(self) -> IndexReport:
        return IndexReport(
            self.kb,
            tuple(self.added),
            tuple(self.updated),
            tuple(self.deleted),
            MappingProxyType(dict(self.skipped)),
            self.rebuilt,
            self.warning,
            self.files,
            self.seconds,
        )
