"""README rules: golden files, clause classification, path matching, the real eval READMEs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge_retrieval.kb import rules as rules_mod
from knowledge_retrieval.kb.rules import (
    is_emphasized,
    is_entry,
    is_included,
    parse_readme,
    path_matches,
)
from knowledge_retrieval.models import RULE_ACTIONS, KBRules

READMES = Path(__file__).resolve().parents[1] / "fixtures" / "readmes"
EVAL_KB = Path(__file__).resolve().parents[3] / "shared" / "eval" / "KnowledgeBase"
REGEN = os.environ.get("KR_REGEN_GOLDEN") == "1"
"""``KR_REGEN_GOLDEN=1 pytest tests/kb/test_rules.py`` rewrites the golden files: review the diff."""

FIXTURES = sorted(READMES.glob("*.md"))
PROPERTY = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _golden(readme: Path) -> Path:
    return readme.with_name(readme.stem + ".rules.json")


# --- golden files -------------------------------------------------------------------------


def test_fixture_set_is_complete():
    names = {p.stem for p in FIXTURES}
    assert len(names) >= 8
    orphans = sorted(
        p.name
        for p in READMES.glob("*.rules.json")
        if p.name.removesuffix(".rules.json") not in names
    )
    assert not orphans, f"golden files without a README: {orphans}"


@pytest.mark.parametrize("readme", FIXTURES, ids=lambda p: p.stem)
def test_golden(readme: Path):
    got = parse_readme(readme.read_text(encoding="utf-8")).to_dict()
    golden = _golden(readme)
    if REGEN:
        golden.write_text(json.dumps(got, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    assert golden.exists(), (
        f"missing {golden.name}: run with KR_REGEN_GOLDEN=1, then review it by eye"
    )
    assert got == json.loads(golden.read_text(encoding="utf-8"))


def _fixture(name: str) -> KBRules:
    return parse_readme((READMES / f"{name}.md").read_text(encoding="utf-8"))


def test_front_matter_rules_and_body_rules_merge():
    r = _fixture("fm_full_en")
    assert r.style == "front-matter" and r.name == "observatory"
    assert r.include == ("manuals/**/*.md", "logs/**/*.md", "faq.md")  # "./" and "/" dropped
    assert r.exclude == ("**/drafts/**", "manuals/retired/", "logs/raw/")  # body appended
    assert r.emphasize == ("manuals/safety/", "manuals/domes/")  # de-duplicated
    assert r.languages == ("en", "zh-cn")
    assert r.keywords[-2:] == ("astronomy", "night log")


def test_front_matter_keywords_as_string_and_body_description():
    r = _fixture("fm_keywords_string")
    assert r.keywords == ("sourdough", "rye", "starter", "hydration", "oven")
    assert r.description.startswith("Recipes, timings")
    assert r.include == ("recipes/**/*.md",) and r.entry == ("recipes/README.md",)
    assert r.exclude == ("recipes/experiments/",)


def test_broken_front_matter_falls_back(caplog: pytest.LogCaptureFixture):
    r = _fixture("fm_broken")
    assert r.style == "free-form"
    assert r.exclude == ("archive/", "old/**")  # salvaged line by line
    assert r.entry == ("rules/index.md",)  # from the body
    assert "not valid YAML" in caplog.text


@pytest.mark.parametrize(
    "text",
    [
        "---\n- a\n- b\n---\n# T\n\nBody text.\n",  # YAML, but not a mapping
        "---\nname: [\n---\n# T\n\nBody text.\n",  # broken, nothing to salvage
        "---\ntitle: x\n---\n# T\n\nBody text.\n",  # a mapping without rule keys
    ],
)
def test_unusable_front_matter_is_not_a_heading(text: str):
    r = parse_readme(text)
    assert r.style == "free-form" and r.headings == ("T",) and r.name is None


def test_empty_and_title_only():
    assert parse_readme("") == KBRules()
    r = _fixture("title_only")
    assert r.headings == ("Family recipes",) and r.description.startswith("Recipes collected")
    assert r.languages == ("en",) and r.name is None


# --- free-form wording ------------------------------------------------------------------------


def _rules(*lines: str, heading: str = "Search rules") -> KBRules:
    return parse_readme(f"# KB\n\n## {heading}\n\n" + "\n".join(f"- {x}" for x in lines) + "\n")


@pytest.mark.parametrize(
    ("line", "kind", "paths"),
    [
        ("`docs/` — the current documentation. Prefer these pages.", "emphasize", ("docs/",)),
        ("Start from `docs/index.mdx` for an overview.", "entry", ("docs/index.mdx",)),
        (
            "Ignore `**/_category_.json` and anything under `drafts/`.",
            "exclude",
            ("**/_category_.json", "drafts/"),
        ),
        ("Ignore `a/`, `b/` and `c/`.", "exclude", ("a/", "b/", "c/")),
        ("Skip the `tmp` folder.", "exclude", ("tmp/",)),
        ("Read `./toc.md` first.", "entry", ("toc.md",)),
        ("The primary pages are in `/guide/`.", "emphasize", ("guide/",)),
        ("忽略 `drafts/` 目录", "exclude", ("drafts/",)),
        ("忽略 `drafts` 目錄", "exclude", ("drafts/",)),
        ("优先查看 `specs/` 与 `faq/`", "emphasize", ("specs/", "faq/")),
        ("優先查看 `specs/` 與 `faq/`", "emphasize", ("specs/", "faq/")),
        ("先查 `index.md`", "entry", ("index.md",)),
        ("從 `intro.md` 開始", "entry", ("intro.md",)),
        ("不檢索 `old/`", "exclude", ("old/",)),
        ("请勿使用 `old/`", "exclude", ("old/",)),
    ],
)
def test_line_classification(line: str, kind: str, paths: tuple[str, ...]):
    r = _rules(line)
    got = {k: getattr(r, k) for k in ("exclude", "emphasize", "entry") if getattr(r, k)}
    assert got == {kind: paths}


def test_one_line_two_rules():
    r = _rules("prefer `a/`, ignore `b/`", "优先 `c/`；忽略 `d/`", "Prefer `e/` but not `e/old/`")
    assert r.emphasize == ("a/", "c/", "e/")
    assert r.exclude == ("b/", "d/", "e/old/")


@pytest.mark.parametrize(
    "line",
    [
        "`articles/`: each file is a paragraph",
        "`versioned_docs/version-3/` — the documentation of version 3.",
        "Ignore the `helm` command and `kubectl get pods`.",  # not paths
        "Prefer `https://example.com/docs/`.",
    ],
)
def test_lines_that_give_no_rule(line: str):
    r = _rules(line, heading="Layout")
    assert r.exclude == r.emphasize == r.entry == ()


def test_a_layout_line_that_dates_its_folder_puts_it_out():
    """ "the old documentation" says the folder's pages are of a time gone, under any heading."""
    r = _rules("`versioned_docs/version-3/` — the old documentation.", heading="Layout")
    assert r.exclude == ("versioned_docs/version-3/",) and r.emphasize == ()


def test_heading_gives_the_rule_when_the_line_has_none():
    assert _rules("`drafts/`", "`tmp/`", heading="Ignored folders").exclude == ("drafts/", "tmp/")
    assert _rules("`index.md`", heading="入口").entry == ("index.md",)


def test_a_path_whose_rule_comes_after_a_parenthesis_takes_its_headings():
    # the wording is a sentence later, past a parenthesised list with no path of its own
    r = _rules(
        "`archive/` contains outdated pages kept for history (the 2022 quota policy, the v0 "
        "API migration). Do not quote them to users.",
        heading="Ignore",
    )
    assert r.exclude == ("archive/",)
    r = _rules(
        "`archive/` 裡是過期文件（2021 年的取消規定、舊掛號系統），只供查考，請勿依此回覆。",
        heading="可以忽略",
    )
    assert r.exclude == ("archive/",) and r.not_understood == ()


def test_a_heading_that_says_less_important_lowers_rather_than_hides():
    r = _rules("`faq.md` only summarises other pages.", heading="Less important / ignore")
    assert r.exclude == ()
    assert [(x.action, x.path) for x in r.understood] == [("avoid", "faq.md")]


def test_code_blocks_and_comments_are_not_rules():
    r = parse_readme("# KB\n\n```\n# not a heading\nIgnore `a/`\n```\n<!-- Ignore `b/` -->\n")
    assert r.headings == ("KB",) and r.exclude == ()


def test_description_is_capped():
    r = parse_readme("# T\n\n" + "word " * 400)
    assert 300 <= len(r.description) <= 600 and r.description.endswith("…")


@pytest.mark.parametrize(
    ("text", "langs"),
    [
        ("# 說明\n\n這是臺灣的資料庫，收錄各種條目與檔案，關於歷史與地理。", ("zh-tw",)),
        ("# 说明\n\n这是一个知识库，收录各种条目与档案，关于历史与地理的内容。", ("zh-cn",)),
        ("# Docs\n\nUser guides for the billing service, with Chinese translations.", ("en", "zh")),
        (
            "# Docs\n\nEnglish pages; Simplified Chinese and Traditional Chinese translations.",
            ("en", "zh-cn", "zh-tw"),
        ),
    ],
)
def test_languages_inferred(text: str, langs: tuple[str, ...]):
    assert parse_readme(text).languages == langs


# --- path matching ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "pattern", "expected"),
    [
        ("content/en/docs/a.md", "content/**/*.md", True),
        ("content/a.md", "content/**/*.md", True),
        ("content/a.mdx", "content/**/*.md", False),
        ("content/en/_includes/x.md", "**/_includes/**", True),
        ("content/en/x.md", "**/_includes/**", False),
        ("docs/sidebar/_category_.json", "**/_category_.json", True),
        ("_category_.json", "**/_category_.json", True),
        ("drafts/a.md", "drafts/", True),
        ("docs/drafts/a.md", "drafts/", True),  # a bare folder name matches at any depth
        ("drafts.md", "drafts/", False),
        ("docs/mydrafts/a.md", "drafts/", False),
        ("docs/index.mdx", "docs/index.mdx", True),
        ("docs/index.mdx", "./docs/index.mdx", True),
        ("docs/index.mdx", "/docs/index.mdx", True),
        ("x/docs/index.mdx", "docs/index.mdx", False),
        ("sub/index.md", "index.md", False),  # a plain path is anchored at the KB root
        ("docs/a/b.md", "docs/", True),
        ("docs/a/b.md", "/docs/", True),
        ("versioned_docs/a.md", "docs/", False),
        ("content/en/docs/concepts/x.md", "content/en/docs/concepts/", True),
        ("x/content/en/docs/concepts/x.md", "content/en/docs/concepts/", False),
        ("docs/a.md", "docs", True),
        ("a/b/c.json", "*.json", True),
        ("a/.hidden/c.md", "**/*.md", True),
        ("docs/a.md", "Docs/", False),
        ("docs/a.md", "", False),
        ("docs/a.md", "[", False),
    ],
)
def test_path_matches(path: str, pattern: str, expected: bool):
    assert path_matches(path, pattern) is expected


def test_is_included_emphasized_entry():
    r = KBRules(
        include=("content/**/*.md",),
        exclude=("**/_includes/**", "drafts/"),
        emphasize=("content/en/docs/concepts/",),
        entry=("content/en/docs/_index.md",),
    )
    assert is_included("content/en/docs/a.md", r)
    assert not is_included("content/en/_includes/a.md", r)
    assert not is_included("content/drafts/a.md", r)
    assert not is_included("static/a.md", r)
    assert is_included("anything.txt", KBRules())
    assert is_emphasized("content/en/docs/concepts/a.md", r)
    assert not is_emphasized("content/en/docs/a.md", r)
    assert is_entry("content/en/docs/_index.md", r) and not is_entry("content/_index.md", r)


# --- never raises -----------------------------------------------------------------------------

_MD = st.lists(
    st.sampled_from(
        [
            "---",
            "\n",
            "# ",
            "## ",
            "- ",
            "`",
            "```",
            "|",
            "> ",
            "<!--",
            "-->",
            ":",
            "：",
            "[",
            "]",
            "(",
            ")",
            "docs/",
            "*.md",
            "**/",
            "./",
            "..",
            "ignore ",
            "prefer ",
            "start from ",
            "忽略",
            "优先",
            "先查",
            "目录",
            "Keywords",
            "关键词",
            "Scope",
            "範圍",
            "、",
            "，",
            "。",
            ". ",
            "name:",
            "keywords:",
            "exclude:",
            "  - ",
            "{",
            "}",
            "!",
            "\t",
            "\r",
            "\x00",
            "=",
            "中文",
            "English",
        ]
    ),
    max_size=60,
).map("".join)


@PROPERTY
@given(st.one_of(st.text(), _MD))
def test_parse_readme_never_raises(text: str):
    r = rules_mod._parse(text)  # the unguarded parser: a crash here is a bug
    assert parse_readme(text) == r
    for key, value in r.to_dict().items():
        if key in ("understood", "not_understood", "sentences"):
            assert all(isinstance(v, dict) for v in value)
        elif isinstance(value, list):
            assert all(isinstance(v, str) and v for v in value)
    for rule in r.understood:
        assert rule.path and rule.action in RULE_ACTIONS
    json.dumps(r.to_dict())


@PROPERTY
@given(st.text(), st.one_of(st.text(), _MD))
def test_path_matches_never_raises(path: str, pattern: str):
    assert isinstance(path_matches(path, pattern), bool)


# --- the real eval READMEs --------------------------------------------------------------------


@pytest.fixture(scope="module")
def eval_rules() -> dict[str, KBRules]:
    if not EVAL_KB.is_dir():
        pytest.skip("the shared eval knowledge bases are not present")
    return {
        p.parent.name: parse_readme(p.read_text(encoding="utf-8"))
        for p in EVAL_KB.glob("*/README.md")
    }


def test_eval_helm(eval_rules: dict[str, KBRules]):
    r = eval_rules["helm"]
    assert {"**/_category_.json", "drafts/"} <= set(r.exclude)
    assert "docs/" in r.emphasize and "docs/index.mdx" in r.entry
    assert "helm" in r.keywords and r.style == "free-form"
    assert "en" in r.languages and "zh" in r.languages
    assert not is_included("docs/topics/_category_.json", r)
    assert is_emphasized("docs/topics/charts.md", r)
    assert not is_emphasized("versioned_docs/version-3/topics/charts.md", r)


def test_eval_otel(eval_rules: dict[str, KBRules]):
    r = eval_rules["otel"]
    assert r.style == "front-matter" and r.name == "otel"
    assert r.include == ("content/**/*.md",)
    assert r.exclude == ("**/_includes/**",)
    assert r.emphasize == ("content/en/docs/concepts/", "content/zh/docs/concepts/")
    assert r.entry == ("content/en/docs/_index.md",)


def test_eval_drcd(eval_rules: dict[str, KBRules]):
    r = eval_rules["drcd"]
    assert {"百科", "歷史"} <= set(r.keywords)
    assert "維基百科" in r.description
    assert r.languages == ("zh-tw",) and r.style == "free-form"


def test_eval_tldr(eval_rules: dict[str, KBRules]):
    r = eval_rules["tldr"]
    assert "command line" in r.keywords
    assert r.description.startswith("Community-maintained help pages")
    assert r.exclude == r.emphasize == r.entry == r.include == ()


def test_eval_every_readme_parses(eval_rules: dict[str, KBRules]):
    for name, r in eval_rules.items():
        assert r.description and r.keywords and r.languages and r.headings, name
