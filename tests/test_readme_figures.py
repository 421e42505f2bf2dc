"""The README's quality table: every figure is re-measured by the command printed beside it,
and this fails when one drifts by more than its noise (the measuring tests skip without
../shared/eval).

The ranking is deterministic, so the noise is the rounding and a platform's float sums: a
figure may move by at most ``NOISE``. The cheap suites run in the fast suite (about 10 s);
the large ones are ``quality`` (CI runs them with the quality floors).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from knowledge_retrieval.eval import load_queries, run_suite

from .conftest import EVAL_ROOT, REPO

needs_eval = pytest.mark.skipif(
    not (EVAL_ROOT / "queries").is_dir(), reason="shared evaluation data not present"
)

NOISE = 0.006
"""Three decimals as printed, plus what a platform's float sums may move a tie."""
CHEAP = {"qmd-eval-docs", "helm-known-item"}
PREFIX = "python -m knowledge_retrieval.eval --root ../shared/eval/KnowledgeBase"
_ROW = re.compile(
    r"^\| (?P<suite>[^|]+) \| (?P<measure>nDCG@10|MRR@10|accuracy) \| (?P<figure>\d\.\d{3}) "
    r"\| (?P<command>[^|]+) \|",
    re.MULTILINE,
)
CHOICE_SUITES = [
    "scifact-train",
    "cmrc2018-trial",
    "drcd-dev",
    "otel-known-item",
    "helm-known-item",
]


@pytest.fixture(scope="module")
def _figures_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("figures-index-home")


@pytest.fixture(autouse=True)
def _index_home(_figures_home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """One index folder for the module (not conftest's one per test): the KB-choice figure
    then reads the indexes the suites' figures built, instead of building them again."""
    monkeypatch.setenv("KR_INDEX_DIR", str(_figures_home))
    yield _figures_home
    from knowledge_retrieval.index import store

    with store._REGISTRY_LOCK:
        open_indexes = list(store._REGISTRY.values())
        store._REGISTRY.clear()
    for kbi in open_indexes:
        kbi.close()


def _rows() -> list[tuple[str, str, float, str]]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"command: `{PREFIX}` +" in text
    return [
        (m["suite"], m["measure"], float(m["figure"]), m["command"].strip())
        for m in _ROW.finditer(text)
    ]


def _suite(command: str) -> str | None:
    m = re.fullmatch(r"`\.\./shared/eval/queries/([\w-]+)\.jsonl`", command)
    return m.group(1) if m else None


def test_every_figure_has_its_command() -> None:
    rows = _rows()
    assert len(rows) == 7
    suites = [_suite(c) for _s, _m, _f, c in rows]
    assert suites[:6] == ["scifact-train", "cmrc2018-trial", "drcd-dev", "otel-known-item",
                          "helm-known-item", "qmd-eval-docs"]  # fmt: skip
    assert rows[6][3].startswith("`--choose --limit 100` + the five suites' files")


def _measure(suite: str, measure: str) -> float:
    queries = load_queries(EVAL_ROOT / "queries" / f"{suite}.jsonl")
    summary = run_suite(EVAL_ROOT / "KnowledgeBase", queries).summary()
    return float(summary[measure])


def _params(cheap: bool) -> list[tuple[str, str, float]]:
    out = []
    for _name, measure, figure, command in _rows():
        suite = _suite(command)
        if suite is not None and (suite in CHEAP) == cheap:
            out.append((suite, measure, figure))
    return out


@needs_eval
@pytest.mark.timeout(120)
@pytest.mark.parametrize(("suite", "measure", "figure"), _params(cheap=True))
def test_a_cheap_figure_is_what_its_command_measures(
    suite: str, measure: str, figure: float
) -> None:
    got = _measure(suite, measure)
    assert abs(got - figure) <= NOISE, f"README says {figure} for {suite}, measured {got:.4f}"


@needs_eval
@pytest.mark.figures
@pytest.mark.timeout(600)
@pytest.mark.parametrize(("suite", "measure", "figure"), _params(cheap=False))
def test_a_large_figure_is_what_its_command_measures(
    suite: str, measure: str, figure: float
) -> None:
    got = _measure(suite, measure)
    assert abs(got - figure) <= NOISE, f"README says {figure} for {suite}, measured {got:.4f}"


@needs_eval
@pytest.mark.figures
@pytest.mark.timeout(1200)
def test_the_kb_choice_figure_is_what_its_command_measures() -> None:
    figure = _rows()[6][2]
    got = [
        run_suite(
            EVAL_ROOT / "KnowledgeBase",
            load_queries(EVAL_ROOT / "queries" / f"{s}.jsonl", 100),
            choose=True,
        ).summary()["kb_choice"]
        for s in CHOICE_SUITES
    ]
    mean = sum(got) / len(got)
    assert abs(mean - figure) <= NOISE, f"README says {figure}, measured {mean:.4f} ({got})"
