"""File-system failures of one KB's index, as a reason and a hint instead of a raw OSError."""

from __future__ import annotations

import errno
import logging
from pathlib import Path

from ..defaults import INDEX_HOME_ENV
from ..errors import IndexUnavailableError
from ..kb.discovery import KBLocation

log = logging.getLogger(__name__)

_ELSEWHERE = f"or set {INDEX_HOME_ENV} to a folder of your own on another disk"


def index_problem(exc: OSError, kb: str, index_dir: Path) -> IndexUnavailableError:
    """The per-KB reason (with a hint) for ``exc``, met while reading or writing the index of
    ``kb`` in ``index_dir``."""
    code = exc.errno
    where = f"the index of '{kb}' ({index_dir})"
    if code == errno.ENAMETOOLONG:
        msg = f"{where}: a path is longer than the file system allows"
        hint = f"set {INDEX_HOME_ENV} to a folder with a shorter path"
    elif code in (errno.ENOSPC, errno.EDQUOT):
        msg = f"{where}: no space left on the disk (or over quota)"
        hint = f"free some space there, {_ELSEWHERE}"
    elif code == errno.EROFS:
        msg = f"{where}: the index folder is on a read-only file system"
        hint = f"make it writable, {_ELSEWHERE}"
    elif isinstance(exc, PermissionError) and "another user" in str(exc):
        msg = f"{where}: the index folder is owned by another user; it is not read"
        hint = f"remove that folder, {_ELSEWHERE}"
    elif isinstance(exc, PermissionError):
        msg = f"{where}: permission denied ({exc.strerror or exc})"
        hint = f"make the index folder writable, {_ELSEWHERE}"
    elif code in (errno.ENOTDIR, errno.EEXIST):
        msg = f"{where}: a part of the index folder's path is a file, not a folder"
        hint = f"remove that file, or set {INDEX_HOME_ENV} to a folder of your own"
    elif isinstance(exc, FileNotFoundError):
        msg = f"{where}: the index folder was removed while it was in use"
        hint = "search again: the next search builds it anew"
    else:
        msg = f"{where}: {exc.strerror or exc}"
        hint = f"check that folder, {_ELSEWHERE}"
    return IndexUnavailableError(msg, hint=hint)


def cannot_write(exc: OSError) -> bool:
    """True for failures that leave an existing index readable: the folder is read-only, full,
    or not writable by this user."""
    return exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EDQUOT)


def unavailable(exc: Exception, loc: KBLocation) -> IndexUnavailableError:
    """:func:`index_problem` for a KB known by its location (an error outside ``refresh``);
    any other error met bringing one KB up to date (a bug, a KB nobody foresaw) is that KB's
    reason too, logged with its traceback, so one KB never takes a search of the root down."""
    from .location import index_dir_for

    if isinstance(exc, IndexUnavailableError):
        return exc
    try:
        where = index_dir_for(loc.path)
    except OSError:
        where = Path(loc.name)
    if isinstance(exc, OSError):
        return index_problem(exc, loc.name, where)
    log.error(
        "the index of '%s' (%s) could not be brought up to date", loc.name, where, exc_info=exc
    )
    return IndexUnavailableError(
        f"the index of '{loc.name}' ({where}) could not be brought up to date: "
        f"{type(exc).__name__}: {str(exc)[:200] or 'no detail'}",
        hint="the other knowledge bases still answer; please report this error with the layout "
        "of that knowledge base's folder",
    )
