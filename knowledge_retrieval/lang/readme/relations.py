"""The cue words of one folder set beside another, per language: copies, backups and leftovers,
conflicts and their parties, comparisons of authority ("more reliable than", 比), "over", and
exclusive preference with folders reserved for another use."""

from __future__ import annotations

from ..grammar import words

EN_COPY = words(
    "copy copies duplicate duplicates export exports backup backups snapshot snapshots mirror scrape"
)
ZH_COPY = words(
    "备份 导出 汇出 副本 复制 镜像 快照 扒下来 爬下来 抓下来 拷贝 复印件 影本 复本 抄本"
)
EN_COPY_OF = words("of from")
ZH_COPY_OF = words("的")
ZH_COPY_FROM = words("从 由 自")
"""The original of a copy: the mention after "a mirror of", "copied from" ("`a/` is a mirror of
`b/`"), before 的 and a word of copying ("`甲/` 是 `乙/` 的旧镜像"), or after 从 with a word of
copying after it ("从 `乙/` 复制来的"). A copy's words of non-authority are said of the copy,
not of its original."""
EN_COPIED = words("copied mirrored exported scraped backed_up cloned synced duplicated")
EN_RAW = words("raw uncleaned unprocessed tweaked altered modified_locally changed_locally")
ZH_RAW = words("未清洗 未处理 未整理 改过 改动过 修改过 调整过 自行改")
EN_KEPT = words(
    "only_kept kept_only kept_because kept_so kept_just_in_case kept_in_case kept_around"
    " only_there_because"
)
ZH_KEPT = words("留着只是 只是留着 留着是为了 保留只是 只是保留 保留用于 留作 留着备用")
"""A folder kept for a reason other than answering ("is only kept because the union asked for
it", "are kept so we can reuse wording", "留着只是为了复用措辞", "保留用于保修纠纷"): a leftover."""

EN_MERELY = words("just only merely simply someone somebody")
ZH_MERELY = words("只是 仅是 不过是 只不过是 有人")
"""A copy said to be only a copy, or one someone made ("is just last year's export", "a copy
someone made", "只是自动备份", "是有人复制的"): a leftover, not the source. A folder its clause
calls a copy, raw or altered (EN_RAW: "may have been tweaked locally", "可能被门店自行改过") is
out beside another folder its sentence prefers ("the object files in `a/` are copies; the
originals in `b/` take precedence"), unless it holds that one."""

EN_CONFLICT = words(
    """
    disagree disagrees disagreeing disagreement conflict conflicts conflicting contradict
    contradicts contradiction differ differs different_from inconsistent discrepancy mismatch
    clash clashes
    """
)
ZH_CONFLICT = words("不一致 冲突 矛盾 有出入 抵触 相抵触 相左 有分歧 对不上 不同")
"""Words of a comparison between folders: the folders a clause with one of these names are the
parties, not the subject of a rule ("if a page in `archive/` disagrees with a live page, the
live page is right"): a preference reaches them only by their name ("the runbook is correct").
(不符 is left out: 已不符 is a word of non-authority.)"""

EN_LATTER = words("latter")
EN_FORMER = words("former")
ZH_LATTER = words("后者")
ZH_FORMER = words("前者")
"""The party of a comparison a verdict names by its place: "以后者为准" (the one named last)."""

EN_PARTNER = words("with from than against and")
ZH_PARTNER = words("与 和 跟 同 较")
"""What stands before the second party of a comparison: "`a/` conflicts with `b/`", "如与 `b/` 不一致"."""

EN_MORE = words("more")
EN_LESS = words("less")
EN_BETTER = words("better newer more_recent")
EN_WORSE = words("worse older")
EN_WORSE_THAN = words("lags_behind lag_behind lagging_behind")
EN_THAN = words("than")
EN_QUANTITY = words(
    "a an one two three four five six seven eight nine ten eleven twelve few several"
)
"""After "than", a quantity ("older than six months", "more than 2 years") makes a measure of
age or size, not a comparison of authority between folders."""

ZH_THAN = words("比")
ZH_BETTER = words("新 全 好")
ZH_WORSE_THAN = words("不如 比不上 不及 落后于")
ZH_WORSE = words("旧 老 差")
ZH_NOT_THAN = words("比赛 比如 比例 比对 对比 比较 同比 相比 类比 评比 比方 比重 比率 无比 好比")
"""A comparison of authority: "`a/` is more reliable than `b/`", "newer than", "`甲/` 比 `乙/`
可靠" (a word of authority, or one of ZH_BETTER, after the 比) prefer the subject and set
nothing on the object; "less reliable than", "older than", "`甲/` 不如 `乙/`" prefer the
object, as "`甲/` 比 `乙/` 旧" (one of ZH_WORSE after the 比) and "lags behind" do.
ZH_NOT_THAN are words with 比 that compare nothing (比如, 比较)."""

EN_ONLY = words("only solely exclusively")
ZH_ONLY = words("只能 只 仅 一律 唯一 只有 统一")
EN_RESERVED = words("is_there_for are_there_for only_for just_for reserved_for is_for are_for")
ZH_RESERVED = words("仅供 只供 专供 仅用于 只用于 留给 保留作 留作")
"""A preference said with one of EN_ONLY / ZH_ONLY is exclusive ("answer from `a.md` only",
"只能依据 `a.md`", "一律以 `a/` 为准"); beside any preference, a folder the sentence (or the one
after its semicolon) reserves for another use ("`b/` is there for finance", "`b/` 仅供财务做报表",
"保留作为稽核对照用") is out."""

ZH_RANK_PRONOUNS = words("此 这 那 它 其 后者 前者 上述 下列 该 本 呢 𠮶 佢")
"""以 X 为准 with X one of these lends its preference to a folder before it (Cantonese 呢, 嗰, 佢
as 这, 那, 它, 嗰 written 𠮶 as Simplified: "以呢份為準"); with another noun ("请以人事室公告为准")
it prefers that noun, no folder."""

EN_OVER = words("over rather_than instead_of in_preference_to ahead_of")
EN_BEFORE_OVER = words("before prior_to")
EN_ANY_IN = words("in from under inside")
EN_ANY_OF = words("anything everything whatever what's what_is")
"""Before a mention ("answer from `a/` before anything in `b/`"), "before" ranks, as "over"
does: the folders after it lose to the ones before. Before anything else it tells when
("before you start", "before the move")."""
EN_PREFER_VERB = words("prefer preferred")
EN_TO = words("to")
""""prefer `a/` to `b/`": the folder after "to" loses, as after "over"."""

EN_OVER_VERBS = words("overrides override overriding trumps prevails_over wins_over beats beat")
"""A clause splits before these: the folders after one lose to the ones before ("prefer `a/`
over `b/`"); a verb of them ("`a.md`, which overrides anything in `b/`") prefers its subject."""
