"""Rules by name, in order, and the one switch that turns any of them off: the ablation.

A :class:`Ruler` holds the rules of one kind in the order they run (as markdown-it's ruler holds
its parsing rules): the holds of the verdict are callables run by one loop; the factors of the
ranking and the readings of the vocabulary are named switches their module consults where the
rule's arithmetic is. Every rule, whatever its kind, is registered here by name, so that
``python -m calibration.ablate`` can switch any of them off (:func:`disabled`) and measure what
it is worth; ``docs/scores.md`` lists them. A rule whose removal changes nothing beyond noise
on sets it was not written from is deleted, not kept "to be safe".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

Kind = Literal["hold", "factor", "reading"]
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class Rule(Generic[F]):
    """One rule: its name, kind, the module that applies it, what it does, and (for a rule run
    by a ruler's loop) the callable."""

    name: str
    kind: Kind
    module: str
    """The module that applies it (under ``knowledge_retrieval/``)."""
    summary: str
    fn: F | None = None


_ALL: dict[str, Rule[Any]] = {}
_off: frozenset[str] = frozenset()


class Ruler(Generic[F]):
    """The rules of one kind of one module, in the order they run."""

    def __init__(self, kind: Kind, module: str) -> None:
        self.kind = kind
        self.module = module
        self._rules: list[Rule[F]] = []

    def push(self, name: str, summary: str) -> Callable[[F], F]:
        """Register the decorated callable as the next rule, named ``name``."""

        def register(fn: F) -> F:
            self._add(Rule(name, self.kind, self.module, summary, fn))
            return fn

        return register

    def switch(self, name: str, summary: str) -> None:
        """Register a rule its module applies where its arithmetic is (:meth:`on`)."""
        self._add(Rule(name, self.kind, self.module, summary))

    def _add(self, rule: Rule[F]) -> None:
        if rule.name in _ALL:
            raise ValueError(f"a rule named {rule.name!r} is already registered")
        _ALL[rule.name] = rule
        self._rules.append(rule)

    def active(self) -> Iterator[Rule[F]]:
        """The rules in force, in order."""
        return (r for r in self._rules if r.name not in _off)

    def on(self, name: str) -> bool:
        """Whether this ruler's rule ``name`` applies."""
        if all(r.name != name for r in self._rules):
            raise KeyError(f"no rule named {name!r} in the {self.module} {self.kind}s")
        return name not in _off

    def __iter__(self) -> Iterator[Rule[F]]:
        return iter(self._rules)


def registered() -> dict[str, Rule[Any]]:
    """Every rule registered so far, by name, in the order registered."""
    return dict(_ALL)


def on(name: str) -> bool:
    """Whether rule ``name`` applies (every rule does, unless an ablation switched it off)."""
    if name not in _ALL:
        raise KeyError(f"no rule named {name!r} in the registry")
    return name not in _off


@contextmanager
def disabled(names: Iterable[str]) -> Iterator[None]:
    """Switch rules off for the duration (measurement only: one setting per process at a time,
    shared by its threads)."""
    global _off
    names = frozenset(names)
    unknown = names - _ALL.keys()
    if unknown:
        raise KeyError(f"no rule named {', '.join(sorted(unknown))} in the registry")
    before = _off
    _off = before | names
    try:
        yield
    finally:
        _off = before
