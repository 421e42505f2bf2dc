"""The wording around the cues, per language (Chinese in Simplified): folder words and names,
clauses and their splits, questions about a folder, conditions and routes, headings, scripts."""

from __future__ import annotations

from ..grammar import words
from . import dated

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
    each any every same whole parent root one other some both all two three several more
    few many extra another
    new top sub given following above below current entire not no
    last next previous right wrong correct proper usual real actual
    任何 所有 这个 该 此 整个 每个 各 那个 这 那 本 各个 某个 上述 以下 进入 其他 旧 老 原
    old former original
    """
)
"""Words before a folder word that are not a folder's name ("every folder", "任何目录"); an
English stop word is none either ("this folder", "a couple of folders")."""

ZH_NAME_EDGES = words(
    "在 把 从 往 向 对 比 翻 到 请 将 每 所以 因此 这 那 该 此 其 各 本 进入 的 了 个 是 里 中 下 再 其他 其它"
)
"""A Chinese folder name read before 目录 / 资料夹 neither starts nor ends with one of these
("每一页在目录里", "所以这个资料夹" name no folder)."""

EN_RHETORICAL = words("why_would why_should why_on_earth why_bother")
ZH_RHETORICAL = words("难道 何必 哪能 怎么能 怎能 岂能 何苦")
EN_ANSWER_NO = words("no nope never")
ZH_ANSWER_NO = words("不能 不行 不可以 不可 不 否 别 不要 不用 不应该 唔可以 唔得 唔好 唔能")
"""A question about a folder states no rule, unless it is rhetorical ("why would you go to
`x/`?", "难道要拿它当制度用吗？") or the next sentence answers no ("Q: can I use `x/`? No."):
then the folder is out."""

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

EN_ELSEWHERE = words(
    "elsewhere anywhere_else everywhere_else anything_else everything_else other_folders"
    " other_pages other_files other_places other_sources any_other_folder any_other_page"
    " every_other all_other any_other"
)
ZH_ELSEWHERE = words(
    "别的地方 别处 其他地方 其它地方 他处 其他文件 其它文件 别的文件 其他目录 其它目录 其他文件夹"
    " 其它文件夹 别的文件夹 其他资料 其它资料 别的资料 其他页面 其它页面 别的页面"
    " 其他的 其它的 其余的 其他嘅 其它嘅 其余嘅 别个地方 别家"
)
"""Everything but the folders a sentence names, as a clause's subject: "`fees.md` is what
counts; prices anywhere else are void", "就看 `a.md`，别的地方说的价都不算". What such a clause
forbids, it forbids of the rest: the folder named before it is the one to use."""

EN_CONTRAST = words("but however")
ZH_CONTRAST = words("但 但是 不过 然而")
"""A clause after one of these gives its polarity to no folder before it."""

ZH_ADVISE_USE_NEXT = words("本 这 那 该 此 它 呢 𠮶 佢")
"""用 is a verb of use before a mention or one of these ("请用本学年的 ..."), not in "请一律用小写"."""

EN_ELIDED_NOT = words("never not and_not or_not nor but_never but_not")
ZH_ELIDED_NOT = words("不是 而不是 而非 不要 别 不用 勿")
"""A clause that starts with one of these and has no verb of its own takes the verb of the
preference before it in its sentence, negated: "always check `a.md`, never the paper copies in
`scans/`", "use those page numbers, not the ones in `b/`" put b/ out."""

EN_BE_NOT = words(
    "is_not are_not isn't aren't was_not were_not wasn't weren't has_not have_not hasn't haven't"
    " hadn't"
)
ZH_BE_NOT = words("不是 则不是 就不是 并不是 则不然 不然")
"""A clause that ends in one of these, with nothing after it, denies the word of authority of
the clause before it: "`a.md` is accurate as of the upgrade; the photos in `b/` are not", "`a/`
里的是现行版，`b/` 的不是" put b/ out (and the vouched a.md is preferred beside it)."""

ZH_ADVISE_NOT_NEXT = words("于 来")
"""After an imperative verb of use, one of these makes it no imperative (只用于, 用来)."""

ZH_ENOUGH = words("就好 就行 就够 就够了 即可 就可以 就可以了 便可 就得")
ZH_IN_OF = words("的 里")
"""What stands between a folder and 就好 in 看 `a/` 的就好, 看 `a/` 里就好."""
"""Looking in a folder and "that is enough": 看 `a/` 就好, 查 `a.md` 即可 (a preference)."""

ZH_ADVISE_BARE = words("用 按 依")
"""用 alone is an imperative to use only before a mention or a pronoun (ZH_ADVISE_USE_NEXT)."""

ZH_TOOL_WRITE = words("写")
"""A single-character verb of writing that makes the folder of an imperative a tool (请用 `模板/`
写新文档); the longer verbs of writing are ZH_WRITE_VERBS'."""

ZH_BY = words("以")
ZH_AS_STANDARD = words("为准")
ZH_AS = words("为 作为")
"""以 <something> 为准: the something is the authority."""
ZH_MAIN = words("为主 为首 为依据 为根据")
"""以 <a mention> 为主: answers rest mainly on it (书目推荐以 `店长选书.md` 为主)."""
ZH_NOW_ADVERBS = dated.ZH_NOW | words("目前 一律 统一 一般 都 请 现时 而家")
"""An adverb of now or of all cases before 按 / 用 and a mention (现在按 `价目.md` 报价)."""

ZH_PLEASE = words("请")
ZH_ANSWER_LABEL = words("答")
"""答: the label of an answer after a question ("能用吗？答：不能")."""

ZH_QUESTION_END = words("吗")
"""A sentence ending with one of these (or a question mark) is a question."""
ZH_A_NOT_A = words("不 没")
"""A word, one of these and the word again (准不准, 能不能, 有没有): the clause asks whether,
and states no rule ("`a/` 里的价格准不准，问老板")."""

EN_BUT = words("but")
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

ZH_LOOK = words("查看 查阅 查 看 睇 检索 搜索 参考 参见 见 读 使用 用")
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
EN_CASE = words("if")
ZH_CASE = words("如果 要是 假如 若是")
EN_NOT_THERE = words(
    "isn't_in_there not_in_there isn't_there isn't_in_it not_in_it isn't_listed not_listed"
    " isn't_on_it not_on_it isn't_on_the_list not_on_the_list"
)
ZH_NOT_THERE = words("不在里面 不在里头 没在里面 唔喺度 不在上面 没有列 不在名单")
"""A case of the world that an item is not in the folder named before ("if a tag isn't in
there, the dog isn't ours", "如果不在里面，就不是正式的"): it and the clause that follows from
it say what is outside the folder, nothing of the folder; the folder is the whole list."""
ZH_ASKER = words("问题 用户")
ZH_ASKED_ABOUT = words("问到 问及 询问 涉及 关于 有关 提到 提及")
ZH_WHEN_TAIL = words("时候 时 的问题")
"""(当) 问到 <topic> 时, <what to do>: a route for questions on the topic."""

ZH_ABOUT_LEAD = words("关于 对于 有关")
EN_TOPIC_FRONT = words("for as_for regarding concerning when_it_comes_to")
"""A topic fronted before a comma ("For any fault on the machines, `fault_codes.md` is the one to
follow", "关于押金，以 `fees.md` 为准"): the sentence's preferences hold for questions on it."""
ZH_TOPIC_KIND = words("相关 类 方面")
ZH_QUESTION = words("问题")
ZH_FIRST = words("先 优先 首先")
ZH_ROUTE_LOOK = words("查看 查阅 查 看 见 参考 参见 检索 去 到")
ZH_SEE = words("见 参见 详见 请见 请参见 请参阅")
EN_SEE = words("see see_also refer_to_the see_the")
"""A pointer: "<topic>: see `x/`", "<topic> 详见 `x/`" tells where a topic is written down, no
rule for answering. Beside a folder its sentence (or the one before or after) puts out, or
vouched for ("see `x.md`, which is reviewed"), it names what to answer from instead."""

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

LABEL_MARKS = frozenset(":：—–")
"""Marks after a label that governs what follows ("Don't: answer from `old/`", "唔好：用 `舊/`")."""

EN_LIST_AND = words("and plus or as_well_as")
ZH_LIST_AND = words("以及 还有 和 及 与")
"""What opens the last item of a list of a folder's contents ("…, the on-call rota, and last
year's incident log"): a fact that dates that item dates no more than it."""

EN_ARTICLES = words("the a an our their your his her its my")
EN_BACK_POINTERS = words("it them there here this that these those one ones")
"""After a verb that takes its source ("go to", "refer to") in a clause that names no folder:
an article starts a noun of its own ("the volunteer forum"); a word that points back ("it",
"them", "there") is the folder named before."""
EN_COPULAS = words("is are")
"""The copulas of a present authority: a folder that "was the policy" is one no longer."""
EN_THE_ONLY = words("the_one the_only the_single our_one our_only the_one_true the_one_real")
"""A folder said to be "the one" or "the only" thing of its kind ("`fares/current/` is the only
fare table dispatchers should quote from", "her list in `x.md` is the one to go by", "that's
the one to go by"): its subject is the mention before it in the clause, or a word that points
back in a clause that names none; "Jo is the only person allowed to edit `x/`" names a person."""
EN_THE_AUTHORITY = words("policy standard rulebook reference authority")
EN_THE_AUTHORITY_NEXT = words("that which we everyone everybody to and")
"""A folder said to be "the policy", "the house standard", "the standard we follow": the noun
ends its phrase ("the policy archive", "the reference for every shift" name no authority)."""
