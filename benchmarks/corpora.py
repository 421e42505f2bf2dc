"""The corpora of the benchmark: their documents (a KB folder) and their queries."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from .common import CACHE_DIR, DocSet, Query, eval_dir, list_documents, log
from .make_scale_corpus import generate, scale_name

SEED = 7
CORPORA = ("scifact", "cmrc", "zhdocs", "tldr", "otel", "helm", "scale")
PEERS = ["ours", "whoosh", "bm25s", "fts5", "grep"]


@dataclass(slots=True)
class CorpusRun:
    name: str
    docs: DocSet
    queries: list[Query]
    engines: list[str]
    has_qrels: bool
    note: str = ""
    group: str = ""
    """The corpus flag this run belongs to (``scale`` for every scale size)."""
    extra: dict = field(default_factory=dict)


def _read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _subset(root: Path, kb: str, keep: set[str], size: int, all_paths: list[str]) -> Path:
    """A copy of ``kb`` with ``keep`` plus random other documents, ``size`` in all."""
    rng = random.Random(SEED)
    rest = [p for p in all_paths if p not in keep]
    rng.shuffle(rest)
    chosen = sorted(keep | set(rest[: max(0, size - len(keep))]))
    dst_root = CACHE_DIR / "subsets" / f"{kb}-{size}" / "KnowledgeBase"
    dst = dst_root / kb
    stamp = dst_root / f".{kb}.stamp"
    want = f"{SEED}:{size}:" + hashlib.sha1("\n".join(chosen).encode()).hexdigest()
    if stamp.is_file() and stamp.read_text() == want:
        return dst_root
    if dst.exists():
        shutil.rmtree(dst)
    dst.mkdir(parents=True)
    shutil.copy2(root / kb / "README.md", dst / "README.md")
    for rel in chosen:
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / kb / rel, dst / rel)
    stamp.write_text(want)
    return dst_root


def _qrels_corpus(
    name: str, kb: str, lang: str, suite: str, quick: bool, limit: int | None
) -> CorpusRun:
    root = eval_dir() / "KnowledgeBase"
    rows = _read_jsonl(eval_dir() / "queries" / suite)
    paths = list_documents(root / kb)
    have = set(paths)
    n_all = len(rows)
    rows = [r for r in rows if r["query"].strip() and any(p in have for p in r["relevant"])]
    note = f"queries: `queries/{suite}`"
    if len(rows) < n_all:
        note += f" ({n_all - len(rows)} empty or unjudged dropped)"
    if quick:
        rows = rows[: limit or 50]
        keep = {p for r in rows for p in r["relevant"] if p in have}
        root = _subset(root, kb, keep, 1000, paths)
        paths = list_documents(root / kb)
        note += f"; quick: first {len(rows)} queries over a 1,000-document subset"
    elif limit:
        rows = rows[:limit]
    queries = [Query(r["query"], dict(r["relevant"]), r.get("id", "")) for r in rows]
    engines = PEERS + (["fts5_trigram", "whoosh_jieba"] if lang == "zh" else ["ours_default"])
    return CorpusRun(
        name, DocSet(str(root), kb, lang, paths), queries, engines, True, note, group=name
    )


def _stripped(kb: str, keys: list[str]) -> Path:
    """A copy of an eval KB with the front-matter ``keys`` removed from its pages (cached)."""
    from knowledge_retrieval.eval import stripped_root

    src = eval_dir() / "KnowledgeBase"
    want = (
        ",".join(sorted(keys))
        + ":"
        + hashlib.sha1(
            "\n".join(
                f"{p}:{(src / kb / p).stat().st_size}" for p in list_documents(src / kb)
            ).encode()
        ).hexdigest()
    )
    work = CACHE_DIR / "stripped" / kb
    stamp = work / ".stamp"
    if not (stamp.is_file() and stamp.read_text() == want):
        shutil.rmtree(work, ignore_errors=True)
        stripped_root(src, kb, keys, work)
        stamp.write_text(want)
    return work / "KnowledgeBase"


def _known_item(name: str, kb: str, suite: str, quick: bool, limit: int | None) -> CorpusRun:
    """A docs site's pages asked for by their own description, which no engine gets to index:
    every engine indexes one copy of the KB with those front-matter keys removed."""
    rows = [r for r in _read_jsonl(eval_dir() / "queries" / suite) if r["query"].strip()]
    keys = sorted({k for r in rows for k in r.get("strip_front_matter", [])})
    root = _stripped(kb, keys)
    paths = list_documents(root / kb)
    rows = rows[: limit or 50] if quick else rows[:limit] if limit else rows
    queries = [Query(r["query"], dict(r["relevant"]), r.get("id", "")) for r in rows]
    note = (
        f"queries: `queries/{suite}` (English and Chinese; known item: the page whose "
        f"front-matter {', '.join(keys)} is the query, removed from the copy every engine "
        "indexes); bm25s and FTS5 trigram read it as Chinese text (bigrams / trigrams and "
        "whole other words)"
    )
    if quick:
        note += f"; quick: first {len(rows)} queries"
    return CorpusRun(
        name,
        DocSet(str(root), kb, "zh", paths),
        queries,
        [*PEERS, "fts5_trigram", "whoosh_jieba"],
        True,
        note,
        group=name,
    )


ZH_PAGE_BYTES = 8000
"""A zhdocs page joins CMRC / DRCD articles until it holds about this much text."""


def _zhdocs_root() -> tuple[Path, dict[str, str]]:
    """A Chinese docs KB made from the shared data (cached): CMRC 2018 and DRCD articles joined
    into pages of about 8 KB (each article a section), plus the Chinese pages of the
    OpenTelemetry and Helm KBs as they are; and where each article went."""
    src = eval_dir() / "KnowledgeBase"
    dst_root = CACHE_DIR / "zhdocs" / "KnowledgeBase"
    dst = dst_root / "zhdocs"
    where: dict[str, str] = {}
    copies: list[tuple[Path, str]] = []
    pages: list[tuple[str, list[Path]]] = []
    for kb in ("cmrc2018", "drcd"):
        page: list[Path] = []
        size = 0
        for art in sorted((src / kb / "articles").glob("*.md")):
            page.append(art)
            size += art.stat().st_size
            if size >= ZH_PAGE_BYTES:
                pages.append((f"{kb}/p{len(pages):04d}.md", page))
                page, size = [], 0
        if page:
            pages.append((f"{kb}/p{len(pages):04d}.md", page))
    for rel, arts in pages:
        for a in arts:
            where[f"{a.parent.parent.name}/articles/{a.name}"] = rel
    for kb, sub in (("otel", "content/zh"), ("helm", "i18n/zh")):
        for f in sorted((src / kb / sub).rglob("*")):
            if f.is_file() and f.suffix in (".md", ".mdx"):
                copies.append((f, f"{kb}/{f.relative_to(src / kb).as_posix()}"))
    want = hashlib.sha1(
        "\n".join([f"{r}:{len(a)}" for r, a in pages] + [r for _f, r in copies]).encode()
    ).hexdigest()
    stamp = dst_root / ".zhdocs.stamp"
    if stamp.is_file() and stamp.read_text() == want:
        return dst_root, where
    shutil.rmtree(dst, ignore_errors=True)
    dst.mkdir(parents=True)
    (dst / "README.md").write_text(
        "# 中文文档\n\n中文百科条目（CMRC 2018、DRCD）与 OpenTelemetry、Helm 的中文文档。\n",
        encoding="utf-8",
    )
    for rel, arts in pages:
        texts = [a.read_text(encoding="utf-8") for a in arts]
        # one page title, each article a section under it
        body = "\n\n".join("#" + t if t.startswith("# ") else t for t in texts)
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        (dst / rel).write_text(f"# {rel}\n\n{body}", encoding="utf-8")
    for f, rel in copies:
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, dst / rel)
    stamp.write_text(want)
    return dst_root, where


def _zhdocs(quick: bool, limit: int | None) -> CorpusRun:
    """The Chinese docs corpus, asked the CMRC and DRCD questions (the page holding the
    question's article is the relevant one)."""
    root, where = _zhdocs_root()
    paths = list_documents(root / "zhdocs")
    rows = []
    for suite in ("cmrc2018-trial.jsonl", "drcd-dev.jsonl"):
        got = [r for r in _read_jsonl(eval_dir() / "queries" / suite) if r["query"].strip()]
        rows += got[: (limit or 50) // 2 if quick else (limit or 200) // 2]
    queries = []
    for r in rows:
        kb = r["kb"]
        rel = {where[f"{kb}/{p}"]: g for p, g in r["relevant"].items() if f"{kb}/{p}" in where}
        if rel:
            queries.append(Query(r["query"], rel, r.get("id", "")))
    note = (
        f"CMRC 2018 and DRCD articles joined into pages of about {ZH_PAGE_BYTES // 1000} KB, "
        "plus the Chinese OpenTelemetry and Helm pages; queries: the first CMRC trial and DRCD "
        "dev questions (relevant: the page holding the question's article)"
    )
    return CorpusRun(
        "zhdocs",
        DocSet(str(root), "zhdocs", "zh", paths),
        queries,
        [*PEERS, "fts5_trigram", "whoosh_jieba"],
        True,
        note,
        group="zhdocs",
    )


def tldr_queries(kb_path: Path, n: int, seed: int = SEED) -> list[Query]:
    """Known-item queries: the first description line of ``n`` random English pages."""
    pages = [p for p in list_documents(kb_path) if p.startswith("pages/")]
    random.Random(seed).shuffle(pages)
    out: list[Query] = []
    for rel in pages:
        desc = ""
        for line in (kb_path / rel).read_text(encoding="utf-8").splitlines():
            if line.startswith(">"):
                desc = line.lstrip("> ").strip()
                break
        if not desc or desc.lower().startswith(("this command is an alias", "more information")):
            continue
        out.append(Query(desc, {rel: 1}, rel))
        if len(out) == n:
            break
    return out


def _tldr(quick: bool, limit: int | None) -> CorpusRun:
    root = eval_dir() / "KnowledgeBase"
    paths = list_documents(root / "tldr")
    queries = tldr_queries(root / "tldr", limit or (50 if quick else 200))
    note = (
        "queries: the first description line of a seeded random sample of English pages "
        "(known item: the page itself)"
    )
    if quick:
        root = _subset(root, "tldr", {q.id for q in queries}, 1000, paths)
        paths = list_documents(root / "tldr")
        note += "; quick: a 1,000-document subset"
    return CorpusRun(
        "tldr",
        DocSet(str(root), "tldr", "en", paths),
        queries,
        list(PEERS),
        True,
        note,
        group="tldr",
    )


def scale_queries(n: int) -> list[Query]:
    """Half SciFact claims, half tldr descriptions (seeded); no judgments at scale."""
    rows = _read_jsonl(eval_dir() / "queries" / "scifact-train.jsonl")
    random.Random(SEED).shuffle(rows)
    claims = [Query(r["query"], {}, r.get("id", "")) for r in rows[: n - n // 2]]
    descs = tldr_queries(eval_dir() / "KnowledgeBase" / "tldr", n // 2, seed=SEED + 1)
    out: list[Query] = []
    for a, b in zip(claims, descs, strict=False):
        out += [a, Query(b.text, {}, b.id)]
    return out


def _scale(quick: bool, files: int, limit: int | None) -> list[CorpusRun]:
    sizes = sorted({s for s in (1000, 10_000) if s < files} | {files})
    queries = scale_queries(limit or (20 if quick else 200))
    runs = []
    for n in sizes:
        root = generate(n)
        name = scale_name(n)
        kb_path = root / name
        paths = list_documents(kb_path)
        engines = list(PEERS) if n == files else ["ours", "fts5"]
        runs.append(
            CorpusRun(
                name,
                DocSet(str(root), name, "en", paths),
                queries,
                engines,
                False,
                f"generated by `benchmarks/make_scale_corpus.py`; {len(queries)} queries "
                "(SciFact claims and tldr descriptions, no judgments)",
                group="scale",
                extra={"files": n},
            )
        )
    return runs


def load(
    names: list[str], *, quick: bool, scale_files: int, limit: int | None = None
) -> list[CorpusRun]:
    if not (eval_dir() / "KnowledgeBase").is_dir() or not (eval_dir() / "queries").is_dir():
        log("eval data not found (../shared/eval): skipping every corpus")
        return []
    runs: list[CorpusRun] = []
    for name in names:
        if name == "scifact":
            runs.append(
                _qrels_corpus("scifact", "scifact", "en", "scifact-train.jsonl", quick, limit)
            )
        elif name == "cmrc":
            runs.append(
                _qrels_corpus("cmrc", "cmrc2018", "zh", "cmrc2018-trial.jsonl", quick, limit)
            )
        elif name == "zhdocs":
            runs.append(_zhdocs(quick, limit))
        elif name == "tldr":
            runs.append(_tldr(quick, limit))
        elif name == "otel":
            runs.append(_known_item("otel", "otel", "otel-known-item.jsonl", quick, limit))
        elif name == "helm":
            runs.append(_known_item("helm", "helm", "helm-known-item.jsonl", quick, limit))
        elif name == "scale":
            runs.extend(_scale(quick, scale_files, limit))
        else:
            raise SystemExit(f"unknown corpus {name!r}; choose from {', '.join(CORPORA)}")
    return runs
