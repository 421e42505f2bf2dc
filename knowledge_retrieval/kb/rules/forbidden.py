"""What a search says of the folders a README forbids and of the sentences it did not understand.

A forbidden folder is never indexed, so no answer comes from it; when a question finds nothing
and such a folder holds its words, the note says so ("the KB's archive/ has it; its README
says not to use archive/"), so an agent can answer "no current rule". A hit from a folder that
a sentence not understood names quotes that sentence, so an agent can apply it itself.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from ...defaults import SUFFIXES
from ...models import KBRules, Rule
from . import unread_about
from .patterns import GLOB_CHARS, is_included

log = logging.getLogger(__name__)

MAX_FILES = 200
"""Files of forbidden folders read for one note, at most (the walk stops there)."""
MAX_BYTES = 256 * 1024
"""Bytes of one such file read, at most."""
_TEXT = (*SUFFIXES, ".rst")
SHARE = 0.6
"""The share of a question's keywords a forbidden page must hold to be named in the note."""


def readme_quotes(rules: KBRules, rel_path: str) -> tuple[str, ...]:
    """``README, not understood: ...`` for each sentence not understood that names a folder or
    file holding ``rel_path``."""
    return tuple(f"README, not understood: {s.text}" for s in unread_about(rules, rel_path))


def forbidden_note(
    kb: str, kb_path: Path, rules: KBRules, keywords: Sequence[str], lacked: Sequence[str] = ()
) -> str | None:
    """The note on a question nothing current answers: which folder the README forbids holds
    its words (most of its keywords on one page, and every word of ``lacked``: what the best
    current page lacks), or None."""
    from ...text.analysis import to_simplified

    rules_out = [r for r in rules.understood if r.action == "exclude" and r.unless is None]
    words = [to_simplified(k.lower()) for k in keywords if k.strip()]
    must = [to_simplified(k.lower()) for k in lacked if k.strip()]
    if not rules_out or not words:
        return None
    need = max(1, -(-len(words) * SHARE // 1))
    for rule, rel in _forbidden_files(kb_path, rules_out):
        if is_included(rel, rules):  # a page the README names inside it, preferred: indexed
            continue
        try:
            from ..reader import SkipFile, read_kb_file

            text = to_simplified(read_kb_file(kb_path, rel)[0][:MAX_BYTES].lower())
        except (SkipFile, OSError, ValueError):
            continue
        if sum(w in text for w in words) >= need and all(w in text for w in must):
            where = f"line {rule.line}: " if rule.line else ""
            return (
                f"the KB '{kb}''s {rule.path} has it ({rel}); its README says not to use "
                f"{rule.path} ({where}{rule.source or rule.path}): there is no current answer"
            )
    return None


def _forbidden_files(kb_path: Path, rules_out: list[Rule]) -> Iterator[tuple[Rule, str]]:
    """(rule, KB-relative path) of the text files in the folders (and the files) the rules
    name, up to :data:`MAX_FILES`; a glob is not walked for (the KB's other folders are not)."""
    seen = 0
    for rule in rules_out:
        if GLOB_CHARS.search(rule.path) or ".." in rule.path.split("/"):
            continue
        start = kb_path / rule.path
        if not rule.path.endswith("/"):
            if start.is_file():
                seen += 1
                yield rule, rule.path
            continue
        if not start.is_dir() or start.is_symlink():
            continue
        for top, dirs, files in os.walk(start):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            rel_top = Path(top).relative_to(kb_path).as_posix()
            for name in sorted(files):
                if not name.lower().endswith(_TEXT):
                    continue
                seen += 1
                if seen > MAX_FILES:
                    return
                yield rule, f"{rel_top}/{name}"
