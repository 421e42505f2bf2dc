"""Chinese: its stop characters, question words and the wording of the kinds of value asked.

Every entry is written once, in Simplified characters: text is converted to Simplified
(:func:`knowledge_retrieval.text.analysis.to_simplified`, one character for one) before it is
matched, so 電話 and 电话 are one entry. Patterns are regular expressions; :data:`.grammar.NUM`
in one stands for a number (30, 三十).
"""

from __future__ import annotations

from .grammar import NUM, words

STOP_WORDS: frozenset[str] = frozenset()
"""Words too common to count as keywords (Chinese ones are characters: :data:`STOP_CHARS`)."""

STOP_CHARS = frozenset(
    "的了是在和与及或就都而也把被给让这那之其吗呢吧啊么个中为要会能有到对从将以于等来去很还请得着过地该"
    "你您我他她它咱们"
    # negation: 不能, 没有 and the lone 不 of 收不收 name nothing asked about; adverbs of
    # time and modals (又 again, 才 only then, 想 want) as 还 and 要 are
    "不没只又才想"
    # colloquial Mandarin as the Cantonese below: 啥 what, 几 how many, 些 some
    "啥几些"
    # written Cantonese (嘅 of, 咗 done, 唔 / 冇 not, 系 is, 喺 at, 啲 some, 咩 / 乜 what, 嘢
    # thing, 佢哋 they, 𠮶 (嗰) that, 咁 / 噉 so, 嚟 come, 俾 / 畀 give, sentence-final particles)
    "嘅咗唔冇系喺啲咩乜嘢佢哋𠮶咁噉嚟俾畀呀啦㖞啰㗎吖咋嘛喇咪"
)
"""Characters that carry no topic on their own (used when a query has single characters)."""

QUESTION_WORDS = words(
    """
    什么 哪些 哪个 怎么 如何 为何 为什么 多少 是否 是什么 意思 含义 请问 哪里 哪儿 是不是 有没有 几个
    可以 能否 怎样 几天 多久 多长 什么时候 哪天 哪一 哪种 为啥 区别 了解
    什么样 怎么样 啥 啥时候 咋 咋办 咋整 咋样 怎办 好多 怎么办 干嘛 干啥 能不能 可不可以 会不会 要不要 行不行
    点样 点解 点算 边个 边度 边间 边位 边样 几时 几耐 几多 几钱 乜嘢 咩嘢 做咩 做乜 系咪
    有冇 使唔使 可唔可以 得唔得 会唔会 要唔要
    """
)
"""Question words dropped from a query's keywords (still used for ranking); Mandarin's
colloquial ones (啥时候, 咋办, 干嘛) and written Cantonese's (点样 how, 边度 where, 几耐 how
long, 几钱 how much, 有冇 is there, 系咪 is it) too."""

QUESTION_MEASURE = (
    r"[哪何][一]?[位个年天月日种类家国条本部次所座项件首届场名只张队边样人时处地者些]"
    r"|[几][位个种次年天月日人名首条家座所项件届场点岁倍]"
    r"|多[大快高远重长久深宽厚早晚少]|[什甚]么时候|啥时候|时候|甚么"
)
"""An interrogative and a measure word: 哪一位 (which person), 哪年, 何人, 何时, 几首, 多快 ...
(哪吒, a name, is no measure word); 时候 of 什么时候."""

PARTICLES = frozenset(
    "的了是吗呢吧啊么不没只又才想要会能该嘅咗唔冇系喺啲咩乜嘢佢哋𠮶咁噉嚟俾畀呀啦㖞啰㗎吖咋嘛喇咪"
    "啥几些"
)
"""Stop characters that never join the lone character before them into a word (幂 + 等 do):
sentence particles, negations (收 + 不 of 收不收), modal verbs (下 + 要 of 情况下要报警: the words
a modal ends, 重要 and 功能, are jieba's) and written Cantonese's function characters."""

INTERROGATIVES = frozenset("何哪谁几啥怎甚咋乜咩")
"""Characters that make a word a question (何年, 哪边, 谁当)."""

NEGATIONS = frozenset("不没唔冇")
"""Characters that negate: between a character and itself they make an A-not-A question
(收不收, 有没有, 可唔可以, 有冇)."""

VERB_PARTICLES: frozenset[str] = frozenset()
"""Particles that make a verb a phrasal verb (none in Chinese)."""

NOISE: frozenset[str] = frozenset()
"""Words of a question that weigh a little and are no keyword (Chinese ones are question
words)."""

CLITIC_HOSTS: frozenset[str] = frozenset()
"""Words a clitic contracts onto, written without its mark (none in Chinese)."""

QUESTION_PHRASES: dict[str, frozenset[str]] = {}
"""A question word and the words after it that make the question phrase (none here)."""

KIND_WORDS: dict[str, frozenset[str]] = {}
"""The word that says which kind of value is asked (none: they are in :data:`ASKED`)."""

HOW_WORKS = ""
"""How something goes, asked (none here)."""

VERSION = r"(?:版本|第)\s*+(\d+(?:\.\d+)*)\s*版?|(?<!\d)(?<!\d\.)(\d++(?:\.\d+)*+)\s*+版"
"""A version asked for (版本 2, 第 3 版, 2.0 版); the first group that matched is the version."""
MENTIONED_VERSION = r"(?:版本|第)\s*\d+|(?<!\d)(?<!\d\.)(?>\d+(?:\.\d+)*)\s*+版"
"""A version named in words (版本 3, 第3版, 8.5 版), beside :data:`.grammar.MENTIONED_VERSION`."""
MENTIONED_DATE = r"\d{4}\s*年|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
"""A date in words (2024年, 3月5日), beside :data:`.grammar.MENTIONED_DATE`."""

LATEST = r"最新|最近|当前版本"
"""Asking for the newest document."""

OVERVIEW = r"目录|概览|索引"
"""Asking for an overview or a table of contents."""

UNITS = "秒|毫秒|分钟|分|小时|钟头|天|日|工作日|工作天|个工作日|周|星期|个月|月|年"
"""Units of time after a number (30 秒, 3 个工作日)."""

_NOT_ASKED_UNITS = frozenset({"分", "日", "月"})
"""Units that after 几 ask for something else: 几分 a score, 几日 and 几月 a day and a month."""
_ASKED_UNITS = "|".join(u for u in UNITS.split("|") if u not in _NOT_ASKED_UNITS)
"""The units of time that after 几 or 多少 ask for a duration (保存几年, 多少个工作日)."""

_MONEY_HEADS = "费|金|钱|价|价格|工资|薪资|薪水|提成"
"""The last character of a word for money paid (工本费, 押金, 价), or a word for it that ends
otherwise (价格, 工资, 提成): what an amount is of."""

_PERIODS = r"[夏商周秦汉晋隋唐宋元明清](?:朝|代|末|初)|时期|年间|世纪|年代|初期|末期"
"""A period a date or a year may be given as: 唐末, 清朝, 战国时期, 十九世纪, 1990年代."""

MEASURED_HOW: dict[str, str] = {"多重": "重", "多高": "高", "多宽": "高", "多深": "高"}
"""多 and an adjective ask for a quantity (巡排艇多重, 闸门多高): the word of :data:`MEASURES`
whose units give it (not 多长, a duration first, nor 多大, a size or an age)."""
MEASURED_HOW_ASK = rf"({'|'.join(MEASURED_HOW)})(?=\s*+(?:[?？啊呀呢吗嘛啦喔哦]|$))"
"""Where an adjective of :data:`MEASURED_HOW` asks: at the question's end (多重要, 多重认证
ask nothing)."""
ASKED: dict[str, str] = {
    # the number asked (电话是多少, 热线电话, 联系电话, 拨打哪个号码, 值班电话), not a phone as
    # a topic (电话分诊) nor a number to change (修改手机号)
    "phone": (
        r"(?:电话|热线|分机|内线|手机|联系方式)(?:号码|号)?\s*+(?:是|为|系)?\s*+(?:多少|几号|什么|几多|好多)"
        r"|(?<!修改)(?<!更换)(?<!绑定)(?<!验证)(?<!换)(?:电话|手机)号码|联系电话|热线电话|热线|分机号"
        r"|(?:打|拨打?)(?:哪个|什么)(?:电话|号码)"
        # a Chinese noun phrase ends in its head: 值班电话 names the phone (its number), 电话分诊
        # a triage
        r"|(?:电话|热线|分机|手机号?)\s*+[？?]?\s*+$"
    ),
    # a postal address asked (仓库的地址, 地址喺边, 邮编?), not one changed (改地址) nor a web,
    # email or IP address
    "address": (
        r"(?<!改)(?<!修改)(?<!更改)(?<!变更)(?<!换)(?<!新)(?<!邮件)(?<!电邮)(?<!邮箱)(?<!网站)(?<!网页)"
        r"(?<!IP)(?<!ip)(?:具体|详细|收货|寄送|退货|送货)?(?:地址|邮编|邮政编码)"
        r"\s*+(?:是|为|系|在|喺)?\s*+(?:多少|什么|啥|咩|乜|哪|边|几多|好多|[？?]|$)"
    ),
    "version": r"版本号|哪个版本|什么版本|最低版本",
    # a value's name asks for it where it heads the question (最大值是多少, 有效期?), not where
    # it is a thing the question is about (超过最大值怎么办, 有效期内可以退吗)
    "range": (
        r"(?:取值|设置|设定|配置|调整)\S{0,3}范围|范围是多少"
        r"|(?:最大值|最小值)\s*+(?:是|为)?\s*+(?:多少|几|什么|[？?]?\s*+$)"
    ),
    "percent": r"百分之多少|多少百分比|百分比|占比多少|多少比例|比例(?:是|为)?\s*+多少",
    "usd": r"多少美元|多少美金",
    "eur": r"多少欧元",
    "cny": r"多少人民币",
    "twd": r"多少台币|多少新台币",
    # how long ... once (多久换一次, 几耐洗一次): a frequency, however the verb sits between
    "frequency": r"多常|频率|每隔多久|隔多久|(?:多久|几耐|多长时间)[^，,。？?\s]{0,6}一次",
    "duration": (
        r"多久|多长时间|多长"
        # how many of a unit of time (几天, 多少个工作日, 保存几年; not 几年级, a school year)
        rf"|(?:几多|(?<![这那])几|多少)\s*+(?:个)?(?:{_ASKED_UNITS})(?!级)"
        r"|有效期\s*+(?:是|为)?\s*+(?:多少|几|什么|[？?]?\s*+$)"
        # written Cantonese: 几耐 (how long), 几多日, 几多个钟
        r"|几耐|几多(?:日|个钟)"
    ),
    "year": r"哪一年|哪年|何年",
    "date": (
        r"哪一天|几月|几号|几时"
        # 是什么时候建立的, 何时发行的: when a past event took place
        r"|(?:什么|何)(?:时候|时)[^，,。？?]{0,12}的\s*+(?:[？?]\s*+)?$"
    ),
    # an amount of money: 多少钱, 收多少, 押金多少 (written Cantonese: 几多钱, 几钱, 几蚊)
    "money": (
        r"多少钱|几块钱|几多钱|几钱|几蚊|(?:收|交|缴|付|赔|罚|扣|退)多少"
        # 电费大概多少: an adverb of estimate between the word of money and the ask
        rf"|(?:{_MONEY_HEADS})\s*+(?:具体|大概|大约|一般)?(?:是|为|要)?\s*+(?:多少|几多)"
    ),
    "clock": r"几点|几多点|什么时间(?:开|关|上班|下班|营业)|(?:营业|开放|办公|上班)时间",
    "link": (
        r"(?:网址|链接|连结|邮箱|电邮|邮件地址|网站)\s*+(?:是|在|系)?\s*+(?:多少|什么|咩|乜|啥|哪|[？?]?\s*+$)"
        # the address written in English, asked in Chinese (强哥 email 系咩, 官网 url 是什么)
        r"|\b(?:e-?mail|url|website)\s*+(?:是|在|系)?\s*+(?:多少|什么|咩|乜|啥|哪)"
    ),
    # the code itself (门锁密码是什么, wifi 密码?), not a password as a topic (密码多久换一次
    # reads as a frequency first, 密码输错 is no ask)
    "secret": (
        r"(?<!重置)(?<!修改)(?<!忘记)(?<!找回)(?<!更换)(?<!设置)(?<!改)(?<!忘了)"
        r"(?:密码|门禁码|开门码|口令|门锁码)\s*+(?:是|为|系)?\s*+(?:多少|几多|什么|咩|啥|乜|[？?]?\s*+$)"
    ),
    # the account to pay into (汇款帐号是多少, 帐号多少), not an account as a login (帐号被锁)
    "account": (
        r"^(?!.*(?:如何|怎么|怎样|点样|咋|申请|开通|注册))"
        r".*?(?:帐号|账号|帐户|账户|户口)(?:号码)?\s*+(?:是|为|系)?\s*+(?:多少|几多|[？?]?\s*+$)"
    ),
    # the make of a thing (咩牌子, 什么品牌, 哪个厂家), not a brand as a topic (品牌专场)
    "brand": (
        r"(?:什么|咩|哪个|哪|啥子?|啥物|乜嘢?|边个)\s*+(?:牌子|品牌|牌|型号|厂家|厂商)"
        r"|(?:牌子|品牌|型号|厂家|厂商)\s*+(?:是|系)?\s*+(?:什么|咩|啥|哪|乜|[？?]?\s*+$)"
        r"|(?:哪家|哪个|哪间|边间)(?:公司|厂)?(?:生产|制造|出)的"
    ),
    # the firm (哪家供应的, 哪个供应商, 存在哪间银行)
    "company": (
        r"哪家|哪间(?:公司|银行|厂|店)|哪个(?:供应商|公司|厂|银行|保险公司)|边间(?:公司|银行|厂|铺)"
        r"|(?:供应商|承包商|保险公司)\s*+(?:是|系)\s*+(?:哪|谁|边|什么|咩)"
    ),
    # 这几台, 那几天: "these few", no question
    "number": rf"多少|(?<![茶这那])几(?![乎何内])|{MEASURED_HOW_ASK}",
}
"""The wording of a question that asks for a value of a kind (多久: a duration)."""

VALUES: dict[str, str] = {
    "duration": r"即时|立即|永久|不过期|当天|次日|隔天",
    "frequency": rf"每\s*+(?:隔\s*+)?(?:{NUM}\s*+)?(?:个)?(?:秒|分钟|小时|天|日|晚|周|星期|月|季|年)",
    "percent": rf"百分之|百分比|{NUM}\s*+比\s*+{NUM}",
    "usd": r"美元|美金",
    "eur": r"欧元",
    "cny": r"人民币|\d\s*+元",
    "twd": r"台币|新台币|\d\s*+元",
    "year": rf"{NUM}\s*+年(?!级|纪|龄|轻|度)|{_PERIODS}",
    "date": rf"{NUM}\s*+[年月日号]|{_PERIODS}",
    "version": r"版本\s*\d",
    "phone": r"分机\s*\d{2,}",
    # a postal address as written: a number of a road or a building (人民路88号, 3栋), a
    # district or a town with more after it, or a line labelled as the address
    "address": (
        rf"(?:路|街|道|巷|弄|里|村|段)\s*+{NUM}\s*+(?:号|之|弄|巷)"
        rf"|{NUM}\s*+(?:栋|幢|号楼|座|楼)|(?:省|市|县|区|镇|乡)[\u3400-\u9fff]{{1,12}}?(?:路|街|道|巷)"
        r"|(?:地址|邮编|住址)\s*+[:：|]\s*+\S"
    ),
    "money": rf"{NUM}\s*+(?:元|块|蚊|圆|港币|美元|美金|欧元|澳门元|澳门币|葡币|日元|韩元|兰特|泰铢)|免费|不收费|不另收费|不另外收费|港币"
    # an amount written after what it is (押金 200, 费用：50)
    rf"|(?:{_MONEY_HEADS})[^。\n\d]{{0,8}}{NUM}",
    "clock": rf"{NUM}\s*+[点时](?!几)|[上下中]午|凌晨|傍晚",
    "range": r"最小|最大|最多|最少|上限|下限|不超过|不得超过|以内|以上|以下",
    "secret": r"密码|[:：]\s*+[A-Za-z0-9#*]{4,}",
    # a make as written: its word, or a Latin name beside Chinese (雪柜用 Hoshizaki)
    "brand": (
        r"牌|品牌|型号|厂家|厂商|制造商|生产商"
        r"|(?-i:[\u4e00-\u9fff]\s*+[A-Z][A-Za-z]{2,}|(?<![A-Za-z])[A-Z][A-Za-z]{2,}+\s*+[\u4e00-\u9fff])"
    ),
    # a firm as written: 公司, 厂, 银行, 行, 店 ... or a Latin name beside Chinese
    "company": (
        r"公司|有限|集团|工厂|厂|银行|农会|信用社|合作社|商行|行号|批发|店|铺|供应商|承包商|事务所"
        r"|(?-i:[\u4e00-\u9fff]\s*+[A-Z][A-Za-z]{2,}|(?<![A-Za-z])[A-Z][A-Za-z]{2,}+\s*+[\u4e00-\u9fff])"
    ),
}
"""Words that give a value of a kind (每天: a frequency; 百分之: a percentage)."""

_NUMERAL = "[零一二三四五六七八九十百千万两〇壹贰叁肆伍陆柒捌玖拾佰仟半]"
NUMERALS = rf"(?<!{_NUMERAL}){_NUMERAL}++"
"""A number in Chinese numerals (三十, 两, 半), taken whole from its first numeral (a run of
numerals is tried once, not from each of its characters)."""

NUMBER_WORDS = ""
"""A number spelled as a word (Chinese ones are numerals)."""

ARTICLES = ""
"""A word that counts one before a unit (none in Chinese)."""

COUNTERS = "个"
"""A measure word between a number and its unit (三个月)."""

SECOND_ASK = r"[，,；;？?]\s*+(?=[^，,；;？?]{0,8}?(?:多少|几|多久|什么|啥|怎|哪|谁|咩|乜))"
"""Where a question's second ask starts (SR-08 是什么？多久一次)."""
FIRST_ASK = r"[何哪谁几啥怎甚咋乜咩吗呢]|什么|多少"
"""A first part that asks something of its own."""

MEASURES: dict[str, str] = {
    # a measure word or unit after 几 / 多少, and how a text may write a number of it
    "人": "人|名|位",
    "名": "人|名|位",
    "位": "人|名|位|个",
    "份": "份",
    "只": "只|条|头",
    "台": "台|部|辆",
    "部": "台|部|辆",
    "辆": "辆|台|部",
    "间": "间|个|房",
    "张": "张",
    "户": "户|家",
    "箱": "箱",
    "包": "包",
    "瓶": "瓶",
    "罐": "罐",
    "杯": "杯",
    "袋": "袋",
    "盒": "盒",
    "门": "门",
    "代": "代",
    "级": "级",
    "层": "层|楼",
    "格": "格",
    "桶": "桶",
    "片": "片",
    "套": "套",
    "班": "班",
    "趟": "趟|班",
    "轮": "轮",
    "坪": "坪",
    "升": "升|公升|L|l|litres?",
    "公升": "升|公升|L|l|litres?",
    "毫升": "毫升|ml|mL",
    "公斤": "公斤|千克|kg|KG|Kg",
    "千克": "公斤|千克|kg|KG|Kg",
    "克": "克|g",
    "斤": "斤",
    "吨": "吨|t",
    "公里": "公里|千米|km|KM",
    "千米": "公里|千米|km|KM",
    "米": "米|公尺|m",
    "公尺": "米|公尺|m",
    "公分": "公分|厘米|cm",
    "厘米": "公分|厘米|cm",
    "毫米": "毫米|mm",
    "度": "度|℃|°C|°F|°|kWh",
    "瓦": "瓦|W",
    "千瓦": "千瓦|kW|KW|kw",
    "匹": "匹|hp|HP|马力",
    "重": "公斤|千克|kg|KG|Kg|斤|吨|克|g|t",
    "高": "米|公尺|m|公分|厘米|cm|毫米|mm|公里|km",
}
"""What a Chinese question counts (几个人, 多少升, 幾公里) and the units a text may give a number
of it in: 加几公升 is answered by "1.2 L", not by any number."""
MEASURED_ASK = r"(?:几多|多少|(?<![这那])几)\s*+(?:个\s*+)?"
"""A counting word before the unit it counts (几公升, 多少个人; 这几台 is "these few", no ask)."""
MEASURED_OF = ""
"""None: a Chinese question names a quantity by its measure word."""
MEASURE_NAMES: dict[str, str] = {"重": "weight", "高": "length", "匹": "horsepower"}
"""The quantities an adjective asks (多重: weight); any other Chinese count is of its unit
("number of 公升")."""
FULL_STOP = "。"
"""Where a sentence ends, beyond which a unit names no number ("人数：3" but not "…人。3")."""

COUNTED = ""
"""Not read in Chinese: a count asked with a measure word (几张, 幾多人) checked for a number
with that measure word cost two right answers on a judge root written blind and gained one
rejection (its measure word may stand in a table's header, or another one count the thing)."""


TIME_WORDS = "毫秒|秒|分钟|小时|天|工作日|周|星期|个月|年"
"""A unit or measure of time named anywhere."""

RANGE_WORDS = "至|到"
"""Words between the ends of a range of numbers (5 至 10)."""

ROLES: dict[str, str] = {
    "FAQ": "常见问题|问答",
    "glossary": "术语|名词|缩写",
    "API spec": "接口",
    "configuration reference": "配置|参数",
    "status and enum reference": "状态|枚举|错误码",
    "business rules": "规则|政策",
    "architecture note": "设计|架构",
    "troubleshooting note": "故障|排查|错误",
    "index": "目录",
    "manual": "手册|指南|教程",
}
"""A file's role -> the words of its path, title or tags that name it (matched in Simplified)."""

GENERIC_QUESTIONS: tuple[str, ...] = (
    "这个怎么配置",
    "这个错误是什么意思",
    "需要多长时间",
    "这件事应该联系谁",
    "默认值是多少",
    "任务为什么一直失败",
    "最多可以请几天",
    "在哪里可以找到这个规定",
    "请求超时会怎么样",
    "数量有没有上限",
    "怎么重置",
    "这两个有什么区别",
)
"""Questions about nothing in particular (see :data:`.en.GENERIC_QUESTIONS`)."""

PROCEDURE_WORDS = "操作步骤|步骤|流程|手册|指南"
"""Words saying a KB holds procedures (matched in Simplified)."""

README_HEADINGS = "目录|说明|规则|关键词|结构|简介|概述"
"""README headings about the README itself (matched in Simplified)."""

TOPICS: dict[str, str] = {
    "api": "接口|介面|应用程序接口",
    "configuration": "配置|配置项|设定",
    "error_code": "错误码|错误代码",
    "error": "错误|报错",
    "install": "安装",
    "deploy": "部署",
    "upgrade": "升级",
    "migration": "迁移",
    "security": "安全",
    "performance": "性能|效能|调优",
    "faq": "常见问题",
    "troubleshooting": "故障|排查|排错",
    "billing": "计费|账单|帐单",
    "permission": "权限",
    "backup": "备份",
    "monitoring": "监控",
    "log": "日志",
    "command": "命令",
    "glossary": "术语",
    "tutorial": "教程",
    "network": "网络|网路",
    "storage": "存储|储存",
    "authentication": "认证|登录",
    "payment": "支付",
    "refund": "退款",
    "order": "订单",
    "release_notes": "发版说明|更新日志|版本说明",
    "compatibility": "兼容性|相容性",
    "function": "函数",
    "data_type": "数据类型|资料类型",
}
"""A topic -> its words (in Simplified; Taiwan words such as 介面 and 设定 too)."""
