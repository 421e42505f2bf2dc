"""README rules as people write them: conditions, degrees and topic routes (English, 简体, 繁體),
each sentence beside its front-matter twin, which must give the same rules."""

from __future__ import annotations

import pytest

from knowledge_retrieval.kb.rules import is_included, parse_readme
from knowledge_retrieval.models import Condition, KBRules, Rule


def _free(line: str, heading: str = "Search rules") -> KBRules:
    return parse_readme(f"# KB\n\nA knowledge base.\n\n## {heading}\n\n- {line}\n")


def _front(yaml: str) -> KBRules:
    return parse_readme(f"---\nname: kb\n{yaml}\n---\n\n# KB\n\nA knowledge base.\n")


def _cond(c: Condition | None) -> str:
    if c is None:
        return ""
    return "|".join([*c.kinds, *c.words]) if c.understood else "?"


def _compact(r: Rule) -> str:
    """One rule as a short golden string: ``exclude releases/ unless version``."""
    out = [r.action, r.path]
    if r.unless is not None:
        out += ["unless", _cond(r.unless)]
    if r.when is not None:
        out += ["when", _cond(r.when)]
    if r.over:
        out += ["over", ",".join(r.over)]
    if r.action in ("prefer", "avoid") and r.strength != "normal":
        out.append(r.strength)
    return " ".join(out)


# (sentence as a README says it, its front-matter twin, the rules both give)
GOLDEN: list[tuple[str, str, list[str]]] = [
    # --- conditions: out by default, in when the condition holds
    (
        "Ignore `releases/` unless the question is about a specific version.",
        "exclude: [{path: releases/, unless: version}]",
        ["exclude releases/ unless version"],
    ),
    (
        "Skip `drafts/` except when asked about upcoming changes.",
        "exclude: [{path: drafts/, unless: upcoming}]",
        ["exclude drafts/ unless upcoming"],
    ),
    (
        "Ignore `archive/` unless the question mentions billing.",
        "exclude: [{path: archive/, unless: billing}]",
        ["exclude archive/ unless billing"],
    ),
    (
        "Unless the question names a year, skip `archive/`.",
        "exclude: [{path: archive/, unless: year}]",
        ["exclude archive/ unless year"],
    ),
    (
        "Only look in `v1/` when the question is about an old version.",
        "exclude: [{path: v1/, unless: old}]",
        ["exclude v1/ unless old"],
    ),
    (
        "Use `legacy/` only for questions about legacy releases.",
        "exclude:\n  - path: legacy/\n    unless: old",
        ["exclude legacy/ unless old"],
    ),
    (
        "Do not search `changelog/` unless the question asks about a release number.",
        "exclude: [{path: changelog/, unless: [version]}]",
        ["exclude changelog/ unless version"],
    ),
    (
        "Ignore `internal/` unless you really need it.",
        "exclude: [{path: internal/, unless: you really need it}]",
        ["exclude internal/ unless ?"],
    ),
    (
        "除非问题涉及具体版本，否则忽略 `releases/` 目录。",
        "exclude: [{path: releases/, unless: version}]",
        ["exclude releases/ unless version"],
    ),
    (
        "忽略 `archive/`，除非问题涉及具体年份。",
        "exclude: [{path: archive/, unless: year}]",
        ["exclude archive/ unless year"],
    ),
    (
        "只有问到旧版本时才查看 `v1/`。",
        "exclude: [{path: v1/, unless: old}]",
        ["exclude v1/ unless old"],
    ),
    (
        "仅在询问历史版本时查看 `v1/`。",
        "exclude: [{path: v1/, unless: old}]",
        ["exclude v1/ unless old"],
    ),
    (
        "`releases/` 仅用于版本相关问题。",
        "exclude: [{path: releases/, unless: version}]",
        ["exclude releases/ unless version"],
    ),
    (
        "问到具体版本时才看 `releases/`。",
        "exclude: [{path: releases/, unless: version}]",
        ["exclude releases/ unless version"],
    ),
    (
        "除非问题涉及计费，否则不要查 `billing-old/`。",
        "exclude: [{path: billing-old/, unless: [计费]}]",
        ["exclude billing-old/ unless 计费"],
    ),
    (
        "除非有必要，否则忽略 `tmp-notes/`。",
        "exclude: [{path: tmp-notes/, unless: {text: 有必要}}]",
        ["exclude tmp-notes/ unless ?"],
    ),
    (
        "除非問題涉及特定版本，否則不要查 `legacy/`。",
        "exclude: [{path: legacy/, unless: version}]",
        ["exclude legacy/ unless version"],
    ),
    (
        "只有問到舊版時才查看 `v1/`。",
        "exclude: [{path: v1/, unless: old}]",
        ["exclude v1/ unless old"],
    ),
    (
        "忽略 `archive/`，除非問題涉及具體年份。",
        "exclude: [{path: archive/, unless: year}]",
        ["exclude archive/ unless year"],
    ),
    # --- degrees: preference and demotion with a strength; "over" breaks near-ties
    (
        "Prefer `reference/`, it is the source of truth.",
        "prefer: [{path: reference/, strength: strong}]",
        ["prefer reference/ strong"],
    ),
    (
        "`docs/` over `versioned_docs/`.",
        "prefer: [{path: docs/, over: versioned_docs/}]",
        ["prefer docs/ over versioned_docs/"],
    ),
    (
        "Prefer `docs/` over `versioned_docs/`.",
        "emphasize: [{path: docs/, over: [versioned_docs/]}]",
        ["prefer docs/ over versioned_docs/"],
    ),
    (
        "Slightly prefer `guides/`.",
        "prefer: [{path: guides/, strength: weak}]",
        ["prefer guides/ weak"],
    ),
    ("Avoid `faq-old/`.", "avoid: [faq-old/]", ["avoid faq-old/"]),
    (
        "Use `faq-old/` only as a last resort.",
        "avoid: [{path: faq-old/, strength: strong}]",
        ["avoid faq-old/ strong"],
    ),
    ("尽量不要查 `faq-old/`。", "avoid: [faq-old/]", ["avoid faq-old/"]),
    ("降低 `faq-old/` 的优先级。", "avoid: faq-old/", ["avoid faq-old/"]),
    (
        "优先查看 `docs/`，而不是 `versioned_docs/`。",
        "prefer: [{path: docs/, over: versioned_docs/}]",
        ["prefer docs/ over versioned_docs/"],
    ),
    (
        "`docs/` 优先于 `versioned_docs/`。",
        "prefer: [{path: docs/, over: versioned_docs/}]",
        ["prefer docs/ over versioned_docs/"],
    ),
    (
        "以 `reference/` 为准。",
        "prefer: [{path: reference/, strength: strong}]",
        ["prefer reference/ strong"],
    ),
    ("盡量不要查 `faq-old/`。", "avoid: [faq-old/]", ["avoid faq-old/"]),
    (
        "優先查看 `docs/`，而非 `versioned_docs/`。",
        "prefer: [{path: docs/, over: versioned_docs/}]",
        ["prefer docs/ over versioned_docs/"],
    ),
    # --- topic routes: lift a folder or file when the question is about the topic
    (
        "API questions: look in `api/`.",
        "routes: [{when: [api], path: api/}]",
        ["route api/ when api"],
    ),
    (
        "For billing questions, see `billing/`.",
        "routes: [{when: billing, path: billing/}]",
        ["route billing/ when billing"],
    ),
    ("See `api/` for API questions.", "routes: [{when: api, path: api/}]", ["route api/ when api"]),
    (
        "When the question is about billing, look in `billing/`.",
        "routes: [{when: [billing], path: billing/}]",
        ["route billing/ when billing"],
    ),
    (
        "For questions about old versions, prefer `v1/`.",
        "routes: [{when: old, path: v1/}]",
        ["route v1/ when old"],
    ),
    # a topic fronted before a comma scopes the sentence's preference to questions on it
    (
        "For boiler faults, `fault-codes.md` is the one to follow.",
        "routes: [{when: boiler faults, path: fault-codes.md}]",
        ["route fault-codes.md when boiler faults"],
    ),
    (
        "关于押金，以 `fees.md` 为准。",
        "routes: [{when: 押金, path: fees.md}]",
        ["route fees.md when 押金"],
    ),
    (
        "错误码问题先查 `reference/error-codes.md`。",
        "routes: [{when: [错误码], path: reference/error-codes.md}]",
        ["route reference/error-codes.md when 错误码"],
    ),
    (
        "配置项的问题请先查 `config/`。",
        "routes: [{when: 配置项, path: config/}]",
        ["route config/ when 配置项"],
    ),
    (
        "关于部署的问题，查看 `deploy/`。",
        "routes: [{when: 部署, path: deploy/}]",
        ["route deploy/ when 部署"],
    ),
    (
        "API / 接口问题：查看 `api/`。",
        "routes: [{when: [api, 接口], path: api/}]",
        ["route api/ when api|接口"],
    ),
    (
        "錯誤碼問題先查 `reference/error-codes.md`。",
        "routes: [{when: [錯誤碼], path: reference/error-codes.md}]",
        ["route reference/error-codes.md when 錯誤碼"],
    ),
    (
        "設定項的問題請先查 `config/`。",
        "routes: [{when: 設定項, path: config/}]",
        ["route config/ when 設定項"],
    ),
    # --- the plain forms stay as they were
    (
        "Ignore `a/`, `b/` and `c/`.",
        "exclude: [a/, b/, c/]",
        ["exclude a/", "exclude b/", "exclude c/"],
    ),
    ("Start from `docs/index.mdx`.", "entry: [docs/index.mdx]", ["entry docs/index.mdx"]),
    ("优先查看 `specs/`。", "emphasize: [specs/]", ["prefer specs/"]),
]


def test_golden_table_is_large_enough():
    assert len(GOLDEN) >= 30
    assert sum(any("\u4e00" <= c <= "\u9fff" for c in s) for s, _y, _r in GOLDEN) >= 15


@pytest.mark.parametrize(("sentence", "yaml", "expected"), GOLDEN, ids=[g[0][:40] for g in GOLDEN])
def test_sentence_and_its_front_matter_twin(sentence: str, yaml: str, expected: list[str]):
    free, front = _free(sentence), _front(yaml)
    assert [_compact(r) for r in free.understood] == expected
    assert [_compact(r) for r in front.understood] == expected
    # the same intent gives the same KBRules (the README lines they came from aside)
    for key in ("understood", "include", "exclude", "emphasize", "entry"):
        assert getattr(free, key) == getattr(front, key), key
    assert free.not_understood == front.not_understood == ()
    assert front.style == "front-matter" and free.style == "free-form"


def test_each_rule_keeps_its_readme_line():
    text = (
        "# Docs\n\nProduct docs.\n\n## Rules\n\n"
        "- Prefer `docs/`.\n"
        "- 除非问题涉及具体版本，否则忽略 `releases/` 目录。\n"
        "- API questions: look in `api/`.\n"
    )
    r = parse_readme(text)
    got = {x.path: (x.line, x.source) for x in r.understood}
    assert got == {
        "docs/": (7, "Prefer `docs/`."),
        "releases/": (8, "除非问题涉及具体版本，否则忽略 `releases/` 目录。"),
        "api/": (9, "API questions: look in `api/`."),
    }
    fm = _front("exclude:\n  - drafts/\n  - {path: releases/, unless: version}")
    assert [(x.path, x.line, x.source) for x in fm.understood] == [
        ("drafts/", 4, "- drafts/"),
        ("releases/", 5, "- {path: releases/, unless: version}"),
    ]


def test_conditional_exclude_is_indexed_unconditional_is_not():
    r = _free("Ignore `drafts2/`. Ignore `releases/` unless the question is about a version.")
    assert r.exclude == ("drafts2/",)
    assert not is_included("drafts2/a.md", r)
    assert is_included("releases/v1.md", r)  # indexed: the question decides
    d = r.to_dict()["understood"][1]
    assert d["unless"] == {
        "kinds": ["version"],
        "words": [],
        "text": "the question is about a version",
        "understood": True,
    }


@pytest.mark.parametrize(
    "sentence",
    [
        "Don't use the old pages.",
        "Ignore release notes unless the question is about a version.",
        "草稿不要看。",
        "Ignore `x/` when the question is about billing.",  # the inverse condition
    ],
)
def test_sentences_that_look_like_rules_but_give_none(sentence: str):
    r = _free(sentence)
    assert r.understood == ()
    assert [u.text for u in r.not_understood] == [sentence]
    assert r.not_understood[0].line == 7


@pytest.mark.parametrize(
    "sentence",
    [
        "`docs/` — the current documentation. Prefer these pages.",
        "Each file is one article, its title the heading.",
        "`articles/`: each file is a paragraph",
        "See `docs/` for details.",
    ],
)
def test_prose_is_not_listed_as_not_understood(sentence: str):
    assert _free(sentence, heading="Layout").not_understood == ()


@pytest.mark.parametrize(
    ("yaml", "why"),
    [
        ("exclude: [{unless: version}]", "no path"),
        ("prefer: [{path: docs/, strength: very}]", "unknown strength"),
        ("routes: [{path: api/}]", "a route without when"),
        ("entry: [{path: index.md, unless: version}]", "unless on an entry"),
        ("exclude: [{path: a/, sometimes: yes}]", "unknown key"),
    ],
)
def test_front_matter_items_not_understood(yaml: str, why: str):
    r = _front(yaml)
    assert r.understood == (), why
    assert len(r.not_understood) == 1 and r.not_understood[0].line == 3, why


def test_conditional_rules_are_listed():
    r = _front(
        "exclude: [drafts/, {path: releases/, unless: version}]\n"
        "prefer: [docs/, {path: ref/, strength: strong}]\navoid: [old/]\n"
        "routes: [{when: api, path: api/}]\nentry: [index.md]"
    )
    assert [_compact(x) for x in r.conditional] == [
        "exclude releases/ unless version",
        "prefer ref/ strong",
        "avoid old/",
        "route api/ when api",
    ]
    assert r.emphasize == ("docs/", "ref/") and r.exclude == ("drafts/",)


@pytest.mark.parametrize(
    ("line", "path"),
    [
        ("~~`restoration/RML2260/`~~ (workshop notes, Routemaster)", "restoration/RML2260/"),
        ("`戲碼/` holds the plays: `2024-茶館/`, ~~2018-雷雨/~~", "2018-雷雨/"),
    ],
)
def test_a_folder_struck_through_is_out(line: str, path: str) -> None:
    rules = _free(line, heading="Folders")
    assert path in rules.exclude
    assert [r.action for r in rules.understood if r.path == path] == ["exclude"]
    assert not is_included(f"{path}page.md", rules)


def test_a_struck_sentence_says_nothing_of_its_folders() -> None:
    rules = _free("~~`drafts/` is where we keep the rota~~ (moved to the wiki)", heading="Folders")
    assert [r for r in rules.understood if r.path == "drafts/"] == []


@pytest.mark.parametrize(
    ("line", "path"),
    [
        ("The page list is in `index.md`.", "index.md"),
        ("`00-start-here.md` — for the new volunteers", "00-start-here.md"),
        ("課程一覽見 `課程/目錄.md`", "課程/目錄.md"),
    ],
)
def test_a_page_named_as_an_index_is_the_entry(line: str, path: str) -> None:
    assert _free(line, heading="Folders").entry == (path,)


def test_an_index_only_kept_from_edits_is_no_entry() -> None:
    rules = _free("Please do not edit `index.md` by hand; a script writes it.", heading="Folders")
    assert rules.entry == ()


@pytest.mark.parametrize(
    "line",
    [
        "`科普/` 里的文章是给患者看的，不作为医嘱依据。",
        "`点评/` 是老师随口的点评，不作为工艺问题的答案来源。",
        "`练声/` 里都是各声部长自己录的，听听可以，别当标准。",
        "`群組對話/` 是從 LINE 匯出的，只是當時的討論，不代表決議。",
        "`心情分享/` 是大家寫的心得，可是那是個人感受啦，不是服務的標準喔。",
    ],
)
def test_a_folder_said_to_be_no_basis_is_out(line: str) -> None:
    path = line.split("`")[1]
    assert path in _free(line, heading="Folders").exclude


def test_a_basis_said_to_be_elsewhere_in_part_forbids_nothing() -> None:
    rules = _free("`制度/` 里不是所有规定都在这里，完整版见 `汇编.md`。", heading="Folders")
    assert rules.exclude == ()


@pytest.mark.parametrize(
    "line",
    [
        "`舊會員名冊-1998/` 係手寫掃描版，留作紀念，唔好刪。",
        "`2019-2020會議紀錄/` 是前屆的，請勿刪除，交接時要給新會長。",
        "`事故報告/` 嘅檔案唔好搬位，保險公司要用原本路徑。",
        "`醫師門診表/` 不要搬位置，官網的連結是直接指過來的。",
    ],
)
def test_a_folder_kept_from_deletion_or_moving_is_not_put_out(line: str) -> None:
    assert _free(line, heading="Folders").exclude == ()


def test_an_old_folder_called_void_and_kept_is_out() -> None:
    assert _free("`old/` 已作废，请勿删除。", heading="Folders").exclude == ("old/",)


def test_copying_a_folder_as_is_is_still_forbidden() -> None:
    line = "故障处理以 `手册/` 为准，`复盘/` 里的做法可能已经过时，不要照搬。"
    assert "复盘/" in _free(line, heading="Folders").exclude


@pytest.mark.parametrize(
    ("line", "path"),
    [
        ("For fees always use `fees.md`.", "fees.md"),
        ("For owt to do with money check `subs/subs-2025.md` first.", "subs/subs-2025.md"),
        (
            (
                "For prayer times always use `times/2024.md`; the older files next to it are"
                " kept only for the record."
            ),
            "times/2024.md",
        ),
    ],
)
def test_a_topic_before_an_imperative_keeps_its_preference(line: str, path: str) -> None:
    rules = _free(line, heading="Folders")
    assert [r.action for r in rules.understood if r.path == path] == ["prefer"]


def test_a_past_use_after_for_is_no_imperative() -> None:
    rules = _free("For years we used `old/` for everything.", heading="Folders")
    assert [r for r in rules.understood if r.path == "old/"] == []


@pytest.mark.parametrize(
    ("line", "path"),
    [
        ("`fares/current/` → the only fare table dispatchers should quote from.", "fares/current/"),
        ("Her list in `agronomy/approved.md` is the one to go by.", "agronomy/approved.md"),
        ("House rules are in `rules/house.md` and that's the one to go by.", "rules/house.md"),
        ("Loan rules: `policies/lending.md` is the policy.", "policies/lending.md"),
        ("The stylebook in `style/` is the house standard.", "style/"),
    ],
)
def test_a_folder_said_to_be_the_only_one_is_preferred(line: str, path: str) -> None:
    rules = _free(line, heading="Folders")
    assert [r.action for r in rules.understood if r.path == path] == ["prefer"]


@pytest.mark.parametrize(
    "line",
    [
        "Jo is the only person allowed to edit `provenance/`.",
        "`routes/labs.md` is Kemi's — she is the only one who does the runs, so ask her first.",
    ],
)
def test_a_person_said_to_be_the_only_one_prefers_nothing(line: str) -> None:
    rules = _free(line, heading="Folders")
    assert [r for r in rules.understood if r.action == "prefer"] == []


def test_a_standard_a_folder_is_of_prefers_nothing() -> None:
    rules = _free("`archive/` is the policy archive of the old board.", heading="Folders")
    assert [r for r in rules.understood if r.action == "prefer"] == []
