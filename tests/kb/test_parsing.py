"""Tests for knowledge_retrieval.kb.parsing: golden files, read_text, properties and hostile input.

Golden files: every ``tests/fixtures/parsing/<name>.<md|markdown|mdx|csv>`` has a
``<name>.result.json`` holding the parsed Document. After a deliberate change, regenerate
them and review the diff by eye::

    python tests/kb/test_parsing.py --regen        # or: KR_REGEN_GOLDEN=1 pytest tests/kb/test_parsing.py
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge_retrieval.defaults import MAX_FILE_BYTES
from knowledge_retrieval.kb import parsing
from knowledge_retrieval.kb.parsing import SUPPORTED_SUFFIXES, SkipFile, parse_document, read_text
from knowledge_retrieval.models import Document, Section

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "parsing"
REGEN = os.environ.get("KR_REGEN_GOLDEN") == "1"
INPUTS = sorted(
    p
    for p in FIXTURES.iterdir()
    if p.suffix in SUPPORTED_SUFFIXES and not p.name.endswith(".result.json")
)


def to_json(doc: Document) -> str:
    return json.dumps(dataclasses.asdict(doc), ensure_ascii=False, indent=2, allow_nan=False) + "\n"


def result_path(src: Path) -> Path:
    return src.with_name(src.stem + ".result.json")


def line_count(text: str) -> int:
    return len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def skip_reason(path: Path, **kwargs: int) -> str:
    with pytest.raises(SkipFile) as info:
        read_text(path, **kwargs)
    return str(info.value)


def section(doc: Document, *, kind: str = "text", contains: str) -> Section:
    found = [s for s in doc.sections if s.kind == kind and contains in s.text]
    assert len(found) == 1, (contains, doc.sections)
    return found[0]


# ---------------------------------------------------------------- golden files


def test_fixture_set_is_complete() -> None:
    assert len(INPUTS) >= 8
    stems = {p.stem for p in INPUTS}
    orphans = [
        p.name
        for p in FIXTURES.glob("*.result.json")
        if p.name.removesuffix(".result.json") not in stems
    ]
    assert not orphans, f"golden files without an input: {orphans}"


@pytest.mark.parametrize("src", INPUTS, ids=[p.name for p in INPUTS])
def test_golden(src: Path) -> None:
    actual = to_json(parse_document(src.name, read_text(src)))
    expected_path = result_path(src)
    if REGEN:
        expected_path.write_text(actual, encoding="utf-8")
    assert expected_path.exists(), (
        f"{expected_path.name} is missing: run `python tests/kb/test_parsing.py --regen` and review it"
    )
    assert json.loads(actual) == json.loads(expected_path.read_text(encoding="utf-8"))


def parse_fixture(name: str) -> Document:
    return parse_document(name, read_text(FIXTURES / name))


def test_english_front_matter_and_nested_headings() -> None:
    doc = parse_fixture("payment-retry.md")
    assert doc.title == "Payment retry policy"
    assert doc.tags == ("payments", "retry", "config")
    assert doc.metadata["updated"] == "2024-05-12"  # a YAML date made JSON-safe
    example = section(doc, contains="max_attempts: 5")
    assert example.heading_path == ("Payment retry policy", "Configuration", "Example")
    assert (example.line_start, example.line_end) == (24, 30)
    assert "TODO" not in section(doc, contains="backoff_ms").text  # HTML comment stripped
    # an H3 directly under an H1 hangs under that H1
    assert section(doc, contains="PAY-1100").heading_path == ("Appendix", "History")


def test_table_rows_become_their_own_sections() -> None:
    doc = parse_fixture("order-status-zh.md")
    row = section(doc, kind="table", contains="ORDER_STATUS_PAID")
    assert row.text == "Code: 20\nName: ORDER_STATUS_PAID\nMeaning: 已支付"
    assert row.heading_path == ("订单状态码", "状态码一览")
    line = (
        (FIXTURES / "order-status-zh.md")
        .read_text(encoding="utf-8")
        .split("\n")[row.line_start - 1]
    )
    assert row.line_start == row.line_end and "ORDER_STATUS_PAID" in line
    whole = section(doc, contains="状态码 80")
    assert row.text in whole.text and "|" not in whole.text
    assert doc.tags == ("订单", "状态码", "ORDER_STATUS")  # a comma string


def test_mdx_drops_esm_and_jsx_but_keeps_code_and_text() -> None:
    doc = parse_fixture("checkout-sdk.mdx")
    assert doc.kind == "mdx"
    text = "\n".join(s.text for s in doc.sections)
    assert "import x from 'y';" in text
    assert "@theme/Tabs" not in text and "owner: 'payments'" not in text
    assert "<Tabs>" not in text and "TabItem" not in text and "/*" not in text
    assert "Retries stop after `payment.retry.max_attempts` attempts." in text
    assert section(doc, contains="Install the SDK").line_start == 18


def test_broken_front_matter_is_stripped_with_a_warning() -> None:
    doc = parse_fixture("broken-front-matter.md")
    assert doc.metadata == {}
    assert len(doc.warnings) == 1 and doc.warnings[0].startswith("front matter ignored: ")
    assert all("PAY-2210" not in s.text for s in doc.sections)
    assert doc.sections[0].line_start == 7


def test_preamble_and_empty_and_csv() -> None:
    doc = parse_fixture("preamble.markdown")
    assert doc.sections[0].heading_path == () and doc.title == "preamble"
    assert parse_fixture("empty.md").sections == ()
    csv_doc = parse_fixture("order-status-enum.csv")
    assert {s.kind for s in csv_doc.sections} == {"table"}
    multi = section(csv_doc, kind="table", contains="SHIPPED")
    assert (multi.line_start, multi.line_end) == (5, 6)


# ---------------------------------------------------------------- parse_document details


def test_title_fallbacks() -> None:
    assert parse_document("a/b/order_status-codes.md", "no heading").title == "order status codes"
    assert parse_document("x.md", "## Sub\n\n# First H1\n").title == "First H1"
    assert parse_document("x.md", "---\nlinkTitle: Short\n---\n# Long\n").title == "Short"


def test_thematic_break_then_prose_is_not_front_matter() -> None:
    doc = parse_document("x.md", "---\nSome intro text.\n\nMore.\n---\n\n# H\n")
    assert doc.warnings == () and doc.metadata == {}
    assert "Some intro text." in doc.sections[0].text


def test_csv_semicolons_and_empty() -> None:
    doc = parse_document("enum.csv", "code;name\n10;CREATED\n20;PAID\n")
    assert [s.text for s in doc.sections] == ["code: 10\nname: CREATED", "code: 20\nname: PAID"]
    assert doc.sections[0].heading_path == ("enum",)
    assert parse_document("e.csv", "").sections == ()
    assert parse_document("e.csv", "only,header\n").sections == ()


def test_markdown_failure_falls_back_to_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    class Exploding:
        def parse(self, src: str) -> list[object]:
            raise RecursionError("too deep")

    monkeypatch.setitem(parsing._PARSERS, "md", Exploding())
    monkeypatch.setattr(parsing, "plain_sections", lambda lines, offset: None)
    doc = parse_document("x.md", "---\ntitle: T\n---\n\n# H\n\ntext <!-- hidden -->\n")
    assert doc.title == "T" and len(doc.warnings) == 1
    assert [(s.text, s.line_start, s.line_end) for s in doc.sections] == [("# H\n\ntext", 5, 7)]


# ---------------------------------------------------------------- read_text


def test_read_text_refuses_binary(tmp_path: Path) -> None:
    png = tmp_path / "logo.md"
    png.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    assert skip_reason(png) == "binary file"
    controls = tmp_path / "controls.md"
    controls.write_bytes(b"\x01\x02\x03\x04 text" * 50)
    assert skip_reason(controls) == "binary file"


@pytest.mark.parametrize(
    ("text", "codec"),
    [
        ("# 订单状态码\n\n20 已支付 ORDER_STATUS_PAID，支付渠道回调确认扣款成功。\n", "gb18030"),
        ("# 運單狀態碼\n\n140 已簽收，本人、管理室或超商代收皆算簽收。\n", "big5"),
    ],
)
def test_read_text_legacy_chinese(tmp_path: Path, text: str, codec: str) -> None:
    path = tmp_path / "doc.md"
    path.write_bytes(text.encode(codec))
    assert read_text(path) == text


def test_read_text_boms_and_newlines(tmp_path: Path) -> None:
    path = tmp_path / "doc.md"
    path.write_bytes(b"\xef\xbb\xbf# Title\r\nline\rlast\n")
    assert read_text(path) == "# Title\nline\nlast\n"
    for data in (
        "# 标题\r\n正文\n".encode("utf-16"),
        b"\xfe\xff" + "# 标题\n正文\n".encode("utf-16-be"),
    ):
        path.write_bytes(data)
        assert read_text(path) == "# 标题\n正文\n"


def test_read_text_oversized_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.md"
    with big.open("wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing is really written

    def no_read(*args: object, **kwargs: object) -> None:
        raise AssertionError("an oversized file was read")

    monkeypatch.setattr(os, "read", no_read)
    assert skip_reason(big) == "larger than 5 MiB"
    monkeypatch.undo()
    small = tmp_path / "small.md"
    small.write_text("x" * 100, encoding="utf-8")
    assert skip_reason(small, max_bytes=10) == "larger than 10 bytes"


def test_read_text_invalid_bytes(tmp_path: Path) -> None:
    path = tmp_path / "undefined.md"
    path.write_bytes(b"caf\xe9 \x81\x8d \xff end")  # 0x81, 0x8D: undefined in Windows-1252
    assert skip_reason(path) == "not valid text (unknown encoding)"


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (
            b"caf\xe9 cr\xe8me br\xfbl\xe9e, na\xefve r\xe9sum\xe9\n",
            "café crème brûlée, naïve résumé\n",
        ),
        (
            b"Stra\xdfe \x80 5, \x93quoted\x94 \x96 dash\n",
            "Straße € 5, \u201cquoted\u201d \u2013 dash\n",
        ),
        (b"Gr\xf6\xdfe: 10 \xb0C, \xbd litre\n", "Größe: 10 °C, ½ litre\n"),
    ],
)
def test_windows_1252_and_latin_1_files_are_read(tmp_path: Path, raw: bytes, text: str) -> None:
    path = tmp_path / "legacy.md"
    path.write_bytes(raw)
    with pytest.raises(UnicodeDecodeError):
        for codec in ("utf-8", "gb18030", "big5"):  # what was tried before: none decodes it
            raw.decode(codec)
            pytest.fail(f"{codec} decodes {raw!r}")
    assert parsing.read_text(path) == text


LATIN_THAT_IS_VALID_GB18030 = [  # each accented letter followed by a letter
    "Zürich\n",
    "Müller, Zürich\n",
    "# Öffnungszeiten\n\nDie Größe: Zürich, München, Düsseldorf\n",
    "# Über Zürich\n\nDer Zürichsee liegt südlich, nördlich liegt Winterthur.\n",
]
CHINESE = [
    ("# 订单状态码\n\n20 已支付 ORDER_STATUS_PAID，支付渠道回调确认扣款成功。\n", "gb18030"),
    ("# 运单\n\n运单状态：已签收。退款需要审批。\n", "gb18030"),
    ("# 運單狀態碼\n\n140 已簽收，本人、管理室或超商代收皆算簽收。\n", "big5"),
    ("# 錯誤碼\n\n錯誤碼 E1001 表示餘額不足，請聯絡客服。\n", "big5"),
    # mostly English, a few Chinese words: a detector alone takes these for Windows-1252
    ("| COD | Cash on Delivery | 货到付款 |\n", "gb18030"),
    ("tags: [物流, 運單, 狀態碼, SHIP_STATUS]\n", "big5"),
]


@pytest.mark.parametrize("text", LATIN_THAT_IS_VALID_GB18030)
def test_windows_1252_that_is_also_valid_gb18030_is_read_as_windows_1252(
    tmp_path: Path, text: str
) -> None:
    raw = text.encode("cp1252")
    raw.decode("gb18030")  # valid there too: "Zürich" would read "Z黵ich"
    path = tmp_path / "legacy.md"
    path.write_bytes(raw)
    assert parsing.read_text(path) == text


@pytest.mark.parametrize(("text", "codec"), CHINESE)
def test_chinese_legacy_encodings_stay_chinese(tmp_path: Path, text: str, codec: str) -> None:
    path = tmp_path / "zh.md"
    path.write_bytes(text.encode(codec))
    assert parsing.read_text(path) == text


def test_read_text_missing_directory_and_fifo(tmp_path: Path) -> None:
    assert skip_reason(tmp_path / "missing.md") == "unreadable: file not found"
    assert skip_reason(tmp_path) == "unreadable: is a directory"
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.md")
        assert skip_reason(tmp_path / "pipe.md") == "not a regular file"


def test_read_text_permission_denied_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "doc.md"
    path.write_text("# doc\n", encoding="utf-8")

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(os, "open", denied)
    assert skip_reason(path) == "unreadable: permission denied"


def test_read_text_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "secret.md"
    path.write_text("# secret\n", encoding="utf-8")
    path.chmod(0)
    try:
        try:
            path.read_bytes()
        except PermissionError:
            pass
        else:
            pytest.skip("running with privileges that ignore file permissions")
        assert skip_reason(path) == "unreadable: permission denied"
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


# ---------------------------------------------------------------- properties and hostile input

PIECES = st.sampled_from(
    [
        "# ",
        "## ",
        "### ",
        "\n",
        "\n\n",
        "---\n",
        "***",
        "| a | b |\n|---|---|\n| 1 | 2 |\n",
        "|",
        "> ",
        "- ",
        "1. ",
        "  ",
        "    ",
        "\t",
        "```",
        "~~~",
        "`",
        "*",
        "_",
        "[",
        "](",
        "<",
        ">",
        "=",
        "<!--",
        "-->",
        "import x from 'y'\n",
        "export const a = {\n",
        "}",
        "{/* c */}",
        "<Tabs>",
        "</TabItem>",
        "<Comp />",
        "title: x\n",
        "tags: [a, b]\n",
        "&a ",
        "*a ",
        ":",
        ",",
        ";",
        '"',
        "\r\n",
        "\r",
        "\ufeff",
        "\x00",
        "\x0c",
        "\x1c",
        "\x85",
        "\u2028",
        "订单",
        "運單",
        "a",
        "b c",
    ]
)
MARKDOWNISH = st.one_of(st.text(), st.lists(PIECES, max_size=60).map("".join))


@given(text=MARKDOWNISH, suffix=st.sampled_from([*SUPPORTED_SUFFIXES, ".txt", ""]))
@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_parse_document_never_raises(text: str, suffix: str) -> None:
    doc = parse_document(f"kb/doc{suffix}", text)
    limit = line_count(text) + 1
    for s in doc.sections:
        assert 1 <= s.line_start <= s.line_end <= limit, s
        assert s.text.strip(), s
    to_json(doc)  # metadata is strict JSON


@given(front=st.lists(PIECES, max_size=30).map("".join), body=MARKDOWNISH)
@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_front_matter_never_raises(front: str, body: str) -> None:
    text = f"---\n{front}\n---\n{body}"
    doc = parse_document("doc.md", text)
    for s in doc.sections:
        assert 1 <= s.line_start <= s.line_end <= line_count(text) + 1
    to_json(doc)


def billion_laughs(width: int, depth: int) -> str:
    rows = ['a: &a ["lol"' + ', "lol"' * (width - 1) + "]"]
    for level in range(1, depth):
        prev, cur = chr(ord("a") + level - 1), chr(ord("a") + level)
        rows.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * width) + "]")
    return "---\n" + "\n".join(rows) + "\n---\n\n# Body\n\ntext\n"


@pytest.mark.parametrize(("width", "depth"), [(9, 9), (4, 10)])
def test_yaml_alias_bomb_is_refused_quickly(width: int, depth: int) -> None:
    started = time.monotonic()
    doc = parse_document("bomb.md", billion_laughs(width, depth))
    assert time.monotonic() - started < 2
    assert doc.metadata == {} and doc.warnings[0].startswith("front matter ignored")
    assert doc.sections[0].text == "Body\n\ntext"


def test_self_referencing_yaml_is_refused() -> None:
    doc = parse_document("loop.md", "---\na: &a [*a]\n---\ntext\n")
    assert doc.metadata == {} and doc.warnings


@pytest.mark.parametrize(
    "text",
    [
        "".join(">" * i + f" line {i}\n" for i in range(1, 3001)),
        ">" * 5000 + " deep\n",
        "".join("  " * i + f"- item {i}\n" for i in range(3000)),
        "[" * 5000 + "x" + "]" * 5000 + "\n",
    ],
)
def test_deep_nesting_does_not_raise(text: str) -> None:
    doc = parse_document("deep.md", text)
    assert doc.sections and doc.sections[-1].line_end <= line_count(text)


def regenerate() -> None:
    for src in INPUTS:
        result_path(src).write_text(
            to_json(parse_document(src.name, read_text(src))), encoding="utf-8"
        )
        print(f"wrote {result_path(src).name}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--regen"]:
        sys.exit("usage: python tests/kb/test_parsing.py --regen")
    regenerate()


_INLINE_CASES = [
    "# Title with [a link](http://x) and `code`\n\nBody *em* text.\n",
    "# [ref heading][r] \\*escaped\\*\n\n[r]: http://example.com\n\npara [r]\n",
    "## Heading {#anchor}\n\n| a | **b** |\n|---|---|\n| [x][r] | `y` \\| z |\n\n[r]: /u\n",
    "> | q | w |\n> |---|---|\n> | 1 | 2 |\n\n- item\n\n  ## in list\n",
    "Setext *title*\n===\n\ntext ![img *alt*](p.png) <b>html</b>\n\n<!-- c -->\n",
    "# 标题 **粗体** 与 [链接](u)\n\n| 名称 | 说明 |\n|---|---|\n| 订单 | 已&nbsp;支付 |\n",
]


@pytest.mark.parametrize("text", _INLINE_CASES)
def test_inlines_parsed_where_read_give_the_full_parse(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only headings' and table cells' inlines are parsed: the Document is the one a parser that
    parses every inline gives."""
    from markdown_it import MarkdownIt

    ours = parse_document("a.md", text)
    monkeypatch.setitem(parsing._PARSERS, "md", MarkdownIt("commonmark").enable("table"))
    assert parse_document("a.md", text) == ours
    assert ours.sections


def test_golden_files_with_every_inline_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    from markdown_it import MarkdownIt

    ours = [parse_document(p.name, p.read_text(encoding="utf-8")) for p in INPUTS]
    monkeypatch.setitem(parsing._PARSERS, "md", MarkdownIt("commonmark").enable("table"))
    assert [parse_document(p.name, p.read_text(encoding="utf-8")) for p in INPUTS] == ours


# --------------------------------------------------------------------------- plain Markdown

_PLAIN_LINES = (
    "",
    "   ",
    "\t",
    "# Title",
    "## Sub: part two",
    "### Deep (3)",
    "#  spaced   heading  ",
    "# Closed #",
    "#nospace",
    "####### seven",
    "# *emph*",
    "# a_b",
    "# x {#id}",
    "Plain words here.",
    "Another line, with punctuation: yes; 50% (of them).",
    "1. a list",
    "2) another",
    "2020 was a year",
    "- item",
    "* star",
    "+ plus",
    "> quote",
    "---",
    "===",
    "***",
    "```",
    "~~~",
    "    indented code",
    "<div>",
    "<!-- a comment -->",
    "text <!-- inline comment --> more",
    "a | b",
    "|---|---|",
    "[ref]: /url",
    '"Quoted" start',
    "(parenthesised) start",
    "中文段落，没有标记。",
    "\u3000全角空格",
    "ünïcode wörds",
    "trailing hard break  ",
    "back\\slash",
    "`code` start",
    "x `code` inside",
    "&amp; entity",
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PLAIN_LINES), max_size=14))
def test_plain_markdown_is_sectioned_as_markdown_it_sections_it(lines: list[str]) -> None:
    plain = parsing.plain_sections(lines, 3)
    if plain is None:
        return  # not plain: markdown-it parses it
    assert plain == parsing._markdown_sections(
        parsing._markdown().parse("\n".join(lines)), lines, 3
    )


def test_plain_markdown_path_is_taken_for_abstract_like_pages() -> None:
    lines = [
        "# A title: with a colon",
        "",
        "First paragraph,",
        "two lines.",
        "",
        "## Next",
        "Text.",
    ]
    assert parsing.plain_sections(lines, 0) is not None
    assert parsing.plain_sections(["Title", "==="], 0) is None  # a setext heading
    assert parse_document("a.md", "\n".join(lines)) == dataclasses.replace(
        parse_document("a.md", "\n".join(lines)), warnings=()
    )
