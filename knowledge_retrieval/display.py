"""HTML views of results and KB lists for notebooks (``_repr_html_``)."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .results import KBInfo, SearchResult

_MARK = re.compile(r"\*\*(.+?)\*\*", re.S)


def _snippet_html(snippet: str) -> str:
    """Escape a snippet and turn its ``**term**`` marks into ``<mark>``."""
    out, pos = [], 0
    for m in _MARK.finditer(snippet):
        out.append(html.escape(snippet[pos : m.start()]))
        out.append(f"<mark>{html.escape(m.group(1))}</mark>")
        pos = m.end()
    out.append(html.escape(snippet[pos:]))
    return "".join(out).replace("\n", "<br>")


def result_html(r: SearchResult) -> str:
    """A table of hits, or the not-found message with its reason and notes."""
    e = html.escape
    head = f"<p><b>{e(r.query)}</b> — "
    if not r.found:
        notes = "".join(f"<li>{e(n)}</li>" for n in r.notes)
        return (f"<div class='kr-result'>{head}{e(r.message)} "
                f"<code>reason={e(str(r.reason))}</code></p><ul>{notes}</ul></div>")
    rows = "".join(
        "<tr>"
        f"<td>{e(h.kb)}</td><td><code>{e(h.location)}</code></td>"
        f"<td>{e(' › '.join(h.heading_path))}</td><td>{h.score:.2f}</td>"
        f"<td style='text-align:left'>{_snippet_html(h.snippet)}</td>"
        "</tr>"
        for h in r.hits
    )
    notes = "".join(f"<li>{e(n)}</li>" for n in r.notes)
    return (
        f"<div class='kr-result'>{head}{e(r.message)}</p>"
        "<table><thead><tr><th>KB</th><th>path</th><th>section</th><th>score</th>"
        f"<th>snippet</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<ul>{notes}</ul></div>"
    )


def kbs_html(kbs: Sequence[KBInfo]) -> str:
    """A table of knowledge bases with their descriptions and keywords."""
    e = html.escape
    rows = "".join(
        f"<tr><td><b>{e(k.name)}</b></td><td style='text-align:left'>{e(k.description)}</td>"
        f"<td>{e(', '.join(k.keywords[:8]))}</td><td>{e(', '.join(k.languages))}</td></tr>"
        for k in kbs
    )
    return ("<table><thead><tr><th>KB</th><th>description</th><th>keywords</th>"
            f"<th>languages</th></tr></thead><tbody>{rows}</tbody></table>")
