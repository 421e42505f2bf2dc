"""What the components share: the plugin settings, checked, and how an error reads in LangBot.

LangBot's plugin runtime starts a plugin with a handful of its own environment variables (no
``HOME``, no ``KNOWLEDGE_BASE_ROOT``, no ``KR_INDEX_DIR``) in the read-only folder it unpacked
the package into. So nothing here falls back to the environment or the working directory: the
KnowledgeBase folder is the ``knowledge_base_root`` setting, and a setting that is empty or
points nowhere is an error that names the setting and the path.
"""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

try:
    import knowledge_retrieval  # noqa: F401
except ImportError as exc:  # `lbp build` alone packs the plugin folder without the library
    raise ImportError(
        "this plugin package does not carry the knowledge_retrieval library: build it with "
        "`python integrations/build_langbot.py`, not with `lbp build` alone"
    ) from exc

from knowledge_retrieval.defaults import EMBEDDER_ENV, INDEX_HOME_ENV, index_home
from knowledge_retrieval.errors import (
    ConfigError,
    InvalidArgumentError,
    KnowledgeRetrievalError,
    RootNotFoundError,
)
from knowledge_retrieval.service import list_locations, no_kbs_note
from knowledge_retrieval.service.agent_tool import error_text as tool_error_text
from knowledge_retrieval.service.envelope import error

ROOT_KEY = "knowledge_base_root"
COMPONENT_KEY = "component"
INDEX_KEY = "index_dir"

ROOT_HINT = (
    f"set the plugin's {ROOT_KEY} to the absolute path of the KnowledgeBase folder as the "
    "plugin runtime sees it (with Docker: inside the langbot_plugin_runtime container), "
    "e.g. /data/KnowledgeBase"
)


class IndexDirError(ConfigError):
    """The folder for the indexes cannot be made or written."""

    code = "index_dir"


@dc.dataclass(frozen=True, slots=True)
class Settings:
    """The plugin config, checked: the root holds a knowledge base, the index folder is ours."""

    root: Path
    component: str | None
    index_home: Path


def _text(config: Mapping[str, Any], key: str) -> str:
    return str(config.get(key) or "").strip()


def check_root(raw: str) -> Path:
    """``knowledge_base_root`` as a folder holding at least one knowledge base, or an error that
    names the setting and the path."""
    if not raw:
        raise RootNotFoundError(f"the plugin setting {ROOT_KEY} is empty", hint=ROOT_HINT)
    if "\x00" in raw:
        raise InvalidArgumentError(f"{ROOT_KEY} {raw!r} is not a path (NUL)", hint=ROOT_HINT)
    path = Path(raw).expanduser()
    if not path.is_absolute():
        raise InvalidArgumentError(
            f"{ROOT_KEY} '{raw}' is not an absolute path (the plugin runs in the runtime's "
            "own folder, so a relative path means nothing there)",
            hint=ROOT_HINT,
        )
    if not path.is_dir():
        raise RootNotFoundError(
            f"{ROOT_KEY} '{raw}' is not a folder the plugin runtime can see", hint=ROOT_HINT
        )
    root = path.resolve()
    if not any(loc.readme is not None for loc in list_locations(root)):
        raise RootNotFoundError(
            f"{ROOT_KEY} '{raw}' holds {no_kbs_note(root)}",
            hint=f"set {ROOT_KEY} to a KnowledgeBase folder (one sub-folder with a README.md "
            "per knowledge base) or to one knowledge base's own folder",
        )
    return root


def check_index_home(raw: str) -> Path:
    """Where the indexes go: ``index_dir`` when set, else the runtime user's cache folder; made
    and checked writable here, so a folder the runtime user cannot write names the setting."""
    if raw:
        path = Path(raw).expanduser()
        if not path.is_absolute():
            raise IndexDirError(
                f"{INDEX_KEY} '{raw}' is not an absolute path",
                hint=f"set {INDEX_KEY} to a folder the plugin runtime's user can write, "
                "e.g. /data/kb-index, or leave it empty for that user's cache folder",
            )
    else:
        path = index_home()  # the runtime sets no $KR_INDEX_DIR: the runtime user's cache
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        writable = os.access(path, os.W_OK | os.X_OK)
    except OSError as exc:
        raise IndexDirError(
            f"the index folder '{path}' cannot be made: {exc.strerror or exc}",
            hint=f"set {INDEX_KEY} to a folder the plugin runtime's user can write "
            "(with Docker: a writable volume of the langbot_plugin_runtime container)",
        ) from None
    if not writable:
        raise IndexDirError(
            f"the index folder '{path}' is not writable by the plugin runtime's user",
            hint=f"set {INDEX_KEY} to a folder that user can write "
            "(with Docker: a writable volume of the langbot_plugin_runtime container)",
        )
    return path


def settings(config: Mapping[str, Any]) -> Settings:
    """The plugin config, checked (errors name the setting); the index folder is put in
    ``$KR_INDEX_DIR`` of this process, which the runtime gives to this plugin alone."""
    root = check_root(_text(config, ROOT_KEY))
    home = check_index_home(_text(config, INDEX_KEY))
    os.environ[INDEX_HOME_ENV] = str(home)  # what the library reads for every index
    # The lexical engine: the package installs no semantic extra, and one found in the
    # runtime's own environment would fetch a model from the network at the first query.
    os.environ.setdefault(EMBEDDER_ENV, "off")
    return Settings(root=root, component=_text(config, COMPONENT_KEY) or None, index_home=home)


def error_text(exc: KnowledgeRetrievalError) -> str:
    """An error as the tool answers it: ``Error (code): what. How to fix it: what to do.``"""
    return tool_error_text(error(exc))
