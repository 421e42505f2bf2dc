"""A folder its README forbids, end to end: never indexed, never quoted as found, and a question
only it answers is not found with a note saying so; a hit from a folder a sentence not
understood names quotes that sentence (issue #34)."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge_retrieval import list_kbs, search
from knowledge_retrieval.service.envelope import search_envelope, to_markdown

from ..conftest import write

README = """# 门店预约

门店预约、押金与取消规则。

- `rules/` 是现行规则，回答以此为准。
- `archive/` 目录是历史版本（2023 年及以前的规则），只用于追溯，**不得引用**。
- 草稿目录 `drafts/` 中的内容未经批准，不能作为答案。
- `notes/` 里的内容请仔细阅读后再用。
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "booking" / "README.md", README)
    write(
        root / "booking" / "rules" / "取消规则.md",
        "# 取消规则\n\n预约可在到店前 2 小时免费取消，超时取消收取 10 元手续费。\n",
    )
    write(
        root / "booking" / "archive" / "2023-预约规则.md",
        "# 2023 预约规则\n\n线上预约押金为 50 元，到店后退还。\n",
    )
    write(
        root / "booking" / "drafts" / "会员草案.md",
        "# 会员草案\n\n会员积分兑换比例为 100 积分抵 1 元。\n",
    )
    write(
        root / "booking" / "notes" / "排队.md",
        "# 排队说明\n\n周末排队等候时间通常为 30 分钟。\n",
    )
    return root


def test_the_readme_forbids_what_its_author_wrote(root: Path) -> None:
    (kb,) = list_kbs(root)
    assert kb.rules.exclude == ("archive/", "drafts/")
    assert kb.rules.emphasize == ("rules/",)
    assert [u.text for u in kb.rules.not_understood] == ["`notes/` 里的内容请仔细阅读后再用。"]


def test_a_question_only_a_forbidden_folder_answers_is_not_found(root: Path) -> None:
    r = search("线上预约押金多少钱", root=root)
    assert not r.found
    assert all(not h.path.startswith(("archive/", "drafts/")) for h in r.hits)
    assert r.notes[0] == (
        "the KB 'booking''s archive/ has it (archive/2023-预约规则.md); its README says not to "
        "use archive/ (line 6: `archive/` 目录是历史版本（2023 年及以前的规则），只用于追溯，"
        "不得引用。): there is no current answer"
    )


def test_a_current_page_that_lacks_what_only_a_forbidden_page_has_is_no_answer(
    root: Path,
) -> None:
    write(root / "booking" / "rules" / "押金.md", "# 押金\n\n到店预约押金为 30 元，离店时退还。\n")
    r = search("线上预约押金多少钱", root=root)
    assert not r.found and r.reason == "below_threshold"
    assert r.notes[0].startswith("the KB 'booking''s archive/ has it (archive/2023-预约规则.md)")
    assert r.notes[1].startswith("best current match booking/rules/押金.md scored ")
    assert r.notes[1].endswith(" but lacks 线上")
    # a word the current pages have elsewhere is no sign that only the archive answers
    weekend = search("周末预约押金多少钱", root=root)
    assert weekend.found and weekend.hits[0].path == "rules/押金.md"


def test_a_draft_is_never_quoted_as_found(root: Path) -> None:
    r = search("会员积分兑换比例", root=root)
    assert not r.found
    assert "drafts/ has it" in r.notes[0]


def test_the_current_rule_is_found_without_a_note(root: Path) -> None:
    r = search("预约取消手续费", root=root)
    assert r.found and r.hits[0].path == "rules/取消规则.md"
    assert r.hits[0].readme == ()
    assert not any("has it" in n for n in r.notes)


def test_a_hit_from_a_folder_not_understood_quotes_the_sentence(root: Path) -> None:
    r = search("周末排队等候时间", root=root)
    assert r.found and r.hits[0].path == "notes/排队.md"
    assert r.hits[0].readme == ("README, not understood: `notes/` 里的内容请仔细阅读后再用。",)
    md = to_markdown(search_envelope(r))
    assert "README, not understood: `notes/` 里的内容请仔细阅读后再用。" in md


def test_kr_rules_shows_each_sentence_and_what_it_became(root: Path) -> None:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", "rules", "booking", "--root", str(root)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "booking (free-form README)",
        "  line 5: `rules/` 是现行规则，回答以此为准。",
        "    → prefer rules/ (strong)",
        "  line 6: `archive/` 目录是历史版本（2023 年及以前的规则），只用于追溯，不得引用。",
        "    → exclude archive/",
        "  line 7: 草稿目录 `drafts/` 中的内容未经批准，不能作为答案。",
        "    → exclude drafts/",
        "  line 8: `notes/` 里的内容请仔细阅读后再用。",
        "    → not understood",
    ]
    listed = subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", "list", "--root", str(root)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert "README, not understood (line 8): `notes/` 里的内容请仔细阅读后再用。" in listed.stdout


def test_a_folder_both_forbidden_and_preferred_stays_forbidden() -> None:
    from knowledge_retrieval.kb.rules import parse_readme

    rules = parse_readme(
        "# Ops\n\nOperations notes.\n\n"
        "- Do not use anything in `old/` to answer a question.\n"
        "- Check `old/` first for anything about the 2019 plant.\n"
    )
    assert "old/" in rules.exclude
    assert "old/" not in rules.emphasize


def test_a_page_named_current_inside_a_folder_put_out_is_answered(tmp_path: Path) -> None:
    root = tmp_path / "KnowledgeBase"
    write(
        root / "ops" / "README.md",
        "# Ground station ops\n\nPass schedules and antenna notes.\n\n"
        "The current pass schedule is always `passes/current.md`; everything else in "
        "`passes/` is history kept for the ops log.\n",
    )
    write(root / "ops" / "passes" / "current.md", "# Pass schedule\n\nSvalbard pass at 04:10.\n")
    write(root / "ops" / "passes" / "2023.md", "# Pass schedule 2023\n\nSvalbard pass at 02:55.\n")
    (kb,) = list_kbs(root)
    assert kb.rules.exclude == ("passes/",) and kb.rules.emphasize == ("passes/current.md",)
    r = search("svalbard pass schedule", root=root)
    assert r.found and [h.path for h in r.hits] == ["passes/current.md"]
    assert not any("has it" in n for n in r.notes)


FORBIDDEN_ON_ROOTS = {
    ("teamkb", "identity"): {"old/"},
    ("teamkb", "orders"): {"archive/**", "archive/"},
    ("teamkb", "warehouse"): {"drafts/"},
    ("teamkb-blind2", "clinicops"): {"archive/"},
    ("teamkb-blind2", "mlplat"): {"archive/"},
    ("teamkb-blind3", "claimsdesk"): {"drafts/"},
    ("teamkb-blind3", "gamesvc"): {"archive/**", "archive/"},
    ("teamkb-blind4", "fleetops"): {"drafts/**", "drafts/"},
    ("teamkb-blind4", "payroll"): {"old/"},
    ("teamkb-blind5", "homelab"): {"old/"},
    ("teamkb-blind5", "opsdocs"): {"archive/"},
    ("teamkb-blind5", "teamnotes"): {"templates/**"},
    ("teamkb-blind6", "water-ops"): {"archive/"},
    ("teamkb-blind7", "brewhouse"): {"old_SOP/", "提案草稿/"},
    ("teamkb-blind7", "ground-handling"): {"archive/2024-manual/", "drafts/"},
    ("teamkb-blind7", "registrar"): {"历史文件/", "征求意见稿/"},
    ("teamkb-blind8", "collections"): {"旧版制度/", "草稿/"},
    ("teamkb-blind8", "vet-clinic"): {"舊版/", "草擬/"},
    ("teamkb-blind8", "windfarm"): {"archive/", "drafts/"},
    ("teamkb-blind9", "daizhang"): {"旧版/", "草稿/"},
    ("teamkb-blind9", "library-circ"): {"舊規定/", "提案/"},
    ("teamkb-blind9", "signalling"): {"archive/", "drafts/"},
    ("teamkb-blind10", "dispatch"): {"archive/", "drafts/"},
    ("teamkb-blind10", "estate-mgmt"): {"舊資料/", "建議稿/"},
    ("teamkb-blind10", "kuajing-kefu"): {"旧版/", "草稿/"},
    ("teamkb-blind11", "fab-yield"): {"archive/", "wip/"},
    ("teamkb-blind11", "observatory"): {"old/", "drafts/"},
    ("teamkb-blind11", "youeryuan"): {"旧版/", "草稿/"},
    ("teamkb-blind12", "ferry-ops"): {"archive/", "drafts/"},
    ("teamkb-blind12", "yaojuke"): {"历史文件/", "征求意见稿/"},
    ("teamkb-blind12", "changzhao"): {"舊版/", "草稿/"},
    ("teamkb-blind13", "league-ops"): {"old/", "proposals/", "meetings/"},  # "context only"
    ("teamkb-blind13", "jingqu"): {"旧版/", "草稿/"},
    ("teamkb-blind13", "central-kitchen"): {"舊版/", "草稿/"},
    ("teamkb-blind14", "solar-coop"): {"archive/", "drafts/"},
    ("teamkb-blind14", "shiyanshi"): {"旧版文件/", "征求意见稿/"},
    ("teamkb-blind14", "shouhou"): {"舊資料/", "草稿/"},
    ("teamkb-blind15", "ground-ops"): {"archive/", "drafts/"},  # archive/sop-2024/ inside
    # 旧版/2023年/ inside; 培训/ and 会议纪要/ are "供参考，不作为答复依据" (their named pages stay)
    ("teamkb-blind15", "banshui"): {"旧版/", "征求意见稿/", "培训/", "会议纪要/"},
    ("teamkb-blind15", "yeshi"): {"舊規定/", "草案/"},
    ("teamkb-blind16", "leisure-centre"): {"archive/", "drafts/"},
    # 会议记录/ "仅供参考" (for reference only): what the sentence sets' writers label an exclusion
    ("teamkb-blind16", "yizhan"): {"旧规则/", "草稿/", "会议记录/"},
    ("teamkb-blind16", "guanliche"): {"舊通告/", "擬稿/"},
    ("teamkb-blind17", "brewhouse"): {"archive/", "drafts/"},
    ("teamkb-blind17", "zhongyaofang"): {"废止文件/", "征求意见稿/"},
    ("teamkb-blind17", "buxiban"): {"舊版/", "草稿/"},
    ("teamkb-blind18", "marina"): {"old/", "drafts/"},
    ("teamkb-blind18", "zilaishui"): {"jiu/", "caogao/"},
    ("teamkb-blind18", "jichehang"): {"舊資料/", "草稿/"},
    ("teamkb-blind19", "observatory"): {"archive/"},  # archive/2019_manual/ inside
    ("teamkb-blind19", "lengku"): {"旧版/", "草稿/"},
    ("teamkb-blind19", "chalau"): {"舊資料/"},
    ("teamkb-blind20", "rescue"): {"archive/", "scratchpad/"},
    ("teamkb-blind20", "yinshuachang"): {"旧版/", "草稿/"},
    ("teamkb-blind20", "miaowu"): {"舊資料/", "討論稿/"},
    ("teamkb-blind21", "velokurier"): {"archiv/", "entwuerfe/"},
    ("teamkb-blind21", "yuanqijian"): {"旧版/", "草稿/"},
    ("teamkb-blind21", "kefang"): {"舊資料/", "草稿/"},
    ("teamkb-blind22", "radio"): {"old-stuff/", "scratch/"},
    ("teamkb-blind22", "huoguo"): {"jiu-ziliao/", "caogao/"},
    ("teamkb-blind22", "yuhui"): {"jiu-ban/", "taolun/"},
    ("teamkb-blind23", "wynplaas"): {"oud/", "konsep/"},
    ("teamkb-blind23", "zhibojian"): {"旧版归档/", "草稿箱/"},
    ("teamkb-blind23", "xiaoba"): {"舊資料/", "草稿/"},
    ("teamkb-blind24", "brennerei"): {"auld-stuff/"},  # its jottins/ is not read as forbidden
    ("teamkb-blind24", "weixiu"): {"jiu_ziliao/", "caogao/"},
    ("teamkb-blind24", "yeshi"): {"舊資料/", "草稿/"},
    ("teamkb-blind25", "kaafei"): {"舊版/", "草稿同傾偈/"},
    ("teamkb-blind25", "shearing"): {"old-stuff/", "scratch/"},
    ("teamkb-blind25", "shiyandongwu"): {"历史文件/", "草稿/"},
    ("teamkb-blind26", "tattoo"): {"old-stuff/", "dazza-drafts/"},
    ("teamkb-blind26", "jiaxiao"): {"老版本作废/", "群聊草稿/"},
    ("teamkb-blind26", "xiuguluan"): {"舊制度/", "草稿討論/"},
    ("teamkb-blind27", "cricket"): {"archive/", "committee-scribbles/"},
    ("teamkb-blind27", "yanglao"): {"旧版资料/", "草稿/"},
    # and the quoting system's copy of the rate card, which loses to the page where they differ
    # ("兩邊不一樣的話以 md 為準", read as the sentence writers label a losing party)
    ("teamkb-blind27", "peiyin"): {"_old/", "討論區/", "rate-card/rates-2025.json"},
    ("teamkb-blind28", "allotment"): {"auld-stuff/", "scribbles/"},
    ("teamkb-blind28", "wangba"): {"老版本作废/", "草稿/"},
    ("teamkb-blind28", "taoyi"): {"舊資料/", "草稿與閒聊/"},
    ("teamkb-blind29", "cowork"): {"archive-2023/", "drafts/"},
    ("teamkb-blind29", "laowu"): {"jiuban/", "qunliao/"},
    ("teamkb-blind29", "gongmiao"): {"舊資料/", "討論稿/"},
    ("teamkb-blind30", "shearing"): {"old-stuff/", "yarns/"},
    ("teamkb-blind30", "yueju"): {"旧通知/", "群聊草稿/"},
    ("teamkb-blind30", "dangpu"): {"舊規矩/", "草稿/"},
    ("teamkb-blind31", "solar"): {"archive_2023/", "rough_notes/"},
    ("teamkb-blind31", "bingdiao"): {"旧版作废/", "草稿/"},
    ("teamkb-blind31", "liuxi"): {"舊資料-停用/", "草稿區/"},
    ("teamkb-blind32", "apiary"): {"hen/", "drafftiau/"},
    ("teamkb-blind32", "piying"): {"老章程/", "草稿/"},
    ("teamkb-blind32", "yugang"): {"舊資料/", "阿明仔的筆記/"},
    ("teamkb-blind33", "soundsystem"): {"old_runnings/", "yard-talk/"},
    ("teamkb-blind33", "jiufang"): {"旧档/", "草稿/"},
    ("teamkb-blind33", "xiaoba"): {"舊嘢/", "吹水區/"},
    ("teamkb-blind34", "teaestate"): {"old_circulars/", "draft_ideas/"},
    ("teamkb-blind34", "yiwu"): {"旧资料/", "聊天草稿/"},
    ("teamkb-blind34", "mifen"): {"舊版/", "討論草稿/"},
    ("teamkb-blind35", "kennel"): {"old_season/", "scratch/"},
    ("teamkb-blind35", "zhuangxiu"): {"老资料/", "草稿/"},
    ("teamkb-blind35", "dieda"): {"舊嘢/", "傾偈草稿/"},
    ("teamkb-blind36", "glacier"): {"gamalt/", "drog/"},
    ("teamkb-blind36", "shenghao"): {"旧嘢/", "倾偈记录/"},
    ("teamkb-blind36", "shouyao"): {"舊版/", "草稿區/"},
    ("teamkb-blind37", "rodeo"): {"old-2024-stuff/", "board-scratchpad/"},
    ("teamkb-blind37", "ganguo"): {"老价格_作废/", "草稿_群聊记录/"},
    ("teamkb-blind37", "hunsha"): {"舊資料_2024/", "討論區_未定案/"},
    ("teamkb-blind38", "organworks"): {"attic/", "brew-room/"},
    ("teamkb-blind38", "bingchang"): {"老底子/", "瞎讲讲/"},
    ("teamkb-blind38", "xiaobaa"): {"舊嘢/", "未拍板/"},
    ("teamkb-blind39", "survey"): {"old-stuff/", "scratchpad/"},
    ("teamkb-blind39", "chaguan"): {"老资料/", "草稿群聊/"},
    ("teamkb-blind39", "qianshui"): {"舊資料_2023/", "討論草稿/"},
    ("teamkb-blind40", "bigtop"): {"old-stuff/", "scribbles/"},
    ("teamkb-blind40", "jiaxiu"): {"老黄历/", "瞎琢磨/"},
    ("teamkb-blind40", "livehouse"): {"舊資料封存/", "草稿區/"},
    ("teamkb-blind41", "cellar"): {"archive-2024/", "braai-talk-drafts/"},
    ("teamkb-blind41", "bingdiao"): {"老黄历/", "唠嗑草稿/"},
    ("teamkb-blind41", "dantat"): {"舊嘢/", "傾偈稿/"},
    ("teamkb-blind42", "eventhall"): {"old_stuff/", "gist_drafts/"},
    ("teamkb-blind42", "kuaidi"): {"老规定作废/", "群聊草稿/"},
    ("teamkb-blind42", "jiuxiang"): {"2023封存/", "討論草稿/"},
    ("teamkb-blind43", "roadhouse"): {"old-2023-24/", "yarns/"},
    ("teamkb-blind43", "xuechang"): {"老黄历/", "唠嗑草稿/"},
    ("teamkb-blind43", "xiaoba"): {"過期文件/", "未批草稿/"},
    ("teamkb-blind44", "narrowboat"): {"old-stuff/", "scribbles/"},
    ("teamkb-blind44", "tuangou"): {"旧规则/", "草稿/"},
    ("teamkb-blind44", "huishou"): {"舊資料/", "討論草稿/"},
    ("teamkb-blind48", "clubhouse"): {"old-stuff/"},
    ("teamkb-blind48", "banjia"): {"老资料/"},
    ("teamkb-blind48", "shouxin"): {"舊嘢/"},
    ("teamkb-blind49", "cassia"): {"superseded/"},
    ("teamkb-blind49", "daolang"): {"舊的不要用/"},
    ("teamkb-blind49", "tangquan"): {"于哥草稿/"},
    ("teamkb-blind50", "gidgee"): {"old-stuff/"},
    ("teamkb-blind50", "longjing"): {"草稿/"},
    ("teamkb-blind50", "hongvan"): {"舊文件/"},
    ("teamkb-blind51", "mopani"): {"archive-old/"},
    ("teamkb-blind51", "shisanhang"): {"草稿未定/"},
    ("teamkb-blind51", "hunsha"): {"舊資料_別用/"},
    ("teamkb-blind52", "glenbrae"): {"auld-stuff/"},
    ("teamkb-blind52", "chaguan"): {"老规矩作废/"},
    ("teamkb-blind52", "shouyao"): {"草稿區/"},
    ("teamkb-blind53", "crabplant"): {"old-binder/"},
    ("teamkb-blind53", "bingdiao"): {"草稿箱/"},
    ("teamkb-blind53", "zhuangxiu"): {"舊資料_唔好用/"},
    ("teamkb-blind54", "mart"): {"old-stuff/"},
    ("teamkb-blind54", "jiazheng"): {"老底子/"},
    ("teamkb-blind54", "yushi"): {"舊資料/"},
    ("teamkb-blind55", "crawboil"): {"old-stuff/"},
    ("teamkb-blind55", "dounan"): {"老黄历/"},
    ("teamkb-blind55", "wasihang"): {"舊資料/"},
}
"""The folders each README of the calibration roots forbids (written by people who never saw the
parser): every one excluded without a condition, none of them given any other rule."""


MISREAD = {
    (
        "teamkb-blind12",
        "changzhao",
    ): "A：`家屬探視/探視規定.md`，不要看舊版的疫情規定。 puts out the "
    "page it answers with: the prohibition after it says 舊版 (another folder) by name",
    ("teamkb-blind32", "yugang"): "a table row '會使，但是金額莫予外人看' (may be used, but do not "
    "show the amounts to outsiders) puts out 船仔帳/: a restriction on what is disclosed, read "
    "as one on answering",
    ("teamkb-blind33", "soundsystem"): "'`yard-talk/` — idea, argument an WhatsApp chat weh "
    "Bossman nuh approve yet' gives no rule: Patois 'nuh' is no negator the grammar knows",
    ("teamkb-blind38", "organworks"): "'The `brew-room/` is ... thinking out loud over a brew, "
    "..., a fee rise Margaret's not put her name to.' is read as a rule about writing (a negated "
    "'put'), and the next sentence, 'Nowt in there's been agreed.', names no folder",
    ("teamkb-blind42", "eventhall"): "'Oga say make we no delete `old_stuff/` ..., but "
    "everything inside am don expire ..., so when customer ask you something, no go there go find "
    "answer' is read as a rule about deleting (writing) only: Pidgin 'don expire' (has expired) "
    "and 'no go there' are no non-authority word and no negator the grammar knows",
    ("teamkb-blind48", "banjia"): "'`会议/` —— 每个月的月会记录，蒋总定的新规矩一般先在这里出现，"
    "然后我再改到对应的文件里头。' also puts out 会议/: the 后 of 然后 (and then) with 改 reads as "
    "'changed since', a fact that dates the pages; blanking 然后 moved no other set and cost one "
    "rejection on this root, so it was not kept",
}
"""READMEs the parser still misreads (found after the held-out measurement of the sixteenth
session; not fixed yet; those found after the nineteenth and twentieth are fixed; the
twenty-sixth session's judge and held-out roots, written blind, at its start: the held-out
root's two, read after its end measurement, were fixed by cue words that moved no other set
and were taken out again by the ablation; 吹水區/ ("德叔未拍板，唔作準") is read since the
twenty-seventh, where a negated word of rank became one of non-authority as a negated word of
authority is; the twenty-seventh's held-out root, read after its end measurement, had one:
the kennel roster's "if a tag isn't in there the dog isn't ours", read right since the
twenty-eighth, when a second writer's "if a protocol isn't in there, it isn't approved" showed
the same construction: a case of an item not in the folder says nothing of the folder; the
twenty-ninth's judge had one, read at its end and left as found, so that the judge stays a
judge; the thirtieth's judge had one of the same kind, a folder named in one sentence and
forbidden in the next, here by a bare word; the thirty-first's held-out root, read after its
end measurement, had one: a folder forbidden in Nigerian Pidgin; the thirty-sixth's held-out
root, read after its end measurement, had one: a folder of meeting notes put out by a "then I
copy it over" read as "changed since"; the thirty-seventh's, read after its end measurement, had
one: a folder the KB does not have, named by a common word before "folder", and put out, read
right since the thirty-eighth, where such a word names a folder only when the KB has it; the
thirty-eighth's, read after its end measurement, had two, both read right since: a prohibition
said outright ("莫拿来回答问题") after the folder's own clause about keeping it, and a current
folder put out by "if something in there is wrong, it's him you tell")."""


@pytest.mark.parametrize(
    "where",
    [
        pytest.param(w, marks=pytest.mark.xfail(reason=MISREAD[w], strict=True))
        if w in MISREAD
        else w
        for w in sorted(FORBIDDEN_ON_ROOTS)
    ],
    ids="/".join,
)
def test_every_folder_a_calibration_readme_forbids_is_excluded(where: tuple[str, str]) -> None:
    from knowledge_retrieval.kb.rules import named_folders, parse_readme

    fixture, kb = where
    readme = Path(__file__).parents[2] / "calibration" / fixture / kb / "README.md"
    text = readme.read_text(encoding="utf-8")
    rules = parse_readme(text, named_folders(text, readme.parent))
    assert set(rules.exclude) == FORBIDDEN_ON_ROOTS[where]
    on_them = [
        r
        for r in rules.understood
        if r.path.rstrip("*").rstrip("/") + "/"
        in {p.rstrip("*").rstrip("/") + "/" for p in rules.exclude}
    ]
    assert {r.action for r in on_them} == {"exclude"}, on_them
    assert all(r.unless is None for r in on_them)


def test_no_other_calibration_readme_forbids_a_folder() -> None:
    from knowledge_retrieval.kb.rules import parse_readme

    cal = Path(__file__).parents[2] / "calibration"
    for readme in sorted(cal.glob("teamkb*/*/README.md")):
        where = (readme.parent.parent.name, readme.parent.name)
        if where not in FORBIDDEN_ON_ROOTS:
            assert parse_readme(readme.read_text(encoding="utf-8")).exclude == (), where
