"""README rules decided per question: conditions, factors, and end to end over a real index
(a Chinese docs KB whose README says to skip its release notes unless a version is asked)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from knowledge_retrieval import index_kb, list_kbs, search
from knowledge_retrieval.interfaces.cli import main
from knowledge_retrieval.kb.rules import parse_readme
from knowledge_retrieval.models import Condition
from knowledge_retrieval.ranking import routing
from knowledge_retrieval.ranking.query import analyze_query
from tests.conftest import write

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "kb_conditional"


def _holds(cond: Condition, question: str) -> bool | None:
    return routing.holds(cond, analyze_query(question))


@pytest.mark.parametrize(
    ("kinds", "question", "expected"),
    [
        (("version",), "了解 NovaDB 7.5.0 版本的兼容性变更", True),
        (("version",), "What changed in v3?", True),
        (("version",), "helm 3.14.2 upgrade notes", True),
        (("version",), "NovaDB 的兼容性变更有哪些", False),
        (("version",), "how do I upgrade a release", False),
        (("version",), "设置 99.5% 的可用性", False),
        (("year",), "2019 年的赛季", True),
        (("year",), "what happened on 2021-03-04", True),
        (("year",), "how many replicas", False),
        (("old",), "旧版本的配置项", True),
        (("old",), "legacy API keys", True),
        (("old",), "舊版設定", True),
        (("old",), "the current API keys", False),
        (("upcoming",), "upcoming changes in the next release", True),
        (("upcoming",), "即将发布的功能", True),
    ],
)
def test_condition_kinds(kinds: tuple[str, ...], question: str, expected: bool):
    assert _holds(Condition(kinds=kinds), question) is expected


@pytest.mark.parametrize(
    ("words", "question", "expected"),
    [
        (("api",), "how do I call the REST API?", True),
        (("api",), "接口怎么调用", True),  # the Chinese form of the topic
        (("接口",), "which APIs are public", True),  # and the English form
        (("错误码",), "錯誤碼 8004", True),  # Traditional against Simplified
        (("error code",), "error codes of the payments service", True),
        (("error code",), "a code example", False),
        (("billing",), "how are invoices sent", True),
        (("billing",), "how are orders shipped", False),
    ],
)
def test_topic_words(words: tuple[str, ...], question: str, expected: bool):
    assert _holds(Condition(words=words), question) is expected


def test_unknown_condition_is_neither_true_nor_false():
    assert _holds(Condition(text="you really need it"), "anything") is None


def test_plan_factors():
    rules = parse_readme(
        "---\nname: x\nexclude: [{path: releases/, unless: version}, "
        "{path: internal/, unless: {text: you really need it}}]\n"
        "prefer: [{path: docs/, over: versioned_docs/}, {path: ref/, strength: strong}]\n"
        "avoid: [{path: old/, strength: weak}]\nroutes: [{when: api, path: api/}]\n---\n# X\n"
    )
    plain = routing.plan(rules, analyze_query("how to configure"))
    assert plain is not None and plain.hidden == ("releases/",)
    assert not plain.allowed("releases/v1.md") and plain.allowed("docs/a.md")
    assert plain.factor("internal/a.md") == routing.UNKNOWN_CONDITION_FACTOR  # demoted, kept
    assert plain.factor("versioned_docs/a.md") == routing.OVER_FACTOR
    assert plain.factor("ref/a.md") == routing.PREFER_FACTORS["strong"]
    assert plain.factor("old/a.md") == routing.AVOID_FACTORS["weak"]
    assert plain.factor("api/a.md") == 1.0 and plain.factor("docs/a.md") == 1.0
    asked = routing.plan(rules, analyze_query("API changes in v2.1"))
    assert asked is not None and asked.hidden == ()
    assert asked.factor("releases/v2.md") == routing.CONDITION_MET_FACTOR
    assert asked.factor("api/a.md") == routing.ROUTE_FACTOR
    assert (
        routing.plan(parse_readme("# X\n\nIgnore `a/`. Prefer `b/`.\n"), analyze_query("x")) is None
    )


# --- end to end over the fixture KB (free-form README) and its front-matter twin -------------

VERSIONED = [
    ("了解 NovaDB 7.5.0 版本的兼容性变更", "releases/release-7.5.0.md"),
    ("txn-total-size-limit 在 7.5.0 的默认值", "releases/release-7.5.0.md"),
    ("NovaDB 7.1.0 兼容性变更", "releases/release-7.1.0.md"),
    ("What changed in NovaDB 6.5.0?", "releases/release-6.5.0.md"),
]
UNVERSIONED = [
    "NovaDB 的兼容性变更有哪些",
    "配置项 txn-total-size-limit 的默认值",
    "enable-async-commit 默认开启吗",
    "CREATE TABLE 默认创建聚簇索引表吗",
    "What changed in NovaDB?",
    "max-memory 配置项",
]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dst = tmp_path_factory.mktemp("conditional") / "KnowledgeBase"
    shutil.copytree(FIXTURE, dst)
    return dst


@pytest.mark.parametrize("kb", ["novadb", "novadb-fm"])
def test_release_notes_are_indexed(root: Path, kb: str):
    report = index_kb(kb, root=root)
    assert report.files == 11  # releases/ and v1/ included: their rules are conditional
    assert {"releases/release-7.5.0.md", "v1/config.md"} <= set(report.added)


@pytest.mark.parametrize("kb", ["novadb", "novadb-fm"])
@pytest.mark.parametrize(("question", "page"), VERSIONED)
def test_versioned_questions_find_their_release(root: Path, kb: str, question: str, page: str):
    r = search(question, kb, root=root)
    assert r.found and r.hits[0].path == page


@pytest.mark.parametrize("kb", ["novadb", "novadb-fm"])
@pytest.mark.parametrize("question", UNVERSIONED)
def test_other_questions_never_see_release_notes(root: Path, kb: str, question: str):
    r = search(question, kb, root=root, top_k=50, score_threshold=0.0)
    assert not [h.path for h in r.hits if h.path.startswith("releases/")]


@pytest.mark.parametrize("kb", ["novadb", "novadb-fm"])
def test_old_version_folder_exactly_for_old_version_questions(root: Path, kb: str):
    old = search("旧版本的配置项 max-memory", kb, root=root)
    assert old.hits[0].path == "v1/config.md"
    now = search("max-memory 配置项", kb, root=root, top_k=50, score_threshold=0.0)
    assert "v1/config.md" not in [h.path for h in now.hits]


def test_free_form_and_front_matter_rank_alike(root: Path):
    for question in [q for q, _p in VERSIONED] + UNVERSIONED + ["错误码 8004", "内存不够怎么办"]:
        a = search(question, "novadb", root=root, top_k=20, score_threshold=0.0)
        b = search(question, "novadb-fm", root=root, top_k=20, score_threshold=0.0)
        assert [(h.path, h.score) for h in a.hits] == [(h.path, h.score) for h in b.hits], question


def _score(root: Path, kb: str, question: str, path: str) -> float:
    """The file's evidence, which README factors multiply (the published score is the
    calibrated probability of that evidence and the rest: docs/scores.md)."""
    r = search(question, kb, root=root, top_k=50, score_threshold=0.0, explain=True)
    hit = next(h for h in r.hits if h.path == path)
    assert hit.explain is not None
    return float(hit.explain["features"]["evidence"]["value"])


def test_degrees_and_unknown_conditions_demote_without_dropping(tmp_path: Path):
    root = tmp_path / "KnowledgeBase"
    page = "# Retry budget\n\nThe retry budget limits retries of failed payment calls.\n"
    for kb, rule in [
        ("plain", ""),
        ("avoid", "- Avoid `notes/`.\n"),
        ("unknown", "- Ignore `notes/` unless you really need it.\n"),
        ("route", "- Retry questions: look in `notes/`.\n"),
    ]:
        write(root / kb / "README.md", f"# Payments\n\nPayment docs.\n\n## Rules\n\n{rule}")
        write(root / kb / "notes" / "retry.md", page)
        write(root / kb / "docs" / "retry.md", page.replace("Retry budget", "Retry budget guide"))
    base = _score(root, "plain", "retry budget", "notes/retry.md")
    assert _score(root, "avoid", "retry budget", "notes/retry.md") < base
    assert _score(root, "unknown", "retry budget", "notes/retry.md") < base  # kept, scored down
    assert _score(root, "route", "retry budget", "notes/retry.md") > base
    unknown = next(k for k in list_kbs(root) if k.name == "unknown").rules.understood[0]
    assert unknown.unless is not None and not unknown.unless.understood


def test_kr_list_json_shows_rules_and_what_was_not_understood(
    root: Path, capsys: pytest.CaptureFixture[str]
):
    code = main(["list", "--root", str(root), "--output", "json"])
    rows = {r["kb_id"]: r for r in json.loads(capsys.readouterr().out)["data"]["results"]}
    assert code == 0
    rules = rows["novadb"]["rules"]
    assert rules[0] == {
        "action": "exclude",
        "path": "releases/",
        "unless": {
            "kinds": ["version"],
            "words": [],
            "text": "问题涉及具体版本",
            "understood": True,
        },
        "line": 15,
        "source": "除非问题涉及具体版本，否则忽略 `releases/` 目录。",
    }
    assert rows["novadb"]["not_understood"] == [{"line": 19, "text": "草稿不要看。"}]
    assert [r["action"] for r in rows["novadb-fm"]["rules"]] == [r["action"] for r in rules]
    assert rows["novadb-fm"]["not_understood"] == []
