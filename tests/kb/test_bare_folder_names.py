"""A README that names one of its KB's folders by its bare name (`draft_ideas`, no slash and
no folder word) names that folder: its sentence becomes a rule or is reported, never silent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.kb.rules import named_folders, parse_readme

SENTENCE = (
    "Same way, whatever is inside `draft_ideas` is only what we talked about in the WhatsApp "
    "group; none of it has been approved, so please don't answer anybody from it."
)


def _root(tmp_path: Path, *, folder: bool) -> Path:
    kb = tmp_path / "KnowledgeBase" / "estate"
    (kb / "rates").mkdir(parents=True)
    (kb / "rates" / "plucking.md").write_text(
        "# Plucking rates\n\nThe plucking rate is Rs 50 per kilo over the norm.\n", encoding="utf-8"
    )
    if folder:
        (kb / "draft_ideas").mkdir()
        (kb / "draft_ideas" / "new-rates.md").write_text(
            "# New plucking rates idea\n\nThe plucking rate could go to Rs 65 per kilo.\n",
            encoding="utf-8",
        )
    else:
        (kb / "draft_ideas").write_text("a file, not a folder\n", encoding="utf-8")
    (kb / "README.md").write_text(f"# Estate office\n\n{SENTENCE}\n", encoding="utf-8")
    return tmp_path / "KnowledgeBase"


def test_a_folder_named_bare_is_excluded_and_quoted_as_written(tmp_path: Path) -> None:
    root = _root(tmp_path, folder=True)
    (kb,) = list_kbs(root)
    assert kb.rules.exclude == ("draft_ideas/",)
    (said,) = [s for s in kb.rules.sentences if "draft_ideas" in s.text]
    assert "`draft_ideas`" in said.text  # the author's words, not ours
    r = search("plucking rate per kilo", "estate", root=root)
    assert r.found and {h.path for h in r.hits} == {"rates/plucking.md"}


def test_a_bare_name_that_is_no_folder_of_the_kb_is_no_mention(tmp_path: Path) -> None:
    root = _root(tmp_path, folder=False)
    (kb,) = list_kbs(root)
    assert kb.rules.exclude == ()
    assert not any("draft_ideas" in s.text for s in kb.rules.sentences)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_link_to_a_folder_is_not_listed_as_one(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    (tmp_path / "elsewhere").mkdir()
    kb.mkdir()
    (kb / "draft_ideas").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert named_folders(SENTENCE, kb) == ()


def test_only_folders_the_text_names_bare_are_listed(tmp_path: Path) -> None:
    for name in ("draft_ideas", "old", "rates"):
        (tmp_path / name).mkdir()
    text = "Use `rates/` and ignore `old`; `draft_ideas` is chat; `max_retries` is a key."
    assert named_folders(text, tmp_path) == ("draft_ideas", "old")
    assert named_folders("no code at all", tmp_path / "missing") == ()
    assert parse_readme(f"# k\n\n{SENTENCE}\n", ("draft_ideas",)).exclude == ("draft_ideas/",)
    assert parse_readme(f"# k\n\n{SENTENCE}\n").exclude == ()


def test_a_folder_named_in_quotes_is_that_folder(tmp_path: Path) -> None:
    kb = tmp_path / "KnowledgeBase" / "clinic"
    for name in ("收費", "舊嘢", "傾偈草稿"):
        (kb / name).mkdir(parents=True)
        (kb / name / "a.md").write_text(f"# {name}\n\n推拿每次 380 蚊。\n", encoding="utf-8")
    text = (
        "# 醫館\n\n另外有兩個資料夾要講清楚。「舊嘢」入面係舊收費表，千祈唔好攞嚟答客人問題。"
        "「傾偈草稿」係群組討論，全部唔好當真，唔好攞嚟答客人。「推拿」係我哋嘅招牌。\n"
    )
    (kb / "README.md").write_text(text, encoding="utf-8")
    (info,) = list_kbs(tmp_path / "KnowledgeBase")
    assert set(info.rules.exclude) == {"舊嘢/", "傾偈草稿/"}
    quoted = [s.text for s in info.rules.sentences]
    assert any(s.startswith("「舊嘢」入面") for s in quoted)  # as written, no path marks
    assert not any("推拿" in s for s in quoted)  # 「推拿」 is no folder of the KB
    assert named_folders(text, kb) == ("傾偈草稿", "舊嘢")


def _rules(tmp_path: Path, folders: tuple[str, ...], body: str) -> dict[str, str]:
    kb = tmp_path / "kb"
    for name in folders:
        (kb / name).mkdir(parents=True)
    text = f"# Roadhouse\n\nThe house notes.\n\n{body}\n"
    rules = parse_readme(text, named_folders(text, kb))
    return {r.path: r.action for r in rules.understood}


def test_a_folder_named_bare_in_prose_is_that_folder(tmp_path: Path) -> None:
    body = (
        "There's two more folders you'll spot in here. old-2023-24 is last season's price "
        "sheets, so don't go quoting them to anyone. And yarns is our scribble pad; none of "
        "that's been signed off."
    )
    got = _rules(tmp_path, ("old-2023-24", "yarns", "servo"), body)
    assert got == {"old-2023-24/": "exclude", "yarns/": "exclude"}  # and no "more/"


def test_a_common_word_that_names_a_folder_is_the_word(tmp_path: Path) -> None:
    got = _rules(tmp_path, ("staff", "kitchen"), "Staff must never use the kitchen phone.")
    assert got == {}


def test_prose_words_beside_a_folder_named_by_its_path_are_words(tmp_path: Path) -> None:
    # 旧 RMA 流程 is what 旧版/ holds, not the folder RMA/
    body = "- `旧版/`：2022 年的旧报价规则、旧 RMA 流程。已经作废，绝对不要引用。"
    assert _rules(tmp_path, ("旧版", "RMA"), body) == {"旧版/": "exclude"}


def test_keywords_introduced_by_a_phrase_are_keywords(tmp_path: Path) -> None:
    text = "# Radio\n\nKeywords if you're searching: rota, swaps, dead air, faders.\n"
    rules = parse_readme(text, ("rota",))
    assert "dead air" in rules.keywords and rules.understood == ()


def test_a_common_word_before_folder_names_a_folder_only_where_the_kb_has_it(
    tmp_path: Path,
) -> None:
    kb = tmp_path / "KnowledgeBase" / "depot"
    for folder in ("rates", "attic"):
        (kb / folder).mkdir(parents=True)
        (kb / folder / "page.md").write_text("# Page\n\nA page.\n", encoding="utf-8")
    (kb / "README.md").write_text(
        "# Depot\n\nThis is the shared folder for the depot; Sam fixes whatever we get wrong.\n\n"
        "The rates folder is current. Anything in the attic folder is outdated.\n",
        encoding="utf-8",
    )
    (info,) = list_kbs(tmp_path / "KnowledgeBase")
    assert info.rules.exclude == ("attic/",)  # no shared/: the KB has no such folder
    assert not any("shared" in s.text for s in info.rules.sentences)
