"""The index schema: the Whoosh tokenizer and field type over the one analyzer, and the fields.

Module-level classes, so that a pickled schema names them; moving them means bumping
``store.SCHEMA_VERSION`` so that old indexes are rebuilt once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from whoosh.analysis import Token, Tokenizer
from whoosh.columns import NumericColumn
from whoosh.fields import COLUMN, ID, STORED, TEXT, Schema
from whoosh.system import pack_uint

from ..text.analysis import indexing_terms


class KRTokenizer(Tokenizer):  # type: ignore[misc]
    """Whoosh tokenizer wrapping :func:`index_terms` (module-level so the schema pickles)."""

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[Token]:
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for pos, term in enumerate(indexing_terms(value)):
            t.text = term
            t.boost = 1.0
            t.stopped = False
            if positions:
                t.pos = start_pos + pos
            if chars:
                t.startchar = t.endchar = start_char
            yield t


class KRText(TEXT):  # type: ignore[misc]
    """A ``TEXT(analyzer=KRTokenizer(), phrase=False)`` field that counts the analyzer's terms
    directly: the same postings as Whoosh's token-by-token path, without a Token per term."""

    def index(self, value: Any, **kwargs: Any) -> Iterator[tuple[bytes, int, float, bytes]]:
        if not isinstance(value, str) or kwargs:
            yield from super().index(value, **kwargs)
            return
        boost = self.format.field_boost
        for term, freq in Counter(indexing_terms(value)).items():
            yield term.encode("utf-8"), freq, float(freq) * boost, pack_uint(freq)


def make_schema() -> Schema:
    a = KRTokenizer()
    text = {"analyzer": a, "phrase": False}
    return Schema(
        sid=ID(unique=True, stored=True),
        path=ID(stored=True, sortable=True),
        title=KRText(stored=True, **text),
        heading=KRText(**text),
        fname=KRText(**text),
        meta=KRText(**text),
        body=KRText(**text),
        hpath=STORED(),
        lines=STORED(),
        kind=STORED(),
        text=STORED(),
        role=STORED(),
        date=STORED(),
        version=STORED(),
        tkey=COLUMN(NumericColumn("Q")),
    )
