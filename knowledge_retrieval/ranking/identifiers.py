"""Identifiers in a question and in a KB: which keywords must be matched whole (codes, keys,
paths, versions, short codes of a KB's series, capitals in a Chinese question), whether the KB
has them, and the KB's identifiers nearest to one it lacks (the did-you-mean)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..index.termstats import TermStats
from ..text.analysis import has_cjk, is_mixed_identifier, to_simplified
from .query import Keyword, Query
from .written import original_spelling

ID_SEPARATORS = "_.-/:"


def is_code(text: str) -> bool:
    """A code of letters and digits (``E1023``, ``BF0301``): a letter first, 4+ characters."""
    return (
        len(text) >= 4
        and text[0].isalpha()
        and text.isascii()
        and text.isalnum()
        and any(c.isdigit() for c in text)
    )


CODED = re.compile(r"[\d_./-]")
"""What makes an identifier a code, key or path rather than a camelCase name."""


def is_identifier(k: Keyword) -> bool:
    """An identifier that must be matched whole: ``ORDER_STATUS_X``, ``a.b.c``, ``PAY-1234``,
    ``/api/v2/...``, camelCase, a code such as ``E1023``, a class code ``M3-數A`` (not prose
    compounds such as ``loss-of-function``)."""
    if has_cjk(k.text) and not is_mixed_identifier(k.text):
        return False
    return (bool(k.whole) and k.part_credit < 1.0) or (not k.whole and is_code(k.text))


_SHORT_CODE = re.compile(r"([A-Za-z]{1,2})(\d{1,2})")
"""A code too short to be one by its shape alone (L5, M03, P3): letters, then digits."""
_LETTERED = re.compile(r"(.*[\d_./:-])([A-Za-z])")
"""A code that ends in one letter after a digit or a joiner (18B, P-D, M3-数C): its series is
its letters, A first (18A, 18C beside 18B)."""
SERIES = 2
"""Codes of the same letters and as many digits a KB must have for a short code it lacks to be
one of its codes (L1 and L2 make L5 one); of a lettered code, its A alone (18A makes 18B one)."""


def series_of(stats: TermStats, text: str) -> list[str]:
    """The KB's codes of the same letters and as many digits as a short code, nearest number
    first (L4, L3, L2, L1 for L5); or of the same lead and another letter, nearest letter first
    (18C, 18A for 18B), when the KB writes that series' first (18A); [] for no short code."""
    m = _SHORT_CODE.fullmatch(text)
    if m is not None:
        letters, digits = m.group(1).lower(), m.group(2)
        width, at = len(digits), int(digits)
        near = sorted(range(10**width), key=lambda n: (abs(n - at), n))
        return [
            f"{letters}{n:0{width}d}"
            for n in near
            if n != at and stats.known(f"{letters}{n:0{width}d}")
        ]
    m = _LETTERED.fullmatch(to_simplified(text.lower()))
    if m is None or not any(c.isalnum() for c in m.group(1)):
        return []
    lead, letter = m.group(1), m.group(2)
    n = len(lead)
    members = {
        t[n]
        for f in ("body", "title", "heading")
        for t in stats.vocabulary(f, lead, every=True)
        if len(t) == n + 1 and t[n].isascii() and t[n].isalpha() and t[n] != letter
    }
    if "a" not in members:  # a series starts at A: 36V beside 12V and 36W is none
        return []
    return [lead + c for c in sorted(members, key=lambda c: (abs(ord(c) - ord(letter)), c))]


def missing_from_a_series(stats: TermStats, k: Keyword) -> bool:
    """A short code the KB does not have, of a series it has: L5 where it writes L1 to L4,
    M03 beside M01 and M02, 18B beside 18A and 18C, P-D beside P-A to P-C (the KB's own codes
    make it one; alone, L5 may be anything)."""
    term = k.whole or k.text.lower()
    if (has_cjk(k.text) and not is_mixed_identifier(k.text)) or stats.known(term):
        return False
    lettered = _SHORT_CODE.fullmatch(k.text) is None  # 18B: the KB's 18A makes it one
    return len(series_of(stats, k.text)) >= (1 if lettered else SERIES)


LETTER_CODE = re.compile(r"[A-Z]{1,3}")
"""Capitals alone in a Chinese question (等級E, 代碼 DQ, R字头): a code, which a KB that has no
such term lacks (it is no English word the KB may write in its own words)."""


CAPITALS = re.compile(r"[A-Z]{3,}")
"""Capitals alone, three or more, in a question that writes in lower case too (status
WAITLIST, 状态REFUND, a CTAS score): a code or the name of a thing, not a word typed in capitals
for emphasis, so a KB that has no such term lacks it."""
_LOWER = re.compile(r"[a-z]")


def letter_code(k: Keyword, q: Query) -> bool:
    """The keyword is a code of capitals (:data:`LETTER_CODE` in a Chinese question,
    :data:`CAPITALS` in one that has Chinese or lower case beside it)."""
    if LETTER_CODE.fullmatch(k.text) is not None and has_cjk(q.text):
        return True
    return CAPITALS.fullmatch(k.text) is not None and (
        has_cjk(q.text) or _LOWER.search(q.text) is not None
    )


VERSION_TOKEN = re.compile(r"v\d+(?:\.\d+)*", re.IGNORECASE)
"""A version named as a token (v3, v2.1): an API or release a KB that never writes it lacks,
as it lacks an identifier (it proves nothing more than a word where the KB has it)."""


def has_identifier(stats: TermStats, k: Keyword) -> bool:
    """The KB has the identifier whole, or as the leading run of a longer one it has
    (``ORDER_STATUS`` of ``ORDER_STATUS_PAID``)."""
    term = k.whole or k.parts[0]
    return stats.known(term) or bool(longer_identifiers(stats, term, 1))


def longer_identifiers(stats: TermStats, term: str, limit: int) -> list[str]:
    """Up to ``limit`` of the KB's identifiers that ``term`` is the leading run of (``MT-24-118``
    of ``MT-24``), in the order of its vocabulary."""
    n = len(term)
    out: list[str] = []
    for f in ("body", "title", "heading"):
        for t in stats.vocabulary(f, term, every=True):
            if t.startswith(term) and len(t) > n and t[n] in ID_SEPARATORS and t not in out:
                out.append(t)
                if len(out) >= limit:
                    return out
    return out


def nearest_identifiers(
    stats: TermStats,
    text: str,
    limit: int = 3,
    *,
    by_shape: bool = True,
    beside: Sequence[int] = (),
) -> list[str]:
    """Identifiers of this KB nearest to one it lacks, as the KB writes them
    (``ORDER_STATUS_ARCHIVED`` -> ``ORDER_STATUS_PAID``, ...); ``by_shape``: where none shares
    its lead, those of the same shape (``B1-05-A`` for ``B2-14-D``). A code of capitals
    (:data:`LETTER_CODE`) has for near ones the codes of as many capitals the sections
    ``beside`` write (the best sections of the question's other words: 等級 A to D for E)."""
    from rapidfuzz import fuzz, process

    if series := series_of(stats, text):  # L5: L4, L3 ...
        return [original_spelling(stats, t) for t in series[:limit]]
    if LETTER_CODE.fullmatch(text):
        return _capitals_beside(stats, text, beside)[:limit]
    whole = to_simplified(text.lower().strip("/"))
    # the longest leading run of pieces the KB's identifiers share (imgr.ccd. of
    # imgr.ccd.dark_current_limit, then imgr.), then the first two letters, then the first
    runs = [whole[: i + 1] for i in range(len(whole) - 1, 0, -1) if whole[i] in ID_SEPARATORS]
    cands: list[str] = []
    cutoff = 0.0  # identifiers that share a leading run are all near ones (the first two
    for prefix in dict.fromkeys([*runs, whole[:2], whole[:1]]):  # letters of one piece too)
        cutoff = 0.0 if prefix in runs or (not runs and len(prefix) > 1) else 60.0
        cands = [
            t
            for f in ("body", "heading", "title")
            for t in stats.vocabulary(f, prefix, every=True)
            if (any(c in t for c in ID_SEPARATORS) or is_code(t)) and t != whole
        ]
        if cands and process.extractOne(whole, cands, scorer=fuzz.ratio, score_cutoff=cutoff):
            break
        cands = []
    if not cands and by_shape:
        # the KB's identifiers of the same shape (B1-05-A for B2-14-D, A-01 for D-05)
        cands = _same_shape(stats, whole)
        cutoff = 0.0
    # ties go to the nearer last number (FV-10 before FV-01 for FV-11), the shorter, then the
    # alphabetically first identifier (the same in every process: a set's order is not)
    got = process.extract(whole, set(cands), scorer=fuzz.ratio, limit=None, score_cutoff=cutoff)
    at = _last_number(whole)
    got.sort(
        key=lambda g: (
            -g[1],
            abs(_last_number(str(g[0])) - at) if at >= 0 else 0,
            len(str(g[0])),
            str(g[0]),
        )
    )
    return [original_spelling(stats, str(t)) for t, _s, _k in got[:limit]]


def _last_number(term: str) -> int:
    """The number a term ends in (11 of fv-11), or -1."""
    digits = min(18, len(term) - len(term.rstrip("0123456789")))  # a long run: its end
    return int(term[-digits:]) if digits else -1


def _capitals_beside(stats: TermStats, code: str, docs: Sequence[int]) -> list[str]:
    """Codes of as many capitals as ``code`` in the sections ``docs``, nearest letters first
    (D, C, B for E)."""
    found: set[str] = set()
    pattern = re.compile(rf"(?<![A-Za-z])[A-Z]{{{len(code)}}}(?![A-Za-z])")
    for d in docs:
        text = str(stats.reader.stored_fields(int(d)).get("text") or "")
        found.update(pattern.findall(text[:CAPITALS_SCAN_CHARS]))
    found.discard(code)

    def distance(c: str) -> tuple[int, str]:
        return sum(abs(ord(a) - ord(b)) for a, b in zip(c, code, strict=True)), c

    return sorted(found, key=distance)


CAPITALS_SCAN_CHARS = 20_000
"""How much of a section is read for codes of capitals."""
SHAPE_FIELD = "body"
"""The field whose identifiers are read for ones of the same shape as an absent one."""


def _shape(term: str) -> str:
    """A term's shape: each letter a, each digit 9, joiners and other characters as they are."""
    return "".join("9" if c.isdigit() else "a" if c.isascii() and c.isalpha() else c for c in term)


def _same_shape(stats: TermStats, whole: str) -> list[str]:
    """The KB's identifiers (with a joiner) of the same shape as ``whole``, led by a character
    of the same kind (a letter or a digit)."""
    if (
        not whole[:1].isascii()
        or not whole[:1].isalnum()
        or not any(c in whole for c in ID_SEPARATORS)
    ):
        return []
    shape = _shape(whole)
    leads = "0123456789" if whole[0].isdigit() else "abcdefghijklmnopqrstuvwxyz"
    return [
        t
        for lead in leads
        for t in stats.vocabulary(SHAPE_FIELD, lead)
        if len(t) == len(whole) and t != whole and _shape(t) == shape
    ]
