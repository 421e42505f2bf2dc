"""Property tests on bad input: any query string is searched as plain words (never as Whoosh
query syntax, never an exception), and names or roots that could leave their folder are refused.
"""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge_retrieval import InvalidArgumentError, UnsafePathError, index_kb, search
from knowledge_retrieval.kb.discovery import check_name
from knowledge_retrieval.ranking.query import analyze_query

from .conftest import write

SETTINGS = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

# Each word lives in known files, in the body only (titles are neutral, file names are digits-free
# nonsense), so a Whoosh reading of `title:w`, `w*`, `NOT w`, `a AND b` would change the matches.
DOCS = {
    "one.md": ("Intro", "alpha bravo"),
    "two.md": ("Misc", "charlie delta"),
    "three.md": ("Other", "echo alpha"),
    "four.md": ("Notes", "foxtrot"),
}
WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "zulu")
SEPARATORS = (
    " ",
    " AND ",
    " OR ",
    " NOT ",
    " && ",
    " || ",
    " -",
    " +",
    " (",
    ") ",
    ' "',
    '" ',
    " title:",
    " body:",
    " path:",
    "* ",
    "? ",
    "^2 ",
    "~ ",
    "~2 ",
    " [",
    " TO ",
    "] ",
    " {",
    "} ",
    " \\",
    " !",
    " : ",
    "\t",
    "\n",
    " *:* ",
    " <",
    "> ",
    " =",
    " ' ",
)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("props") / "KnowledgeBase"
    write(root / "kb" / "README.md", "# Words\n\nA KB of phonetic words.\n")
    for name, (title, body) in DOCS.items():
        write(root / "kb" / name, f"# {title}\n\n{body}\n")
    return root


def _files_with(words: set[str]) -> set[str]:
    return {n for n, (_t, body) in DOCS.items() if words & set(body.split())}


@SETTINGS
@given(
    words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
    seps=st.lists(st.sampled_from(SEPARATORS), min_size=6, max_size=6),
)
def test_query_syntax_is_never_interpreted(root: Path, words: list[str], seps: list[str]) -> None:
    """Operators, fields, wildcards, quotes, boosts and ranges are just text: the files found are
    exactly those holding any of the words (AND does not narrow, NOT does not exclude, a field
    does not restrict, a wildcard does not expand)."""
    query = seps[0] + "".join(w + s for w, s in zip(words, seps[1:] * 2, strict=False))
    r = search(query, kb="kb", root=root, top_k=100, score_threshold=0.0)
    assert {h.path for h in r.hits} == _files_with(set(words)), query


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("title:bravo", {"one.md"}),  # a field query would find nothing: bravo is body text
        ("NOT alpha", {"one.md", "three.md"}),  # negation would exclude them
        ("alpha AND foxtrot", {"one.md", "three.md", "four.md"}),
        ('"bravo alpha"', {"one.md", "three.md"}),  # a phrase query would find nothing
        ("alp*", set()),  # a wildcard would expand to alpha
        ("*", set()),
        ("*:*", set()),  # match-all in Whoosh
        ("[a TO z]", set()),
        ("foxtrot~", {"four.md"}),
    ],
)
def test_whoosh_syntax_examples(root: Path, query: str, expected: set[str]) -> None:
    r = search(query, kb="kb", root=root, top_k=100, score_threshold=0.0)
    assert {h.path for h in r.hits} == expected


_SCRIPTS = st.sampled_from(
    [
        "订单状态码",
        "運單狀態",
        "ありがとう",
        "مرحبا",
        "שלום",
        "привет",
        "ελληνικά",
        "हिन्दी",
        "😀🔥",
        "\u200b\u200f\u202e",
        "e\u0301",
        "\uff21\uff22\uff23",
        "\ufeff",
        "\U0002a6d6",
    ]
)
_NASTY = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=60),
    st.text(alphabet=st.characters(categories=("Cc", "Cf", "Zs", "Zl", "Zp")), max_size=20),
    st.lists(
        st.one_of(_SCRIPTS, st.sampled_from(SEPARATORS), st.sampled_from(WORDS)), max_size=12
    ).map("".join),
    st.text(min_size=1, max_size=8).map(lambda s: s * 1500),  # very long
)


@SETTINGS
@given(query=_NASTY)
def test_any_query_string_is_answered_not_raised(root: Path, query: str) -> None:
    q = analyze_query(query)
    assert all(k.text and all(k.terms) for k in q.keywords)
    assert all(t for t in q.terms)
    try:
        r = search(query, kb="kb", root=root, score_threshold=0.0)
    except InvalidArgumentError as exc:
        assert not query.strip(), query  # only a blank query is refused
        assert exc.hint
        return
    assert r.found == bool(r.hits)
    assert {h.path for h in r.hits} <= set(DOCS)
    assert r.message


_PLAIN = st.text(alphabet=string.ascii_letters + string.digits + "-_ .", max_size=10)
_UNSAFE = st.one_of(
    st.builds(lambda a, b: f"{a}/../{b}", _PLAIN, _PLAIN),
    _PLAIN.map(lambda a: f"../{a}"),
    _PLAIN.map(lambda a: f"{a}/.."),
    _PLAIN.map(lambda a: f"/{a}"),
    _PLAIN.map(lambda a: f"~/{a}"),
    st.builds(lambda a, b: f"{a}\\{b}", _PLAIN, _PLAIN),
    st.builds(lambda a, b: f"{a}\x00{b}", _PLAIN, _PLAIN),
    _PLAIN.map(lambda a: f"C:{a}"),
    st.just(".."),
    st.just("KnowledgeBase/../../etc"),
)


@SETTINGS
@given(name=_UNSAFE)
def test_names_that_leave_their_folder_are_refused(root: Path, name: str) -> None:
    with pytest.raises(UnsafePathError) as exc:
        check_name(name)
    assert exc.value.hint
    with pytest.raises(UnsafePathError) as exc:
        search("alpha", kb=name, root=root)
    assert exc.value.hint
    with pytest.raises(UnsafePathError) as exc:
        search("alpha", kb=["kb", name], root=root)
    assert exc.value.hint
    with pytest.raises(
        InvalidArgumentError
    ) as exc2:  # a KBNotFoundError would mean it was looked up
        index_kb(name, root=root)
    assert exc2.value.hint


@SETTINGS
@given(name=_UNSAFE)
def test_memory_project_ids_that_look_like_paths_are_refused(name: str) -> None:
    memory = pytest.importorskip("knowledge_retrieval.team.memory")
    with pytest.raises(InvalidArgumentError) as exc:
        memory.check_project_id(name)
    assert exc.value.hint


@SETTINGS
@given(name=st.text(max_size=30))
def test_any_kb_name_is_refused_or_stays_under_the_root(root: Path, name: str) -> None:
    try:
        r = search("alpha", kb=name, root=root, score_threshold=0.0)
    except InvalidArgumentError as exc:
        assert exc.hint
        return
    assert all(h.kb == "kb" for h in r.hits)
    assert r.found == (r.kb == "kb"), (name, r.kb, r.reason)


@SETTINGS
@given(
    root_text=st.one_of(
        st.builds(lambda a, b: f"{a}\x00{b}", _PLAIN, _PLAIN),
        st.text(max_size=20).map(lambda s: s + "\x00"),
    )
)
def test_roots_with_nul_are_refused(root_text: str) -> None:
    with pytest.raises(UnsafePathError) as exc:
        search("alpha", kb="kb", root=root_text)
    assert exc.value.hint


@SETTINGS
@given(root_text=st.text(alphabet=st.characters(blacklist_characters="\x00"), max_size=20))
def test_other_roots_never_raise(tmp_path: Path, root_text: str) -> None:
    """Any other root is a path the caller chose: it is used if it is a folder, else not found."""
    r = search("alpha", kb="no-such-kb-here", root=tmp_path / root_text)
    assert not r.found and r.reason in ("no_root", "kb_not_found", "invalid_kb", "no_readme")


def test_roots_with_dotdot_and_absolute_paths_are_resolved(root: Path) -> None:
    """Decision: ``..`` and absolute paths are fine in a root (the caller's trust anchor)."""
    r = search("alpha", kb="kb", root=str(root / "kb" / ".."), score_threshold=0.0)
    assert r.found and r.kb == "kb"
    assert search("alpha", kb="kb", root=str(root.resolve()), score_threshold=0.0).found
    with pytest.raises(InvalidArgumentError) as exc:
        search("alpha", kb="kb", root=3)  # type: ignore[arg-type]
    assert exc.value.hint


@pytest.mark.parametrize(
    ("query", "keywords"),
    [
        (
            '<img width="35" src="/img/logos/C++_SDK.svg" alt="C++"> OpenTelemetry in Java',
            ["OpenTelemetry", "Java"],
        ),
        ("what does <Tabs> do", ["Tabs"]),  # a bare tag may be the subject
        ('<a href="x">', ["href", "x"]),  # nothing left without the tag: kept as typed
        ("x < y and y > z", ["x", "y", "z"]),
    ],
)
def test_markup_with_attributes_is_not_part_of_a_question(query: str, keywords: list[str]) -> None:
    assert [k.text for k in analyze_query(query).keywords] == keywords


@given(
    before=st.text(alphabet=string.ascii_letters + " ", max_size=20),
    attrs=st.text(alphabet=string.ascii_letters + '"=/ .', max_size=30),
    after=st.text(alphabet=string.ascii_letters + " ", max_size=20),
)
def test_a_tag_with_attributes_reads_as_a_space(before: str, attrs: str, after: str) -> None:
    tagged = analyze_query(f'{before}<img x="1" {attrs}>{after}')
    if (before + after).strip():
        assert tagged.keywords == analyze_query(f"{before} {after}").keywords


@pytest.mark.parametrize(
    ("query", "keywords"),
    [
        ("Learn how to configure the Collector", ["configure", "Collector"]),
        ("了解如何配置采集器", ["配置", "采集器"]),
        ("machine learning pipelines", ["machine", "learning", "pipelines"]),  # a topic, not a verb
    ],
)
def test_words_that_describe_a_page_are_not_its_subject(query: str, keywords: list[str]) -> None:
    """ "Learn how to ..." (a page description's opener) names the page, not what it is about."""
    assert [k.text for k in analyze_query(query).keywords] == keywords


@pytest.mark.parametrize(
    ("word", "credit"),
    [
        ("cell-autonomously", 1.0),
        ("loss-of-function", 1.0),
        ("Hutchinson-Gilford", 1.0),
        ("T-shirt", 1.0),
        ("P-D", 0.6),  # letters alone joined by a hyphen are a code, as P-A, P-B are
        ("PAY-1234", 0.6),
        ("ORDER-STATUS", 0.6),
        ("payment.retry", 0.6),
        ("getUser-v2", 0.6),
        ("M2-like", 1.0),
        ("NF-kB-dependent", 1.0),
        ("7-day-old", 1.0),
        ("PAY-1234-refund", 0.6),
        ("us-east-1", 0.6),
        ("X-Request-Id", 0.6),
        ("read/write", 1.0),
        ("Erlang/Elixir", 1.0),
        ("TCP/IP", 1.0),
        ("/api/orders", 0.6),
        ("api/v2/orders", 0.6),
        ("x/y", 0.6),
        ("a/b/c/d", 0.6),
    ],
)
def test_hyphenated_prose_is_proved_by_its_words(word: str, credit: float) -> None:
    """Words joined by hyphens are prose: a text saying "cell autonomous" answers
    "cell-autonomously" fully, and so does one ending in a lowercase word (M2-like), and two or
    three words joined by slashes (read/write); an identifier's parts prove less than the
    identifier (a run of digits makes a code, a leading slash a path)."""
    (kw,) = analyze_query(word).keywords
    assert kw.part_credit == credit
    assert kw.coverage(set(kw.parts)) == credit
