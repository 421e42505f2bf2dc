"""What the calibration scripts share: the question schema, loading, kinds, front-matter stripping."""

from __future__ import annotations

import argparse
import functools
import json
import re
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import frontmatter
from rapidfuzz import fuzz

# The kinds of the hand-written fixtures (teamkb, teamkb-check).
KINDS = (
    "bare_id",
    "id_question",
    "short",
    "colloquial",
    "zh_hans",
    "zh_hant",
    "mixed",
    "typo",
    "absent_id",
    "absent_attr",
    "other_kb",
    "absent_topic",
)
# Derived sets (small KBs, public suites) may also use "long": a claim or a page description.
DERIVED_KINDS = (*KINDS, "long")
ABSENT_KINDS = ("absent_id", "absent_attr", "absent_topic")
READ_TEAM_SETS = (
    "teamkb",
    "teamkb-check",
    "teamkb-fresh",
    "teamkb-blind",
    "teamkb-blind2",
    "teamkb-blind3",
)
"""The team fixtures that have been read (the rules were written while they were): not
``teamkb-blind4``, kept unread, nor ``teamkb-blind5``, whose rows are unread."""

_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]{2,}")
_TO_SIMPLIFIED: Any = None


def _t2s(text: str) -> str:
    global _TO_SIMPLIFIED  # one converter per process, built on first use
    if _TO_SIMPLIFIED is None:
        from opencc import OpenCC

        _TO_SIMPLIFIED = OpenCC("t2s")
    return str(_TO_SIMPLIFIED.convert(text))


def script_kind(text: str) -> str | None:
    """``zh_hant``, ``zh_hans`` or ``mixed`` for a query with Chinese in it, else None."""
    if not _CJK.search(text):
        return None
    if _LATIN.search(_CJK.sub(" ", text)):
        return "mixed"
    return "zh_hant" if _t2s(text) != text else "zh_hans"


def infer_kind(q: dict[str, Any]) -> str:
    """The kind of a question that does not say: by script, then by length."""
    if q.get("kind"):
        return str(q["kind"])
    text = str(q["query"])
    by_script = script_kind(text)
    if by_script:
        return by_script
    if "-deep-" in str(q.get("id", "")):  # qmd's colloquial research questions
        return "colloquial"
    return "short" if len(text.split()) <= 4 else "long"


def normalise(q: dict[str, Any]) -> dict[str, Any]:
    """A question with every schema field filled in (suites from elsewhere lack some)."""
    out = dict(q)
    if "ask_kb" in out and out["ask_kb"] is None:
        # a writer's null means "not put to another KB": asked of its own KB, not of them all
        del out["ask_kb"]
    out.setdefault("relevant", {})
    out["kind"] = infer_kind(out)
    out.setdefault("answerable", bool(out["relevant"]))
    out.setdefault("kb", None)
    return out


def load_questions(path: Path, limit: int | None = None) -> list[dict[str, Any]]:
    """Read a questions JSONL file (blank lines skipped), normalised."""
    out: list[dict[str, Any]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(normalise(json.loads(line)))
            if limit is not None and len(out) >= limit:
                break
    return out


def write_questions(path: Path, questions: Iterable[dict[str, Any]]) -> int:
    """Write questions as JSONL, Chinese kept readable; returns how many."""
    n = 0
    with path.open("w", encoding="utf-8") as f:
        for q in questions:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
            n += 1
    return n


def strip_front_matter(path: Path, keys: Iterable[str]) -> None:
    """Remove these front-matter keys from one Markdown file in place (a README keeps its own)."""
    keys = list(keys)
    if path.suffix.lower() not in (".md", ".mdx", ".markdown") or path.name == "README.md":
        return
    try:
        post = frontmatter.loads(path.read_text(encoding="utf-8"))
    except Exception:  # noqa: BLE001 - a page it cannot parse keeps its front matter
        return
    if any(k in post.metadata for k in keys):
        for k in keys:
            post.metadata.pop(k, None)
        path.write_text(frontmatter.dumps(post) + "\n", encoding="utf-8")


def stripped_copy(root: Path, kb: str, keys: Iterable[str], work: Path) -> Path:
    """A root under ``work`` holding a copy of one KB with the keys stripped; returns that root."""
    dst = work / "KnowledgeBase" / kb
    if not dst.exists():
        shutil.copytree(root / kb, dst)
        keys = list(keys)
        for f in dst.rglob("*"):
            if f.is_file():
                strip_front_matter(f, keys)
    return work / "KnowledgeBase"


COPY_SIMILARITY = 90.0
"""Two files whose texts are at least this similar (rapidfuzz's normalised Indel similarity,
0..100) say the same thing. The Helm site keeps a copy of most pages under ``docs/`` and
``versioned_docs/version-3/`` and its suite labels one of them; a hit on the other copy holds
the same answer."""


COUNT_COPIES = True
"""Whether a copy of a labelled file counts as relevant (``report --labelled-only`` sets it off)."""


def is_relevant(q: dict[str, Any], root: Path, kb: str | None, path: str) -> bool:
    """Whether a hit (``kb``, ``path``) answers a question: a labelled file, or a copy of one
    (:data:`COPY_SIMILARITY`)."""
    if kb is None or kb != q.get("kb"):
        return False
    relevant = [p for p, g in (q.get("relevant") or {}).items() if g > 0]
    if path in relevant:
        return True
    return COUNT_COPIES and any(_is_copy(root / kb, path, p) for p in relevant)


@functools.lru_cache(maxsize=65536)
def _is_copy(kb_dir: Path, a: str, b: str) -> bool:
    ta, tb = _text(kb_dir / a), _text(kb_dir / b)
    if not ta or not tb or 200 * min(len(ta), len(tb)) < COPY_SIMILARITY * (len(ta) + len(tb)):
        return False  # too different in length to be that similar
    return bool(fuzz.ratio(ta, tb, score_cutoff=COPY_SIMILARITY))


@functools.lru_cache(maxsize=4096)
def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def add_set_arguments(ap: argparse.ArgumentParser, team_help: str) -> None:
    """The options that name the evaluation sets, as the fit and the ablation take them."""
    ap.add_argument("--eval", help="the shared evaluation folder (KnowledgeBase/, queries/)")
    ap.add_argument("--small", help="the folder calibration.small_kbs wrote")
    ap.add_argument("--typos", help="typo variants of the teamkb questions")
    ap.add_argument("--team", action="append", default=[], metavar="NAME", help=team_help)
