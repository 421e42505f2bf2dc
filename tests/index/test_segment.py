"""The build's segment writer writes the files Whoosh's own writer writes, byte for byte (with
every block compressed, as Whoosh does), and with small blocks left uncompressed, files Whoosh's
reader reads as the same postings."""

from __future__ import annotations

import hashlib
from array import array
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.writing import SegmentWriter

from knowledge_retrieval.index.blocks import TermWriter
from knowledge_retrieval.index.postings import term_postings
from knowledge_retrieval.index.schema import make_schema
from knowledge_retrieval.index.segment import Writer, _Held
from knowledge_retrieval.index.store import document_rows
from knowledge_retrieval.kb.parsing import SkipFile, parse_kb_text, read_kb_file

from ..conftest import SAMPLE_ROOT


@pytest.fixture
def compress_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every block compressed, as Whoosh's writer does."""
    monkeypatch.setattr(TermWriter, "COMPRESS_MIN", 0)


def _rows() -> list[dict[str, Any]]:
    rows = []
    for kb in sorted(p for p in SAMPLE_ROOT.iterdir() if p.is_dir()):
        for f in sorted(kb.rglob("*")):
            rel = f.relative_to(kb).as_posix()
            if not f.is_file() or rel == "README.md":
                continue
            try:
                text, _sha = read_kb_file(kb, rel)
            except SkipFile:
                continue
            rows += document_rows(parse_kb_text(f"{kb.name}/{rel}", text))
    return rows


def _write(
    folder: Path, writer_class: type, spill_every: int | None = None, **codec: int
) -> dict[str, str]:
    """Index every row in one segment; the digest of each of its files, and what it holds."""
    folder.mkdir()
    ix = whoosh_index.create_in(str(folder), make_schema())
    w = writer_class(ix, codec=W3Codec(**codec)) if codec else writer_class(ix)
    for n, row in enumerate(_rows(), 1):
        w.add_document(**row)
        if spill_every and n % spill_every == 0:
            w._spill()
    w.commit()
    ix = whoosh_index.open_dir(str(folder))
    (seg,) = ix._segments()
    store = seg.open_compound_file(ix.storage)
    # the postings and the term table; the per-document file names its segment, so it is
    # compared through a reader: stored fields, field lengths, columns
    out = {
        name.rsplit(".", 1)[-1]: hashlib.sha1(store.open_file(name).read()).hexdigest()
        for name in store.list()
        if name.endswith((".pst", ".trm"))
    }
    with ix.reader() as r:
        n = r.doc_count_all()
        out["stored"] = repr([r.stored_fields(i) for i in range(n)])
        out["lengths"] = repr(
            [[r.doc_field_length(i, f) for f in ("title", "heading", "body")] for i in range(n)]
        )
        out["columns"] = repr([list(r.column_reader(c)) for c in ("path", "tkey")])
        out["sections"] = str(n)
    return out


@pytest.mark.usefixtures("compress_all")
@pytest.mark.parametrize("spill_every", [None, 1, 7])
def test_the_same_segment_files_as_whoosh_writes(tmp_path: Path, spill_every: int | None) -> None:
    theirs = _write(tmp_path / "whoosh", SegmentWriter)
    ours = _write(tmp_path / "ours", Writer, spill_every)
    assert set(theirs) >= {"pst", "trm", "stored", "lengths"} and int(theirs["sections"]) > 20
    assert ours == theirs


@pytest.mark.parametrize(
    "codec",
    [
        # posting lists of many blocks, in the text fields and in the one-per-file ID field
        {"blocklimit": 2},
        {"blocklimit": 5, "compression": 0},
        {"blocklimit": 128, "compression": 9},
    ],
)
@pytest.mark.usefixtures("compress_all")
def test_the_same_files_with_other_codec_settings(tmp_path: Path, codec: dict[str, int]) -> None:
    theirs = _write(tmp_path / "whoosh", SegmentWriter, **codec)
    ours = _write(tmp_path / "ours", Writer, 3, **codec)
    assert ours == theirs


def _read_all(folder: Path) -> tuple[list[Any], list[int]]:
    """Every term through Whoosh's reader: its statistics and postings, block by block; and the
    compression level of every block."""
    ix = whoosh_index.open_dir(str(folder))
    terms, levels = [], []
    with ix.reader() as r:
        ((seg, _offset),) = r.leaf_readers()
        for field, text in r.all_terms():
            ti = r.term_info(field, text)
            stats = (ti.weight(), ti.doc_frequency(), ti.min_length(), ti.max_length())
            stats += (ti.max_weight(), ti.min_id(), ti.max_id())
            m = r.postings(field, text)
            postings = []  # with the statistics of the block each is in
            while m.is_active():
                if m._i == 0:
                    levels.append(m._compression)
                block = (m.block_min_length(), m.block_max_length(), m.block_max_weight())
                postings.append((m.id(), m.weight(), m.value(), *block))
                m.next()
            arrays = None
            if isinstance(text, bytes):
                got = term_postings(seg, field, text.decode("utf-8"))
                arrays = None if got is None else (got[0].tolist(), got[1].tolist())
            terms.append((field, text, stats, postings, arrays))
    return terms, levels


@pytest.mark.parametrize("blocklimit", [3, 128])
def test_small_blocks_uncompressed_read_the_same(tmp_path: Path, blocklimit: int) -> None:
    theirs = _write(tmp_path / "whoosh", SegmentWriter, blocklimit=blocklimit)
    ours = _write(tmp_path / "ours", Writer, 5, blocklimit=blocklimit)
    assert ours["pst"] != theirs["pst"]
    assert {k: v for k, v in ours.items() if k not in ("pst", "trm")} == {
        k: v for k, v in theirs.items() if k not in ("pst", "trm")
    }
    their_terms, their_levels = _read_all(tmp_path / "whoosh")
    our_terms, our_levels = _read_all(tmp_path / "ours")
    assert len(our_terms) > 1000 and our_terms == their_terms
    assert set(their_levels) == {3} and {0, 3} <= set(our_levels)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.dictionaries(st.sampled_from(["a", "b", "c", "é", "订单", "z9"]), st.integers(1, 9)),
        max_size=12,
    )
)
def test_held_postings_group_as_a_loop_would(docs: list[dict[str, int]]) -> None:
    """_Held's flat buffers, grouped, are each term's (document, frequency) pairs in document
    order, as appending to one array per term gives them (empty documents included)."""
    held = _Held()
    want: dict[str, array[int]] = {}
    for docnum, counts in enumerate(docs):
        held.add(docnum, counts)
        for term, freq in counts.items():
            want.setdefault(term, array("I")).extend((docnum, freq))
    assert held.grouped() == want
    assert held.grouped() == {}  # emptied
