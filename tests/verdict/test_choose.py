"""Choosing the KB for ``kb=None``: README overlap, each KB's best evidence, and the script of a
Chinese question as a tie-breaker."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval import search
from knowledge_retrieval.text.analysis import cjk_script
from knowledge_retrieval.verdict.choose import SCRIPT_BONUS, Choice, pick

from ..conftest import write


@pytest.mark.parametrize(
    ("text", "script"),
    [
        ("稻的種類還可以怎麼分", "traditional"),
        ("稻的种类还可以怎么分", "simplified"),
        ("水稻", None),  # characters both scripts share
        ("rice varieties", None),
    ],
)
def test_the_script_of_a_chinese_text(text: str, script: str | None) -> None:
    assert cjk_script(text) == script


def test_the_same_script_breaks_a_tie_and_nothing_more() -> None:
    tie = [Choice("jian", 0.0, 0.40), Choice("fan", 0.0, 0.40, same_script=True)]
    assert pick(tie, 0.35)[0][0].name == "fan"
    clear = [Choice("jian", 0.0, 0.60), Choice("fan", 0.0, 0.40, same_script=True)]
    assert pick(clear, 0.35)[0][0].name == "jian"
    assert SCRIPT_BONUS < 0.65 * 0.10  # less than ten points of evidence


def test_a_close_second_is_merged_when_its_best_hit_would_be_returned() -> None:
    # evidence is on the choice scale; the threshold is compared with the hit's score
    lead = Choice("orders", 0.0, 0.26, best=0.28)
    chosen, why = pick([lead, Choice("identity", 0.0, 0.24, best=0.39)], 0.35)
    assert [c.name for c in chosen] == ["orders", "identity"]
    assert why.endswith("close call, so 'identity' was searched too and merged")
    chosen, why = pick([lead, Choice("identity", 0.0, 0.24, best=0.30)], 0.35)
    assert [c.name for c in chosen] == ["orders"] and "merged" not in why
    far = Choice("identity", 0.0, 0.10, best=0.90)  # not close: the lead alone
    assert [c.name for c in pick([lead, far], 0.35)[0]] == ["orders"]


def test_a_traditional_question_goes_to_the_traditional_kb(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "jian" / "README.md", "# 百科\n\n简体中文的百科条目。\n")
    write(root / "jian" / "rice.md", "# 稻\n\n稻的品种可以按照生长期来分类。\n")
    write(root / "fan" / "README.md", "# 百科\n\n繁體中文的百科條目。\n")
    write(root / "fan" / "rice.md", "# 稻\n\n稻的品種可以按照生長期來分類。\n")
    assert search("稻的品種怎麼分類", root=root).kb == "fan"
    assert search("稻的品种怎么分类", root=root).kb == "jian"


def test_common_english_words_are_no_question_words_in_a_kb_without_english(
    tmp_path: Path,
) -> None:
    # a Chinese encyclopedia that knows one English word of the question, from a bank's name:
    # every other word is unknown to it, yet they are the question's topic, not filler
    root = tmp_path / "KnowledgeBase"
    write(root / "wiki" / "README.md", "# 百科\n\n中文百科条目：历史、地理、人物与机构。\n")
    write(
        root / "wiki" / "bank.md",
        "# 越南投资发展银行\n\n越南投资发展银行（英文全称：Bank for Investment and Development"
        " of Vietnam）是越南最大的国有银行之一，创立于1957年。\n",
    )
    for i, (title, body) in enumerate(
        [("长城", "长城是中国古代的军事防御工程。"), ("黄河", "黄河是中国第二长的河流。")]
    ):
        write(root / "wiki" / f"p{i}.md", f"# {title}\n\n{body}\n")
    write(root / "docs" / "README.md", "# Docs\n\nContributor documentation for the website.\n")
    write(
        root / "docs" / "development.md",
        "# Development\n\nSet up a development environment: install the tools, clone the "
        "website repository and run the local server. The first build takes a few minutes.\n",
    )
    write(
        root / "docs" / "style.md",
        "# Style guide\n\nWrite short sentences. Use one idea per paragraph, and link to other "
        "pages when a term is new. Also add alt text to every image.\n",
    )
    q = "Learn how to set up a development environment for this website"
    got = search(q, root=root)
    assert got.kb == "docs" and got.hits[0].path == "development.md"
    assert not search(q, "wiki", root=root).found  # six words unknown there, one known


def test_a_string_of_keywords_has_no_question_words(tmp_path: Path) -> None:
    # "home assistant port" names a product the notes never mention; typed as bare keywords,
    # its common words are its topic, not the filler of a question ("how many", "happens")
    root = tmp_path / "KnowledgeBase"
    write(root / "homelab" / "README.md", "# homelab\n\nNetwork, storage and services.\n")
    write(
        root / "homelab" / "services" / "taskq.md",
        "# Task queue notes\n\nThe worker is started with `celery -A app worker`. The broker "
        "is RabbitMQ on port 5672.\n",
    )
    write(
        root / "homelab" / "services" / "jellyfin.md",
        "# Jellyfin\n\nRuns in docker on the NAS. Port 8096. Media library on /tank/media.\n",
    )
    got = search("home assistant port", "homelab", root=root)
    assert not got.found
    assert "it does not have: home, assistant" in got.notes[0]
    assert search("jellyfin port", "homelab", root=root).found
