"""The kind of value a question asks for, and whether a section holds one."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge_retrieval.text.asked import (
    asked_count,
    asked_kind,
    asked_second,
    holds_count,
    holds_kind,
)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("how long is the sms code good for", "duration"),
        ("how many seconds is Retry-After for E2060", "duration"),
        ("how old is the bowling machine", "duration"),  # an age is a duration
        ("KYC 2 认证有效期多久", "duration"),
        ("验证码有效期", "duration"),
        ("重试次数的最大值是多少", "range"),
        ("離島配送要幾天", "duration"),
        ("強制通風要幾耐", "duration"),
        ("覆診幾時做", "date"),
        ("幾耐洗一次牙", "frequency"),
        ("when was AUTH-1103 introduced", "date"),
        ("承久之亂於何年爆發?", "year"),  # a year asked: a weekday does not answer it
        ("In what year was PWR-05 bought?", "year"),
        ("1号块冰机哪年装的", "year"),
        ("ks.disable_chat 是什麼時候建立的", "date"),
        ("卡塞雷斯城是何时建立的？", "date"),
        ("how many runners does the large pool have", "number"),
        ("目前学校有几个校区？", "number"),
        ("退款最多多少钱", "money"),
        ("how much is the callout allowance per week", "money"),
        ("what's the fee for a replacement card", "money"),
        ("臨時借閱證要繳多少保證金", "money"),
        ("搬屋押金几多钱", "money"),
        ("電動車充電位每度電幾錢", "money"),
        ("米东冷库每个月电费大概多少", "money"),  # an adverb of estimate before the ask
        ("多少人交了押金", "number"),  # a count of people, not the deposit's amount
        # a word for money that does not end in 费/金/钱/价 (价格, 工资, 提成)
        ("套餐的價格是多少", "money"),
        ("前台一个月工资多少", "money"),
        ("规格是多少", "number"),  # 格 alone is no money
        # "what does X cost": the verb of price ends the question
        ("What does a 10 000 km service cost?", "money"),
        ("what did the last boiler service cost", "money"),
        ("what does the form say about costs of travel", None),
        # how many of a unit of time is a duration, whatever the unit
        ("盘点表要保存几年", "duration"),
        ("退款多少个工作日到账", "duration"),
        ("要等幾個星期", "duration"),
        ("几多个钟到", "duration"),
        # ... not where 几 asks for a day, a month, a score or a school year
        ("几月几号开学", "date"),
        ("考试几分及格", "number"),
        ("几年级可以报名", "number"),
        ("what time does the front desk open", "clock"),
        ("還書箱幾點關", "clock"),
        ("what is the url of the booking form", "link"),
        ("what's the contact email for the ILL desk", "link"),
        # an email of someone, as a phone of someone: "email for X", a phrase ending in it
        ("email for the skaftafell rangers", "link"),
        ("pacific farebox email", "link"),
        ("Jason 教練的 email", "link"),
        ("申請單的網址是什麼", "link"),
        ("how much data can one user store", "number"),  # no money named
        ("phone number of the WMS on-call", "phone"),
        # a postal address as the question's head: the firm's, a postcode for the satnav
        ("fenton marine address", "address"),
        ("whats the wharf postcode for the satnav", "address"),
        ("What is the office address of Eagle Eye Guards Ltd?", "address"),
        ("成都西南仓的具体地址是什么？", "address"),
        ("永昌參茸藥材行地址喺邊", "address"),
        ("值班電話", "phone"),
        ("priya's mobile?", "phone"),
        ("brenda kay odom cell #", "phone"),
        ("資訊部值班手機號碼是多少", "phone"),
        ("how often is X-GS-Admin-Token rotated", "frequency"),
        ("密钥多久一次轮换", "frequency"),
        ("聯合內閣會議其頻率為多久一次？", "frequency"),
        ("minimum app version for X-Client-Version", "version"),
        ("android staged rollout percentages", "percent"),
        ("what percentage of users get the new build", "percent"),
        ("營造業佔了就業人口中的百分之多少？", "percent"),
        ("PLAN_STARTER_ANNUAL price in USD", "usd"),
        ("how much does one GPU-hour cost in dollars", "usd"),
        ("年费是多少人民币", "cny"),
        ("what is the allowed range of warehouse.putaway.timeout_seconds", "range"),
        ("what range can queue.max_size be set to", "range"),
        ("maximum allowed value of api.burst", "range"),
        ("minimum of runner.jobs without a ticket", "range"),
        ("push.ttl_hours 可以設定的範圍", "range"),
        ("dp.grace_minutes 取值范围是多少", "range"),
        ("what is the maximum number of retries", "number"),  # a number, said any way
        ("refund 审批金额上限", None),  # 上限 names the limit; its value is one number
        ("whats the keypad code for the side door", "secret"),
        ("studio b pc password", "secret"),
        ("樓層 pantry 的門鎖密碼是什麼？", "secret"),
        ("what brand are the spare headphones", "brand"),
        ("which model dehumidifier is in the west dome", "brand"),
        ("R1 雪櫃係咩牌子", "brand"),
        ("煎药机是哪个厂家的", "brand"),
        ("which supplier do we get the peppercorns from", "company"),
        ("喷粉是哪家供应的", "company"),
        ("香油錢存在哪間銀行", "company"),
        ("自治會的匯款帳號是多少", "account"),
        ("sort code for paying subs", "account"),
        ("What is the combination code for the nets shed padlock?", "secret"),
        ("format of the water account number? how many digits", "number"),  # its format
        # contractions and possessives as people type them
        ("whats jo's email in the office", "link"),
        ("whats the hall's hire fee", "money"),
        # an address named in English, asked in Chinese
        ("阿強 email 係咩", "link"),
        ("官网 url 是什么", "link"),
        ("email 怎么发", None),
    ],
)
def test_the_asked_kind_is_read_from_the_wording(question: str, kind: str | None) -> None:
    assert asked_kind(question) == kind


@pytest.mark.parametrize(
    "question",
    [
        "what happens when SHIPMENT_STATE_IN_TRANSIT gets no update",
        "ORDER_STATUS_PAID",
        "when does an order get cancelled",  # a condition, not a date
        "什么时候需要二次审批",  # a condition, not a past event
        "Supported PHP versions, SAPIs, operating systems",  # a page, not a value
        "几乎所有的订单",  # 几乎 is "almost"
        "几内亚的首都",  # 几内亚 is Guinea
        "FC-01到FC-08这几台叉车能在哪些区用",  # 这几台: "these few", no question
        "那几天不营业吗",
        "coupon stacking",
        "看手机号这种敏感字段谁来审批",  # the field is named, who approves is asked
        "A low percentage of progenitor cells are susceptible to infection",  # a claim
        "有效期内可以退款吗",  # a yes or no within the period, not the period
        "超过最大值怎么办",  # what happens past the maximum, not the maximum
        "password expiry",  # a password as a topic, not the password
        "what does alarm code G03 mean",  # a code's meaning, not a secret
        "密码输错被锁了怎么办",
        "品牌专场活动怎么报名",  # a brand as a topic
        "如何申请校园网账号？",  # an account to open, not a number to pay into
        "帳號被鎖住怎麼辦",
    ],
)
def test_questions_for_no_particular_value(question: str) -> None:
    assert asked_kind(question) is None


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("duration", "- Default: 300 seconds"),
        ("duration", "payment.timeout.seconds\n\nHow long one attempt waits.\n\n- Default: `30`"),
        ("duration", "ttlHours: 168"),
        ("duration", "承諾到貨: D+3 至 D+5"),
        ("duration", "KYC 2 人工审核，1 个工作日内出结果"),
        ("duration", "The code expires after five minutes."),
        ("date", "Introduced in 2024."),
        ("date", "since v2.3"),
        ("date", "承久之亂發生於承久三年"),
        ("date", "乡里组织在唐末藩镇混战和农民大起义中瓦解。"),
        ("date", "十九世纪末期开始兴建"),
        ("number", "The large pool has 12 runners."),
        ("number", "目前有三个校区"),
        ("phone", "Call +86 21 5555 0100."),
        ("phone", "值班分機 6021"),
        ("address", "Fenton Marine, Unit 4, Longport Wharf"),
        ("address", "We're at 12 Canal Side Road, Stoke ST4 2RU."),
        ("address", "地址：台南市安南區海佃路一段128號"),
        ("address", "仓库在成都市武侯区人民南路"),
        ("address", "The collector listens on 0.0.0.0:4317."),
        ("version", "X-Client-Version must be at least 4.12.0"),
        ("range", "- Type: integer, 1–5"),
        ("range", "at most 10 per user"),
        ("frequency", "Rotate the secret every 90 days."),
        ("percent", "goes to 1%, then 10%"),
        ("percent", "占就業人口百分之十二"),
        ("percent", "陪同比例：护理员与长者至少 1:3"),  # 比例 asks a share or a ratio
        ("percent", "师生比一比十五"),
        ("usd", "US$290 a year"),
        ("usd", "$1,190"),
        ("eur", "290 EUR a year"),
        ("cny", "年费 ¥1,999"),
        ("frequency", "The token is rotated quarterly."),
        ("frequency", "runs twice a day"),
        ("frequency", "每月轮换一次"),
        ("frequency", "rotation_interval_days: 90"),
        ("year", "清朝乾隆年間"),
        ("year", "民國108年啟用"),
        ("money", "A replacement card costs $5."),
        ("money", "補發工本費 50 元"),
        ("money", "Deposit: 200"),
        ("money", "首次補辦免費"),
        ("clock", "The book drop closes at 21:30."),
        ("clock", "open 9 am to 5 pm"),
        ("clock", "晚上九点关门"),
        ("link", "Apply at https://ill.example.org/form"),
        ("link", "write to ill-desk@library.example.tw"),
        ("secret", "Side door keypad: 4821#"),
        ("secret", "Wi-Fi password: Moor2025!"),
        ("secret", "门锁密码每月更换，现为 7716"),
        ("brand", "Ice machine: Hoshizaki KM-515"),
        ("brand", "The anemometer is made by Vaisala."),
        ("brand", "雪柜用 Hoshizaki，保修两年"),
        ("brand", "除湿机品牌：格力"),
        ("company", "Peppercorns come from Sichuan Spice Traders Ltd."),
        ("company", "GYS-003 牛市坡花椒专业合作社，汉源县"),
        ("company", "香油錢存入農會帳戶"),
        ("account", "Sort code: 20-45-67, account 12345678"),
        ("account", "匯款帳號：012-345-678901"),
        ("phone", "Phone: (325) 555-0177"),
        # an amount in a currency's code or sign, or under a key that names the currency
        ("money", "OT 每個鐘 MOP 75"),
        ("money", "After that it's R45 per glass; cash up to R2,000."),
        ("money", "工种: 雕刻师傅\n夜班（元/天）: 720"),
        ("money", "Callout fee (NZD): 40"),
        ("money", "Add-on: Overtime. Price: ₦75,000 per hour after 10pm"),  # any currency sign
        ("money", "Room: 1.200.000₫ a night"),
        ("money", "Stall fee (₹): 300"),
        ("phone", "電話0912334805"),
        ("phone", "Office: 07 348 4199"),
    ],
)
def test_texts_that_hold_the_kind(kind: str, text: str) -> None:
    assert holds_kind(kind, text)


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        # the digits of a code are not a value
        ("date", "code: AUTH-1103\nHTTP: 401\nmessage: refresh_token_reused"),
        (
            "phone",
            "code: WMS-500\nname: INTERNAL\nwhat to do: Retry once, then call the WMS on-call.",
        ),
        ("duration", "等级: KYC 2\n需要提交: 身份证正反面 + 人脸识别"),
        ("number", "OpenTelemetry 社区目前提供了预构建的 Lambda 层"),
        ("range", "上架任务领取后必须完成的时间。\n\n- 类型：整数\n- 默认值：`900`"),
        ("version", "X-Client-Version is sent by the mobile apps."),
        ("date", "Default: 500\nAllowed range: 0–2000"),  # a range's bound is no year
        ("frequency", "Rotate the secret when a person who knows it leaves."),
        ("usd", "| PLAN_STARTER_ANNUAL | 5 | 290 EUR a year |"),
        ("percent", "A release goes to every user a day later."),
        # a unit of time in a key and a number in words are no duration
        ("duration", "More than rate_limit_per_minute requests from one merchant key."),
        # a number that is no amount, a day that is no time, a name that is no address
        ("money", "A replacement card takes 5 working days."),
        ("clock", "Open Monday to Friday."),
        ("link", "Ask the ILL desk by email."),
        # a code asked for, where the text only says to ask; a thing, where no make is named
        ("secret", "Ask the duty manager for the side door code."),
        ("brand", "The ice machine is cleaned every Monday."),
        ("brand", "雪柜每周除霜一次"),
        ("company", "Peppercorns are ordered every month."),
        ("company", "花椒每月采购一次"),
        ("account", "Pay subs by bank transfer; ask the treasurer for the details."),
        ("account", "Fees for 2025: 120 a year."),
        # a party named with its phone gives no address
        ("address", "Who: Fenton Marine Services\nFor: crane-outs\nNumber: 01782 555309"),
        ("address", "美的售后：打包装上那个 400 热线"),
        # a date written with dashes, or a code's digits, is no phone number
        ("phone", "工号: K04\n姓名: 苏桂芳\n入职: 2020-02\n备注: 冇手机"),
        ("phone", "insurance_expiry: 2025-06-30"),
        ("phone", "batch LD25-1234567 shipped"),
        ("money", "Route R2 runs daily; R2-D2 is the robot."),
        ("money", "单元 3 在二楼，元旦 1 月 1 日放假"),
        # a day of the week is no year
        ("year", "PWR-05 is serviced every Monday."),
        ("year", "逢星期三送貨"),
    ],
)
def test_texts_that_do_not(kind: str, text: str) -> None:
    assert not holds_kind(kind, text)


@given(st.text(max_size=300))
def test_any_text_is_read_without_error(text: str) -> None:
    kind = asked_kind(text)
    assert kind is None or isinstance(holds_kind(kind, text), bool)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("which phone number do I call for the clinic", "phone"),
        ("what is the on-call phone", "phone"),
        ("电话是多少", "phone"),
        ("值班電話", "phone"),
        ("add a new phone to the vpn", None),
        ("is the booking site ok on mobile", None),
        ("which waste category for acetonitrile mobile phase waste", None),
        # an address changed, proved, or of a web page, a mailbox or a machine: no postal one
        ("can I still change my address after paying", None),
        ("usps能改地址不", None),
        ("What proof of address do foreign authors need to give?", None),
        ("what is the ip address of the nas", None),
        ("email address for bookings", "link"),
        ("update my phone number", None),
        ("how do I set up my phone", None),
        ("set up my email", None),
        ("who gets the email", None),
        ("can i pay by email", None),
        ("电话分诊", None),
        ("whats the phone ext for the on-call manager", "phone"),
        ("阿Ken 內線幾多", "phone"),
        ("张师傅电话好多", "phone"),
        ("how do i set up an extension", None),
        ("the extension of the deadline", None),
        ("修改手机号码", None),
    ],
)
def test_a_phone_is_asked_by_the_grammar_not_by_the_word(question: str, kind: str | None) -> None:
    # a phone number is asked where the phone is what the question asks for (its number, or a
    # noun phrase that ends in it), not where it is a thing or a number someone changes
    assert asked_kind(question) == kind


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        ("how many wing walkers needed at bay 6 pushback", "wing walkers"),
        ("how many runners does the large pool have", "runners"),
        ("How many cars fit in the marshalling area?", "cars"),
        ("number of beds on ward 3", "beds"),
        ("大教室面積幾坪", "坪"),
        ("重車機油要加幾公升", "公升"),
        ("宴會廳最多可以容納幾多人", "人"),
        # an English quantity: a value in its units answers it
        ("What temperature should the glaze kiln reach?", "temperature"),
        ("what does the K-12 trolley weigh", "weight"),
        ("what is the max working pressure on the boiler", "pressure"),
        # ... asked by "how" and an adjective, or named as the question's subject
        ("how heavy is BIL-07", "weight"),
        ("weight of the grivel air tech crampons", "weight"),
        ("What is the elevation gain on the FJ-02 route?", "height"),
        ("what horsepower is the new blower", "power"),
        ("巡排艇几多匹马力", "horsepower"),
        ("巡排艇多重", "weight"),
        ("閘門有多高？", "length"),
    ],
)
def test_what_a_question_counts(question: str, shown: str) -> None:
    counted = asked_count(question)
    assert counted is not None and counted.shown == shown


@pytest.mark.parametrize(
    "question",
    [
        "how many",
        "how many of them",
        "how many times can it run",
        "大班配几个保育员",
        "how much",
        "what if the parcel weighs more than expected",
        "what is the temporary badge for",
        # "multiple" and "important" are no weight; "heavy" without "how" asks none
        "多重认证怎么开",
        "这个有多重要",
        "what heavy machinery needs a licence",
        "how high is the callout fee",
    ],
)
def test_questions_that_count_nothing_named(question: str) -> None:
    assert asked_count(question) is None


@pytest.mark.parametrize(
    ("question", "text", "holds"),
    [
        ("how many runners does the large pool have", "The large pool has 12 runners.", True),
        ("how many runners does the large pool have", "| large | runners | 12 |", True),
        ("how many runners does the large pool have", "Large pool: 32 cores, 2 regions", False),
        (
            "how many wing walkers at bay 6",
            "Pushback needs wing walkers on both sides of the jet",
            False,
        ),
        ("how many wing walkers at bay 6", "Two tugs; wing walkers: 2 for widebodies", True),
        # a Chinese count is of the unit after its counting word, however the text writes it
        ("重車機油要加幾公升", "250cc 換油 1.2L，機油濾芯每兩次換一次", True),
        ("重車機油要加幾公升", "250cc 換油要 40 分鐘", False),
        ("熱食要保持幾多度以上", "熱食要保持 63°C 或以上", True),
        ("宴會廳最多可以容納幾多人", "宴會廳可容納 120 位", True),
        ("宴會廳最多可以容納幾多人", "宴會廳最低消費 HK$8,000", False),
        ("What temperature should the glaze kiln reach?", "Bisque to 1,240 °C, cone 6", True),
        ("What temperature should the glaze kiln reach?", "kiln.glaze.peak_temp_c: 1240", True),
        ("What temperature should the glaze kiln reach?", "Glaze firing takes 11 hours", False),
        ("what does the K-12 trolley weigh", "K-12 trolley: 85 kg empty", True),
        ("what does the K-12 trolley weigh", "K-12 trolley: 4 wheels, bought 2019", False),
        ("how heavy is BIL-07", "BIL-07: Toyota Hiace, 12 seats, plate KX 4410", False),
        ("how heavy is BIL-07", "BIL-07: Toyota Hiace, kerb weight 2,120 kg", True),
        ("巡排艇几多匹马力", "巡排艇：铝壳，挂机 40 匹", True),
        ("巡排艇几多匹马力", "巡排艇：钥匙挂在值班室，2019 年买的", False),
    ],
)
def test_a_count_is_a_number_of_the_thing_counted(question: str, text: str, holds: bool) -> None:
    counted = asked_count(question)
    assert counted is not None and holds_count(counted, text) is holds


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["runners ", "12 ", "x" * 30, "runner", "3", " "]), max_size=8))
def test_a_count_is_looked_for_in_linear_time(piece: list[str]) -> None:
    unit = "".join(piece) or "x"
    counted = asked_count("how many runners does the pool have")
    assert counted is not None
    t0 = time.process_time()
    holds_count(counted, unit * 100_000)
    assert time.process_time() - t0 < 2.0  # milliseconds; a backtracking search, minutes


@pytest.mark.parametrize(
    ("question", "second"),
    [
        ("What is SR-08 and how long is that slot", True),
        ("What does closure code PC-2 mean and how long does the pool stay closed", True),
        ("What is booking.no_show.strikes_before_ban set to, and how long is the ban", True),
        ("PC-2 是什么意思？要关多久", True),
        ("how long is the ban", False),
        ("要关多久", False),
        ("how often is it checked, and what does it check", False),  # the first ask
    ],
)
def test_a_kind_asked_by_a_second_ask(question: str, second: bool) -> None:
    kind = asked_kind(question)
    assert kind is not None and asked_second(kind, question) is second


def test_a_site_is_a_place_and_a_share_a_percentage() -> None:
    assert asked_kind("which site is STR-C11 on") is None
    assert asked_kind("what is the website of the clinic") == "link"
    assert asked_kind("社保和公積金個人要繳多少比例") == "percent"
