"""An identifier the KB has nowhere is never found from its parts, and the result names the
KB's nearest ones: a class code that mixes scripts (M1-英A), a code of a series (P-D), a key
whose last pieces differ, a code whose only likeness is its shape, another KB's codes."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import search

from ..conftest import write

CLASSES = "\n".join(
    f"| {code} | {teacher} |"
    for code, teacher in (
        ("M3-數A", "陳老師"),
        ("M3-數B", "林老師"),
        ("M1-數A", "王老師"),
        ("H2-化A", "張老師"),
    )
)


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "buxiban" / "README.md", "# 補習班\n\n班級代碼、課表與老師。\n")
    write(
        root / "buxiban" / "班級代碼表.md",
        f"# 班級代碼表\n\n每個班級代碼對應一位老師。\n\n| 班級 | 老師 |\n| --- | --- |\n{CLASSES}\n",
    )
    write(
        root / "buxiban" / "補課.md",
        "# 錄影補課\n\nM3-數A 的學生缺課時，可以申請錄影補課。\n",
    )
    write(root / "estate" / "README.md", "# Estate office\n\nRepairs, units and the config.\n")
    write(
        root / "estate" / "repairs.md",
        "# Repair classes\n\n| class | response |\n| --- | --- |\n"
        "| P-A | 4 hours |\n| P-B | 1 day |\n| P-C | 3 days |\n",
    )
    write(
        root / "estate" / "units.md",
        "# Unit numbers\n\nUnits are written block-floor-flat: B1-05-A, B3-18-C, B6-35-H.\n",
    )
    write(
        root / "estate" / "config.md",
        "# Imager config\n\n```yaml\nimgr:\n  ccd:\n    setpoint_c: -20\n"
        "    readout_speed: fast\n```\n\nimgr.ccd.setpoint_c and imgr.ccd.readout_speed.\n",
    )
    write(root / "brewhouse" / "README.md", "# Brewhouse\n\nFermenters and cellar work.\n")
    write(
        root / "brewhouse" / "fermenters.md",
        "# Fermenters\n\nFV-01, FV-02, FV-03 and FV-10 are the cellar's fermenters.\n",
    )
    return root


def _care_levels(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "care" / "README.md", "# 長照中心\n\n照顧等級與服務。\n")
    write(
        root / "care" / "levels.md",
        "# 照顧等級說明\n\n| 等級 | 狀況 |\n| --- | --- |\n| B | 可自行走動，需要提醒用藥 |\n"
        "| C | 需要協助洗澡與如廁 |\n| D | 臥床，需要全天照顧 |\n",
    )
    return root


def test_capitals_in_a_chinese_question_are_a_code_the_kb_may_lack(tmp_path: Path) -> None:
    root = _care_levels(tmp_path)
    r = search("照顧等級E是什麼狀況", "care", root=root)
    assert not r.found  # the codes of capitals the page of the other words writes are near
    assert _absent(r, "E", "care") == (
        "'E' is not in 'care': no document has this identifier (did you mean: D, C, B?)"
    )
    r = search("照顧等級C是什麼狀況", "care", root=root)
    assert r.found and r.hits[0].path == "levels.md"
    # in an English question capitals may be a word the KB writes in full: no code
    r = search("what does care level E mean", "care", root=root)
    assert not any("no document has this identifier" in n for n in r.notes)


def _bookings(tmp_path: Path) -> Path:
    root = tmp_path / "KnowledgeBase"
    write(root / "condo" / "README.md", "# Condo office\n\nFacility bookings and incidents.\n")
    write(
        root / "condo" / "bookings.md",
        "# Booking statuses\n\nA facility booking is PENDING until the deposit is paid, then\n"
        "CONFIRMED; a booking cancelled late is FORFEIT.\n",
    )
    write(
        root / "condo" / "incidents.md",
        "# Incidents\n\nThe manager decides if an injury is RIDDOR-reportable.\n",
    )
    return root


def test_capitals_beside_lower_case_are_a_code_the_kb_may_lack(tmp_path: Path) -> None:
    root = _bookings(tmp_path)
    r = search("what does the booking status WAITLIST mean", "condo", root=root)
    assert not r.found
    assert _absent(r, "WAITLIST", "condo").startswith(
        "'WAITLIST' is not in 'condo': no document has this identifier"
    )
    r = search("预订状态WAITLIST是什么意思", "condo", root=root)
    assert not r.found
    r = search("what does the booking status FORFEIT mean", "condo", root=root)
    assert r.found and r.hits[0].path == "bookings.md"
    # capitals one letter apart from the KB's word are misspelt, not absent
    r = search("who decides if an injury is RIDOR reportable", "condo", root=root)
    assert not any("no document has this identifier" in n for n in r.notes)
    assert r.hits and r.hits[0].path == "incidents.md"


def test_letters_joined_by_a_hyphen_are_a_code_not_two_words(tmp_path: Path) -> None:
    root = _root(tmp_path)  # brewhouse writes FV-01 ... (an F, a V), never a P-D
    r = search("P-D 類維修幾耐到", "brewhouse", root=root)
    assert not r.found
    assert _absent(r, "P-D", "brewhouse").startswith("'P-D' is not in 'brewhouse'")


def _absent(r: object, ident: str, kb: str) -> str:
    notes = [n for n in r.notes if n.startswith(f"'{ident}' is not in '{kb}'")]  # type: ignore[attr-defined]
    assert len(notes) == 1, r.notes  # type: ignore[attr-defined]
    return notes[0]


def test_a_class_code_that_mixes_scripts_is_found_whole_or_not_at_all(tmp_path: Path) -> None:
    root = _root(tmp_path)
    r = search("M1-英A", "buxiban", root=root)
    assert not r.found  # its parts M1 and A are in the KB, the class is not
    assert _absent(r, "M1-英A", "buxiban") == (
        "'M1-英A' is not in 'buxiban': no document has this identifier (did you mean: M1-數A?)"
    )
    r = search("H2-化B是哪個老師上的", "buxiban", root=root)
    assert not r.found
    assert "did you mean: H2-化A" in _absent(r, "H2-化B", "buxiban")
    r = search("M3-數A", None, root=root)
    assert r.found and r.kb == "buxiban" and r.hits[0].path in ("班級代碼表.md", "補課.md")
    r = search("M3-數A 是哪位老師", "buxiban", root=root)
    assert r.found and r.hits[0].path == "班級代碼表.md"


def test_a_code_that_starts_with_a_chinese_character_is_found_whole_or_not_at_all(
    tmp_path: Path,
) -> None:
    root = tmp_path / "KnowledgeBase"
    write(root / "miao" / "README.md", "# 宮廟\n\n香爐、滅火器與排班。\n")
    write(
        root / "miao" / "安全" / "滅火器.md",
        "# 滅火器位置\n\n| 編號 | 位置 |\n| --- | --- |\n| 滅-01 | 正殿左側 |\n"
        "| 滅-02 | 金爐旁 |\n| 滅-03 | 廚房 |\n",
    )
    r = search("滅-02在哪裡", "miao", root=root)
    assert r.found and "金爐旁" in r.hits[0].content
    absent = search("滅-13在哪裡", "miao", root=root)
    assert not absent.found
    assert any("滅-13" in n for n in absent.notes), absent.notes


def test_a_code_of_a_series_of_letters_is_absent_where_the_kb_lacks_it(tmp_path: Path) -> None:
    root = _root(tmp_path)
    r = search("what is the response time of repair class P-D", "estate", root=root)
    assert not r.found
    assert _absent(r, "P-D", "estate") == (
        "'P-D' is not in 'estate': no document has this identifier (did you mean: P-C, P-B, P-A?)"
    )
    r = search("what is the response time of repair class P-C", "estate", root=root)
    assert r.found and r.hits[0].path == "repairs.md"


def test_near_identifiers_share_the_longest_lead_the_kb_has(tmp_path: Path) -> None:
    root = _root(tmp_path)
    r = search("imgr.ccd.dark_current_limit", "estate", root=root)
    assert not r.found
    assert _absent(r, "imgr.ccd.dark_current_limit", "estate").endswith(
        "(did you mean: imgr.ccd.setpoint_c, imgr.ccd.readout_speed?)"
    )


def test_near_identifiers_of_the_same_shape_where_none_shares_a_lead(tmp_path: Path) -> None:
    root = _root(tmp_path)
    r = search("B2-14-D", "estate", root=root)
    assert not r.found
    assert _absent(r, "B2-14-D", "estate").endswith("(did you mean: B3-18-C, B1-05-A, B6-35-H?)")


def test_asked_of_the_root_near_identifiers_may_be_another_kbs(tmp_path: Path) -> None:
    root = _root(tmp_path)
    # the words choose the estate office; the fermenters' codes are the brewhouse's
    r = search("repair class response time of FV-11", None, root=root)
    assert not r.found and r.kb == "estate"
    assert _absent(r, "FV-11", "estate").endswith(
        "(did you mean: FV-10, FV-01, FV-03? in 'brewhouse')"
    )


def test_an_identifier_the_kb_has_as_the_leading_run_of_longer_ones_is_found(
    tmp_path: Path,
) -> None:
    """MT-24 names the series MT-24-118, MT-24-131: the page with them has the question's
    subject, in whatever language the rest of the question is; MT-25 names none."""
    root = tmp_path / "KnowledgeBase"
    write(root / "hongvan" / "README.md", "# 紅van\n\n車隊、維修同投訴。\n")
    write(
        root / "hongvan" / "車隊" / "維修保養.md",
        "# 維修保養\n\n每單維修開一張維修單，編號 `MT-` + 年份兩位 + `-` + 三位數，"
        "例如 MT-24-118、MT-24-131。單據交俾強哥。\n",
    )
    write(root / "hongvan" / "路線" / "通宵線.md", "# 通宵線\n\n通宵線車資 $28，零晨一點開出。\n")
    r = search("MT-24 開頭嗰啲單係咩嚟", "hongvan", root=root)
    assert r.found and r.hits[0].path == "車隊/維修保養.md"
    assert "MT-24" in r.hits[0].matched_terms
    assert not search("MT-25 開頭嗰啲單係咩嚟", "hongvan", root=root).found
