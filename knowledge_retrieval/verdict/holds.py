"""The one place a hit is held under the line whatever the model says (:func:`decide`): what
the question and the KB's vocabulary rule out for every file (an identifier the KB has nowhere,
a question it knows too little of, a file that stands on one word read as another), whether a
section gives the kind of value the question asks for, and, across KBs, which of those holds
one KB's hits only because of another (:func:`release`). Each rule is an entry of
:data:`HOLDS`, gathered with the others in :mod:`.ruler`."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

import numpy as np

from ..index.reading import SectionReader
from ..ranking.candidates import Candidates
from ..ranking.features import FEATURES
from ..ranking.identifiers import is_identifier
from ..ranking.matches import FileMatch, RankOutcome, SectionMatch
from ..ranking.query import Keyword, Query
from ..ranking.vocabulary import Known, commonness
from ..ruler import Ruler
from ..text.analysis import has_cjk, index_terms
from ..text.asked import (
    Counted,
    Kind,
    asked_count,
    asked_kind,
    asked_second,
    asking_words,
    holds_count,
    holds_kind,
)
from . import confidence
from .answer import nested_units, units
from .scale import HELD

MAX_KIND_CHECKS = 6
"""Sections of a file read for the kind of value a question asks for, when its best lacks it."""
KIND_COMMON = 0.5
"""A keyword at least this common (:func:`..ranking.vocabulary.commonness`: half way from a name
to the commonest words) need not be in the section that gives the asked value."""
PARTY_KINDS = frozenset({"phone", "address", "link", "account"})
"""Kinds of value that belong to a party (a person, a firm, a desk): what the value is of is the
question's specific words for the party where it has any, not its common words."""
OUTSIDE_KEYWORDS, OUTSIDE_SHARE = 3, 1 / 3
KEY = re.compile(r"[a-z][a-z0-9]*+(?:[._][a-z0-9]++)++")
"""A setting's key (words joined by dots or underscores): the number beside it is what it
counts, with no measure word ("pos.receipt.copies 要設幾份": ``copies: 2``)."""


@dataclass(frozen=True, slots=True)
class QuestionRules:
    """The rules of one question over one KB; :meth:`held` applies them to a file. A hold is
    kept only where the KB lacks the subject; everything else the question and the KB say of
    each other is evidence the model weighs (:mod:`..ranking.features`)."""

    keywords: Sequence[Keyword]
    absent_identifier: bool
    """The question has an identifier the KB has nowhere."""
    corrected: tuple[int, ...]
    """Rows of the keywords the KB has only as a correction of their spelling that is more
    than one edit of the word as written (two for 8+ letters): a correction made on a stem
    ("redis" read as the "Red" of WD Red), not a misspelling of the page's word (pasword)."""
    outside: bool
    """The KB knows at most a third of a question of three or more keywords (Kubernetes cluster
    upgrade schedule, of a KB that knows only schedule): it is about something else."""
    gloss: bool
    """The words the KB has never seen are all Chinese: beside an identifier of the question a
    file has whole, they gloss it (超卖 of INV_OVERSOLD, 最低消費 of PROMO_HOLIDAY20 in an
    English KB) rather than name another subject."""
    id_rows: tuple[int, ...]
    """Rows of the question's identifiers."""
    distinct: tuple[int, ...] = ()
    """Rows of the keywords the KB knows that are names or terms of a domain, not common words
    of the language (:func:`..ranking.vocabulary.commonness` under :data:`KIND_COMMON`)."""

    @classmethod
    def of(cls, text: str, keywords: Sequence[Keyword], vocab: Known) -> QuestionRules:
        share = vocab.share
        unknown = [k for k in keywords if not share.get(k.text)]
        return cls(
            keywords=keywords,
            absent_identifier=bool(vocab.absent_ids),
            corrected=tuple(
                i
                for i, k in enumerate(keywords)
                if k.text in vocab.did_you_mean and _far(k.text, vocab.did_you_mean[k.text])
            ),
            outside=len(keywords) >= OUTSIDE_KEYWORDS
            and sum(share.values()) <= len(keywords) * OUTSIDE_SHARE,
            gloss=bool(unknown) and all(has_cjk(k.text) for k in unknown),
            id_rows=tuple(i for i, k in enumerate(keywords) if is_identifier(k)),
            distinct=tuple(
                i
                for i, k in enumerate(keywords)
                if share.get(k.text)
                and commonness(k, text) < KIND_COMMON
                and not k.text.isdigit()  # a year or a count names no subject
            ),
        )

    def held(self, cov: np.ndarray, own: np.ndarray) -> tuple[str, ...]:
        """The rules that hold a file under the line, given its coverage of each keyword with
        and without the words read in for misspelt ones (``own``): one word per rule."""
        weighed = confidence.model().weighed
        return tuple(
            r.name
            for r in HOLDS.active()
            if r.fn is not None and r.name not in weighed and r.fn(self, cov, own)
        )

    def glossed(self, cov: np.ndarray) -> bool:
        """Whether the file has an identifier of the question whole that the words the KB
        never uses gloss (:attr:`gloss`)."""
        return self.gloss and any(cov[i] >= 1.0 for i in self.id_rows)


def _far(asked: str, page: str) -> bool:
    """Whether the page's word is more edits from the word as written than a misspelling of
    it would be (one, two for a word of 8+ letters)."""
    from rapidfuzz.distance import OSA

    return OSA.distance(asked.lower(), page.lower()) > (2 if len(asked) >= 8 else 1)


HoldFn = Callable[["QuestionRules", np.ndarray, np.ndarray], bool]
"""A hold of one file: the question's rules and the file's coverage of each keyword (with and
without spelling corrections) -> held."""
HOLDS: Ruler[HoldFn] = Ruler("hold", "verdict.holds")
"""The holds, in the order they are checked: per file before the model, and across KBs the
release of the first."""


@HOLDS.push(
    "absent_identifier",
    "the question has an identifier (code, key, path, version token) the KB "
    "has nowhere, whole or as the leading run of one it has",
)
def _absent_identifier(rules: QuestionRules, cov: np.ndarray, own: np.ndarray) -> bool:
    return rules.absent_identifier


@HOLDS.push(
    "outside",
    "the KB knows at most a third of a question of three or more keywords, and the file "
    "has none of them that is a name or a term of its domain",
)
def _outside(rules: QuestionRules, cov: np.ndarray, own: np.ndarray) -> bool:
    return (
        rules.outside
        and not rules.glossed(cov)
        and not any(cov[i] >= 1.0 for i in rules.distinct)  # its subject is in the file
    )


@HOLDS.push(
    "spelling_only",
    "the one keyword the file has is a word read as another the KB has, further "
    'from it than a misspelling ("redis" as the "Red" of WD Red): a guess, not evidence',
)
def _spelling_only(rules: QuestionRules, cov: np.ndarray, own: np.ndarray) -> bool:
    has = np.flatnonzero(cov >= 0.5)
    return len(has) == 1 and int(has[0]) in rules.corrected and own[int(has[0])] < 0.5


HOLDS.switch(
    "asked_kind",
    "the question asks for a kind of value (a duration, a date, a number ...) "
    "that no section of the file holding its keywords gives, and not only in a second ask",
)
HOLDS.switch(
    "absent_only_where_searched",
    "searching several KBs, an identifier absent from one but present in "
    "another does not hold the first KB's hits",
)


def asked_with_corrections(text: str, asks: Kind | None, corrected: dict[str, str]) -> Kind | None:
    """The kind of value asked, read again with the KB's corrections of misspelt words in
    place: "how many sedonds" asks for a duration, as "how many seconds" does."""
    if not corrected:
        return asks
    for wrong, right in corrected.items():
        text = re.sub(rf"(?<!\w){re.escape(wrong)}(?!\w)", right, text, flags=re.IGNORECASE)
    return asked_kind(text)


def section_with_kind(
    reader: SectionReader,
    cands: Candidates,
    fi: int,
    best: int,
    kind: Kind,
    found: Sequence[Keyword],
    alias: dict[str, str],
    common: np.ndarray | None = None,
    counted: Counted | None = None,
    ids: np.ndarray | None = None,
) -> int | None:
    """A candidate section of file ``fi`` other than ``best`` that has every keyword the best
    section has, as fully, and gives a value of the kind asked for (:func:`gives_kind`); the
    highest scoring of the first :data:`MAX_KIND_CHECKS`. Keywords that are ``common`` words
    of the language (checked, 检查) need not be there: the value is the entity's, and a table
    of intervals names the tower flange, not that it is checked; where the question names an
    identifier the file has (``ids``: rows of the keywords), a section that names it is enough."""
    need = cands.sec_cov[:, best]
    if common is not None:
        need = np.where(common, 0.0, need)
    if ids is not None and ids.any():  # its own section answers for an identifier
        need = np.where(ids, need, 0.0)  # ("`WO-CMP` 住戶 3 日內冇回覆" beside its table row)
    others = [
        int(i)
        for i in np.flatnonzero(cands.group == fi)
        if i != best and (cands.sec_cov[:, i] >= need).all()
    ]
    others.sort(key=lambda i: -float(cands.sec_score[i]))
    for i in others[:MAX_KIND_CHECKS]:
        st = reader.stored_fields(int(cands.docs[i]))
        text, hpath = str(st.get("text") or ""), about(st)
        row = st.get("kind") == "table"
        if gives_kind(
            kind, text, hpath, found, alias, row=row, counted=counted, nested=is_data(st)
        ):
            return i
    return None


DATA_SUFFIXES = (".yaml", ".yml", ".json")


def is_data(stored: Mapping[str, Any]) -> bool:
    """Whether a section is a data file's text (YAML, JSON): its values are about the keys they
    are nested under (:func:`.answer.nested_units`)."""
    return stored.get("kind") != "table" and str(stored.get("path") or "").endswith(DATA_SUFFIXES)


def about(stored: Mapping[str, Any]) -> tuple[str, ...]:
    """What a section is about, as its stored fields name it: its headings, and the name of
    its file (`gongyingshang/hanyuan-huajiao.md` is about hanyuan, whatever its text calls it)."""
    stem = PurePosixPath(str(stored.get("path") or "")).stem
    return (*(stored.get("hpath") or ()), stem)


def gives_kind(
    kind: Kind,
    text: str,
    heading_path: Sequence[str],
    found: Sequence[Keyword],
    alias: dict[str, str],
    *,
    row: bool = False,
    counted: Counted | None = None,
    nested: bool = False,
) -> bool:
    """Whether a section gives a value of the kind asked for about what was asked: a
    paragraph, list item or table row that holds such a value and, with the headings above it,
    at least half of the question's keywords the file has (``found``), or any such value under
    headings that name that much (``Default: 30`` under ``payment.timeout.seconds``). A
    runbook's support hotline is no answer to "the district manager's phone number". A section that is one table row (``row``)
    is about what any of its cells names, and one cell must give the value: ``code: DQ-305``
    names what ``default_threshold: 60 分钟`` gives. A question that counts a thing (``counted``:
    "how many wing walkers") is answered by a number of that thing, not any number."""

    if counted is not None and any(KEY.fullmatch(k.text) for k in found):
        counted = None  # a key names what its number counts: pos.receipt.copies: 2

    def holds(part: str) -> bool:
        if counted is not None:
            return holds_count(counted, part)
        return holds_kind(kind, part)

    if not holds(text):
        return False
    # a question about an identifier asks its value: "when was clinic.booking.max_days_ahead
    # last changed" is not answered by another key's block that says "Who may change"
    named = [k for k in found if is_identifier(k)] or list(found)

    def terms_of(part: str) -> set[str]:
        terms = set(index_terms(part))
        return terms | {alias[t] for t in terms if t in alias}

    above = terms_of(" ".join(heading_path))

    def names(part: str) -> bool:
        # a part names what was asked when it, with the headings above it, has at least half
        # of it: "what date does MV Loch Torran's January refit start" is not answered by a
        # page on the winter timetable that dates another sailing under the ship's heading
        terms = terms_of(part) | above
        return 2 * sum(k.coverage(terms) >= 0.5 for k in named) >= len(named)

    if not found or names(""):  # the headings alone name it
        return True
    if row and names(text):
        return counted is not None or any(holds(cell) for cell in text.splitlines())
    parts = nested_units(text) if nested else units(text, sentences=False)
    return any(holds(u) and names(u) for u in parts)


def decide(
    q: Query,
    vocab: Known,
    files: Sequence[FileMatch],
    x: np.ndarray,
    order: np.ndarray,
    best: np.ndarray,
    cands: Candidates,
    reader: SectionReader,
    section: Callable[[int], SectionMatch],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which of the ranked ``files`` (rank order, candidate files ``order``) are held under the
    line, and their (probability, published score): the question's rules per file's keyword
    coverage, then, for the files that would still reach the line, the kind of value asked.
    Sets each file's ``held`` and ``lacks`` (and moves its best section to one
    that gives the asked value where another does)."""
    keywords = vocab.keywords
    rules = QuestionRules.of(q.text, keywords, vocab)
    for f, fi in zip(files, order.tolist(), strict=True):
        f.held = rules.held(cands.file_cov[:, fi], cands.file_cov_direct[:, fi])
    never = np.array([bool(f.held) for f in files], dtype=bool).reshape(-1)
    prob, final = confidence.scores(x, never)
    asks = asked_with_corrections(q.text, q.asks, vocab.did_you_mean)
    if asks is None or not HOLDS.on("asked_kind"):
        return never, prob, final
    # the question asks for a kind of value (how long, 多久, phone number) the best section
    # does not hold: the entity is there, the asked fact is not. Every file says so; a file
    # the model would put above the cap is held there
    common = np.array([commonness(k, q.text) >= KIND_COMMON for k in keywords], dtype=bool)
    counted = asked_count(q.text) if asks == "number" else None
    named_id = np.array([is_identifier(k) for k in keywords], dtype=bool)
    second = asked_second(asks, q.text)  # a partial answer says what it lacks, and is not held
    words = asking_words(asks, q.text)
    asking = np.array([k.text.lower() in words for k in keywords], dtype=bool)
    # the words that ask for the kind ("幾號", "phone number") need not be in another section
    # that gives the value, as common words need not
    common |= asking
    for j, f in enumerate(files):
        fi = int(order[j])
        has = cands.file_cov[:, fi] >= 0.5
        # what the value is of: the found keywords but those that ask for its kind ("funmi
        # phone number": a unit must name funmi, not only "phone")
        if (has & ~asking).any():
            has &= ~asking
        # a party's phone or address is in a unit that names the party by its own words, where
        # the question has any: "board director Cal Doss" is not named by "Board of directors"
        if asks in PARTY_KINDS and (has & ~common).any():
            has &= ~common
        found = [k for i, k in enumerate(keywords) if has[i]]
        ids = named_id & (cands.file_cov[:, fi] >= 1.0)
        text, st = f.answer_section()[0], f.fields()
        row = st.get("kind") == "table"
        nested = is_data(st)
        if gives_kind(
            asks, text, about(st), found, vocab.alias, row=row, counted=counted, nested=nested
        ):
            continue
        # another section of the file with the keywords the best one has may hold the value
        # (the 时间 section of a runbook, beside a 注意 section that names the task)
        other = section_with_kind(
            reader, cands, fi, int(best[fi]), asks, found, vocab.alias, common, counted, ids
        )
        if other is not None:
            f.best = section(other)
            f.stored, f.shown = {}, None
            continue
        f.lacks = counted.lacked if counted is not None else asks
        x[j, FEATURES.index("lacks_kind")] = 1.0
        if final[j] > HELD and "asked_kind" not in confidence.model().weighed and not second:
            f.held = (*f.held, "asked_kind")
            never[j] = True
    if any(f.lacks for f in files):  # weighed too, where no rule holds the file
        prob, final = confidence.scores(x, never)
    return never, prob, final


def release(files: Sequence[FileMatch]) -> None:
    """Lift the absent-identifier hold from ranked files (rank order) that match a keyword,
    when another KB searched with them has the identifier: their score becomes the map of
    their probability again, still never rising down the list (a file another rule holds
    stays under)."""
    if not HOLDS.on("absent_only_where_searched"):
        return
    prev = 1.0
    for f in files:
        f.held = tuple(h for h in f.held if h != "absent_identifier")
        if f.capped and f.whole_terms and not f.held:
            f.score = float(confidence.to_score(np.array([f.probability]))[0])
            f.capped = False
        f.score = min(f.score, prev)
        prev = f.score


def judge(o: RankOutcome) -> RankOutcome:
    """The verdict on one KB's ranked files: each file's probability, published score and the
    holds on it, from the evidence the ranking measured (:func:`decide`)."""
    ev = o.evidence
    if ev is None or not o.files:
        return o
    never, prob, final = decide(
        ev.query, ev.vocab, o.files, ev.x, ev.order, ev.best, ev.cands, ev.reader, ev.section
    )
    for j, f in enumerate(o.files):
        f.score = float(final[j])
        f.probability = float(prob[j])
        f.capped = bool(never[j])
    return o
