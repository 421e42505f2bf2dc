"""The MCP server over streamable HTTP (``kr mcp --http [HOST:]PORT``): one warm server, many agents.

The same server as :mod:`knowledge_retrieval.interfaces.mcp_server` (the same tools, the same
team binding), served at ``http://HOST:PORT/mcp`` with the ``mcp`` package's streamable-HTTP
transport and uvicorn. Every agent on the machine can connect to it, so they share one process
with its indexes open and warm instead of each paying a cold start.

HOST defaults to ``127.0.0.1``: only this machine can connect, and only requests whose
``Host`` and ``Origin`` name the bound address are served (:func:`transport_security`, against
DNS rebinding). There is no authentication unless a token is set (``--token`` /
``KR_MCP_TOKEN``); slow and idle connections are closed and their number capped
(:mod:`.mcp_http_guard`). PORT ``0`` picks a free port; the address is reported to the
``ready`` callback once the socket listens.

Client configuration (Claude Code's ``.mcp.json``, Cursor and other ``mcpServers`` files)::

    {"mcpServers": {"knowledge": {"type": "http", "url": "http://127.0.0.1:8765/mcp"}}}
"""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgumentError

if TYPE_CHECKING:
    from mcp.server.transport_security import TransportSecuritySettings

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
MCP_PATH = "/mcp"


def parse_address(text: str) -> tuple[str, int]:
    """``"8765"`` → ``("127.0.0.1", 8765)``; ``"HOST:PORT"`` and ``"[::1]:PORT"`` as given.

    >>> parse_address("8765"), parse_address("localhost:0"), parse_address("[::1]:9000")
    (('127.0.0.1', 8765), ('localhost', 0), ('::1', 9000))
    """
    value = text.strip()
    host, sep, port_text = value.rpartition(":")
    if not sep:
        host, port_text = DEFAULT_HOST, value
    elif host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        host, port_text = "", ""  # a bare IPv6 address: ask for the bracketed form
    try:
        port = int(port_text)
    except ValueError:
        port = -1
    if not host or not 0 <= port <= 65535:
        raise InvalidArgumentError(
            f"--http {text!r} is not [HOST:]PORT",
            hint="e.g. --http 8765 (loopback), --http 127.0.0.1:8765 or --http '[::1]:8765'; "
            "PORT 0 picks a free port",
        )
    return host, port


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""The names of this machine's loopback that a local client may put in ``Host``."""


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    return ip


def is_loopback(host: str) -> bool:
    """``localhost``, ``127.0.0.0/8``, ``::1`` and ``::ffff:127.x.y.z``."""
    if host == "localhost":
        return True
    ip = _ip(host)
    return ip is not None and ip.is_loopback


def allowed_hosts(host: str, port: int) -> list[str]:
    """The ``Host`` header values served: the bound host as a URL names it, with its port,
    and the names of loopback when the host is loopback. Anything else is refused (421), so
    a web page whose name was rebound to this address cannot read documents.

    >>> allowed_hosts("127.0.0.2", 8765)
    ['127.0.0.2:8765', 'localhost:8765', '127.0.0.1:8765', '[::1]:8765']
    >>> allowed_hosts("192.0.2.7", 80)
    ['192.0.2.7:80', '192.0.2.7']
    """
    names = [f"[{host}]" if ":" in host else host]
    if is_loopback(host):
        names += [n for n in LOOPBACK_NAMES if n not in names]
    ip = _ip(host)
    if ip is not None and ip.is_unspecified:  # 0.0.0.0 / ::: the names of this machine too
        names += [n for n in _machine_names() if n not in names]
    with_port = [f"{n}:{port}" for n in names]
    return with_port + (names if port == 80 else [])


def _machine_names() -> list[str]:
    """This machine's names and addresses, for a server bound to every interface."""
    names = [*LOOPBACK_NAMES, socket.gethostname(), socket.getfqdn()]
    for name in names[3:]:
        try:
            infos = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
        except OSError:
            continue
        for info in infos:
            addr = str(info[4][0])
            names.append(f"[{addr}]" if ":" in addr else addr)
    return list(dict.fromkeys(n.lower() for n in names if n))


def transport_security(host: str, port: int) -> TransportSecuritySettings:
    """The SDK's Host / Origin check for any bound address (it turns it on by itself only
    for 127.0.0.1, localhost and ::1)."""
    from mcp.server.transport_security import TransportSecuritySettings

    hosts = allowed_hosts(host, port)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=hosts,
        allowed_origins=[f"{scheme}://{h}" for h in hosts for scheme in ("http", "https")],
    )


def url_of(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{MCP_PATH}"


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket for ``host:port`` (the first address the name resolves to)."""
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise InvalidArgumentError(
            f"cannot serve on {host}:{port}: {exc.strerror or exc}",
            hint="pass a local address, e.g. --http 127.0.0.1:8765",
        ) from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise InvalidArgumentError(
            f"cannot serve on {host}:{port}: {exc.strerror or exc}",
            hint="choose another port (or --http 0 for a free one)",
        ) from None
    sock.set_inheritable(False)
    return sock


def serve_http(
    root: str | os.PathLike[str] | None = None,
    component: str | None = None,
    *,
    host: str = DEFAULT_HOST,
    port: int = 8765,
    ready: Callable[[str], None] | None = None,
    token: str | None = None,
) -> None:
    """Serve the MCP tools at ``http://host:port/mcp`` until interrupted (SIGINT / SIGTERM).

    :param token: require ``Authorization: Bearer <token>`` on every request (default:
        ``$KR_MCP_TOKEN``; none when that is unset). See :mod:`.mcp_http_guard`.
    """
    import anyio
    import uvicorn

    from .mcp_http_guard import (
        ACCEPT_BACKLOG,
        KEEP_ALIVE_S,
        TOKEN_ENV,
        BearerToken,
        check_token,
        protocol_class,
    )
    from .mcp_server import build_server

    token = check_token(token)
    server = build_server(root, component)
    sock = bind(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    app: Any = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        host=host,
        transport_security=transport_security(host, bound_port),
    )
    if token is not None:
        app = BearerToken(app, token)
    url = url_of(host if host != "localhost" else "localhost", bound_port)
    if not is_loopback(host) and token is None:
        log.warning(
            "serving on %s:%d, reachable from other machines, WITHOUT AUTHENTICATION: anyone "
            "who can reach this port can read every document. Set %s (or --token) to require "
            "a bearer token, or serve on 127.0.0.1.",
            bound_host,
            bound_port,
            TOKEN_ENV,
        )
    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        access_log=False,
        http=protocol_class(),
        timeout_keep_alive=KEEP_ALIVE_S,
        backlog=ACCEPT_BACKLOG,
    )
    web = uvicorn.Server(config)

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            tg.start_soon(web.serve, [sock])
            while not web.started:
                if web.should_exit:  # startup failed
                    return
                await anyio.sleep(0.01)
            log.info("MCP server listening at %s", url)
            if ready is not None:
                ready(url)

    try:
        anyio.run(main)
    finally:
        sock.close()
