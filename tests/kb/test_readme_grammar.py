"""The README grammar: a folder mention, a polarity and a scope, in English, Simplified and
Traditional Chinese. Every sentence here was written for these tests (none is taken from the
calibration data); each states what its folders become."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_retrieval.kb.rules import grammar, named_folders, parse_readme, sides
from knowledge_retrieval.lang import readme as cues
from knowledge_retrieval.models import KBRules

from ..conftest import write

X, P, E, N, C = "exclude", "prefer", "entry", "none", "conditional"


def _readme(text: str) -> KBRules:
    return parse_readme("# Handbook\n\nWhat the team knows.\n\n" + text + "\n")


def _got(rules: KBRules, path: str) -> str:
    on = [r for r in rules.understood if r.path == path]
    if not on:
        return N
    if on[0].action == "exclude" and on[0].unless is not None:
        return C
    return on[0].action


GOLDEN = [
    # English: prohibitions as written, with or without backticks, links, bold, lists
    ("Pages in `v3/` were superseded by the 4.0 docs.", {"v3/": X}),
    ("**`scratchpad/`** — my rough notes, do not rely on them.", {"scratchpad/": X}),
    (
        "We moved the old specs to [the archive](old-specs/); they are kept for history.",
        {"old-specs/": X},
    ),
    ("- `proposals/`: ideas under discussion (not approved yet)", {"proposals/": X}),
    ("3. Never answer from `tmp/` or `cache/`.", {"tmp/": X, "cache/": X}),
    ("Treat everything in the `stories/` directory as fiction.", {"stories/": X}),
    ("`legacy/` is deprecated - use `current/` instead.", {"legacy/": X, "current/": P}),
    ("`notes/` is where I dump ideas; none of it is verified.", {"notes/": X}),
    ("Skip old/ entirely.", {"old/": X}),
    ("Anything in the attic folder is outdated.", {"attic/": X}),
    (
        "The 2017 survey (`s/2017/`) is out of date; the resurvey in `s/2023/` replaces it.",
        {"s/2017/": X, "s/2023/": P},
    ),
    ("`轉載/` 係網上論壇轉載嘅文章，唔可以用。", {"轉載/": X}),
    # a word of authority conceded after "but" answers the non-authority before it
    ("`notes/` is informal, but accurate.", {"notes/": N}),
    ("| 班组笔记/ | 主管口头交代整理 | 非正式，但内容与SOP一致 |", {"班组笔记/": N}),
    # leave to read the pages, in a sentence that forbids nothing, answers "archived" and "old"
    (
        "`photos-2019/`: the old gala photos, archived; feel free to browse them.",
        {"photos-2019/": N},
    ),
    ("`旧账本/` 是前几年的流水，已归档，大家随便翻。", {"旧账本/": N}),
    ("`舊海報/` 已封存，不過歡迎瀏覽。", {"舊海報/": N}),
    (
        "`minutes-old/` is archived; do not quote it, though you are free to browse.",
        {"minutes-old/": X},
    ),
    ("`旧账本/` 已归档，不要随便看。", {"旧账本/": X}),
    ("`wip/` is unfinished; fine to read if someone asks about plans.", {"wip/": X}),
    # a ban said before a folder named and vouched for is the earlier folder's
    (
        "`old/` is out of date, please don't quote it — `new/` is the current one.",
        {"old/": X, "new/": P},
    ),
    ("`旧版/` 已过期，不要引用——`新版/` 是现行版本。", {"旧版/": X, "新版/": P}),
    # a prohibition said outright after the folder's own clause about keeping its pages
    (
        "`旧账/` 那个文件夹是我舍不得删的旧东西，价钱早就不算数了，莫拿来回答问题。",
        {"旧账/": X},
    ),
    # a word of non-authority in a case supposed ("if ... wrong") says nothing of the pages
    (
        "Sam looks after the `rigging/` pages; if something in there is wrong, tell him.",
        {"rigging/": N},
    ),
    ("`排班/` 由阿明维护，如果发现里面有错的地方，直接跟他讲。", {"排班/": N}),
    ("`drafts/` are not approved, but may be consistent.", {"drafts/": X}),
    # "not yet" is non-authority only before a word of authority (not yet approved, not yet
    # live), not before what a page has not yet done
    (
        "`m/` — minutes; if a page has not yet caught up the more recent minutes prevail.",
        {"m/": P},
    ),
    ("Pages in `wip/` are not yet approved.", {"wip/": X}),
    # written Cantonese 當係 (treat as) is a verb of using a page, as 当成 is
    ("| 草稿/ | 同事嘅筆記 | 睇吓參考就得，唔好當係正式做法照跟 |", {"草稿/": X}),
    # written Cantonese 睇 (look) and 攞 (take) are verbs of using a page; 先睇 reads first
    ("`舊價/` 啲價錢過咗時，唔好喺度攞報價。", {"舊價/": X}),
    ("`現行/` 最準，有咩唔清楚先睇呢度。", {"現行/": P}),
    ("`old-prices/` — retired rates, please don't pull quotes from it.", {"old-prices/": X}),
    # the condition after "only ... for" ends with its clause: what follows a dash is the
    # reason and the rule, not more of the condition
    (
        (
            "`attic/` is only there for reference – the 2019 rates were all replaced, so "
            "never use it to answer a question."
        ),
        {"attic/": X},
    ),
    ("Use `legacy/` only for questions about v1 – otherwise ignore it.", {"legacy/": C}),
    # 未批 (not approved) is a word of non-authority, as 未经批准 is
    ("| `提議/` | 大家諗嘅建議 | 公司未批，唔好照做 |", {"提議/": X}),
    # 只有 <a word pointing back> 才算: the page said before it, no condition on the question
    ("供应商名单：`合格供应商.md`，只有这里面的才算审过的。", {"合格供应商.md": P}),
    ("只有问到旧合同时才看 `2019/`。", {"2019/": C}),
    (
        "Deprecated: `sdk-v1/`, `sdk-v2/` (kept for customers who have not upgraded).",
        {"sdk-v1/": X, "sdk-v2/": X},
    ),
    # English: preferences and entries
    ("The `faq/` folder is the first place to look.", {"faq/": P}),
    ("Check `services/` first for anything about a particular app.", {"services/": P}),
    ("Everything in `ref/` is authoritative.", {"ref/": P}),
    ("Read `toc.md` for a list of every page.", {"toc.md": E}),
    ("New here? Start at [the map](map.md).", {"map.md": E}),
    # English: sentences that state no rule for search
    ("Please keep `assets/` tidy and don't delete images from it.", {"assets/": N}),
    ("`inbox/` holds unsorted clippings.", {"inbox/": N}),
    ("Files under `i18n/` are generated; edit the English source instead.", {"i18n/": N}),
    ("Do not commit credentials to `env/`.", {"env/": N}),
    ("Put drafts in `drafts/` until a reviewer signs them off.", {"drafts/": N}),
    # English: a condition about the question, and a reason that is none
    ("Don't use `beta/` unless the question names a beta feature.", {"beta/": C}),
    ("Ignore `audit/`; it is kept for audit purposes only.", {"audit/": X}),
    # Simplified Chinese
    ("`v1/`、`v2/` 已经作废，请以 `v3/` 为准。", {"v1/": X, "v2/": X, "v3/": P}),
    ("请先看 `常见问题/`。", {"常见问题/": P}),
    ("`草稿/` 里的内容尚未评审，不具权威性。", {"草稿/": X}),
    ("不要往 `发布/` 里提交未审核的文件。", {"发布/": N}),
    ("`备份/` 是旧数据的备份，不要据此回答，也不要删除。", {"备份/": X}),
    ("忽略 old/ 目录。", {"old/": X}),
    ("`旧规则/` 目录是历史版本，只用于追溯，**不得引用**。", {"旧规则/": X}),
    ("草稿目录 `drafts/` 中的内容未经批准，不能作为答案。", {"drafts/": X}),
    ("每周的会议纪要放在 `纪要/` 下。", {"纪要/": N}),
    ("优先查看 `手册/`，其次才是 `论坛/`。", {"手册/": P}),
    ("新人从 `导读.md` 开始读。", {"导读.md": E}),
    ("除非问题提到具体版本，否则不要参考 `发行说明/`。", {"发行说明/": C}),
    # Traditional Chinese (the same cue words, written once in Simplified)
    ("`舊制度/` 已作廢（2022 年起停用），請勿據此回答。", {"舊制度/": X}),
    ("查詢前請先閱讀 `索引.md`。", {"索引.md": E}),
    ("`範例/` 只是示意，不代表正式規定。", {"範例/": X}),
    ("報價一律以 `價目/` 為準。", {"價目/": P}),
    ("請勿修改 `範本/` 內的檔案。", {"範本/": N}),
    ("`試算/` 的數字尚未核實，僅供參考。", {"試算/": X}),
    # a word of authority prefers a named file; "first" makes it an entry page
    ("Shipping answers defer to `tariffs.md`.", {"tariffs.md": P}),
    ("报销标准以 `报销.md` 为准。", {"报销.md": P}),
    ("Read `start.md` first.", {"start.md": E}),
    # "first" before a word that is no function word is an adjective: no order of reading
    ("`kickoff/` holds the first emails and mood boards from each client.", {"kickoff/": N}),
    ("Rotas move to `old/` on the first Monday of January.", {"old/": N}),
    ("Make a folder under `scratch/` with your first name.", {"scratch/": N}),
    ("`intake/` is your first stop for anything about a new client.", {"intake/": P}),
    # 别 before a classifier is "other" (别个, 别家), no "don't": the rest is put out
    ("房租只认 `租约.md`，别个地方写的都不作数。", {"租约.md": P}),
    ("价钱看 `价目表.md`，别家报的价不算。", {"价目表.md": P}),
    # whole families: no longer updated, errors, not decided, archived, skip
    ("`年報/` 自 2019 年起就沒再更新過。", {"年報/": X}),
    ("`扫描件/` 是手工录入的，错漏不少。", {"扫描件/": X}),
    ("`構想/` 裡的東西都還沒定下來。", {"構想/": X}),
    ("The surveys in `surveys-2015/` are archived and full of errors.", {"surveys-2015/": X}),
    ("遇到一般問題時，請略過 `內部/`。", {"內部/": X}),
    ("None of the plans in `roadmap/` got implemented.", {"roadmap/": X}),
    # a paragraph ending in a colon gives its cue to the list after it
    ("以下資料夾已不再維護：\n\n- `甲/`\n- `乙/`", {"甲/": X, "乙/": X}),
    ("These folders are obsolete:\n\n- `old-a/`\n- `old-b/`", {"old-a/": X, "old-b/": X}),
    # a Traditional demonstrative before 資料夾 names no folder; 發版 is no verb of writing
    ("`舊合約/` 已終止，該資料夾僅留存備查。", {"舊合約/": X}),
    ("發版流程以 `RELEASE.md` 為準。", {"RELEASE.md": P}),
    ("实验总目录：`实验索引.md`。", {"实验索引.md": E}),
    # a comparison: the folder that loses is no preference; the winner may be said by name
    ("When `wiki/` contradicts a blog post, the blog post is wrong.", {"wiki/": P}),
    ("If `specs/` conflicts with `chat-logs/`, the spec is right.", {"specs/": P, "chat-logs/": N}),
    (
        "`制度/旧版/` 已停用；`制度/新版/` 与旧制度有出入时，以新版为准。",
        {"制度/旧版/": X, "制度/新版/": P},
    ),
    ("`price/` wins over `quotes/`, which are only estimates.", {"price/": P, "quotes/": N}),
    # a folder vouched for beside one put out is the one to answer from; alone, or where
    # pages are moved to, a word of authority describes
    (
        "`menus/summer/` is the approved menu; `menus/test-kitchen/` is half-baked.",
        {"menus/summer/": P, "menus/test-kitchen/": X},
    ),
    (
        "The tables in `tides/` — those are the real ones. Ignore `tides-scraped/`.",
        {"tides/": P, "tides-scraped/": X},
    ),
    (
        "`合同/已签/` 经法务核实；`合同/谈判中/` 的条款随时会变，不要引用。",
        {"合同/已签/": P, "合同/谈判中/": X},
    ),
    ("`校規/現行版/` 為正式版本，`校規/草稿/` 請忽略。", {"校規/現行版/": P, "校規/草稿/": X}),
    ("`glossary/` is reviewed by the editors.", {"glossary/": N}),
    (
        "`ideas/` is unapproved; approved ideas are merged into `plans/`.",
        {"ideas/": X, "plans/": N},
    ),
    # exclusions said by the way: nobody keeps it, not for applying, 暂不, 唔系, a longer object
    ("The rota in `rota/2022/` is stale; nobody has checked it since spring.", {"rota/2022/": X}),
    ("`handouts/` shows how a rule grew, not for applying it.", {"handouts/": X}),
    ("`预算/草拟中/` 的数字暂不对外引用。", {"预算/草拟中/": X}),
    ("`會議/草案.md` 唔係決定。", {"會議/草案.md": X}),
    ("`atlas-v3/` replaces the printed atlas in `atlas/`.", {"atlas-v3/": P, "atlas/": X}),
    # the folder a conditioned one is set against; a folder named by its place or its name
    (
        "`课表/本学期/` 是现行课表；`课表/上学期/` 只在问到上学期时查看。",
        {"课表/本学期/": P, "课表/上学期/": C},
    ),
    (
        "`绘本/初稿/` 尚未定稿，定稿后移到 `绘本/成书/`，请只参考后者。",
        {"绘本/初稿/": X, "绘本/成书/": P},
    ),
    ("机型参数在 `参数表/` 下，与 `宣传册/` 不一致时以参数表为准。", {"参数表/": P, "宣传册/": N}),
    ("The maps in `maps/1990/` were overtaken by the survey of 2004.", {"maps/1990/": X}),
    # words of their families a README writer reaches for
    ("`wiki-dump/` is a one-off export that nobody maintains.", {"wiki-dump/": X}),
    ("Prices: go by `pricing/current.md`.", {"pricing/current.md": P}),
    ("`menus/` — not ready.", {"menus/": X}),
    ("`论坛/` 的帖子不靠谱。", {"论坛/": X}),
    ("Leave `minutes/1998/` alone.", {"minutes/1998/": X}),
    ("Nothing in `motions/` has been voted on.", {"motions/": X}),
    ("`馆藏/私人笔记/` 不代表本馆口径。", {"馆藏/私人笔记/": X}),
    ("排班请按 `排班/2025.md` 执行，旧表一律作废。", {"排班/2025.md": P}),
    ("投诉处理只认 `流程/已发布/`。", {"流程/已发布/": P}),
    ("`試算/` 裡的表沒有一張送審過。", {"試算/": X}),
    # a verdict names a side by its folder or a name's Chinese part; a relative clause; instead
    (
        "If `lab/assay-limits.md` and `wiki/` disagree, the lab file wins.",
        {"lab/assay-limits.md": P, "wiki/": N},
    ),
    (
        "报价：见 `价格/2024版报价单.md`，与销售口头报价不一致时以报价单为准。",
        {"价格/2024版报价单.md": P},
    ),
    (
        "The figures come from the survey in `survey-2019/`, which is out of date.",
        {"survey-2019/": X},
    ),
    (
        "`menus/2023/` predates the new kitchen — quote from `menus/2025/` instead.",
        {"menus/2023/": X, "menus/2025/": P},
    ),
    ("每日记录统一放在 `记录/`，按月归档。", {"记录/": N}),
    # 翻 a verb of use, 翻译 none
    ("别去翻 `旧账/`。", {"旧账/": X}),
    ("请勿翻译 `术语/` 里的条目。", {"术语/": N}),
    ("Check `howto/` before asking on the forum.", {"howto/": P}),
    ("`规章/英文版/` 与中文版具有同等效力。", {"规章/英文版/": P}),
    ("Recipes: `recipes/tested/` only.", {"recipes/tested/": P}),
    # provenance is no storage; idioms of "must" hold a negator but forbid nothing
    ("`schema/` is generated from the database, so it is the thing to trust.", {"schema/": P}),
    ("There's no reason not to rely on `atlas/`.", {"atlas/": P}),
    ("遇到争议时不得不参考 `旧规/`。", {"旧规/": N}),
    # "follow" is no imperative to use: its object may be another page
    ("- `faq.md` sums up other pages; when in doubt, follow the page it links to.", {"faq.md": N}),
    # words of authority that describe set no folder against one put out
    ("Ignore `tmp/`. HR policy documents are in `hr/`.", {"tmp/": X, "hr/": N}),
    (
        "`old/` is obsolete. `tools/` holds scripts that work on any laptop.",
        {"old/": X, "tools/": N},
    ),
    ("`旧版/` 已作废。`工具/` 里是可以直接执行的脚本。", {"旧版/": X, "工具/": N}),
    ("`maps/a/` and `maps/b/` hold the same tiles; use the latter.", {"maps/a/": N, "maps/b/": P}),
    (
        "`maps/a/` and `maps/b/` hold the same tiles; ignore the former.",
        {"maps/a/": X, "maps/b/": N},
    ),
    # a word of non-authority denied; a folder that is no name; a year; a full stop
    ("`legacy-api/` is not deprecated: it is the API our partners call.", {"legacy-api/": N}),
    ("`经典版/` 并非废弃内容，照常查阅。", {"经典版/": N}),
    ("所以这个目录就当作纪念，别参考 `旧照片/`。", {"旧照片/": X}),
    ("The notes in 2018/ are all wrong now.", {"2018/": X}),
    ("Ignore tmp/.", {"tmp/": X}),
    # a folder takes no entry: the cue after it is looked for
    ("`课件/2016/` 是我开始教书时写的，很多结论后来证明有误，不要参考。", {"课件/2016/": X}),
    ("报销问题有冲突时以 `财务制度/` 为准。", {"财务制度/": P}),
    # an imperative to use prefers; a condition's scope is its clause; a purpose is no avoid
    (
        "Only open `v0/` when the question is about the 0.x releases; otherwise use `v1/`.",
        {"v0/": C, "v1/": P},
    ),
    ("只有问到试点项目时才查 `试点/`，其余一律参考 `正式/`。", {"试点/": C, "正式/": P}),
    ("報價請只使用 `價目/新/`。", {"價目/新/": P}),
    ("`整理/` 按主题分文件夹，命名请一律用小写。", {"整理/": N}),
    ("为了避免混淆，说明一下：`旧讲义/` 的内容已过时，请不要引用。", {"旧讲义/": X}),
    ("`模板/` 由行政部维护；如需改动，请先联系行政部，勿自行修改。", {"模板/": N}),
    ("If you are in a hurry, start with `quick.md`.", {"quick.md": E}),
    (
        "Reviewers must not quote `pending/` until it moves to `final/`, which is authoritative.",
        {"pending/": X, "final/": P},
    ),
    # an aside after a negator; a page named bare or from the root; "open" a page, not a PR
    ("Never, not even for a quick answer, quote `leaks/`.", {"leaks/": X}),
    ("**MAP.md** lists every page of the handbook.", {"MAP.md": E}),
    ("Signed minutes are filed in /minutes/signed/ and are authoritative.", {"minutes/signed/": P}),
    ("Open `handbook/start.md` and follow its links.", {"handbook/start.md": E}),
    (
        "Never push to `live/`; open a merge request against `review/` instead.",
        {"live/": N, "review/": N},
    ),
    (
        "`诊疗指南-旧.md` 写于新规出台之前，其中推荐的剂量现已禁用，切勿参考。",
        {"诊疗指南-旧.md": X},
    ),
    ("报价只能依据 `报价/现行.md` 回复。", {"报价/现行.md": P}),
    # a comparison's verdict names a side: by place, by word, or says the other is wrong
    (
        "`外包文档/` 可能已经过时；如与 `内部说明/` 有出入，以后者为准。",
        {"外包文档/": N, "内部说明/": P},
    ),
    (
        "If a page in `forum/` contradicts `POLICY.md`, assume the forum is wrong.",
        {"forum/": N, "POLICY.md": P},
    ),
    ("Where it conflicts with our own `howto/` notes, the notes win.", {"howto/": P}),
    # the folder that replaced another is preferred; 优先于 prefers what stands before it
    ("`sdk-v1/` was replaced by `sdk-v2/` last spring.", {"sdk-v1/": X, "sdk-v2/": P}),
    ("`旧章程/` 已被 `章程/` 取代。", {"旧章程/": X, "章程/": P}),
    ("盖章的合同存放在 `合同/盖章/`，其效力优先于任何草稿。", {"合同/盖章/": P}),
    # a question states no rule unless it is rhetorical or answered no
    ("Why would you quote `chatter/` for policy?", {"chatter/": X}),
    ("问：`旧系统/` 里的东西还能用吗？答：不能。", {"旧系统/": X}),
    ("Looking for the rates? Is `rates/` the right place?", {"rates/": N}),
    # a contrast lends nothing to the folder before it, but "old" dates it (as s4-021's
    # "last year's worksheets ... kept in case parents ask" is labelled); a denied entry word;
    # writing from a page
    (
        "Old quizzes (`quiz-2019/`) are kept for parents, but please use this year's folder, `quiz-2024/`.",
        {"quiz-2019/": X, "quiz-2024/": P},
    ),
    # versioned siblings: the older, with no rule of its own, is out beside the newer preferred
    (
        "The quizzes in `quiz-2019/` are kept for parents; please use `quiz-2024/`.",
        {"quiz-2019/": X, "quiz-2024/": P},
    ),
    ("`书目.md` 是给新人的书单，不是本库的导航。", {"书目.md": N}),
    ("新的流程文档请用 `流程模板.md` 起稿。", {"流程模板.md": N}),
    # an exclusive preference puts out the other folders of its sentence (not a party)
    (
        "Refund answers come from `refunds/policy.md` only; `refunds/log/` is for the auditors.",
        {"refunds/policy.md": P, "refunds/log/": X},
    ),
    (
        "退货问题一律以 `退货/规则.md` 为准；`退货/台账/` 仅供仓库对账。",
        {"退货/规则.md": P, "退货/台账/": X},
    ),
    (
        "退货问题一律以 `退货/规则.md` 为准；`退货/流程/` 是仓库的操作步骤。",
        {"退货/规则.md": P, "退货/流程/": N},
    ),
    ("若 `规范/` 与 `旧规范/` 说法不同，一律以 `规范/` 为准。", {"规范/": P, "旧规范/": N}),
    ("`课程/2020/` 已被新课程取代。", {"课程/2020/": X}),
    # "put in" says where pages are; a word of non-authority in another clause still forbids
    ("旧的排班表都放在 `排班-旧/`，现在改用系统排班，那些表已不具参考价值。", {"排班-旧/": X}),
    ("`第三方/` 下是上游代码的副本，不要提交对它的修改。", {"第三方/": N}),
    ("`配方-试/` 只是我随手试的，別照著做。", {"配方-试/": X}),
    # a word that holds a cue but says something else: 发挥, 排除故障, 别的
    ("常见回复都在 `模板/` 里；已有模板时直接用它，不要自己发挥。", {"模板/": P}),
    ("排查网络问题时，先从 `网络索引.md` 找到对应页面。", {"网络索引.md": E}),
    ("排除故障時，請先看 `故障/`。", {"故障/": P}),
    ("Use `manual-v3/` for setup, except for questions about the 2.x firmware.", {"manual-v3/": P}),
    # a folder used as a tool or to write is no source
    ("Use the scripts in `bin/` to rebuild the search index.", {"bin/": N}),
    ("Use `page-templates/` when you create a new runbook.", {"page-templates/": N}),
    ("请用 `格式/` 里的样式写新文档。", {"格式/": N}),
    ("Use `answers/` to answer customer questions.", {"answers/": P}),
    # a word of authority denied is one of non-authority
    ("The `exports/` folder is not the source of truth.", {"exports/": X}),
    ("`初稿/` 里的内容不是最终版本。", {"初稿/": X}),
    ("`scans/` is only for reference; use `typed/`.", {"scans/": X, "typed/": P}),
    # 以 <a noun> 为准 prefers that noun, not the folder before it; 以此为准 lends
    ("`手册/` 内容较多，细节请以人事室公告为准。", {"手册/": N}),
    ("`手册/` 是最新整理的，以此为准。", {"手册/": P}),
    ("`纪要/` 只写讨论经过，结论一律以各业务目录中已经发布的正式制度文件为准。", {"纪要/": N}),
    # a clause that says one folder's name speaks of that folder, not of the others
    (
        (
            "`notes/` has ideas that later moved into `guides/` and `faq/`. "
            "If a note and a guide disagree, trust the guide."
        ),
        {"notes/": N, "guides/": P, "faq/": N},
    ),
    # what holds "otherwise" is said after the condition
    ("`旧规/` 已由新规取代，除非问题问到旧规，否则请勿引用。", {"旧规/": C}),
    ("`舊辦法/` 已由新辦法取代，除非使用者問的是舊辦法，否則不要參考。", {"舊辦法/": C}),
    # a verb that takes its source as object reaches no folder named only before it
    ("Entries in `lapsed/` refer to members who left and must not be cited.", {"lapsed/": X}),
    ("Shop answers should be answered from `shop.md`.", {"shop.md": P}),
    ("Records in `closed/` refer to accounts we closed last year.", {"closed/": N}),
    # a negator with no verb of use denies the word of non-authority after it
    ("Don't think `faq/` is outdated because it is short.", {"faq/": N}),
    ("不要以为 `守则/` 已经过时了，它每年都修订。", {"守则/": N}),
    ("`dusty/` has not been touched in years and is outdated.", {"dusty/": X}),
    # a route reaches its folder and the list after it, not a folder said more of
    ("账单问题请先查 `账单/`，`杂项.md` 只作补充。", {"账单/": "route", "杂项.md": N}),
    (
        "Billing questions: look in `billing/`, `invoices/`.",
        {"billing/": "route", "invoices/": "route"},
    ),
    # a verb of authority prefers its subject; its object loses
    ("Answer from `policy.md`, which overrides anything in `wiki/`.", {"policy.md": P, "wiki/": N}),
    ("`RATES.md` overrides everything else.", {"RATES.md": P}),
    # advice to take care makes a word of non-authority a caution
    ("`众包/` 的条目未经审核，引用时请谨慎核对。", {"众包/": N}),
    ("`crowd/` entries are unverified, so treat them with care.", {"crowd/": N}),
    ("`众包/` 的条目未经审核，请谨慎，不要引用。", {"众包/": X}),
    # giving a page as an answer is using it
    ("`lab/` results are preliminary and should not be presented as findings.", {"lab/": X}),
    # a sentence that says its file is not the map names no entry
    (
        "`primer.md` is a good place to start for beginners, not an index of this wiki.",
        {"primer.md": N},
    ),
    ("`入门.md` 是给外行的导读，并不是本库的目录页。", {"入门.md": N}),
    # a contracted negation before a word of authority; a word of authority qualifies
    ("The sheets in `estimates/` aren't official.", {"estimates/": X}),
    ("`tmpl/` hasn't been reviewed and isn't canonical.", {"tmpl/": X}),
    ("评审通过的草案会移入 `正式/`。", {"正式/": N}),
    # a condition said in the next sentence keeps the exclusion conditional
    ("`prices-2020/` is outdated. Only use it when asked about 2020 prices.", {"prices-2020/": C}),
    # filing is storing; "对外" is no verb of writing; 严禁 forbids
    ("已签署的合同按年份归档在 `合同/2024/`。", {"合同/2024/": N}),
    ("`对账中/` 的数字仍会变动，暂勿对外引用。", {"对账中/": X}),
    ("`初稿/` 严禁作为答复依据。", {"初稿/": X}),
    # "and" joins the two parties of a comparison; "the" names neither side
    (
        "If a note in `notes/` and a page in `guides/` disagree, the guide wins.",
        {"guides/": P, "notes/": N},
    ),
    # what its subject replaced is out, the subject preferred
    ("`policy/v5/` supersedes `policy/v4/`.", {"policy/v5/": P, "policy/v4/": X}),
    ("`章程/2024.md` 经理事会通过，取代 `章程/旧版/`。", {"章程/2024.md": P, "章程/旧版/": X}),
    # a preference of authority puts out a folder its sentence reserves for another use
    ("`价目/现行/` 为现行版本，`价目/2019/` 仅供内部比对。", {"价目/现行/": P, "价目/2019/": X}),
    (
        "旧模板（`模板/旧/`）只用于打印存档，其他情况一律使用 `模板/新/`。",
        {"模板/旧/": X, "模板/新/": P},
    ),
    # not to be taken as expired is no prohibition; 以 X 作为 <authority>; 不代表…立场
    ("这些合同仍然有效，请不要把 `旧合同/` 当成作废文件。", {"旧合同/": N}),
    ("报价以 `报价/2025.md` 作为正式依据。", {"报价/2025.md": P}),
    ("`随笔/` 只是个人看法，不代表公司立场。", {"随笔/": X}),
    # a negator inside a word (识别) is none; "if you ..." is no condition on the question
    ("`转写/` 由系统自动识别生成，错漏很多。", {"转写/": X}),
    ("Reuse the layout of `mockups/` if you like, but its prices are outdated.", {"mockups/": X}),
    # a negated verb of replacing: the subject yields to its object
    (
        "Slides in `decks/` are no substitute for the text in `handbook/`.",
        {"decks/": X, "handbook/": P},
    ),
    ("`速记/` 只是草记，不能代替 `会议纪要/`。", {"速记/": X, "会议纪要/": P}),
    ("`講義/` 省略了許多細節，不能取代原始規定。", {"講義/": X}),
    ("`核心/` 里的手册是不可替代的。", {"核心/": N}),
    ("`gold/` cannot be replaced by anything else.", {"gold/": N}),
    # a comparison of authority prefers its better side and sets nothing on the other
    ("`ledger/` is more reliable than the exports in `exports/`.", {"ledger/": P, "exports/": N}),
    (
        "Shift notes are kept in `shifts/` — newer than anything in `binders/`.",
        {"shifts/": P, "binders/": N},
    ),
    ("`口述/` 不如 `会议记录/` 准确。", {"口述/": N, "会议记录/": P}),
    ("`wiki/` is not more reliable than `policies/`.", {"wiki/": N, "policies/": P}),
    ("`wiki/` 并不比 `制度/` 可靠。", {"wiki/": N, "制度/": P}),
    ("`a-old/` 比 `a-new/` 旧。", {"a-old/": N, "a-new/": P}),
    ("`mirror/` lags behind `main/`.", {"mirror/": N, "main/": P}),
    # a verb of replacing, passive ("was replaced with"), or with 了; "superseded documents" is
    # an adjective, no verb with an object
    (
        "`archive/` holds superseded documents and `drafts/` unreleased work; neither is final.",
        {"archive/": X, "drafts/": X},
    ),
    ("`v2/` was replaced with `v3/`.", {"v2/": X, "v3/": P}),
    ("`新版/` 替换了 `旧版/`。", {"新版/": P, "旧版/": X}),
    ("Prefer `handbook/` to `forum/`.", {"handbook/": P, "forum/": N}),
    # a draft stands under its final as an older version under a newer one
    ("Prefer `final/` to `drafts/`.", {"final/": P, "drafts/": X}),
    (
        "If the running orders in `gigs/draft/` and `gigs/final/` differ, the final one is the one that counts.",
        {"gigs/draft/": X, "gigs/final/": P},
    ),
    # a comparison's verdict names a side by a part of its name; a party that loses to a
    # source outside the KB is out, one that loses to a folder is ranked under it
    (
        "When `fees/fees_2021.md` and `fees/fees_current.md` disagree, the current one wins.",
        {"fees/fees_2021.md": X, "fees/fees_current.md": P},
    ),
    (
        "Where the dosing card (`dosing-card.pdf`) and the BNF disagree, go with the BNF.",
        {"dosing-card.pdf": X},
    ),
    (
        "Where `card.pdf` and the BNF differ, go with the BNF and tell the pharmacist.",
        {"card.pdf": X},
    ),
    ("`排班表.xlsx` 若与调度系统里的记录冲突，以系统记录为准。", {"排班表.xlsx": X}),
    # more words of non-authority and dated facts; a preference for asking a person
    ("`readings/raw/` 的数据未经校准，别直接引用。", {"readings/raw/": X}),
    ("`流程圖/舊版.pdf` 裡的審批順序是錯的。", {"流程圖/舊版.pdf": X}),
    ("`评价/` 里收的都是不错的范文。", {"评价/": N}),
    ("The manual in `kiln-2009/` is for a kiln we got rid of long ago.", {"kiln-2009/": X}),
    ("`土方/` 里是会员自己试的偏方，协会没有认可。", {"土方/": X}),
    ("Logger exports in `logs/` are uncalibrated.", {"logs/": X}),
    ("片头音乐都在 `片头/`，想换新的请先问导播。", {"片头/": N}),
    ("排除故障时，先从 `排障索引.md` 找到对应章节。", {"排障索引.md": E}),
    # a clause that starts with 用 / 按 / 依 and a mention is an imperative to use it
    ("问：运费到底看哪份？答：按 `运费/2026.md`。", {"运费/2026.md": P}),
    ("`日志/` 按日期命名，每天下班前提交。", {"日志/": N}),
    ("用 `模板/` 写新的周报。", {"模板/": N}),
    # a pointer ("see", 见) tells where a topic is written down: no rule alone; beside a
    # folder put out, or vouched for, it names what to answer from instead
    ("Shift codes: see `codes/shifts.md`.", {"codes/shifts.md": N}),
    ("报销流程见 `财务/报销.md`。", {"财务/报销.md": N}),
    ("請假規定詳見 `人事/請假.md`，新人報到時會發。", {"人事/請假.md": N}),
    (
        "`menus/2023/` is last season's; for current dishes see `menus/spring/`.",
        {"menus/2023/": X, "menus/spring/": P},
    ),
    ("菜单见 `菜单/现行.md`，旧版已停用。", {"菜单/现行.md": P}),
    (
        "Wiring colours: see `elec/colours.md`, which the inspector signed off.",
        {"elec/colours.md": P},
    ),
    ("课表见 `课表/`（该学期已结束，仅作存档）。", {"课表/": X}),
    # an elided "not" after a named source; "haven't" denies the authority before it
    (
        "Visa questions are answered from `visas/rules.md`, not from the forum scrape in `forum/`.",
        {"visas/rules.md": P, "forum/": X},
    ),
    (
        "Torque values in `specs/torque.md` have been verified; the ones in `notes/` haven't.",
        {"specs/torque.md": P, "notes/": X},
    ),
    ("优先查看 `手册/`，而不是 `论坛/`。", {"手册/": P, "论坛/": N}),
    # a pointer is not preferred beside a page put out inside it; a label and a mention point
    (
        "操作手册见 `手册/`；其中 `手册/2019版.pdf` 的参数已经改过了。",
        {"手册/": N, "手册/2019版.pdf": X},
    ),
    (
        "Opening hours: `hours/current.md`. The `hours/2019.md` page is from before the move.",
        {"hours/current.md": P, "hours/2019.md": X},
    ),
    (
        "會費：`會務/會費.md`。`會務/舊會費.md` 是漲價前的，別再用。",
        {"會務/會費.md": P, "會務/舊會費.md": X},
    ),
    ("Opening hours: `hours.md`.", {"hours.md": N}),
    # a copy's words of non-authority are said of the copy, not of what it was copied from;
    # folder names with blanks and bracketed asides
    (
        "`M:/Team share/Finance (old copy)/` is a copy of `finance/` nobody has updated since.",
        {"M:/Team share/Finance (old copy)/": X, "finance/": N},
    ),
    ("`账目 (备份)/` 是 `账目/` 的旧备份，别再用。", {"账目 (备份)/": X, "账目/": N}),
    ("`minutes 2015-2018/` is historical; do not cite it.", {"minutes 2015-2018/": X}),
    ("`會議紀錄 2019/` 已經過時。", {"會議紀錄 2019/": X}),
    ("課表（`課表.pdf`）如果跟教務處公告不同，以公告為準。", {"課表.pdf": X}),
    (
        "If `wiki/` and `handbook/` disagree, the handbook is right.",
        {"wiki/": N, "handbook/": P},
    ),
    ("數字請看 `台帳/`，那裡的紀錄比月報可靠。", {"台帳/": P}),
    ("样例放在 `样例/`，比如报价单和发票。", {"样例/": N}),
    ("No more than ten files live in `inbox/`.", {"inbox/": N}),
    # a word of authority affirmed ("still", "反映") ranks; said in defence of a folder it does not
    ("Our shift rota (`rota.md`) dates from 2015 and is still what we follow.", {"rota.md": P}),
    ("排班表 `排班/总表.xlsx` 反映的是当前编制。", {"排班/总表.xlsx": P}),
    ("`舊約/` 裡的租約依然有效，請勿當成過期文件。", {"舊約/": N}),
    ("`原始数据/` 来自外部系统，尚未经本组清洗。", {"原始数据/": X}),
    # past use, a passive replacing, deletion, "not ours"; 请依 X 办理 prefers X
    ("`forms/paper/` is what we used before the system went online.", {"forms/paper/": X}),
    (
        "The 2021 layouts in `layouts/old/` were replaced after the office move.",
        {"layouts/old/": X},
    ),
    ("`旧表单/` 是系统上线前用的。", {"旧表单/": X}),
    ("`收件匣/` 裡的檔案隨時可能被刪。", {"收件匣/": X}),
    ("`deps/` bundles the manuals of other projects, not ours.", {"deps/": X}),
    ("报销请依 `报销/流程/` 办理。", {"报销/流程/": P}),
    # an entry is a page that lists pages: an index named beside a page read first wins
    (
        "Newcomers: read `WELCOME.md` first, then use the index in `docs/INDEX.md`.",
        {"WELCOME.md": N, "docs/INDEX.md": E},
    ),
    ("新同事请先读 `须知.md`，再按 `总表.md` 的目录查找文件。", {"须知.md": N, "总表.md": E}),
    ("Staff badges we have issued are listed in `badges.csv`.", {"badges.csv": N}),
    ("新人请从 `必读.md` 开始。", {"必读.md": E}),
    ("Everything in `pending/` has not been signed off by the editor.", {"pending/": X}),
    ("`旧脚本/` 是 2.x 时代写的，现在大多跑不动。", {"旧脚本/": X}),
    ("| `图纸/定稿/` | 正式版本 |", {"图纸/定稿/": P}),
    ("Visa steps: follow `visa/current.md`.", {"visa/current.md": P}),
    ("`样本帐/` 里都是假资料。", {"样本帐/": X}),
    # a restriction of where a folder holds, or of when to use it, is a condition
    ("Rates in `rates/2019/` apply only to bookings made before 2020.", {"rates/2019/": C}),
    ("`规程/旧版/` 仅适用于 2020 年以前签订的合同。", {"规程/旧版/": C}),
    ("Only use `promo/` if a customer mentions the spring offer.", {"promo/": C}),
    # a rank in the past is a former one
    (
        "The dump in `export-2019/` dates from when Confluence was still our canonical wiki.",
        {"export-2019/": X},
    ),
    ("`旧站/` 存的是曾是官方网站的页面。", {"旧站/": X}),
    # past a clause about writing, a prohibition said outright still reaches the folder
    ("`底稿/` 是内部工作文件，请勿转发，也不要引用。", {"底稿/": X}),
    (
        "`worksheets/` holds working files, do not edit them, and do not cite them either.",
        {"worksheets/": X},
    ),
    ("`底稿/` 是内部工作文件，请勿转发。", {"底稿/": N}),
    # a comparison's first side named in the clause (or the sentence, after a semicolon) before
    (
        "`词表/定稿/` 为审定的用语，与 `词表/个人/` 冲突时，以前者为准。",
        {"词表/定稿/": P, "词表/个人/": N},
    ),
    (
        (
            "Regional rules are in `regions/north/`; where a regional page conflicts with"
            " `handbook.md`, the regional page wins."
        ),
        {"regions/north/": P, "handbook.md": N},
    ),
    # beside a preference, a folder kept for another use is out
    ("请先看 `指南/`；`指南/旧版/` 保留作为审计对照用。", {"指南/": P, "指南/旧版/": X}),
    ("Start with `guides/`; `guides/old/` is there for audits.", {"guides/": P, "guides/old/": X}),
    # a spreadsheet looked at first is preferred (it is no entry); a path with blanks in a name
    ("引用前先查 `总表.xlsx`。", {"总表.xlsx": P}),
    (
        "Notes in `ops/notes from Sam/` aren't cross-checked against the log.",
        {"ops/notes from Sam/": X},
    ),
    ("Type `cd docs/` and ignore the warnings.", {"cd docs/": N}),
    # "instead" replaces the folders named before it, in the sentence before a semicolon too
    (
        "`fees/old/` predates the price rise; quote from `fees/new/` instead.",
        {"fees/old/": X, "fees/new/": P},
    ),
    # a page that explains how the whole KB is organised is its entry
    ("`GUIDE.md` explains how this wiki is organised.", {"GUIDE.md": E}),
    ("`导览.md` 说明了整个资料库的整体结构。", {"导览.md": E}),
    ("`排班/甲/` 是目前实行的排班表。", {"排班/甲/": P}),
    ("`shifts/b/` is the rota we currently follow.", {"shifts/b/": P}),
    # "until" names where what is put out before it becomes authoritative
    (
        "`estimates/` is a sandbox; a figure there isn't final until it appears in `ledger/`.",
        {"estimates/": X, "ledger/": P},
    ),
    ("New pages go in `inbox/` until someone triages them.", {"inbox/": N}),
    # "predates", "from before", 早就: the folder is older than what holds now
    ("`forms/2018/` predates the new tax rules.", {"forms/2018/": X}),
    ("`报价/旧/` 的价格早就调整过了。", {"报价/旧/": X}),
    ("Dosing questions? `dosing/guide.md` is where the real answers are.", {"dosing/guide.md": P}),
    ("Leases in `leases/a/` follow the previous landlord's template.", {"leases/a/": X}),
    ("`交接/` 是前任主管留下的笔记。", {"交接/": X}),
    # 还没 (not yet), "not yet"; 确认 and 核定 are words of authority (negated: 未确认)
    ("`词条/候选/` 是编辑提的，主编还没看过。", {"词条/候选/": X}),
    ("`roster/next/` is not yet confirmed.", {"roster/next/": X}),
    ("`名录/甲/` 是主管确认过的名单；`名录/乙/` 尚未确认。", {"名录/甲/": P, "名录/乙/": X}),
    # a caution keeps a folder that is only not vetted; one said to be unfinished stays out
    ("`日志/` 由各人自行填写，未经统一审核，请谨慎参考。", {"日志/": N}),
    ("`构想/` 是随手记的点子，很多没落地，参考时请小心。", {"构想/": X}),
    # "the complete meeting history" says what a folder holds, not that it is history
    (
        "Skip `scratch/`; `minutes/` has the complete meeting history.",
        {"scratch/": X, "minutes/": N},
    ),
    ("`纪要/` 里有完整的会议历史记录。", {"纪要/": N}),
    ("`旧/` 现在基本没用了。", {"旧/": X}),
    # a folder said not to be there gets no rule; "not folders" names no folder
    (
        "Old builds are tags, not folders, so there's no `builds-old/` to worry about.",
        {"builds-old/": N},
    ),
    ("旧版本都在标签里，仓库里并没有 `旧构建/` 这样的目录。", {"旧构建/": N}),
    # the replaced folder named in the clause before; "beats" sets its object under its subject
    (
        "The 2022 list (`lists/2022.md`) has been superseded by `lists/2025.md`.",
        {"lists/2022.md": X, "lists/2025.md": P},
    ),
    ("`policies/` beats anything in `wiki/`.", {"policies/": P, "wiki/": N}),
    # "not decisions", "不是结论": a record of discussion, not of what was decided
    ("`minutes/` records discussions, not decisions.", {"minutes/": X}),
    ("`会议纪要/` 记录的是讨论，不是结论。", {"会议纪要/": X}),
    # a prohibition in a comparison forbids its subject, not what it is compared with
    (
        "Anything in `wiki/` that contradicts `policy/` should be ignored.",
        {"wiki/": X, "policy/": N},
    ),
    # "再看其他目录" names no folder; "linked from" names an index
    ("先看 `常见问题/`，再看其他目录。", {"常见问题/": P}),
    ("Every page is linked from `HOME.md`.", {"HOME.md": E}),
    # "kept in case" says why, not where pages are put: the preference after it holds
    (
        (
            "Last term's sheets are kept in case parents ask, but please answer from this"
            " term's folder, `sheets/now/`."
        ),
        {"sheets/now/": P},
    ),
    # put out, but "fine for questions about <topic>": out unless the question is about it
    (
        "`old-menus/` is outdated — fine for questions about the 2019 menu, but not for prices.",
        {"old-menus/": C},
    ),
    (
        "`menus/2023/` is outdated; the live menu is in `menus/now/`.",
        {"menus/2023/": X, "menus/now/": P},
    ),
    # facts of the world that date a folder's pages: it ended, the world changed since, it
    # stopped then, its pages are of a time before, or it is only a copy
    ("The tariffs in `tariffs/2021/` are from before the 2023 reform.", {"tariffs/2021/": X}),
    ("`roster/` stopped being updated when the club moved apps.", {"roster/": X}),
    ("`members-2017.md` lists many people who have since moved away.", {"members-2017.md": X}),
    ("Nobody has used the codes in `codes/set-a.md` since the merger.", {"codes/set-a.md": X}),
    ("A lot of the steps in `setup/` have changed since the upgrade.", {"setup/": X}),
    ("`guides/` was written in 2019, before the redesign went live.", {"guides/": X}),
    ("`运费/2021/` 是油价上调前的运费。", {"运费/2021/": X}),
    ("`联系人/` 里的人大多已经离职了。", {"联系人/": X}),
    ("`手册/` 是2019年写的，很多界面后来都改了。", {"手册/": X}),
    ("`备份/` 只是系统的自动备份。", {"备份/": X}),
    ("`教材/舊版/` 的內容停在2020年。", {"教材/舊版/": X}),
    ("仓库重新规划以后，`库位图/2021.pdf` 上的库位就全对不上了。", {"库位图/2021.pdf": X}),
    ("`流程/旧版入园.md` 是那几年的做法。", {"流程/旧版入园.md": X}),
    (
        "排班以 `排班/定稿.xlsx` 为准；`排班/工作版.xlsx` 会一直被改来改去。",
        {"排班/定稿.xlsx": P, "排班/工作版.xlsx": X},
    ),
    (
        "`清单.xlsx` 和 `财务/资产.xlsx` 对不上了的时候，以财务那份为准。",
        {"清单.xlsx": N, "财务/资产.xlsx": P},
    ),
    # ... and what only tells of a folder: when it is filled, where copies go, a habit
    ("Weekly reports are exported into `reports/` every Monday.", {"reports/": N}),
    ("Forms in `forms/` are filled in before a visit.", {"forms/": N}),
    ("`值班/` 记录每天下班前的交接。", {"值班/": N}),
    ("`导出/` 每天自动导出一次。", {"导出/": N}),
    ("`发布稿/` 定稿后请勿再改动。", {"发布稿/": N}),
    (
        (
            "Contracts signed before the rebrand are in `contracts/old-brand/`; they are still"
            " binding, so don't treat them as outdated."
        ),
        {"contracts/old-brand/": N},
    ),
    # a successor across its sentence, with words (and a parenthesis) between
    (
        "`rules-2019.md` has been replaced by the rules the board adopted in May (`rules-2024.md`).",
        {"rules-2019.md": X, "rules-2024.md": P},
    ),
    (
        "`规则/2019.md` 已由理事会五月通过的新规则（`规则/2024.md`）取代。",
        {"规则/2019.md": X, "规则/2024.md": P},
    ),
    ("`api/v3/` replaced `api/v2/` in March.", {"api/v3/": P, "api/v2/": X}),
    # versioned siblings: the older is out beside the newer preferred; the newer, named
    # current, is preferred beside the older put out; two versions described are no rule
    (
        "Prices in `prices/2019/` follow the 2019 catalogue; use `prices/2024/` for quotes.",
        {"prices/2019/": X, "prices/2024/": P},
    ),
    (
        "Rates: `rates/current.md`. Older rates are in `rates/old/`.",
        {"rates/current.md": P, "rates/old/": X},
    ),
    ("`docs/v1/` and `docs/v2/` cover the two APIs.", {"docs/v1/": N, "docs/v2/": N}),
    (
        "Answer from `fees/current.md`; `fees/pilot/` was the pilot's scheme, no longer applied.",
        {"fees/current.md": P, "fees/pilot/": X},
    ),
    # an age is no comparison; a verb of use joined to a negated verb of writing is negated;
    # 有没有 asks, it negates nothing; 当时 dates
    (
        "Notices older than six months go to `resolved/` and are not to be treated as current.",
        {"resolved/": X},
    ),
    ("Drafts are saved to `mt-raw/`; never send or cite them.", {"mt-raw/": X}),
    ("`档案/` 须保存十年，请勿删除或搬移。", {"档案/": N}),
    ("`处方集/` 是委员会核定的，回答有没有某药请以它为准。", {"处方集/": P}),
    ("扫描件放在 `修复/1998/`，当时用的材料现在已不建议使用。", {"修复/1998/": X}),
    # kept for another reason than answering; "not what we actually do" negates authority
    (
        "`rota/2019/` is only kept because the union asked; the rules are in `rota/current/`.",
        {"rota/2019/": X, "rota/current/": P},
    ),
    ("`申请书/旧/` 留着只是为了复用措辞，不代表我们实际怎么做。", {"申请书/旧/": X}),
    # "are not" after a word of authority denies it; a change names where the pages went
    (
        "`rates.md` is accurate as of the spring review; the scans in `scans/` are not.",
        {"rates.md": P, "scans/": X},
    ),
    (
        "`谱/旧版/` 是前任的标记，现任已经全部重标在 `谱/现行/`。",
        {"谱/旧版/": X, "谱/现行/": P},
    ),
    # altered beside the standard; differing from the published, beside an imperative to use
    (
        "配方一律以 `配方/标准/` 为准，`配方/分店版/` 可能被分店自行改过。",
        {"配方/标准/": P, "配方/分店版/": X},
    ),
    (
        "`论文/预印本/` 可能和期刊版不一致，引用请用 `论文/期刊/`。",
        {"论文/预印本/": X, "论文/期刊/": P},
    ),
    ("`设备/平板/` 是租赁时写的，那批设备已经全部归还。", {"设备/平板/": X}),
    # handing pages to someone, mixing styles: writing, no rule for search
    ("赞助商口播稿放在 `口播稿/`，不用给选手看。", {"口播稿/": N}),
    # an elided "never": the verb of the imperative before it, negated
    (
        "Always check `contacts.md`, never the printouts in `printouts/`.",
        {"contacts.md": P, "printouts/": X},
    ),
    # a copy (or raw) beside a folder its sentence prefers, not beside one it holds
    (
        "The files in `mirror/` are copies; the originals in `source/` take precedence.",
        {"mirror/": X, "source/": P},
    ),
    (
        "The pages in `rules/` are copies; the PDF in `rules/official/` is authoritative.",
        {"rules/": N, "rules/official/": P},
    ),
    # a folder named in Chinese quotes, before a folder word or a word of being inside
    ("「旧版」那个文件夹里是去年的价格，别拿来回答客户。", {"旧版/": X}),
    ("「草稿」里面的方案还没批，不能对外说。", {"草稿/": X}),
    ("「舊資料」資料夾已被新版取代，切勿引用。", {"舊資料/": X}),
    ("在「设置」里面可以改通知方式。", {"设置/": N}),
    # a negator right before the source of a verb of use said before it
    (
        "Answer refund questions from `refunds/policy.md`, never from `forum-posts/`.",
        {"refunds/policy.md": P, "forum-posts/": X},
    ),
    # a heading that names a folder says something of it
    ("## Do not answer from `scans/`", {"scans/": X}),
    ("### Begin here: `map.md`", {"map.md": E}),
    # Cantonese 先 after the verb and its object
    ("`價目/2025/` 有齊今年價錢，有客問就睇呢度先。", {"價目/2025/": P}),
    # an instruction to keep a folder current is about writing it
    ("Please keep `rota/` up to date after every swap.", {"rota/": N}),
    ("请保持 `通讯录/` 最新。", {"通讯录/": N}),
    # "before anything is ..." orders writing, not reading
    ("Photos are renamed before anything is uploaded to `photos/`.", {"photos/": N}),
    # a folder whose first word holds a digit may have blanks in its name
    ("Never quote `2022-23 committee notes/` to members.", {"2022-23 committee notes/": X}),
    # "nothing in `x/`" negates the verb of use after it
    ("Nothing in `_scratch/` counts; it is where I test layouts.", {"_scratch/": X}),
    # a verb that forbids, with its agent named, is what the agent does
    ("`exports/` is ignored by git, so back it up yourself.", {"exports/": N}),
    ("`草图/` 在服务器上被 rsync 忽略，记得手动备份。", {"草图/": N}),
    ("`草图/` 被排除在搜索之外。", {"草图/": X}),
    ("Skip `exports/` by default.", {"exports/": X}),
    # naming or filing pages is writing
    ("`合約/` 的檔名請用 客戶_日期。", {"合約/": N}),
    ("报价单请按 `报价/<客户>/` 归档。", {"报价/<客户>/": N}),
    # a negated verb of telling what a page says forbids it
    ("`旧价目/` 的价格早就不用了，不要再告诉客人。", {"旧价目/": X}),
    ("`下架功能/` 講嘅功能已經冇咗，回答時請不要提及。", {"下架功能/": X}),
    ("Never mention anything in `rumours/` to callers.", {"rumours/": X}),
    # a name with a blank beside a folder word; Cantonese answers and counts
    ("`備份 2019` 呢個資料夾係搬機剩低嘅，唔使理。", {"備份 2019/": X}),
    ("問：`舊價目/` 仲用得嗎？答：唔可以，已經被 `價目/` 取代。", {"舊價目/": X, "價目/": P}),
    ("`垃圾桶/` 入面嘅嘢唔計數。", {"垃圾桶/": X}),
    # a clause that puts out the rest prefers the folder named before it
    ("报价只看 `报价/2026.md`，别的地方写的价格都作废了。", {"报价/2026.md": P}),
    ("Rates: `rates/current.md`. Rates written anywhere else are void.", {"rates/current.md": P}),
    ("排班以 `排班/` 為準，其他地方的舊表唔好用。", {"排班/": P}),
    ("Open `map.md` before anything else.", {"map.md": E}),
    ("`loose/` 里是草稿，别的地方都可以用。", {"loose/": X}),
    # a negated word of rank is a word of non-authority, as a negated word of authority is
    ("`倾偈/`：大家讲吓嘅嘢，唔作准。", {"倾偈/": X}),
    ("`memo/` 里的东西不为准。", {"memo/": X}),
    ("`sketches/` is not authoritative.", {"sketches/": X}),
    # an aside that says nothing does not part folders listed together
    (
        (
            "For money the authoritative pages are `pay/rates.md` (wages, over-kilo) and "
            "`transport/fuel.yaml` (lorry fuel, hire)."
        ),
        {"pay/rates.md": P, "transport/fuel.yaml": P},
    ),
    (
        "钱的事以 `pay/rates.md`（工资，加班）和 `transport/fuel.yaml`（油费）为准。",
        {"pay/rates.md": P, "transport/fuel.yaml": P},
    ),
    ("`a/` (old, ignore) and `b/` (slides) are here.", {"a/": X, "b/": N}),
    # "the others" do not count: the folder named before is the one
    ("报价只看 `价目/现行/`，其他的都不作准。", {"价目/现行/": P}),
    ("報價淨係睇 `價目/現行/`，其他嘅唔作準。", {"價目/現行/": P}),
    # a 比 with a negator before its word of comparison compares nothing: 比分 is a score
    ("`球賽/非正式/` 嘅比分未經裁判確認，唔好引用。", {"球賽/非正式/": X}),
    ("`x/` 嘅比分唔好用。", {"x/": X}),
    ("`甲/` 比 `乙/` 可靠。", {"甲/": P, "乙/": N}),
    # a duplicate is a copy; the real one is the authority
    (
        "`menu-copy/` is a duplicate Sam made; the real one is `menu/`.",
        {"menu-copy/": X, "menu/": P},
    ),
    ("`排班-副本/` 是小王自己复制的，真正的排班在 `排班/` 里。", {"排班-副本/": X, "排班/": P}),
    ("`規則.md` 係收貨嘅唯一標準。", {"規則.md": P}),
    # Cantonese: 冇 negates, 睇 looks
    ("`筆記/` 冇經過確認。", {"筆記/": X}),
    ("開店流程一律睇 `手冊/`。", {"手冊/": P}),
    # a bare Chinese path ends where the sentence goes on after it
    ("旧档/里的班次是改线之前的，别用。", {"旧档/": X}),
    # "the right folder", "the last folders" name no folder
    ("Until I move them into the right folder, do not answer from `drafts/`.", {"drafts/": X}),
    # who keeps a folder up to date vouches for nothing; treated as absent, a folder is out
    ("- `menus/` — this week's menus (Ola keeps them up to date).", {"menus/": N}),
    ("`pitches/` is a dumping ground, nothing in there is greenlit.", {"pitches/": X}),
    ("Treat `tmp/` as if it does not exist.", {"tmp/": X}),
    ("`筆記/` 係我哋亂寫嘅，當佢唔存在就得。", {"筆記/": X}),
    ("| 資料夾 | 內容 | 備註 |\n|---|---|---|\n| `提案/` | 新方案 | 未核准 |", {"提案/": X}),
    ("- `safety/` — incident forms and first aid procedures.", {"safety/": N}),
    # "the only": the one that counts, neither a mere copy nor a restriction
    ("`wifi.md` is the only up-to-date copy.", {"wifi.md": P}),
    (
        "`docs/` has the only pages signed off, so check it first for any question about fees.",
        {"docs/": P},
    ),
    # 不用 said last: not to be used; an answer "不用，" before another folder is not
    ("二、`價目/` 只看最新一版；`價目/舊版/` 一律不用。", {"價目/": P, "價目/舊版/": X}),
    ("`舊指南.md` 還要看嗎？不用，請看 `指南.md`。", {"舊指南.md": X, "指南.md": P}),
    # a case of an item not in the folder says nothing of the folder: it is the whole list
    ("`roster/` is the list; if a name isn't in there, it isn't approved.", {"roster/": N}),
    ("`名单/` 是总表，如果不在里面，就不是正式队员。", {"名单/": N}),
    # trust is a word of authority: a file to trust is preferred, not only an entry
    ("`setlist.md` is the one to trust; the copies drift.", {"setlist.md": P}),
    # a folder that was the authority is one no longer: what the sentence says of it now holds
    ("`rates/` was the policy, but it is outdated now; do not quote it.", {"rates/": X}),
    ("Don't trust `notes/`.", {"notes/": X}),
    # "before" a mention ranks, as "over" does; before an event it dates
    ("Answer from `protocols/` before anything in `training/`.", {"protocols/": P, "training/": N}),
    ("Look in `protocols/` before anything else.", {"protocols/": P}),
    ("Notes in `old/` are from before the move.", {"old/": X}),
    # untested is not vetted; Cantonese 呢 points as 这 does
    ("Recipes in `glaze/tests/` are untested.", {"glaze/tests/": X}),
    ("`釉料/试验/` 里的配方没测过。", {"釉料/试验/": X}),
    ("客人入場規矩寫晒喺 `守則/`，以呢份為準。", {"守則/": P}),
    # a negator said as a label governs what follows its colon or dash
    ("- Don't: answer from `old/` pages", {"old/": X}),
    ("Never – quote `drafts/` to a client.", {"drafts/": X}),
    ("唔好：用 `舊/` 嘅價錢。", {"舊/": X}),
    ("Do: check `faq/` first", {"faq/": P}),
    # handing a folder's contents to someone is answering from it
    ("不要把 `私人筆記/` 裡的東西貼給客人。", {"私人筆記/": X}),
    # 以 … 为主 ranks what it holds, with words between; a bare 为主 is "mostly"
    ("报价以老板确认过的 `价目表/` 为主。", {"价目表/": P}),
    ("`群聊/` 里的记录闲聊为主，别当真。", {"群聊/": X}),
    # history after a word of content is what pages hold; after a function word, a status
    ("`vans/` keeps each van's service history and tyre sizes.", {"vans/": N}),
    ("`2019/` is history now.", {"2019/": X}),
    # a migration notice: the folder moved is out, the one it moved to preferred; "the old
    # folder" / 旧目录 is the one moved, not a folder named old
    (
        "`rota-old/` has moved to `rota/`; the old folder is no longer updated.",
        {"rota-old/": X, "rota/": P},
    ),
    ("2024-05：`价目/` 已并入 `报价/价目/`，旧目录不再更新。", {"价目/": X, "报价/价目/": P}),
    ("`舊相/` 已經搬咗去 `相簿/2024/`。", {"舊相/": X, "相簿/2024/": P}),
    # "every other" is everything but the folder named: its prohibition prefers that one
    ("`fees/2025.md` is the only fee list. Every other fees file is history.", {"fees/2025.md": P}),
    # what is moved into an archive was archived, not succeeded
    ("Files older than a year are moved to `archive/`.", {"archive/": X}),
    # handing pages out is answering from them
    (
        "3. Do not hand out anything from `routes/old/` — those routes have changed.",
        {"routes/old/": X},
    ),
    ("`classic/` is not outdated.", {"classic/": N}),
    # a verb that takes its source, with a noun of its own after it, lends no preference
    (
        "There's also `drafts/`, where we work up role descriptions before they go to the forum.",
        {"drafts/": N},
    ),
    ("`faq/` is where answers live. Go to it first.", {"faq/": P}),
    # one item of a folder's contents dated dates no more than it; the whole described as past does
    (
        "- `breakdowns/` – what to do, the fault codes, the on-call rota, and last year's incident log.",
        {"breakdowns/": N},
    ),
    ("- `old/` – last year's prices.", {"old/": X}),
    # 以 … 为准 takes its noun from the last 以: 以后 starts none, and 呢份 points back
    ("`rules/2024.pdf` 已經由舍監簽核，以後一律以呢份為準。", {"rules/2024.pdf": P}),
    # A-not-A asks whether: 准不准 forbids nothing, 有没有过期 says nothing is out of date
    ("`秤/` 里的读数准不准，问老板。", {"秤/": N}),
    ("`价目/` 有没有过期，问老板。", {"价目/": N}),
    ("`校验单/` 是质监站出的，秤准不准以这个为准。", {"校验单/": P}),
    # a noun and an infinitive of use after a copula: the authority, unless it is for writing
    (
        "The menus in `menus/live/` are signed off weekly, so that's the version to go by.",
        {"menus/live/": P},
    ),
    ("`forms/` has our templates; these are the ones to use when you write a page.", {"forms/": N}),
]


@pytest.mark.parametrize(("text", "want"), GOLDEN, ids=[g[0][:40] for g in GOLDEN])
def test_a_sentence_becomes_its_rules(text: str, want: dict[str, str]) -> None:
    rules = _readme(text)
    assert {p: _got(rules, p) for p in want} == want
    made = {r.path for r in rules.understood}
    assert made <= set(want), f"rules on paths the sentence does not name: {made - set(want)}"


def test_every_sentence_naming_a_folder_is_reported() -> None:
    rules = _readme(
        "- `blog/` — posts, written weekly.\n"
        "- `ops/` must be read with care.\n"
        "- Do not edit `gen/` by hand.\n"
        "- Ignore `tmp/`."
    )
    assert [(s.text, s.became, s.note) for s in rules.sentences] == [
        ("`blog/` — posts, written weekly.", (), "no rule: no prohibition or preference found"),
        ("`ops/` must be read with care.", (), "not understood"),
        (
            "Do not edit `gen/` by hand.",
            (),
            "no rule: about writing to it, not about answering from it",
        ),
        ("Ignore `tmp/`.", ("exclude tmp/",), ""),
    ]
    assert [u.text for u in rules.not_understood] == ["`ops/` must be read with care."]
    assert [s.line for s in rules.sentences] == [5, 6, 7, 8]


def test_a_route_beside_a_folder_kept_out() -> None:
    rules = _readme(
        "If someone asks about tariffs, answer from `tariffs/2026.md` — not from `tariffs/scans/`."
    )
    got = {r.path: (r.action, r.when is not None) for r in rules.understood}
    assert got == {"tariffs/2026.md": ("route", True), "tariffs/scans/": ("exclude", False)}


def test_a_folder_read_first_is_a_preference_not_an_entry() -> None:
    rules = _readme("Start with `guides/`, then open `guides/index.md`.")
    assert rules.emphasize == ("guides/",)
    assert rules.entry == ("guides/index.md",)


def test_an_exclusion_stated_in_the_next_sentence() -> None:
    rules = _readme("`attic/` holds the 2019 notes. Do not quote them.")
    assert rules.exclude == ("attic/",)


def test_a_condition_in_the_next_sentence() -> None:
    rules = _readme("`legacy/` covers the 1.x API. Only use it when the question asks about 1.x.")
    (rule,) = rules.understood
    assert (rule.action, rule.path, rule.unless is not None) == ("exclude", "legacy/", True)
    assert rules.exclude == ()


def test_bare_words_with_a_slash_are_not_folders() -> None:
    rules = _readme("Answers are 24/7 and/or on call; ignore nothing.")
    assert rules.sentences == () and rules.understood == ()


def test_a_path_written_bare_under_a_folder_of_the_kb(tmp_path: Path) -> None:
    text = "# 市场\n\n摊位的事。\n\n电子秤/校验单 是质监站出的，以这个为准。退货/退款 问老板。\n"
    write(tmp_path / "电子秤" / "校验单" / "a.md", "# A\n")
    write(tmp_path / "退款" / "b.md", "# B\n")
    rules = parse_readme(text, named_folders(text, tmp_path))
    assert named_folders(text, tmp_path) == ("电子秤",)
    assert [(r.action, r.path) for r in rules.understood] == [("prefer", "电子秤/校验单/")]


def test_cue_lists_are_one_word_list_per_language() -> None:
    # written once, in Simplified: no Traditional-only character in the Chinese lists
    from knowledge_retrieval.text.analysis import to_simplified

    for name in dir(cues):
        if name.startswith("ZH_"):
            for word in getattr(cues, name):
                assert to_simplified(word) == word, (name, word)


_WORDS = st.sampled_from(
    [
        *sorted(cues.EN_NEGATORS)[:6],
        *sorted(cues.ZH_NEGATORS)[:6],
        "use",
        "引用",
        "`a/`",
        "b/",
        "the x folder",
        "[t](c/)",
        " ",
        "\t",
        "，",
        ", ",
        "-",
        "**",
        "[",
        "(",
        "/",
        "a",
        "目录",
        "\x00",
        # the classes of facts that date a folder, successors, siblings and an elided "never"
        "replaced by the",
        "have changed since",
        "before the",
        "已被",
        # a name in Chinese quotes before a folder word or a word of being inside
        "「",
        "」",
        "那个",
        "里面",
        "取代",
        "后来都改了",
        "前的",
        "copies",
        "never",
        "`v1/`",
        "`v2/`",
        "`current/`",
        # a copy's original; names with blanks and asides; a comparison's verdict by a part
        "a mirror of ",
        "的旧镜像",
        "`x y (copy)/`",
        "`n 2019/`",
        " disagree, go with ",
        "如与",
        "冲突",
        "以说明书为准",
        "答：按 ",
        "请先问",
        "详见 ",
        "see `s.md`",
    ]
)


@settings(max_examples=25, deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=12))
def test_reading_is_linear_in_the_sentence(piece: list[str]) -> None:
    """A sentence pumped 4 times as long takes at most about 4 times as long (plus slack)."""
    unit = "".join(piece)

    def took(n: int) -> float:
        text = "# T\n\nx.\n\n" + unit * n + "\n"
        t = time.perf_counter()
        parse_readme(text)
        return time.perf_counter() - t

    small, big = took(300), took(1200)
    assert big < 8 * small + 0.25, (small, big)


def test_polarity_of_cues() -> None:
    assert grammar.polarity(grammar.read_cues("do not cite")) == "exclude"
    assert grammar.polarity(grammar.read_cues("do not edit")) is None
    assert grammar.polarity(grammar.read_cues("不具权威性")) == "exclude"
    assert grammar.polarity(grammar.read_cues("具有权威性")) == "prefer"
    assert grammar.polarity(grammar.read_cues("outdated"), about_writing=True) is None


def test_a_comparison_gives_no_preference_to_the_folder_it_compares() -> None:
    rules = _readme(
        "Do not use `attic/`. If a page in `attic/` disagrees with a live page, the live page"
        " is right."
    )
    assert rules.exclude == ("attic/",)
    assert [r.action for r in rules.understood] == ["exclude"]


def test_conflict_words_are_no_negated_authority() -> None:
    assert not grammar.read_cues("两者不一致时以现行版为准").weak
    assert grammar.read_cues("两者不一致时以现行版为准").compare
    assert grammar.read_cues("已不符现行做法").weak


def test_name_forms() -> None:
    assert sides.name_forms("runbooks/") == ("runbooks", "runbook")
    assert sides.name_forms("藥品手冊/現行/") == ("现行",)
    assert sides.name_forms("读书笔记/") == ("读书笔记", "笔记")
    assert sides.name_forms("2019/") == ()


def test_a_comparison_that_prefers_none_of_its_folders_is_no_rule() -> None:
    rules = _readme("If a page in `attic/` disagrees with the wiki, ask the editor.")
    assert [(s.became, s.note) for s in rules.sentences] == [
        ((), "no rule: a comparison that prefers none of the folders it names")
    ]
    assert rules.not_understood == ()


def test_a_folder_that_loses_to_a_page_outside_the_kb_is_out() -> None:
    rules = _readme("If a page in `attic/` disagrees with a live page, the live page is right.")
    assert rules.exclude == ("attic/",)


def test_a_lead_in_about_a_couple_of_folders_is_read_with_its_list() -> None:
    """A couple *of* folders names no folder "of/": the lead-in's prohibition reaches each item
    of the list under it."""
    rules = _readme(
        "A couple of folders you should not answer from:\n\n"
        "- `attic/` is what we had before the move.\n"
        "- `ideas/` has things nobody has signed off yet.\n"
    )
    assert rules.exclude == ("attic/", "ideas/")
    assert [r.path for r in rules.understood] == ["attic/", "ideas/"]


@pytest.mark.parametrize(
    "text",
    [
        "报销标准以财务系统为准，`报销/` 只是旧的说明。",
        "報銷標準以財務系統為準，`報銷/` 只是舊的說明。",
    ],
)
def test_what_an_authority_governs_is_not_preferred(text: str) -> None:
    """以 <a noun> 为准 prefers the noun: the folder named by its name beside it (报销) is what
    that authority governs, not the authority."""
    assert _readme(text).emphasize == ()


@pytest.mark.parametrize(
    ("item", "named"),
    [
        ("Ops (copy)/", True),
        ("S:/Team share/Ops (copy)/", True),
        ("minutes 2015-2018/", True),
        ("运营部 (副本)/", True),
        ("notes/from Jess/", True),
        ("cd docs/", False),
        ("git add src/", False),
        ("ls -la build/", False),
        ("f(x)/", False),
        ("print(x)", False),
    ],
)
def test_a_folder_name_may_hold_blanks_and_an_aside(item: str, named: bool) -> None:
    """A blank in a first name makes a folder only beside a digit, a Chinese character or a
    bracketed aside; a command with a folder (`cd docs/`) and a call are no folder."""
    from knowledge_retrieval.kb.rules.patterns import is_pathlike

    assert is_pathlike(item) is named


def test_a_folder_of_the_kb_may_have_blanks_in_plain_words(tmp_path: Path) -> None:
    """`Old Minutes/` is no command: a first name with blanks that is a folder of the KB on
    disk names it, whatever its words; `cd docs/` stays no folder."""
    from knowledge_retrieval import list_kbs
    from knowledge_retrieval.kb.rules import named_folders

    kb = tmp_path / "kb"
    text = (
        "# Minutes\n\nThe committee's minutes.\n\n"
        "`Old Minutes/` has minutes from before we became a charity. Run `cd docs/` to build.\n"
    )
    write(kb / "README.md", text)
    write(kb / "Old Minutes" / "1998.md", "# 1998\n\nThe first AGM.\n")
    write(kb / "docs" / "index.md", "# Docs\n\nHow to build.\n")
    assert named_folders(text, kb) == ("Old Minutes",)
    (info,) = list_kbs(tmp_path)
    assert info.rules.exclude == ("Old Minutes/",)


def test_a_topic_that_is_temporary_is_no_status_of_its_folder() -> None:
    # 临时 (temporary) names a topic (临时送水, a temporary water supply) far more often than it
    # says a folder's pages are makeshift; said of the pages, a cue that reaches them stays
    rules = _readme("- 停水通知规定、临时送水 → `tingshui/`\n- `scratch/` 是随手记的临时笔记")
    assert rules.exclude == ("scratch/",)


def test_a_do_and_dont_table_reads_each_cell_under_its_column() -> None:
    rules = _readme(
        "| ✅ 要 | ❌ 不要 |\n|---|---|\n| 票价问题查 `票价/2025/` | 用 `票价/2023/` 的旧价格回答 |"
    )
    assert (_got(rules, "票价/2025/"), _got(rules, "票价/2023/")) == ("route", X)
    english = _readme(
        "| Do | Don't |\n|---|---|\n| start from `index.md` | answer from `old/` |\n"
        "| keep `notes/` tidy | |"
    )
    assert (_got(english, "old/"), _got(english, "notes/")) == (X, N)
    # a header that is no negator leaves the row one sentence
    plain = _readme("| Folder | Remarks |\n|---|---|\n| `old/` | don't use |")
    assert _got(plain, "old/") == X


def test_a_table_headed_by_a_folder_word_names_folders_in_its_first_column() -> None:
    rules = _readme(
        "| 資料夾 | 內容 | 備註 |\n|---|---|---|\n"
        "| 規則 | 現行規則 | 以此為準 |\n"
        "| 舊檔 | 以前的規定 | 已經廢止，毋通引用 |\n"
        "| `討論` | 會議建議 | 未通過 |\n"
        "| guide.md | 入門 | |"
    )
    assert _got(rules, "舊檔/") == X
    assert _got(rules, "討論/") == X
    assert _got(rules, "規則/") == P
    assert _got(rules, "guide.md/") == N  # a file's name is no folder
    english = _readme(
        "| Folder | What | Use? |\n|---|---|---|\n| **retired** | old rates | superseded |"
    )
    assert _got(english, "retired/") == X
    # a table headed by anything else names no folder with a bare word
    other = _readme("| Name | Role |\n|---|---|\n| archive | superseded |")
    assert _got(other, "archive/") == N
