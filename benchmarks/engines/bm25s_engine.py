"""bm25s: Lucene BM25 (k1 1.2, b 0.75), English stop words and Snowball stemming (PyStemmer);
for Chinese, character bigrams of each CJK run (plus the words of any other text)."""

from __future__ import annotations

import re
from pathlib import Path

from ..common import DocSet

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_CJK_OR_WORD = re.compile(r"([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)|([^\W_]+)")


def cjk_bigrams(text: str) -> list[str]:
    out: list[str] = []
    for cjk, word in _CJK_OR_WORD.findall(text.lower()):
        if cjk:
            out.extend([cjk] if len(cjk) == 1 else [cjk[i : i + 2] for i in range(len(cjk) - 1)])
        elif len(word) > 1:
            out.append(word)
    return out


class BM25S:
    name = "bm25s"
    label = "bm25s (Lucene BM25, stemmed, stop words)"

    def __init__(self, workdir: Path) -> None:
        self.dir = workdir / "bm25s"
        self.lang = "en"
        self._r = None
        self._paths: list[str] = []

    def _stemmer(self):  # type: ignore[no-untyped-def]
        import Stemmer

        return Stemmer.Stemmer("english")

    def build(self, docs: DocSet) -> None:
        import bm25s

        self.lang = docs.lang
        texts, self._paths = [], []
        for rel, title, body in docs.iter_docs():
            texts.append(f"{title}\n{body}")
            self._paths.append(rel)
        r = bm25s.BM25(method="lucene")
        if self.lang == "zh":
            r.index([cjk_bigrams(t) for t in texts], show_progress=False)
        else:
            tok = bm25s.tokenize(
                texts, stopwords="en", stemmer=self._stemmer(), show_progress=False
            )
            r.index(tok, show_progress=False)
        self.dir.mkdir(parents=True, exist_ok=True)
        r.save(str(self.dir))
        (self.dir / "paths.txt").write_text("\n".join(self._paths), encoding="utf-8")
        self._ready(r)

    def load(self, docs: DocSet) -> None:
        import bm25s

        self.lang = docs.lang
        r = bm25s.BM25.load(str(self.dir))
        self._paths = (self.dir / "paths.txt").read_text(encoding="utf-8").split("\n")
        self._ready(r)

    def _ready(self, r) -> None:  # type: ignore[no-untyped-def]
        from bm25s.tokenization import STOPWORDS_EN

        self._r = r
        self._vocab = r.vocab_dict
        self._stop = frozenset(STOPWORDS_EN)
        self._stem = self._stemmer().stemWords

    def _tokens(self, text: str) -> list[str]:
        if self.lang == "zh":
            toks = cjk_bigrams(text)
        else:
            toks = self._stem([t for t in _TOKEN.findall(text.lower()) if t not in self._stop])
        return [t for t in dict.fromkeys(toks) if t in self._vocab]

    def query(self, text: str, k: int) -> list[str]:
        toks = self._tokens(text)
        if not toks:
            return []
        k = min(k, len(self._paths))
        docs, scores = self._r.retrieve([toks], k=k, show_progress=False, n_threads=0)
        return [self._paths[int(d)] for d, s in zip(docs[0], scores[0], strict=True) if s > 0]
