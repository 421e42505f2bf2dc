"""A query's leading sections grouped by file: which keywords each section and each file covers,
and the ``field: value`` rows that name one keyword and hold another."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..text.analysis import index_terms
from .identifiers import is_identifier
from .query import Keyword


def field_value_match(text: str, keywords: list[Keyword]) -> bool:
    """True when a ``field: value`` line has one keyword in the field and another in the value,
    or, for a question that is only identifiers, when the section is a row keyed by one (its
    first line's value is the identifier: ``box: BOX-M`` defines BOX-M, a config default that
    names it does not)."""
    first, sep, _rest = text.partition("\n")
    _name, colon, key = first.partition(": ")
    if colon and sep and all(map(is_identifier, keywords)):  # a bare identifier
        key = key.strip().strip("`").lower()
        if any(key == k.text.lower() for k in keywords):
            return True
    for line in text.splitlines():
        name, sep, value = line.partition(": ")
        if not sep or len(name) > 60:
            continue
        name_terms, value_terms = set(index_terms(name)), set(index_terms(value))
        in_name = {k.text for k in keywords if k.complete(name_terms)}
        named = {t for k in keywords if k.text in in_name for t in k.terms}
        # the keyword must name the field, not merely occur in a long field name
        if (
            in_name
            and len(named & name_terms) * 2 >= len(name_terms)
            and any(k.text not in in_name and k.complete(value_terms) for k in keywords)
        ):
            return True
    return False


class Candidates:
    """A query's leading sections grouped by file, with the keywords each section and each
    file covers (arrays: keywords x sections, keywords x files)."""

    def __init__(
        self,
        path_of: Callable[[int], str],
        docs: np.ndarray,
        sec_score: np.ndarray,
        seen: list[str],
        acc: dict[str, np.ndarray],
        in_title: dict[str, np.ndarray],
        keywords: list[Keyword],
        alias: dict[str, str],
    ) -> None:
        self.docs = docs
        self.sec_score = sec_score
        self.bonus = np.zeros(len(docs))
        self.checked = np.zeros(len(docs), dtype=bool)
        index: dict[str, int] = {}
        group = np.empty(len(docs), dtype=np.int64)
        for i, d in enumerate(docs.tolist()):
            group[i] = index.setdefault(path_of(d), len(index))
        self.file_paths = list(index)
        self.group = group
        nf = len(index)
        self.file_sections = np.bincount(group, minlength=nf)
        self.file_max = np.zeros(nf)
        np.maximum.at(self.file_max, group, sec_score)
        names = list(
            dict.fromkeys([*seen, *(t for k in keywords for t in k.terms), *alias.values()])
        )
        row = {t: i for i, t in enumerate(names)}
        hit = np.zeros((len(names), len(docs)), dtype=bool)
        title = np.zeros_like(hit)
        for t in seen:
            hit[row[t]] = acc[t][docs] > 0
            title[row[t]] = in_title[t][docs]
        stands = [(row[near], row[target]) for near, target in alias.items() if near in row]
        direct = hit.copy() if stands else hit  # before the stand-ins count
        for near_row, target_row in stands:  # a corrected word counts for the one it replaced
            hit[target_row] |= hit[near_row]
            title[target_row] |= title[near_row]
        # per file: any of its sections (columns sorted by file, OR-reduced per run)
        by_file = np.argsort(group, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(group[by_file]) != 0])
        file_hit = np.logical_or.reduceat(hit[:, by_file], starts, axis=1)
        file_title = np.logical_or.reduceat(title[:, by_file], starts, axis=1)
        file_direct = (
            np.logical_or.reduceat(direct[:, by_file], starts, axis=1) if stands else file_hit
        )
        # per file: a stand-in (a corrected or translated word) gives it a keyword term it
        # does not have itself
        self.via_stand_in = np.zeros(nf, dtype=bool)
        for near_row, target_row in stands:
            self.via_stand_in |= file_direct[near_row] & ~file_direct[target_row]
        self.sec_cov = _coverage(keywords, row, hit)
        self.file_cov = _coverage(keywords, row, file_hit)
        self.file_cov_direct = _coverage(keywords, row, file_direct) if stands else self.file_cov
        """:attr:`file_cov` without the stand-ins."""
        self.file_title_cov = _coverage(keywords, row, file_title)
        self._file_hit, self._row = file_hit, row

    def parts_found(self, k: Keyword, fi: int) -> list[str]:
        """The parts of keyword ``k`` that file ``fi`` has (公休 of 公休日), stand-ins counted."""
        return [p for p in k.parts if self._file_hit[self._row[p], fi]]

    def best_sections(self, key: np.ndarray) -> np.ndarray:
        """Per file, the candidate index of its section with the highest key (the first on ties)."""
        order = np.lexsort((np.arange(len(key)), -key, self.group))
        g = self.group[order]
        first = np.ones(len(g), dtype=bool)
        first[1:] = g[1:] != g[:-1]
        out = np.empty(len(self.file_paths), dtype=np.int64)
        out[g[first]] = order[first]
        return out


def _coverage(keywords: list[Keyword], row: dict[str, int], found: np.ndarray) -> np.ndarray:
    """:meth:`Keyword.coverage` of each column of a terms x items matrix: keywords x items."""
    out = np.zeros((len(keywords), found.shape[1]))
    for j, k in enumerate(keywords):
        if k.parts:
            out[j] = k.part_credit * found[[row[p] for p in k.parts]].mean(axis=0)
        if k.whole:
            out[j][found[row[k.whole]]] = 1.0
    return out
