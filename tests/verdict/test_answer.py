"""The answer: its units (whole sentences, list items, table rows), the ones it quotes and where it cuts."""

from __future__ import annotations

import unicodedata
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge_retrieval import search
from knowledge_retrieval.results import Hit
from knowledge_retrieval.text.asked import Kind
from knowledge_retrieval.verdict.answer import (
    MAX_STATEMENT,
    compose_answer,
    cut,
    key_statement,
    nested_units,
    quotes,
    units,
)

from ..conftest import write

ROWS = (
    "审批\n\n"
    "退款金额: ≤ 200.00 元\n审批方式: 自动通过（refund.auto_approve.max_amount_cents = 20000）\n\n"
    "退款金额: > 5000.00 元\n审批方式: 财务审批人两名，并由风控复核\n\n"
    "需要审批的退款接口返回 `202`。"
)


def _hit(content: str, matched: tuple[str, ...], heading: str = "审批") -> Hit:
    return Hit(
        kb="kb",
        path="rules/refund.md",
        title="退款规则",
        heading_path=("退款规则", heading),
        line_start=1,
        line_end=9,
        snippet_text=content,
        score=0.9,
        matched_terms=matched,
        content=content,
    )


def test_a_table_row_is_one_unit() -> None:
    # a row's field: value lines are one unit: its cells are never quoted apart
    assert units(ROWS) == [
        "审批",
        "退款金额: ≤ 200.00 元; 审批方式: 自动通过（refund.auto_approve.max_amount_cents = 20000）",
        "退款金额: > 5000.00 元; 审批方式: 财务审批人两名，并由风控复核",
        "需要审批的退款接口返回 `202`。",
    ]


def test_a_data_file_line_is_a_unit_with_the_keys_above_it() -> None:
    text = (
        "# cycles\ncip.cycles:\n  CIP-1:\n    temp_f: 170\n  CIP-2:\n    temp_f: 160\n"
        "parts:\n  - code: A1\n    stock: 5\n  - code: A2\n    stock: 0\n"
    )
    assert nested_units(text) == [
        "cip.cycles:",
        "cip.cycles CIP-1:",
        "cip.cycles CIP-1 temp_f: 170",
        "cip.cycles CIP-2:",
        "cip.cycles CIP-2 temp_f: 160",
        "parts:",
        "parts - code: A1",
        "parts code: A1 stock: 5",
        "parts - code: A2",
        "parts code: A2 stock: 0",
    ]


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.sampled_from(["a:", "  b:", "    - c: 1", "      d: 2", "x: 3", "", "#"]), max_size=60
    )
)
def test_nested_units_keep_every_line(lines: list[str]) -> None:
    got = nested_units("\n".join(lines))
    assert len(got) == sum(1 for x in lines if x.strip() and not x.strip().startswith("#"))
    assert all(len(u) <= 400 for u in got)


def test_soft_wrapped_lines_join_and_list_items_stay_apart() -> None:
    # labelled lines of prose (Ours:, Theirs:) are no table: only blocks that start with the
    # same field as another block are rows
    text = (
        "The service sends one charge request to the payment\nchannel. A decline is never"
        " retried.\n\n- Type: integer, 1–5\n- Default: `3`\n\nkey: a.b\nrange: 1–5\n\n"
        "key: a.c\nrange: 2–6\n\nOurs: page the on-call.\nTheirs: tell the admin.\n"
    )
    assert units(text) == [
        "The service sends one charge request to the payment channel.",
        "A decline is never retried.",
        "- Type: integer, 1–5",
        "- Default: `3`",
        "key: a.b; range: 1–5",
        "key: a.c; range: 2–6",
        "Ours: page the on-call.",
        "Theirs: tell the admin.",
    ]


def test_a_wrapped_line_with_a_colon_goes_on_the_sentence_before_it() -> None:
    # "error found in QA is corrected within 5 working days:" is no field name: it continues
    # "An amount", which was quoted alone
    text = (
        "- **Findings** are sent to the lead within 10 working days. An amount\n"
        "  error found in QA is corrected within 5 working days: underpayments are paid.\n"
        "- Who may change: the team lead\n"
    )
    assert units(text) == [
        "- **Findings** are sent to the lead within 10 working days.",
        "An amount error found in QA is corrected within 5 working days: underpayments are paid.",
        "- Who may change: the team lead",
    ]


def test_the_statement_keeps_rows_apart_and_quotes_only_what_answers() -> None:
    # both rows hold 金额 (审批 is the heading's): quoted in the page's order, " | " apart; the
    # sentence under them adds no keyword
    got = key_statement(_hit(ROWS, ("审批", "金额")))
    assert got == (
        "退款金额: ≤ 200.00 元; 审批方式: 自动通过（refund.auto_approve.max_amount_cents = 20000）"
        " | 退款金额: > 5000.00 元; 审批方式: 财务审批人两名，并由风控复核"
    )
    # refund is in the first row alone: it answers, the second row adds nothing
    assert key_statement(_hit(ROWS, ("refund", "审批", "金额"))) == (
        "退款金额: ≤ 200.00 元; 审批方式: 自动通过（refund.auto_approve.max_amount_cents = 20000）"
    )


_WORD = st.text(alphabet="abcAZ1.。成本", min_size=1, max_size=6)
_LINE = st.one_of(
    st.builds(lambda n, v: f"{n}: {v}", _WORD, _WORD),  # a table cell
    st.builds(lambda w: f"- {w}", _WORD),  # a list item
    st.lists(_WORD, min_size=1, max_size=4).map(" ".join),  # prose
)
_BLOCK = st.lists(_LINE, min_size=1, max_size=4).map("\n".join)


@given(st.lists(_BLOCK, min_size=1, max_size=6).map("\n\n".join))
def test_units_keep_every_word_and_no_line_break(content: str) -> None:
    # joining lines into paragraphs and rows loses nothing and leaves no line break in a unit
    got = units(content)
    assert all(u and u == u.strip() and "\n" not in u for u in got)
    assert _chars("".join(got)) == _chars(content)


def _chars(text: str) -> Counter[str]:
    """The characters of a text but spaces and the "; " that joins a row's cells."""
    return Counter(c for c in text if not c.isspace() and c != ";")


def test_a_heading_alone_is_answered_by_the_text_under_its_subheading(tmp_path: Path) -> None:
    # an H1 with nothing under it takes the section after it; that section's heading
    # ("Definition") is no sentence of the answer
    root = tmp_path / "KnowledgeBase"
    write(root / "terms" / "README.md", "# Terms\n\nThe glossary.\n")
    write(
        root / "terms" / "idempotency.md",
        "---\ntags: [幂等]\n---\n\n# Idempotency\n\n## Definition\n\n"
        "An operation is idempotent when performing it twice has the effect of doing it once.\n\n"
        "## Why it matters\n\nRetries are safe only for idempotent operations.\n",
    )
    r = search("幂等是什么意思", "terms", root=root, score_threshold=0)
    assert r.hits[0].heading_path == ("Idempotency",)
    assert "：An operation is idempotent" in r.answer
    assert "Definition" not in r.answer


def _homelab(tmp_path: Path) -> Path:
    """A small homelab KB as a person keeps one: a UPS page, a backups page, a NAS page."""
    root = tmp_path / "KnowledgeBase"
    write(root / "homelab" / "README.md", "# Homelab\n\nNotes on the home network and servers.\n")
    write(
        root / "homelab" / "ups.md",
        "# UPS\n\nThe rack hangs off an APC Back-UPS Pro 1500 in the hall closet.\n\n"
        "## Battery\n\n"
        "- The UPS battery is an APC RBC7 pack.\n"
        "- Replace the battery when the UPS self-test fails or it beeps every few seconds.\n"
        "- Old battery packs go back to the shop for recycling.\n\n"
        "On battery the UPS lasts about 25 minutes with the NAS, the switch and the router\n"
        "attached. The NAS shuts itself down when the charge drops under 30%.\n",
    )
    write(
        root / "homelab" / "backups.md",
        "# Backups\n\nThe backup job runs on the NAS. It copies the photo library and the\n"
        "documents share to an external disk. Snapshots are kept for 30 days, then pruned by\n"
        "the nightly cleanup.\n",
    )
    write(
        root / "homelab" / "nas.md",
        "# NAS\n\nA Synology DS920+ with four disks in SHR-1. It serves the documents share,\n"
        "the photo library and the media for the TV.\n",
    )
    return root


def _statement(answer: str) -> str:
    """The answer's first line without its lead (From ... (where): )."""
    first = answer.splitlines()[0]
    return first.split("): ", 1)[1] if "): " in first else first.split("）：", 1)[1]


def test_the_answer_quotes_the_sentence_that_gives_the_asked_value(tmp_path: Path) -> None:
    # the runtime sentence holds the question's words and a duration; the battery lines hold
    # the words only: they are not quoted
    r = search("how long does the UPS last on battery", "homelab", root=_homelab(tmp_path))
    assert r.found and r.hits[0].path == "ups.md"
    assert _statement(r.answer) == (
        "On battery the UPS lasts about 25 minutes with the NAS, the switch and the router"
        " attached."
    )


def test_the_answer_keeps_the_page_order(tmp_path: Path) -> None:
    # the value is in the last sentence; the first adds the NAS; the one between adds nothing
    r = search("how long are NAS snapshots kept", "homelab", root=_homelab(tmp_path))
    assert r.found and r.hits[0].path == "backups.md"
    assert _statement(r.answer) == (
        "The backup job runs on the NAS. Snapshots are kept for 30 days, then pruned by the"
        " nightly cleanup."
    )


LONG = (
    "The restore drill copies the newest snapshot of the documents share from the external"
    " disk to a scratch folder on the laptop and then opens a random sample of the files to"
    " check that spreadsheets and scans and photos and the password database still open"
    " without errors and that their sizes match the sizes recorded in the backup log and the"
    " person doing the drill writes the date and the result into the drill log and files a"
    " ticket for every file that did not open so that the next drill checks it again first"
    " and the owner of the share can decide whether the file can be restored from the cloud"
    " copy instead\n"
)


def test_a_long_sentence_is_cut_at_a_word_end(tmp_path: Path) -> None:
    # one sentence of 640 characters without a clause end: cut after a whole word, with "…"
    root = _homelab(tmp_path)
    write(root / "homelab" / "restore.md", "# Restore drill\n\n" + LONG)
    r = search("restore drill sample files", "homelab", root=root)
    assert r.hits[0].path == "restore.md"
    got = _statement(r.answer)
    assert got.endswith("…") and len(got) <= MAX_STATEMENT + 1
    head = got[:-1]
    assert LONG.startswith(head) and LONG[len(head)] == " "


ZH = (
    "# 备份\n\n"
    "家里的 NAS 每天凌晨三点把文档共享区和照片库备份到外接硬盘。"
    "快照保留 30 天，过期的快照由夜间清理任务删除。\n\n"
    "恢复演练时先把最新的快照复制到笔记本电脑上的临时文件夹，再随机打开一部分文件检查表格、扫描件、"
    "照片和密码库能否正常打开，核对文件大小是否与备份日志记录的一致，"
    "负责演练的人把日期和结果写进演练记录，对每个打不开的文件开一张工单，"
    "下一次演练优先检查这些文件，共享区的负责人再决定能否从云端副本恢复这些文件，"
    "如果云端副本也损坏了，就在演练记录里写明无法恢复的文件名和原因，"
    "并且通知家里所有使用这个共享区的人，让他们检查自己电脑上是否还有这些文件的本地副本，"
    "有的话就重新上传到共享区，没有的话就在共享区的说明文件里登记为已丢失，"
    "以免以后有人以为这些文件还在而去找，演练结束后还要把临时文件夹里的副本全部删除，"
    "清空笔记本电脑的回收站，确认外接硬盘已经安全弹出并放回柜子里，"
    "最后在家庭群里说一声这次演练已经完成以及发现了哪些问题，"
    "方便大家知道备份是否可靠以及下一次演练大概在什么时候进行。\n"
)


def test_a_chinese_answer_gives_the_value_and_a_long_one_ends_at_a_comma(tmp_path: Path) -> None:
    root = _homelab(tmp_path)
    write(root / "homelab" / "backup-zh.md", ZH)
    r = search("快照保留多久", "homelab", root=root)
    assert r.hits[0].path == "backup-zh.md"
    assert _statement(r.answer) == "快照保留 30 天，过期的快照由夜间清理任务删除。"
    r = search("恢复演练怎么做", "homelab", root=root)
    assert r.hits[0].path == "backup-zh.md"
    got = _statement(r.answer)
    # cut after a clause: the source goes on with "，" where the quote stops
    assert got.endswith("…") and len(got) <= MAX_STATEMENT + 1
    assert ZH[ZH.index(got[:-1]) + len(got) - 1] == "，"


# no "name: value" lines: a table row's cells are quoted joined by "; ", not verbatim
_PROSE = st.text(alphabet="abcdeXYZ 12.,;?-/的是快照，。：", min_size=0, max_size=120)
_PARAGRAPH = st.lists(_PROSE, min_size=1, max_size=4).map("\n".join)
_SECTION = st.lists(
    st.one_of(_PARAGRAPH, _PROSE.map(lambda t: f"- {t}")), min_size=1, max_size=5
).map("\n\n".join)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    _SECTION,
    st.lists(st.sampled_from(["abc", "XYZ", "快照", "12", "de"]), max_size=3),
    st.integers(min_value=1, max_value=400),
    st.sampled_from([None, "number", "duration"]),
)
def test_a_quote_is_the_source_verbatim_and_never_ends_inside_a_word(
    content: str, matched: list[str], budget: int, asks: Kind | None
) -> None:
    # whatever the text and the budget: each quoted unit is the section's text (soft-wrapped
    # lines joined by a space), and a cut one ends where no word goes on
    hit = _hit(content, tuple(matched), heading="Notes")
    flat = " ".join(content.split())
    for quote, _row in quotes(hit, 3, asks, budget):
        head = " ".join(quote.removesuffix("…").split())
        assert head and head in flat
        if quote.endswith("…"):
            at = flat.index(head) + len(head)
            assert not (_letter(head[-1]) and at < len(flat) and _letter(flat[at]))


@given(st.text(min_size=0, max_size=300), st.integers(min_value=1, max_value=300))
def test_cut_keeps_a_head_of_whole_words(text: str, budget: int) -> None:
    got = cut(text, budget)
    if got == text:
        return
    head = got.removesuffix("…")
    assert got.endswith("…") and text.startswith(head) and head
    assert not (_letter(head[-1]) and _letter(text[len(head)]))


def _letter(c: str) -> bool:
    """A letter of a script written with spaces between words (between two Chinese characters
    a cut splits no word)."""
    return c.isalpha() and unicodedata.east_asian_width(c) not in "WF"


def test_a_section_that_is_only_its_title_is_quoted_up_to_a_word_end(tmp_path: Path) -> None:
    # the one paragraph repeats the page's title, so no unit is left to quote: the section's
    # text is quoted, cut after a whole word (it was the snippet: "…we record the f…")
    root = _homelab(tmp_path)
    text = " ".join(
        ["When a metric changes its meaning, we record the fact in this metrics log"] * 8
    )
    write(root / "homelab" / "metrics.md", f"---\ntitle: {text}\n---\n\n{text}\n")
    r = search("metric meaning log", "homelab", root=root, score_threshold=0)
    assert r.hits[0].path == "metrics.md"
    got = _statement(r.answer)
    head = got.removesuffix("…")
    assert text.startswith(head) and not (_letter(head[-1]) and _letter(text[len(head)]))
    assert got.endswith("meaning…") and len(got) <= MAX_STATEMENT + 1


# ------------------------------------------------------- long pages: bounded, code kept in lines

RESTORE = """\
# Backups

Nightly restic backups of /etc and /srv go to the NAS.

## Restore a file from backup

```bash
# restore a file from the latest backup
source /root/.restic.env
restic snapshots
restic restore latest --target /tmp/restore --include /etc/nginx/nginx.conf
```

Check it before copying it back.
"""


def test_a_quoted_code_block_keeps_its_lines(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "homelab" / "README.md", "# Homelab\n\nMy homelab: services, backups.\n")
    write(root / "homelab" / "backups.md", RESTORE)
    result = search("how do I restore a file from backup", root=root)
    assert result.answer.splitlines()[:7] == [
        "From the local knowledge base homelab, backups.md (Backups > Restore a file from backup): ",
        "```bash",
        "# restore a file from the latest backup",
        "source /root/.restic.env",
        "restic snapshots",
        "restic restore latest --target /tmp/restore --include /etc/nginx/nginx.conf",
        "```",
    ]


def test_a_code_block_is_one_unit_and_clipped_at_a_line() -> None:
    code = "```sh\n" + "".join(f"echo step {i}\n" for i in range(100)) + "```"
    content = f"Run this:\n\n{code}\n\nThen stop. Done."
    assert units(content) == ["Run this:", code, "Then stop.", "Done."]
    statement = key_statement(_hit(content, ("echo", "step")), 1)
    lines = statement.splitlines()
    assert lines[:3] == ["", "```sh", "echo step 0"]
    assert lines[-2:] == ["…", "```"]
    assert all(line.startswith("echo step ") for line in lines[2:-2])
    assert len(statement) <= MAX_STATEMENT + 10
    # an unclosed fence runs to the end of the section, closed in the answer
    assert units("Run:\n\n~~~\nls -l\n\nls -a") == ["Run:", "~~~\nls -l\n\nls -a\n~~~"]


def test_a_page_long_title_is_clipped_in_the_answer() -> None:
    title = "Title " * 10_000  # a 60 KB front-matter title
    hit = Hit(
        kb="kb",
        path="page.md",
        title=title,
        heading_path=(),
        line_start=1,
        line_end=2,
        snippet_text="",
        score=0.9,
        matched_terms=("refund",),
        content="A refund takes 5 days.",
    )
    answer = compose_answer("en", [hit, hit], [])
    assert len(answer) < 1_000
    assert answer.splitlines()[0] == (
        "From the local knowledge base kb, page.md (" + "Title " * 19 + "Title…): "
        "A refund takes 5 days."
    )


def test_a_table_of_many_rows_is_read_once() -> None:
    """Each row's first field is counted once (a count per row was quadratic: 6.6 s on an
    800 KB table), and at most MAX_UNITS units are scored, those naming a keyword first."""
    rows = "\n\n".join(f"Code: E{i}\nMeaning: order {i} failed" for i in range(40_000))
    hit = _hit(rows, ("E39999",), heading="Codes")
    assert len(units(rows)) == 40_000
    assert key_statement(hit, 1) == "Code: E39999; Meaning: order 39999 failed"
    picked = quotes(_hit(rows, ("order",), heading="Codes"), 3)
    assert picked[0] == ("Code: E0; Meaning: order 0 failed", True)
