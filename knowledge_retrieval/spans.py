"""Match spans: (start, end) offsets into a snippet, and how a view renders them."""

from __future__ import annotations

from collections.abc import Callable

Span = tuple[int, int]


def render_spans(
    text: str, spans: tuple[Span, ...], plain: Callable[[str], str], mark: Callable[[str], str]
) -> str:
    out: list[str] = []
    pos = 0
    for a, b in spans:
        out.append(plain(text[pos:a]))
        out.append(mark(text[a:b]))
        pos = b
    out.append(plain(text[pos:]))
    return "".join(out)
