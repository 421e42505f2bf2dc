"""The JSON envelope of every agent-facing command and tool, and its Markdown view::

{"ok": true, "data": {"total_returned": N,
                      "results": [{"source": ..., "content": ..., "score": ..., ...}],
                      "message": "...", "source": "memory" | "kb" | null, ...}}
{"ok": false, "error": {"code": "kb_not_found", "message": "...", "hint": "...", ...}}
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..defaults import INDEX_HOME_ENV
from ..errors import IndexUnavailableError, KnowledgeRetrievalError
from ..results import Hit, SearchResult
from ..team.workflow import NO_RESULTS, DocumentText, Retrieval
from ..terminal import escape_breaks

MAX_CONTENT_CHARS = 2000


def hit_content(hit: Hit, limit: int | None = MAX_CONTENT_CHARS) -> str:
    """A hit's text for agents: the section, or a table hit's (first) row as ``field: value``
    (cut to ``limit`` characters; None: whole)."""
    text = hit.content.strip() or hit.snippet_text
    if hit.kind == "table":
        text = text.split("\n\n", 1)[0]
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


def hit_metadata(hit: Hit) -> dict[str, Any]:
    """Where a hit is and how well it matched: the fields every host gets beside its text."""
    return {
        "source": f"{hit.kb}/{hit.location}",
        "score": round(hit.score, 4),
        "kb": hit.kb,
        "path": hit.path,
        "title": hit.title,
        "heading_path": list(hit.heading_path),
        "line_start": hit.line_start,
        "line_end": hit.line_end,
        "kind": hit.kind,
        "role": hit.role,
        "matched_terms": list(hit.matched_terms),
        "missing_terms": list(hit.missing_terms),
        "lacks": hit.lacks,
        "via": hit.via,
        **({"readme": list(hit.readme)} if hit.readme else {}),
        **({"explain": dict(hit.explain)} if hit.explain is not None else {}),
    }


def hit_result(hit: Hit) -> dict[str, Any]:
    """One entry of ``results``: ``source``, ``content``, ``score`` and the hit's details."""
    meta = hit_metadata(hit)
    return {"source": meta.pop("source"), "content": hit_content(hit), **meta}


def ok(
    results: Sequence[Mapping[str, Any]], message: str, source: str | None, **extra: Any
) -> dict[str, Any]:
    """A success envelope."""
    return {
        "ok": True,
        "data": {
            "total_returned": len(results),
            "results": list(results),
            "message": message,
            "source": source,
            **extra,
        },
    }


def error(exc: KnowledgeRetrievalError | Exception, code: str | None = None) -> dict[str, Any]:
    """A failure envelope."""
    if isinstance(exc, KnowledgeRetrievalError):
        body = exc.to_dict()
    elif isinstance(exc, OSError) and exc.strerror:
        # the file's own name, never its folders: an agent is not told where the root lives
        name = os.path.basename(os.fsdecode(exc.filename or "").rstrip("/"))
        message = f"{exc.strerror}: {name!r}" if name else exc.strerror
        body = {"code": code or "io_error", "message": message}
    else:
        body = {"code": code or "internal_error", "message": str(exc) or type(exc).__name__}
    if code:
        body["code"] = code
    return {"ok": False, "error": body}


def unusable_index(result: SearchResult) -> IndexUnavailableError | None:
    """A search that could use no index (each KB's index could not be built or read) as the
    error it is, so that no script or agent reads it as "nothing found"; None otherwise."""
    if result.reason != "index_unavailable":
        return None
    notes = [n for n in result.notes if n.startswith("the index of ")] or [*result.notes]
    message, _, hint = (notes[0] if notes else "").rpartition(" (")
    more = f" (and {len(notes) - 1} more like it)" if len(notes) > 1 else ""
    return IndexUnavailableError(
        f"no index could be used: {message or 'the index folder cannot be written'}{more}",
        hint=hint.removesuffix(")") or f"set {INDEX_HOME_ENV} to a folder you can write",
    )


def search_envelope(result: SearchResult, *, message: str | None = None) -> dict[str, Any]:
    """A search result as an envelope (``message`` defaults to the seed's sentences)."""
    hits = [hit_result(h) for h in result.hits]
    msg = message or (result.message if result.found else NO_RESULTS)
    return ok(
        hits,
        msg,
        "kb",
        kb_ids=list(result.kbs),
        answer=result.answer,
        notes=list(result.notes),
        reason=result.reason,
    )


def retrieval_envelope(r: Retrieval) -> dict[str, Any]:
    return ok(
        [hit_result(h) for h in r.hits],
        r.message,
        r.source,
        kb_ids=list(r.kb_ids),
        component=r.component,
        team=r.team,
        denied=r.denied,
        notes=list(r.notes),
        answer=r.answer,
    )


def document_envelope(doc: DocumentText) -> dict[str, Any]:
    return ok(
        [
            {
                "source": doc.location,
                "content": doc.text,
                "score": None,
                "kb": doc.kb,
                "path": doc.path,
                "line_start": doc.line_start,
                "line_end": doc.line_end,
                "total_lines": doc.total_lines,
            }
        ],
        f"{doc.kb}/{doc.path}: lines {doc.line_start}-{doc.line_end} of {doc.total_lines}",
        "memory" if doc.kb.startswith(".memory/") else "kb",
    )


def kb_list_envelope(kbs: Sequence[Any], message: str | None = None) -> dict[str, Any]:
    rows = [
        {
            "source": k.name,
            "content": k.description,
            "score": None,
            "kb_id": k.name,
            "name": k.rules.name or k.name,
            "description": k.description,
            "keywords": list(k.keywords),
            "languages": list(k.languages),
            "page_languages": list(k.page_languages),
            "rules": [r.to_dict() for r in k.rules.understood],
            "not_understood": [u.to_dict() for u in k.rules.not_understood],
            "sentences": [s.to_dict() for s in k.rules.sentences],
        }
        for k in kbs
    ]
    return ok(rows, message or f"{len(rows)} knowledge base(s).", "kb")


def to_markdown(envelope: Mapping[str, Any]) -> str:
    """The seed's presentation: ``**Source:**`` / ``**Content:**`` blocks, or the message."""
    if not envelope.get("ok"):
        err = envelope["error"]
        hint = f"\n\n{err['hint']}" if err.get("hint") else ""
        return f"**Error ({err['code']}):** {err['message']}{hint}"
    data = envelope["data"]
    if not data["results"]:
        return str(data["message"])
    return "\n\n".join(
        f"**Source:** {escape_breaks(str(r['source']))}\n**Content:**\n{r['content']}"
        + (f"\n**Lacks:** {r['lacks']}" if r.get("lacks") else "")
        + "".join(f"\n{q}" for q in r.get("readme", ()))
        + (
            "\n**Found by:** meaning, not the question's words: read it before quoting it"
            if r.get("via") == "meaning"
            else ""
        )
        for r in data["results"]
    )
