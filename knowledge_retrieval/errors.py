"""The package's exceptions: one tree, each with a ``hint`` that says what to do.

::

    KnowledgeRetrievalError
      + InvalidArgumentError          # bad query, top_k, threshold, KB name, project id ...
      |   + UnsafePathError           # a name or path that would leave the root
      + KBNotFoundError(name, suggestions)
      + ConfigError(path, line)       # teams.yaml missing or malformed
      |   + RootNotFoundError         # no KnowledgeBase folder, where one is needed to act
      + AccessDeniedError             # a component whose KB access is denied
      + IndexLockedError              # another process held the index writer too long
      + IndexUnavailableError         # a KB's index folder is unusable (full disk, read-only)
      + MissingExtraError             # a command whose optional dependency is not installed

A missing root has one outcome per entry point: ``search()`` returns a result with
``reason="no_root"`` (not found is an answer), ``list_kbs()`` returns an empty list, and
everything that must act on the root (``index_kb``, ``retrieve`` and its ``teams.yaml``,
``remember``, ``search_memory``, ``read_document``) raises :class:`RootNotFoundError`.
An index that cannot be read is rebuilt, never raised; one whose folder cannot be used is a note
on that KB when searching several, and raised by ``index_kb``.
"""

from __future__ import annotations

from collections.abc import Sequence


class KnowledgeRetrievalError(Exception):
    """Base of every error this package raises on purpose."""

    code = "error"

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "message": self.message}
        if self.hint:
            out["hint"] = self.hint
        return out


class InvalidArgumentError(KnowledgeRetrievalError, ValueError):
    """An argument that cannot be used as given."""

    code = "invalid_argument"


class UnsafePathError(InvalidArgumentError):
    """A name or path that is absolute, has '..', a backslash or NUL, or leaves the root."""

    code = "unsafe_path"


class KBNotFoundError(KnowledgeRetrievalError, LookupError):
    """A knowledge base name that matches no KB under the root."""

    code = "kb_not_found"

    def __init__(
        self,
        name: str,
        suggestions: Sequence[str] = (),
        *,
        reason: str = "",
        hint: str = "run `kr list` to see the knowledge bases under the root",
    ) -> None:
        self.name = name
        self.suggestions = list(suggestions)
        did = f" (did you mean: {', '.join(self.suggestions)}?)" if self.suggestions else ""
        super().__init__(reason or f"Unknown knowledge base {name!r}{did}", hint=hint)

    def to_dict(self) -> dict[str, object]:
        out = super().to_dict()
        out["suggestions"] = self.suggestions
        return out


class ConfigError(KnowledgeRetrievalError):
    """A configuration file (teams.yaml) that is missing or malformed."""

    code = "config_error"

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        hint: str | None = None,
    ) -> None:
        self.path = path
        self.line = line
        where = f"{path}:{line}: " if path and line else (f"{path}: " if path else "")
        super().__init__(where + message, hint=hint)


class RootNotFoundError(ConfigError):
    """No KnowledgeBase root where an entry point must act on one."""

    code = "no_root"


class AccessDeniedError(KnowledgeRetrievalError):
    """A component whose knowledge-base access is denied.

    Not an ``OSError``: an ``except OSError`` around a search must never swallow a denial."""

    code = "access_denied"


class IndexLockedError(KnowledgeRetrievalError):
    """Another process held the index writer for longer than we could wait."""

    code = "index_locked"


class IndexUnavailableError(KnowledgeRetrievalError):
    """One KB's index cannot be used (a full disk, a read-only or vanished index folder, a name
    the file system refuses, a folder of another user). Searches over several KBs note it and
    answer from the others."""

    code = "index_unavailable"


class MissingExtraError(KnowledgeRetrievalError):
    """A command whose optional dependency (an extra of the distribution) is not installed."""

    code = "missing_extra"
