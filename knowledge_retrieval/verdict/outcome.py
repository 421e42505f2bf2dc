"""The one place a ``SearchResult`` is assembled: hits from ranked files, found or not found.

``search()`` (one KB or several, ranked together) and the memory search both end here, so
they share one threshold cut, one found sentence, one rule for the keywords no hit contains and
one answer.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .. import messages
from ..ranking.matches import FileMatch
from ..ranking.query import Query
from ..results import Hit, Reason, SearchResult, Source
from ..text.analysis import to_simplified
from ..text.asked import Kind
from . import confidence
from .answer import compose_answer
from .snippets import make_snippet


def make_hit(kb: str, f: FileMatch, *, explain: bool = False) -> Hit:
    """The public hit of a ranked file: stored fields, snippet, score and why it matched."""
    st = f.fields()
    text, start, end = f.answer_section()
    why = []
    if f.title > 0:
        why.append("name/title match")
    if f.emphasized:
        why.append("emphasized folder")
    if f.parts_only:
        why.append(f"0 of {len(f.missing_terms)} keywords, parts of them")
    else:
        n = len(f.matched_terms) + len(f.missing_terms)
        why.append(f"{len(f.matched_terms)} of {n} keywords")
    if f.found_by == "meaning":
        why.append("found by meaning")
    snippet = make_snippet(text, f.best.terms)
    return Hit(
        kb=kb,
        path=f.path,
        title=str(st.get("title") or ""),
        heading_path=tuple(st.get("hpath") or ()),
        line_start=start,
        line_end=end,
        snippet_text=snippet.text,
        spans=snippet.spans,
        score=round(f.score, 4),
        matched_terms=tuple(f.matched_terms),
        missing_terms=tuple(f.missing_terms),
        role=str(st.get("role") or "document"),
        kind=str(st.get("kind") or "text"),
        content=text,
        why=", ".join(why),
        missing_value=f.lacks,
        absent_identifiers=tuple(t for t in f.missing_terms if t in f.absent),
        via=f.found_by,
        explain=_explain(f) if explain else None,
    )


def _explain(f: FileMatch) -> dict[str, object] | None:
    """The hit's ``explain``: the lexical model's parts, and for a hit of the semantic layer its
    cosine and the line it is measured against."""
    out: dict[str, object] | None = None
    if f.features is not None:
        out = confidence.explain(f.features, f.probability, f.score, f.capped, f.lacks, f.held)
    if f.found_by == "meaning" and f.cosine is not None:
        out = dict(out or {"score": round(f.score, 4), "capped": f.capped})
        if f.held:
            out["held"] = list(f.held)
        out["found_by"] = "meaning"
        meaning: dict[str, object] = {"cosine": round(f.cosine, 4), "line": f.cosine_line}
        if f.glossed is not None:
            meaning["glossed"] = round(f.glossed, 4)
        out["meaning"] = meaning
    return out


def missing_keywords(hits: Sequence[Hit], known: Collection[str] = ()) -> list[str]:
    """The question's keywords that no returned hit contains and the KBs searched do not know
    (a word another page of the KB has is not "not found in the knowledge base"), in the
    question's order."""
    if not hits:
        return []
    return [
        t
        for t in hits[0].missing_terms
        if to_simplified(t) not in known and all(t in h.missing_terms for h in hits[1:])
    ]


def not_found(
    query: str,
    lang: str,
    reason: Reason,
    notes: Sequence[str],
    *,
    kb: str | None = None,
    kbs: Sequence[str] = (),
) -> SearchResult:
    """A result without hits: the reason code and the fixed sentence in the query's language."""
    return SearchResult(
        query=query,
        found=False,
        kb=kb,
        kbs=tuple(kbs),
        hits=(),
        message=messages.not_found(messages.result_lang(lang, query)),
        reason=reason,
        notes=tuple(notes),
        answer="",
        sources=(),
        lang=lang,
    )


def found(
    query: str,
    lang: str,
    hits: Sequence[Hit],
    notes: Sequence[str],
    *,
    kbs: Sequence[str],
    kb: str | None = None,
    where: Sequence[str] | None = None,
    notes_of_memory: bool = False,
    asks: Kind | None = None,
    known: Collection[str] = (),
) -> SearchResult:
    """A result with hits (best first): the found sentence, the answer and the sources.

    :param kb: the result's KB (default: the best hit's).
    :param where: the names the found sentence gives (default: the hits' KBs, best first).
    :param asks: the kind of value the question asks for (its answer puts that line first).
    :param known: keywords the KBs searched have somewhere (never listed as not found).
    """
    names = list(where) if where is not None else list(dict.fromkeys(h.kb for h in hits))
    mlang = messages.result_lang(lang, query)
    return SearchResult(
        query=query,
        found=True,
        kb=kb or hits[0].kb,
        kbs=tuple(kbs),
        hits=tuple(hits),
        message=messages.found(mlang, len(hits), names, notes=notes_of_memory),
        reason=None,
        notes=tuple(notes),
        answer=compose_answer(mlang, list(hits), missing_keywords(hits, known), asks),
        sources=tuple(Source(h.kb, h.path, h.role) for h in hits),
        lang=lang,
    )


def from_matches(
    q: Query,
    matches: Sequence[tuple[str, FileMatch]],
    notes: list[str],
    *,
    kbs: Sequence[str],
    threshold: float,
    top_k: int,
    kb: str | None = None,
    where: Sequence[str] | None = None,
    notes_of_memory: bool = False,
    explain: bool = False,
    known: Collection[str] = (),
) -> SearchResult:
    """Cut ranked files (``(kb, file)``, any order) at the threshold and ``top_k``.

    With nothing above the threshold the result is ``below_threshold`` with a note naming the
    best match; with nothing at all, ``no_match``.
    """
    ranked = sorted(matches, key=lambda m: m[1].score, reverse=True)
    first = kbs[0] if kbs else None
    if not ranked:
        return not_found(q.text, q.lang, "no_match", notes, kb=first, kbs=kbs)
    kept = [(n, f) for n, f in ranked if f.score >= threshold][:top_k]
    if not kept:
        best_n, best = ranked[0]
        what = "note" if notes_of_memory else "match"
        notes.append(
            f"best {what} {best_n}/{best.path} scored {best.score:.2f}, below the threshold "
            f"{threshold:.2f}; {_what_matched(best)}"
            + (
                f"; the parts of it that match give no {messages.value_kind(best.lacks)}, which the "
                f"question asks for"
                if best.lacks
                else ""
            )
        )
        return not_found(q.text, q.lang, "below_threshold", notes, kb=first, kbs=kbs)
    hits = [make_hit(n, f, explain=explain) for n, f in kept]
    if kb in kbs and kept[0][0] in kbs:
        kb = kept[0][0]  # of KBs searched together, the one the best hit comes from
    return found(
        q.text,
        q.lang,
        hits,
        notes,
        kbs=kbs,
        kb=kb,
        where=where,
        notes_of_memory=notes_of_memory,
        asks=q.asks,
        known=known,
    )


def _what_matched(best: FileMatch) -> str:
    """What of the question the best file under the line has, for its note."""
    if best.whole_terms:
        lacks = [t for t in best.missing_terms if t not in best.absent]
        return f"it matched only: {', '.join(best.matched_terms)}" + (
            f"; it does not have: {', '.join(lacks)}" if lacks else ""
        )
    if best.missing_terms:
        return f"it has no keyword whole, only parts of: {', '.join(best.missing_terms)}"
    return "it has none of the question's keywords"
