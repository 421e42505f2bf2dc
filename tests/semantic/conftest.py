"""A tiny bilingual embedding model made by the tests: an ONNX graph and a WordPiece tokenizer
that fastembed loads from a folder, the way an air-gapped team loads a real one.

Each word of the vocabulary is a row of a small table: a word and its translation share a
*concept* direction (refund / 退款), and every English or Chinese word also leans on its
language's own direction, as a real multilingual model's vectors do — so plain cosine ranks the
question's own language first and the language-centred cosine does not.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

CONCEPTS = {
    "refund": ["refund", "refunds", "reimbursement", "money", "back", "退", "款", "钱"],
    "password": ["password", "reset", "密", "码", "重", "置"],
    "parcel": ["parcel", "shipping", "delivery", "包", "裹", "快", "递"],
    "leave": ["leave", "vacation", "days", "假", "休", "天"],
}
ENGLISH_FILLER = ["how", "do", "i", "get", "my", "the", "a", "is", "what", "of", "to", "for"]
CHINESE_FILLER = ["怎", "么", "我", "的", "是", "什", "要", "多", "少", "几", "如", "何"]
DIM = 8  # 4 concepts, a common direction, English, Chinese, spare


def _vocab() -> tuple[list[str], np.ndarray]:
    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
    rows = [np.zeros(DIM), np.eye(DIM)[4], np.eye(DIM)[4], np.eye(DIM)[4]]
    for i, (_c, ws) in enumerate(CONCEPTS.items()):
        for w in ws:
            lang = 6 if w.isascii() else 5
            words.append(w)
            rows.append(np.eye(DIM)[i] + 0.9 * np.eye(DIM)[lang] + 0.3 * np.eye(DIM)[4])
    for w in ENGLISH_FILLER:
        words.append(w)
        rows.append(np.eye(DIM)[4] + 0.9 * np.eye(DIM)[6])
    for w in CHINESE_FILLER:
        words.append(w)
        rows.append(np.eye(DIM)[4] + 0.9 * np.eye(DIM)[5])
    return words, np.array(rows, dtype=np.float32)


def make_tiny_model(folder: Path, nan_word: str = "", rows: int = 0) -> Path:
    """Write ``model.onnx``, ``tokenizer.json`` and its configs into ``folder``. A broken model
    for the failure tests: ``nan_word``'s row is NaN (its texts embed to NaN), and ``rows``
    keeps only the table's first rows (a text with a later word fails in ONNX Runtime)."""
    onnx = pytest.importorskip("onnx")
    tokenizers = pytest.importorskip("tokenizers")
    from onnx import TensorProto, helper, numpy_helper

    words, table = _vocab()
    if nan_word:
        table[words.index(nan_word)] = np.nan
    if rows:
        table = table[:rows]
    folder.mkdir(parents=True, exist_ok=True)
    graph = helper.make_graph(
        [
            helper.make_node("Gather", ["table", "input_ids"], ["last_hidden_state"], axis=0),
        ],
        "tiny-bilingual",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"]),
        ],
        [
            helper.make_tensor_value_info(
                "last_hidden_state", TensorProto.FLOAT, ["batch", "seq", DIM]
            )
        ],
        initializer=[numpy_helper.from_array(table, name="table")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(folder / "model.onnx"))

    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

    tok = Tokenizer(models.WordPiece({w: i for i, w in enumerate(words)}, unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(handle_chinese_chars=True, lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", 2), ("[SEP]", 3)]
    )
    tok.save(str(folder / "tokenizer.json"))
    assert tokenizers is not None
    (folder / "tokenizer_config.json").write_text(
        json.dumps({"model_max_length": 64, "pad_token": "[PAD]"}), encoding="utf-8"
    )
    (folder / "special_tokens_map.json").write_text(
        json.dumps({"pad_token": "[PAD]", "unk_token": "[UNK]"}), encoding="utf-8"
    )
    (folder / "config.json").write_text(json.dumps({"hidden_size": DIM}), encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("fastembed")
    return make_tiny_model(tmp_path_factory.mktemp("tiny-model"))


@pytest.fixture
def tiny_embedder(tiny_model: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The layer on, with the tiny model; the value of ``KR_EMBEDDER``."""
    spec = f"fastembed:{tiny_model}"
    monkeypatch.setenv("KR_EMBEDDER", spec)
    return spec
