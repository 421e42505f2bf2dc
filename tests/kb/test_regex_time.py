"""Every regular expression of the file parsers and README readers runs in time linear in its
input: each is timed, with the calls its module makes (match, search, sub ...), on adversarial
strings of 30,000 characters (a prefix, a pumped piece, a suffix, from the characters of the
pattern itself), under a per-call budget. A backtracking regex that is quadratic or worse takes
seconds to hours there; a linear one a few milliseconds.

The rewrites that replaced such regexes are checked against the regexes they replaced."""

from __future__ import annotations

import ast
import gc
import importlib
import inspect
import pkgutil
import re
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge_retrieval import list_kbs
from knowledge_retrieval.kb import parsing, plain
from knowledge_retrieval.kb.parsing import parse_document
from knowledge_retrieval.kb.rules import conditions, markdown, parse_readme

from ..conftest import write

PACKAGES = (
    "knowledge_retrieval.lang",
    "knowledge_retrieval.text",
    "knowledge_retrieval.kb",
    "knowledge_retrieval.ranking",
    "knowledge_retrieval.verdict",
    "knowledge_retrieval.service",
)
"""Every module of these packages is swept: the packages whose patterns see file or query text."""
MODULES = tuple(
    sorted(
        {
            info.name
            for pkg in PACKAGES
            for info in pkgutil.walk_packages(
                importlib.import_module(pkg).__path__, prefix=f"{pkg}."
            )
        }
        | set(PACKAGES)
    )
)
LENGTH = 30_000
BUDGET = 0.5
"""Seconds one call may take on LENGTH characters (a linear regex takes a few milliseconds, a
quadratic one seconds)."""
SWEEP_LENGTH = 5_000
"""The length of the systematic cases (there are many)."""
SWEEP_BUDGET = BUDGET * (SWEEP_LENGTH / 15_000) ** 2
"""Seconds one systematic case may take: a quadratic regex caught at 15,000 characters in
:data:`BUDGET` is caught at :data:`SWEEP_LENGTH` in this (a linear one takes milliseconds of
CPU; the budget counts this thread's CPU, not the wall clock)."""
MAX_CJK_PUMPS = 12
"""Chinese characters of a pattern each repeated on their own, at most (a spread of them)."""
MAX_PREFIXES = 3
"""Literal pieces of a pattern put before a repeated character, at most (the shortest)."""
HARD_STOP = 5.0
"""A call still running after this long is interrupted (SIGALRM) and fails the test."""
WHOLE_BUDGET, WHOLE_STOP = 10.0, 30.0
"""A whole file or README parsed (a second or two for the 250 KB ones; minutes before)."""
_METHODS = "match|fullmatch|search|sub|subn|findall|finditer|split"


def _patterns() -> Iterator[tuple[str, re.Pattern[str], tuple[str, ...]]]:
    """(name, pattern, the methods its module calls on it) of every module-level pattern, also
    those kept in tuples and dicts; a pattern called through a loop variable gets ``search``."""
    sources = {m: inspect.getsource(importlib.import_module(m)) for m in MODULES}
    everything = "\n".join(sources.values())
    seen: set[int] = set()

    def walk(name: str, value: Any) -> Iterator[tuple[str, re.Pattern[str]]]:
        if isinstance(value, re.Pattern) and id(value) not in seen:
            seen.add(id(value))
            yield name, value
        elif isinstance(value, (tuple, list)):
            for i, v in enumerate(value):
                yield from walk(f"{name}[{i}]", v)
        elif isinstance(value, dict):
            for k, v in value.items():
                yield from walk(f"{name}[{k!r}]", v)

    for mod in MODULES:
        for attr, value in vars(importlib.import_module(mod)).items():
            for name, pattern in walk(attr, value):
                used = re.findall(rf"\b{re.escape(attr)}\.({_METHODS})\(", everything)
                yield (
                    f"{mod.rsplit('.', 1)[1]}.{name}",
                    pattern,
                    tuple(sorted(set(used))) or ("search",),
                )


def _asked_patterns() -> Iterator[tuple[str, re.Pattern[str], tuple[str, ...]]]:
    """text.asked's patterns, compiled on first use from :mod:`knowledge_retrieval.lang`."""
    from knowledge_retrieval import lang
    from knowledge_retrieval.lang.grammar import DIGITS, KINDS
    from knowledge_retrieval.text import asked

    for kind in KINDS:
        yield f"asked._asked({kind})", asked._asked(kind), ("search",)
        yield f"asked._values({kind})", asked._values(kind), ("search",)
    yield "asked._pattern(time_words)", asked._pattern(lang.time_words()), ("search",)
    yield "asked._pattern(DIGITS)", asked._pattern(DIGITS), ("search",)
    yield "asked._counted", asked._counted(), ("search",)
    yield "asked._measured", asked._measured(), ("search",)
    yield "asked._measured_how", asked._measured_how(), ("search",)
    for units in sorted(set(lang.MEASURES.values())):
        yield f"asked._unit_value({units})", asked._unit_value(units), ("search",)
    yield "asked._pattern(SECOND_ASK)", asked._pattern(lang.SECOND_ASK), ("search",)
    yield "asked._pattern(FIRST_ASK)", asked._pattern(lang.FIRST_ASK), ("search",)
    yield "asked._pattern(number)", asked._pattern(lang.number()), ("search",)


def _escaped(template: str, word: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(template.replace("WORD", re.escape(word)), flags)


LAZY: dict[str, Callable[[], Iterator[tuple[str, re.Pattern[Any], tuple[str, ...]]]]] = {
    "knowledge_retrieval.text.asked:_asked": _asked_patterns,
    "knowledge_retrieval.text.asked:_values": lambda: iter(()),  # in _asked_patterns
    "knowledge_retrieval.text.asked:_pattern": lambda: iter(()),  # in _asked_patterns
    "knowledge_retrieval.text.asked:_counted": lambda: iter(()),  # in _asked_patterns
    "knowledge_retrieval.text.asked:_measured": lambda: iter(()),  # in _asked_patterns
    "knowledge_retrieval.text.asked:_measured_how": lambda: iter(()),  # in _asked_patterns
    "knowledge_retrieval.text.asked:_unit_value": lambda: iter(()),  # in _asked_patterns
    "knowledge_retrieval.text.glossary:chinese_words": lambda: iter(
        [
            (
                "glossary.prefix",
                re.compile(rb"[/; ]" + re.escape(b"rea") + rb"[a-z]*\b"),
                ("finditer",),
            )
        ]
    ),
    "knowledge_retrieval.verdict.holds:asked_with_corrections": lambda: iter(
        [("holds.corrected", _escaped(r"(?<!\w)WORD(?!\w)", "sedonds", re.IGNORECASE), ("sub",))]
    ),
    "knowledge_retrieval.ranking.identifiers:_capitals_beside": lambda: iter(
        [
            (
                "vocabulary.capitals",
                re.compile(r"(?<![A-Za-z])[A-Z]{2}(?![A-Za-z])"),
                ("findall",),
            )
        ]
    ),
    "knowledge_retrieval.ranking.written:original_spelling": lambda: iter(
        [
            (
                "vocabulary.words",
                _escaped(r"(?<!\w)WORD[^\W_]*(?!\w)", "ab", re.IGNORECASE),
                ("findall",),
            ),
            ("vocabulary.found", _escaped("WORD", "ab", re.IGNORECASE), ("search",)),
        ]
    ),
    "knowledge_retrieval.kb.rules.markdown:_blocks": lambda: iter(
        [("markdown.fence", _escaped(r"^[ \t]*WORD{3,}\s*$", "`"), ("match",))]
    ),
    # the README grammar's cue patterns are compiled once into module globals (NEGATOR, ...)
    "knowledge_retrieval.kb.rules.cuewords:_both": lambda: iter(()),
    "knowledge_retrieval.kb.rules.frontmatter:_locate": lambda: iter(
        [("frontmatter.key", _escaped(r"^WORD\s*:", "title", re.IGNORECASE), ("match",))]
    ),
}
"""Patterns compiled inside a function from a template and a word (escaped) or from
:mod:`knowledge_retrieval.lang`'s data, by ``module:function``: how the sweep reaches them."""
UNSWEPT = {
    "knowledge_retrieval.kb.rules.patterns:matcher": "a README's globs, translated by wcmatch,"
    " are matched against KB-relative paths only (at most 4,096 characters)",
}
"""Functions whose compiled patterns the sweep leaves out, and why they cannot see long text."""

_COMPILING = {"compile", *_METHODS.split("|")}
_FLAGS_AT = {"compile": 1, "sub": 4, "subn": 4}


def _in_functions(mod: str) -> tuple[list[tuple[str, re.Pattern[Any], str]], set[str]]:
    """The ``re.<method>(...)`` calls inside the functions of ``mod``: those with a literal
    pattern, compiled (name, pattern, method), and the ``module:function`` of the others."""
    module = importlib.import_module(mod)
    tree = ast.parse(inspect.getsource(module))
    literal: list[tuple[str, re.Pattern[Any], str]] = []
    dynamic: set[str] = set()

    def visit(node: ast.AST, func: str | None) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            func = getattr(node, "name", None) or func or "<lambda>"
        if (
            func is not None
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "re"
            and node.func.attr in _COMPILING
            and node.args
        ):
            src = node.args[0]
            if isinstance(src, ast.Constant) and isinstance(src.value, (str, bytes)):
                flags_node = next((k.value for k in node.keywords if k.arg == "flags"), None)
                at = _FLAGS_AT.get(node.func.attr, 2)
                if flags_node is None and len(node.args) > at:
                    flags_node = node.args[at]
                flags = 0
                if flags_node is not None:
                    expr = ast.Expression(flags_node)
                    flags = eval(compile(expr, mod, "eval"), {"re": re, **vars(module)})
                method = "search" if node.func.attr == "compile" else node.func.attr
                name = f"{mod.rsplit('.', 1)[1]}.{func}:{node.lineno}"
                literal.append((name, re.compile(src.value, flags), method))
            else:
                dynamic.add(f"{mod}:{func}")
        for child in ast.iter_child_nodes(node):
            visit(child, func)

    visit(tree, None)
    return literal, dynamic


def _function_patterns() -> Iterator[tuple[str, re.Pattern[Any], tuple[str, ...]]]:
    for mod in MODULES:
        literal, _dynamic = _in_functions(mod)
        for name, pattern, method in literal:
            yield name, pattern, (method,)
    for reach in LAZY.values():
        yield from reach()


PATTERNS = sorted([*_patterns(), *_function_patterns()], key=lambda p: p[0])


def test_every_compiled_pattern_is_reached() -> None:
    """A function that compiles a pattern from something else than a literal is listed in
    :data:`LAZY` (how the sweep reaches it) or :data:`UNSWEPT` (why it need not)."""
    dynamic = set().union(*(_in_functions(mod)[1] for mod in MODULES))
    assert dynamic - LAZY.keys() - UNSWEPT.keys() == set()
    assert (LAZY.keys() | UNSWEPT.keys()) - dynamic == set()  # none listed that is gone


def test_the_patterns_are_found() -> None:
    names = {n for n, _p, _m in PATTERNS}
    assert len(PATTERNS) >= 100
    assert {"parsing._TAG_LINE_RE", "markdown._LINK", "actions._WHEN[3]"} <= names


def _alphabet(pattern: re.Pattern[str]) -> list[str]:
    """Characters an attack is made of: those of the pattern and what its classes match."""
    chars = set(_source(pattern)) - set("\\")
    chars |= set(" \t\nax1_.:-<>[]()`'\"/*#|={}!,;中的、，：")
    return sorted(chars)


def _pieces(pattern: re.Pattern[str]) -> list[str]:
    """Its literal words and punctuation runs ("import", "<!--", "时候"): prefixes worth trying."""
    return re.findall(r"[^\W\d_]{2,}|[^\w\s\\()\[\]?*+{}|^$]{1,4}", _source(pattern)) or ["a"]


def _source(pattern: re.Pattern[Any]) -> str:
    """The pattern's text (a bytes pattern's read as Latin-1)."""
    src = pattern.pattern
    return src.decode("latin-1") if isinstance(src, bytes) else src


class _LateError(Exception):
    pass


def _late(_signum: int, _frame: Any) -> None:
    raise _LateError


def timed(call: Callable[[], object], stop: float = HARD_STOP) -> float:
    """Seconds of this thread's own CPU the call took (a machine busy with other work, or
    threads an earlier test left running, do not slow it; nor does a collection of the suite's
    whole heap); ``stop`` when it had to be interrupted then (wall-clock seconds)."""
    old = signal.signal(signal.SIGALRM, _late)
    gc.disable()
    signal.setitimer(signal.ITIMER_REAL, stop)
    t0 = time.thread_time()
    try:
        call()
        return time.thread_time() - t0
    except _LateError:
        return stop
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        gc.enable()
        signal.signal(signal.SIGALRM, old)


def _call(pattern: re.Pattern[Any], method: str, text: str) -> Callable[[], object]:
    if isinstance(pattern.pattern, bytes):  # a bytes pattern is given the text's UTF-8 bytes
        data = text.encode("utf-8", "surrogatepass")
        if method in ("sub", "subn"):
            return lambda: getattr(pattern, method)(b"", data)
        if method == "finditer":
            return lambda: list(pattern.finditer(data))
        return lambda: getattr(pattern, method)(data)
    if method in ("sub", "subn"):
        return lambda: getattr(pattern, method)("", text)
    if method == "finditer":
        return lambda: list(pattern.finditer(text))
    return lambda: getattr(pattern, method)(text)


@st.composite
def _attack(draw: st.DrawFn, pattern: re.Pattern[str]) -> tuple[str, str, str]:
    """(prefix, pumped piece, suffix): the text is the piece repeated to LENGTH between them."""
    chars, pieces = _alphabet(pattern), _pieces(pattern)
    part = st.sampled_from(chars) | st.sampled_from(pieces)
    prefix = "".join(draw(st.lists(part, max_size=3)))
    pump = "".join(draw(st.lists(part, min_size=1, max_size=3)))
    suffix = "".join(draw(st.lists(st.sampled_from(chars), max_size=2)))
    return prefix, pump, suffix


@pytest.mark.parametrize(("name", "pattern", "methods"), PATTERNS, ids=[p[0] for p in PATTERNS])
@settings(
    max_examples=12,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_every_regex_is_linear(
    name: str, pattern: re.Pattern[str], methods: tuple[str, ...], data: st.DataObject
) -> None:
    prefix, pump, suffix = data.draw(_attack(pattern), label="prefix, pump, suffix")
    text = prefix + pump * (LENGTH // len(pump)) + suffix
    for method in methods:
        took = timed(_call(pattern, method, text))
        assert took < BUDGET, f"{name}.{method} took {took:.2f} s on {len(text)} characters"


@pytest.mark.parametrize(("name", "pattern", "methods"), PATTERNS, ids=[p[0] for p in PATTERNS])
def test_every_regex_on_its_own_characters_repeated(
    name: str, pattern: re.Pattern[str], methods: tuple[str, ...]
) -> None:
    """Each character and literal piece of the pattern, repeated (a line of "[" or "<!--"),
    after each piece ("#" and blanks), and blanks after each character ("<a" and spaces)."""
    pieces = sorted(set(_pieces(pattern)), key=lambda p: (len(p), p))[:12]
    own = sorted(set(_source(pattern)) - set("\\") | {" ", "\t", "a", "1"})
    # the Chinese characters of a word list are literals alike: a spread of them stands for
    # all (a cue list of a thousand characters made this one test take minutes)
    cjk = [c for c in own if "\u3400" <= c <= "\u9fff"]
    own = [c for c in own if c not in cjk] + cjk[:: max(1, len(cjk) // MAX_CJK_PUMPS)]
    cases = [(pre, pump) for pre in ["", *pieces[:MAX_PREFIXES]] for pump in [*own, *pieces]]
    cases += [(pre + a, pump) for pre in own for a in ("a", " a") for pump in (" ", "\t")]
    for prefix, pump in cases:
        for suffix in ("x", "\n", "\nx"):
            text = prefix + pump * (SWEEP_LENGTH // len(pump)) + suffix
            for method in methods:
                took = timed(_call(pattern, method, text))
                assert took < SWEEP_BUDGET, (
                    f"{name}.{method} took {took:.2f} s on {prefix!r} + {pump!r} x {SWEEP_LENGTH}"
                )


PAGE = 20_000
"""The length of a page-sized text (a value check took 17.7 s on a 20 KB list of numbers)."""
PAGES = {
    "a list of numbers": ",".join(str(1000 + i) for i in range(PAGE // 5)),
    "a dotted list of numbers": ".".join(str(1000 + i) for i in range(PAGE // 5)),
    "a dotted list and a percent": ".".join(str(1000 + i) for i in range(PAGE // 5)) + " %",
    "numbers and blanks": "1 " * (PAGE // 2) + "x",
    "a number and blanks": "5" + " " * PAGE + "x",
    "a number and tabs": "5" + "\t" * PAGE + "x",
    "a run of digits": "1" * PAGE + "x",
    "Chinese numerals": "三" * PAGE + "x",
    "Chinese numerals and blanks": "三 " * (PAGE // 2) + "x",
    "a Chinese list": "一、" * (PAGE // 2) + "x",
    "dashes": "-" * PAGE + "x",
    "dots": "." * PAGE + "x",
    "commas and blanks": ", " * (PAGE // 2) + "x",
    "question marks": "？" * PAGE + "x",
    "pipes": "| " * (PAGE // 2) + "x",
    "colons": "a:" * (PAGE // 2) + "x",
    "newlines then text": "\n" * PAGE + "x",
    "lines of a word": "a\n" * (PAGE // 2) + "x",
    "a word then blanks": "a" + " " * PAGE + "\nx",
    "words": "ab " * (PAGE // 3) + "x",
    "field lines": "name: value\n\n" * (PAGE // 13),
}
"""Page-sized text of the shapes pages have (number lists, blank runs, Chinese numerals,
repeated punctuation, a newline then text, rows of ``field: value``), fed to every pattern
with every method (and to every step of a search in tests/test_adversarial.py)."""


@pytest.mark.parametrize(("name", "pattern", "methods"), PATTERNS, ids=[p[0] for p in PATTERNS])
def test_every_regex_on_page_sized_text(
    name: str, pattern: re.Pattern[str], methods: tuple[str, ...]
) -> None:
    for what, text in PAGES.items():
        for method in methods:
            took = timed(_call(pattern, method, text))
            assert took < BUDGET, f"{name}.{method} took {took:.2f} s on {what}"


# ------------------------------------------------------------------ the attacks that were found

ATTACKS = {
    "an open JSX tag and spaces (cubic)": "<Callout" + " " * 6000 + "x",
    "a line of open code spans": "`" * 3000 + "x" * 3000,
    "a line of open comments": "<!--" * 20_000,
    "a line of [": "[" * 250_000,
    "a line of unclosed links": "[a](" * 60_000,
    "an id heading's blanks": "## a" + " " * 30_000 + "x",
    "a heading's tabs before a mark": "#" + "\t" * 30_000 + "!",
    "an export of escaped quotes": 'export const a = "' + '\\"' * 30_000,
    "an import's trailing blanks": "import a from 'a'" + " " * 30_000 + "x",
}


@pytest.mark.parametrize("line", ATTACKS.values(), ids=list(ATTACKS))
@pytest.mark.parametrize("suffix", [".md", ".mdx"])
def test_a_crafted_line_is_parsed_at_once(line: str, suffix: str) -> None:
    text = f"# Title\n\n{line}\n\nAfter the line.\n"
    took = timed(lambda: parse_document(f"page{suffix}", text), WHOLE_STOP)
    assert took < WHOLE_BUDGET, f"{took:.2f} s"


README_ATTACKS = {
    "a line of [": "[" * 80_000,
    "a line of ![": "![" * 40_000,
    "a rule sentence of blanks": "Search `api/`" + "\t" * 30_000 + " for questions about x",
    "a condition of 与": "只在" + "x與" * 30_000 + "`api/`",
    "topic tails": "- `a/`: for questions about " + "类" * 30_000 + "问x",
    "topic blanks": "- `a/` when the question is about " + " " * 30_000 + "]",
}


@pytest.mark.parametrize("body", README_ATTACKS.values(), ids=list(README_ATTACKS))
def test_a_crafted_readme_is_read_at_once(body: str, tmp_path: Path) -> None:
    text = f"# KB\n\n{body}\n\n## Rules\n\n{body}\n\n## {body}\n"  # description, rule, heading
    took = timed(lambda: parse_readme(text), WHOLE_STOP)
    assert took < WHOLE_BUDGET, f"{took:.2f} s"
    root = tmp_path / "KnowledgeBase"
    write(root / "kb" / "README.md", text)
    took = timed(lambda: list_kbs(root), WHOLE_STOP)
    assert took < WHOLE_BUDGET, f"list_kbs: {took:.2f} s"


# ------------------------------------------------------------- rewrites match what they replaced

_OLD_COMPONENT_OR_CODE = re.compile(r"(`+)[^`]*?\1|</?[A-Z][\w.]*(?:\s+[^<>]*?)?\s*/?>")
_OLD_TAG = r"</?[A-Za-z][\w.:-]*(?:\s+[^<>]*?)?\s*/?>"
_OLD_TAG_LINE = re.compile(rf"\s*(?:{_OLD_TAG}\s*)+")
_OLD_HEADING_ID = re.compile(r"\s*\{#[\w.-]+\}$")
_OLD_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_OLD_TOPIC_TAIL = re.compile(
    r"(?:的)?(?:时候|時候|时|時|的问题|的問題|问题|問題|相关|相關|有关|有關|的内容|的內容|方面|类|類)+$"
)
_MDX = st.lists(
    st.sampled_from([*'`<>/ \tAax="}-!\n.', "``", "Foo", "{#", "<!--", "-->"]),
    max_size=14,
).map("".join)
_TAILS = st.lists(
    st.sampled_from(["的", "问题", "的问题", "時", "时候", "类", "相关", "有关", "的内容", "a"]),
    max_size=8,
).map("".join)


@settings(max_examples=500, deadline=None, database=None)
@given(_MDX)
def test_the_mdx_rewrites_match_the_old_regexes(text: str) -> None:
    old = _OLD_COMPONENT_OR_CODE.sub(lambda m: m.group(0) if m.group(1) else "", text)
    assert parsing._drop_components(text) == old
    assert bool(parsing._TAG_LINE_RE.fullmatch(text)) == bool(_OLD_TAG_LINE.fullmatch(text))
    assert parsing._HEADING_ID_RE.sub("", text) == _OLD_HEADING_ID.sub("", text)
    assert plain.drop_comments(text) == _OLD_COMMENT.sub("", text)


@settings(max_examples=300, deadline=None, database=None)
@given(_TAILS)
def test_the_topic_tail_rewrite_matches_the_old_regex(text: str) -> None:
    assert conditions._strip_topic_tail(text) == _OLD_TOPIC_TAIL.sub("", text)


def test_links_and_images_keep_their_text() -> None:
    got = markdown._clean_inline("See [the API](api/index.md) and ![logo](logo.png) [x]")
    assert got == "See the API and [x]"


_OLD_TAG_WITH_ATTRIBUTES = re.compile(r"</?[A-Za-z][\w.:-]*\s+[^<>]*=[^<>]*>")
_OLD_ROUTING_VERSION = re.compile(
    r"(?<![\w.])v\d+(?:\.\d+)*\b|(?<![\w.])\d+\.\d+(?:\.\d+)*(?:-?(?:rc|beta|alpha)\.?\d*)?"
    r"(?![\w.]*\s*%)|\b(?:version|release|ver\.?)\s*\d+|(?:版本|第)\s*\d+|\d+(?:\.\d+)*\s*版",
    re.IGNORECASE,
)
_TAGS = st.lists(st.sampled_from([*'<>/a= \t"x.:-', "<a ", '="1"']), max_size=16).map("".join)
_VERSIONS = st.lists(
    st.sampled_from([*"1 2.v%-x版第", "rc", "beta", "版本", "version ", "1.2"]), max_size=10
).map("".join)


@settings(max_examples=1000, deadline=None, database=None)
@given(_TAGS)
def test_the_query_tag_rewrite_matches_the_old_regex(text: str) -> None:
    from knowledge_retrieval.ranking import query

    assert query._TAG_WITH_ATTRIBUTES.sub(" ", text) == _OLD_TAG_WITH_ATTRIBUTES.sub(" ", text)


@settings(max_examples=1000, deadline=None, database=None)
@given(_VERSIONS)
def test_the_version_rewrites_find_what_the_old_regexes_found(text: str) -> None:
    from knowledge_retrieval.ranking import routing

    assert bool(routing._VERSION.search(text)) == bool(_OLD_ROUTING_VERSION.search(text))
