"""YAML, JSON and plain-text files of a KB are documents: a config key asked in its dotted form,
a code of a JSON code table and a line of a ``.txt`` note are found, through the public API."""

from __future__ import annotations

from pathlib import Path

from knowledge_retrieval import list_kbs, search

from ..conftest import write

CONFIG = """\
# Deice pad configuration, season 2025/26
deice:
  pad:
    id: DP-EAST
    max_wait_min: 20        # after release by pad control
  fluid:
    type1:
      min_temp_c: 60
"""

CODES = """\
{
  "version": "2025-03",
  "types": [
    {"code": "ZM-04", "name": "English transcript", "lead_days": 0},
    {"code": "ZM-05", "name": "Sealed transcript for study abroad", "lead_days": 3}
  ]
}
"""


PARTS = """\
# 零件庫存 (2025-06-30)
車廠: 牛頭角
零件:
  - 編號: TY-04465-36080
    名稱: 前剎車皮
    庫存: 5
  - 編號: MT-ME222133
    名稱: 機油格
    庫存: 2
"""


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "kb-root"
    write(root / "station" / "README.md", "# Station\n\nDeicing and certificates.\n")
    write(root / "station" / "ops" / "deicing-config.yaml", CONFIG)
    write(root / "station" / "reference" / "certificate-codes.json", CODES)
    write(root / "station" / "parts" / "stock.yaml", PARTS)
    write(
        root / "station" / "notes" / "handover.txt",
        "Handover notes\n\nThe night shift hands the pad radio to the morning lead at 06:00.\n",
    )
    return root


def test_a_dotted_key_of_a_yaml_config_is_found_with_its_value(tmp_path: Path) -> None:
    r = search("deice.pad.max_wait_min", kb="station", root=_root(tmp_path))
    assert r.found
    top = r.hits[0]
    assert top.path == "ops/deicing-config.yaml"
    assert top.matched_terms == ("deice.pad.max_wait_min",)
    assert top.snippet == (
        "**deice.pad.max_wait_min** (**pad.max_wait_min**): 20 — after release by **pad** control"
    )
    assert top.line_start == 5


def test_a_code_of_a_json_table_is_found_and_a_near_one_is_not(tmp_path: Path) -> None:
    root = _root(tmp_path)
    r = search("ZM-05", kb="station", root=root)
    assert r.found
    assert r.hits[0].path == "reference/certificate-codes.json"
    assert "Sealed transcript for study abroad" in r.hits[0].snippet
    absent = search("ZM-07", kb="station", root=root)
    assert not absent.found
    assert absent.hits == ()


def test_a_record_of_a_yaml_list_with_chinese_keys_is_a_row(tmp_path: Path) -> None:
    r = search("TY-04465-36080 庫存有幾多", kb="station", root=_root(tmp_path))
    assert r.found, r.notes
    top = r.hits[0]
    assert (top.path, top.kind, top.line_start) == ("parts/stock.yaml", "table", 4)
    assert "庫存: 5" in top.content and "機油格" not in top.content


def test_a_plain_text_note_is_a_document(tmp_path: Path) -> None:
    root = _root(tmp_path)
    r = search("when does the night shift hand over the pad radio", kb="station", root=root)
    assert r.found
    assert r.hits[0].path == "notes/handover.txt"
    (kb,) = list_kbs(root=root, refresh=True)
    assert (kb.doc_count, kb.skipped) == (4, ())
