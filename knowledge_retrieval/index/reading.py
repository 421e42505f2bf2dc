"""What ranking reads of an open index: the typed face of a Whoosh reader."""

from __future__ import annotations

from typing import Any, Protocol


class SectionReader(Protocol):
    """The calls ranking makes on an index reader (one document per section): its stored
    fields, a term's document frequency, and which documents are live."""

    def stored_fields(self, docnum: int) -> dict[str, Any]:
        """The stored fields of section ``docnum`` (path, title, heading path, text, ...)."""
        ...

    def doc_frequency(self, fieldname: str, text: str) -> int:
        """How many sections have ``text`` in field ``fieldname``."""
        ...

    def doc_count_all(self) -> int:
        """Sections in the index, deleted ones included."""
        ...

    def is_deleted(self, docnum: int) -> bool:
        """Whether section ``docnum`` was deleted."""
        ...
