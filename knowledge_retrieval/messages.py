"""Every sentence a user or agent reads, in English, Simplified and Traditional Chinese.

A message follows the question's language and, for Chinese, its script: a question written in
Traditional characters gets Traditional text. The not-found sentences are the seeds' own words
and never change: an agent repeats them to its user verbatim.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .lang import en

Lang = Literal["en", "zh-Hans", "zh-Hant"]
"""The language of a message: English, Simplified or Traditional Chinese."""

NOT_FOUND_EN = "No relevant documents found for the given query."
NOT_FOUND_ZH = "本地知识库中不存在相关知识"
NOT_FOUND_ZH_HANT = "本地知識庫中不存在相關知識"
ACCESS_DISABLED = "Knowledge-base access is disabled for this component."

_NOT_FOUND: dict[Lang, str] = {
    "en": NOT_FOUND_EN,
    "zh-Hans": NOT_FOUND_ZH,
    "zh-Hant": NOT_FOUND_ZH_HANT,
}


def message_lang(text: str) -> Lang:
    """The message language for a question: Chinese when it has Chinese characters (Traditional
    when they lean Traditional), else English."""
    from .text.analysis import cjk_script, has_cjk

    if not has_cjk(text):
        return "en"
    return "zh-Hant" if cjk_script(text) == "traditional" else "zh-Hans"


def result_lang(lang: str, text: str) -> Lang:
    """The message language of a result whose ``lang`` is ``"en"`` / ``"zh"``."""
    if lang != "zh":
        return "en"
    return message_lang(text) if text else "zh-Hans"


def not_found(lang: Lang) -> str:
    """The fixed not-found sentence."""
    return _NOT_FOUND[lang]


def _join(lang: Lang, names: Sequence[str]) -> str:
    return ", ".join(names) if lang == "en" else "、".join(names)


def found(lang: Lang, n: int, names: Sequence[str], *, notes: bool = False) -> str:
    """``3 relevant document(s) found in payments.`` (or notes found in a project's memory)."""
    where = _join(lang, names)
    if notes:
        return {
            "en": f"{n} relevant note(s) found in memory ({where}).",
            "zh-Hans": f"在项目记忆 {where} 中找到 {n} 条相关笔记。",
            "zh-Hant": f"在專案記憶 {where} 中找到 {n} 條相關筆記。",
        }[lang]
    return {
        "en": f"{n} relevant document(s) found in {where}.",
        "zh-Hans": f"在本地知识库 {where} 中找到 {n} 个相关文档。",
        "zh-Hant": f"在本地知識庫 {where} 中找到 {n} 個相關文件。",
    }[lang]


def answer_lead(lang: Lang, kb: str, path: str, where: str, statement: str) -> str:
    """The answer's first line: where the statement comes from, then the statement."""
    return {
        "en": f"From the local knowledge base {kb}, {path} ({where}): {statement}",
        "zh-Hans": f"根据本地知识库 {kb} 的 {path}（{where}）：{statement}",
        "zh-Hant": f"根據本地知識庫 {kb} 的 {path}（{where}）：{statement}",
    }[lang]


def answer_other_points(lang: Lang) -> str:
    return {"en": "Other points:", "zh-Hans": "其他要点：", "zh-Hant": "其他要點："}[lang]


def answer_point(lang: Lang, kb: str, path: str, where: str, statement: str) -> str:
    if lang == "en":
        return f"- {kb}/{path} ({where}): {statement}"
    return f"- {kb}/{path}（{where}）：{statement}"


def answer_missing(lang: Lang, keywords: Sequence[str]) -> str:
    """The keywords of the question that no returned hit contains."""
    words = _join(lang, keywords)
    return {
        "en": f"Not found in the knowledge base: {words}",
        "zh-Hans": f"未在知识库中找到的关键词：{words}",
        "zh-Hant": f"未在知識庫中找到的關鍵詞：{words}",
    }[lang]


def answer_sources(lang: Lang, kbs: Sequence[str], sources: Sequence[str]) -> str:
    """The answer's last line: the answer comes from these local files, not the web."""
    if lang == "en":
        return f"Source: the local KnowledgeBase ({', '.join(kbs)}), not the web: " + ", ".join(
            sources
        )
    lead = {
        "zh-Hans": "以上内容来自本地 KnowledgeBase（{}），而非网络检索：",
        "zh-Hant": "以上內容來自本地 KnowledgeBase（{}），而非網路檢索：",
    }[lang]
    return lead.format("、".join(kbs)) + "、".join(sources)


def value_kind(kind: str) -> str:
    """A kind of value a question asks for, as a note names it (``phone`` -> phone number)."""
    return en.VALUE_NAMES.get(kind, kind)
