"""A small English KB for the semantic tests: pages the tiny model knows the concepts of."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import write

PAGES = {
    "refunds.md": "# Refunds\n\nA refund is paid back to the card within 5 days. Money back "
    "needs the receipt.\n",
    "passwords.md": "# Passwords\n\nTo reset a password open the account page and choose reset.\n",
    "shipping.md": "# Shipping\n\nA parcel leaves the warehouse the next day; delivery takes "
    "two days.\n",
    "leave.md": "# Leave\n\nEvery employee has 25 vacation days of leave a year.\n",
}


def english_root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "help" / "README.md", "# Help\n\nThe help desk's English pages.\n")
    for name, text in PAGES.items():
        write(root / "help" / name, text)
    return root
