"""What ``kr mcp --http`` refuses: slow or idle connections, connections past a cap, requests
without the bearer token.

uvicorn closes a keep-alive connection idle between two requests, but not one that never sends
a whole request: a socket that sends nothing, or half a header, or a header and half its body,
was held for ever, and 250 of them used up a 256-file limit. Here every request must be read
(headers and body) within :data:`READ_TIMEOUT_S` of its first byte, or of the connection's
start; and at most :data:`MAX_CONNECTIONS` connections are held: past that, the oldest
connection still sending its request is closed to make room, else the oldest event stream.

Event streams (``GET /mcp``, one per MCP session) stay open as long as their client wants, so one
client opening 100 sessions used to fill the cap with streams nothing closed, and every other
client was reset. Now at most :data:`MAX_STREAMS` (a share of the cap) are held: a new stream
past that closes the oldest one of the client address holding the most (its client reconnects
when it needs it again: the SDK's clients do), and a new connection at the cap closes the oldest stream when no connection is
still sending its request, so a new client's ``initialize`` is always served.

The server has no authentication of its own: it is for this machine's loopback. Whoever binds
another address can require a token (``--token`` or :data:`TOKEN_ENV`): every request must
then carry ``Authorization: Bearer <token>``, or it gets 401.
"""

from __future__ import annotations

import asyncio
import collections
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
MAX_STREAMS = MAX_CONNECTIONS // 2
"""Event streams (``GET /mcp``) held at once; past that the oldest is closed."""
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
    max_connections: int = MAX_CONNECTIONS,
    read_timeout: float = READ_TIMEOUT_S,
    max_streams: int = MAX_STREAMS,
) -> type[Any]:
    """uvicorn's h11 protocol with a read deadline per request, a connection cap and a cap on
    event streams."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    reading = (h11.IDLE, h11.SEND_BODY)  # the client's side of a request not yet whole

    class GuardedH11Protocol(H11Protocol):
        _kr_deadline: asyncio.TimerHandle | None = None
        _kr_since = 0.0
        _kr_stream_since: float | None = None
        """When this connection's event stream began; None while it holds none."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._kr_since = time.monotonic()
            if len(self.connections) > max_connections and not (
                self._kr_make_room() or self._kr_close_oldest_stream()
            ):
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
                if self._kr_stream_since is None and self._kr_streaming():
                    self._kr_stream_since = time.monotonic()
                    while len(self._kr_streams()) > max_streams:
                        if not self._kr_close_oldest_stream():
                            break

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

        def _kr_streaming(self) -> bool:
            """Whether this connection is answering a ``GET`` (an event stream) not yet done."""
            cycle = self.cycle
            return (
                cycle is not None
                and not cycle.response_complete
                and cycle.scope.get("method") == "GET"
                and not self.transport.is_closing()
            )

        def _kr_peer(self) -> str:
            return self.client[0] if self.client else ""

        def _kr_streams(self) -> list[GuardedH11Protocol]:
            return [
                c
                for c in self.connections
                if isinstance(c, GuardedH11Protocol)
                and c._kr_stream_since is not None
                and c._kr_streaming()
            ]

        def _kr_close_oldest_stream(self) -> bool:
            """Close the oldest event stream of another connection, among those of the client
            address holding the most streams (one client's streams go before another's); False
            if there is none."""
            others = [c for c in self._kr_streams() if c is not self]
            if not others:
                return False
            held = collections.Counter(c._kr_peer() for c in others)
            most = max(held.values())
            oldest = min(
                (c for c in others if held[c._kr_peer()] == most),
                key=lambda c: c._kr_stream_since or 0.0,
            )
            log.debug("closing the oldest event stream to make room")
            oldest._kr_stream_since = None
            oldest.transport.close()
            return True

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
