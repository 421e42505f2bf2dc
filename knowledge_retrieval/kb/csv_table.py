"""CSV documents: one section per data row, named by the header row."""

from __future__ import annotations

import csv
import io
from pathlib import PurePosixPath

from ..models import Document, Section


def _sniff_delimiter(text: str) -> str:
    """The delimiter of a CSV text: sniffed among , ; tab and |, else the commonest of them in
    its first line, else a comma."""
    sample = "\n".join(text.split("\n", 10)[:10])[:4096]
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
        if delimiter in ",;\t|":
            return delimiter
    except csv.Error:
        pass
    first = sample.split("\n", 1)[0]
    best = max(",;\t|", key=first.count)
    return best if first.count(best) else ","


def parse_csv(rel_path: str, text: str) -> Document:
    """A CSV table: the first non-empty row names the fields, each data row is one
    ``kind=\"table\"`` section of ``field: value`` lines; line numbers are the file's."""
    title = PurePosixPath(rel_path).stem or rel_path
    sections: list[Section] = []
    if not text.strip():
        return Document(path=rel_path, title=title, kind="csv")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_sniff_delimiter(text))
    header: list[str] | None = None
    bad = last_line = 0
    while bad <= 1000:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error:
            bad += 1
            last_line = reader.line_num
            continue
        first_line, last_line = last_line + 1, reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [cell.strip() or f"column {n}" for n, cell in enumerate(row, 1)]
            continue
        names = header + [f"column {n}" for n in range(len(header) + 1, len(row) + 1)]
        body = "\n".join(
            f"{name}: {cell.strip()}"
            for name, cell in zip(names, row, strict=False)
            if cell.strip()
        )
        sections.append(Section((title,), body, first_line, last_line, kind="table"))
    warnings = (f"{bad} malformed CSV row(s) skipped",) if bad else ()
    return Document(
        path=rel_path, title=title, sections=tuple(sections), kind="csv", warnings=warnings
    )
