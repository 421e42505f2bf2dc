"""Load ``teams.yaml``: which knowledge bases and memory each team (component) may search.

::

    default_kb: troubleshooting        # for an empty or unknown component
    teams:
      payments:
        kb_ids: [payments, glossary]   # searched in this order of preference
        access: allowed                # or denied (default: allowed)
        memory: enabled                # or disabled (default: disabled)
        memory_project_ids: [pay-core]

Team names are matched after NFKC, case folding and removal of zero-width and bidi control
characters, and without surrounding spaces (``" Payments "``, ``ｐａｙｍｅｎｔｓ`` and
``payments\u200b`` are the ``payments`` team), so two teams whose names differ only in those
ways are a configuration error.
Every problem is a :class:`~knowledge_retrieval.errors.ConfigError` naming the file and line.
"""

from __future__ import annotations

import dataclasses as dc
import os
import re
import threading
import unicodedata
from collections.abc import Mapping
from pathlib import Path

import yaml

from ..defaults import (
    MAX_TEAMS_BYTES,
    MAX_TEAMS_YAML_ALIASES,
    MAX_TEAMS_YAML_NODES,
    MAX_YAML_DEPTH,
)
from ..errors import ConfigError, InvalidArgumentError
from ..kb.discovery import check_name, list_locations, require_root
from ..kb.reader import SkipFile, read_bytes
from ..kb.yaml_reader import YAMLRefused, compose_yaml
from .projects import check_project_id

TEAMS_FILENAME = "teams.yaml"
ACCESS_VALUES = ("allowed", "denied")
MEMORY_VALUES = ("enabled", "disabled")
TEAM_KEYS = ("kb_ids", "access", "memory", "memory_project_ids")


def example_teams(root: Path) -> str:
    """A ``teams.yaml`` to start from, with the root's own knowledge base names."""
    names = (
        [loc.name for loc in list_locations(root) if loc.readme is not None]
        if root.is_absolute()  # parse_teams(text) alone: no root to read names from
        else []
    )
    if not names:
        return "default_kb: <a knowledge base folder>\nteams:\n  my-team:\n    kb_ids: [<kb>]\n"
    ids = ", ".join(names[:3])
    return f"default_kb: {names[0]}\nteams:\n  my-team:\n    kb_ids: [{ids}]\n"


@dc.dataclass(frozen=True, slots=True)
class Team:
    """One team's entry in ``teams.yaml``."""

    name: str
    kb_ids: tuple[str, ...]
    access: str = "allowed"
    """``allowed`` or ``denied``."""
    memory: str = "disabled"
    """``enabled`` or ``disabled``."""
    memory_project_ids: tuple[str, ...] = ()
    line: int = 0
    """Line of the team's name in ``teams.yaml`` (1-based)."""
    kb_lines: tuple[int, ...] = ()
    """Line of each entry of ``kb_ids``."""

    @property
    def allowed(self) -> bool:
        return self.access == "allowed"

    @property
    def memory_enabled(self) -> bool:
        return self.memory == "enabled"


@dc.dataclass(frozen=True, slots=True)
class Resolution:
    """What a component resolves to: its team (None for the default) and what it may search."""

    component: str
    """The component as given, stripped."""
    team: Team | None
    """The matching team, or None when the component is empty or unknown."""
    kb_ids: tuple[str, ...]
    """The team's KBs, or ``(default_kb,)`` for the default."""
    allowed: bool
    memory_project_ids: tuple[str, ...]
    """Project ids to search first; empty when memory is disabled or none are listed."""
    memory_enabled: bool

    @property
    def is_default(self) -> bool:
        return self.team is None


@dc.dataclass(frozen=True, slots=True)
class TeamsConfig:
    """A parsed ``teams.yaml``."""

    path: Path
    default_kb: str
    default_line: int
    teams: Mapping[str, Team]
    """Teams by :func:`team_key` of their name."""

    def resolve(self, component: str | None) -> Resolution:
        """The team for ``component``; an empty or unknown component gets ``default_kb``.

        >>> cfg = parse_teams("default_kb: faq\\nteams:\\n  pay:\\n    kb_ids: [payments]\\n")
        >>> cfg.resolve(" PAY ").kb_ids, cfg.resolve("").kb_ids
        (('payments',), ('faq',))
        """
        if component is not None and not isinstance(component, str):
            raise InvalidArgumentError(
                f"component must be a string, not {type(component).__name__}",
                hint="pass the team name, e.g. component='payments', or '' for the default KB",
            )
        comp = (component or "").strip()
        key = team_key(comp)
        team = self.teams.get(key) if key else None
        if team is None:
            return Resolution(comp, None, (self.default_kb,), True, (), False)
        return Resolution(
            comp,
            team,
            team.kb_ids,
            team.allowed,
            team.memory_project_ids if team.memory_enabled else (),
            team.memory_enabled,
        )

    def line_of(self, team: Team | None, kb: str) -> int:
        """The line naming ``kb`` for ``team`` (or ``default_kb``), for error messages."""
        if team is None:
            return self.default_line
        for k, ln in zip(team.kb_ids, team.kb_lines, strict=False):
            if k == kb:
                return ln
        return team.line


def teams_path(root: str | os.PathLike[str] | None = None) -> Path:
    """Where ``teams.yaml`` is for a root (found as :func:`~knowledge_retrieval.search` does)."""
    return require_root(root) / TEAMS_FILENAME


def load_teams(root: str | os.PathLike[str] | None = None) -> TeamsConfig:
    """Read and check ``<root>/teams.yaml``, parsed once per change of the file.

    The parsed file is kept while the file's inode, size, mtime and ctime stay the same (an
    edit that keeps the size and restores the mtime still changes the ctime). The file is read
    like a document: a regular file whose real path is inside the root, at most 1 MiB.
    """
    path = teams_path(root)
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        info = None
    if info is not None:
        with _CACHE_LOCK:
            hit = _CACHE.get(_stamp(path, info))
        if hit is not None:
            return hit
    try:
        opened = read_bytes(
            path,
            inside=path.parent,
            max_bytes=MAX_TEAMS_BYTES,
            outside_reason="outside",
        )
    except SkipFile as exc:
        raise _read_error(path, str(exc)) from None
    raw = opened.data
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ConfigError("not valid UTF-8", path=str(path), line=line) from None
    config = parse_teams(text, path)
    with _CACHE_LOCK:
        _CACHE[_stamp(path, opened.stat)] = config
        while len(_CACHE) > _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
    return config


_CACHE: dict[tuple[str, int, int, int, int, int], TeamsConfig] = {}
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = 16


def _stamp(path: Path, info: os.stat_result) -> tuple[str, int, int, int, int, int]:
    return (
        str(path),
        info.st_dev,
        info.st_ino,
        info.st_size,
        info.st_mtime_ns,
        info.st_ctime_ns,
    )


def _read_error(path: Path, why: str) -> ConfigError:
    if why == "unreadable: file not found":
        return ConfigError(
            f"no {TEAMS_FILENAME} in the KnowledgeBase root",
            path=str(path),
            hint=f"create it, e.g.:\n{example_teams(path.parent)}(see docs/agents.md)",
        )
    if why == "outside":
        return ConfigError(
            f"{TEAMS_FILENAME} is a symlink leading outside the KnowledgeBase root; not read",
            path=str(path),
            hint=f"make {TEAMS_FILENAME} a regular file inside the root",
        )
    if why.startswith("larger than"):
        return ConfigError(f"{why}; is this the right file?", path=str(path))
    if why == "not a regular file":
        return ConfigError(
            "not a regular file; not read",
            path=str(path),
            hint=f"make {TEAMS_FILENAME} a regular file inside the root",
        )
    return ConfigError(f"cannot read it: {why.removeprefix('unreadable: ')}", path=str(path))


def team_key(name: str) -> str:
    """The form team names are compared in: characters nobody sees removed (format and control
    characters, default-ignorable code points: zero-width, bidi, tags, variation selectors ...),
    NFKC, case folded, outer spaces stripped, so ``ＰＡＹ`` and ``pay\u200b`` are ``pay``.

    >>> team_key(" Ｒｉｓｋ\u200b\U000e0041 ")
    'risk'
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", _visible(name)).casefold())
    return _visible(folded).strip()


_IGNORABLE_RE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2065\u3164\ufe00-\ufe0f\uffa0"
    "\ufff0-\ufff8\U000e0000-\U000e0fff]"
)
"""The default-ignorable code points (Unicode's DerivedCoreProperties.txt) whose category is
not Cf: fillers, variation selectors, Khmer inherent vowels, reserved ones."""
_INVISIBLE_CATEGORIES = frozenset(("Cf", "Cc"))
"""Format characters (zero-width, bidi, tags, interlinear annotation ...) and controls (NUL)."""


def _visible(text: str) -> str:
    text = _IGNORABLE_RE.sub("", text)
    return "".join(c for c in text if unicodedata.category(c) not in _INVISIBLE_CATEGORIES)


def parse_teams(text: str, path: str | os.PathLike[str] = TEAMS_FILENAME) -> TeamsConfig:
    """Parse the text of a ``teams.yaml``; raise :class:`ConfigError` with the line on problems."""
    return _Parser(Path(path)).parse(text)


class _Parser:
    """Walks the YAML node tree (not the loaded data) so every error can name its line."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, msg: str, node: yaml.Node | None, hint: str | None = None) -> ConfigError:
        line = node.start_mark.line + 1 if node is not None else None
        return ConfigError(msg, path=str(self.path), line=line, hint=hint)

    def parse(self, text: str) -> TeamsConfig:
        where = str(self.path)
        try:
            doc = compose_yaml(
                text,
                max_aliases=MAX_TEAMS_YAML_ALIASES,
                max_nodes=MAX_TEAMS_YAML_NODES,
                max_depth=MAX_YAML_DEPTH,
            )
        except YAMLRefused as exc:
            raise ConfigError(
                f"invalid YAML: {exc.problem}",
                path=where,
                line=exc.line,
                hint="check the indentation and the ':' after each key",
            ) from None
        if doc is None:
            raise ConfigError(
                "the file is empty",
                path=where,
                line=1,
                hint=f"it needs at least:\n{example_teams(self.path.parent)}",
            )
        top = self.mapping(doc, "the top level")
        for key, (knode, _v) in top.items():
            if key not in ("default_kb", "teams"):
                raise self.fail(
                    f"unknown key {key!r} at the top level",
                    knode,
                    "the top level has only 'default_kb' and 'teams'",
                )
        if "default_kb" not in top:
            raise self.fail(
                "missing 'default_kb' (the KB for an empty or unknown component)",
                doc,
                "add e.g. 'default_kb: troubleshooting'",
            )
        dkey, dnode = top["default_kb"]
        default_kb = self.kb_name(self.scalar(dnode, "default_kb"), dnode)
        teams: dict[str, Team] = {}
        tnode = top["teams"][1] if "teams" in top else None
        if tnode is not None and not _is_null(tnode):
            for name, (name_node, body) in self.mapping(tnode, "'teams'").items():
                lname = team_key(name)
                if not lname:
                    raise self.fail("a team has an empty name", name_node)
                if lname in teams:
                    raise self.fail(
                        f"team {name!r} is listed twice (names are matched ignoring case, "
                        f"width and invisible characters; first at line {teams[lname].line})",
                        name_node,
                    )
                teams[lname] = self.team(name.strip(), name_node, body)
        return TeamsConfig(self.path, default_kb, dkey.start_mark.line + 1, teams)

    def mapping(self, node: yaml.Node, what: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """``{key: (key node, value node)}``; refuses non-mappings and repeated keys."""
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(f"{what} must be a mapping of 'key: value' lines", node)
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode) or _is_null(k):
                raise self.fail(f"{what} has a key that is not a plain name", k)
            if k.value in out:
                first = out[k.value][0].start_mark.line + 1
                raise self.fail(f"{k.value!r} appears twice in {what} (first at line {first})", k)
            out[k.value] = (k, v)
        return out

    def scalar(self, node: yaml.Node, what: str) -> str:
        if not isinstance(node, yaml.ScalarNode) or _is_null(node) or not str(node.value).strip():
            raise self.fail(f"{what} must be a non-empty value", node)
        return str(node.value).strip()

    def names(self, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node]]:
        if _is_null(node):
            return []
        if isinstance(node, yaml.ScalarNode):  # a single name stands for a one-item list
            return [(self.scalar(node, what), node)]
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(f"{what} must be a list, e.g. [a, b]", node)
        return [(self.scalar(item, f"each entry of {what}"), item) for item in node.value]

    def kb_name(self, value: str, node: yaml.Node) -> str:
        try:
            name = check_name(value)
        except InvalidArgumentError as exc:
            raise self.fail(
                exc.message, node, "use the folder name of a KB under the root"
            ) from None
        if "/" in name:
            raise self.fail(
                f"knowledge base {value!r} is not a single folder name",
                node,
                "use the folder name of a KB under the root, e.g. 'payments'",
            )
        return name

    def choice(self, node: yaml.Node, key: str, allowed: tuple[str, ...]) -> str:
        raw = node.value if isinstance(node, yaml.ScalarNode) else None
        value = str(raw).strip().lower() if raw is not None else ""
        if value not in allowed:
            shown = raw if raw is not None else "a " + type(node).__name__.replace("Node", "")
            raise self.fail(
                f"{key} must be {' or '.join(allowed)}, not {shown!r}",
                node,
                f"write e.g. '{key}: {allowed[0]}'",
            )
        return value

    def team(self, name: str, name_node: yaml.Node, body: yaml.Node) -> Team:
        fields = {} if _is_null(body) else self.mapping(body, f"team {name!r}")
        for key, (knode, _v) in fields.items():
            if key not in TEAM_KEYS:
                raise self.fail(
                    f"unknown key {key!r} in team {name!r}",
                    knode,
                    f"a team may set only: {', '.join(TEAM_KEYS)}",
                )
        access = (
            self.choice(fields["access"][1], "access", ACCESS_VALUES)
            if "access" in fields
            else "allowed"
        )
        memory = (
            self.choice(fields["memory"][1], "memory", MEMORY_VALUES)
            if "memory" in fields
            else "disabled"
        )
        kbs = (
            [(self.kb_name(v, n), n) for v, n in self.names(fields["kb_ids"][1], "kb_ids")]
            if "kb_ids" in fields
            else []
        )
        if not kbs and access == "allowed":
            where = fields["kb_ids"][1] if "kb_ids" in fields else name_node
            raise self.fail(
                f"team {name!r} has no kb_ids",
                where,
                "list at least one KB, e.g. 'kb_ids: [payments]', or set 'access: denied'",
            )
        pids: list[str] = []
        if "memory_project_ids" in fields:
            for v, n in self.names(fields["memory_project_ids"][1], "memory_project_ids"):
                try:
                    pids.append(check_project_id(v))
                except InvalidArgumentError as exc:
                    raise self.fail(exc.message, n, exc.hint) from None
        first: dict[str, int] = {}
        for k, n in kbs:
            first.setdefault(k, n.start_mark.line + 1)
        return Team(
            name=name,
            kb_ids=tuple(first),
            access=access,
            memory=memory,
            memory_project_ids=tuple(dict.fromkeys(pids)),
            line=name_node.start_mark.line + 1,
            kb_lines=tuple(first.values()),
        )


def _is_null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"
