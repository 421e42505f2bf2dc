"""A parsed document as index rows: one per section, with the file name, title, front matter
and the title key that groups a folder's files of one title."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from ..kb.roles import file_role
from ..models import Document


def _fname_text(rel: str) -> str:
    stem, _dot, _ext = rel.rpartition(".")
    return (stem or rel).replace("/", " ").replace("-", " ").replace("_", " ")


def title_key(rel: str, title: str) -> int:
    """A 64-bit key shared by the files of one folder that have the same title (low bit clear;
    0 for no title)."""
    if not title.strip():
        return 0
    folder = rel.rpartition("/")[0]
    digest = hashlib.blake2b(
        f"{folder}\0{title.strip().casefold()}".encode(), digest_size=8
    ).digest()
    return (int.from_bytes(digest, "big") & ~1) or 2


def _lead(doc: Document, limit: int = 400) -> str:
    """The first paragraph of a document's first section with text (its heading left out)."""
    for sec in doc.sections:
        if sec.kind == "table":
            continue
        lines = sec.text.splitlines()
        if sec.heading_path and lines and lines[0].strip() == sec.heading_path[-1].strip():
            lines = lines[1:]
        para = "\n".join(lines).strip().split("\n\n", 1)[0].strip()
        if para:
            return para[:limit]
    return ""


def document_rows(doc: Document) -> Iterator[dict[str, Any]]:
    """Whoosh rows (one per section) for a parsed document."""
    role = file_role(doc)
    # what the page says it is about: its description, else its opening paragraph
    meta_text = " ".join([doc.description or _lead(doc), *doc.tags])
    date = str(
        doc.metadata.get("date") or doc.metadata.get("updated") or doc.metadata.get("lastmod") or ""
    )
    version = str(doc.metadata.get("version") or "")
    fname = _fname_text(doc.path)
    tkey = title_key(doc.path, doc.title)
    for i, sec in enumerate(doc.sections):
        yield {
            "sid": f"{doc.path}#{i}",
            "path": doc.path,
            "title": doc.title,
            "heading": " ".join(sec.heading_path),
            "fname": fname,
            "meta": meta_text,
            "body": sec.text,
            "hpath": list(sec.heading_path),
            "lines": (sec.line_start, sec.line_end),
            "kind": sec.kind,
            "text": sec.text,
            "role": role,
            "date": date,
            "version": version,
            # the low bit marks a file's first section: files are counted once per title, and
            # a file's sections (consecutive) are told apart from the next file's
            "tkey": tkey | (i == 0),
        }
