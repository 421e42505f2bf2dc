"""No verdict moves with the KB's size alone: the same question with the same evidence gets the
same verdict in a KB of 20 pages and in that KB grown by thousands of generated pages that
share no word with the questions (about 20,000 sections), and no answer there is less sure."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import numpy as np

from knowledge_retrieval import index_kb, search
from knowledge_retrieval.verdict import confidence
from knowledge_retrieval.verdict.scale import LINE

from ..conftest import SAMPLE_ROOT

QUESTIONS = (
    "payment.retry.max_attempts",
    "refund",
    "what does error E2041 mean",
    "how long is a refund valid",
    "refund window days",
    "retry attempts",
    "kubernetes cluster upgrade schedule",
    "how do I bake bread",
)
SYLLABLES = ("ka", "zo", "mi", "ru", "te", "va", "no", "qui", "bex", "dra", "lu", "fen", "gor")
GROWN_PAGES, SECTIONS_PER_PAGE = 2000, 10


def _page(rng: random.Random, sections: int) -> str:
    def word() -> str:
        return "".join(rng.choice(SYLLABLES) for _ in range(3))

    parts = [f"# {word().title()} {word()}\n"]
    for _ in range(sections):
        parts.append(f"\n## {word()} {word()}\n\n" + " ".join(word() for _ in range(12)) + "\n")
    return "".join(parts)


def _verdicts(root: Path) -> list[tuple[bool, float]]:
    """Found or not, and the first hit's score, per question (the order of files of equal
    evidence may change as BM25's averages move with the pages; the verdict may not)."""
    out = []
    for q in QUESTIONS:
        r = search(q, "payments", root=root, score_threshold=0.0)
        out.append((bool(r.hits) and r.hits[0].score >= LINE, r.hits[0].score if r.hits else 0.0))
    return out


def test_the_same_evidence_gets_the_same_verdict_in_a_kb_a_thousand_times_larger(
    tmp_path: Path,
) -> None:
    root = tmp_path / "KnowledgeBase"
    kb = root / "payments"
    shutil.copytree(SAMPLE_ROOT / "payments", kb)
    rng = random.Random(7)
    have = sum(1 for p in kb.rglob("*.md") if p.name != "README.md")
    for i in range(20 - have):
        (kb / f"notes-{i}.md").write_text(_page(rng, 1), encoding="utf-8")
    small = _verdicts(root)
    assert small[0][0] and not small[-1][0]  # the instrument sees both verdicts
    grown = kb / "generated"
    grown.mkdir()
    for i in range(GROWN_PAGES):
        (grown / f"p{i}.md").write_text(_page(rng, SECTIONS_PER_PAGE), encoding="utf-8")
    report = index_kb("payments", root=root)
    assert report.files >= GROWN_PAGES
    grown_verdicts = _verdicts(root)
    assert [v for v, _ in grown_verdicts] == [v for v, _ in small]
    # pages that share no word with a question make no answer to it less sure (a model that
    # read the KB's size as evidence took 0.89 to 0.43 here, still over the line)
    for (_, before), (_, after), q in zip(small, grown_verdicts, QUESTIONS, strict=True):
        assert after >= before - 0.02, q


def test_no_feature_is_the_kb_size_and_each_is_clipped_to_its_fitted_range() -> None:
    m = confidence.model()
    # the KB's size is no feature: not measured, not weighed
    assert not {"kb_size", "size_matched", "chance", "crowd"} & set(confidence.FEATURES)
    x = np.array(m.high) + 10.0
    assert confidence.probability(x[None, :]) == confidence.probability(np.array(m.high)[None, :])
    assert m.contributions(x) == m.contributions(np.array(m.high))
