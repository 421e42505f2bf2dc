"""The LangBot plugin in LangBot's own plugin runtime, driven the way LangBot drives it.

The test plays LangBot: it starts the runtime of ``langbot-plugin`` (``lbp rt``, the control
connection on stdio, its plugin WebSocket bound to 127.0.0.1), sends the configuration
handshake, sends the built .lbpkg as a file and applies installations of it through the
runtime's own install path: the runtime verifies and unpacks the package, its installer runs
pip on the package's ``requirements.txt`` (offline: the index is a folder that holds the
dependencies and no ``kbgrep``), and it starts one plugin worker per installation, which asks
"LangBot" for its settings. Then the tool and the knowledge engine are called through the
runtime's protocol, each installation with its own settings: a good root, an empty one and a
wrong one.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("langbot_plugin", reason="the [langbot] extra is not installed")

from langbot_plugin.entities.io.actions.enums import (
    LangBotToRuntimeAction,
    RuntimeToLangBotAction,
)
from langbot_plugin.entities.io.context import InstallationBinding
from langbot_plugin.entities.io.resp import ActionResponse
from langbot_plugin.runtime.io.connection import Connection
from langbot_plugin.runtime.io.controllers.stdio.client import StdioClientController
from langbot_plugin.runtime.io.handler import Handler

from .wheelhouse import build_index

PLUGIN = Path(__file__).resolve().parents[2] / "integrations" / "langbot"
AUTHOR, NAME = "knowledge-retrieval", "LocalKnowledgeBases"
INSTANCE = "instance-ci"
SESSION = {"launcher_type": "person", "launcher_id": "tester"}

# ``lbp rt`` binds its WebSocket servers to every interface and has no option for it; this
# starts the same command with the servers' default address set to 127.0.0.1.
LAUNCH = (
    "import sys\n"
    "from langbot_plugin.runtime.io.controllers.ws import server\n"
    "server.WebSocketServerController.__init__.__kwdefaults__['host'] = '127.0.0.1'\n"
    "from langbot_plugin.cli import main\n"
    "sys.argv = ['lbp', *sys.argv[1:]]\n"
    "main()\n"
)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LangBot(Handler):
    """LangBot's end of the control connection: it answers the runtime's settings requests
    with each installation's plugin config."""

    def __init__(self, conn: Connection, files: Path, configs: dict[str, dict[str, Any]]):
        super().__init__(conn, file_storage_dir=str(files))
        self.asked: list[str] = []

        @self.action(RuntimeToLangBotAction.GET_PLUGIN_SETTINGS)
        async def get_plugin_settings(data: dict[str, Any]) -> ActionResponse:
            binding = self.current_action_context
            assert isinstance(binding, InstallationBinding)
            assert (data["plugin_author"], data["plugin_name"]) == (AUTHOR, NAME)
            self.asked.append(binding.installation_uuid)
            return ActionResponse.success(
                {
                    "enabled": True,
                    "priority": 0,
                    "plugin_config": configs[binding.installation_uuid],
                    "install_source": "local",
                    "install_info": {},
                }
            )


def dependencies() -> list[str]:
    """requirements.txt without the SDK line (the runtime provides langbot-plugin itself)."""
    lines = (PLUGIN / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [s for s in lines if s and not s.startswith(("#", "langbot-plugin"))]


async def scenario(
    lbpkg: Path, index: Path, work: Path, configs: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """Start the runtime, install the package once per config, run the calls; what came back."""
    package = lbpkg.read_bytes()
    digest = hashlib.sha256(package).hexdigest()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(work / "home")}
    controller = StdioClientController(
        sys.executable,
        [
            "-c",
            LAUNCH,
            "rt",
            "-s",
            "--ws-debug-port",
            str(_free_port()),
            "--pypi-index-url",
            index.as_uri(),
        ],
        env=env,
        working_dir=str(work),
    )
    connected: asyncio.Future[LangBot] = asyncio.get_running_loop().create_future()

    async def on_connection(conn: Connection) -> None:
        langbot = LangBot(conn, work / "langbot-files", configs)
        connected.set_result(langbot)
        await langbot.run()

    runtime = asyncio.create_task(controller.run(on_connection))
    out: dict[str, Any] = {}
    try:
        lb = await asyncio.wait_for(connected, 60)
        await lb.call_action(
            LangBotToRuntimeAction.SET_RUNTIME_CONFIG,
            {
                "runtime_identity": {"instance_uuid": INSTANCE, "runtime_id": "runtime-ci"},
                "worker_policy": {
                    "max_cpus": 1,
                    "max_memory_mb": 2048,
                    "max_pids": 256,
                    "max_open_files": 1024,
                    "max_file_size_mb": 512,
                },
                "runtime_profile": "oss_dev",
            },
            timeout=60,
        )
        bindings = {
            name: InstallationBinding(
                instance_uuid=INSTANCE,
                workspace_uuid="workspace-ci",
                placement_generation=1,
                installation_uuid=name,
                runtime_revision=1,
                artifact_digest=digest,
            )
            for name in configs
        }
        for name, binding in bindings.items():
            key = await lb.send_file(package, "lbpkg", action_context=binding)
            out[f"apply:{name}"] = await lb.call_action(
                LangBotToRuntimeAction.APPLY_PLUGIN_INSTALLATION,
                {"artifact_file_key": key, "enabled": True},
                timeout=300,
                action_context=binding,
            )
        deadline = time.monotonic() + 60
        for binding in bindings.values():
            while True:
                plugins = await lb.call_action(
                    LangBotToRuntimeAction.LIST_PLUGINS, {}, action_context=binding
                )
                if [p["status"] for p in plugins["plugins"]] == ["initialized"]:
                    break
                assert time.monotonic() < deadline, f"not ready: {plugins}"
                await asyncio.sleep(0.2)
        out["asked"] = sorted(lb.asked)

        async def call(name: str, action: LangBotToRuntimeAction, data: dict[str, Any]) -> Any:
            return await lb.call_action(action, data, timeout=120, action_context=bindings[name])

        async def tool(name: str, params: dict[str, Any]) -> Any:
            r = await call(
                name,
                LangBotToRuntimeAction.CALL_TOOL,
                {"tool_name": "query_knowledge", "tool_parameters": params}
                | {"session": SESSION, "query_id": 1},
            )
            return r["tool_response"]

        async def retrieve(name: str, kb: str, query: str) -> Any:
            return await call(
                name,
                LangBotToRuntimeAction.RETRIEVE_KNOWLEDGE,
                {
                    "plugin_author": AUTHOR,
                    "plugin_name": NAME,
                    "retriever_name": "local-knowledge-base",
                    "retrieval_context": {
                        "query": query,
                        "knowledge_base_id": f"kb-{kb}",
                        "creation_settings": {"kb_name": kb},
                        "retrieval_settings": {"top_k": 3},
                    },
                },
            )

        kb_create = LangBotToRuntimeAction.RAG_ON_KB_CREATE
        out["tools"] = await call("good", LangBotToRuntimeAction.LIST_TOOLS, {})
        out["list"] = await tool("good", {"action": "list"})
        out["query"] = await tool(
            "good", {"action": "query", "kb_id": "payments", "query_text": "ORDER_STATUS_PAID"}
        )
        out["create"] = await call(
            "good",
            kb_create,
            {"plugin_author": AUTHOR, "plugin_name": NAME, "kb_id": "kb-paymnts"}
            | {"config": {"kb_name": "paymnts"}},
        )
        out["retrieve"] = await retrieve("good", "payments", "ORDER_STATUS_PAID")
        out["unknown"] = await retrieve("good", "paymnts", "ORDER_STATUS_PAID")
        for name in ("empty", "wrong"):
            out[f"{name}:list"] = await tool(name, {"action": "list"})
            out[f"{name}:query"] = await tool(name, {"action": "query", "query_text": "x"})
            out[f"{name}:retrieve"] = await retrieve(name, "payments", "ORDER_STATUS_PAID")
    finally:
        await controller.close()
        runtime.cancel()
        await asyncio.gather(runtime, return_exceptions=True)
    return out


def test_the_package_in_langbots_plugin_runtime(
    lbpkg: Path, sample_root: Path, tmp_path: Path
) -> None:
    index = build_index(dependencies(), tmp_path / "index")
    wrong = tmp_path / "not-mounted" / "KnowledgeBase"
    configs = {
        "good": {"knowledge_base_root": str(sample_root), "index_dir": str(tmp_path / "kb-idx")},
        "empty": {"knowledge_base_root": ""},
        "wrong": {"knowledge_base_root": str(wrong)},
    }
    work = tmp_path / "runtime"
    work.mkdir()
    out = asyncio.run(scenario(lbpkg, index, work, configs))

    # installed through the runtime's install path, dependencies by its installer, offline
    states = {out[f"apply:{n}"]["state"] for n in configs}
    assert states == {"starting"}, out
    (env_digest,) = {out[f"apply:{n}"]["dependency_environment_digest"] for n in configs}
    site = work / "data/plugin-runtime/environments/sha256" / env_digest / "site-packages"
    installed = {p.name.split("-")[0].lower() for p in site.glob("*.dist-info")}
    assert {"numpy", "whoosh_reloaded", "jieba", "wordfreq"} <= installed
    assert not (site / "knowledge_retrieval").exists()  # the library came in the package
    code = work / out["apply:good"]["artifact_path"]
    assert (code / "knowledge_retrieval" / "__init__.py").is_file()
    assert out["asked"] == sorted(configs)  # each worker asked LangBot for its settings

    (tool,) = out["tools"]["tools"]
    assert tool["manifest"]["metadata"]["name"] == "query_knowledge"
    assert out["list"]["is_error"] is False
    assert out["list"]["content"].startswith("4 knowledge base(s).\n- kb_id: glossary")
    assert "**Source:** payments/reference/order-status.md:" in out["query"]["content"]
    assert any((tmp_path / "kb-idx").iterdir())  # the index went to index_dir

    top = out["retrieve"]["results"][0]
    assert top["metadata"]["path"] == "reference/order-status.md" and top["score"] >= 0.35
    assert out["create"] == {
        "success": True
    }  # creating a KB for a missing folder does not fail ...
    (unknown,) = out["unknown"]["results"]  # ... its retrievals say what is wrong
    assert unknown["content"][0]["text"].startswith(
        "Error (kb_not_found): Unknown knowledge base 'paymnts' (did you mean: payments?). "
        "How to fix it: set this knowledge base's kb_name to a folder under the plugin's "
        "knowledge_base_root"
    )

    hint = (
        "How to fix it: set the plugin's knowledge_base_root to the absolute path of the "
        "KnowledgeBase folder as the plugin runtime sees it (with Docker: inside the "
        "langbot_plugin_runtime container), e.g. /data/KnowledgeBase."
    )
    errors = {
        "empty": f"Error (no_root): the plugin setting knowledge_base_root is empty. {hint}",
        "wrong": f"Error (no_root): knowledge_base_root '{wrong}' is not a folder the plugin "
        f"runtime can see. {hint}",
    }
    for name, text in errors.items():
        assert out[f"{name}:list"] == {"content": text, "is_error": True}
        assert out[f"{name}:query"] == {"content": text, "is_error": True}
        (entry,) = out[f"{name}:retrieve"]["results"]
        assert entry["content"][0]["text"] == text and entry["metadata"]["error"]["code"] == (
            "no_root"
        )
