"""How common a word is in general English or Chinese: wordfreq's Zipf scale, read lazily.

The frequencies are wordfreq's own ``small`` lists (its data files, read directly: importing
``wordfreq`` itself loads ftfy, regex and langcodes, a third of a second a process, and its
Chinese lookups build a second jieba dictionary). A list is loaded only when a query has a word
its knowledge base lacks, and kept for the life of the process.

Zipf: log10 of a word's frequency per billion words; 7 is "the", 5 "happens", 3 "refund".
"""

from __future__ import annotations

import functools
import gzip
import importlib.util
import logging
import math
import threading
from pathlib import Path

log = logging.getLogger(__name__)

_LOCK = threading.Lock()
_LISTS: dict[str, dict[str, float]] = {}


def _data_file(lang: str) -> Path | None:
    spec = importlib.util.find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / f"small_{lang}.msgpack.gz"
    return path if path.is_file() else None


def _load(lang: str) -> dict[str, float]:
    """word -> Zipf value of wordfreq's small list for ``lang`` (empty when unavailable)."""
    import msgpack

    path = _data_file(lang)
    if path is None:
        log.info("wordfreq's %s list is not installed; general frequencies unknown", lang)
        return {}
    with gzip.open(path, "rb") as fh:
        data = msgpack.load(fh, raw=False)
    # wordfreq's cBpack format: a header, then buckets of words; bucket i holds the words of
    # frequency 10 ** (-i / 100), i.e. Zipf 9 - i / 100
    out: dict[str, float] = {}
    for i, bucket in enumerate(data[1:]):
        z = round(9.0 - i / 100.0, 2)
        for w in bucket:
            out.setdefault(w, z)
    return out


INFERRED_BREAK = 1.0
"""What each word break a Chinese word is read with costs it (Zipf, i.e. a factor of 10):
wordfreq's own rule for text its segmenter cut (``INFERRED_SPACE_FACTOR``)."""


def zipf(word: str, lang: str) -> float:
    """The Zipf frequency of ``word`` (lower case; Simplified for Chinese), 0 when unlisted.

    A Chinese word the list lacks is read as wordfreq reads text: cut into words the list has
    (jieba's, else its characters), their frequencies joined as wordfreq joins them (1/f = Σ 1/fᵢ) and each
    inferred break costing :data:`INFERRED_BREAK` (最多 of 最 and 多: a common word wordfreq's
    segmenter never keeps whole)."""
    got = listed(word, lang)
    if got or lang != "zh" or len(word) < 2:
        return got
    from .analysis import jieba_cut

    tokens: list[str] = []
    for piece in jieba_cut(word):
        tokens += [piece] if listed(piece, lang) or len(piece) == 1 else list(piece)
    if len(tokens) < 2:
        return 0.0
    freqs = [10.0 ** (listed(t, lang) - 9.0) for t in tokens]
    if not all(z > 1e-9 for z in freqs):
        return 0.0
    joined = 1.0 / sum(1.0 / f for f in freqs)
    return round(math.log10(joined) + 9.0 - INFERRED_BREAK * (len(tokens) - 1), 2)


def listed(word: str, lang: str) -> float:
    """The Zipf value of ``word`` in ``lang``'s list, 0 when unlisted (a Chinese word the list
    lacks is not read in pieces, as :func:`zipf` reads it: 申抱 is no word of the language)."""
    table = _LISTS.get(lang)
    if table is None:
        with _LOCK:
            table = _LISTS.get(lang)
            if table is None:
                try:
                    table = _load(lang)
                except Exception as exc:  # noqa: BLE001 - a broken data file: frequencies unknown
                    log.warning("cannot read wordfreq's %s list: %r", lang, exc)
                    table = {}
                _LISTS[lang] = table
    return table.get(word.lower(), 0.0)


@functools.lru_cache(maxsize=8)
def most_common(lang: str, n: int, skip: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The ``n`` most common words of ``lang``'s list made of 3+ ASCII letters, ``skip`` left out
    (for ``en``: the words that show a text is English prose); worked out once per process."""
    zipf("", lang)  # loads the list
    table = _LISTS.get(lang) or {}
    ranked = sorted(table.items(), key=lambda wz: -wz[1])
    out = [w for w, _z in ranked if len(w) >= 3 and w.isascii() and w.isalpha() and w not in skip]
    return tuple(out[:n])
