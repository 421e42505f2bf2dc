"""grep per keyword: what an agent does without an index.

For each keyword of the query it runs ``grep -rliF --include=*.md <keyword> <kb>`` in a
subprocess (the real tool, reading every file on every call, as an agent's Grep tool does),
then ranks files by how many keywords they contain (ties: path order). English keywords are
the query's words minus stop words; Chinese keywords are jieba's words of two or more
characters minus question words. ``LC_ALL=C`` keeps grep byte-oriented (fast; ``-i`` folds ASCII).
"""

from __future__ import annotations

import os
import re
import subprocess
from collections import Counter
from pathlib import Path

from ..common import DocSet

_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "being",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "may",
        "more",
        "most",
        "no",
        "not",
        "of",
        "on",
        "or",
        "our",
        "so",
        "such",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "to",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
    ]
)
CJK_QUESTION = frozenset(
    [
        "什么",
        "为什么",
        "哪些",
        "哪个",
        "怎么",
        "如何",
        "多少",
        "是否",
        "哪里",
        "几个",
        "可以",
        "怎样",
        "什么样",
        "是什么",
        "哪一",
        "哪种",
        "哪年",
        "哪位",
    ]
)


class Grep:
    name = "grep"
    label = "grep -rliF per keyword, rank by keywords hit"

    def __init__(self, workdir: Path) -> None:
        self.kb_path: Path | None = None
        self.env = {**os.environ, "LC_ALL": "C"}

    def build(self, docs: DocSet) -> None:
        self.load(docs)

    def load(self, docs: DocSet) -> None:
        self.kb_path = docs.kb_path

    def keywords(self, text: str) -> list[str]:
        out: list[str] = []
        for run in _CJK.findall(text):
            import jieba

            out.extend(w for w in jieba.lcut(run) if len(w) >= 2 and w not in CJK_QUESTION)
        for w in _WORD.findall(_CJK.sub(" ", text.lower())):
            if len(w) >= 2 and w not in STOP:
                out.append(w)
        return list(dict.fromkeys(out))

    def query(self, text: str, k: int) -> list[str]:
        assert self.kb_path is not None
        hits: Counter[str] = Counter()
        root = str(self.kb_path)
        for kw in self.keywords(text):
            p = subprocess.run(
                ["grep", "-rliF", "--include=*.md", "--", kw, root],
                capture_output=True,
                env=self.env,
                check=False,
            )
            for line in p.stdout.decode("utf-8", "replace").splitlines():
                rel = os.path.relpath(line, root).replace(os.sep, "/")
                if rel.lower() != "readme.md":
                    hits[rel] += 1
        ranked = sorted(hits.items(), key=lambda x: (-x[1], x[0]))
        return [p for p, _n in ranked[:k]]
