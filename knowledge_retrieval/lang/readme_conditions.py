"""The Chinese wording of README conditions, topics and degrees, written once in Simplified:
the readers (:mod:`knowledge_retrieval.kb.rules.conditions`, :mod:`~knowledge_retrieval.kb.rules.kinds`)
match a text's Simplified form (one character for one), so 關於 and 关于 are one entry."""

from __future__ import annotations

from .grammar import words

ZH_ABOUT = words("涉及 提到 提及 关于 问到 问及 询问 包含 针对 谈到 有关 是 属于")
ZH_TO = words("到")
"""The topic after one of these: "问题涉及 <topic>"."""
ZH_WITH = words("与 和 跟")
ZH_RELATED = words("有关 相关")
"""与 <topic> 有关."""
ZH_TOPIC_TAILS = words("时候 时 的问题 问题 相关 有关 的内容 方面 类")
"""Endings a topic loses: 退款相关 -> 退款."""
ZH_TOPIC_SPLIT = words("或者 或 和 与 及 以及")
ZH_TOPIC_LEAD = words("所有 各种 具体 特定")
ZH_TOPIC_FILLER = words("所有 各种 具体 特定 某个 问题 用户")
ZH_VAGUE = words("更多 详情 细节 其他 其它 完整 全部 内容 更多内容 说明")
"""Words that name no topic of their own."""
ZH_QUESTION_CUES = words("问 询 涉及 提到 提及")
"""A condition with one of these is about the question."""
ZH_QUESTION_SUBJECT = words("问题 提问 用户")
ZH_IS = words("是 在")
"""问题是 ..., 用户在 ...: the subject of a condition, dropped before its topic."""
ZH_STRONG = words("务必 一定 始终 首选 权威 最重要 必须 强烈 尽可能不要 最后才")
ZH_WEAK = words("稍微 略微 适当 酌情 可以优先 可优先 略")
"""Degrees of a preference or an avoidance (以 ... 为准 is strong too)."""

ZH_KIND_UPCOMING = words("即将 未来 下一版 下一个版本 下个版本 规划 尚未发布 未发布")
ZH_KIND_OLD = words("旧 历史 老版 以前 之前 早期 过去 废弃 过时 弃用")
ZH_KIND_VERSION = words("版本 发行版 发版 发布说明 更新日志")
ZH_KIND_YEAR = words("年份 年代 日期 年度 哪年 哪一年 时间点")
"""The wording of each kind of condition a question can be checked for."""
