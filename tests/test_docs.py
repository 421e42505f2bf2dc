"""The docs stay true: their Python examples run, the files they point to exist, and the figures
they quote match the code.

A ```python block runs in a fresh namespace with the repository root as working directory and
indexes in a temporary folder. A block whose fence says ```python no-run, or that follows an
``<!-- no-run -->`` line, is shown but not run. A ```pycon block is a doctest: its ``>>>`` lines
run and their output is compared (ellipsis and whitespace-normalised).
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from knowledge_retrieval import api, defaults
from knowledge_retrieval.index import store as index
from knowledge_retrieval.ranking import ranker as ranking
from knowledge_retrieval.verdict import choose

from .conftest import REPO

DOCS = sorted((REPO / "docs").glob("*.md"))
PAGES = [REPO / "README.md", REPO / "AGENTS.md", *DOCS]
RUN_PAGES = [REPO / "README.md", *DOCS]

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$")
_LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
_TOP_DIRS = (
    "knowledge_retrieval/",
    "docs/",
    "tests/",
    "examples/",
    "KnowledgeBase/",
    "benchmarks/",
    ".ci/",
    "integrations/",
)


PENDING: dict[str, str] = {}
"""Pages other issues are still writing: links to them may dangle until they land (then the
strict xfail below fails, and the entry must go)."""


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    lang: str
    flags: tuple[str, ...]
    code: str
    skipped: bool

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(REPO).as_posix()}:{self.line}"


def code_blocks(page: Path) -> list[Block]:
    """Fenced code blocks of a Markdown page, with their language and no-run marks."""
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m.group("fence"), m.group("info").split()
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and not re.match(
            rf"^ {{0,3}}{fence[0]}{{{len(fence)},}}\s*$", lines[i]
        ):
            body.append(lines[i][len(m.group("indent")) :])
            i += 1
        i += 1
        prev = next((ln.strip() for ln in reversed(lines[:start]) if ln.strip()), "")
        lang = info[0].lower() if info else ""
        flags = tuple(f.lower() for f in info[1:])
        out.append(
            Block(
                page,
                start + 1,
                lang,
                flags,
                "\n".join(body) + "\n",
                "no-run" in flags or prev == "<!-- no-run -->",
            )
        )
    return out


def _outside_code(page: Path) -> str:
    """The page's text with fenced code blocks blanked (links in code are not links)."""
    text = page.read_text(encoding="utf-8").splitlines()
    for b in code_blocks(page):
        for n in range(b.line - 1, b.line + b.code.count("\n") + 1):
            if n < len(text):
                text[n] = ""
    return "\n".join(text)


ALL_BLOCKS = [b for p in RUN_PAGES for b in code_blocks(p)]
PYTHON = [b for b in ALL_BLOCKS if b.lang in ("python", "py") and not b.skipped]
PYCON = [b for b in ALL_BLOCKS if b.lang == "pycon" and not b.skipped]


@pytest.fixture
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def test_docs_have_runnable_examples() -> None:
    assert len(DOCS) >= 7
    readme = [b for b in PYTHON if b.page.name == "README.md"]
    assert readme, "README.md needs a Python example that runs"
    assert {b.page.name for b in PYTHON + PYCON} >= {
        "README.md",
        "quickstart.md",
        "python-api.md",
        "kb-format.md",
        "scores.md",
    }


@pytest.mark.parametrize("block", PYTHON, ids=lambda b: b.id)
@pytest.mark.usefixtures("at_repo_root")
def test_python_block_runs(block: Block, capsys: pytest.CaptureFixture[str]) -> None:
    code = compile(block.code, block.id, "exec")
    exec(code, {"__name__": "__docs__"})  # noqa: S102 - running the docs is the point
    capsys.readouterr()


@pytest.mark.parametrize("block", PYCON, ids=lambda b: b.id)
@pytest.mark.usefixtures("at_repo_root")
def test_pycon_block_output(block: Block) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(
        block.code, {"__name__": "__docs__"}, block.id, str(block.page), block.line
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out: list[str] = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
    assert test.examples, f"{block.id}: a pycon block without >>> lines"


def test_no_run_marks_are_rare() -> None:
    """Skipping is for shell transcripts shown as Python, config snippets and the like."""
    skipped = [b.id for b in ALL_BLOCKS if b.lang in ("python", "py", "pycon") and b.skipped]
    assert len(skipped) <= 3, skipped


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_links_point_to_existing_files(page: Path) -> None:
    missing = []
    for target in _LINK.findall(_outside_code(page)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("#"):
            continue
        path = target.split("#", 1)[0].split("?", 1)[0]
        if path and not (page.parent / path).exists() and Path(path).name not in PENDING:
            missing.append(target)
    assert not missing, f"{page.name} links to missing files: {missing}"


@pytest.mark.xfail(bool(PENDING), strict=True, reason="; ".join(PENDING.values()))
def test_pending_pages_have_landed() -> None:
    assert all((REPO / "docs" / name).exists() for name in PENDING)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_repository_paths_in_code_spans_exist(page: Path) -> None:
    """`knowledge_retrieval/index/store.py`, `KnowledgeBase/payments/` ... name real files."""
    missing = []
    for span in _CODE_SPAN.findall(_outside_code(page)):
        span = span.strip()
        if not span.startswith(_TOP_DIRS) or re.search(r"[<>*{}\[\]\s]", span):
            continue
        if not (span.startswith("KnowledgeBase/") or re.search(r"\.[a-z]{1,5}(?::[\d-]+)?$", span)):
            continue  # a folder in an example, e.g. "ignore `docs/old/`"
        path = span.split(":", 1)[0].split("::", 1)[0]
        if not (REPO / path).exists():
            missing.append(span)
    assert not missing, f"{page.name} names missing files: {missing}"


def _agents_md_tree() -> list[str]:
    """The module paths of AGENTS.md's tree, from its indentation (two spaces a level)."""
    text = (REPO / "AGENTS.md").read_text(encoding="utf-8")
    block = text.split("```text\nknowledge_retrieval/", 1)[1].split("```", 1)[0]
    stack: list[str] = []
    paths = []
    for line in block.splitlines()[1:]:
        m = re.match(r"^( +)([a-z_]+(?:/|\.py))", line)
        if not m:
            continue
        depth = len(m.group(1)) // 2 - 1
        stack = stack[:depth]
        if m.group(2).endswith("/"):
            stack.append(m.group(2))
        else:
            paths.append("".join(stack) + m.group(2))
    return paths


def test_agents_md_lists_every_module() -> None:
    pkg = REPO / "knowledge_retrieval"
    modules = sorted(
        p.relative_to(pkg).as_posix()
        for p in pkg.rglob("*.py")
        if p.name != "__init__.py" or p.parent == pkg
    )
    listed = _agents_md_tree()
    unlisted = [m for m in modules if m not in listed]
    assert not unlisted, f"AGENTS.md's module tree misses {unlisted}"
    stale = [m for m in listed if m not in modules]
    assert not stale, f"AGENTS.md lists modules that do not exist: {stale}"


def test_docs_index_maps_every_page() -> None:
    text = (REPO / "docs" / "index.md").read_text(encoding="utf-8")
    for page in DOCS:
        if page.name != "index.md":
            assert f"({page.name})" in text, f"docs/index.md does not link {page.name}"
    assert "(../examples/explore.ipynb)" in text


def test_readme_keeps_the_two_setup_commands() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert 'pip install . && kr search "订单状态码 20 是什么意思"' in text
    assert "pip install -e '.[test]' && python -m pytest" in text
    assert "## Why whoosh-reloaded" in text


def test_scores_doc_quotes_the_ranking_weights() -> None:
    text = (REPO / "docs" / "scores.md").read_text(encoding="utf-8")
    for name in (
        "W_COVERAGE",
        "W_RELEVANCE",
        "W_TITLE",
        "W_TITLE_PRECISION",
        "W_EMPHASIS",
        "W_CONSTRAINT",
        "ENTRY_FACTOR",
        "OTHER_VERSION_FACTOR",
    ):
        value = getattr(ranking, name)
        quoted = rf"`{name}`\s*(?:\|\s*{value:g}\s*\||=\s*{value:g}\b)"
        assert re.search(quoted, text), f"docs/scores.md should quote {name} = {value:g}"
    assert f"{api.DEFAULT_THRESHOLD:g}" in text
    w = choose.README_WEIGHT
    assert f"`{w:g} · README overlap + {1 - w:g} · its best document`" in text
    assert f"within {choose.CLOSE_CALL:g} (`CLOSE_CALL`)" in text
    assert (
        abs(
            ranking.W_COVERAGE
            + ranking.W_RELEVANCE
            + ranking.W_TITLE
            + ranking.W_TITLE_PRECISION
            + ranking.W_EMPHASIS
            + ranking.W_CONSTRAINT
            - 1.0
        )
        < 1e-9
    )


def test_index_format_doc_matches_the_code() -> None:
    text = (REPO / "docs" / "index-format.md").read_text(encoding="utf-8")
    assert f"`{defaults.INDEX_HOME_ENV}`" in text
    for name in ("CURRENT", "lock", "meta.json", "manifest.json", "gen-"):
        assert name in text
    assert f"{index.LOCK_TIMEOUT:g} s" in text


def test_architecture_names_real_functions() -> None:
    """Every `name` in the ownership table exists in the module of its row."""
    import importlib

    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| [^|]+ \| `knowledge_retrieval/([\w/]+)\.py` \| (.+) \|$", text, re.MULTILINE
    )
    assert len(rows) >= 15
    missing = []
    for module, names in rows:
        mod = importlib.import_module(f"knowledge_retrieval.{module.replace('/', '.')}")
        for name in re.findall(r"`([\w.]+)`", names):
            obj: object = mod
            for part in name.split("."):
                obj = getattr(obj, part, None)
            if obj is None:
                missing.append(f"{module}.{name}")
    assert not missing, missing


def test_python_api_doc_names_every_public_name() -> None:
    import knowledge_retrieval

    text = (REPO / "docs" / "python-api.md").read_text(encoding="utf-8")
    missing = [n for n in knowledge_retrieval.__all__ if not re.search(rf"\b{n}\b", text)]
    assert not missing, f"docs/python-api.md does not mention {missing}"


def _distribution() -> str:
    import tomllib

    with (REPO / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["name"])


def test_docs_install_the_distribution_by_its_own_name() -> None:
    """The package index's ``knowledge_retrieval`` / ``knowledge-retrieval`` is someone else's
    stub: docs, the plugin's requirements and the install hints name our distribution."""
    name = _distribution()
    assert name == defaults.DISTRIBUTION
    from knowledge_retrieval.interfaces import skill_launch

    assert name == skill_launch.DISTRIBUTION  # the launcher runs before the library imports
    taken = re.compile(r"(?i)pip install\s+['\"]?knowledge[-_]retrieval\b")
    requirements = REPO / "integrations" / "langbot" / "requirements.txt"
    sources = [*PAGES, requirements, *sorted((REPO / "knowledge_retrieval").rglob("*.py"))]
    sources += sorted((REPO / "knowledge_retrieval" / "interfaces" / "skill_templates").glob("*"))
    plugin_readme = REPO / "integrations" / "langbot" / "README.md"
    sources.append(plugin_readme)
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert not taken.search(text), f"{path.relative_to(REPO)} installs the taken name"
    reqs = [
        line.strip()
        for line in requirements.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    # the plugin package carries the library (integrations/build_langbot.py): only its dependencies
    assert not {name, "knowledge_retrieval", "knowledge-retrieval"} & set(reqs)
    assert "python integrations/build_langbot.py" in plugin_readme.read_text("utf-8")


_PIP_INSTALL = re.compile(r"pip install((?:[ \t]+(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s`'\"#;&|)]+))+)")


def _install_targets(text: str) -> list[str]:
    """The requirement arguments of every ``pip install`` written in ``text`` (options and a
    literal ``pip install kbgrep`` quoted as what does *not* work are kept: they are checked)."""
    import shlex

    out = []
    for m in _PIP_INSTALL.finditer(text):
        for arg in shlex.split(m.group(1)):
            if arg.startswith("-"):
                continue
            out.append(arg)
    return out


def _working(arg: str, name: str, extras: set[str]) -> bool:
    """One of the install forms that work before the package is on the index: the clone
    (``.`` and its extras), a wheel or sdist built in it, the git URL, or another project."""
    m = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", arg)
    if m:
        return not m.group(1) or set(m.group(1).split(",")) <= extras
    if re.fullmatch(rf"dist/{name}-\*\.(whl|tar\.gz)", arg):
        return True
    if re.fullmatch(rf"{name}(\[[\w,-]+\])? @ git\+(\S+|<repository URL>)", arg):
        return True
    bare = re.split(r"[\[<>=@ ]", arg, maxsplit=1)[0].lower().replace("_", "-")
    return bare not in (name, "knowledge-retrieval")


def test_every_install_line_is_one_that_works() -> None:
    """The distribution is not on the package index yet: every ``pip install`` a user can copy
    from the docs or an install hint installs from a clone, a built wheel or the git URL."""
    import tomllib

    from knowledge_retrieval.interfaces import skill_launch

    name = _distribution()
    with (REPO / "pyproject.toml").open("rb") as f:
        extras = set(tomllib.load(f)["project"]["optional-dependencies"])
    sources = {p.relative_to(REPO).as_posix(): p.read_text(encoding="utf-8") for p in PAGES}
    sources["skill_launch.INSTALL_HINT"] = skill_launch.INSTALL_HINT
    seen = 0
    for where, text in sources.items():
        # a sentence may name the form that does not work, as such: "`pip install kbgrep` does
        # not work"; anything else is an install line
        text = text.replace(f"`pip install {name}` does not work", "")
        for arg in _install_targets(text):
            seen += 1
            assert _working(arg, name, extras), f"{where}: pip install {arg} does not work"
    assert seen >= 10
    hint = skill_launch.INSTALL_HINT
    assert "pip install ." in hint and f"pip install dist/{name}-*.whl" in hint


def test_install_line_forms() -> None:
    extras = {"langchain", "test"}
    good = [".", ".[test]", "dist/kbgrep-*.whl", "dist/kbgrep-*.tar.gz", "jupyterlab",
            "kbgrep @ git+https://example.org/kbgrep.git", "build", "twine"]  # fmt: skip
    bad = ["kbgrep", "kbgrep[langchain]", "KBGrep==0.1", ".[nope]", "knowledge_retrieval"]
    assert [g for g in good if not _working(g, "kbgrep", extras)] == []
    assert [b for b in bad if _working(b, "kbgrep", extras)] == []
    text = "x `pip install 'kbgrep[langbot]'` and\npip install -e '.[test]' && pytest"
    assert _install_targets(text) == ["kbgrep[langbot]", ".[test]"]


def test_scores_doc_lists_every_rule_once_with_its_measured_figures() -> None:
    # the rules table is generated from the registry and the committed ablation figures
    import json

    from calibration import ablate
    from knowledge_retrieval.verdict import ruler as registry

    figures = json.loads((REPO / "calibration" / "ablation.json").read_text(encoding="utf-8"))
    assert set(figures["rules"]) == set(registry.RULES), "re-run calibration.ablate"
    text = (REPO / "docs" / "scores.md").read_text(encoding="utf-8")
    section = text.split(ablate.BEGIN, 1)[1].split(ablate.END, 1)[0].strip()
    assert section == ablate.render_rules(figures)
    for name in registry.RULES:
        assert text.count(f"`{name}`") == 1, name
