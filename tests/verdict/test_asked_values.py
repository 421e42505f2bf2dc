"""Questions a KB has words of but no answer to: a kind of value the section lacks, a question
mostly of words the KB never uses (real indexes, through the public API and the CLI)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from knowledge_retrieval import search
from knowledge_retrieval.interfaces.cli import main

from ..conftest import write


def test_an_entity_without_the_asked_fact_is_not_found(sample_root: Path) -> None:
    # payment.retry.max_attempts is documented, but not when it was introduced
    r = search("when was payment.retry.max_attempts introduced", "payments", root=sample_root)
    assert not r.found and r.reason == "below_threshold"
    assert (
        "best match payments/reference/payment-config.md scored 0.28, below the threshold 0.35; "
        "it matched only: payment.retry.max_attempts; the parts of it that match give no date, "
        "which the question asks for"
    ) in r.notes
    r = search("phone number of the payments on-call", "payments", root=sample_root)
    assert not r.found
    assert any(
        n.endswith("the parts of it that match give no phone number, which the question asks for")
        for n in r.notes
    )


def test_the_same_entity_is_found_when_its_section_holds_the_value(sample_root: Path) -> None:
    # the key names its unit (seconds) and its section gives the number: a duration
    r = search("how long is the payment timeout", "payments", root=sample_root)
    assert r.found and r.hits[0].path == "reference/payment-config.md"
    assert r.hits[0].heading_path[-1] == "payment.timeout.seconds"
    r = search("payment.retry.max_attempts allowed range", "payments", root=sample_root)
    assert r.found and "1–5" in r.hits[0].content
    r = search("maximum allowed value of payment.retry.max_attempts", "payments", root=sample_root)
    assert r.found and "1–5" in r.hits[0].content


def test_a_key_with_only_its_default_gives_no_range(tmp_path: Path) -> None:
    # asked the most a key may be set to, a page that gives only its default does not answer
    root = tmp_path / "KnowledgeBase"
    write(root / "game" / "README.md", "# Game service\n\nServer settings.\n")
    write(
        root / "game" / "server.md",
        "# Server settings\n\n## gs.ratelimit.burst\n\nRequests a client may send at once. "
        "Default: 50.\n\n## gs.session.ttl_minutes\n\nDefault: 30. Allowed range: 5–120.\n",
    )
    for q in ("maximum allowed value of gs.ratelimit.burst", "gs.ratelimit.burst 可以設定的範圍"):
        r = search(q, "game", root=root)
        assert not r.found, q
        assert any(
            n.endswith("the parts of it that match give no range, which the question asks for")
            for n in r.notes
        )
    r = search("what range can gs.session.ttl_minutes be set to", "game", root=root)
    assert r.found and "5–120" in r.hits[0].content


def test_a_price_asked_in_another_currency_or_a_percentage(tmp_path: Path) -> None:
    # the plans page gives prices in euros only, and the rollout page its steps as percentages
    root = tmp_path / "KnowledgeBase"
    write(root / "saas" / "README.md", "# SaaS billing\n\nPlans, prices and app releases.\n")
    write(
        root / "saas" / "plans.md",
        "# Plans\n\n| code | seats | price |\n| --- | --- | --- |\n"
        "| PLAN_STARTER_ANNUAL | 5 | 290 EUR a year |\n| PLAN_TEAM_ANNUAL | 25 | 1,190 EUR a year |\n",
    )
    write(
        root / "saas" / "rollout.md",
        "# Android staged rollout\n\nA release goes to 1%, then 10%, then 50% of users, a day "
        "apart, unless crash-free sessions drop.\n",
    )
    r = search("PLAN_STARTER_ANNUAL price in USD", "saas", root=root)
    assert not r.found
    assert any(
        n.endswith(
            "the parts of it that match give no amount in US dollars, which the question asks for"
        )
        for n in r.notes
    ), r.notes
    r = search("PLAN_STARTER_ANNUAL price in EUR", "saas", root=root)
    assert r.found and r.hits[0].path == "plans.md"
    r = search("android staged rollout percentages", "saas", root=root)
    assert r.found and r.hits[0].path == "rollout.md"
    assert "percentages" not in r.hits[0].missing_terms


def test_a_section_beside_the_best_one_may_hold_the_value(tmp_path: Path) -> None:
    # the 注意 section names the task as fully as the 时间 section does, but only 时间 says
    # when it runs: the hit shows 时间 and is found, and a file with no time stays under
    root = tmp_path / "KnowledgeBase"
    write(root / "billing" / "README.md", "# Billing\n\n对账与结算。\n")
    write(
        root / "billing" / "reconcile.md",
        "# 月末对账\n\n## 注意\n\n- 不要手工修改 ledger；CNY 收款不在此任务范围内。\n\n"
        "## 时间\n\n- 任务 `ledger-reconcile` 每月 1 日 02:00 UTC 自动运行。\n",
    )
    write(root / "billing" / "payout.md", "# 结算\n\n对账任务由财务负责。\n")
    r = search("月末对账任务几点跑", "billing", root=root)
    assert r.found and r.hits[0].path == "reconcile.md", r.notes
    assert r.hits[0].heading_path[-1] == "时间"
    assert "02:00" in (r.answer or "")
    r = search("结算对账任务几点跑", "billing", root=root)
    assert not r.found
    assert any(
        n.endswith("the parts of it that match give no time of day, which the question asks for")
        for n in r.notes
    )


def test_the_value_must_be_given_beside_what_was_asked(tmp_path: Path) -> None:
    # the runbook has a phone number, the vendor's hotline, in a line that names no keyword
    # of the question: it is no answer to the district manager's number; an FAQ's bold
    # question and the answer line under it are one paragraph, and answer it
    root = tmp_path / "KnowledgeBase"
    write(root / "store" / "README.md", "# Store\n\nStore operations.\n")
    write(
        root / "store" / "terminal.md",
        "# Card terminal offline\n\n- Tell the district manager before 10:00.\n"
        "- Call the terminal vendor hotline: 0800 123 456.\n",
    )
    write(root / "store" / "faq.md", "# FAQ\n\n**试用期多久？**\n团队版 14 天，企业版 30 天。\n")
    r = search("district manager phone number", "store", root=root)
    assert not r.found
    assert any(
        n.endswith("the parts of it that match give no phone number, which the question asks for")
        for n in r.notes
    )
    r = search("试用期多久", "store", root=root)
    assert r.found and r.hits[0].path == "faq.md", r.notes
    write(root / "store" / "contacts.md", "# Contacts\n\nDistrict manager: +886 2 2345 6789.\n")
    r = search("district manager phone number", "store", root=root)
    assert r.found and r.hits[0].path == "contacts.md", r.notes


def test_a_table_row_gives_what_its_code_cell_names(tmp_path: Path) -> None:
    # one row is one section: its code cell names what its threshold cell gives; a number
    # elsewhere in a row (an HTTP status) is no duration, nor is "one merchant key"
    root = tmp_path / "KnowledgeBase"
    write(root / "data" / "README.md", "# Data\n\nData quality checks and error codes.\n")
    write(
        root / "data" / "dq-checks.csv",
        "code,name,default_threshold,action_on_fail\n"
        "DQ-301,row_count_drop,30%,告警\n"
        "DQ-305,upstream_late,60 分钟,告警并通知值班\n",
    )
    write(
        root / "data" / "errors.csv",
        "code,name,http_status,meaning,what_to_do\n"
        "E2060,RATE_LIMITED,429,More than rate_limit_per_minute requests from one merchant key.,"
        "Back off and retry after the Retry-After seconds.\n"
        "E2061,TOO_LARGE,413,The body is over 1 MB.,Send a smaller body.\n",
    )
    r = search("DQ-305 阈值是多少", "data", root=root)
    assert r.found and r.hits[0].path == "dq-checks.csv", r.notes
    assert "60 分钟" in r.hits[0].content
    for question in (
        "how many seconds is Retry-After for E2060",
        "how many sedonds is Retry-After for E2060",  # a misspelt kind word asks the same
    ):
        r = search(question, "data", root=root)
        assert not r.found, question
        assert any(
            n.endswith("the parts of it that match give no duration, which the question asks for")
            for n in r.notes
        )


def test_the_value_asked_of_an_identifier_is_given_beside_it(tmp_path: Path) -> None:
    # another key's block says "Who may change" and has a 2000 in its range: no date of when
    # the key asked about was changed
    root = tmp_path / "KnowledgeBase"
    write(root / "desk" / "README.md", "# Desk\n\nClinic desk settings.\n")
    write(
        root / "desk" / "settings.md",
        "# Settings\n\nEvery change is written to the audit log.\n\n"
        "Key: clinic.booking.max_days_ahead\nDefault: 28\nAllowed range: 7–90\n"
        "Who may change: Site Administrator\n\n"
        "Key: clinic.refund.auto_approve_limit_twd\nDefault: 500\nAllowed range: 0–2000\n"
        "Who may change: Finance Director\n",
    )
    r = search("when was clinic.booking.max_days_ahead last changed?", "desk", root=root)
    assert not r.found
    assert any(
        n.endswith("the parts of it that match give no date, which the question asks for")
        for n in r.notes
    )
    r = search("clinic.booking.max_days_ahead allowed range", "desk", root=root)
    assert r.found and "7–90" in r.hits[0].content, r.notes


def test_the_value_of_an_identifier_may_be_in_another_section_that_names_it(
    tmp_path: Path,
) -> None:
    # the table names the status and, in another status's row, the closing and a duration;
    # the rule that gives WO-CMP its duration is a list item of another section, without 結單
    root = tmp_path / "KnowledgeBase"
    write(root / "estate" / "README.md", "# Estate\n\n維修工單。\n")
    write(
        root / "estate" / "orders" / "status.md",
        "# 工單狀態\n\n| 代號 | 中文 | 說明 |\n| --- | --- | --- |\n"
        "| WO-CMP | 已完工待確認 | 技工完成，等住戶確認 |\n"
        "| WO-CLS | 已結單 | 住戶確認或者 3 日冇回覆自動結單 |\n\n## 規則\n\n"
        "- `WO-HLD` 一定要揀暫停原因。\n- `WO-CMP` 住戶 3 日內冇回覆，系統自動轉 `WO-CLS`。\n",
    )
    r = search("WO-CMP 幾耐冇覆會自動結單", "estate", root=root)
    assert r.found, r.notes
    assert "3 日內" in r.hits[0].content


def test_a_quantity_asked_is_given_in_its_units(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "studio" / "README.md", "# Studio\n\nKilns and firing.\n")
    write(
        root / "studio" / "kilns" / "glaze-kiln.md",
        "# Glaze kiln\n\nThe glaze kiln is loaded on Thursdays; a glaze firing takes 11 hours\n"
        "and the kiln cools for 2 days before it is opened.\n",
    )
    r = search("what temperature does the glaze kiln fire to", "studio", root=root)
    assert not r.found
    assert any(
        n.endswith("the parts of it that match give no temperature, which the question asks for")
        for n in r.notes
    )
    write(
        root / "studio" / "kilns" / "glaze-kiln.md",
        "# Glaze kiln\n\nThe glaze kiln is loaded on Thursdays and fires to 1,240 °C.\n",
    )
    r = search("what temperature does the glaze kiln fire to", "studio", root=root)
    assert r.found, r.notes


def test_a_value_in_a_yaml_file_is_about_the_keys_above_it(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "brewery" / "README.md", "# Brewery\n\nCleaning cycles.\n")
    cycles = "# CIP cycle definitions, owner Marco\ncip.cycles:\n"
    for n, use, temp in ((1, "kettle", 170), (2, "fermenters", 160), (3, "brite tanks", 160)):
        cycles += (
            f"  CIP-{n}:\n    use: {use}\n    prerinse_min: 5\n    caustic_pct: 2.0\n"
            f"    caustic_temp_f: {temp}\n    caustic_min: 30\n    acid: true\n"
        )
    write(root / "brewery" / "cleaning" / "cip-cycles.yaml", cycles)
    # the whole file is the best section; its line with the temperature is under CIP-2
    r = search("What is the caustic temperature for the CIP-2 cycle?", "brewery", root=root)
    assert r.found, r.notes


def test_explain_names_the_missing_kind(sample_root: Path) -> None:
    r = search(
        "when was payment.retry.max_attempts introduced",
        "payments",
        root=sample_root,
        score_threshold=0.0,
        explain=True,
    )
    top = r.hits[0]
    assert top.explain is not None and top.explain["capped"] is True
    assert top.explain["lacks"] == "date"
    r = search("how long is the payment timeout", "payments", root=sample_root, explain=True)
    assert r.hits[0].explain is not None and "lacks" not in r.hits[0].explain


def test_the_cli_envelope_carries_the_reason(
    sample_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "search",
            "when was payment.retry.max_attempts introduced",
            "--kb",
            "payments",
            "--root",
            str(sample_root),
            "--output",
            "json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["ok"] is True
    assert out["data"]["total_returned"] == 0 and out["data"]["reason"] == "below_threshold"
    assert any(
        n.endswith("the parts of it that match give no date, which the question asks for")
        for n in out["data"]["notes"]
    )


def test_a_question_mostly_of_words_the_kb_never_uses_is_about_something_else(
    tmp_path: Path,
) -> None:
    # the KB knows "schedule" and nothing else of the question: its pipeline schedules do not
    # answer a question about upgrading a Kubernetes cluster
    root = tmp_path / "KnowledgeBase"
    write(root / "ci" / "README.md", "# CI\n\nPipelines, runners and schedules.\n")
    write(
        root / "ci" / "faq.md",
        "# FAQ\n\n## Can I run a pipeline on a schedule?\n\n"
        "Yes: project settings, Schedules, cron syntax, times in UTC.\n",
    )
    write(root / "ci" / "runners.md", "# Runners\n\nThe large pool runs Linux jobs.\n")
    r = search("Kubernetes cluster upgrade schedule", "ci", root=root)
    assert not r.found and r.reason == "below_threshold"
    r = search("Kubernetes cluster upgrade schedule", "ci", root=root, score_threshold=0.0)
    assert r.hits[0].path == "faq.md" and r.hits[0].score < 0.35
    # three of four words known: an ordinary question
    assert search("pipeline schedule cron syntax", "ci", root=root).found
    # one of three known: the same (the file's title names the word the KB knows)
    r = search("Jenkins agent schedule", "ci", root=root, score_threshold=0.0)
    assert r.hits[0].path == "faq.md" and r.hits[0].score < 0.35
    assert search("pipeline cron schedule", "ci", root=root).found  # all three known


def test_a_yes_no_question_about_what_the_kb_never_names_weighs_less(tmp_path: Path) -> None:
    # the sites page gives hours and staff, and never says parking: whether there is some, the
    # KB cannot say. The fit weighs the word the KB never uses (evidence, no hold): the hit
    # scores under the one of a question whose words the page has, and names what it lacks; a word in the other script may be a gloss (道具 of an English item page)
    root = tmp_path / "KnowledgeBase"
    write(root / "clinic" / "README.md", "# Clinic sites\n\nSites, hours and items.\n")
    write(
        root / "clinic" / "sites.md",
        "# Sites\n\n## Banqiao site\n\nOpen 08:00-21:00 for patients; two front desk staff "
        "per shift.\n\n## Legendary items\n\nLegendary items cannot be traded.\n",
    )
    r = search(
        "does the Banqiao site have parking for patients?", "clinic", root=root, score_threshold=0.0
    )
    staff = search("does the Banqiao site have two front desk staff?", "clinic", root=root)
    assert staff.found and "parking" in r.hits[0].missing_terms
    assert r.hits[0].score < staff.hits[0].score
    assert search("legendary 道具可以 trade 吗", "clinic", root=root).found


def test_how_many_asks_for_a_number_the_kb_has(sample_root: Path) -> None:
    # "many" is no topic the answer lacks: the config key's section gives the number
    r = search("how many times is a payment retried", "payments", root=sample_root)
    assert r.found and r.hits[0].path == "reference/payment-config.md"
    assert "many" not in r.hits[0].missing_terms


def test_the_answer_gives_the_value_asked_for(sample_root: Path) -> None:
    # the section of payment.timeout.seconds: its prose names the key, its list gives the value
    r = search("how long is the payment timeout", "payments", root=sample_root)
    assert r.found and "Default: `30`" in r.answer.splitlines()[0]
    r = search("payment timeout", "payments", root=sample_root)
    assert r.found and "Default: `30`" not in r.answer.splitlines()[0]


def test_the_answer_lists_as_not_found_only_words_the_kb_has_nowhere(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "shop" / "README.md", "# Shop\n\nRefunds and the warehouse.\n")
    write(
        root / "shop" / "refunds.md",
        "# Refunds\n\nA refund is approved by finance within 3 days of the request.\n",
    )
    write(root / "shop" / "warehouse.md", "# Warehouse\n\nThe warehouse ships on weekdays.\n")
    r = search("refund approved finance warehouse zebra", "shop", root=root, top_k=1)
    assert r.found and r.hits[0].path == "refunds.md"
    assert "warehouse" in r.hits[0].missing_terms  # not in this file ...
    assert (
        r.answer.splitlines()[-2] == "Not found in the knowledge base: zebra"
    )  # ... but in the KB


def test_the_value_may_be_in_a_section_without_the_common_words_of_the_question(
    tmp_path: Path,
) -> None:
    # "checked" is a common word: the intervals table names the flange bolts without it, and
    # gives how often; the best section (the one that says "checked") gives no interval
    root = tmp_path / "KnowledgeBase"
    write(root / "plant" / "README.md", "# Plant\n\nMaintenance of the turbines.\n")
    write(
        root / "plant" / "bolts.md",
        "# Bolt intervals\n\n| Joint | Method | Interval |\n| --- | --- | --- |\n"
        "| Tower flange | Tensioning | 12 months |\n| Main shaft | Torque | 24 months |\n\n"
        "## Failed sample\n\nIf a flange bolt fails the ultrasonic test, the whole joint is "
        "checked again at the same visit.\n",
    )
    write(root / "plant" / "tools.md", "# Tools\n\nTorque wrenches live in the tool store.\n")
    r = search("how often do the tower flange bolts get checked", "plant", root=root)
    assert r.found and r.hits[0].path == "bolts.md", r.notes
    assert "12 months" in r.hits[0].content
    # a rare word of the question must still be where the value is: the table gives no
    # interval of an ultrasonic test
    r = search("how often is the ultrasonic test of a flange bolt", "plant", root=root)
    assert not r.found
    assert any(
        n.endswith("the parts of it that match give no frequency, which the question asks for")
        for n in r.notes
    )


def test_a_count_is_answered_by_a_number_of_the_thing_counted(tmp_path: Path) -> None:
    # the pushback page names the wing walkers and gives numbers, but none of wing walkers;
    # the turnaround page gives their number
    root = tmp_path / "KnowledgeBase"
    write(root / "ramp" / "README.md", "# Ramp operations\n\nPushback and turnaround.\n")
    write(
        root / "ramp" / "pushback.md",
        "# Pushback\n\nBefore the tug moves, the wing walkers take their places at the tips "
        "and signal the driver with wands until the aircraft is lined up on the taxiway. "
        "Tug T2 serves stands 1 to 14.\n",
    )
    write(
        root / "ramp" / "turnaround.md",
        "# Turnaround crew\n\nA narrowbody turnaround needs 4 ramp agents. Deicing takes 2 "
        "agents from the crew.\n",
    )
    r = search("how many wing walkers does a pushback need", "ramp", root=root)
    assert not r.found
    assert any(
        n.endswith(
            "the parts of it that match give no number of wing walkers, which the question asks for"
        )
        for n in r.notes
    ), r.notes
    r = search("how many ramp agents does a narrowbody turnaround need", "ramp", root=root)
    assert r.found and r.hits[0].path == "turnaround.md"


def test_a_page_that_answers_the_first_of_two_asks_is_a_partial_answer(tmp_path: Path) -> None:
    # "what does PC-2 mean and how long ...": the code table answers what it means and gives no
    # duration; it is found, and says what it lacks, not held for the second ask
    root = tmp_path / "KnowledgeBase"
    write(root / "pool" / "README.md", "# Leisure pool\n\nClosures and their codes.\n")
    write(
        root / "pool" / "closure-codes.md",
        "# Closure codes\n\n| code | meaning |\n| --- | --- |\n"
        "| PC-1 | lightning in the area |\n| PC-2 | faecal incident in the pool |\n",
    )
    r = search("what does closure code PC-2 mean and how long is the pool shut", "pool", root=root)
    assert r.found and r.hits[0].path == "closure-codes.md"
    assert r.hits[0].missing_value == "duration"
    r = search("how long is the pool shut after PC-2", "pool", root=root)
    assert not r.found


def test_the_words_that_ask_for_the_kind_do_not_name_its_subject(tmp_path: Path) -> None:
    # "phone number" asks for the kind; "funmi" is whose: Tunde's line has a phone number and
    # the word "phone", but it is not Funmi's, so the page does not answer her number
    root = tmp_path / "KnowledgeBase"
    write(root / "ops" / "README.md", "# Ops\n\nSolar installer office: crews and contacts.\n")
    write(
        root / "ops" / "contacts.md",
        "# Office contacts\n\n- Tunde Bello, field lead: phone 0803 555 0142.\n"
        "- Funmi Adeyemi, ops manager: ask at the front desk.\n",
    )
    r = search("funmi phone number", "ops", root=root)
    assert not r.found
    assert any(n.endswith("give no phone number, which the question asks for") for n in r.notes)
    r = search("tunde phone number", "ops", root=root)
    assert r.found and "0803 555 0142" in (r.answer or r.hits[0].snippet)
    # an FAQ entry under a heading that names the subject gives its date, though the words
    # that ask for it (几号) are in another entry's question
    write(
        root / "ops" / "faq.md",
        "# FAQ\n\n## 工资几号发？\n\n每月 10 号发工资。\n\n"
        "## 年终奖什么时候发？\n\n次年 3 月 15 日单独发放。\n",
    )
    r = search("年终奖几月几号发", "ops", root=root)
    assert r.found and r.hits[0].path == "faq.md", r.notes


def test_a_partys_number_is_in_the_unit_that_names_the_party(tmp_path: Path) -> None:
    # "board director Cal Doss": the heading "Board of directors" names the board, not him;
    # the other directors' phones under it are not his
    root = tmp_path / "KnowledgeBase"
    write(root / "club" / "README.md", "# Club\n\nRodeo association office: board and contacts.\n")
    write(
        root / "club" / "contacts.md",
        "# Board of directors\n\nName: Gene Whitlock\nOffice: President\nPhone: (325) 555-0102\n\n"
        "Name: Rhonda Sealy\nOffice: Vice President\nPhone: (325) 555-0104\n\n"
        "Name: Cal Doss\nOffice: Director\nPhone: —\n",
    )
    r = search("What is board director Cal Doss's phone number?", "club", root=root)
    assert not r.found
    r = search("What is board president Gene Whitlock's phone number?", "club", root=root)
    assert r.found and "555-0102" in (r.answer or r.hits[0].snippet)


def test_the_value_must_be_said_of_half_of_what_was_asked(tmp_path: Path) -> None:
    # the page dates the ship's other work under the ship's heading: a date and the ship, not
    # the refit the question asks the date of
    root = tmp_path / "KnowledgeBase"
    write(root / "ferries" / "README.md", "# Ferries\n\nSailings and the fleet.\n")
    write(
        root / "ferries" / "fleet.md",
        "# Fleet\n\n## MV Torran\n\nCar deck repainted on 3 March 2025. Crew of 11.\n\n"
        "A refit is planned with the yard; nobody has fixed when.\n\n"
        "## MV Hebrides Star\n\nRefit starts 12 January 2026 at Garvel dry dock.\n",
    )
    r = search("what date does the Torran refit start", "ferries", root=root)
    assert not r.found
    assert any(n.endswith("give no date, which the question asks for") for n in r.notes), r.notes
    r = search("what date does the Hebrides Star refit start", "ferries", root=root)
    assert r.found and "12 January 2026" in r.hits[0].content
