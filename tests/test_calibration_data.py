"""The calibration fixtures are valid, and the calibration scripts run end to end."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from rapidfuzz.distance import OSA

from calibration import common
from calibration.common import ABSENT_KINDS, DERIVED_KINDS, KINDS, is_relevant, load_questions
from calibration.report import Row, summarise
from calibration.typos import is_plain_word, typo_query, variants
from tests.conftest import EVAL_ROOT, REPO

CAL = REPO / "calibration"
# root, questions, KBs at least, files at least, questions at least, per-kind minimums
FIXTURES = {
    "teamkb": (3, 40, 120, {"absent_id": 15, "absent_attr": 10, "absent_topic": 15}),
    "teamkb-check": (2, 20, 60, {"absent_id": 8, "absent_attr": 5, "absent_topic": 8}),
    "teamkb-fresh": (2, 30, 80, {"absent_id": 9, "absent_attr": 7, "absent_topic": 7}),
    "teamkb-blind": (2, 24, 90, {"absent_id": 10, "absent_attr": 8, "absent_topic": 7}),
    "teamkb-blind2": (2, 30, 100, {"absent_id": 12, "absent_attr": 9, "absent_topic": 8}),
    "teamkb-blind3": (2, 32, 105, {"absent_id": 13, "absent_attr": 10, "absent_topic": 9}),
    "teamkb-blind4": (2, 44, 120, {"absent_id": 15, "absent_attr": 11, "absent_topic": 10}),
    "teamkb-blind5": (3, 60, 150, {"absent_id": 17, "absent_attr": 13, "absent_topic": 11}),
}
FIELDS = {"id", "query", "kb", "relevant", "answerable", "kind"}
OPTIONAL = {"note", "ask_kb"}
_IDENT = re.compile(r"[A-Za-z0-9_./{}:-]*[A-Za-z][A-Za-z0-9_./{}:-]*")


def _kbs(root: Path) -> set[str]:
    return {p.name for p in root.iterdir() if (p / "README.md").is_file()}


def _identifiers(query: str) -> list[str]:
    """The identifier-like tokens of a query: with a digit, ``_``, ``.``, ``/`` or an inner ``-``."""
    out = []
    for tok in _IDENT.findall(query):
        tok = tok.strip(".:-")
        if len(tok) >= 3 and (re.search(r"[\d_./]", tok) or "-" in tok):
            out.append(tok)
    return out


def _raw_questions(root: Path) -> list[dict]:
    lines = (root / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_fixture_schema_and_labels(name: str) -> None:
    root = CAL / name
    min_kbs, min_files, min_questions, minimums = FIXTURES[name]
    kbs = _kbs(root)
    assert len(kbs) >= min_kbs
    files = [p for p in root.rglob("*") if p.suffix in (".md", ".csv") and p.name != "README.md"]
    assert len(files) >= min_files
    qs = _raw_questions(root)
    assert len(qs) >= min_questions
    assert len({q["id"] for q in qs}) == len(qs), "ids are unique"
    for q in qs:
        assert FIELDS <= set(q) <= FIELDS | OPTIONAL, q["id"]
        assert isinstance(q["query"], str) and q["query"].strip(), q["id"]
        assert q["kind"] in KINDS, q["id"]
        assert q["answerable"] is bool(q["relevant"]), q["id"]
        assert q["kb"] is None or q["kb"] in kbs, q["id"]
        assert (q["kb"] is None) == (q["kind"] == "absent_topic"), q["id"]
        if q["kind"] in ABSENT_KINDS:
            assert not q["answerable"], q["id"]
        else:
            assert q["answerable"], q["id"]
        if q["kind"] == "other_kb":
            assert q["ask_kb"] in kbs and q["ask_kb"] != q["kb"], q["id"]
        else:
            assert "ask_kb" not in q, q["id"]
        for path, grade in q["relevant"].items():
            assert grade == 1 and (root / q["kb"] / path).is_file(), (q["id"], path)
    counts = Counter(q["kind"] for q in qs)
    for kind in KINDS:
        assert counts[kind] >= minimums.get(kind, 5), (kind, counts[kind])


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_absent_identifiers_are_absent(name: str) -> None:
    root = CAL / name
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in root.rglob("*")
        if p.is_file() and p.name != "questions.jsonl"
    )
    qs = [q for q in _raw_questions(root) if q["kind"] == "absent_id"]
    for q in qs:
        idents = _identifiers(q["query"])
        assert idents, q["id"]
        for ident in idents:
            assert ident not in text, (q["id"], ident)


def test_report_runs_end_to_end(tmp_path: Path) -> None:
    picked: dict[str, list[dict]] = {}
    for q in _raw_questions(CAL / "teamkb"):
        if len(picked.setdefault(q["kind"], [])) < 2:
            picked[q["kind"]].append(q)
    qfile = tmp_path / "few.jsonl"
    qfile.write_text(
        "".join(json.dumps(q, ensure_ascii=False) + "\n" for qs in picked.values() for q in qs),
        encoding="utf-8",
    )
    out = tmp_path / "report.json"
    cmd = [sys.executable, "-m", "calibration.report", str(qfile), "--root", str(CAL / "teamkb")]
    proc = subprocess.run(
        [*cmd, "--kb-none", "--rows", "--json", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "OVERALL" in proc.stdout and "kb=None right or rightly not found" in proc.stdout
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert list(doc["groups"]) == list(KINDS)
    assert doc["overall"]["n"] == 2 * len(KINDS) == len(doc["rows"])
    assert doc["overall"]["expect_found"] == sum(r["expect_found"] for r in doc["rows"])
    for r in doc["rows"]:
        assert r["flag"] in {"ok", "MISS", "LOST", "WRONG", "FALSE"}
        assert isinstance(r["kb_none_ok"], bool)
        if r["kind"] == "other_kb":  # asked of the wrong KB: the right answer is "not found"
            assert not r["expect_found"]


def _row(**kw: object) -> Row:
    base = {
        "id": "q",
        "kind": "short",
        "query": "q",
        "asked": "kb",
        "expect_found": True,
        "found": True,
        "reason": None,
        "top_kb": "kb",
        "top_path": "a.md",
        "top_score": 0.5,
        "right_first": True,
        "relevant_returned": True,
        "suggestion": False,
        "empty_matched": 0,
    }
    base.update(kw)
    return Row(**base)  # type: ignore[arg-type]


def test_a_copy_of_a_labelled_page_is_relevant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the Helm site's docs/ and versioned_docs/version-3/ copies of a page: a hit on the copy
    # the suite did not label holds the same answer
    page = "# Install\n\n" + "Download a release, unpack it and move helm onto your PATH.\n" * 20
    (tmp_path / "kb" / "docs").mkdir(parents=True)
    (tmp_path / "kb" / "v3").mkdir()
    (tmp_path / "kb" / "docs" / "install.md").write_text(page, encoding="utf-8")
    (tmp_path / "kb" / "v3" / "install.md").write_text(page + "Helm 3 only.\n", encoding="utf-8")
    (tmp_path / "kb" / "v3" / "faq.md").write_text("# FAQ\n\nAsk on Slack.\n", encoding="utf-8")
    q = {"kb": "kb", "relevant": {"docs/install.md": 1}}
    assert is_relevant(q, tmp_path, "kb", "docs/install.md")
    assert is_relevant(q, tmp_path, "kb", "v3/install.md")
    assert not is_relevant(q, tmp_path, "kb", "v3/faq.md")
    assert not is_relevant(q, tmp_path, "other", "docs/install.md")
    monkeypatch.setattr(common, "COUNT_COPIES", False)
    assert not is_relevant(q, tmp_path, "kb", "v3/install.md")


def test_summary_counts_each_outcome_once() -> None:
    rows = [
        _row(),  # ok
        _row(found=False, top_score=0.2),  # right first, not found: a miss
        _row(
            right_first=False, relevant_returned=False
        ),  # found, nothing relevant: false confidence
        _row(kind="absent_id", absent_id=True, expect_found=False, relevant_returned=False),
        _row(kind="absent_id", absent_id=True, expect_found=False, found=False, suggestion=True),
        _row(kind="absent_topic", expect_found=False, found=False, empty_matched=0),
    ]
    assert [r.flag for r in rows] == ["ok", "MISS", "FALSE", "FALSE", "ok", "ok"]
    s = summarise(rows)
    assert (s["n"], s["expect_found"]) == (6, 3)
    assert s["top1_right"] == round(2 / 3, 4)
    assert s["miss_right_first"] == round(1 / 3, 4)
    assert s["rejected"] == round(2 / 3, 4)
    assert s["false_confidence"] == round(2 / 6, 4)
    assert (s["absent_id_not_found"], s["absent_id_suggested"]) == (0.5, 0.5)
    assert s["kb_none_ok"] is None


def test_typos_edit_words_not_identifiers() -> None:
    qs = load_questions(CAL / "teamkb" / "questions.jsonl")
    made = variants(qs, seed=7)
    assert made == variants(qs, seed=7), "seeded"
    assert len(made) >= 50
    for v in made:
        assert v["kind"] == "typo" and v["relevant"] == next(
            q["relevant"] for q in qs if q["query"] == v["base_query"]
        )
        old, new = v["base_query"].split(), v["query"].split()
        assert len(old) == len(new)
        changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
        assert len(changed) == 1, v["id"]
        a, b = changed[0]
        assert is_plain_word(a), (v["id"], a)
        letters = sum(ch.isalpha() for ch in a)
        assert 1 <= OSA.distance(a, b) <= (1 if letters < 8 else 2), (a, b)
    assert typo_query("ORDER_STATE_PAID E2041 X-Request-Id", random.Random(1)) is None
    assert typo_query("退款多久到账", random.Random(1)) is None


@pytest.mark.skipif(not (EVAL_ROOT / "queries").is_dir(), reason="no shared evaluation data")
def test_small_kbs(tmp_path: Path) -> None:
    out = tmp_path / "small"
    cmd = [sys.executable, "-m", "calibration.small_kbs", str(out), "--eval", str(EVAL_ROOT)]
    subprocess.run(
        [*cmd, "--sizes", "5", "--kbs", "qmd-eval-docs", "scifact", "otel"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    root = out / "size-5"
    assert _kbs(root) == {"qmd-eval-docs", "scifact", "otel"}
    for kb in _kbs(root):
        docs = [p for p in (root / kb).rglob("*") if p.is_file() and p.name != "README.md"]
        assert len(docs) == 5
    qs = load_questions(root / "questions.jsonl")
    assert any(q["answerable"] for q in qs) and any(not q["answerable"] for q in qs)
    for q in qs:
        assert q["kind"] in DERIVED_KINDS and "strip_front_matter" not in q
        if q["answerable"]:
            assert all((root / q["kb"] / p).is_file() for p in q["relevant"])
        else:
            assert q["kb"] is None and q["ask_kb"] in _kbs(root)
    for page in (root / "otel").rglob("*.md"):
        if page.name != "README.md":
            assert "\ndescription:" not in page.read_text(encoding="utf-8")
    refused = subprocess.run(
        [sys.executable, "-m", "calibration.small_kbs", str(CAL / "x"), "--eval", str(EVAL_ROOT)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert refused.returncode == 2
    assert "is inside the repository; evaluation data must not be copied into it" in refused.stderr
    assert not (CAL / "x").exists()


def test_readme_rules_lays_out_every_path_inside_the_kb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A labelled path written from the root ("/contracts/") is laid out inside the KB, never
    at "/"; a labelled README.md is the README itself, not a page written over it."""
    from calibration.readme_rules import judge_entry

    monkeypatch.setenv("KR_INDEX_DIR", str(tmp_path / "index"))
    entry = {
        "id": "x-1",
        "lang": "en",
        "text": "`README.md` explains the layout. Answers come from /handbook-xq7/ only.",
        "paths": {"/handbook-xq7/": "prefer", "README.md": "none"},
    }
    row = judge_entry(entry, tmp_path / "root")
    assert (tmp_path / "root" / "kb" / "handbook-xq7" / "page.md").is_file()
    assert not Path("/handbook-xq7").exists()
    assert row["got"] == {"/handbook-xq7/": "prefer", "README.md": "none"}


def test_a_null_ask_kb_asks_the_questions_own_kb() -> None:
    from calibration.common import normalise

    q = normalise({"id": "q1", "query": "x", "kb": "ops", "ask_kb": None, "relevant": {"a.md": 1}})
    assert q.get("ask_kb", q["kb"]) == "ops"
    other = normalise({"id": "q2", "query": "x", "kb": "ops", "ask_kb": "hr", "relevant": {}})
    assert other.get("ask_kb", other["kb"]) == "hr"
