"""docs/cli.md documents every subcommand and option that ``kr --help`` shows."""

from __future__ import annotations

import argparse
import re

import pytest

from knowledge_retrieval.interfaces.cli import build_parser

from ..conftest import REPO

DOC = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")


def _commands() -> list[tuple[str, argparse.ArgumentParser, str]]:
    """(full command, its parser, its help line) for every leaf subcommand."""
    out: list[tuple[str, argparse.ArgumentParser, str]] = []

    def walk(prefix: str, parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps = {a.dest: a.help or "" for a in action._choices_actions}
                for name, sub in action.choices.items():
                    full = f"{prefix} {name}".strip()
                    if any(isinstance(a, argparse._SubParsersAction) for a in sub._actions):
                        walk(full, sub)
                    else:
                        out.append((full, sub, helps.get(name, "")))

    walk("", build_parser())
    return out


COMMANDS = _commands()


def test_all_commands_are_found() -> None:
    assert {c for c, _p, _h in COMMANDS} == {
        "list",
        "rules",
        "search",
        "smart",
        "memory search",
        "memory add",
        "retrieve",
        "show",
        "index",
        "cache",
        "mcp",
        "tool-schema",
        "skill install",
    }


@pytest.mark.parametrize(
    ("command", "parser", "help_"), COMMANDS, ids=[c for c, _p, _h in COMMANDS]
)
def test_command_is_documented(command: str, parser: argparse.ArgumentParser, help_: str) -> None:
    assert help_, f"kr {command} has no help line"
    assert re.search(rf"^## kr {re.escape(command)}$", DOC, re.MULTILINE), (
        f"no section for kr {command}"
    )
    section = DOC.split(f"## kr {command}\n", 1)[1].split("\n## ", 1)[0]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"kr {command}: {action.dest} has no help"
        for opt in action.option_strings:
            assert opt in section, f"docs/cli.md, kr {command}: {opt} is not documented"
        if not action.option_strings:
            assert (action.metavar or action.dest) in section
        for choice in action.choices or ():
            assert str(choice) in section, f"kr {command} {action.option_strings}: {choice}"


def test_top_level_options_are_documented() -> None:
    for opt in ("--help", "--version"):
        assert f"kr {opt}" in DOC
