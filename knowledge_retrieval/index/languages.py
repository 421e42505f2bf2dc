"""The languages a KB's pages are written in, from a sample of its indexed sections."""

from __future__ import annotations

import threading
from typing import Any

from ..text.script import text_lang

SAMPLE = 2000
"""At most this many sections are read (evenly spread over the index)."""
MIN_SHARE = 0.1
"""A language of fewer sections than this share is not one of the KB's."""

_CACHE: dict[str, tuple[Any, tuple[str, ...]]] = {}
_LOCK = threading.Lock()


def page_languages(kbi: Any) -> tuple[str, ...]:
    """``("en",)``, ``("zh", "en")`` ...: the languages of a refreshed index's sections, most
    sections first; remembered until the index changes."""
    reader = kbi.reader()
    token = kbi.generation_token
    with _LOCK:
        got = _CACHE.get(str(kbi.dir))
    if got is not None and got[0] == token:
        return got[1]
    n = reader.doc_count_all()
    step = max(1, n // SAMPLE)
    counts: dict[str, int] = {}
    for d in range(0, n, step):
        if reader.is_deleted(d):
            continue
        st = reader.stored_fields(d)
        lang = text_lang(f"{st.get('title') or ''}\n{st.get('text') or ''}")
        if lang:
            counts[lang] = counts.get(lang, 0) + 1
    total = sum(counts.values()) or 1
    langs = tuple(
        k for k, c in sorted(counts.items(), key=lambda kv: -kv[1]) if c / total >= MIN_SHARE
    )
    with _LOCK:
        _CACHE[str(kbi.dir)] = (token, langs)
    return langs
