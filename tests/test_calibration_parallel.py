"""The parallel English / Chinese set of calibration/parallel.py, laid out from a glossary the
test writes: each term asked in both languages with its opening sentence, cut from the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from calibration import parallel
from tests.conftest import write

EN = {
    "pod.md": "Within a [Kubernetes](/kubernetes/) environment, a pod is the most basic "
    "deployable unit. It holds one or more containers.",
    "cluster.md": "A cluster is a group of computers working together. They share the load.",
    "node.md": "A node is one computer of a cluster, physical or virtual. It runs the work.",
    "host.md": "A host is any computer connected to a network. It has an address.",
}
ZH = {
    "pod.md": "## 是什么\n\n在 [Kubernetes](/zh-cn/kubernetes/) 环境中，Pod 是最基本的可部署单元。"
    "它包含一个或多个容器。",
    "cluster.md": "集群是一组协同工作的计算机，它们一起分担负载。它们共享负载。",
    "node.md": "节点是集群中的一台计算机，可以是物理机也可以是虚拟机。它运行工作负载。",
    "host.md": "主机是连接到网络的任何一台计算机设备。它有一个地址。",
}


def _glossary(eval_dir: Path) -> None:
    for name, en in EN.items():
        head = f"---\ntitle: {name.removesuffix('.md').title()}\n---\n\n"
        write(eval_dir / parallel.GLOSSARY / "en" / name, f"{head}{en}\n")
        write(eval_dir / parallel.GLOSSARY / "zh-cn" / name, f"{head}{ZH[name]}\n")
    write(eval_dir / parallel.GLOSSARY / "en" / "_index.md", "# Glossary\n")
    write(eval_dir / parallel.GLOSSARY / "en" / "english-only.md", "An English-only term.\n")


def test_each_term_is_asked_in_both_languages_with_its_opening_sentence(tmp_path: Path) -> None:
    _glossary(tmp_path / "eval")
    qs = parallel.build(tmp_path / "eval", tmp_path / "root")
    assert qs is not None
    # cluster, host, node, pod: the fourth (pod) is absent, the others en, zh, en
    assert [(q.group, q.lang, q.path) for q in qs] == [
        ("same", "en", "en/cluster.md"),
        ("cross", "zh", "en/cluster.md"),
        ("cross", "en", "zh/host.md"),
        ("same", "zh", "zh/host.md"),
        ("same", "en", "en/node.md"),
        ("cross", "zh", "en/node.md"),
        ("absent", "en", ""),
        ("absent", "zh", ""),
    ]
    assert qs[0].query == "A cluster is a group of computers working together."
    assert qs[-2].query == (
        "Within a Kubernetes environment, a pod is the most basic deployable unit."
    )
    assert qs[-1].query == "在 Kubernetes 环境中，Pod 是最基本的可部署单元。"
    kb = tmp_path / "root" / parallel.KB
    assert (kb / "en" / "cluster.md").read_text(encoding="utf-8") == (
        "---\ntitle: Cluster\n---\n\nThey share the load.\n"
    )
    assert "主机是连接到网络" not in (kb / "zh" / "host.md").read_text(encoding="utf-8")
    assert sorted(p.name for p in kb.rglob("*.md")) == [
        "README.md",
        "cluster.md",
        "host.md",
        "node.md",
    ]


def test_without_the_data_nothing_is_measured(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert parallel.main(["--eval", str(tmp_path / "nothing")]) == 0
    assert "no parallel data under" in capsys.readouterr().out
