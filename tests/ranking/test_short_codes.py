"""A code too short to be one by its shape (L5, M03) is one of the KB's codes when the KB has a
series of them (L1 to L4): a question about the one it lacks is about something it does not have."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import search

from ..conftest import write

LEVELS = "\n".join(
    f"| L{n} | {name} | {zones} |"
    for n, name, zones in (
        (1, "Visitor", "lobby"),
        (2, "Resident guest", "lobby, lifts"),
        (3, "Cleaner", "lobby, lifts, plant rooms"),
        (4, "Contractor", "lobby, lifts, plant rooms, roof"),
    )
)


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "estate" / "README.md", "# Estate office\n\nVisitor access and the door system.\n")
    write(
        root / "estate" / "access-levels.md",
        "# Access levels\n\nWhat each access level allows in the door access system.\n\n"
        f"| level | name | zones |\n| --- | --- | --- |\n{LEVELS}\n",
    )
    write(
        root / "estate" / "parking.md",
        "# Parking\n\nBay P5 is kept for the fire brigade; visitors park on level B1.\n",
    )
    return root


def test_a_short_code_missing_from_the_kbs_series_is_an_absent_identifier(tmp_path: Path) -> None:
    root = _root(tmp_path)
    r = search("What does access level L5 allow in the door access system?", "estate", root=root)
    assert not r.found
    assert (
        "'L5' is not in 'estate': no document has this identifier (did you mean: L4, L3, L2?)"
        in r.notes
    )
    r = search("What does access level L4 allow in the door access system?", "estate", root=root)
    assert r.found and r.hits[0].path == "access-levels.md"


def test_a_short_code_of_no_series_is_read_as_a_word(tmp_path: Path) -> None:
    # the KB has P5 alone and B1 alone: P4 and B2 are no codes of a series it writes
    root = _root(tmp_path)
    for q in ("which bay is P4", "where do visitors park, B2?"):
        r = search(q, "estate", root=root)
        assert not any("no document has this identifier" in n for n in r.notes), q


def _delays(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "ramp" / "README.md", "# Ramp\n\nDelay codes and ground power.\n")
    write(
        root / "ramp" / "delay-codes.md",
        "# Delay codes\n\nLocal sub-codes of the station delay report.\n\n"
        "| code | sub-code | meaning |\n| --- | --- | --- |\n"
        "| 18 | 18A | late transfer baggage from the belt |\n"
        "| 18 | 18C | baggage loaded to the wrong hold |\n"
        "| 33 | 33G | ground power unit failure |\n",
    )
    write(
        root / "ramp" / "ground-power.md",
        "# Ground power\n\nThe GPU gives 28V DC; the older carts give 12V and 24V.\n",
    )
    return root


def test_a_lettered_code_missing_from_the_kbs_series_is_an_absent_identifier(
    tmp_path: Path,
) -> None:
    # 18B beside the KB's 18A and 18C: a sub-code it does not have
    root = _delays(tmp_path)
    r = search("What does delay sub-code 18B mean?", "ramp", root=root)
    assert not r.found
    assert (
        "'18B' is not in 'ramp': no document has this identifier (did you mean: 18A, 18C?)"
        in r.notes
    )
    r = search("What does delay sub-code 18C mean?", "ramp", root=root)
    assert r.found and r.hits[0].path == "delay-codes.md"


def test_a_unit_is_no_lettered_series(tmp_path: Path) -> None:
    # 12V, 24V and 28V share their letter, not a lead: 36V is a voltage the KB may not write,
    # no code of a series it has (a series starts at A)
    root = _delays(tmp_path)
    r = search("does the ground power unit give 36V", "ramp", root=root)
    assert not any("no document has this identifier" in n for n in r.notes)
