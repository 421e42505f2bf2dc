"""Seeded typo variants of questions, with the same labels.

    python -m calibration.typos QUESTIONS.jsonl [...] -o OUT.jsonl [--seed 13] [--words 1] [--variants 1]

Each variant edits ``--words`` words of the query, picked at random among its content words
(question and function words such as "what" or "does" are left alone): one edit in a word of 4 to 7 letters, two in a word of 8 or more. An edit is a deletion,
an insertion or a substitution of a QWERTY keyboard neighbour, or a transposition of two
adjacent letters. Identifiers (``ORDER_STATE_PAID``, ``a.b.c``, ``E2041``, ``/api/...``,
``X-Request-Id``, camelCase) and Chinese are never touched, so the labels stay true: a typo in an
identifier would make it another identifier. Questions with no word to edit are left out.

The variant keeps every field; ``id`` gets ``~typoN``, ``kind`` becomes ``typo`` and the original
kind and query go to ``base_kind`` and ``base_query``.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: python calibration/typos.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calibration.common import load_questions, write_questions

_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
NEIGHBOURS: dict[str, str] = {}
for _r, _row in enumerate(_ROWS):
    for _c, _ch in enumerate(_row):
        near = []
        for dr in (-1, 0, 1):
            rr = _r + dr
            if 0 <= rr < len(_ROWS):
                for dc in (-1, 0, 1):
                    cc = _c + dc
                    if (dr or dc) and 0 <= cc < len(_ROWS[rr]):
                        near.append(_ROWS[rr][cc])
        NEIGHBOURS[_ch] = "".join(near)

# a token: a run of non-space characters; a plain word is letters only (an apostrophe inside)
_TOKEN = re.compile(r"\S+")
_PLAIN = re.compile(r"^([\"'(\[]*)([A-Za-z]+(?:'[A-Za-z]+)?)([\"')\].,;:!?]*)$")
_CAMEL = re.compile(r"[a-z][A-Z]")
OPS = ("delete", "insert", "substitute", "transpose")
# question and function words of 4+ letters: left alone, so the typo lands on a content word
FUNCTION_WORDS = frozenset(
    [
        "what",
        "when",
        "where",
        "which",
        "while",
        "whom",
        "whose",
        "does",
        "done",
        "have",
        "having",
        "from",
        "with",
        "into",
        "onto",
        "over",
        "that",
        "this",
        "these",
        "those",
        "there",
        "their",
        "them",
        "they",
        "then",
        "than",
        "were",
        "been",
        "being",
        "will",
        "would",
        "should",
        "could",
        "about",
        "your",
        "yours",
        "some",
        "such",
        "very",
        "just",
        "also",
        "only",
        "much",
        "many",
        "most",
        "more",
        "each",
        "after",
        "before",
        "until",
        "till",
    ]
)


def is_plain_word(token: str) -> re.Match[str] | None:
    """A word a person could mistype without changing an identifier, else None."""
    m = _PLAIN.match(token)
    if not m:
        return None
    word = m.group(2)
    if _CAMEL.search(word) or (word.isupper() and len(word) > 1):
        return None  # camelCase or an acronym / code: an identifier
    return m


def edit_count(word: str) -> int:
    """Edits a word of this length gets: 0 under 4 letters, 1 up to 7, 2 from 8."""
    letters = sum(ch.isalpha() for ch in word)
    return 0 if letters < 4 else 1 if letters < 8 else 2


def _case_like(ch: str, model: str) -> str:
    return ch.upper() if model.isupper() else ch


def edit(word: str, rng: random.Random) -> str:
    """One random edit of one word; the first letter is kept (people rarely mistype it)."""
    for _ in range(20):
        op = rng.choice(OPS)
        i = rng.randrange(1, len(word))
        if op == "delete" and word[i].isalpha():
            out = word[:i] + word[i + 1 :]
        elif op == "insert":
            base = word[i - 1].lower()
            ch = rng.choice(NEIGHBOURS.get(base, "e") + base)
            out = word[:i] + _case_like(ch, word[i - 1]) + word[i:]
        elif op == "substitute" and word[i].lower() in NEIGHBOURS:
            ch = rng.choice(NEIGHBOURS[word[i].lower()])
            out = word[:i] + _case_like(ch, word[i]) + word[i + 1 :]
        elif op == "transpose" and i + 1 < len(word) and word[i] != word[i + 1]:
            if not (word[i].isalpha() and word[i + 1].isalpha()):
                continue
            out = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        else:
            continue
        if out.lower() != word.lower():
            return out
    return word


def typo_query(query: str, rng: random.Random, words: int = 1) -> str | None:
    """The query with ``words`` of its plain words mistyped, or None when none can be."""
    tokens = list(_TOKEN.finditer(query))
    cands = []
    for n, t in enumerate(tokens):
        m = is_plain_word(t.group())
        if m and edit_count(m.group(2)) and m.group(2).lower() not in FUNCTION_WORDS:
            cands.append(n)
    if not cands:
        return None
    picked = sorted(rng.sample(cands, min(words, len(cands))))
    parts: list[str] = []
    last = 0
    for n, t in enumerate(tokens):
        parts.append(query[last : t.start()])
        text = t.group()
        if n in picked:
            m = is_plain_word(text)
            assert m is not None
            word = m.group(2)
            for _ in range(edit_count(word)):
                word = edit(word, rng)
            text = m.group(1) + word + m.group(3)
        parts.append(text)
        last = t.end()
    parts.append(query[last:])
    out = "".join(parts)
    return out if out != query else None


def variants(
    questions: list[dict[str, Any]], *, seed: int, words: int = 1, per_question: int = 1
) -> list[dict[str, Any]]:
    """Typo variants of every question that has a word to mistype, labels unchanged."""
    out = []
    for q in questions:
        rng = random.Random(f"{seed}:{q.get('id', q['query'])}")
        seen = set()
        for n in range(1, per_question + 1):
            text = typo_query(q["query"], rng, words)
            if text is None or text in seen:
                continue
            seen.add(text)
            v = dict(q)
            v.update(
                id=f"{q.get('id', '')}~typo{n}",
                query=text,
                kind="typo",
                base_kind=q["kind"],
                base_query=q["query"],
            )
            out.append(v)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m calibration.typos",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("questions", type=Path, nargs="+", help="questions .jsonl files")
    ap.add_argument("-o", "--out", type=Path, required=True, help="the variants .jsonl file")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--words", type=int, default=1, help="words mistyped per query")
    ap.add_argument("--variants", type=int, default=1, help="variants per question")
    ap.add_argument(
        "--answerable-only", action="store_true", help="only questions that have an answer"
    )
    ap.add_argument("--skip-kind", action="append", default=["typo"], help="kinds to leave out")
    args = ap.parse_args(argv)
    qs = [q for p in args.questions for q in load_questions(p)]
    qs = [q for q in qs if q["kind"] not in args.skip_kind]
    if args.answerable_only:
        qs = [q for q in qs if q["answerable"]]
    made = variants(qs, seed=args.seed, words=args.words, per_question=args.variants)
    write_questions(args.out, made)
    sys.stdout.write(f"{len(made)} typo variants of {len(qs)} questions → {args.out}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
