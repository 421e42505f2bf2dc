"""The cue words that date a folder's pages, per language: facts said as done (closed, left,
stopped), change since, a time gone, versioned siblings named current or old, and succession
(replaced by, supersedes, 取代) with what keeps a folder in force."""

from __future__ import annotations

from ..grammar import words

EN_ENDED = words(
    """
    stopped stops_at stop_at stopped_at ceased went_bust gone_bust went_under closed_down
    shut_down have_closed has_closed had_closed left_the_company left_the_team
    have_gone has_gone all_gone gone_back went_back decommissioned scrapped were_dropped
    was_dropped been_dropped no_longer_exist no_longer_exists ran_until valid_until in_use_until
    were_used_until was_used_until were_retired was_retired been_retired left_when
    how_we_did what_we_did how_things_were got_rid_of gotten_rid_of
    """
)
ZH_ENDED = words(
    "停在 没再 没有再 不让用 不能再用 停止使用 当时的做法 以前的做法 期间的做法 时期的做法 那几年的做法"
)
"""What happened to a folder's subject, said as done: it stopped, closed, left, was dropped
("stopped being updated", "went bust", "停在2021年", "没再用过"): its pages are of the past."""

ZH_ENDED_DONE = words(
    "倒闭 倒了 关门 离职 结业 报废 退役 卖掉 卖了 清退 剔除 改道 改线 对不上 撤掉 拆掉 搬走 退休"
    " 解散 过期 停办 失联 归还 退还 退租"
)
ZH_DONE_MARK = words("已 已经 早已 早就 都 被 全 多半 大多")
ZH_DONE_AFTER = words("了")
"""A verb of ZH_ENDED_DONE says a thing ended only when done: 已 / 已经 / 被 … before it, or 了
after it ("大多已经离职了", "被清退了", "已报废车辆"); "离职时" (when one leaves) says nothing.
A word of conflict with 了 after it and no folder after that is such a state too ("库位就全对
不上了"), not a comparison."""

EN_CHANGE = words(
    """
    changed moved revised amended renumbered rerouted adjusted replaced dropped reorganised
    reorganized restructured rewritten renamed repriced relocated retired closed left died
    """
)
ZH_CHANGE = words(
    "改 变 调 调整 更改 变更 改版 重标 重编 涨 涨价 改用 换 装修 搬 改造 升级 合并 重组"
)
EN_SINCE = words("since since_then later afterwards after after_that")
ZH_SINCE = words("后来 之后 以后 此后 后 现在 已经 已 又 早就")
"""A verb of change with a word of "since" ("a lot of the commands have changed since", "who
have since moved away", "很多命令后来都改了", "获批后数字又改过"): the world moved on after the
pages were written."""

EN_NOT_SINCE = words("since")
"""A negated verb with "since" after it ("haven't been used since", "hasn't been kept in sync
since"): the folder stopped then."""

EN_PAST = words(
    """
    before prior_to from_before last_year last_year's last_season last_season's previous_year
    previous_year's back_when in_those_days old older used_to
    """
)
EN_BEFORE = words("before prior_to")
EN_BEFORE_THE = words("the our their its his her this that")
EN_BEFORE_WHO = words("we they anyone he she it i someone everyone")
EN_DID = words(
    """
    knew went took got came left made became began had was were did moved changed switched
    joined merged started arrived bought sold built wrote
    """
)
"""A word of the past in a folder's predicate ("reflect the rules before the amendments", "was
written in 2019, before anyone knew", "is just last year's export", "for the old live room"):
its pages are of a time gone. "before" dates only a past event: a definite one ("before the
rebrand", EN_BEFORE_THE, a year) or a subject with a verb in the past ("before we moved",
EN_BEFORE_WHO then EN_DID or a verb in -ed); "before you answer", "before a wedding" and
"before looking elsewhere" tell when to do something."""

ZH_PAST = words("去年 前年 当年 那几年 那些年 往年 上一年 昔日 旧 早年")
ZH_AT_THAT_TIME = words("当时 那时 彼时")
ZH_NOW = words("现在 如今 现今")
"""当时 dates a folder's pages only set against now (当时用的材料现在已不建议使用): "只是当时讨论
的记录" tells what a record is."""

ZH_BEFORE = words("之前 以前")
ZH_BARE_BEFORE = words("前")
ZH_COPULA = words("是 为 系")
ZH_BEFORE_OF = words("的")
ZH_HABIT = words("每 每天 每次 每周 每月 每年 每逢 每当 总是 通常")
"""之前 / 以前, or 前, and 的 at most one character after it: a time before (换控台之前拍的,
调价前的报价单, 是涨价前的价格); in a clause that tells a habit (ZH_HABIT: "记录每天下班前的交接")
a bare 前 is the habit's time, not a time gone, unless a copula makes it the predicate."""

ZH_NOT_PAST = words(
    """
    目前 当前 眼前 提前 前面 前端 前缀 前台 前提 前景 前途 前线 向前 往前 空前 超前 前往 前进
    前述 前文 前者 前列 依旧 仍旧 照旧 新旧 守旧 怀旧 旧金山 前一 前几 前两 前三 前数
    """
)
"""Words with 前 or 旧 that place nothing in the past (目前, 依旧, 前一天: a day before another)."""

EN_REPLACING = words("instead")
ZH_REPLACING = words("改用 改为参考 改查")
"""A preference said with one of these replaces the folders named before it in its sentence
("... `a/` is from before the price rise; quote from `b/` instead"): they are out."""

EN_UNTIL = words("until till")
ZH_UNTIL = words("直到 直至")
"""A clause that starts with one of these names where a folder put out before it becomes
authoritative: "a proposal there isn't policy until it appears in `policies/`" prefers
policies/."""

EN_CURRENT_NAMES = words("current latest live active final")
ZH_CURRENT_NAMES = words("现行 当前 最新 新版 现用 在用 定稿")
EN_OLD_NAMES = words(
    "old older legacy archive archived previous prev deprecated retired draft drafts"
)
ZH_OLD_NAMES = words("旧 旧版 老版 归档 过期 停用 历史 以前 草稿")
"""Versioned siblings (`hs-codes/2017/` and `hs-codes/2022/`, `v1/` and `v2/`, `_old/` and
`current.md`): of two folders (or files) of one parent named in a sentence, the one a name word
or a higher year or version makes newer is the current one. When the sentence prefers the newer,
the older, given no rule, is out; when it puts the older out, the newer one, named current by
a word of these, is preferred (not "new" / 新: `new-starters.md`, `新手入门.md` are for
newcomers). A draft stands under its final (`programs/draft/` beside `programs/final/`)."""

EN_SUCCESSOR = words(
    "replaced_by superseded_by succeeded_by obsoleted_by deprecated_in_favor_of in_favour_of in_favor_of"
    " replaced_with"
)
EN_MOVED_TO = words(
    "moved_to moved_into merged_into migrated_to relocated_to folded_into consolidated_into"
)
EN_MOVED_AUX = words("has have had was were is are now been all since permanently recently")
ZH_MOVED_TO = words(
    "合并到 合并至 合并进 并入 迁移到 迁移至 迁至 迁入 迁到 搬到 搬去 搬至 搬进 搬咗去 挪到 转移到 转移至"
)
ZH_MOVED_AUX = words("已经 已 都 全部 均 现已 整个")
"""A folder moved into another (a migration notice): "`a/` has moved to `b/`", "`甲/` 已合并到
`乙/`", "原 `甲/` 迁入 `乙/`": `b/` is its successor, preferred, and `a/` out. Only the words of
EN_MOVED_AUX / ZH_MOVED_AUX may stand between the two (what a README says is moved to an
archive is no mention: "files older than a year are moved to `archive/`")."""

EN_REPLACES = words("supersede supersedes replaces obsoletes")
"""Its subject replaced the mention after it ("`v3/` supersedes `v2/`"): the mention is out,
the subject preferred (ZH_SUCCESSOR after no ZH_SUCCESSOR_BY: "取代 `历史/`")."""

EN_ANAPHORS = words("it them this that these those")
"""What a successor replaces when its sentence named the old one before ("`a/` is out of date;
the resurvey in `b/` replaces it"): `b/` is the successor."""

EN_REPLACED = words("replaced superseded succeeded obsoleted")
EN_BY = words("by with")
"""EN_REPLACED is a successor's verb in the active right after its subject ("`v3/` replaced `v2/`
on 1 April"; "superseded documents and `b/`" is an adjective), and a
superseded folder's in the passive, its successor after "by" however far in its sentence
("was superseded on 1 April 2024 by `b.pdf`", "were replaced by the `b/` set")."""

ZH_SUCCESSOR_BY = words("由 被 已由 已被")
ZH_DONE = words("了")
"""The particle after a finished verb (取代了 `历史/`)."""

ZH_SUCCESSOR = words("取代 替代 代替 替换 所取代 所替代")
"""The folder a superseded one was replaced by is preferred, not forbidden: "`a/` was replaced
by `b/`", "`甲/` 已被 `乙/` 取代"."""

EN_SUBSTITUTE = words("replace substitute_for a_substitute_for stand_in_for take_the_place_of")
"""Verbs of replacing that, negated, set their subject under their object ("training decks are
not a substitute for `policy/`", "`訓練/` 不能取代 `規章/`"): the subject is out, the object
preferred (the Chinese verbs are ZH_SUCCESSOR). Passive ("cannot be replaced", "不可被取代")
or with no object ("是不可替代的") it says no such thing."""

ZH_NO_OBJECT = words("的 之 了")
"""After a negated verb of replacing, one of these leaves it without an object: 不可替代的."""

EN_AFFIRM = words("still reflects reflect represents currently")
ZH_AFFIRM = words("仍 仍然 依然 至今 反映 代表 正在 目前 而家")
EN_IN_FORCE = words("follow")
ZH_IN_FORCE = words("沿用 遵循 遵守 当前 执行 实施 实行")
"""A word of authority (or of being in force) shortly after one of EN_AFFIRM / ZH_AFFIRM, not
negated, says the folder is in force: "is still what we follow", "reflects the current
contracts", "仍然有效", "反映的是当前合同" (a word of authority)."""

EN_WAS = words("was were used_to_be")
ZH_WAS = words("曾是 曾经是 当时是 原是 过去是")
"""A word of rank after one of these is a former rank ("a snapshot from when Fandom was still
the official wiki", "曾是官方版本"): a word of non-authority, not a preference."""
