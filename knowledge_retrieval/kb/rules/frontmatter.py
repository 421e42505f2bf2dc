"""YAML front matter of a README: the metadata, salvaged line by line when YAML rejects it,
and the structured rules (``exclude: [{path: releases/, unless: version}]``)."""

from __future__ import annotations

import logging
import re
from typing import Any

from ...models import CONDITION_KINDS, STRENGTHS, Condition, Rule, Unread
from .conditions import read_condition, topic_words
from .patterns import norm_pattern

log = logging.getLogger(__name__)

RULE_KEYS = ("include", "exclude", "emphasize", "prefer", "avoid", "entry", "routes")
"""Front-matter keys that hold rules (``prefer`` is ``emphasize``; ``routes`` may be ``route``)."""
FM_KEYS = frozenset(
    {
        "name",
        "description",
        "keywords",
        "tags",
        "languages",
        "language",
        "lang",
        "route",
        *RULE_KEYS,
    }
)
_FM_KEYS = FM_KEYS
_ACTION = {"emphasize": "prefer", "routes": "route", "route": "route"}


def split_front_matter(text: str) -> tuple[dict[str, Any] | None, str, bool]:
    """(metadata, body, broken): metadata is None when the README has no usable front matter."""
    if not text.startswith("---"):  # what the handler's detect() needs, without importing it
        return None, text, False
    from frontmatter.default_handlers import YAMLHandler

    from ..yaml_reader import load_yaml

    handler = YAMLHandler()
    if not handler.detect(text):
        return None, text, False
    try:
        fm, body = handler.split(text)
    except ValueError:  # no closing delimiter: a thematic break, not front matter
        return None, text, False
    whole = f"{fm}\n\n{body}"  # the whole text, its "---" lines not read as setext underlines
    try:
        data = load_yaml(fm, first_line=2)  # the one guarded YAML reader (alias bombs, depth)
    except Exception as exc:  # noqa: BLE001 - any YAML error means "not valid front matter"
        if not (salvaged := _salvage(fm)):
            return None, whole, False
        log.warning(
            "README front matter is not valid YAML, read line by line: %s",
            (str(exc).splitlines() or [type(exc).__name__])[0],
        )
        return salvaged, body, True
    if not isinstance(data, dict):
        return None, whole, False
    meta = {str(k).strip().lower(): v for k, v in data.items()}
    return (meta if _FM_KEYS & meta.keys() else None), body, False


def _salvage(fm: str) -> dict[str, Any]:
    """Known keys from front matter that YAML rejected: ``key: value``, ``[a, b]``, ``- item``."""
    meta: dict[str, Any] = {}
    key: str | None = None
    for line in fm.split("\n"):
        m = re.match(r"^([A-Za-z_]+)[ \t]*:[ \t]*(.*)$", line)
        if m and m.group(1).lower() in _FM_KEYS:
            key, value = m.group(1).lower(), m.group(2).strip()
            parts = value.strip("[]").split(",") if value.startswith("[") else [value]
            meta[key] = [p for v in parts if (p := v.strip().strip("\"'").strip())]
        elif key and (m := re.match(r"^[ \t]+-[ \t]+(.*)$", line)):
            meta[key].append(m.group(1).strip().strip("\"'").strip())
        elif not line[:1].isspace():
            key = None
    return {k: v for k, v in meta.items() if v}


def strings(value: Any) -> list[str]:
    """A front-matter value (scalar or list, nested lists flattened) as stripped strings."""
    if value is None or isinstance(value, dict):
        return []
    if isinstance(value, (list, tuple, set)):
        return [s for v in value for s in strings(v)]
    return [s] if (s := str(value).strip()) else []


def _items(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _condition(value: Any) -> Condition | None:
    """``version`` / ``[version, year]`` / ``[billing, 计费]`` / ``{mentions: [billing]}`` /
    ``{text: ...}`` or a sentence of four or more words ("the question names a release") read
    like the prose, as a Condition; None when absent."""
    if value is None:
        return None
    if isinstance(value, dict):
        low = {str(k).lower(): v for k, v in value.items()}
        if "text" in low:  # the condition in words, read like the prose
            return read_condition(str(low["text"]))
        kinds = tuple(str(k).lower() for k in _items(low.get("kinds", low.get("kind"))))
        words = tuple(
            w for v in _items(low.get("mentions", low.get("words"))) for w in topic_words(str(v))
        )
        shown = ", ".join(map(str, [*kinds, *words]))
        return Condition(tuple(k for k in kinds if k in CONDITION_KINDS), words, shown)
    items = [str(v).strip() for v in _items(value) if str(v).strip()]
    if len(items) == 1 and len(items[0].split()) > 3:
        return read_condition(items[0])
    kinds = tuple(i.lower() for i in items if i.lower() in CONDITION_KINDS)
    words = tuple(w for i in items if i.lower() not in CONDITION_KINDS for w in topic_words(i))
    return Condition(kinds, tuple(dict.fromkeys(words)), ", ".join(items))


def _locate(lines: list[str], key: str, probe: str) -> tuple[int, str]:
    """(line number, text) of a front-matter item: the first line of the key's block that
    names ``probe``, else the key's own line; ``lines`` are the README's, 1-based."""
    start = next(
        (i for i, x in enumerate(lines) if re.match(rf"^{re.escape(key)}\s*:", x, re.IGNORECASE)),
        None,
    )
    if start is None:
        return 0, ""
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i][:1] not in ("", " ", "\t", "-")),
        len(lines),
    )
    for i in range(start, end):
        if probe and probe in lines[i]:
            return i + 1, lines[i].strip()
    return start + 1, lines[start].strip()


def fm_rules(meta: dict[str, Any], lines: list[str]) -> tuple[list[Rule], list[Unread]]:
    """The rules of front matter (``lines``: the README's lines up to its closing ``---``).

    Each key takes paths, or mappings: ``exclude: [{path: releases/, unless: version}]``,
    ``prefer: [{path: docs/, over: versioned_docs/, strength: strong}]``,
    ``avoid: [{path: faq-old/, strength: weak}]``, ``routes: [{when: [api, 接口], path: api/}]``.
    """
    rules: list[Rule] = []
    unread: list[Unread] = []
    for key in (*RULE_KEYS, "route"):
        action = _ACTION.get(key, key)
        for item in _items(meta.get(key)):
            if isinstance(item, dict):
                low = {str(k).lower(): v for k, v in item.items()}
                paths = [norm_pattern(str(x)) for x in _items(low.get("path", low.get("paths")))]
                probe = next((str(x) for x in _items(low.get("path", low.get("paths")))), "")
            else:
                low, paths = {}, [norm_pattern(x) for x in strings(item)]
                probe = str(item)
            line, source = _locate(lines, key, probe.strip())
            paths = [x for x in paths if x]
            st = str(low.get("strength", "normal")).lower()
            known = set(low) <= {"path", "paths", "unless", "when", "over", "strength"}
            if (
                not paths
                or not known
                or st not in STRENGTHS
                or (action == "route") != ("when" in low)
                or ("unless" in low and action not in ("exclude", "avoid"))
                or ("over" in low and action != "prefer")
            ):
                unread.append(Unread(line, source or f"{key}: {item}"))
                continue
            over = tuple(norm_pattern(x) for x in strings(low.get("over")) if norm_pattern(x))
            for path in paths:
                rules.append(
                    Rule(
                        action,
                        path,
                        unless=_condition(low.get("unless")),
                        when=_condition(low.get("when")),
                        strength=st if action in ("prefer", "avoid") else "normal",
                        over=over,
                        line=line,
                        source=source,
                    )
                )
    return rules, unread
