"""The LangBot plugin in integrations/langbot/, loaded and called through the real SDK.

Each component is found through the plugin's manifest and imported the way the SDK's runtime
does it (``ComponentManifest.get_python_component_class`` from the plugin folder), bound to the
plugin instance with its config, and called: the tool's ``call``, the engine's ``retrieve``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml

pytest.importorskip("langbot_plugin", reason="the [langbot] extra is not installed")

from langbot_plugin.api.definition.components.knowledge_engine.engine import KnowledgeEngine
from langbot_plugin.api.definition.components.manifest import ComponentManifest
from langbot_plugin.api.definition.components.tool.tool import Tool
from langbot_plugin.api.definition.plugin import BasePlugin
from langbot_plugin.api.entities.builtin.provider.session import LauncherTypes, Session
from langbot_plugin.api.entities.builtin.rag.context import RetrievalContext
from langbot_plugin.api.entities.builtin.rag.enums import DocumentStatus
from langbot_plugin.api.entities.builtin.rag.models import (
    FileMetadata,
    FileObject,
    IngestionContext,
)
from langbot_plugin.cli.utils.page_components import discover_plugin_components
from langbot_plugin.utils.discover.engine import ComponentDiscoveryEngine

from knowledge_retrieval.errors import AccessDeniedError, KBNotFoundError
from knowledge_retrieval.interfaces.agent_tool import INPUT_SCHEMA, TOOL_DESCRIPTION
from knowledge_retrieval.team.workflow import ACCESS_DISABLED

PLUGIN = Path(__file__).resolve().parents[2] / "integrations" / "langbot"
SEED_TOOL = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "query-knowledge-tool.yaml"


@pytest.fixture
def plugin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the plugin, as the working directory (the SDK imports from there)."""
    dst = tmp_path / "plugin"
    shutil.copytree(PLUGIN, dst, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.chdir(dst)
    before = set(sys.modules)
    yield dst
    for name in set(sys.modules) - before:  # the plugin's main / components modules
        if name == "main" or name.split(".")[0] == "components":
            del sys.modules[name]


def load(config: dict[str, Any]) -> tuple[BasePlugin, dict[str, ComponentManifest]]:
    """The plugin instance with ``config`` and its component manifests, as the runtime loads them."""
    engine = ComponentDiscoveryEngine()
    manifest = engine.load_component_manifest("manifest.yaml", owner="builtin", no_save=True)
    assert manifest is not None and manifest.kind == "Plugin"
    plugin_cls = manifest.get_python_component_class()
    assert issubclass(plugin_cls, BasePlugin)
    plugin = plugin_cls()
    plugin.config = config
    components = {m.kind: m for m in discover_plugin_components(manifest, engine)}
    assert set(components) == {"KnowledgeEngine", "Tool"}
    return plugin, components


def instance(plugin: BasePlugin, manifest: ComponentManifest, base: type) -> Any:
    cls = manifest.get_python_component_class()
    assert issubclass(cls, base)
    comp = cls()
    comp.plugin = plugin
    anyio.run(comp.initialize)
    return comp


SESSION = Session(launcher_type=LauncherTypes.PERSON, launcher_id="tester")


def test_tool_follows_the_seed(plugin_dir: Path) -> None:
    spec = yaml.safe_load((plugin_dir / "components/tools/query_knowledge.yaml").read_text("utf-8"))
    assert (spec["apiVersion"], spec["kind"], spec["metadata"]["name"]) == (
        "v1",
        "Tool",
        "query_knowledge",
    )
    assert spec["spec"]["parameters"] == INPUT_SCHEMA
    assert spec["execution"]["python"] == {"path": "query_knowledge.py", "attr": "QueryKnowledge"}
    assert (
        spec["spec"]["llm_prompt"].strip() in TOOL_DESCRIPTION
    )  # our wording, minus read_document
    if SEED_TOOL.is_file():  # the seed's parameters, required fields and kinds
        seed = yaml.safe_load(SEED_TOOL.read_text("utf-8"))
        ours = spec["spec"]["parameters"]
        theirs = seed["spec"]["parameters"]
        assert ours["required"] == theirs["required"]
        assert {k: v["type"] for k, v in ours["properties"].items()} == {
            k: v["type"] for k, v in theirs["properties"].items()
        }
        assert ours["properties"]["action"]["enum"] == theirs["properties"]["action"]["enum"]


def test_tool_lists_and_queries(plugin_dir: Path, sample_root: Path) -> None:
    plugin, comps = load({"knowledge_base_root": str(sample_root)})
    tool = instance(plugin, comps["Tool"], Tool)

    listed = anyio.run(tool.call, {"action": "list"}, SESSION, 1)
    assert listed.startswith("4 knowledge base(s).")
    assert "- kb_id: payments — Payment and order domain" in listed

    one = anyio.run(
        tool.call,
        {"action": "query", "kb_id": "payments", "query_text": "ORDER_STATUS_PAID"},
        SESSION,
        2,
    )
    assert "**Source:** payments/reference/order-status.md:" in one
    assert "枚举值: ORDER_STATUS_PAID" in one

    many = anyio.run(
        tool.call,
        {"action": "query", "kb_ids": ["payments", "glossary"], "query_text": "超卖", "top_k": 2},
        SESSION,
        3,
    )
    assert many.count("**Source:**") <= 2


@pytest.mark.parametrize(
    ("params", "text"),
    [
        (
            {"action": "query", "kb_ids": [], "query_text": "x"},
            "Error (invalid_argument): kb_ids is an empty array.",
        ),
        (
            {"action": "query", "kb_id": "payments", "kb_ids": ["glossary"], "query_text": "x"},
            "both kb_id and kb_ids were sent",
        ),
        ({"action": "query", "kb_id": "payments"}, 'query_text is required when action is "query"'),
        ({"action": "search"}, 'action is \'search\'; it must be "list" or "query"'),
        (
            {"action": "query", "query_text": "x", "top_k": 0},
            "top_k must be an integer from 1 to 100, not 0",
        ),
        ({"action": "query", "kb_id": "paymnts", "query_text": "x"}, "(did you mean: payments?)"),
    ],
)
def test_tool_validation(
    plugin_dir: Path, sample_root: Path, params: dict[str, Any], text: str
) -> None:
    plugin, comps = load({"knowledge_base_root": str(sample_root)})
    tool = instance(plugin, comps["Tool"], Tool)
    out = anyio.run(tool.call, params, SESSION, 1)
    assert text in out and "How to fix it:" in out


def test_tool_bound_to_a_team(plugin_dir: Path, sample_root: Path) -> None:
    plugin, comps = load({"knowledge_base_root": str(sample_root), "component": "risk"})
    tool = instance(plugin, comps["Tool"], Tool)
    assert anyio.run(tool.call, {"action": "list"}, SESSION, 1) == ACCESS_DISABLED
    plugin.config = {"knowledge_base_root": str(sample_root), "component": "payments"}
    out = anyio.run(
        tool.call, {"action": "query", "kb_id": "logistics", "query_text": "x"}, SESSION, 2
    )
    assert out.startswith("Error (access_denied):")


def test_engine_retrieves_from_the_folder(plugin_dir: Path, sample_root: Path) -> None:
    plugin, comps = load({"knowledge_base_root": str(sample_root)})
    engine = instance(plugin, comps["KnowledgeEngine"], KnowledgeEngine)
    assert type(engine).get_capabilities() == []  # no upload form: the files stay on disk
    spec = comps["KnowledgeEngine"].spec
    assert [f["name"] for f in spec["creation_schema"]] == ["kb_name"]
    assert {f["name"]: f["default"] for f in spec["retrieval_schema"]} == {
        "top_k": 5,
        "score_threshold": 0.35,
    }

    anyio.run(engine.on_knowledge_base_create, "uuid-1", {"kb_name": "payments"})
    # the context as the runtime passes it: a dict validated into RetrievalContext
    ctx = RetrievalContext.model_validate(
        {
            "query": "ORDER_STATUS_PAID",
            "knowledge_base_id": "uuid-1",
            "creation_settings": {"kb_name": "payments"},
            "retrieval_settings": {"top_k": 3},
        }
    )
    resp = anyio.run(engine.retrieve, ctx)
    assert 1 <= resp.total_found == len(resp.results) <= 3
    top = resp.results[0]
    assert top.metadata["kb"] == "payments" and top.metadata["path"] == "reference/order-status.md"
    assert top.metadata["heading_path"] == ["订单状态码", "状态码一览"]
    assert top.id == top.metadata["source"] and top.content[0].type == "text"
    assert "枚举值: ORDER_STATUS_PAID" in (top.content[0].text or "")
    assert top.score is not None and 0.35 <= top.score <= 1
    assert top.distance == pytest.approx(1 - top.score, abs=1e-3)
    scores = [r.score for r in resp.results]
    assert scores == sorted(scores, reverse=True)
    resp.model_dump_json()  # what goes back over the wire

    strict = ctx.model_copy(update={"retrieval_settings": {"score_threshold": 1.0}})
    assert anyio.run(engine.retrieve, strict).results == []


def test_engine_refuses_what_it_cannot_do(plugin_dir: Path, sample_root: Path) -> None:
    plugin, comps = load({"knowledge_base_root": str(sample_root)})
    engine = instance(plugin, comps["KnowledgeEngine"], KnowledgeEngine)
    with pytest.raises(KBNotFoundError, match="paymnts"):
        anyio.run(engine.on_knowledge_base_create, "uuid-2", {"kb_name": "paymnts"})
    upload = IngestionContext(
        file_object=FileObject(
            metadata=FileMetadata(
                filename="a.md",
                file_size=1,
                mime_type="text/markdown",
                document_id="doc-1",
                knowledge_base_id="uuid-1",
            ),
            storage_path="a.md",
        ),
        knowledge_base_id="uuid-1",
    )
    result = anyio.run(engine.ingest, upload)
    assert result.status == DocumentStatus.FAILED and "folder on disk" in (
        result.error_message or ""
    )
    assert anyio.run(engine.delete_document, "uuid-1", "doc-1") is False

    plugin.config = {"knowledge_base_root": str(sample_root), "component": "risk"}
    ctx = RetrievalContext(query="ORDER_STATUS_PAID", creation_settings={"kb_name": "payments"})
    with pytest.raises(AccessDeniedError, match=ACCESS_DISABLED):
        anyio.run(engine.retrieve, ctx)


def test_builds_with_the_sdk_cli(plugin_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "dist"
    lbp = Path(sys.executable).parent / "lbp"
    cmd = [str(lbp)] if lbp.exists() else [sys.executable, "-m", "langbot_plugin.cli"]
    proc = subprocess.run(
        [*cmd, "build", "-o", str(out)],
        cwd=plugin_dir,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    (pkg,) = out.glob("*.lbpkg")
    assert pkg.name == "knowledge-retrieval-LocalKnowledgeBases-0.1.0.lbpkg"
    with zipfile.ZipFile(pkg) as z:
        names = set(z.namelist())
    assert {
        "manifest.yaml",
        "main.py",
        "requirements.txt",
        "README.md",  # LangBot shows it on the plugin's page
        "components/tools/query_knowledge.yaml",
        "components/tools/query_knowledge.py",
        "components/knowledge_engine/local_kb.yaml",
        "components/knowledge_engine/local_kb.py",
    } <= names


def test_the_built_package_loads_as_langbot_loads_it(
    plugin_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``lbp build``, then what LangBot's runtime does with the .lbpkg: the artifact store
    verifies and unpacks it (read-only), the worker discovers the manifest and components in
    the unpacked folder (as ``lbp run`` does) and initializes them with the plugin's config;
    then the tool and the knowledge engine answer from a KB of the user's own."""
    import hashlib

    from langbot_plugin.cli.run.controller import PluginRuntimeController
    from langbot_plugin.cli.utils.page_components import populate_plugin_pages
    from langbot_plugin.runtime.plugin.artifact import PluginArtifactStore

    from ..conftest import make_homelab

    root = make_homelab(tmp_path / "home")
    lbp = Path(sys.executable).parent / "lbp"
    cmd = [str(lbp)] if lbp.exists() else [sys.executable, "-m", "langbot_plugin.cli"]
    build = subprocess.run(
        [*cmd, "build", "-o", str(tmp_path / "dist")],
        cwd=plugin_dir,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    (pkg,) = (tmp_path / "dist").glob("*.lbpkg")
    data = pkg.read_bytes()
    store = PluginArtifactStore(tmp_path / "plugin-runtime")
    artifact = store.install_package(data, hashlib.sha256(data).hexdigest())
    assert (artifact.plugin_author, artifact.plugin_name) == (
        "knowledge-retrieval",
        "LocalKnowledgeBases",
    )
    code = artifact.code_path
    requirements = (code / "requirements.txt").read_text(encoding="utf-8").split()
    assert "kbgrep" in requirements and "knowledge_retrieval" not in requirements

    monkeypatch.chdir(code)  # the worker runs in the unpacked package
    engine = ComponentDiscoveryEngine()
    manifest = engine.load_component_manifest("manifest.yaml", owner="builtin", no_save=True)
    assert manifest is not None
    components = discover_plugin_components(manifest, engine)
    populate_plugin_pages(manifest, components)
    controller = PluginRuntimeController(manifest, components, True, "")
    settings = {
        "enabled": True,
        "priority": 0,
        "plugin_config": {"knowledge_base_root": str(root)},
    }
    anyio.run(controller._initialize_container, controller.plugin_container, None, settings)
    made = {c.manifest.kind: c.component_instance for c in controller.plugin_container.components}
    assert Path(sys.modules[type(made["Tool"]).__module__].__file__ or "").is_relative_to(code)
    tool, kb_engine = made["Tool"], made["KnowledgeEngine"]
    assert isinstance(tool, Tool) and isinstance(kb_engine, KnowledgeEngine)

    listed = anyio.run(tool.call, {"action": "list"}, SESSION, 1)
    assert listed.startswith("1 knowledge base(s).") and "kb_id: homelab" in listed
    answer = anyio.run(tool.call, {"action": "query", "query_text": "jellyfin port"}, SESSION, 2)
    assert "**Source:** homelab/services/jellyfin.md:" in answer and "8096" in answer

    anyio.run(kb_engine.on_knowledge_base_create, "uuid-h", {"kb_name": "homelab"})
    ctx = RetrievalContext.model_validate(
        {
            "query": "replace a failed disk",
            "knowledge_base_id": "uuid-h",
            "creation_settings": {"kb_name": "homelab"},
            "retrieval_settings": {"top_k": 3},
        }
    )
    resp = anyio.run(kb_engine.retrieve, ctx)
    assert resp.results and resp.results[0].metadata["path"] == "procedures/replace-disk.md"
    old = RetrievalContext.model_validate(
        {**ctx.model_dump(), "query": "jellyfin port 8920"}  # only old/, which README excludes
    )
    assert all(
        not r.metadata["path"].startswith("old/")
        for r in anyio.run(kb_engine.retrieve, old).results
    )
