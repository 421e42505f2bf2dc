"""Read a knowledge base README (YAML front matter or free-form Markdown) into KBRules.

``markdown`` reads the body (scope, keywords, languages, the lines rules are read from),
``sentences`` and ``conditions`` the rules those lines state, ``frontmatter`` the YAML keys,
``patterns`` how a rule's path selects files; ``cache`` keeps parsed rules between processes.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable
from pathlib import Path

from ...models import RULE_ACTIONS, KBRules, ReadmeSentence, Rule, Unread
from .patterns import (
    FolderScope,
    bare_names,
    is_emphasized,
    is_entry,
    is_included,
    matcher,
    norm_pattern,
    path_matches,
)

__all__ = [
    "FolderScope",
    "forbidding",
    "is_emphasized",
    "is_entry",
    "is_included",
    "named_folders",
    "parse_readme",
    "path_matches",
    "unread_about",
]

log = logging.getLogger(__name__)
_ = (matcher, norm_pattern)  # re-exported for the tests


def parse_readme(text: str, folders: Iterable[str] = ()) -> KBRules:
    """Parse a KB README into :class:`KBRules`; never raises (falls back to empty rules).

    The Markdown body always gives the headings, the description when front matter has none,
    and sentence rules merged after the front matter's. Front matter that YAML rejects is
    read line by line, and the README then counts as free-form. ``folders``: names of the KB's
    top-level folders (:func:`named_folders`); one the README backticks without a slash
    (`draft_ideas`) is a mention of that folder.
    """
    from . import mentions

    token = mentions.FOLDERS.set(frozenset(folders))
    try:
        return _parse(text)
    except Exception:  # a bad README must not stop a KB from being searched
        log.warning("could not read the README's rules; searching every file", exc_info=True)
        return KBRules()
    finally:
        mentions.FOLDERS.reset(token)


def named_folders(text: str, kb: Path) -> tuple[str, ...]:
    """The KB's top-level folders (by ``lstat``: no link is followed) that ``text`` names bare,
    backticked or in quotes (`draft_ideas`, 「舊嘢」), sorted; none without a listing of the KB
    folder when it has no such name. A folder named with a slash or a folder word needs none."""
    names = bare_names(text)
    if not names:
        return ()
    try:
        with os.scandir(kb) as it:
            return tuple(
                sorted(e.name for e in it if e.name in names and e.is_dir(follow_symlinks=False))
            )
    except OSError:
        return ()


def _parse(text: str) -> KBRules:
    # the readers of the body and of the front matter (and PyYAML) load with the first parse: a
    # search whose README parse is cached (cache.py) and the path matching never need them
    from .frontmatter import fm_rules, split_front_matter, strings
    from .markdown import collapse, dedupe, infer_languages, read_body, split_keywords

    text = str(text).replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n")
    text = text.removeprefix("\ufeff")
    meta, body, broken = split_front_matter(text)
    head = text[: len(text) - len(body)] if text.endswith(body) else ""
    ff = read_body(body, head.count("\n") + 1)
    meta = meta or {}
    fm, fm_unread = fm_rules(meta, head.split("\n")) if meta else ([], [])
    understood = _outright(_merge([*fm, *ff["rules"]]))
    unread = _dedupe_unread([*fm_unread, *ff["unread"]])

    def paths(action: str) -> tuple[str, ...]:
        return dedupe(r.path for r in understood if r.action == action and r.unless is None)

    description = collapse(" ".join(strings(meta.get("description"))))
    names = strings(meta.get("name"))
    keywords = meta["keywords"] if "keywords" in meta else meta.get("tags")
    keywords = split_keywords(keywords) if isinstance(keywords, str) else strings(keywords)
    languages = [
        p.lower().replace("_", "-")
        for s in strings(meta.get("languages", meta.get("language", meta.get("lang"))))
        for p in re.split(r"[\s,，、;；]+", s)
    ]
    return KBRules(
        name=(collapse(names[0]) or None) if names else None,
        description=description or ff["description"],
        keywords=dedupe([*map(collapse, keywords), *ff["keywords"]]),
        languages=dedupe(languages or infer_languages(f"{description}\n{ff['prose']}")),
        headings=dedupe(ff["headings"]),
        style="front-matter" if meta and not broken else "free-form",
        include=paths("include"),
        exclude=paths("exclude"),
        # a path the README both forbids and prefers ("if `archive/` disagrees with a live
        # page, the live page is right" read as a preference) stays forbidden: never more
        emphasize=tuple(p for p in paths("prefer") if p not in paths("exclude")),
        entry=paths("entry"),
        understood=understood,
        not_understood=unread,
        sentences=tuple(ff["sentences"]),
    )


def _dedupe_unread(items: list[Unread]) -> tuple[Unread, ...]:
    return tuple({(u.line, u.text): u for u in items}.values())


def _outright(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The rules less each exclusion read from a word of non-authority alone ("`faq-old/` —
    partly outdated") whose path another rule states outright ("avoid `faq-old/`", "only
    for old-version questions: `v1/`"): what the README says to do wins over a description."""
    said = {r.path for r in rules if not (r.action == "exclude" and r.strength == "weak")}
    return tuple(
        r for r in rules if not (r.action == "exclude" and r.strength == "weak" and r.path in said)
    )


def _merge(rules: list[Rule]) -> tuple[Rule, ...]:
    """Rules grouped by action (front matter first, then the body, in order), repeats dropped."""
    out: dict[Rule, None] = {}
    for action in RULE_ACTIONS:
        for r in rules:
            if r.action == action and r not in out:
                out[r] = None
    return tuple(out)


def unread_about(rules: KBRules, rel_path: str) -> tuple[ReadmeSentence, ...]:
    """The README sentences not understood that name a folder or file holding ``rel_path``:
    quoted on a hit from there ("README, not understood: ..."), so an agent applies them."""
    texts = {u.text for u in rules.not_understood}
    return tuple(
        s
        for s in rules.sentences
        if s.text in texts and any(path_matches(rel_path, p) for p in s.paths)
    )


def forbidding(rules: KBRules, rel_path: str) -> tuple[Rule, ...]:
    """The unconditional exclusions whose path holds ``rel_path``: what a note says of a
    question only such pages answer ("its README says not to use archive/")."""
    return tuple(
        r
        for r in rules.understood
        if r.action == "exclude" and r.unless is None and path_matches(rel_path, r.path)
    )
