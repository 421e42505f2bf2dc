"""Text bound for a terminal: control characters dropped, line breaks inside names escaped.

File and KB names, titles and contents come from the KB. Shown in a terminal, an ``ESC [`` or
``ESC ]`` in them could move the cursor, retitle the window or hide lines, and a newline in a
file name could start a line that looks like a hit or a log message of its own. The ``kr``
command passes every text and Markdown view through :func:`terminal_safe`, every name that
must stay on its line through :func:`one_line`, and its log records through
:class:`TerminalFormatter`. JSON is left as it is: its escapes are safe and it must round-trip.
"""

from __future__ import annotations

import logging
import re
import sys

__all__ = [
    "TerminalFormatter",
    "escape_breaks",
    "one_line",
    "terminal_safe",
    "use_terminal_logging",
]

_TERMINAL_CONTROLS_RE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
"""C0 controls but tab and newline, DEL, C1 controls (CSI, OSC ...) and bidi controls."""

_BREAKS = str.maketrans(
    {
        "\n": "\\n",
        "\r": "\\r",
        "\x0b": "\\v",
        "\x0c": "\\f",
        "\x85": "\\x85",
        "\u2028": "\\u2028",
        "\u2029": "\\u2029",
    }
)
"""Every character a terminal, ``str.splitlines`` or a Markdown viewer may end a line at."""


def terminal_safe(text: str) -> str:
    """``text`` with terminal control characters removed; tabs and newlines stay.

    >>> terminal_safe("a\x1b]0;pwned\x07b\x1b[2Jc")
    'a]0;pwnedb[2Jc'
    """
    return _TERMINAL_CONTROLS_RE.sub("", text)


def escape_breaks(text: str) -> str:
    """``text`` with its line breaks written as escapes (``\\n``, ``\\r``, ``\\u2028`` ...).

    >>> escape_breaks("a.md\\n1. [0.99] forged")
    'a.md\\\\n1. [0.99] forged'
    """
    return text.translate(_BREAKS)


def one_line(text: str) -> str:
    """A name for a terminal line: breaks escaped, control characters removed."""
    return terminal_safe(escape_breaks(text))


class TerminalFormatter(logging.Formatter):
    """Log records for a terminal: the message on one line, without control characters (a
    traceback keeps its lines, without control characters)."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 - logging's name
        return one_line(super().formatMessage(record))

    def formatException(self, ei: object) -> str:  # noqa: N802
        return terminal_safe(super().formatException(ei))  # type: ignore[arg-type]

    def formatStack(self, stack_info: str) -> str:  # noqa: N802
        return terminal_safe(super().formatStack(stack_info))


class _StderrHandler(logging.Handler):
    """What :data:`logging.lastResort` does (WARNING and up, the message alone, to the
    current ``sys.stderr``), through :class:`TerminalFormatter`."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.setFormatter(TerminalFormatter())

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
        except Exception:  # noqa: BLE001 - as logging does: report, never raise
            self.handleError(record)


def use_terminal_logging() -> None:
    """Make the process's fallback log output (used when no handler is configured, as in the
    ``kr`` command) terminal-safe; a handler an application configured is left alone."""
    if not isinstance(logging.lastResort, _StderrHandler):
        logging.lastResort = _StderrHandler()
