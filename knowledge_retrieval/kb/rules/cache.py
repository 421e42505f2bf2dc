"""Parsed README rules kept on disk between processes, keyed by the README's text and the parser.

Every ``kr`` call is a new process, and parsing a README loads the sentence reader, the Markdown
reader, PyYAML and python-frontmatter (about 25 ms) to get the same :class:`KBRules` as the call
before; matching its globs loads wcmatch (about 8 ms), so their translations are kept with them.
The README is still read on every search; only its parse is looked up, under a key of the text
and of the parser itself (the size and mtime of its source files and of PyYAML's,
python-frontmatter's and wcmatch's, the package and Python versions), so an edited README or an
upgraded parser is parsed again. A parse that logged a warning is not kept: the next process
logs it too. Entries live in ``<index home>/readme-rules/``, a folder of this user's only (they
are pickles).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import logging
import os
import pickle
import sys
import threading
from pathlib import Path

from ..._version import __version__
from ...defaults import index_home, own_file, private_dir
from ...models import KBRules
from . import patterns

log = logging.getLogger(__name__)

DIRNAME = "readme-rules"
MAX_ENTRIES = 16384
"""Entries kept (one per README text seen, a few hundred bytes each); the oldest go when there are
more, down to three quarters of it. 256 made a root of 1,000 KBs parse and prune on every
listing: a glob and a stat of every entry per README, 48 s for 10,000 KBs."""
_counts: dict[str, int] = {}
"""Entries this process believes each folder holds (counted once, then as it writes)."""

_PACKAGE = Path(__file__).resolve().parents[2]
_FOLDERS = ("kb/rules", "lang", "lang/readme", "text")
"""The package folders whose modules a parse reads: the parser, the cue words and languages,
and the word tools (to_simplified, stop words, word frequencies)."""
_SOURCES = (
    "models.py",
    "defaults.py",
    "kb/__init__.py",
    "kb/yaml_reader.py",
    "kb/rules/likeness.json",
)
_THIRD_PARTY = ("yaml", "frontmatter", "wcmatch")


def parser_sources() -> list[Path]:
    """The package's files a parse depends on (their size and mtime are in the key)."""
    files = [f for folder in _FOLDERS for f in sorted((_PACKAGE / folder).glob("*.py"))]
    return files + [_PACKAGE / s for s in _SOURCES]


@functools.cache
def _parser_key() -> str | None:
    """What a parse depends on besides the text; None when it cannot be told (then nothing is
    kept): the package's parser sources and the YAML libraries, by size and mtime."""
    try:
        files = parser_sources()
        for name in _THIRD_PARTY:
            spec = importlib.util.find_spec(name)
            if spec is None or spec.origin is None:
                return None
            files.append(Path(spec.origin))
        parts = [f"{sys.version_info[:2]}", *(_stat(f) for f in files)]
    except (OSError, ImportError, ValueError):
        return None
    return hashlib.sha256("\n".join([__version__, *parts]).encode()).hexdigest()


def _stat(path: Path) -> str:
    st = path.stat()
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


def _entry(text: str, folders: tuple[str, ...] = ()) -> Path | None:
    key = _parser_key()
    if key is None:
        return None
    if folders:  # a README that backticks its folders' bare names parses with them
        key += "\n" + "\n".join(folders)
    digest = hashlib.sha256(f"{key}\n".encode() + text.encode("utf-8", "surrogatepass"))
    return index_home() / DIRNAME / f"{digest.hexdigest()[:40]}.pickle"


class _Warnings(logging.Handler):
    """Notes whether this thread's parse logged a warning (under ``knowledge_retrieval.kb``)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.thread = threading.get_ident()
        self.seen = False

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            self.seen = True


def cached_rules(text: str, folders: tuple[str, ...] = ()) -> KBRules:
    """:func:`~knowledge_retrieval.kb.rules.parse_readme` of ``text`` (and ``folders``), from
    the disk when an earlier process parsed the same text with the same parser."""
    try:
        path = _entry(text, folders)
    except (OSError, ValueError):  # no index home (a user without a cache folder)
        path = None
    if path is not None and own_file(path):
        try:
            rules, globs = pickle.loads(path.read_bytes())
            if isinstance(rules, KBRules) and isinstance(globs, dict):
                patterns.TRANSLATED.update(globs)
                return rules
        except Exception:  # a damaged entry is parsed again and replaced
            log.debug("README rules entry %s unreadable", path, exc_info=True)
    from . import parse_readme

    watch = _Warnings()
    logger = logging.getLogger("knowledge_retrieval.kb")
    logger.addHandler(watch)
    try:
        rules = parse_readme(text, folders)
    finally:
        logger.removeHandler(watch)
    if path is not None and not watch.seen:
        entry = (rules, _translations(rules))
        with contextlib.suppress(OSError, pickle.PicklingError):
            _write(path, pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL))
    return rules


def _translations(rules: KBRules) -> dict[tuple[str, bool], patterns.Translation]:
    """wcmatch's translations of the globs the rules' paths hold (a malformed one is left out:
    matching it fails the same way in every process)."""
    paths = [*rules.include, *rules.exclude, *rules.emphasize, *rules.entry]
    for r in rules.understood:
        paths += [r.path, *r.over]
    out = {}
    for key in patterns.glob_keys(paths):
        try:
            out[key] = patterns.translate(*key)
        except Exception:  # noqa: BLE001,S112 - wcmatch raises several kinds on a bad glob
            continue
    return out


def _write(path: Path, data: bytes) -> None:
    """Write an entry atomically into this user's folder, keeping at most MAX_ENTRIES."""
    import uuid  # a write: the first process to parse this README

    folder = private_dir(path.parent)
    tmp = folder / f".{uuid.uuid4().hex}.tmp"
    with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
        f.write(data)
    new = not path.exists()
    os.replace(tmp, path)
    key = str(folder)
    if key not in _counts:
        _counts[key] = sum(1 for e in os.scandir(folder) if e.name.endswith(".pickle"))
    elif new:
        _counts[key] += 1
    if _counts[key] <= MAX_ENTRIES:
        return
    entries = list(folder.glob("*.pickle"))
    keep = MAX_ENTRIES * 3 // 4 if len(entries) > MAX_ENTRIES else len(entries)
    entries.sort(key=lambda p: p.stat().st_mtime_ns if p.exists() else 0)
    for old in entries[: len(entries) - keep]:
        with contextlib.suppress(OSError):
            old.unlink()
    _counts[key] = keep
