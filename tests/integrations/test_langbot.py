"""The LangBot plugin in integrations/langbot/, loaded and called through the real SDK.

Each component is found through the plugin's manifest and imported the way the SDK's runtime
does it (``ComponentManifest.get_python_component_class`` from the plugin folder), bound to the
plugin instance with its config, and called: the tool's ``call``, the engine's ``retrieve``.
"""

from __future__ import annotations

import os
import shutil
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
import tomllib
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

from knowledge_retrieval.service.agent_tool import INPUT_SCHEMA, TOOL_DESCRIPTION
from knowledge_retrieval.team.workflow import ACCESS_DISABLED

REPO = Path(__file__).resolve().parents[2]
PLUGIN = REPO / "integrations" / "langbot"
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


def ask(tool: Any, params: dict[str, Any], query_id: int = 1) -> str:
    """The tool's text, checked to come as the dict the SDK's tracing takes."""
    out = anyio.run(tool.call, params, SESSION, query_id)
    assert isinstance(out, dict) and set(out) == {"content", "is_error"}
    assert out["is_error"] == out["content"].startswith("Error (")
    return str(out["content"])


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

    listed = ask(tool, {"action": "list"})
    assert listed.startswith("4 knowledge base(s).")
    assert "- kb_id: payments — Payment and order domain" in listed

    one = ask(tool, {"action": "query", "kb_id": "payments", "query_text": "ORDER_STATUS_PAID"})
    assert "**Source:** payments/reference/order-status.md:" in one
    assert "枚举值: ORDER_STATUS_PAID" in one

    many = ask(
        tool,
        {"action": "query", "kb_ids": ["payments", "glossary"], "query_text": "超卖", "top_k": 2},
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
    out = ask(tool, params)
    assert text in out and "How to fix it:" in out


def test_tool_bound_to_a_team(plugin_dir: Path, sample_root: Path) -> None:
    plugin, comps = load({"knowledge_base_root": str(sample_root), "component": "risk"})
    tool = instance(plugin, comps["Tool"], Tool)
    assert ask(tool, {"action": "list"}) == ACCESS_DISABLED
    plugin.config = {"knowledge_base_root": str(sample_root), "component": "payments"}
    out = ask(tool, {"action": "query", "kb_id": "logistics", "query_text": "x"})
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
    assert error_of(anyio.run(engine.retrieve, ctx)) == (
        "access_denied",
        f"Error (access_denied): {ACCESS_DISABLED} How to fix it: component 'risk' is denied.",
    )


def error_of(resp: Any) -> tuple[str, str]:
    """A retrieval answered with an error: its code and the one result's text."""
    (only,) = resp.results
    assert resp.total_found == 0 and only.score == 0.0 and only.id.startswith("error:")
    resp.model_dump_json()  # it goes back over the wire like any result
    return only.metadata["error"]["code"], only.content[0].text


def test_an_unknown_kb_name_reaches_the_user(
    plugin_dir: Path, sample_root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Creating a LangBot knowledge base never fails here (LangBot would show only "Internal
    server error"); its retrievals answer with the error, which names kb_name and the folders."""
    plugin, comps = load({"knowledge_base_root": str(sample_root)})
    engine = instance(plugin, comps["KnowledgeEngine"], KnowledgeEngine)
    anyio.run(engine.on_knowledge_base_create, "uuid-2", {"kb_name": "paymnts"})
    assert "Unknown knowledge base 'paymnts'" in caplog.text  # and in the plugin's log
    ctx = RetrievalContext(query="ORDER_STATUS_PAID", creation_settings={"kb_name": "paymnts"})
    assert error_of(anyio.run(engine.retrieve, ctx)) == (
        "kb_not_found",
        (
            "Error (kb_not_found): Unknown knowledge base 'paymnts' (did you mean: payments?). "
            "How to fix it: set this knowledge base's kb_name to a folder under the plugin's "
            f"knowledge_base_root ('{sample_root.resolve()}'): glossary, logistics, payments, "
            "troubleshooting."
        ),
    )
    empty = ctx.model_copy(update={"creation_settings": {"kb_name": " "}})
    assert error_of(anyio.run(engine.retrieve, empty))[1] == (
        "Error (invalid_argument): this knowledge base names no folder (kb_name is empty). "
        "How to fix it: set kb_name to a folder under the plugin's knowledge_base_root, "
        "e.g. payments."
    )


ROOT_HINT = (
    "How to fix it: set the plugin's knowledge_base_root to the absolute path of the "
    "KnowledgeBase folder as the plugin runtime sees it (with Docker: inside the "
    "langbot_plugin_runtime container), e.g. /data/KnowledgeBase."
)


def root_errors(tmp_path: Path) -> list[tuple[str, str]]:
    """Plugin roots that are no KnowledgeBase folder, with the error each one is."""
    (tmp_path / "empty").mkdir()
    return [
        ("", f"Error (no_root): the plugin setting knowledge_base_root is empty. {ROOT_HINT}"),
        (
            str(tmp_path / "nowhere"),
            (
                f"Error (no_root): knowledge_base_root '{tmp_path / 'nowhere'}' is not a folder the "
                f"plugin runtime can see. {ROOT_HINT}"
            ),
        ),
        (
            "KnowledgeBase",
            (
                "Error (invalid_argument): knowledge_base_root 'KnowledgeBase' is not an absolute "
                "path (the plugin runs in the runtime's own folder, so a relative path means "
                f"nothing there). {ROOT_HINT}"
            ),
        ),
        (
            str(tmp_path / "empty"),
            (
                f"Error (no_root): knowledge_base_root '{tmp_path / 'empty'}' holds no knowledge "
                "base (a folder with a README.md) under empty/. How to fix it: set "
                "knowledge_base_root to a KnowledgeBase folder (one sub-folder with a README.md per "
                "knowledge base) or to one knowledge base's own folder."
            ),
        ),
    ]


def test_a_missing_or_wrong_root_is_an_error_in_the_tool_and_the_engine(
    plugin_dir: Path, sample_root: Path, tmp_path: Path
) -> None:
    """No fallback: the runtime starts the plugin in its own folder with no HOME and no
    KNOWLEDGE_BASE_ROOT, so a KnowledgeBase/ found there would answer by accident."""
    shutil.copytree(sample_root, plugin_dir / "KnowledgeBase")  # in the working directory
    for root, text in root_errors(tmp_path):
        plugin, comps = load({"knowledge_base_root": root})
        tool = instance(plugin, comps["Tool"], Tool)
        engine = instance(plugin, comps["KnowledgeEngine"], KnowledgeEngine)
        assert ask(tool, {"action": "list"}) == text
        assert ask(tool, {"action": "query", "query_text": "ORDER_STATUS_PAID"}) == text
        anyio.run(engine.on_knowledge_base_create, "uuid-3", {"kb_name": "payments"})
        ctx = RetrievalContext(query="ORDER_STATUS_PAID", creation_settings={"kb_name": "payments"})
        assert error_of(anyio.run(engine.retrieve, ctx))[1] == text


def test_the_index_goes_to_index_dir(plugin_dir: Path, sample_root: Path, tmp_path: Path) -> None:
    index = tmp_path / "kb-index"
    plugin, comps = load({"knowledge_base_root": str(sample_root), "index_dir": str(index)})
    tool = instance(plugin, comps["Tool"], Tool)
    assert "**Source:** payments/" in ask(
        tool, {"action": "query", "kb_id": "payments", "query_text": "ORDER_STATUS_PAID"}
    )
    assert any(index.iterdir())  # the payments index is there

    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    for bad, text in [
        (
            "kb-index",
            (
                "Error (index_dir): index_dir 'kb-index' is not an absolute path. How to fix it: set "
                "index_dir to a folder the plugin runtime's user can write, e.g. /data/kb-index, or "
                "leave it empty for that user's cache folder."
            ),
        ),
        (
            str(tmp_path / "a-file" / "index"),
            (
                f"Error (index_dir): the index folder '{tmp_path / 'a-file' / 'index'}' cannot be "
                "made: Not a directory. How to fix it: set index_dir to a folder the plugin "
                "runtime's user can write (with Docker: a writable volume of the "
                "langbot_plugin_runtime container)."
            ),
        ),
    ]:
        plugin.config = {"knowledge_base_root": str(sample_root), "index_dir": bad}
        assert ask(tool, {"action": "list"}) == text


def test_the_default_index_folder_needs_no_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The runtime sets no HOME and no KR_INDEX_DIR: the index goes to the runtime user's own
    cache folder (found from the user database), which is made and checked writable."""
    import pwd

    sys.path.insert(0, str(PLUGIN))
    try:
        from components.common import check_index_home
    finally:
        sys.path.remove(str(PLUGIN))
        for name in [n for n in sys.modules if n.split(".")[0] == "components"]:
            del sys.modules[name]
    monkeypatch.delenv("KR_INDEX_DIR")
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    home = Path(pwd.getpwuid(os.getuid()).pw_dir)
    want = home / ".cache" / "knowledge_retrieval" / "indexes"
    made = [p for p in (want, *want.parents) if not p.exists()]  # deepest first
    try:
        assert check_index_home("") == want and want.is_dir()
    finally:
        for p in made:  # leave the user's home as it was
            p.rmdir()


def test_the_tool_answers_through_the_sdk_traced_call_tool(
    plugin_dir: Path, sample_root: Path
) -> None:
    """An agent runner calls a tool through the SDK's traced ``call_tool``, whose
    ``tool.call.completed`` record validates the result as a dict (SDK 0.7.16 raised on the
    plain string the tool returned before)."""
    import asyncio

    from langbot_plugin.api.entities.builtin.runner.result import RunnerResultType
    from langbot_plugin.api.proxies.runner.tracing import _TracedRunAPI

    plugin, comps = load({"knowledge_base_root": str(sample_root)})
    tool = instance(plugin, comps["Tool"], Tool)

    class Host:  # LangBot's side of the runner API: it forwards the call to the plugin's tool
        async def call_tool(self, name: str, parameters: dict[str, Any]) -> Any:
            assert name == "query_knowledge"
            return await tool.call(parameters, SESSION, 1)

    async def run() -> tuple[Any, list[Any]]:
        results: asyncio.Queue[Any] = asyncio.Queue()
        traced = _TracedRunAPI(Host(), "run-1", results)  # type: ignore[arg-type]
        out = await traced.call_tool("query_knowledge", {"action": "list"})
        return out, [results.get_nowait() for _ in range(results.qsize())]

    out, events = anyio.run(run)
    assert [e.type for e in events] == [
        RunnerResultType.TOOL_CALL_STARTED,
        RunnerResultType.TOOL_CALL_COMPLETED,
    ]
    assert events[1].data["result"] == out and out["content"].startswith("4 knowledge base(s).")


def test_the_package_carries_the_library(lbpkg: Path) -> None:
    """What ``python integrations/build_langbot.py`` builds: the plugin folder with the library
    beside ``main.py``, and requirements.txt naming only what the package index holds."""
    assert lbpkg.name == "knowledge-retrieval-LocalKnowledgeBases-0.1.0.lbpkg"
    with zipfile.ZipFile(lbpkg) as z:
        names = set(z.namelist())
        requirements = z.read("requirements.txt").decode("utf-8")
    assert {
        "manifest.yaml",
        "main.py",
        "requirements.txt",
        "README.md",  # LangBot shows it on the plugin's page
        "components/tools/query_knowledge.yaml",
        "components/tools/query_knowledge.py",
        "components/knowledge_engine/local_kb.yaml",
        "components/knowledge_engine/local_kb.py",
        "knowledge_retrieval/__init__.py",
        "knowledge_retrieval/py.typed",
        "knowledge_retrieval/verdict/confidence.json",
        "knowledge_retrieval/interfaces/skill_templates/retrieve-doc.md",
    } <= names
    library = {
        p.relative_to(REPO).as_posix()
        for p in (REPO / "knowledge_retrieval").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert library <= names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
    assert requirements == (PLUGIN / "requirements.txt").read_text(encoding="utf-8")


def test_the_requirements_are_the_library_dependencies() -> None:
    """The runtime installs requirements.txt from its index: the library's own dependencies
    (pyproject.toml's), each a plain requirement the runtime accepts, no kbgrep, no mcp."""
    from langbot_plugin.runtime.plugin.artifact import PluginArtifact
    from langbot_plugin.runtime.plugin.dependency_environment import (
        PluginDependencyEnvironmentStore,
    )

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = [
        line
        for line in (PLUGIN / "requirements.txt").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert lines == ["langbot-plugin>=0.7,<0.8", *project["dependencies"]]
    assert not any(d.startswith(("mcp", "kbgrep")) for d in project["dependencies"])
    assert project["optional-dependencies"]["mcp"] == ["mcp>=2.0,<3"]
    assert "kbgrep[mcp]" in project["optional-dependencies"]["test"]
    artifact = PluginArtifact("0" * 64, PLUGIN, PLUGIN, "knowledge-retrieval", "x", "0.1.0")
    accepted, _digest = PluginDependencyEnvironmentStore._read_requirements(artifact)
    assert len(accepted) == len(project["dependencies"])  # the SDK's own line is the runtime's


def test_the_built_package_loads_as_langbot_loads_it(
    plugin_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lbpkg: Path
) -> None:
    """The built .lbpkg, then what LangBot's runtime does with it: the artifact store
    verifies and unpacks it (read-only), the worker discovers the manifest and components in
    the unpacked folder (as ``lbp run`` does) and initializes them with the plugin's config;
    then the tool and the knowledge engine answer from a KB of the user's own."""
    import hashlib

    from langbot_plugin.cli.run.controller import PluginRuntimeController
    from langbot_plugin.cli.utils.page_components import populate_plugin_pages
    from langbot_plugin.runtime.plugin.artifact import PluginArtifactStore

    from ..conftest import make_homelab

    root = make_homelab(tmp_path / "home")
    pkg = lbpkg
    data = pkg.read_bytes()
    store = PluginArtifactStore(tmp_path / "plugin-runtime")
    artifact = store.install_package(data, hashlib.sha256(data).hexdigest())
    assert (artifact.plugin_author, artifact.plugin_name) == (
        "knowledge-retrieval",
        "LocalKnowledgeBases",
    )
    code = artifact.code_path
    assert (code / "knowledge_retrieval" / "__init__.py").is_file()

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

    listed = ask(tool, {"action": "list"})
    assert listed.startswith("1 knowledge base(s).") and "kb_id: homelab" in listed
    answer = ask(tool, {"action": "query", "query_text": "jellyfin port"})
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


def test_a_package_without_the_library_says_how_to_build_it(
    plugin_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plugin, comps = load({"knowledge_base_root": "/data/KnowledgeBase"})
    monkeypatch.setitem(sys.modules, "knowledge_retrieval", None)  # as in a bare `lbp build`
    with pytest.raises(ImportError) as exc:
        instance(plugin, comps["Tool"], Tool)
    assert str(exc.value) == (
        "this plugin package does not carry the knowledge_retrieval library: build it with "
        "`python integrations/build_langbot.py`, not with `lbp build` alone"
    )
