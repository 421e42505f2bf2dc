"""``kr skill install``: write the retrieve-doc and local-knowledge-retrieval agent skills.

A skill is a folder with a ``SKILL.md`` (YAML front matter with ``name`` and ``description``,
then the instructions) in the layout of the Agent Skills format that Codex, Claude Code and
other hosts load from their skills folder. The retrieve-doc skill also gets the seed's two
scripts, ``scripts/dod-query-kb`` and ``scripts/dod-query-memory``; local-knowledge-retrieval
gets ``scripts/kr``. Each script is a small POSIX shell file that picks a Python and runs
``scripts/_launch.py`` (a copy of :mod:`knowledge_retrieval.interfaces.skill_launch`), which
finds the KB root from ``scripts/install.json`` and hands over to ``kr``.

Re-running the install rewrites these files (the team table follows ``teams.yaml``) and leaves
any other file in the folder alone. A ``SKILL.md`` this module did not write is not replaced.
"""

from __future__ import annotations

import dataclasses as dc
import itertools
import json
import os
import re
import shlex
import stat
import sys
import tempfile
from importlib import resources
from pathlib import Path

from .._version import __version__
from ..api import list_kbs
from ..defaults import DISTRIBUTION
from ..errors import ConfigError, InvalidArgumentError
from ..kb.discovery import require_root
from ..team.teams import TEAMS_FILENAME, TeamsConfig, load_teams
from . import skill_launch

SKILL_NAMES = ("retrieve-doc", "local-knowledge-retrieval")
DEFAULT_DEST = os.path.join(".agents", "skills")
"""Project-local skills folder of the Agent Skills hosts (Codex, OpenCode, ...)."""
GENERATOR = f"knowledge_retrieval {__version__} (kr skill install)"
_MARKER = "knowledge_retrieval"

# script name -> the launcher's kind (see skill_launch.COMMANDS) and a one-line description
SCRIPTS: dict[str, dict[str, tuple[str, str]]] = {
    "retrieve-doc": {
        "dod-query-kb": ("kb", "Smart KB: search knowledge bases (kr smart)"),
        "dod-query-memory": ("memory", "Memory KB: search the team's notes (kr memory search)"),
    },
    "local-knowledge-retrieval": {
        "kr": ("kr", "the kr command on this skill's KnowledgeBase root"),
    },
}


@dc.dataclass(frozen=True, slots=True)
class InstalledSkill:
    """What :func:`install_skill` wrote."""

    name: str
    path: Path
    """The skill folder (``DEST/NAME``)."""
    files: tuple[Path, ...]
    root: Path
    """The KnowledgeBase root the scripts use."""
    root_relative: str
    """``root`` relative to the skill folder, as recorded in ``scripts/install.json``."""
    python: str
    """The interpreter recorded for the scripts."""


def _check_name(name: object) -> str:
    if name not in SKILL_NAMES:
        raise InvalidArgumentError(
            f"unknown skill {name!r}",
            hint=f"the skills are {', '.join(SKILL_NAMES)}",
        )
    return str(name)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def team_table(config: TeamsConfig) -> str:
    """The team → knowledge base table of ``teams.yaml`` in the retrieve-doc seed's columns."""
    rows = [
        "| Component | Knowledge bases | Access | Memory | Memory project ids |",
        "|---|---|---|---|---|",
    ]
    for team in config.teams.values():
        kbs = ", ".join(f"`{k}`" for k in team.kb_ids) or "—"
        projects = ", ".join(f"`{p}`" for p in team.memory_project_ids) or "—"
        rows.append(
            f"| `{_cell(team.name)}` | {kbs} | {team.access} | {team.memory} | {projects} |"
        )
    rows.append(
        f"| (empty or not listed: default) | `{config.default_kb}` | allowed | disabled | — |"
    )
    return "\n".join(rows)


def kb_table(root: Path) -> str:
    kbs = list_kbs(root)
    if not kbs:
        return "No knowledge bases (folders with a README.md) were found under the root."
    rows = ["| Knowledge base | What it holds |", "|---|---|"]
    for k in kbs:
        desc = _cell(k.description)
        rows.append(f"| `{k.name}` | {desc[:300] + '…' if len(desc) > 300 else desc} |")
    return "\n".join(rows)


def _render(name: str, values: dict[str, str]) -> str:
    text = resources.files(__package__).joinpath(f"skill_templates/{name}.md").read_text("utf-8")
    for key, value in values.items():
        if not value:  # an empty placeholder alone on its line leaves no line
            text = re.sub(r"^\{\{ " + key + r" \}\}\n", "", text, flags=re.MULTILINE)
        text = text.replace("{{ " + key + " }}", value)
    text = re.sub(r"\n{3,}", "\n\n", text)  # an empty section leaves no gap
    if "{{ " in text:  # pragma: no cover - a template bug
        raise AssertionError(f"unfilled placeholder in the {name} template")
    return text


def shell_script(kind: str, python: str, description: str) -> str:
    """A script that picks a Python and runs the launcher beside it with ``kind``."""
    fallback = (
        '{"ok": false, "error": {"code": "python_not_found", "message": "no Python found", '
        '"hint": "set KR_PYTHON to a Python that has knowledge_retrieval '
        f'(pip install {DISTRIBUTION}) installed"}}'
    )
    return f"""#!/bin/sh
# {description}.
# Written by `kr skill install`; rerun it to update. Python: $KR_PYTHON, else the one
# recorded at install, else python3 (or python) on PATH.
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd -P) || exit 1
py=${{KR_PYTHON:-}}
if [ -z "$py" ]; then
  py={shlex.quote(python)}
  if [ ! -x "$py" ]; then
    py=$(command -v python3 || command -v python) || py=
  fi
fi
if [ -z "$py" ]; then
  printf '%s\\n' {shlex.quote(fallback)}
  exit 1
fi
exec "$py" "$here/_launch.py" {kind} "$@"
"""


def _write(path: Path, text: str, executable: bool = False) -> None:
    """Write ``text`` to ``path`` atomically (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        mode = 0o755 if executable else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if executable:
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


NO_TEAMS = """\
The root had no `{teams}` when this skill was installed ({path}), so every component is
treated alike: **every knowledge base is allowed**, memory is disabled, and unless the caller
gives `kb_ids` the library chooses the knowledge base for each question (run `dod-query-kb
smart` without `--kb-id`; it picks the knowledge base whose README and documents match the
query best). A `{teams}` adds teams: each team's own knowledge bases, denied access, team
memory and the default knowledge base (see the project's docs/agents.md); run `kr skill install
retrieve-doc` again after adding it.

| Component | Knowledge bases | Access | Memory | Memory project ids |
|---|---|---|---|---|
| (any, or empty) | every knowledge base; the library chooses | allowed | disabled | — |

The knowledge bases (from their README.md files):

{kbs}
"""


def _optional_teams(root: Path) -> TeamsConfig | None:
    """``teams.yaml`` of the root, None when there is none; a broken one raises (its line)."""
    path = root / TEAMS_FILENAME
    if not path.exists() and not path.is_symlink():
        return None
    return load_teams(root)


def _folded(text: str, indent: str = "  ", width: int = 94) -> str:
    """``text`` as the lines of a YAML folded block scalar (``>-``)."""
    import textwrap

    return "\n".join(
        textwrap.wrap(
            " ".join(text.split()), width, initial_indent=indent, subsequent_indent=indent
        )
    )


_SOPS = (
    "- SOPs, troubleshooting steps, investigation processes, or tool invocation order. These "
    "are\n  already encapsulated as team skills; use the corresponding skill."
)


def retrieve_doc_values(root: Path, config: TeamsConfig | None) -> dict[str, str]:
    """The retrieve-doc placeholders that depend on the root: its KBs (scope, examples) and
    its ``teams.yaml`` (table, default KB, memory)."""
    from .scope import kb_list, procedures_sentence, topics

    kbs = list(list_kbs(root))
    held = procedures_sentence(kbs)
    own = [[w for w in k.keywords if w.casefold() != k.name.casefold()][:5] for k in kbs]
    words = [w for rank in itertools.zip_longest(*own) for w in rank if w]  # each KB in turn
    single = next((w for w in words if " " not in w), None)
    kinds = "term, code, rule, setting or procedure" if held else "term, code, rule or setting"
    description = (
        f"Look up what this root's local knowledge bases say before explaining it: "
        f"{topics(kbs, 560)}. Use it whenever an answer depends on what a {kinds} means "
        "here; it searches Markdown and CSV documents on this machine and cites them. Not for "
        "real-time data or source code"
        + ("." if held else ", nor for step-by-step procedures and runbooks (team skills).")
    )
    items = kb_list(kbs) + (f"\n- {held}" if held else "")
    values = {
        "description": _folded(description[:1000]),
        "scope_items": "\n".join("  " + line for line in items.splitlines()),
        "not_applicable_procedures": "" if held else _SOPS,
        "query_terms": (
            f"- Terms these knowledge bases use (their README keywords): "
            f"{', '.join(f'`{w}`' for w in dict.fromkeys(words[:15]))}."
            if words
            else ""
        ),
        "vague_term": f"`{single}`" if single else "a bare product or system name",
        "procedures_strategy": ""
        if held
        else (
            "- If the task requires SOPs, troubleshooting steps, or downstream tool invocation "
            "strategy,\n  switch to the corresponding team skill; do not expect KB to return SOPs."
        ),
        "procedures_output": (
            "- When the results are a procedure, give its steps in their order, as written, with "
            "the source."
            if held
            else "- Do not treat retrieval results as SOPs; procedural actions should follow the "
            "team skill."
        ),
        "teams_section": _teams_section(root, config),
    }
    if config is None:
        values |= {
            "empty_component": "the library chooses the knowledge base (there is no `teams.yaml`)",
            "unknown_team": "with no `teams.yaml` there are no teams: run Smart KB without "
            "`--kb-id`\n   and the library chooses the knowledge base",
            "memory_note": "- With no `teams.yaml`, Memory is disabled for every component.",
        }
    else:
        values |= {
            "empty_component": f"use the `{config.default_kb}` knowledge base",
            "unknown_team": f'for unknown teams, fall back to ["{config.default_kb}"]',
            "memory_note": ""
            if any(team.memory_enabled for team in config.teams.values())
            else "- All current teams are disabled. In the future, only the value in the team "
            "table needs to\n  change to enabled; the workflow remains the same.",
        }
    return values


def _teams_section(root: Path, config: TeamsConfig | None) -> str:
    """retrieve-doc's team table: ``teams.yaml``'s rows, or one allow-all row without it."""
    path = root / TEAMS_FILENAME
    if config is None:
        return NO_TEAMS.format(teams=TEAMS_FILENAME, path=f"`{path}`", kbs=kb_table(root))
    return (
        f"Generated from `{TEAMS_FILENAME}` at install time (`{path}`); run `kr skill install\n"
        f"retrieve-doc` again after editing it.\n\n{team_table(config)}\n\n"
        "A component that is not in the table, or an empty component, uses the default row.\n"
    )


def _team_section(root: Path) -> str:
    """The team table for local-knowledge-retrieval, when the root has a valid teams.yaml."""
    if not (root / TEAMS_FILENAME).is_file():
        return ""
    try:
        config = load_teams(root)
    except ConfigError:
        return ""
    return (
        "## Teams\n\nWhen the user speaks for a team, these are its knowledge bases "
        f"(from `{TEAMS_FILENAME}`):\n\n{team_table(config)}\n"
    )


def _refuse_foreign(skill_md: Path, force: bool) -> None:
    if force or not skill_md.exists():
        return
    try:
        head = skill_md.read_text(encoding="utf-8", errors="replace")[:2000]
    except OSError:
        return
    if _MARKER not in head:
        raise InvalidArgumentError(
            f"{skill_md} exists and was not written by kr skill install",
            hint="move it away, choose another --dest, or pass --force to replace it",
        )


def install_skill(
    name: str,
    dest: str | os.PathLike[str] | None = None,
    *,
    root: str | os.PathLike[str] | None = None,
    python: str | None = None,
    force: bool = False,
) -> InstalledSkill:
    """Write skill ``name`` to ``dest/name`` (default ``.agents/skills``) for the root ``root``.

    :param root: the KnowledgeBase folder (default: ``$KNOWLEDGE_BASE_ROOT`` or a
        ``KnowledgeBase/`` folder in the working directory or a parent).
    :param python: the interpreter the scripts run (default: this one, ``sys.executable``).
    :param force: replace a ``SKILL.md`` that this function did not write.
    """
    name = _check_name(name)
    root_path = require_root(root)
    folder = Path(dest if dest is not None else DEFAULT_DEST).expanduser().absolute() / name
    skill_md = folder / "SKILL.md"
    _refuse_foreign(skill_md, force)
    interpreter = python or sys.executable
    folder.mkdir(parents=True, exist_ok=True)
    try:  # from the real folder: the launcher resolves its own path the same way
        rel = os.path.relpath(root_path, folder.resolve())
    except ValueError:  # another drive (Windows): only the absolute path can be recorded
        rel = ""
    values = {
        "generator": GENERATOR,
        "distribution": DISTRIBUTION,
        "root_relative": f"`{rel}`" if rel else "(none: another drive)",
        "root_absolute": f"`{root_path}`",
        "python": f"`{interpreter}`",
    }
    if name == "retrieve-doc":
        values |= retrieve_doc_values(root_path, _optional_teams(root_path))
    else:
        names = [k.name for k in list_kbs(root_path)]
        shown = ", ".join(names[:10]) + (", ..." if len(names) > 10 else "")
        values |= {
            "kb_table": kb_table(root_path),
            "team_section": _team_section(root_path),
            "kb_names": f" ({shown})" if names else "",
            "example_kb": names[0] if names else "<name>",
        }
    text = _render(name, values)
    written: list[Path] = []
    scripts = folder / "scripts"
    record = {
        "skill": name,
        "generator": GENERATOR,
        "python": interpreter,
        "root_relative": rel,
        "root_absolute": str(root_path),
    }
    _write(scripts / skill_launch.RECORD, json.dumps(record, indent=2) + "\n")
    written.append(scripts / skill_launch.RECORD)
    launcher = Path(skill_launch.__file__).read_text(encoding="utf-8")
    _write(scripts / "_launch.py", launcher)
    written.append(scripts / "_launch.py")
    for script, (kind, description) in SCRIPTS[name].items():
        _write(scripts / script, shell_script(kind, interpreter, description), executable=True)
        written.append(scripts / script)
    _write(skill_md, text)
    written.insert(0, skill_md)
    return InstalledSkill(name, folder, tuple(written), root_path, rel, interpreter)
