"""The one file reader: open first, then check what was opened (regular, inside, size), decode.

Every file the library reads from a KnowledgeBase root goes through here: documents for the
index, ``read_document`` / ``kr show``, KB READMEs and ``teams.yaml``. So what is shown is what
was indexed, and the same rules hold for all of them:

- the file is opened without blocking (``O_NONBLOCK``, ``O_NOCTTY``), and only then checked with
  ``fstat``: a FIFO, socket or device swapped in for a document is refused, never waited on;
- the inside-the-boundary check is made on the descriptor actually opened (its real path from
  ``/proc/self/fd`` or ``F_GETPATH``), so a symlink swapped between a check and the open cannot
  make an outside file readable;
- the size is checked on the opened file, and reading stops one byte past the limit;
- the bytes are decoded by one rule (:func:`decode`).
"""

from __future__ import annotations

import codecs
import errno
import hashlib
import logging
import os
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

from ..defaults import MAX_FILE_BYTES, MAX_README_BYTES

log = logging.getLogger(__name__)

__all__ = [
    "OUTSIDE_KB",
    "Opened",
    "SkipFile",
    "decode",
    "format_size",
    "is_inside",
    "looks_binary",
    "read_bytes",
    "read_kb_file",
    "read_readme",
    "read_text",
    "readme_text",
    "real_inside",
]

OUTSIDE_KB = "symlink leads outside the knowledge base"
"""The reason a file whose real path is outside its knowledge base is not read."""

_SNIFF_BYTES = 8192
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_PROC_FD = "/proc/self/fd"
_HAS_PROC_FD = sys.platform.startswith("linux") and os.path.isdir(_PROC_FD)
_CONTROL_CHARS = frozenset(chr(c) for c in (*range(9), *range(14, 27), *range(28, 32), 127))
_CONTROL_RE = re.compile("[" + re.escape("".join(sorted(_CONTROL_CHARS))) + "]")
_UTF_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_ERRNO_REASONS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOENT: "file not found",
    errno.EISDIR: "is a directory",
}


class SkipFile(Exception):  # noqa: N818 - the name is public API
    """A file that is not read; ``str(exc)`` is the reason shown to users.

    Reasons: ``binary file``, ``larger than 5 MiB``, ``not a regular file``,
    ``not valid text (unknown encoding)``, ``unreadable: permission denied``,
    ``symlink leads outside the knowledge base`` ...
    """


@dataclass(frozen=True, slots=True)
class Opened:
    """The bytes of a file read by :func:`read_bytes`, and what ``fstat`` said of it."""

    data: bytes
    stat: os.stat_result
    real_path: str
    truncated: bool = False


def format_size(n: int) -> str:
    """``5 MiB``, ``256 KiB`` or ``1000 bytes``."""
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n} bytes"


# --------------------------------------------------------------------------- inside the root


def real_inside(real_root: str, real_path: str) -> bool:
    """True when the real (symlink-free) ``real_path`` is ``real_root`` or lies below it."""
    if real_path == real_root:
        return True
    prefix = real_root if real_root.endswith(os.sep) else real_root + os.sep
    return real_path.startswith(prefix)


def is_inside(root: Path | str, path: Path | str) -> bool:
    """True when ``path``, symlinks resolved, lies inside ``root`` (also resolved).

    This is a check on names, made before anything is opened; what is then read is checked
    again on the opened descriptor (:func:`read_bytes`), so a symlink swapped in between is
    still refused.
    """
    try:
        return real_inside(os.path.realpath(root), os.path.realpath(path))
    except (OSError, ValueError, RuntimeError):
        return False


def _fd_real_path(fd: int) -> str | None:
    """The real path of an open descriptor, or None when the platform cannot say."""
    if _HAS_PROC_FD:
        try:
            return os.readlink(f"{_PROC_FD}/{fd}")
        except OSError:
            return None
    if os.name != "posix":
        return None
    import fcntl

    get_path = getattr(fcntl, "F_GETPATH", None)
    if get_path is not None:  # pragma: no cover - macOS and the BSDs
        try:
            raw = fcntl.fcntl(fd, get_path, bytes(1024))
        except OSError:
            return None
        return os.fsdecode(raw.split(b"\0", 1)[0])
    return None


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "symlink loop"
    reason = _ERRNO_REASONS.get(exc.errno or 0) or str(exc.strerror or exc).lower()
    return f"unreadable: {reason}"


def read_bytes(
    path: os.PathLike[str] | str,
    *,
    inside: Path | str | None = None,
    max_bytes: int = MAX_FILE_BYTES,
    truncate: bool = False,
    outside_reason: str = OUTSIDE_KB,
) -> Opened:
    """The bytes of the regular file at ``path``, or :class:`SkipFile` with the reason.

    :param inside: when given, the file actually opened must lie inside this folder (its real
        path is taken from the open descriptor, not from the name).
    :param max_bytes: a larger file is refused (``larger than 5 MiB``) ...
    :param truncate: ... or, with ``truncate=True``, read only up to ``max_bytes``.
    :param outside_reason: the reason given for a file outside ``inside``.
    """
    real_root = None
    if inside is not None:
        try:
            real_root = os.path.realpath(inside)
            # a check on the name first, so that a file known to be outside is never opened;
            # the check that counts is the one on the open descriptor below
            named = os.path.realpath(path)
        except (OSError, ValueError) as exc:
            raise SkipFile("unreadable: invalid path") from exc
        if not real_inside(real_root, named):
            raise SkipFile(outside_reason)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except ValueError as exc:  # e.g. a NUL in the path
        raise SkipFile("unreadable: invalid path") from exc
    except OSError as exc:
        raise SkipFile(_os_reason(exc)) from exc
    return _read_opened(fd, path, real_root, max_bytes, truncate, outside_reason)


def _read_opened(
    fd: int,
    path: os.PathLike[str] | str,
    real_root: str | None,
    max_bytes: int,
    truncate: bool,
    outside_reason: str,
) -> Opened:
    """:func:`read_bytes` once ``fd`` is open: check what was opened, read it, close it."""
    try:
        try:
            info = os.fstat(fd)
        except OSError as exc:
            raise SkipFile(_os_reason(exc)) from exc
        if stat.S_ISDIR(info.st_mode):
            raise SkipFile("unreadable: is a directory")
        if not stat.S_ISREG(info.st_mode):
            raise SkipFile("not a regular file")
        real = _fd_real_path(fd)
        if real is None:  # no way to ask the descriptor: the name, checked against the inode
            real = _real_path_of_inode(path, info)
        if real_root is not None and not real_inside(real_root, real):
            raise SkipFile(outside_reason)
        if info.st_size > max_bytes and not truncate:
            raise SkipFile(f"larger than {format_size(max_bytes)}")
        chunks: list[bytes] = []
        left = max_bytes + 1
        try:
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        except OSError as exc:
            raise SkipFile(_os_reason(exc)) from exc
    finally:
        os.close(fd)
    data = b"".join(chunks)
    cut = len(data) > max_bytes
    if cut and not truncate:  # grew after the fstat
        raise SkipFile(f"larger than {format_size(max_bytes)}")
    return Opened(data[:max_bytes], info, real, cut or info.st_size > max_bytes)


_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BENEATH = _HAS_PROC_FD and bool(_NOFOLLOW) and os.open in os.supports_dir_fd


def _open_beneath(root: Path, rel: str) -> tuple[int, str] | None:
    """``rel`` opened below the folder ``root`` without following any symlink on the way:
    ``(fd, real path of root)``, or None when it cannot be opened so (a symlink, a part such as
    ``..``, a missing file, a platform without ``/proc/self/fd``): the caller then reads it by
    name (:func:`read_bytes`), which resolves the name and gives the reason.

    Every part is opened relative to the folder opened before it, with ``O_NOFOLLOW``, so the
    path cannot leave ``root``; what was opened is still checked on its descriptor (a folder
    moved out of the KB meanwhile). One open per part instead of resolving the name twice,
    each a ``lstat`` per part from ``/``."""
    if not _BENEATH:
        return None
    parts = rel.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return None
    try:
        top = os.open(root, _DIR_FLAGS)
    except (OSError, ValueError):
        return None
    folder = top
    try:
        real_root = os.readlink(f"{_PROC_FD}/{top}")
        for part in parts[:-1]:
            sub = os.open(part, _DIR_FLAGS | _NOFOLLOW, dir_fd=folder)
            if folder != top:
                os.close(folder)
            folder = sub
        fd = os.open(parts[-1], _OPEN_FLAGS | _NOFOLLOW, dir_fd=folder)
    except (OSError, ValueError):
        return None
    finally:
        if folder != top:
            os.close(folder)
        os.close(top)
    return fd, real_root


def _real_path_of_inode(path: os.PathLike[str] | str, info: os.stat_result) -> str:
    """Where the descriptor's file is, on platforms that cannot tell: the resolved name, when it
    still names the same inode (else the file moved under us and is refused)."""
    try:
        real = os.path.realpath(path)
        now = os.stat(real)
    except (OSError, ValueError) as exc:
        raise SkipFile("unreadable: file changed while being opened") from exc
    if (now.st_dev, now.st_ino) != (info.st_dev, info.st_ino):
        raise SkipFile("unreadable: file changed while being opened")
    return real


# --------------------------------------------------------------------------- decoding


_DETECT_BYTES = 64 * 1024
"""The charset detector reads this much of a file (a few milliseconds)."""


def looks_binary(sample: str) -> bool:
    """A NUL, or more than 10% control characters: not text."""
    if "\x00" in sample:
        return True
    return bool(sample) and len(_CONTROL_RE.findall(sample)) > len(sample) / 10


def decode(data: bytes) -> str:
    """Decode a file's bytes by the one rule, or raise :class:`SkipFile`.

    In order: a UTF-32/UTF-16 BOM; binary content (a NUL byte or over 10% control characters
    in the first 8 KiB) is refused; UTF-8 (BOM stripped); GB18030 or Big5 when the bytes are
    valid there (if both are, GB18030 wins when its characters are nearly all GB2312), unless
    they are Windows-1252 too and a charset detector takes them for it; last, Windows-1252 when
    every byte is defined there (it is Latin-1 for every printable Latin-1 character). Newlines
    are left as they are.
    """
    for bom, codec in _UTF_BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError:
                raise SkipFile(f"not valid text (bad {codec.upper()})") from None
            if looks_binary(text[:_SNIFF_BYTES]):
                raise SkipFile("binary file")
            return text.removeprefix("\ufeff")
    if looks_binary(data[:_SNIFF_BYTES].decode("latin-1")):
        raise SkipFile("binary file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    decoded: dict[str, str] = {}
    for codec in ("gb18030", "big5"):
        try:
            decoded[codec] = data.decode(codec)
        except UnicodeDecodeError:
            continue
    if decoded and _latin_text(data):
        return data.decode("cp1252")
    if len(decoded) == 2:  # Big5 bytes are nearly always valid GBK too
        return decoded["gb18030"] if _gb2312_share(decoded["gb18030"]) >= 0.9 else decoded["big5"]
    if decoded:
        return next(iter(decoded.values()))
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        pass
    raise SkipFile("not valid text (unknown encoding)")


_LEGACY_CODECS = ["gb18030", "big5", "cp1252"]
_HIGH_RUN_RE = re.compile(rb"[\x80-\xff]+")
MAX_LATIN_RUN = 2
"""Windows-1252 text has few non-ASCII bytes in a row ("öß", "“Ü"); GB18030 and Big5 text has
runs of them (two bytes a character, most of them both non-ASCII), which a detector reading a
mostly English file with a few Chinese words can miss."""


def _latin_text(data: bytes) -> bool:
    """True when bytes that also decode as Chinese are Windows-1252 text, as a charset detector
    (charset-normalizer: the language and the coherence of the text) judges among GB18030, Big5
    and Windows-1252: "Zürich" in Windows-1252 is valid GB18030 ("Z黵ich"), since an accented
    letter followed by a letter is a GB18030 pair."""
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return False  # not Windows-1252 at all
    if max(map(len, _HIGH_RUN_RE.findall(data)), default=0) > MAX_LATIN_RUN:
        return False  # Chinese: its characters are runs of high bytes, as Latin letters rarely
    from charset_normalizer import from_bytes  # only for the rare file that is not UTF-8

    best = from_bytes(data[:_DETECT_BYTES], cp_isolation=_LEGACY_CODECS).best()
    return best is not None and best.encoding == "cp1252"


def _gb2312_share(text: str) -> float:
    """Share of the non-ASCII characters that are in GB2312 (near 1 for real Simplified text)."""
    chars = [ch for ch in text if ord(ch) > 0x7F][:5000]
    ok = sum(ch.encode("gb2312", "replace") != b"?" for ch in chars)
    return ok / len(chars) if chars else 1.0


def normalise_newlines(text: str) -> str:
    """``\\r\\n`` and lone ``\\r`` as ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


# --------------------------------------------------------------------------- the readers


def read_text(path: os.PathLike[str] | str, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """A file as text with ``\\n`` newlines, or :class:`SkipFile` (no inside-the-root check)."""
    return normalise_newlines(decode(read_bytes(path, max_bytes=max_bytes).data))


def read_kb_file(kb_path: Path, rel: str) -> tuple[str, str]:
    """The file at KB-relative path ``rel``: its text and a SHA-1 of it (or :class:`SkipFile`).

    The file opened must lie inside the KB folder: a symlink swapped at any moment to point
    outside is refused (the check is made on the open descriptor).
    """
    path = kb_path / rel
    beneath = _open_beneath(kb_path, rel)
    if beneath is None:
        opened = read_bytes(path, inside=kb_path)
    else:
        opened = _read_opened(beneath[0], path, beneath[1], MAX_FILE_BYTES, False, OUTSIDE_KB)
    text = normalise_newlines(decode(opened.data))
    return text, hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()


def read_readme(kb_path: Path, max_bytes: int) -> str:
    """A KB's ``README.md`` as text, read up to ``max_bytes`` (or :class:`SkipFile`).

    Under the same rule as documents: a README that is a symlink leading outside the KB
    folder, or not a regular file, is not read.
    """
    opened = read_bytes(
        kb_path / "README.md",
        inside=kb_path,
        max_bytes=max_bytes,
        truncate=True,
        outside_reason="its README.md is a symlink leading outside the knowledge base",
    )
    data = opened.data
    if opened.truncated:  # cut at the last whole line, never inside a character
        data = data[: data.rfind(b"\n") + 1] or data
    return normalise_newlines(decode(data))


def readme_text(kb_path: Path) -> str:
    """:func:`read_readme` with the default cap, never raising: a README that cannot be read
    is logged and counts as empty (the KB is still searched, with default rules)."""
    try:
        return read_readme(kb_path, MAX_README_BYTES)
    except SkipFile as exc:
        log.warning("README of %s not read: %s", kb_path.name, exc)
        return ""
