"""A returned hit says what it lacks of the question: through the API, the CLI's JSON, text and
markdown, and the agent tool's envelope."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from knowledge_retrieval import search
from knowledge_retrieval.service.envelope import search_envelope, to_markdown

from .conftest import write
from .interfaces.test_cli import kr


@pytest.fixture
def power_root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "lab" / "README.md", "# Lab\n\nHome lab notes: power, network, NAS.\n")
    write(
        root / "lab" / "ups.md",
        "# UPS\n\nThe APC UPS in the rack powers the NAS and the switch.\n\n"
        "On battery it lasts about 25 minutes at the usual load.\n",
    )
    write(root / "lab" / "nas.md", "# NAS\n\nThe NAS is at 10.0.20.5 and serves the backups.\n")
    return root


def test_a_hit_without_the_asked_value_says_so(power_root: Path) -> None:
    r = search("how many USD did the UPS cost", "lab", root=power_root, score_threshold=0.0)
    top = r.hits[0]
    assert top.path == "ups.md"
    assert top.missing_value == "usd"
    assert (
        "an amount in US dollars, which the question asks for, in the parts that match" in top.lacks
    )


def test_a_hit_names_the_words_it_does_not_have(power_root: Path) -> None:
    r = search("UPS battery replacement date", "lab", root=power_root, score_threshold=0.0)
    top = r.hits[0]
    assert top.path == "ups.md"
    assert "replacement" in top.missing_terms
    assert "replacement" in top.lacks and "battery" not in top.lacks


def test_an_identifier_the_kb_has_nowhere_is_named(power_root: Path) -> None:
    r = search("UPS-9000 battery", "lab", root=power_root, score_threshold=0.0)
    top = r.hits[0]
    assert top.absent_identifiers == ("UPS-9000",)
    assert top.lacks.startswith("UPS-9000 (in no file of the knowledge base)")


def test_a_whole_answer_lacks_nothing(power_root: Path) -> None:
    r = search("how long does the UPS last on battery", "lab", root=power_root)
    assert r.found and r.hits[0].path == "ups.md"
    assert r.hits[0].lacks == "" and r.hits[0].missing_value == ""


def test_the_envelope_and_markdown_carry_what_a_hit_lacks(power_root: Path) -> None:
    r = search("UPS battery replacement date", "lab", root=power_root, score_threshold=0.0)
    env = search_envelope(r)
    first = env["data"]["results"][0]
    assert first["lacks"] == r.hits[0].lacks and "replacement" in first["missing_terms"]
    assert f"**Lacks:** {r.hits[0].lacks}" in to_markdown(env)


def test_the_cli_prints_what_a_hit_lacks(power_root: Path) -> None:
    args = ("UPS battery replacement date", "--kb", "lab", "--root", str(power_root))
    p = kr("search", *args, "--score-threshold", "0", "--output", "json")
    assert p.returncode == 0, p.stderr
    first = json.loads(p.stdout)["data"]["results"][0]
    assert "replacement" in first["lacks"]
    p = kr("search", *args, "--score-threshold", "0")
    assert p.returncode == 0, p.stderr
    assert f"     lacks: {first['lacks']}" in p.stdout.splitlines()


def test_a_word_several_files_share_asked_alone_is_found(tmp_path: Path) -> None:
    # each of four pages has the rare word once: the KB has it, so it is found, on every page
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", "# Notes\n\nTeam notes.\n")
    for i in range(1, 5):
        write(
            root / "kb" / f"p{i}.md",
            f"# Page {i}\n\nSome text about topic {i} and the kumquatzilla project.\n",
        )
    r = search("kumquatzilla", root=root)
    assert r.found
    assert sorted(h.path for h in r.hits) == ["p1.md", "p2.md", "p3.md", "p4.md"]
    assert all(h.matched_terms == ("kumquatzilla",) and not h.lacks for h in r.hits)
