"""The cue words of README sentences about folders, per language: prohibition, non-authority,
preference, entry, and the verbs of writing and storing that make a "do not" no rule for search.

Chinese is written once, in Simplified: the reader converts a sentence to Simplified (one
character for one) before matching, so 不得引用 and 不得引用, 為準 and 为准 are one entry.
Each list is words or short phrases separated by white space; ``_`` stands for a blank (a word
boundary is added around English entries). :mod:`knowledge_retrieval.kb.rules.grammar` reads
them as: a mention of a folder, a polarity (prohibition or preference) and a scope.
"""

from __future__ import annotations

from .grammar import words

EN_NEGATORS = words(
    """
    do_not don't dont never not should_not shouldn't must_not mustn't cannot can't no_longer
    is_not are_not isn't aren't not_to_be never_be nothing_there
    no nor neither
    """
)
"""Words that negate the verb after them: "do not cite", "should not be relied on"."""

EN_USE_VERBS = words(
    """
    use used using cite cited quote quoted rely relied trust trusted treat treated take taken
    answer answering consider considered follow followed apply applied search searched read
    refer depend depended count counted reference referenced copy base based believe act go_by
    lean draw quoting relying treating answers citation describe describes reflect reflects
    represent represents applies_to look_at consult consulted applying point present presented
    offer offered
    """
)
"""Verbs of using a page to answer, or of giving it as an answer ("should not be presented as
results"): negated, they forbid the folder ("do not cite")."""

EN_WRITE_VERBS = words(
    """
    edit edited editing hand-edit modify modified change changed touch rename renamed move
    delete deleted remove commit committed merged push publish published share shared put add store
    open upload create write overwrite distribute leak copy_outside send
    check_in post paste drop merge contribute reorganize restructure alter mirror sync translate modifying changing renaming deleting committing publishing sharing moving
    """
)
"""Verbs of writing to a folder: "do not edit `generated/`" states no rule for search."""

EN_STORE = words(
    """
    put_new go_in goes_in live_in lives_in stored_in kept_in saved_in store save_them placed
    archived_in
    is_mirrored are_mirrored synced regenerates
    """
)
"""Where pages are put: "new notes go in `meetings/`" describes, it does not forbid."""

EN_PROHIBIT = words(
    """
    ignore ignored exclude excluded excluding skip skipped out_of_scope off-limits but_not except
    instead_of_these instead_of_them instead_of_those instead_of_it rather_than_these
    rather_than_them
    but_never
    disregard disregarded leave_out leave_aside leave_alone set_aside steer_clear stay_away don't_bother
    pay_no_attention not_worth
    """
)
"""Verbs that forbid on their own: "ignore `tmp/`"."""

EN_NON_AUTHORITY = words(
    """
    outdated out_of_date obsolete deprecated superseded stale unreliable unverified unreviewed
       not_peer-reviewed unapproved 
     non-authoritative informal fiction
     half-finished unfinished discontinued abandoned retired
       no_longer_applies invalid
     for_reference_only experimental speculative withdrawn rejected
    draft drafts unmaintained out-of-date 
     historical history inaccurate untrusted unofficial
     preliminary tentative pending_review under_review not_finalized
    placeholder temporary obsoleted overtaken sunset end-of-life unsupported non-normative
     non-binding void revoked rescinded expired replaced_by scratch
    in_progress incomplete half-baked stub stubs brainstorm brainstorming speculative hypothetical
    fictional made_up made-up aspirational
      unchecked only_for_reference just_for_reference
    junk garbage speculation rumor rumors hearsay personal_opinion proposal proposals  
    archived archival for_the_record for_posterity
    kept_for_reference for_audit_only for_audits_only
    anymore any_longer no_more not_anymore
    full_of_errors full_of_mistakes full_of_typos riddled_with_errors error-ridden error-prone
    contains_errors contain_errors has_errors have_errors many_errors lots_of_errors errors_throughout
    erroneous incorrect wrong mistaken misleading
    just_ideas only_ideas rough_ideas raw_ideas musings wishlist wish_list ideas_only
    voted_down turned_down declined   
    beta pre-release prerelease older_version older_versions earlier_version old_version
    old_versions previous
    frozen defunct dead orphaned moribund dormant irrelevant useless unusable
    grain_of_salt pinch_of_salt at_your_own_risk context_only background_only 
    sandbox scratchpad playground dummy fake mock sample_data test_data lorem_ipsum
    example_only examples_only for_illustration illustrative_only
        pending_approval unedited
    being_worked_out still_being_written untouched nobody_has_touched no_one_has_touched
    in_flux keeps_changing keep_changing constantly_changing changes_constantly
    what_we_used what_we_had what_ran we_used_to used_to_be suggested predate predates predated
    not_yet
    from_before
    was_replaced were_replaced been_replaced be_deleted gets_deleted get_deleted wiped purged
    """
)
"""Words that say a folder's pages are not to be answered from."""

# -- facts about the world that date a folder's pages: a class the grammar reads (dated) ----

EN_ENDED = words(
    """
    stopped stops_at stop_at stopped_at ceased went_bust gone_bust went_under closed_down
    shut_down have_closed has_closed had_closed left_the_company left_the_team
    have_gone has_gone all_gone gone_back went_back decommissioned scrapped were_dropped
    was_dropped been_dropped no_longer_exist no_longer_exists ran_until valid_until in_use_until
    were_used_until was_used_until were_retired was_retired been_retired left_when
    how_we_did what_we_did how_things_were
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
ZH_CHANGE = words("改 变 调整 更改 变更 改版 重标 重编 涨 涨价 改用 换")
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
EN_COPY = words("copy copies export exports backup backups snapshot snapshots mirror scrape")
ZH_COPY = words(
    "备份 导出 汇出 副本 复制 镜像 快照 扒下来 爬下来 抓下来 拷贝 复印件 影本 复本 抄本"
)
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

EN_UNVETTED = words("unverified unreviewed unchecked unapproved not_peer-reviewed untrusted")
ZH_UNVETTED = words("未经审校 未经核准 待审 审核中 待确认 待核定")
"""Words of non-authority that say a folder is not vetted, not that it is wrong or unfinished:
beside a caution ("treat them with care", "请谨慎参考") they are a caution, as a negated word of
authority is ("未经统一审核"); "half-finished ideas ... treat them with care" stays out."""

EN_PREFER = words(
    """
    prefer preferred primary first start_with start_here begin_with rely_on instead go-to go_to
    highest_priority take_priority takes_priority precedence recommended before_looking_elsewhere
    before_anything trust best starting_point turn_to refer_to
    """
)
"""Words that say to answer from a folder before the rest."""

EN_SOURCE_VERBS = words(
    """
    refer_to turn_to rely_on start_with begin_with look_first check_first consult_first go_first
    go_to answer_from answers_from answered_from come_from comes_from
    """
)
"""Words of preference that are verbs taking the source as object ("refer to `faq/`"): a folder
named only before one is its subject, not its source ("records in `x/` refer to items")."""

EN_RANK = words(
    """
    source_of_truth sources_of_truth authoritative canonical canon take_precedence
    takes_precedence wins win prevails prevail governs overrides override supersedes
    definitive defer_to defers_to is_correct are_correct
    is_right final_word final_say ground_truth binding_version of_record
    master_copy gold_standard the_authority the_reference
    answer_from answers_from answered_from come_from comes_from
    most_reliable official up_to_date trusted_source main_source most_up-to-date
    most_accurate most_current most_complete latest_version the_latest real_answer real_answers
    """
)
"""Words of authority: a named file with one of these is preferred, not only an entry
("`RATES.md` is authoritative", "defer to `rates/current.md`")."""

EN_INDEX = words(
    """
    index contents overview map links_every entry_point home landing homepage toc summary
    links_to_all links_all linked_from navigation sitemap catalog catalogue hub lists starting_point organised
    organized
    """
)
EN_START = words("start begin first open read begins starts")
EN_ENTRY = EN_INDEX | EN_START
"""Words that make a named file an entry point ("start from `index.md`"): those that name an
index (EN_INDEX) and those of reading order (EN_START). A sentence that names an index file
and another file read first ("read `CONTRIBUTING.md` first, then use the map in `SUMMARY.md`")
has the index as its entry, not the other."""

ZH_NEGATORS = words(
    "不宜 千万不要 绝不 不许 毋 莫 不必 无须 唔使 唔准 不要 勿 不得 别 不能 不可 禁止 不应 不准 唔好"
    " 无需 不用 不再 避免 暂不 不需 不该 严禁"
)
"""Negators: 不得 + 引用 forbids, 不得 + 修改 is about writing."""

ZH_USE_VERBS = words(
    """
    用 查 看 拿 按 依 读 信 答 凭 搬 翻 据此 据以 以此 参考 参照 参阅 作为 当作 当成 当做 当真
    视为 看作 视作 照做 照抄 照此 照着 照著 援引 引述 转述 检索 搜索 收录 遵循 遵照 执行 作准 作数
    回复 处理 引以为据 推荐
    """
)
"""Verbs of using a page to answer (照著 beside 照着: 著 is a Simplified character too, left as
it is by the conversion)."""

ZH_WRITE_VERBS = words(
    """
    修改 改 删除 删 提交 重命名 编辑 外传 外流 放 发 上传 动 移动 公开 分享 覆盖 更改 改动 写入
    新增 添加 推送 外泄 转发 发布 手动编辑
    改名 挪动 移除 清理 整理 格式化 存入 写 加 合并 推 签入 覆写 放置 公布 泄露 泄漏 传出 外发 带出 拷贝 变更 给 转给 交给 混用
    """
)
"""Verbs of writing to a folder (给 / 转给: handing pages to someone, "不用给选手看"; 混用:
mixing two styles in what one writes, "两者不要混用")."""

ZH_STORE = words(
    """
    存在 移到 移至 归档到 归档在 归档于 同步 生成 放
    """
)
"""Where pages are put: 会议纪要放在 `会议/` describes, it does not forbid."""

ZH_PROHIBIT = words(
    "忽略 排除 跳过 不包括 但不 不检索 不收录 不算 不作依据 不作为依据 不作为回答依据"
    " 略过 略去 无视 不理 不予理会 不予采信 不予参考 不必理会 别管 不用管 不用理"
)
"""Words that forbid on their own."""

ZH_NON_AUTHORITY = words(
    """
    历史版本 过期 过时 作废 废止 废弃 弃用 停用 已替代 已取代 仅作历史
    历史记录 历史意义 只用于追溯 仅供追溯 未经审校 未经核准
      半成品
    草稿 仅供参考 不再反映 已不反映 已不符 虚构 
    可能有错 探索性 被否决 待定 失效 无效 过了时 过咗时  
       停止维护 无人维护 下线 草案 征求意见稿 初稿 未完成
    未完善 待审 审核中 有误  仅作记录 仅作参考
    仅供学习 仅供存档 不作数  不作准 撤销  
      陈旧 老旧 杜撰 临时 实验性 试验性 随手 随笔 没想清楚 不成熟 私人
    提案 未必 不使用 不引用 不采用  
    终止 停办 停招 停止服务 停止支持 不再支持 已结束 已停 停更 停止更新  
        冻结 封存 仅供查考 备查 存查
    仅作存档 仅存档 仅留存 存档用 仅作备份 的备份 只是备份 仅为备份 镜像备份
      无人更新 淘汰
    未定 没定 未确定 没有定论 未有定论
    不一定 不见得 不保证
    旧版 旧的版本 老版本 早期版本 以前的版本 之前的版本 早年 过往 旧资料 旧文件
    测试版 内测 试用版 预览版
    错漏 错误百出 错误很多 错误较多 很多错误 不少错误 有错误 有不少错 错字 
    录错 多处错误 不准  不足为据 不足采信
    不具参考价值 没有参考价值 无参考价值 参考价值不大 没什么参考价值 不具参考性
    待核定 待确认 废除 停止适用
    旧制 暂定 试行 研拟中 规划中 讨论中 尚在讨论 构想 草拟 未公告   
     下架 停售 绝版 撤回 不全 残缺 缺漏 零散 片面 失准 待商榷
    头脑风暴 脑力激荡 没落地 未落地 仅作纪录 禁用 不足为凭 而已 停产 
    仅为示例 仅作示例 仅供示例 示例数据 测试数据 假数据 样例数据 模拟数据 沙盒 是编的 编出来的 编造
    改来改去 一直在改 一直被改 随时会改 随时在改 还在变
    已不沿用 没在用 不用了 没用了
    前用的 过去用的 以往用的 被删 被清理 被清空
    跑不动 跑不通 用不了 无法运行 假资料 早就 早已 上一任 上一家 上一届 前任 还没 还未
       
    """
)
"""Words that say a folder's pages are not to be answered from."""

ZH_PREFER = words(
    """
    优先 首先 先查 先看 先读 先打开 先阅读 先参考 首选 胜过
    首要 主要参考 为主 先去 先到 先翻 先找 请先 最先 推荐 建议先 答案来自
    先参阅 先从
    """
)
"""Words that say to answer from a folder before the rest."""

ZH_RANK = words(
    """
    为准 为依据 作准 权威 正史 标准答案 唯一依据 唯一有效 唯一来源 基准 准绳
    说了算 现行 现用 最新版 有效版本 定本 依归 效力 主要依据 最可靠 官方 第一手
    最完整 最准确 最正确 主要来源 第一来源 才算 定论 正式版本 正式版 的依据 真正的答案
    """
)
"""Words of authority: 以 `规定.md` 为准 prefers the file, not only enters there."""

ZH_INDEX = words(
    """
    索引 总览 导读 首页 入口 目录在 的目录 概览 导览 目录页 总目录 导航 主页 起点 入门 概述
    总纲 大纲 链接 列出 列有 一览 清单 整体结构
    """
)
ZH_START = words("开始 读起 先读 打开 开启 阅读 从那里 进入 看起 找起 查起 入手 着手 从头看")
ZH_ENTRY = ZH_INDEX | ZH_START
"""Words that make a named file an entry point (从 `索引.md` 开始)."""

FOLDER_WORDS_EN = words("folder folders directory directories dir tree area areas section")
FOLDER_WORDS_ZH = words("目录 文件夹 资料夹")
"""A folder named by a word beside one of these: "the scratch folder", "wip 目录"."""
ZH_POINTING = words("那个 这个 𠮶个 呢个 个")
"""Words that may stand between a quoted name and its folder word (「旧规则」那个文件夹; 𠮶个 is
Cantonese 嗰個 in the Simplified form the text is read in)."""
ZH_INSIDE = words("里面 里头 里 内")
"""Words after a quoted name that make it a place things are in (「草稿」里面是…)."""
NOT_NAMES = words(
    """
    each any every same whole parent root one other some both all two three several
    new top sub given following above below current entire not no
    任何 所有 这个 该 此 整个 每个 各 那个 这 那 本 各个 某个 上述 以下 进入 其他
    """
)
"""Words before a folder word that are not a folder's name ("every folder", "任何目录"); an
English stop word is none either ("this folder", "a couple of folders")."""

EN_NOT = words(
    "not nobody no_one none none_of_it none_of_them none_of_this nothing nothing_here nothing_there never no_longer"
    " isn't aren't wasn't weren't hasn't haven't hadn't doesn't don't didn't won't"
)
EN_AUTHORITY = words(
    """
    verified validated reviewed approved accurate authoritative official final current true real
    reliable maintained maintain maintains ready checked tested valid correct binding good
    implemented adopted accepted voted agreed decided settled endorsed sanctioned policy
    in_force in_effect applicable relevant up_to_date trustworthy updated supported complete
    source_of_truth canonical legal work works ours our_own signed_off cross-checked live full
    decision decisions actually actual
    """
)
ZH_NOT = words("不 未 没 没有 唔系 非 并非 不是 尚未 从未 不代表 未经 不再 早就不 已不 已经不")
ZH_AUTHORITY = words(
    "正式 权威 准确 可靠 有效 真的 审核 批准 核实 验证 官方 最新 定稿 效力 评审 审阅 审查"
    " 采纳 实施 实行 落实 通过 生效 适用 定案 维护 更新 现行 这样 查证 查核 最终 为准 立场"
    " 口径 见解 送审 实作 实现 靠谱 校对 正宗 道地 实测 决定 执行 整理 清洗 当前 本项目 本馆"
    " 核对 现在 确认 核定 完整 结论 实际"
)
"""A negated word of authority is a word of non-authority: "none of it is verified", "不代表
正式规定" (the negator and the word at most a few words apart)."""

EN_DESCRIBING = words(
    """
    good policy work works true ready complete ours our_own full relevant applicable updated maintained maintain
    maintains supported implemented agreed decided settled
    """
)
ZH_DESCRIBING = words(
    "真的 这样 立场 口径 见解 决定 执行 实现 实施 实行 落实 适用 维护 更新 整理 清洗 本项目 本馆"
    " 核对 现在 完整"
)
"""Words of authority that, negated, say non-authority ("nobody maintains it", "没落实") but,
said outright, describe a folder rather than vouch for it ("HR policy is in `hr/`", "`工具/`
里是可以直接执行的脚本"): they set no folder against one put out."""
EN_TREAT_AS = words("treat treated consider considered regard regarded")
ZH_TREAT_AS = words("当成 当作 当做 视为 看作 视作 看成")
"""Verbs of taking a page as something: negated before a word of non-authority, they deny it
("不要当成过期文件处理": the folder is not expired) rather than forbid the folder."""

EN_DENY = words("not never isn't aren't wasn't weren't nor hardly")
ZH_DENY = words("不是 并非 并不 绝非 并没有 没有 不算 并未 并不是 也不是 不")
"""A word of non-authority right after one of these is denied, not said: "`classic/` is not
outdated", "并非废弃内容" (at most one English word or two Chinese characters between)."""

ZH_NOT_IS = words("不是 并非 并不是 绝非 也不是")
"""A file said to be "不是 ... 的导航" is no entry, and its sentence names none."""

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

EN_PURPOSE = words("to in_order_to so_as_to")
ZH_PURPOSE = words("为了 以 以便 为")
"""A word of avoidance after one of these is a purpose, not a rule: "为了避免误会", "to avoid
confusion"."""

ZH_NAME_EDGES = words(
    "在 把 从 往 向 对 比 翻 到 请 将 每 所以 因此 这 那 该 此 其 各 本 进入 的 了 个 是 里 中 下 再 其他 其它"
)
"""A Chinese folder name read before 目录 / 资料夹 neither starts nor ends with one of these
("每一页在目录里", "所以这个资料夹" name no folder)."""

EN_ADVISE_LEAD = words("please only just always instead otherwise then simply but and so")
EN_ADVISE = words(
    "use check go_with go_by rely_on consult refer_to stick_to stick_with answer answer_from quote_from cite"
    " follow"
)
EN_ADVISE_NAMED = words("follow")
"""Verbs of EN_ADVISE that prefer only a mention after them ("follow `rules.md`"): "follow the
page it links to" has an object of its own and lends nothing."""
ZH_ADVISE_LEAD = words("请 一律 统一 直接 只 仅 改 其余一律 只能")
ZH_ADVISE_MORE = words("只 仅 直接 一律 统一 改 都 就")
ZH_ADVISE = words("使用 参照 认 参考 采用 依照 按照 遵循 查阅 查看 查 看 参阅 引用 依据")
"""An imperative to use a folder prefers it: "use `v2/`", "otherwise use ...", "请只使用 ...",
"一律参考 ..." (an English clause that starts so; a Chinese one with 请, 一律, 直接 ... before
the verb). "只用于" (only used for) is none; 用 alone is no verb here ("命名请一律用小写")."""

EN_LATTER = words("latter")
EN_FORMER = words("former")
ZH_LATTER = words("后者")
ZH_FORMER = words("前者")
"""The party of a comparison a verdict names by its place: "以后者为准" (the one named last)."""
EN_PARTNER = words("with from than against and")
ZH_PARTNER = words("与 和 跟 同 较")
"""What stands before the second party of a comparison: "`a/` conflicts with `b/`", "如与 `b/` 不一致"."""

EN_HEDGE = words("can may might could can_be may_be might_be could_be sometimes partly")
ZH_HEDGE = words("可能 或许 也许 或有 有时 部分")
"""A word of non-authority after one of these is a caution, not a prohibition, in a sentence that
settles a conflict ("can be out of date; where it conflicts with `b/`, `b/` wins")."""

EN_CAUTION = words(
    "with_care carefully cautiously with_caution double-check double_check be_careful take_care"
)
ZH_CAUTION = words("谨慎 留意 小心 多加注意 注意核实 仔细核对 自行判断 斟酌")
"""Advice to use a folder with care ("请谨慎对待", "treat it with care"): its words of
non-authority are cautions, not a prohibition, unless the sentence forbids in so many words."""

EN_RHETORICAL = words("why_would why_should why_on_earth why_bother")
ZH_RHETORICAL = words("难道 何必 哪能 怎么能 怎能 岂能 何苦")
EN_ANSWER_NO = words("no nope never")
ZH_ANSWER_NO = words("不能 不行 不可以 不可 不 否 别 不要 不用 不应该")
"""A question about a folder states no rule, unless it is rhetorical ("why would you go to
`x/`?", "难道要拿它当制度用吗？") or the next sentence answers no ("Q: can I use `x/`? No."):
then the folder is out."""
EN_REPLACING = words("instead")
ZH_REPLACING = words("改用 改为参考 改查")
"""A preference said with one of these replaces the folders named before it in its sentence
("... `a/` is from before the price rise; quote from `b/` instead"): they are out."""
EN_RELATIVE = words("which")
"""A clause that starts with one of these says something of the folder right before it: "...
the export in `x/`, which is out of date" puts x/ out whatever its own clause said."""
EN_ABSENT = words("there's_no there_is_no there_are_no no_such")
ZH_ABSENT = words("没有 并没有 不存在 并不存在")
"""A mention right after one of these names a folder that is not there ("there's no
`pipeline-old/` to worry about", "仓库里并没有 `pipeline-old/` 这样的目录"): no rule."""
EN_FINE = words("fine ok okay good useful acceptable")
"""A folder put out but "fine for questions about <topic>" is out unless the question is about
the topic ("`archive/` is historical — fine for questions about past shows")."""
EN_UNTIL = words("until till")
ZH_UNTIL = words("直到 直至")
"""A clause that starts with one of these names where a folder put out before it becomes
authoritative: "a proposal there isn't policy until it appears in `policies/`" prefers
policies/."""
EN_CONTRAST = words("but however")
ZH_CONTRAST = words("但 但是 不过 然而")
"""A clause after one of these gives its polarity to no folder before it."""
ZH_ADVISE_USE_NEXT = words("本 这 那 该 此 它")
"""用 is a verb of use before a mention or one of these ("请用本学年的 ..."), not in "请一律用小写"."""

EN_CURRENT_NAMES = words("current latest live active")
ZH_CURRENT_NAMES = words("现行 当前 最新 新版 现用 在用")
EN_OLD_NAMES = words("old older legacy archive archived previous prev deprecated retired")
ZH_OLD_NAMES = words("旧 旧版 老版 归档 过期 停用 历史 以前")
"""Versioned siblings (`hs-codes/2017/` and `hs-codes/2022/`, `v1/` and `v2/`, `_old/` and
`current.md`): of two folders (or files) of one parent named in a sentence, the one a name word
or a higher year or version makes newer is the current one. When the sentence prefers the newer,
the older, given no rule, is out; when it puts the older out, the newer one, named current by
a word of these, is preferred (not "new" / 新: `new-starters.md`, `新手入门.md` are for
newcomers)."""

EN_ELIDED_NOT = words("never not and_not or_not nor but_never but_not")
ZH_ELIDED_NOT = words("不是 而不是 而非 不要 别 不用 勿")
"""A clause that starts with one of these and has no verb of its own takes the verb of the
preference before it in its sentence, negated: "always check `a.md`, never the paper copies in
`scans/`", "use those page numbers, not the ones in `b/`" put b/ out."""

EN_BE_NOT = words("is_not are_not isn't aren't was_not were_not wasn't weren't")
ZH_BE_NOT = words("不是 则不是 就不是 并不是 则不然 不然")
"""A clause that ends in one of these, with nothing after it, denies the word of authority of
the clause before it: "`a.md` is accurate as of the upgrade; the photos in `b/` are not", "`a/`
里的是现行版，`b/` 的不是" put b/ out (and the vouched a.md is preferred beside it)."""

EN_SUCCESSOR = words(
    "replaced_by superseded_by succeeded_by obsoleted_by deprecated_in_favor_of in_favour_of in_favor_of"
    " replaced_with"
)
EN_REPLACES = words("supersede supersedes replaces obsoletes")
"""Its subject replaced the mention after it ("`v3/` supersedes `v2/`"): the mention is out,
the subject preferred (ZH_SUCCESSOR after no ZH_SUCCESSOR_BY: "取代 `历史/`")."""
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
EN_AND_OR = words("or and nor")
ZH_AND_OR = words("或 或者 和 及 与 或是")
"""A verb of use joined to a negated verb of writing by one of these is negated too: "never send
or cite them", "不要修改或引用" forbid."""
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
EN_COMPOSE = words("draft_with start_from_the template_for when_writing to_write for_new_pages")
ZH_COMPOSE = words("起稿 拟稿 新建 草拟")
"""Writing a new page from a folder or file ("请用 `范本.md` 起稿"): an imperative to use it
there is about writing, no preference for answering."""

EN_ONLY = words("only solely exclusively")
ZH_ONLY = words("只能 只 仅 一律 唯一 只有 统一")
EN_RESERVED = words("is_there_for are_there_for only_for just_for reserved_for is_for are_for")
ZH_RESERVED = words("仅供 只供 专供 仅用于 只用于 留给 保留作 留作")
"""A preference said with one of EN_ONLY / ZH_ONLY is exclusive ("answer from `a.md` only",
"只能依据 `a.md`", "一律以 `a/` 为准"); beside any preference, a folder the sentence (or the one
after its semicolon) reserves for another use ("`b/` is there for finance", "`b/` 仅供财务做报表",
"保留作为稽核对照用") is out."""

EN_NOT_CUES = words("no_matter not_only not_just no_reason_not_to in_case")
ZH_NOT_CUES = words(
    "有没有 是不是 能不能 要不要 会不会 可不可以 对不对 用不用 算不算"
    " 不得不 不能不 翻译 发挥 排除故障 故障排除 排除问题 别的 别人 别处 不只 不仅"
    " 识别 区别 分别 特别 类别 级别 个别 差别 辨别 鉴别 性别 告别 派别 组别 科别"
)
"""Words that hold a cue word but say something else: 有没有 and 是不是 ask (no negation), 发挥 (no 发 of writing), 排除故障
(troubleshooting, no 排除 of a folder), 别的 and 识别 (no 别 of "do not"), "not only"."""

ZH_RANK_PRONOUNS = words("此 这 那 它 其 后者 前者 上述 下列 该 本")
"""以 X 为准 with X one of these lends its preference to a folder before it; with another noun
("请以人事室公告为准") it prefers that noun, no folder."""

# -- the wording around the cues: clauses, mentions, headings (Chinese in Simplified) ---------

ZH_ADVISE_NOT_NEXT = words("于 来")
"""After an imperative verb of use, one of these makes it no imperative (只用于, 用来)."""
ZH_ADVISE_BARE = words("用 按 依")
"""用 alone is an imperative to use only before a mention or a pronoun (ZH_ADVISE_USE_NEXT)."""
ZH_TOOL_WRITE = words("写")
"""A single-character verb of writing that makes the folder of an imperative a tool (请用 `模板/`
写新文档); the longer verbs of writing are ZH_WRITE_VERBS'."""
ZH_BY = words("以")
ZH_AS_STANDARD = words("为准")
ZH_AS = words("为 作为")
"""以 <something> 为准: the something is the authority."""
ZH_PLEASE = words("请")
ZH_ANSWER_LABEL = words("答")
"""答: the label of an answer after a question ("能用吗？答：不能")."""
ZH_QUESTION_END = words("吗")
"""A sentence ending with one of these (or a question mark) is a question."""
EN_OVER = words("over rather_than instead_of in_preference_to ahead_of")
EN_PREFER_VERB = words("prefer preferred")
EN_TO = words("to")
""""prefer `a/` to `b/`": the folder after "to" loses, as after "over"."""
EN_OVER_VERBS = words("overrides override overriding trumps prevails_over wins_over beats beat")
"""A clause splits before these: the folders after one lose to the ones before ("prefer `a/`
over `b/`"); a verb of them ("`a.md`, which overrides anything in `b/`") prefers its subject."""
ZH_BUT = words("但")
ZH_INSTEAD = words("而不是 而非")
ZH_OVER = words("优先于 胜过 高于 先于")
"""A clause splits before "but", "instead of" and "over" (the word is the next clause's); the
folders after an "over" lose to the ones before."""
ZH_NOT_FOLDER = words("总目录")
"""Words that end in a folder word but name no folder (总目录: a table of contents)."""
ZH_FILLER = words(
    "以及 和 与 及 或者 或 还有 目录 文件夹 资料夹 文件 档案 所有 全部 下 的 中 里 内"
)
"""Words that leave a clause a bare list of paths ("`b/` 和 `c/` 下的所有文件")."""
ZH_AVOID = words("尽量不要 尽可能不要 尽量避免 避免 降低 降权 次要 少用 尽量少 不推荐 最后才 靠后")
"""Words that lower a folder rather than forbid it."""
ZH_LOOK = words("查看 查阅 查 看 检索 搜索 参考 参见 见 读 使用 用")
"""Verbs of looking: a clause with one and a condition routes its folders."""
ZH_UNLESS = words("除非")
ZH_OTHERWISE = words("否则")
ZH_ONLY_IF = words("只有 仅有")
ZH_ONLY_WHEN = words("只在 仅在 仅当 只当")
ZH_ONLY_FOR = words("仅用于 只用于 仅限于 仅限 只限于 只限")
ZH_ONLY_APPLIES = words("仅适用于 只适用于")
EN_APPLIES = words("applies apply")
"""只用于 <purpose> is a condition only when it names the question ("仅限问到 v1 时"); 仅适用于
<cases>, "applies only to <cases>" restrict where the folder holds: a condition always."""
ZH_AT = words("在 当")
ZH_OF = words("的")
ZH_TIME = words("时候 时")
ZH_THEN = words("才")
"""只有 <condition> 时才, 只在 <condition> 时, <condition> 时才, 仅限 <condition>: a folder searched
only when the question meets the condition."""
ZH_IF = words("当 如果 若")
ZH_ASKER = words("问题 用户")
ZH_ASKED_ABOUT = words("问到 问及 询问 涉及 关于 有关 提到 提及")
ZH_WHEN_TAIL = words("时候 时 的问题")
"""(当) 问到 <topic> 时, <what to do>: a route for questions on the topic."""
ZH_ABOUT_LEAD = words("关于 对于 有关")
ZH_TOPIC_KIND = words("相关 类 方面")
ZH_QUESTION = words("问题")
ZH_FIRST = words("先 优先 首先")
ZH_ROUTE_LOOK = words("查看 查阅 查 看 见 参考 参见 检索 去 到")
ZH_SEE = words("见 参见 详见")
"""<topic> 的问题，请先查 `x/`; <topic> 详见 `x/`: a route."""
ZH_RULES_HEADING = words("规则 检索 搜索 查找 使用方法")
"""A heading over a README's rules."""
ZH_KEYWORDS_HEADING = words("关键词 关键字 标签")
ZH_SCOPE_HEADING = words("范围 简介 说明 概述 介绍 概要 关于")
ZH_NAMES_SIMPLIFIED = words("简体中文 简体")
ZH_NAMES_TRADITIONAL = words("繁体中文 繁体")
ZH_NAMES_CHINESE = words("中文 汉语 华语")
ZH_NAMES_ENGLISH = words("英文 英语")
"""What a README calls its languages ("简体中文", "繁體")."""
TRADITIONAL_MARKS = "體臺灣們說這關檔條為個國學會來時對發經與錄檢詞範圍結構維歷頁簡語區聽應讓"
SIMPLIFIED_MARKS = "体湾们说这关档条为个国学会来时对发经与录检词范围结构维历页简语区听应让"
"""Common characters written apart in the two scripts (the only list here written in both): a
README's prose leans Traditional when the first outnumber the second."""
