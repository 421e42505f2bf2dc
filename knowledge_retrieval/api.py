"""The public entry points: ``search()`` and ``list_kbs()``."""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .defaults import DEFAULT_THRESHOLD, DEFAULT_TOP_K, MAX_TOP_K
from .display import KBList
from .errors import InvalidArgumentError, KBNotFoundError
from .index.progress import with_progress
from .index.store import IndexReport, get_index
from .kb.discovery import (
    KBLocation,
    check_name,
    find_root,
    list_locations,
    normalize_kb_ref,
    suggest,
    within,
)
from .kb.rules import parse_readme
from .models import KBRules
from .ranking.answer import compose_answer
from .ranking.choose import Choice, pick, readme_overlap, same_script
from .ranking.query import Query, analyze_query
from .ranking.ranker import FileMatch, Ranker
from .ranking.snippets import make_snippet
from .results import Hit, KBInfo, SearchResult, not_found_message
from .text.analysis import cjk_script

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _KB:
    loc: KBLocation
    rules: KBRules


def _rules(loc: KBLocation) -> KBRules:
    assert loc.readme is not None
    try:
        text = loc.readme.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        log.warning("cannot read %s: %s", loc.readme, exc)
        text = ""
    return _parse_readme(text)


@functools.lru_cache(maxsize=64)
def _parse_readme(text: str) -> KBRules:
    """README rules, parsed once per distinct text (every search reads the README again)."""
    return parse_readme(text)


def check_args(query: object, top_k: object, score_threshold: object) -> str:
    """Check the arguments every search takes (also used by memory and workflow searches);
    the query back as a string, or InvalidArgumentError with a hint."""
    if not isinstance(query, str):
        raise InvalidArgumentError(
            f"query must be a string, not {type(query).__name__}",
            hint="pass the question as text, e.g. search('ORDER_STATUS_PAID')",
        )
    if not query.strip():
        raise InvalidArgumentError("empty query", hint="ask a question or give a keyword")
    if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= MAX_TOP_K:
        raise InvalidArgumentError(
            f"top_k must be an integer from 1 to {MAX_TOP_K}, not {top_k!r}",
            hint=f"the default is {DEFAULT_TOP_K}",
        )
    if (
        isinstance(score_threshold, bool)
        or not isinstance(score_threshold, (int, float))
        or not (0.0 <= float(score_threshold) <= 1.0)
    ):
        raise InvalidArgumentError(
            f"score_threshold must be a number from 0 to 1, not {score_threshold!r}",
            hint="the default 0.35 separates answers from noise; 0 returns every match",
        )
    return query


def _not_found(
    q: Query, reason: str, notes: list[str], kb: str | None = None, kbs: Sequence[str] = ()
) -> SearchResult:
    return SearchResult(
        query=q.text,
        found=False,
        kb=kb,
        kbs=tuple(kbs),
        hits=(),
        lang=q.lang,
        message=not_found_message(q.lang),
        reason=reason,
        notes=tuple(notes),
        answer="",
        sources=(),
    )


def _resolve(root: Path, locs: dict[str, KBLocation], ref: str) -> tuple[_KB | None, str, str]:
    """(kb, reason, note) for one named KB; kb is None when it cannot be searched."""
    name = normalize_kb_ref(ref)
    loc = locs.get(name)
    if loc is None:
        path = root / name
        if path.exists() and not path.is_dir():
            return None, "invalid_kb", f"'{name}' is a file, not a knowledge base folder"
        sugg = suggest(name, sorted(locs))
        did = f" (did you mean: {', '.join(sugg)}?)" if sugg else ""
        return None, "kb_not_found", f"knowledge base '{name}' does not exist under the root{did}"
    if not within(root, loc.path):
        return None, "invalid_kb", f"knowledge base '{name}' resolves outside the root; refused"
    if loc.readme is None:
        return None, "no_readme", f"knowledge base '{name}' has no README.md, so it is not a KB"
    return _KB(loc, _rules(loc)), "", ""


def _refresh(kb: _KB, notes: list[str]) -> Ranker:
    kbi = get_index(kb.loc.name, kb.loc.path)
    report = kbi.refresh(kb.rules)
    _report_notes(report, notes)
    return Ranker(kbi, kb.rules)


def _report_notes(report: IndexReport, notes: list[str]) -> None:
    if report.rebuilt and report.rebuilt not in ("no index yet", "requested"):
        notes.append(f"index of '{report.kb}' rebuilt: {report.rebuilt}")
    if report.skipped:
        sample = "; ".join(f"{p} ({r})" for p, r in sorted(report.skipped.items())[:3])
        more = f" and {len(report.skipped) - 3} more" if len(report.skipped) > 3 else ""
        notes.append(f"'{report.kb}' skipped {len(report.skipped)} file(s): {sample}{more}")


def make_hit(kb: str, f: FileMatch) -> Hit:
    """The public hit of a ranked file: stored fields, snippet, score and why it matched."""
    st = f.fields()
    text = str(st.get("text") or "")
    start, end = st.get("lines") or (1, 1)
    why = []
    if f.title > 0:
        why.append("name/title match")
    if f.emphasized:
        why.append("emphasized folder")
    why.append(f"{len(f.matched_terms)} of {len(f.matched_terms) + len(f.missing_terms)} keywords")
    return Hit(
        kb=kb,
        path=f.path,
        title=str(st.get("title") or ""),
        heading_path=tuple(st.get("hpath") or ()),
        line_start=int(start),
        line_end=int(end),
        snippet=make_snippet(text, f.best.terms),
        score=round(f.score, 4),
        matched_terms=tuple(f.matched_terms),
        missing_terms=tuple(f.missing_terms),
        role=str(st.get("role") or "document"),
        kind=str(st.get("kind") or "text"),
        content=text,
        why=", ".join(why),
    )


@with_progress
def search(
    query: str,
    kb: str | Sequence[str] | None = None,
    *,
    root: str | os.PathLike[str] | None = None,
    top_k: int = DEFAULT_TOP_K,
    score_threshold: float = DEFAULT_THRESHOLD,
    progress: bool | None = None,
) -> SearchResult:
    """Answer ``query`` from the local knowledge bases.

    :param query: the question, in English or Chinese; keywords, identifiers and error codes work.
    :param kb: a KB name (or ``KnowledgeBase/<name>/``), a list of names to search and merge, or
        None to choose the best-matching KB.
    :param root: the KnowledgeBase folder; default: ``$KNOWLEDGE_BASE_ROOT``, else a
        ``KnowledgeBase/`` folder in the working directory or a parent.
    :param top_k: at most this many hits, one per file.
    :param score_threshold: hits scoring below this (0..1) are dropped.
    :param progress: a progress bar while an index is built (after a second): None shows it in
        a terminal or notebook only, False never.

    Every search first brings the KB's index up to date with the files on disk.
    """
    query = check_args(query, top_k, score_threshold)
    threshold = float(score_threshold)
    refs: list[str] | None
    if kb is None:
        refs = None
    elif isinstance(kb, str):
        refs = [kb]
    elif isinstance(kb, Sequence) and all(isinstance(k, str) for k in kb):
        refs = list(dict.fromkeys(kb))
        if not refs:
            raise InvalidArgumentError(
                "empty list of knowledge bases", hint="pass None to let the library choose"
            )
    else:
        raise InvalidArgumentError(
            f"kb must be a name, a list of names or None, not {kb!r}",
            hint="e.g. kb='payments' or kb=['payments', 'glossary']",
        )
    if refs:
        for r in refs:
            check_name(r)
    q = analyze_query(query)
    notes: list[str] = []
    root_path = find_root(root)
    if root_path is None:
        where = f"'{root}'" if root is not None else "the working directory or its parents"
        notes.append(f"no KnowledgeBase folder found in {where}")
        return _not_found(q, "no_root", notes)
    locs = {loc.name: loc for loc in list_locations(root_path)}
    usable = {
        n: loc for n, loc in locs.items() if loc.readme is not None and within(root_path, loc.path)
    }
    if refs is None and not usable:
        notes.append(f"no knowledge base (a folder with a README.md) under {root_path.name}/")
        return _not_found(q, "no_kbs", notes)

    kbs: list[_KB] = []
    why = ""
    if refs is not None:
        first_reason = ""
        for ref in refs:
            got, reason, note = _resolve(root_path, locs, ref)
            if got is None:
                notes.append(note)
                first_reason = first_reason or reason
            else:
                kbs.append(got)
        if not kbs:
            return _not_found(q, first_reason, notes, kb=normalize_kb_ref(refs[0]))
        outcomes = {k.loc.name: _refresh(k, notes).rank(q, top_k * 3) for k in kbs}
    else:
        cands = [_KB(loc, _rules(loc)) for loc in usable.values()]
        # every KB is searched for evidence; only the chosen ones' index notes are reported
        kb_notes: dict[str, list[str]] = {k.loc.name: [] for k in cands}
        outcomes = {k.loc.name: _refresh(k, kb_notes[k.loc.name]).rank(q, top_k * 3) for k in cands}
        script = cjk_script(q.text)
        choices = [
            Choice(
                k.loc.name,
                readme_overlap(q, k.loc.name, k.rules),
                outcomes[k.loc.name].files[0].score if outcomes[k.loc.name].files else 0.0,
                same_script(script, k.loc.name, k.rules),
            )
            for k in cands
        ]
        chosen, why = pick(choices, threshold)
        names = {c.name for c in chosen}
        kbs = [k for k in cands if k.loc.name in names]
        kbs.sort(key=lambda k: [c.name for c in chosen].index(k.loc.name))
        outcomes = {n: o for n, o in outcomes.items() if n in names}
        notes.append(why)
        for k in kbs:
            notes.extend(kb_notes[k.loc.name])

    kb_names = tuple(k.loc.name for k in kbs)
    for name, o in outcomes.items():
        if o.did_you_mean:
            dym = ", ".join(f"{a} → {b}" for a, b in o.did_you_mean.items())
            notes.append(f"did you mean: {dym} (in '{name}')")
    matches = sorted(
        ((name, f) for name, o in outcomes.items() for f in o.files),
        key=lambda x: x[1].score,
        reverse=True,
    )
    if not matches:
        kw = ", ".join(k.text for k in q.keywords) or q.text
        notes.append(f"no document in {', '.join(kb_names)} matches the keywords: {kw}")
        _suggest_other_kbs(q, usable, kb_names, notes)
        return _not_found(q, "no_match", notes, kb=kb_names[0], kbs=kb_names)
    kept = [(n, f) for n, f in matches if f.score >= threshold][:top_k]
    if not kept:
        best_n, best = matches[0]
        notes.append(
            f"best match {best_n}/{best.path} scored {best.score:.2f}, below the threshold "
            f"{threshold:.2f}; it matched only: {', '.join(best.matched_terms) or 'weak terms'}"
        )
        _suggest_other_kbs(q, usable, kb_names, notes)
        return _not_found(q, "below_threshold", notes, kb=kb_names[0], kbs=kb_names)
    hits = [make_hit(n, f) for n, f in kept]
    missing = [k.text for k in q.keywords if all(k.text in h.missing_terms for h in hits)]
    sources = tuple({"kb": h.kb, "path": h.path, "role": h.role} for h in hits)
    return SearchResult(
        query=q.text,
        found=True,
        kb=kb_names[0],
        kbs=kb_names,
        hits=tuple(hits),
        message=f"{len(hits)} relevant document(s) found in {', '.join(kb_names)}."
        if q.lang == "en"
        else f"在本地知识库 {'、'.join(kb_names)} 中找到 {len(hits)} 个相关文档。",
        reason=None,
        notes=tuple(notes),
        answer=compose_answer(q.lang, hits, missing),
        sources=sources,
        lang=q.lang,
    )


def _suggest_other_kbs(
    q: Query, usable: dict[str, KBLocation], searched: Sequence[str], notes: list[str]
) -> None:
    others = []
    for name, loc in usable.items():
        if name in searched:
            continue
        ov = readme_overlap(q, name, _rules(loc))
        if ov > 0:
            others.append((ov, name))
    if others:
        others.sort(reverse=True)
        notes.append(
            "other knowledge bases that may cover it: " + ", ".join(n for _o, n in others[:3])
        )
    notes.append("try other keywords: an error code, enum name, API path or config key")


def list_kbs(root: str | os.PathLike[str] | None = None, *, refresh: bool = False) -> KBList:
    """The knowledge bases under the root (folders with a README.md), sorted by name.

    :param refresh: also bring each index up to date and report document counts and skips.
    """
    root_path = find_root(root)
    if root_path is None:
        return KBList()
    out: list[KBInfo] = []
    for loc in list_locations(root_path):
        if loc.readme is None or not within(root_path, loc.path):
            continue
        rules = _rules(loc)
        count: int | None = None
        skipped: tuple[tuple[str, str], ...] = ()
        if refresh:
            report = get_index(loc.name, loc.path).refresh(rules)
            count = report.files
            skipped = tuple(sorted(report.skipped.items()))
        out.append(
            KBInfo(
                name=loc.name,
                description=rules.description,
                keywords=rules.keywords,
                languages=rules.languages,
                path=str(loc.path),
                rules=rules,
                doc_count=count,
                skipped=skipped,
            )
        )
    return KBList(out)


@with_progress
def index_kb(
    kb: str,
    *,
    root: str | os.PathLike[str] | None = None,
    rebuild: bool = False,
    progress: bool | None = None,
) -> IndexReport:
    """Bring one KB's index up to date (or rebuild it) and report what changed; ``progress`` as
    for :func:`search`."""
    root_path = find_root(root)
    if root_path is None:
        raise KBNotFoundError(kb, reason="no KnowledgeBase root found")
    locs = {loc.name: loc for loc in list_locations(root_path)}
    got, _reason, note = _resolve(root_path, locs, kb)
    if got is None:
        raise KBNotFoundError(kb, suggest(normalize_kb_ref(kb), sorted(locs)), reason=note)
    return get_index(got.loc.name, got.loc.path).refresh(got.rules, rebuild=rebuild)
