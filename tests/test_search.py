"""End-to-end searches through the public API over real files and a real on-disk index."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from knowledge_retrieval import InvalidArgumentError, UnsafePathError, list_kbs, search
from knowledge_retrieval.results import NOT_FOUND_EN, NOT_FOUND_ZH

from .conftest import write


def test_chinese_status_code_question_finds_the_status_table(sample_root: Path) -> None:
    r = search("订单状态码 20 是什么意思", root=sample_root)
    assert r.found and r.kb == "payments"
    top = r.hits[0]
    assert top.path == "reference/order-status.md"
    assert "ORDER_STATUS_PAID" in top.content
    assert 0.35 <= top.score <= 1.0
    assert r.answer.startswith("根据本地知识库 payments")
    assert "KnowledgeBase" in r.answer


@pytest.mark.parametrize(
    ("query", "kb", "path"),
    [
        ("ORDER_STATUS_PAID", "payments", "reference/order-status.md"),
        ("payment.retry.max_attempts", "payments", "reference/payment-config.md"),
        ("PAY-1234", "payments", "faq/payment-faq.md"),
        ("E1023", "payments", "reference/error-codes.csv"),
        ("What does INV_LOCK_TIMEOUT mean?", "troubleshooting", "errors/inventory-errors.md"),
        ("SKU 和 SPU 有什么区别", "glossary", "terms/sku.md"),
        ("運單狀態碼 150 是什麼意思", "logistics", "reference/shipment-status.md"),
        ("离岛配送要几天", "logistics", "rules/delivery-sla.md"),
    ],
)
def test_identifiers_and_languages_reach_the_right_file(
    sample_root: Path, query: str, kb: str, path: str
) -> None:
    r = search(query, root=sample_root)
    assert r.found, r.notes
    assert r.kb == kb
    assert r.hits[0].path == path


def test_identifier_parts_match_too(sample_root: Path) -> None:
    r = search("max attempts retry", kb="payments", root=sample_root)
    assert r.hits[0].path == "reference/payment-config.md"
    assert "max_attempts" in r.hits[0].content


def test_an_absent_identifier_names_what_the_best_file_has_of_it(sample_root: Path) -> None:
    r = search("payment.retry.max_delay", root=sample_root)
    assert not r.found
    assert (
        "'payment.retry.max_delay' is not in 'payments': no document has this identifier "
        "(did you mean: payment.retry.max_attempts?)"
    ) in r.notes
    assert (
        "best match payments/reference/payment-config.md scored 0.28, below the threshold "
        "0.35; it has no keyword whole, only parts of: payment.retry.max_delay"
    ) in r.notes


def test_hit_shape(sample_root: Path) -> None:
    r = search("payment.retry.max_attempts", kb="payments", root=sample_root, top_k=3)
    assert 1 <= len(r.hits) <= 3
    assert len({h.path for h in r.hits}) == len(r.hits), "one hit per file"
    scores = [h.score for h in r.hits]
    assert scores == sorted(scores, reverse=True)
    h = r.hits[0]
    assert h.kb == "payments" and "/" in h.path and "\\" not in h.path
    assert h.heading_path and h.line_start <= h.line_end
    assert "**" in h.snippet
    lines = (sample_root / "payments" / h.path).read_text(encoding="utf-8").splitlines()
    assert "max_attempts" in "\n".join(lines[h.line_start - 1 : h.line_end])
    d = r.to_dict()
    assert d["hits"][0]["path"] == h.path and d["found"] is True
    assert r.sources[0] == {"kb": "payments", "path": h.path, "role": h.role}


def test_table_row_is_cited_as_field_value(sample_root: Path) -> None:
    r = search("ORDER_STATUS_REFUNDED", kb="payments", root=sample_root)
    top = r.hits[0]
    assert top.kind == "table"
    assert "ORDER_STATUS_REFUNDED" in top.content and ": " in top.content
    row = (sample_root / "payments" / top.path).read_text(encoding="utf-8").splitlines()
    assert "ORDER_STATUS_REFUNDED" in row[top.line_start - 1]


def test_drafts_and_excluded_folders_are_never_returned(sample_root: Path) -> None:
    for q in ("wallet cashback prototype 钱包返现", "闪购拼团返利", "scratchpad", "WAIT_DELIVER"):
        r = search(q, root=sample_root, score_threshold=0.0)
        assert all(
            "drafts/" not in h.path and "archive/" not in h.path and "tmp/" not in h.path
            for h in r.hits
        ), (q, r.hits)


def test_kb_may_be_named_by_path_fragment_or_list(sample_root: Path) -> None:
    r = search("ORDER_STATUS_PAID", kb="KnowledgeBase/payments/", root=sample_root)
    assert r.kb == "payments" and r.found
    r2 = search(
        "超卖 INV_OVERSOLD",
        kb=["glossary", "troubleshooting"],
        root=sample_root,
        score_threshold=0.0,
    )
    assert set(r2.kbs) == {"glossary", "troubleshooting"}
    assert {h.kb for h in r2.hits} == {"glossary", "troubleshooting"}
    # of KBs searched together, ``kb`` is the one the best hit comes from
    r3 = search("ORDER_STATUS_PAID", kb=["troubleshooting", "payments"], root=sample_root)
    assert r3.found and r3.kbs == ("troubleshooting", "payments")
    assert r3.hits[0].kb == "payments" and r3.kb == "payments"


def test_near_miss_kb_name_is_suggested_not_taken(sample_root: Path) -> None:
    r = search("ORDER_STATUS_PAID", kb="paymnets", root=sample_root)
    assert not r.found and r.reason == "kb_not_found"
    assert any("payments" in n for n in r.notes)
    assert r.message == NOT_FOUND_EN


@pytest.mark.parametrize("bad", ["../x", "/etc", "a\\b", "pay\x00ments", "payments/../../x"])
def test_paths_leaving_the_root_are_refused(sample_root: Path, bad: str) -> None:
    with pytest.raises(UnsafePathError) as exc:
        search("anything", kb=bad, root=sample_root)
    assert exc.value.hint


def test_symlinked_kb_outside_root_is_refused(sample_root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write(outside / "README.md", "# Outside\n\nSecret scope.\n")
    write(outside / "secret.md", "# Secret\n\nthe launch code is 0000\n")
    os.symlink(outside, sample_root / "sneaky")
    r = search("launch code", kb="sneaky", root=sample_root)
    assert not r.found and r.reason == "invalid_kb"
    r2 = search("launch code", root=sample_root, score_threshold=0.0)
    assert all(h.kb != "sneaky" for h in r2.hits)


def test_not_found_reasons_and_messages(tmp_path: Path, sample_root: Path) -> None:
    r = search("订单状态", root=tmp_path / "nowhere")
    assert (r.found, r.reason, r.message) == (False, "no_root", NOT_FOUND_ZH)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert search("order status", root=empty).reason == "no_kbs"
    write(sample_root / "noreadme" / "a.md", "# A\n\norder status\n")
    assert search("order status", kb="noreadme", root=sample_root).reason == "no_readme"
    assert search("order", kb="nothere", root=sample_root).reason == "kb_not_found"
    write(sample_root / "afile", "not a folder")
    assert search("order", kb="afile", root=sample_root).reason == "invalid_kb"
    r = search("zyxwvut qqqqq", kb="payments", root=sample_root)
    assert (r.reason, r.message) == ("no_match", NOT_FOUND_EN)
    r = search("holiday schedule 2024", root=sample_root)
    assert not r.found and r.reason == "below_threshold"
    # a question sharing only common words with a page (keep-alive) may be returned; the hit
    # then says which of the question's words it lacks
    r = search("How do I keep a sourdough bread starter alive?", root=sample_root)
    assert all({"sourdough", "bread", "starter"} <= set(h.missing_terms) for h in r.hits)
    r = search("保修期多久的搅拌机", kb="payments", root=sample_root)
    assert not r.found and r.message == NOT_FOUND_ZH
    for res in (r,):
        assert res.hits == () and res.answer == "" and res.notes


def test_invalid_arguments_raise_with_hint(sample_root: Path) -> None:
    for kwargs in ({"top_k": 0}, {"top_k": "5"}, {"score_threshold": 1.5}, {"kb": 3}, {"kb": []}):
        with pytest.raises(InvalidArgumentError) as exc:
            search("order", root=sample_root, **kwargs)  # type: ignore[arg-type]
        assert exc.value.hint
    with pytest.raises(InvalidArgumentError):
        search("   ", root=sample_root)


def test_root_discovery_env_then_cwd(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("KNOWLEDGE_BASE_ROOT", str(sample_root))
    assert search("ORDER_STATUS_PAID").kb == "payments"
    monkeypatch.delenv("KNOWLEDGE_BASE_ROOT")
    deep = sample_root.parent / "a" / "b"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    assert search("ORDER_STATUS_PAID").kb == "payments"


def test_list_kbs(sample_root: Path) -> None:
    kbs = {k.name: k for k in list_kbs(sample_root)}
    assert set(kbs) == {"payments", "glossary", "troubleshooting", "logistics"}
    assert kbs["payments"].rules.style == "front-matter"
    assert kbs["glossary"].rules.style == "free-form"
    assert "reference/" in kbs["payments"].rules.emphasize
    assert kbs["glossary"].description
    counted = {k.name: k for k in list_kbs(sample_root, refresh=True)}
    assert counted["payments"].doc_count and counted["payments"].doc_count >= 5


# ------------------------------------------------------------------ the seed's ranking order


def _ranking_kb(root: Path, readme: str) -> None:
    write(root / "kb" / "README.md", readme)


def test_more_keywords_beat_one_keyword_repeated(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# Ranking\n\nTest KB about refunds and coupons.\n")
    write(root / "kb" / "one.md", "# Notes\n\n" + "refund refund refund refund refund. " * 20)
    write(root / "kb" / "both.md", "# Notes\n\nA refund may return a coupon to the user.\n")
    r = search("refund coupon", kb="kb", root=root, score_threshold=0.0)
    assert [h.path for h in r.hits][:2] == ["both.md", "one.md"]


def test_keywords_together_in_one_section_beat_keywords_scattered_over_a_page(
    tmp_path: Path,
) -> None:
    # the long page has every word somewhere (and says two of them often); the short one says
    # all three in one breath, which is what the question describes
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# Client\n\nNotes on the HTTP client.\n")
    write(
        root / "kb" / "client.md",
        "# Client\n\nHow the client talks to services.\n\n## Calls\n\nA failed call is retried: every retry waits for the backoff; backoff doubles per retry; retry, backoff, retry.\n\n## Timeouts\n\nTimeouts are per call.\n\n## Load\n\nA little jitter spreads the load of many clients.\n\n## Logging\n\nCalls are logged.\n",
    )
    write(
        root / "kb" / "waits.md",
        "# Waiting\n\nBetween two attempts the client waits: a retry sleeps for the backoff plus random jitter, so that clients do not wake up together, do not crowd the server at the same moment, and do not fail in step when the network or one of the services they call has a short outage.\n",
    )
    r = search("retry backoff jitter", kb="kb", root=root, score_threshold=0.0)
    assert [h.path for h in r.hits] == ["waits.md", "client.md"]
    assert r.hits[1].matched_terms == ("retry", "backoff", "jitter")  # still every keyword


def test_emphasized_folder_beats_other_folders(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "---\nemphasize: [core/]\n---\n# KB\n\nRefund rules.\n")
    write(root / "kb" / "misc" / "a.md", "# Notes\n\nThe refund window is 30 days.\n")
    write(root / "kb" / "core" / "b.md", "# Notes\n\nThe refund window is 30 days.\n")
    r = search("refund window", kb="kb", root=root, score_threshold=0.0)
    assert r.hits[0].path == "core/b.md"


def test_copy_of_an_emphasized_page_follows_it(tmp_path: Path) -> None:
    # docs/ is preferred; its versioned copy comes right after it, not after every other
    # emphasized page that matches a little less well
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "---\nemphasize: [docs/]\n---\n# KB\n\nRefund rules.\n")
    page = "# Refunds\n\nThe refund window is 30 days for card payments.\n"
    write(root / "kb" / "docs" / "refunds.mdx", page)
    write(root / "kb" / "versioned_docs" / "version-3" / "refunds.md", page)
    for i in range(3):
        write(
            root / "kb" / "docs" / f"other{i}.md",
            f"# Payments {i}\n\nA refund window applies; see the card rules {i}.\n",
        )
    r = search("refund window for card payments", kb="kb", root=root, score_threshold=0.0)
    paths = [h.path for h in r.hits]
    assert paths[:2] == ["docs/refunds.mdx", "versioned_docs/version-3/refunds.md"]
    assert r.hits[1].score <= r.hits[0].score


def test_the_page_titled_by_the_question_beats_a_broader_one(tmp_path: Path) -> None:
    # both pages hold every keyword and name the topic in their titles; the one whose title is
    # the question's words is about it (a description of a page finds that page)
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# KB\n\nCollector docs.\n")
    write(
        root / "kb" / "exporters.md",
        "---\ntitle: Collector exporters\n---\n\nThe list of available exporters.\n",
    )
    write(
        root / "kb" / "config.md",
        "---\ntitle: Collector configuration with receivers, processors, exporters, "
        "extensions and pipelines\n---\n\n"
        + "The collector lists the available exporters, receivers and processors. " * 3
        + "\n",
    )
    r = search("list of available collector exporters", kb="kb", root=root, score_threshold=0.0)
    assert [h.path for h in r.hits] == ["exporters.md", "config.md"]


def test_free_form_chinese_emphasis_is_honoured(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# 知识库\n\n退款知识。\n\n## 检索规则\n\n- 优先查看 `core/` 目录\n")
    write(root / "kb" / "misc" / "a.md", "# 说明\n\n退款时效为三十天。\n")
    write(root / "kb" / "core" / "b.md", "# 说明\n\n退款时效为三十天。\n")
    r = search("退款时效", kb="kb", root=root, score_threshold=0.0)
    assert r.hits[0].path == "core/b.md"


def test_filename_or_title_match_beats_content_only(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# KB\n\nNotes.\n")
    write(
        root / "kb" / "general.md", "# General\n\nSometimes a chargeback happens after delivery.\n"
    )
    write(root / "kb" / "chargeback.md", "# Disputes\n\nA customer disputes a card payment.\n")
    r = search("chargeback", kb="kb", root=root, score_threshold=0.0)
    assert r.hits[0].path == "chargeback.md"


def test_a_one_character_name_lifts_the_page_about_it(tmp_path: Path) -> None:
    # 蓍 is a plant: jieba leaves it as a lone character, which no keyword covers; where it
    # stands alone (a title) it still says which page the question is about
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# 植物\n\n植物百科。\n")
    write(root / "kb" / "a.md", "# 蒿\n\n蒿，别名青蒿，是菊科植物，分布在亚洲。\n")
    write(root / "kb" / "b.md", "# 蓍\n\n蓍（学名），别名千叶蓍，是菊科植物，分布在欧洲。\n")
    write(root / "kb" / "c.md", "# 菊\n\n菊，别名黄花，是菊科植物，分布在中国。\n")
    r = search("蓍的别名是什么？", kb="kb", root=root, score_threshold=0.0)
    assert r.hits[0].path == "b.md"
    # the other pages name their own plants' other names: they match as much of the
    # question's keywords (别名), and rank below the page the title names
    assert len(r.hits) == 3 and r.hits[1].score < r.hits[0].score


def test_question_words_the_kb_never_saw_are_not_missing_topics(tmp_path: Path) -> None:
    # 何年 ("which year") is a question, not a topic: a KB that never says it must not count
    # it as a keyword the answer lacks; a KB that does use such a word (几何) keeps it
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# 历史\n\n条约与协议。\n")
    write(root / "kb" / "a.md", "# 代顿协议\n\n代顿协议于1995年在巴黎正式签署，结束了波黑战争。\n")
    write(root / "kb" / "b.md", "# 巴黎和约\n\n和约由各国代表签署。\n")
    write(root / "kb" / "c.md", "# 几何\n\n几何学研究空间与图形，欧几里得写下了几何原本。\n")
    asked = search("代頓協議於何年簽署？", kb="kb", root=root)
    plain = search("代頓協議簽署", kb="kb", root=root)
    assert asked.found and asked.hits[0].path == "a.md"
    assert "何年" not in asked.hits[0].missing_terms
    assert asked.hits[0].score == pytest.approx(plain.hits[0].score, abs=0.1)
    r = search("几何 签署", kb="kb", root=root, score_threshold=0.0)
    assert {"几何", "签署"} <= set(r.hits[0].matched_terms + r.hits[0].missing_terms)


def test_a_common_noun_or_name_the_kb_never_saw_is_a_missing_topic(tmp_path: Path) -> None:
    # 商品 and 评价 are common words, but nouns: a KB that never says them lacks what was asked
    # (a review-moderation rule), where 多久 ("how long") is only the question; the same for a
    # capitalised English word (Europe) beside a common one (happens)
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# 账户\n\n账户与认证。\n")
    write(root / "kb" / "kyc.md", "# 实名认证\n\n实名认证提交后进入人工审核，审核规则见下。\n")
    write(root / "kb" / "vpn.md", "# VPN\n\nThe VPN gateway for Asia is vpn-asia.example.\n")
    r = search("商品评价审核规则", kb="kb", root=root, score_threshold=0.0)
    assert {"商品", "评价"} <= set(r.hits[0].missing_terms)
    r = search("实名认证审核多久", kb="kb", root=root, score_threshold=0.0)
    assert "多久" not in r.hits[0].missing_terms + r.hits[0].matched_terms
    r = search("VPN gateway for Europe", kb="kb", root=root, score_threshold=0.0)
    assert r.hits[0].path == "vpn.md" and "Europe" in r.hits[0].missing_terms
    r = search("what happens to the VPN gateway", kb="kb", root=root, score_threshold=0.0)
    assert "happens" not in r.hits[0].missing_terms + r.hits[0].matched_terms


def test_a_kb_that_knows_none_of_the_keywords_finds_nothing(tmp_path: Path) -> None:
    # 计算 (in front matter only) is a bigram of 计算机, but the KB knows none of 量子, 计算机,
    # 原理: a file sharing a piece of one of them is no answer
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# 履约\n\n履约知识。\n")
    write(
        root / "kb" / "a.md",
        "---\ndescription: 履约率的计算方法\n---\n# 履约\n\n履约是订单从支付到签收的过程。\n",
    )
    r = search("量子计算机的原理", kb="kb", root=root)
    assert not r.found
    r = search("量子计算机的原理", kb="kb", root=root, score_threshold=0.0)
    assert all(h.score < 0.35 for h in r.hits)


def test_a_nested_yaml_key_is_found_by_its_dotted_name(tmp_path: Path) -> None:
    # settings written as a nested YAML block are asked for as dotted keys, written nowhere
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# CI\n\nRunner settings.\n")
    write(
        root / "kb" / "settings.md",
        "# Settings\n\n```yaml\nsettings:\n  cache:\n    ttlHours: 168  # unused caches go\n"
        "    maxSizeMb: 2048\n```\n",
    )
    write(root / "kb" / "other.md", "# Cache\n\nThe cache is shared by jobs of one project.\n")
    r = search("cache.ttlHours", kb="kb", root=root)
    assert r.found and r.hits[0].path == "settings.md" and r.hits[0].line_start == 6
    assert "cache.ttlHours" in r.hits[0].matched_terms
    assert "168 — unused caches go" in (r.answer or "")
    r = search("cache.ttlDays", kb="kb", root=root)
    assert not r.found
    assert any("did you mean: cache.ttlHours" in n for n in r.notes), r.notes


def test_slashed_words_and_brand_names_are_words_not_identifiers(tmp_path: Path) -> None:
    # "Erlang/Elixir" and "read/write" are words joined by a slash, "iPadOS" a name: a KB that
    # writes them otherwise has no absent identifier, and "/api/orders" stays one
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# SDKs\n\nLanguage SDKs.\n")
    write(
        root / "kb" / "erlang.md",
        "# Instrumentation for Erlang and Elixir\n\nThe Erlang SDK also serves Elixir apps.\n",
    )
    write(root / "kb" / "ios.md", "# iOS apps\n\nUse the Swift SDK in apps running on iOS.\n")
    write(root / "kb" / "acl.md", "# Access\n\nA token may read and write one project.\n")
    for query, path in [
        ("instrumentation for Erlang/Elixir", "erlang.md"),
        ("read/write access of a token", "acl.md"),
        ("apps running on iOS and iPadOS", "ios.md"),
    ]:
        r = search(query, kb="kb", root=root, score_threshold=0.0)
        assert r.hits[0].path == path, query
        assert not any("is not in" in n for n in r.notes), (query, r.notes)
    r = search("apps running on iOS and iPadOS", kb="kb", root=root, score_threshold=0.0)
    assert "iPadOS" in r.hits[0].missing_terms
    r = search("/api/orders", kb="kb", root=root)
    assert not r.found
    assert "'api/orders' is not in 'kb': no document has this identifier" in r.notes


def test_one_bigram_of_a_three_character_word_is_not_the_word(tmp_path: Path) -> None:
    # 计算 (calculate) is half of 计算机 (computer): a file that has only 计算 does not contain
    # the keyword, and is never a confident hit for it
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# KB\n\n计算与系统。\n")
    write(root / "kb" / "a.md", "# 方法\n\n履约率的计算方法很简单。\n")
    write(root / "kb" / "b.md", "# 系统\n\n计算机系统由硬件组成。\n")
    r = search("计算机", kb="kb", root=root, score_threshold=0.0)
    got = {h.path: h for h in r.hits}
    assert got["b.md"].matched_terms == ("计算机",) and got["b.md"].score >= 0.35
    assert "a.md" not in got or ("计算机" in got["a.md"].missing_terms and got["a.md"].score < 0.35)


def test_a_custom_header_name_is_an_identifier(tmp_path: Path) -> None:
    # X-Idempotency-Token is not X-Idempotency-Key: a header name must be present whole
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# API\n\nHTTP headers.\n")
    write(
        root / "kb" / "headers.md",
        "# Headers\n\n`X-Idempotency-Key` makes a POST safe to retry; the token is a UUID.\n",
    )
    r = search("X-Idempotency-Token", kb="kb", root=root)
    assert not r.found
    assert any("did you mean: X-Idempotency-Key" in n for n in r.notes), r.notes
    assert search("X-Idempotency-Key", kb="kb", root=root).found
    # prose with an X piece stays prose
    r = search("X-ray-induced damage", kb="kb", root=root, score_threshold=0.0)
    assert not any("is not in" in n for n in r.notes)


def test_did_you_mean_identifiers_are_the_same_in_every_process(tmp_path: Path) -> None:
    # near identifiers that tie (ERR_1, ERR_2, ERR_3 for ERR_X) come in one order, whatever
    # the process's hash seed
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# Codes\n\nError codes.\n")
    codes = " ".join(f"`ERR_{c}`" for c in "QWERTYUIOP")
    write(root / "kb" / "codes.md", f"# Codes\n\nThe codes are {codes}.\n")
    script = (
        "import sys; from knowledge_retrieval import search; "
        "print([n for n in search('ERR_X', kb='kb', root=sys.argv[1]).notes if 'mean' in n])"
    )
    env = {**os.environ, "KR_INDEX_DIR": str(tmp_path / "idx")}
    outs = {
        subprocess.run(
            [sys.executable, "-c", script, str(root)],
            env={**env, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
        for seed in ("1", "2", "3", "4")
    }
    assert len(outs) == 1 and "did you mean: ERR_E, ERR_I, ERR_O?" in outs.pop()


def test_a_code_with_a_word_of_its_language_the_kb_never_uses_weighs_less(
    tmp_path: Path,
) -> None:
    # the code is there, the asked attribute (an HTTP status) is nowhere: the word the KB never
    # uses weighs the hit under one whose words the page has (a word the KB never uses is
    # evidence the model weighs, no hold); a Chinese gloss beside the code (超卖 of INV_OVERSOLD) names the code, found
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# Build\n\nBuild error codes.\n")
    write(
        root / "kb" / "codes.md",
        "# Error codes\n\n## BF0101\n\nThe job timed out; raise `timeoutMinutes`.\n\n"
        "## INV_OVERSOLD\n\nStock went below zero; the order is held.\n",
    )
    r = search("what is the HTTP status of BF0101", kb="kb", root=root, score_threshold=0.0)
    assert r.hits[0].path == "codes.md" and "HTTP" in r.hits[0].missing_terms
    told = search("what is the timeout of BF0101", kb="kb", root=root)
    assert told.found and r.hits[0].score < told.hits[0].score
    assert search("超卖 INV_OVERSOLD", kb="kb", root=root).found
    assert search("BF0101", kb="kb", root=root).found


def test_english_stemming_and_chinese_inside_a_sentence(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# KB\n\nNotes.\n")
    write(root / "kb" / "a.md", "# Shipping\n\nOrders are shipped by carriers.\n")
    write(root / "kb" / "b.md", "# 说明\n\n仓库在收到支付成功的回调后开始拣货和打包。\n")
    assert search("ship order", kb="kb", root=root).hits[0].path == "a.md"
    assert search("回调", kb="kb", root=root).hits[0].path == "b.md"


def test_entry_toc_is_not_the_answer_unless_asked(sample_root: Path) -> None:
    r = search("refund approval threshold", kb="payments", root=sample_root)
    assert r.hits[0].path != "index.md"


def test_version_constraint_prefers_matching_version(sample_root: Path) -> None:
    r = search("payments API v2 create payment", kb="payments", root=sample_root)
    assert r.hits[0].path == "api/payments-api-v2.md"
    r = search("latest payments API", kb="payments", root=sample_root)
    assert r.hits[0].path == "api/payments-api-v2.md"


# ------------------------------------------------------------------ freshness


def test_every_search_sees_adds_edits_renames_and_deletes(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# KB\n\nNotes.\n")
    write(root / "kb" / "a.md", "# A\n\nalpha bravo\n")
    assert search("alpha", kb="kb", root=root).hits[0].path == "a.md"
    # add
    write(root / "kb" / "new.md", "# New\n\nzulu yankee\n")
    assert search("zulu", kb="kb", root=root).hits[0].path == "new.md"
    # edit (same size and mtime granularity must not hide it)
    p = root / "kb" / "a.md"
    st = p.stat()
    p.write_text("# A\n\ncharlie bravo\n", encoding="utf-8")
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert search("charlie", kb="kb", root=root).hits[0].path == "a.md"
    assert not search("alpha", kb="kb", root=root).found
    # rename
    (root / "kb" / "new.md").rename(root / "kb" / "renamed.md")
    r = search("zulu", kb="kb", root=root)
    assert [h.path for h in r.hits] == ["renamed.md"]
    # delete
    (root / "kb" / "renamed.md").unlink()
    assert not search("zulu", kb="kb", root=root).found


def test_index_lives_outside_the_kb_and_survives_readonly(
    tmp_path: Path, _index_home: Path
) -> None:
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# KB\n\nNotes.\n")
    write(root / "kb" / "a.md", "# A\n\nalpha bravo\n")
    before = sorted(p.name for p in (root / "kb").rglob("*"))
    os.chmod(root / "kb", 0o555)
    try:
        assert search("alpha", kb="kb", root=root).found
    finally:
        os.chmod(root / "kb", 0o755)
    assert sorted(p.name for p in (root / "kb").rglob("*")) == before
    assert any(_index_home.rglob("manifest.json"))


def test_schema_change_rebuilds_automatically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import knowledge_retrieval.index.store as index_mod

    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# KB\n\nNotes.\n")
    write(root / "kb" / "a.md", "# A\n\nalpha bravo\n")
    assert search("alpha", kb="kb", root=root).found
    index_mod._REGISTRY.clear()
    monkeypatch.setattr(index_mod, "SCHEMA_VERSION", "999")
    r = search("alpha", kb="kb", root=root)
    assert r.found
    assert any("rebuilt" in n for n in r.notes)


def test_unchanged_kb_only_pays_the_check(sample_root: Path) -> None:
    from knowledge_retrieval.index.store import get_index
    from knowledge_retrieval.kb.rules import parse_readme

    search("ORDER_STATUS_PAID", kb="payments", root=sample_root)
    kbi = get_index("payments", sample_root / "payments")
    rules = parse_readme((sample_root / "payments" / "README.md").read_text(encoding="utf-8"))
    rep = kbi.refresh(rules)
    assert not rep.changed
    time.sleep(0.01)
    write(sample_root / "payments" / "reference" / "extra.md", "# Extra\n\nnew words\n")
    rep = kbi.refresh(rules)
    assert rep.added == ("reference/extra.md",) and not rep.rebuilt


def test_choosing_a_kb_reports_only_the_chosen_kbs_index_notes(tmp_path: Path) -> None:
    # every KB is searched to choose one; a file skipped in a KB that was not chosen is not news
    # for this answer
    root = tmp_path / "KnowledgeBase"
    write(root / "pay" / "README.md", "# Payments\n\nRefunds and chargebacks.\n")
    write(root / "pay" / "refunds.md", "# Refunds\n\nA refund is approved within 3 days.\n")
    write(root / "ship" / "README.md", "# Shipping\n\nCarriers and parcels.\n")
    write(root / "ship" / "carriers.md", "# Carriers\n\nParcels go by carrier.\n")
    write(root / "ship" / "empty.md", "")
    r = search("refund approved", root=root)
    assert r.kb == "pay" and not any("skipped" in n for n in r.notes)
    assert r.notes[0].startswith("chose knowledge base 'pay'")
    r = search("parcel carrier", root=root)
    assert r.kb == "ship" and any("'ship' skipped 1 file(s): empty.md" in n for n in r.notes)


def test_a_misspelt_keyword_is_matched_to_a_near_word(sample_root: Path) -> None:
    exact = search("refund approval", kb="payments", root=sample_root)
    typo = search("refnud approval", kb="payments", root=sample_root)
    assert typo.found and typo.hits[0].path == exact.hits[0].path
    assert any("did you mean: refnud → refund" in n for n in typo.notes)


def test_another_word_is_not_taken_for_a_typo(tmp_path: Path) -> None:
    # two edits turn real words into others: "collector" is neither a misspelt "connector"
    # nor "collect"; one edit is a typo ("conector")
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# Pipes\n\nConnectors.\n")
    write(root / "kb" / "a.md", "# Connector\n\nA connector joins two pipelines; collect data.\n")
    r = search("collector", kb="kb", root=root)
    assert not r.found and not any("did you mean" in n for n in r.notes)
    r = search("conector", kb="kb", root=root)
    assert r.found and any("did you mean: conector → connector" in n for n in r.notes)


def test_an_identifier_known_only_by_a_part_is_not_on_topic(tmp_path: Path) -> None:
    # a biology KB knows "open" (open access) but not OpenTelemetry: a question about it is
    # out of scope, however well its other words match
    root = tmp_path / "KnowledgeBase"
    _ranking_kb(root, "# Journals\n\nPapers.\n")
    write(
        root / "kb" / "a.md",
        "# Journals\n\nOpen access journals guide readers through the "
        "configuration of experiments.\n",
    )
    assert not search("OpenTelemetry configuration guide", kb="kb", root=root).found
    assert search("open access configuration guide", kb="kb", root=root).found


def test_the_not_found_hint_speaks_of_the_kb_searched(tmp_path: Path, sample_root: Path) -> None:
    # a homelab KB is not told to try error codes and enum names; a KB whose README lists
    # keywords is told those
    root = tmp_path / "lab" / "KnowledgeBase"
    write(root / "homelab" / "README.md", "# Homelab\n\nNotes on the network and the NAS.\n")
    write(root / "homelab" / "nas.md", "# NAS\n\nThe NAS is at 192.168.1.20.\n")
    r = search("kubernetes cluster upgrade schedule", root=root)
    assert not r.found
    assert r.notes[-1] == "try other keywords, in the words the knowledge base's pages use"
    r = search("quantum entanglement", "payments", root=sample_root)
    assert not r.found
    assert r.notes[-1] == (
        "try other keywords, such as the README lists: payment, order, refund, status code, "
        "ORDER_STATUS, error code, ..."
    )
