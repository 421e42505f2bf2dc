"""Language knowledge as data: every language module has the same names, Chinese is written once."""

from __future__ import annotations

import pkgutil
import re
from types import ModuleType

import pytest

from knowledge_retrieval import lang
from knowledge_retrieval.lang import Language, en, grammar, zh
from knowledge_retrieval.text.analysis import to_simplified
from knowledge_retrieval.text.asked import asked_kind, holds_kind

NAMES = sorted(Language.__annotations__)


def test_every_language_module_is_registered() -> None:
    # grammar: what every language writes alike; readme and readme_conditions: the README cue
    # words of each language, and the conditions a README sentence states
    not_languages = {"grammar", "readme", "readme_conditions"}
    modules = {m.name for m in pkgutil.iter_modules(lang.__path__)} - not_languages
    assert modules == {m.__name__.rsplit(".", 1)[1] for m in _modules()}


def _modules() -> list[ModuleType]:
    return [m for m in lang.LANGUAGES if isinstance(m, ModuleType)]


@pytest.mark.parametrize("module", [en, zh], ids=["en", "zh"])
def test_a_language_module_exposes_every_name(module: ModuleType) -> None:
    missing = [n for n in NAMES if not hasattr(module, n)]
    assert not missing, f"{module.__name__} lacks {missing}"
    assert set(module.ASKED) <= set(grammar.KINDS)
    assert set(module.VALUES) <= set(grammar.KINDS)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, frozenset | tuple | list):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    return []


def test_chinese_is_written_once_in_simplified() -> None:
    traditional = [
        (name, s) for name in NAMES for s in _strings(getattr(zh, name)) if to_simplified(s) != s
    ]
    assert traditional == []


def test_every_pattern_compiles() -> None:
    for kind in grammar.KINDS:
        re.compile(lang.asked(kind))
        re.compile(lang.values(kind))
    for pattern in (lang.QUESTION_MEASURE, lang.LATEST, lang.OVERVIEW, *lang.VERSIONS):
        re.compile(pattern)


@pytest.mark.parametrize(
    ("traditional", "simplified", "kind"),
    [
        ("客服電話是多少", "客服电话是多少", "phone"),
        ("多長時間一次", "多长时间一次", "frequency"),
        ("設定範圍是多少", "设定范围是多少", "range"),
        ("要多少新台幣", "要多少新台币", "twd"),
    ],
)
def test_a_traditional_question_asks_what_its_simplified_twin_asks(
    traditional: str, simplified: str, kind: str
) -> None:
    assert asked_kind(traditional) == asked_kind(simplified) == kind


def test_a_traditional_text_holds_what_its_simplified_twin_holds() -> None:
    assert holds_kind("duration", "三個工作天內") and holds_kind("duration", "三个工作天内")
    assert holds_kind("phone", "分機 1234") and holds_kind("phone", "分机 1234")


def test_can_as_in_reference_is_no_numeral() -> None:
    # 參 (參考, reference) is written 参 in Simplified, which never counted as a number; the
    # Traditional list once had it beside 叁, the numeral, so 參考資料 held a number
    assert not holds_kind("number", "## 參考資料")
    assert not holds_kind("number", "## 参考资料")
    assert holds_kind("number", "叁拾")


def test_no_list_of_a_language_module_is_defined_twice() -> None:
    # a second assignment to a cue list's name silently replaces the first, and every rule
    # written against the first list reads the second; a package's modules (lang/readme/) are
    # read as one namespace, so a name is defined in one of them only
    import ast
    import collections
    from pathlib import Path

    base = Path(lang.__path__[0])
    groups = [[base / f"{i.name}.py"] for i in pkgutil.iter_modules(lang.__path__) if not i.ispkg]
    groups += [sorted(d.glob("*.py")) for d in base.iterdir() if (d / "__init__.py").is_file()]
    assert any(len(g) > 1 for g in groups)
    for paths in groups:
        names: collections.Counter[str] = collections.Counter()
        for path in paths:
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                targets = node.targets if isinstance(node, ast.Assign) else []
                if isinstance(node, ast.AnnAssign):
                    targets = [node.target]
                names.update(t.id for t in targets if isinstance(t, ast.Name))
        assert [n for n, k in names.items() if k > 1] == [], paths[0].parent.name


def test_the_currency_signs_are_every_sign_of_the_basic_plane() -> None:
    import unicodedata

    from knowledge_retrieval.lang.grammar import CURRENCY_SIGNS

    assert all(unicodedata.category(c) == "Sc" for c in CURRENCY_SIGNS)
    if unicodedata.unidata_version == "14.0.0":  # Python 3.11's: a later one may add signs
        signs = "".join(chr(c) for c in range(0x10000) if unicodedata.category(chr(c)) == "Sc")
        assert signs == CURRENCY_SIGNS
