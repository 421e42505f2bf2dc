"""What ``kr mcp --http`` refuses: slow or idle connections, connections past a cap, requests
without the bearer token.

uvicorn closes a keep-alive connection idle between two requests, but not one that never sends
a whole request: a socket that sends nothing, or half a header, or a header and half its body,
was held for ever, and 250 of them used up a 256-file limit. Here every request must be read
(headers and body) within :data:`READ_TIMEOUT_S` of its first byte, or of the connection's
start; and at most :data:`MAX_CONNECTIONS` connections are held: past that, the oldest
connection still sending its request (never one being answered, such as an event stream) is
closed to make room.

The server has no authentication of its own: it is for this machine's loopback. Whoever binds
another address can require a token (``--token`` or :data:`TOKEN_ENV`): every request must
then carry ``Authorization: Bearer <token>``, or it gets 401.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import os
import time
from typing import TYPE_CHECKING, Any

from ..defaults import MCP_TOKEN_ENV
from ..errors import InvalidArgumentError

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger(__name__)

READ_TIMEOUT_S = 10.0
"""A request's headers and body must arrive within this many seconds of its first byte (or of
the connection's start): a JSON-RPC message over loopback takes milliseconds."""
KEEP_ALIVE_S = 5
"""A connection idle this long between two requests is closed (uvicorn's own timer)."""
MAX_CONNECTIONS = 100
"""Connections held at once; each holds a file descriptor (an agent holds one or two)."""
ACCEPT_BACKLOG = 32
"""Connections accepted in one burst (and the listen backlog): the cap is applied as each is
set up, so at most this many more than :data:`MAX_CONNECTIONS` are open for a moment. With
uvicorn's default (2048) a burst of 300 sockets was accepted before any was checked, running
the process out of files and logging every failed ``accept``."""
TOKEN_ENV = MCP_TOKEN_ENV
"""The bearer token, when ``--token`` is not given."""
MIN_TOKEN_CHARS = 16


def check_token(token: str | None) -> str | None:
    """The token to require: ``token``, else ``$KR_MCP_TOKEN``, else None (no token).

    A token is at least 16 visible ASCII characters (it travels in a header).
    """
    if token is None:
        token = os.environ.get(TOKEN_ENV) or None
    if token is None:
        return None
    if len(token) < MIN_TOKEN_CHARS or not all("!" <= c <= "~" for c in token):
        raise InvalidArgumentError(
            f"the token must be at least {MIN_TOKEN_CHARS} visible ASCII characters, "
            "without spaces",
            hint='make one with: python -c "import secrets; print(secrets.token_urlsafe(32))"',
        )
    return token


class BearerToken:
    """ASGI middleware: HTTP requests without ``Authorization: Bearer <token>`` get 401."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._token = token.encode("ascii")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self._authorized(scope):
            body = b"Unauthorized: send 'Authorization: Bearer <token>'\n"
            await send(
                {
                    "type": "http.response.start",
                    "status": 401,
                    "headers": [
                        (b"content-type", b"text/plain; charset=utf-8"),
                        (b"content-length", str(len(body)).encode()),
                        (b"www-authenticate", b'Bearer realm="kr mcp"'),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

    def _authorized(self, scope: Scope) -> bool:
        for name, value in scope.get("headers", ()):
            if name.lower() == b"authorization":
                scheme, _, given = bytes(value).strip().partition(b" ")
                return scheme.lower() == b"bearer" and hmac.compare_digest(
                    given.strip(), self._token
                )
        return False


def protocol_class(
    max_connections: int = MAX_CONNECTIONS, read_timeout: float = READ_TIMEOUT_S
) -> type[Any]:
    """uvicorn's h11 protocol with a read deadline per request and a connection cap."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    reading = (h11.IDLE, h11.SEND_BODY)  # the client's side of a request not yet whole

    class GuardedH11Protocol(H11Protocol):
        _kr_deadline: asyncio.TimerHandle | None = None
        _kr_since = 0.0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._kr_since = time.monotonic()
            if len(self.connections) > max_connections and not self._kr_make_room():
                log.debug("connection refused: %d connections held", max_connections)
                transport.close()
                return
            self._kr_arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state in reading:
                if self._kr_deadline is None:  # the first byte of a request: its clock starts
                    self._kr_since = time.monotonic()
                    self._kr_arm()
            else:
                self._kr_disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._kr_disarm()
            super().connection_lost(exc)

        def _kr_arm(self) -> None:
            self._kr_disarm()
            self._kr_deadline = self.loop.call_later(read_timeout, self._kr_expire)

        def _kr_disarm(self) -> None:
            if self._kr_deadline is not None:
                self._kr_deadline.cancel()
                self._kr_deadline = None

        def _kr_expire(self) -> None:
            self._kr_deadline = None
            if self.conn.their_state in reading:  # the request (or its body) is still coming
                log.debug("closing a connection whose request did not arrive in time")
                self.transport.close()

        def _kr_make_room(self) -> bool:
            """Close the oldest other connection still sending its request; False if none."""
            waiting = [
                c
                for c in self.connections
                if c is not self
                and isinstance(c, GuardedH11Protocol)
                and c.conn.their_state in reading
                and not c.transport.is_closing()
                and (c.cycle is None or c.cycle.response_complete or not c.cycle.response_started)
            ]
            if not waiting:
                return False
            oldest = min(waiting, key=lambda c: c._kr_since)
            log.debug("closing the oldest waiting connection to make room")
            oldest.transport.close()
            return True

    return GuardedH11Protocol
