"""teams.yaml: loading, checking with line numbers, and resolving a component."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from knowledge_retrieval.errors import ConfigError, InvalidArgumentError
from knowledge_retrieval.team.teams import load_teams, parse_teams

from ..conftest import write


def test_sample_teams_resolve(sample_root: Path) -> None:
    cfg = load_teams(sample_root)
    assert cfg.default_kb == "troubleshooting"
    pay = cfg.resolve("payments")
    assert (pay.kb_ids, pay.allowed, pay.memory_project_ids) == (("payments", "glossary"), True, ())
    logi = cfg.resolve("logistics")
    assert logi.memory_enabled and logi.memory_project_ids == ("logistics-core",)
    risk = cfg.resolve("risk")
    assert not risk.allowed and risk.team is not None and risk.team.name == "risk"


@pytest.mark.parametrize("component", ["Payments", "  payments ", "PAYMENTS"])
def test_component_is_matched_ignoring_case_and_spaces(sample_root: Path, component: str) -> None:
    res = load_teams(sample_root).resolve(component)
    assert res.team is not None and res.team.name == "payments"
    assert res.component == component.strip()


@pytest.mark.parametrize("component", [None, "", "   ", "nobody", "pay ments"])
def test_empty_or_unknown_component_gets_the_default_kb(
    sample_root: Path, component: str | None
) -> None:
    res = load_teams(sample_root).resolve(component)
    assert res.is_default and res.allowed
    assert res.kb_ids == ("troubleshooting",) and res.memory_project_ids == ()


def test_component_must_be_text(sample_root: Path) -> None:
    with pytest.raises(InvalidArgumentError):
        load_teams(sample_root).resolve(3)  # type: ignore[arg-type]


def test_memory_disabled_ignores_project_ids() -> None:
    cfg = parse_teams(
        "default_kb: a\nteams:\n  t:\n    kb_ids: [a]\n    memory: disabled\n"
        "    memory_project_ids: [p1]\n"
    )
    res = cfg.resolve("t")
    assert not res.memory_enabled and res.memory_project_ids == ()
    assert cfg.teams["t"].memory_project_ids == ("p1",)


def test_defaults_and_lenient_forms() -> None:
    cfg = parse_teams(
        "default_kb: 5297\n"
        "teams:\n"
        "  Ops:\n"
        "    kb_ids: ops\n"  # one name stands for a one-item list
        "  dup:\n"
        "    kb_ids: [a, a, b]\n"
        "    access: DENIED\n"
        "    memory: Enabled\n"
    )
    assert cfg.default_kb == "5297"
    ops = cfg.resolve("ops")
    assert ops.kb_ids == ("ops",) and ops.allowed and not ops.memory_enabled
    dup = cfg.teams["dup"]
    assert dup.kb_ids == ("a", "b") and not dup.allowed and dup.memory_enabled
    assert dup.kb_lines == (6, 6)
    assert cfg.line_of(dup, "b") == 6 and cfg.line_of(None, "x") == 1


def test_teams_section_may_be_empty() -> None:
    assert parse_teams("default_kb: a\nteams:\n").teams == {}
    assert parse_teams("default_kb: a\n").resolve("x").kb_ids == ("a",)


def test_missing_file_names_the_file(sample_root: Path) -> None:
    (sample_root / "teams.yaml").unlink()
    with pytest.raises(ConfigError) as exc:
        load_teams(sample_root)
    err = exc.value
    assert err.code == "config_error" and err.path and err.path.endswith("teams.yaml")
    assert "no teams.yaml" in err.message and "default_kb" in (err.hint or "")


def test_missing_root_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no KnowledgeBase folder"):
        load_teams(tmp_path / "nowhere")


GOOD_TEAM = "default_kb: troubleshooting\nteams:\n  payments:\n    kb_ids: [payments]\n"


@pytest.mark.parametrize(
    ("text", "line", "needle"),
    [
        ("default_kb: a\nteams:\n  t:\n    kb_ids: [a\n", 5, "invalid YAML"),
        ("default_kb: a\nteams:\n  t:\n   kb_ids: [a]\n    access: allowed\n", 5, "invalid YAML"),
        ("", 1, "empty"),
        ("- a\n- b\n", 1, "mapping"),
        ("teams:\n  t:\n    kb_ids: [a]\n", 1, "missing 'default_kb'"),
        ("default_kb:\nteams: {}\n", 1, "default_kb must be a non-empty value"),
        ("default_kb: ../etc\n", 1, "'..'"),
        ("default_kb: a\ndefault_team: b\n", 2, "unknown key 'default_team'"),
        (GOOD_TEAM + "    acess: denied\n", 5, "unknown key 'acess'"),
        (GOOD_TEAM + "    access: no\n", 5, "access must be allowed or denied"),
        (GOOD_TEAM + "    access: [denied]\n", 5, "access must be allowed or denied"),
        (GOOD_TEAM + "    memory: on\n", 5, "memory must be enabled or disabled"),
        (GOOD_TEAM + "    memory_project_ids: [../x]\n", 5, "looks like a path"),
        (GOOD_TEAM + "    memory_project_ids: [.hidden]\n", 5, "not allowed"),
        (GOOD_TEAM + "    memory_project_ids: {a: b}\n", 5, "must be a list"),
        (GOOD_TEAM + "  Payments:\n    kb_ids: [x]\n", 5, "listed twice"),
        (GOOD_TEAM + "    kb_ids: [x]\n", 5, "appears twice"),
        ("default_kb: a\nteams:\n  t:\n    kb_ids: []\n", 4, "has no kb_ids"),
        ("default_kb: a\nteams:\n  t:\n    access: allowed\n", 3, "has no kb_ids"),
        ("default_kb: a\nteams:\n  t:\n    kb_ids: [a/b]\n", 4, "single folder"),
        ("default_kb: a\nteams:\n  t:\n    kb_ids: [~]\n", 4, "non-empty value"),
        ("default_kb: a\nteams: [a, b]\n", 2, "'teams' must be a mapping"),
    ],
)
def test_malformed_teams_yaml_names_the_line(
    tmp_path: Path, text: str, line: int, needle: str
) -> None:
    write(tmp_path / "KnowledgeBase" / "teams.yaml", text)
    with pytest.raises(ConfigError) as exc:
        load_teams(tmp_path / "KnowledgeBase")
    err = exc.value
    assert err.line == line, str(err)
    assert needle in str(err)
    assert str(err).startswith(f"{err.path}:{line}: ")
    assert err.to_dict()["code"] == "config_error"


def test_denied_team_may_omit_kb_ids() -> None:
    cfg = parse_teams("default_kb: a\nteams:\n  r:\n    access: denied\n")
    assert not cfg.resolve("r").allowed and cfg.resolve("r").kb_ids == ()
    with pytest.raises(ConfigError, match="has no kb_ids"):
        parse_teams("default_kb: a\nteams:\n  s:\n")


def test_non_utf8_file_is_reported(tmp_path: Path) -> None:
    p = tmp_path / "KnowledgeBase" / "teams.yaml"
    p.parent.mkdir()
    p.write_bytes(b"default_kb: a\n# \xff\xfe\n")
    with pytest.raises(ConfigError, match="UTF-8") as exc:
        load_teams(p.parent)
    assert exc.value.line == 2


@pytest.mark.parametrize(
    "component",
    ["ｒｉｓｋ", "risk\u200b", "\u202erisk", "RİSK".replace("İ", "I"), "ＲＩＳＫ\u2066"],
)
def test_lookalike_spellings_are_the_denied_team(sample_root: Path, component: str) -> None:
    """Full-width letters, zero-width and bidi characters do not make an unknown team (which
    would get the default KB): they are the team whose name they spell."""
    res = load_teams(sample_root).resolve(component)
    assert res.team is not None and res.team.name == "risk"
    assert not res.allowed and not res.is_default


def test_two_spellings_of_one_team_are_an_error(tmp_path: Path) -> None:
    write(
        tmp_path / "KnowledgeBase" / "teams.yaml",
        "default_kb: a\nteams:\n  risk:\n    access: denied\n  ｒｉｓｋ\u200b:\n    kb_ids: [a]\n",
    )
    with pytest.raises(ConfigError) as exc:
        load_teams(tmp_path / "KnowledgeBase")
    assert exc.value.line == 5
    assert exc.value.message.endswith(
        "team 'ｒｉｓｋ\\u200b' is listed twice (names are matched ignoring case, width and "
        "invisible characters; first at line 3)"
    )


def test_teams_yaml_is_parsed_once_per_change(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    big = "".join(f"  team{i}:\n    kb_ids: [kb{i % 7}]\n" for i in range(2000))
    path = write(root / "teams.yaml", f"default_kb: a\nteams:\n{big}")
    first = load_teams(root)
    assert load_teams(root) is first  # unchanged: the parsed file is reused
    st = path.stat()
    # same size, mtime restored: only the ctime (and the content) says it changed
    path.write_text(path.read_text(encoding="utf-8").replace("kb6]", "kb9]", 1), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size and path.stat().st_mtime_ns == st.st_mtime_ns
    second = load_teams(root)
    assert second is not first
    assert second.teams["team6"].kb_ids == ("kb9",)


def test_teams_yaml_alias_bomb_is_a_config_error(tmp_path: Path) -> None:
    levels = "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 9)
    ).replace("a", "x")
    write(
        tmp_path / "KnowledgeBase" / "teams.yaml",
        f"default_kb: a\nx0: &x0 [q, q, q, q, q, q, q, q, q]\n{levels}teams: {{}}\n",
    )
    with pytest.raises(ConfigError, match="invalid YAML: expands to more than 500000 values"):
        load_teams(tmp_path / "KnowledgeBase")
