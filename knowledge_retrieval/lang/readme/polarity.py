"""The cue words of a README clause's polarity, per language: negators, verbs of using a page
and of writing one, prohibition, non-authority and authority (and their denial), preference,
entry files, cautions and hedges, and the words that hold a cue word but say something else."""

from __future__ import annotations

from ..grammar import words

EN_NEGATORS = words(
    """
    do_not don't dont never not should_not shouldn't must_not mustn't cannot can't no_longer
    is_not are_not isn't aren't not_to_be never_be nothing_there nothing_in nothing_from
    no nor neither
    """
)
"""Words that negate the verb after them: "do not cite", "should not be relied on"."""

EN_USE_VERBS = words(
    """
    use used using cite cited quote quoted rely relied trust trusted treat treated take taken
    answer answering consider considered follow followed apply applied search searched read
    refer depend depended count counts counted reference referenced copy base based believe act go_by
    lean draw quoting relying treating answers citation describe describes reflect reflects
    represent represents applies_to look_at consult consulted applying point present presented
    offer offered pull pulled come_from comes_from coming_from sourced_from drawn_from
    tell mention mentioned give given giving hand_out handed_out give_out pass_on
    """
)
"""Verbs of using a page to answer, or of giving it as an answer ("should not be presented as
results"): negated, they forbid the folder ("do not cite")."""
EN_MAINTAIN = words("keep")
ZH_MAINTAIN = words("保持 维持 及时更新")
"""Verbs that start an instruction to keep a folder in a state ("please keep `prices/` up to
date", "請保持最新版本"): about writing it, whatever word of authority follows ("keep to
`a/`" is no such instruction)."""
EN_ELIDED_USE = words("from out_of")
"""Right after a negator, the source of a verb of use said before it: "answer from `a.md`,
never from `b/`"."""

EN_WRITE_VERBS = words(
    """
    edit edited editing hand-edit modify modified change changed touch rename renamed move
    delete deleted remove commit committed merged push publish published share shared put add store
    open upload create write overwrite distribute leak copy_outside send
    check_in post paste drop merge contribute reorganize restructure alter mirror sync translate modifying changing renaming deleting committing publishing sharing moving
    """
)
"""Verbs of writing to a folder: "do not edit `generated/`" states no rule for search."""
EN_REMOVE_VERBS = words(
    "delete deleted deleting remove removing move moving rename renaming touch reorganize"
    " restructure tidy bin purge throw_away"
)
"""Verbs of removing a folder's pages: a sentence that says not to ("留作紀念，唔好刪", "dates
from before 2018; nobody move or delete it") keeps them; the age it gives is its reason to keep,
no verdict on answering from them."""

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
    as_if_it_doesn't_exist as_if_it_does_not_exist as_if_it_didn't_exist as_if_they_don't_exist
    as_if_they_do_not_exist as_if_they_didn't_exist pretend_it_isn't_there
    pretend_they_aren't_there pretend_it_doesn't_exist pretend_they_don't_exist
    """
)
"""Verbs that forbid on their own: "ignore `tmp/`"."""
EN_AGENT = words("by")
EN_NOT_AGENT = words("default hand all_means design")
ZH_PASSIVE = words("被")
"""A verb that forbids with its agent named is what that agent does, not an instruction:
"ignored by git", "被 git 忽略" (with no agent, "被排除" still forbids; "by default" names no
agent)."""

EN_NON_AUTHORITY = words(
    """
    outdated out_of_date obsolete deprecated superseded stale unreliable unverified unreviewed
    untested not_tested never_tested
       not_peer-reviewed unapproved 
     non-authoritative informal fiction
     half-finished unfinished discontinued abandoned retired
       no_longer_applies invalid
     for_reference_only experimental speculative withdrawn rejected
    draft drafts unmaintained out-of-date 
     historical history inaccurate untrusted unofficial
     preliminary tentative pending_review under_review not_finalized
    placeholder temporary obsoleted overtaken sunset end-of-life unsupported non-normative
    unreleased unpublished
     non-binding void revoked rescinded expired replaced_by scratch
    in_progress incomplete half-baked brainstorm brainstorming speculative hypothetical
    fictional made_up made-up aspirational
      unchecked only_for_reference just_for_reference
    junk garbage speculation rumor rumors hearsay personal_opinion proposal proposals  
    archived archival for_the_record for_posterity
    kept_for_reference for_audit_only for_audits_only
    anymore any_longer no_more not_anymore
    full_of_errors full_of_mistakes full_of_typos riddled_with_errors error-ridden error-prone
    contains_errors contain_errors has_errors have_errors many_errors lots_of_errors errors_throughout
    erroneous incorrect wrong mistaken misleading uncalibrated uncertified
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
    from_before
    was_replaced were_replaced been_replaced be_deleted gets_deleted get_deleted wiped purged
    """
)
"""Words that say a folder's pages are not to be answered from."""

EN_INVALID = words(
    """
    void invalid revoked rescinded superseded obsolete obsoleted deprecated withdrawn expired
    wrong incorrect erroneous no_longer_applies defunct
    """
)
ZH_INVALID = words("作废 废止 失效 无效 过期 撤销 废除 停止适用 有误 不正确 是错的 不作数 不作准")
EN_COPULA = words("is are was were be been being become becomes became remain remains now all")
ZH_ALREADY = words("已 已经 均 都 皆 全部 全都 早已 已全部 已经全部 现已")
"""Words of non-authority that say pages are not valid, not only old, said of them (after "are",
"been", 已, 均: "versions 1 to 3 are kept in `_old/` and are void", "已全部失效"): where pages are
kept they still put the folder out, where "old ones go in `_old/`" and "以后过期文件都往这里放"
describe what is put there."""

EN_UNVETTED = words(
    "unverified unreviewed unchecked unapproved not_peer-reviewed untrusted untested not_tested"
)
ZH_UNVETTED = words(
    "未经审校 未经核准 待审 审核中 待确认 待核定 未经测试 未测试 没测过 未测过 未经验证 未验证 没验证过 未核实 没核实"
)
"""Words of non-authority that say a folder is not vetted, not that it is wrong or unfinished:
beside a caution ("treat them with care", "请谨慎参考") they are a caution, as a negated word of
authority is ("未经统一审核"); "half-finished ideas ... treat them with care" stays out."""

EN_PREFER = words(
    """
    prefer preferred primary first start_with start_here begin_with rely_on instead go-to go_to
    highest_priority take_priority takes_priority precedence recommended before_looking_elsewhere
    before_anything_else trust best starting_point turn_to refer_to
    """
)
"""Words that say to answer from a folder before the rest."""

EN_ASK = words("ask check_with talk_to speak_to contact email call consult_with")
ZH_ASK = words("问 询问 请示 联系 咨询 打电话 告知 通知 报备")
"""Verbs of asking a person: right after a word of preference ("要加新的请先问制作人", "first
check with the editor") they make it a preference for a person, not for a folder."""
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
    master_copy gold_standard the_authority the_reference the_real_one the_real_ones
    answer_from answers_from answered_from come_from comes_from
    most_reliable official up_to_date trusted_source main_source most_up-to-date
    most_accurate most_current most_complete latest_version the_latest real_answer real_answers
    only_up-to-date only_up_to_date
    one_that_counts ones_that_count is_what_counts trust
    check_against double-check_against verify_against cross-check_against
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
INDEX_NAMES = words(
    "index toc contents tableofcontents summary sitemap starthere 目录 索引 总览 导览 首页"
)
"""Names of a page that is an index (``INDEX.md``, ``00-start-here.md``, ``目錄.md``; written
lower-case, Simplified, without blanks, hyphens or a leading number): a README that names one
points to where reading starts, whatever it says of it, unless it says more."""
EN_START = words("start begin first open read begins starts")
EN_ENTRY = EN_INDEX | EN_START
"""Words that make a named file an entry point ("start from `index.md`"): those that name an
index (EN_INDEX) and those of reading order (EN_START). A sentence that names an index file
and another file read first ("read `CONTRIBUTING.md` first, then use the map in `SUMMARY.md`")
has the index as its entry, not the other."""

ZH_NEGATORS = words(
    "不宜 千万不要 绝不 不许 毋 莫 不必 无须 唔使 唔准 不要 勿 不得 别 不能 不可 禁止 不应 不准 唔好"
    " 无需 不用 不再 避免 暂不 不需 不该 严禁 唔可以 唔应该 唔能"
)
"""Negators: 不得 + 引用 forbids, 不得 + 修改 is about writing."""

ZH_USE_VERBS = words(
    """
    用 查 看 拿 按 依 读 信 答 凭 搬 翻 据此 据以 以此 参考 参照 参阅 作为 当作 当成 当做 当真
    视为 看作 视作 照做 照抄 照此 照着 照著 援引 引述 转述 检索 搜索 收录 遵循 遵照 执行 作准 作数 当系
    回复 处理 引以为据 推荐 睇 攞 照 回
    告诉 提及 提到 说出去 讲出去 讲给 说给 贴给 发给
    """
)
"""Verbs of using a page to answer (照著 beside 照着: 著 is a Simplified character too, left as
it is by the conversion), and of telling what it says ("不要再告訴客人", "回答時請不要提及")."""

ZH_WRITE_VERBS = words(
    """
    修改 改 删除 删 提交 重命名 编辑 外传 外流 放 发 上传 动 移动 公开 分享 覆盖 更改 改动 写入
    新增 添加 推送 外泄 转发 发布 手动编辑
    改名 挪动 移除 清理 整理 格式化 存入 写 加 合并 推 签入 覆写 放置 公布 泄露 泄漏 传出 外发 带出 拷贝 变更 给 转给 交给 混用
    """
)
"""Verbs of writing to a folder (给 / 转给: handing pages to someone, "不用给选手看"; 混用:
mixing two styles in what one writes, "两者不要混用")."""
ZH_REMOVE_VERBS = words("删除 删 移动 动 搬 搬位 搬动 挪动 移除 清理 清掉 丢 扔 改名 重命名")
"""Verbs of removing a folder's pages (see :data:`EN_REMOVE_VERBS`)."""
ZH_NOT_REMOVE_AFTER = words("照")
"""Before a verb of removing, a word that makes it one of use: 照搬 ("copy as is", "不要照搬")
applies the pages."""

ZH_STORE = words(
    """
    存在 移到 移至 归档 归档到 归档在 归档于 同步 生成 放
    """
)
"""Where pages are put: 会议纪要放在 `会议/` describes, it does not forbid."""

ZH_PROHIBIT = words(
    "忽略 排除 跳过 不包括 但不 不检索 不收录 不算 不计数 唔计数 唔算"
    " 略过 略去 无视 不理 不予理会 不予采信 不予参考 不必理会 别管 不用管 不用理 唔使理 唔使管 唔好理"
    " 当它不存在 当它们不存在 当佢唔存在 当佢哋唔存在 当作不存在 当成不存在 当做不存在 视为不存在"
)
"""Words that forbid on their own."""

ZH_NOT_AS = words(
    "不作为 不作 不能作为 不可作为 不得作为 不应作为 不当 别当 不要当 不能当 不可当 唔好当 唔当"
    " 不是 唔系 不代表 并非 不算是"
)
ZH_AUTHORITY_NOUNS = words("依据 根据 来源 标准 准则 指引 政策 决议 规定 答案")
ZH_CLAUSE_END = words("喔 啦 哦 了 呀 啊 㗎 哈 咯 嘛")
"""A clause that ends in a noun of authority after a negated "serve as" or "be" forbids its
folder's pages: "不作为医嘱依据", "不作为工艺问题的答案来源", "别当标准", "唔係指引", "不代表決議",
"不是服務的標準喔". The noun ends the clause (a particle may follow): "不是所有规定都在这里" says
only that some are elsewhere."""

ZH_NON_AUTHORITY = words(
    """
    历史版本 过期 过时 作废 废止 废弃 弃用 停用 已替代 已取代 仅作历史
    历史记录 历史意义 只用于追溯 仅供追溯 未经审校 未经核准
      半成品
    草稿 仅供参考 不再反映 已不反映 已不符 虚构 
    可能有错 探索性 被否决 待定 失效 无效 过了时 过咗时  
       停止维护 无人维护 下线 草案 征求意见稿 初稿 未完成
    未完善 待审 审核中 有误 是错的 错的 不正确  仅作记录 仅作参考
    仅供学习 仅供存档 不作数  不作准 撤销  
      陈旧 老旧 杜撰 实验性 试验性 随手 随笔 没想清楚 不成熟 私人
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
    待核定 待确认 废除 停止适用 未批 未获批
    未经测试 未测试 没测过 未测过 未经验证 未验证 没验证过 未核实 没核实
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
    首要 主要参考 先去 先到 先翻 先找 请先 最先 推荐 建议先 答案来自
    先参阅 先从 先睇
    """
)
"""Words that say to answer from a folder before the rest."""

ZH_FIRST_AFTER = words("先")
"""A word of order said after its verb and object, at the clause's end (Cantonese: 查呢度先,
睇 `a/` 先): the verb's source is looked at first."""

ZH_RANK = words(
    """
    为准 为依据 作准 权威 正史 标准答案 唯一依据 唯一有效 唯一来源 唯一标准 基准 准绳
    说了算 现行 现用 最新版 有效版本 定本 依归 效力 主要依据 最可靠 官方 第一手
    最完整 最准确 最准 最正确 主要来源 第一来源 才算 定论 正式版本 正式版 的依据 真正的答案
    真正的
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
    decision decisions actually actual calibrated certified consistent confirmed
    greenlit green-lit greenlighted
    """
)
ZH_NOT = words("不 未 没 没有 冇 唔 非 并非 不是 尚未 从未 不代表 未经 不再 早就不 已不 已经不")
ZH_AUTHORITY = words(
    "正式 权威 准确 可靠 有效 真的 审核 批准 核实 验证 官方 最新 定稿 效力 评审 审阅 审查"
    " 采纳 实施 实行 落实 通过 生效 适用 定案 维护 更新 现行 这样 查证 查核 最终 为准 立场"
    " 口径 见解 送审 实作 实现 靠谱 校对 正宗 道地 实测 决定 执行 整理 清洗 当前 本项目 本馆"
    " 核对 现在 确认 核定 核准 完整 结论 实际 校正 校准 认可 认证 一致"
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

EN_PURPOSE = words("to in_order_to so_as_to")
ZH_PURPOSE = words("为了 以 以便 为")
"""A word of avoidance after one of these is a purpose, not a rule: "为了避免误会", "to avoid
confusion"."""

EN_ADVISE_LEAD = words("please only just always instead otherwise then simply but and so")
EN_ADVISE_TOPIC = words("for on about regarding with")
"""A topic said before an imperative with no comma ("For fees always use `fees.md`", "For
anything about lockers check `lockers/`"): up to six words after one of these."""
EN_ADVISE = words(
    "use check go_with go_by rely_on consult refer_to stick_to stick_with answer answer_from quote_from cite"
    " follow"
)
EN_ADVISE_NAMED = words("follow")
"""Verbs of EN_ADVISE that prefer only a mention after them ("follow `rules.md`"): "follow the
page it links to" has an object of its own and lends nothing."""

ZH_ADVISE_LEAD = words("请 一律 统一 直接 只 仅 改 其余一律 只能")
ZH_ADVISE_MORE = words("只 仅 直接 一律 统一 改 都 就")
ZH_ADVISE = words("使用 参照 认 参考 采用 依照 按照 遵循 查阅 查看 查 看 睇 参阅 引用 依据")
"""An imperative to use a folder prefers it: "use `v2/`", "otherwise use ...", "请只使用 ...",
"一律参考 ..." (an English clause that starts so; a Chinese one with 请, 一律, 直接 ... before
the verb). "只用于" (only used for) is none; 用 alone is no verb here ("命名请一律用小写")."""

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

EN_PERMIT = words("fine_to free_to feel_free_to ok_to okay_to welcome_to")
EN_BROWSE = words("browse browsing dip_into look_through flick_through leaf_through")
ZH_PERMIT = words("随便 随意 自由 尽管 放心 欢迎")
ZH_BROWSE = words("浏览 查阅 翻阅")
EN_PERMIT_IF = words("if when whenever unless only")
ZH_PERMIT_IF = words("如果 若 要是 假如 除非 只有 才 的话")
"""Leave to read a folder's pages, a verb of use or of browsing after one of the first words
("fine to browse", "feel free to read", "随便看", "可以自由浏览"), not negated: said in a
sentence that forbids nothing, the words of non-authority beside it ("archived", "已封存") say
what the pages are, not that they may not be used. Leave given on a condition ("fine to mention
if someone asks what is coming", "问到才看") is none: the condition is the rule's."""

EN_DETERMINERS = words("the a an this that these those our your their its his her my")
"""After "to", one of these makes it a preposition ("flag the chart to the pharmacy lead"), not
the purpose that makes a folder a tool ("use `tools/` to rebuild the index")."""
EN_AND_OR = words("or and nor")
ZH_AND_OR = words("或 或者 和 及 与 或是")
"""A verb of use joined to a negated verb of writing by one of these is negated too: "never send
or cite them", "不要修改或引用" forbid."""

EN_COMPOSE = words(
    "draft_with start_from_the template_for when_writing to_write for_new_pages file_names"
    " filenames naming name_files"
)
ZH_COMPOSE = words("起稿 拟稿 新建 草拟 档名 文件名 命名")
"""Writing a new page from a folder or file ("请用 `范本.md` 起稿"), or naming one ("檔名請用
船名_日期"): an imperative to use it there is about writing, no preference for answering."""

EN_AND_NEXT = words("and and_then while whereas")
"""Words that join a second clause about another folder ("`a/` wins and `b/` is out")."""

EN_CONTENT_HEADS = words("history histories")
"""Words of non-authority that name what pages hold when a word of content stands before them
("vet history", "the order history of each client"), and a status only after a function word
("is history", "kept for history")."""

EN_NOT_CUES = words(
    """
    no_matter not_only not_just no_reason_not_to in_case
    keeps_it_up_to_date keeps_this_up_to_date keeps_them_up_to_date keeps_these_up_to_date
    keep_it_up_to_date keep_this_up_to_date keep_them_up_to_date keeps_up_to_date
    first_of_the_month
    """
)
EN_FIRST_PLACES = words("stop port place before")
"""What "first" still says of order before a word that is no function word: "your first stop",
"the first port of call", "the first place to look", "first before anything else". Before any
other such word "first" is an adjective ("the first Monday", "first emails and mood boards",
"first-aid kit") and says nothing of which folder to read."""
ZH_NOT_CUES = words(
    "不得不 不能不 翻译 发挥 排除故障 故障排除 排除问题 别的 别人 别处 不只 不仅"
    " 识别 区别 分别 特别 类别 级别 个别 差别 辨别 鉴别 性别 告别 派别 组别 科别 不错 别个 别家"
)
"""Words that hold a cue word but say something else (有没有 and 是不是 ask: ZH_A_NOT_A), 发挥 (no 发 of writing), 排除故障
(troubleshooting, no 排除 of a folder), 别的 and 识别 (no 别 of "do not"), "not only", "the first
of the month" (a date: no "first" of preference), "Priya keeps it up to date" (who maintains a
folder, no word that vouches for it)."""

ZH_AVOID = words("尽量不要 尽可能不要 尽量避免 避免 降低 降权 次要 少用 尽量少 不推荐 最后才 靠后")
"""Words that lower a folder rather than forbid it."""
