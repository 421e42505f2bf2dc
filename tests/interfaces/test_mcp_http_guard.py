"""``kr mcp --http`` against hostile clients: DNS rebinding, idle sockets, tokens.

Every test starts the real server process and talks raw HTTP to it (``http.client``) or
through the real ``mcp`` client.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import anyio
import pytest

from .test_mcp_http import READY, session_calls

INITIALIZE = json.dumps(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "probe", "version": "0"},
        },
    }
).encode()


class Served(NamedTuple):
    url: str
    log: list[str]
    """The server's stderr lines, growing; complete once it stopped."""
    pid: int


@contextmanager
def server(
    root: Path,
    address: str,
    *extra: str,
    env: dict[str, str] | None = None,
    preexec: Callable[[], None] | None = None,
) -> Iterator[Served]:
    """``kr mcp --http ADDRESS``, yielded once it listens; stopped after."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "knowledge_retrieval", "mcp", "--http", address,
         "--root", str(root), *extra],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
        preexec_fn=preexec,  # noqa: PLW1509 - only a resource limit, set before exec
    )  # fmt: skip
    lines: queue.Queue[str] = queue.Queue()
    seen: list[str] = []

    def pump() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.put(line)
        lines.put("")

    threading.Thread(target=pump, daemon=True).start()
    try:
        while True:
            line = lines.get(timeout=60)
            if not line:
                raise AssertionError(f"the server stopped before listening: {''.join(seen)}")
            seen.append(line)
            if line.startswith(READY):
                break
        yield Served(line[len(READY) :].strip(), seen, proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:  # pragma: no cover - a hung server fails the test
            proc.kill()
            proc.wait(timeout=15)
            raise
        while True:
            try:
                line = lines.get(timeout=5)
            except queue.Empty:  # pragma: no cover
                break
            if not line:
                break
            seen.append(line)
        assert proc.stderr is not None
        proc.stderr.close()


def post(url: str, host: str | None = None, origin: str | None = None, **headers: str) -> int:
    """The status of an ``initialize`` POST to ``url`` with these Host / Origin headers."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        conn.putrequest("POST", parts.path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host if host is not None else parts.netloc)
        if origin is not None:
            conn.putheader("Origin", origin)
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Accept", "application/json, text/event-stream")
        for name, value in headers.items():
            conn.putheader(name.replace("_", "-"), value)
        conn.putheader("Content-Length", str(len(INITIALIZE)))
        conn.endheaders(INITIALIZE)
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


@pytest.mark.parametrize(
    "address", ["127.0.0.2:0", "[::ffff:127.0.0.1]:0", "127.0.0.1:0", "[::1]:0", "localhost:0"]
)
def test_only_the_bound_host_is_served(sample_root: Path, address: str) -> None:
    with server(sample_root, address) as (url, log, _pid):
        netloc = urlsplit(url).netloc
        port = urlsplit(url).port
        for host in ("rebind.attacker.example", f"rebind.attacker.example:{port}", "", "x:1"):
            assert post(url, host) == 421, (address, host)
        assert post(url, origin="http://rebind.attacker.example") == 403
        assert post(url, origin=f"http://rebind.attacker.example:{port}") == 403
        assert post(url) == 200
        assert post(url, origin=f"http://{netloc}") == 200
        assert post(url, host=f"localhost:{port}") == 200
        (listed,) = anyio.run(session_calls, url, [("query_knowledge", {"action": "list"})])
        assert not listed.is_error
    # a loopback address is never "reachable from other machines"
    assert not any("other machines" in line for line in log), log


def test_every_interface_serves_only_this_machines_names(sample_root: Path) -> None:

    with server(sample_root, "0.0.0.0:0") as (url, log, _pid):
        port = urlsplit(url).port
        local = f"http://127.0.0.1:{port}/mcp"
        assert post(local, f"rebind.attacker.example:{port}") == 421
        assert post(local, origin="http://rebind.attacker.example") == 403
        for name in ("127.0.0.1", "localhost", socket.gethostname().lower()):
            assert post(local, f"{name}:{port}") == 200, name
    assert any("reachable from other machines" in line for line in log), log


# --------------------------------------------------------------------------- idle sockets


def listed_by_a_client(url: str) -> Any:
    """``query_knowledge`` ``list`` through the real ``mcp`` client, in at most 60 s."""

    async def main() -> Any:
        with anyio.fail_after(60):
            (listed,) = await session_calls(url, [("query_knowledge", {"action": "list"})])
            return listed

    return anyio.run(main)


def _closed_by_server(sock: socket.socket, deadline: float) -> bool:
    """True when the server closes ``sock`` before ``deadline`` (monotonic seconds)."""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        sock.settimeout(left)
        try:
            data = sock.recv(65536)
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True
        if not data:
            return True


def test_idle_and_half_open_connections_are_closed(sample_root: Path) -> None:
    from knowledge_retrieval.interfaces.mcp_http_guard import READ_TIMEOUT_S

    with server(sample_root, "127.0.0.1:0") as (url, _log, _pid):
        parts = urlsplit(url)
        addr = (parts.hostname or "", parts.port or 0)
        head = f"POST /mcp HTTP/1.1\r\nHost: {parts.netloc}\r\n".encode()
        started = time.monotonic()
        socks = []
        for _ in range(4):
            idle = socket.create_connection(addr)  # sends nothing
            half = socket.create_connection(addr)  # headers never end
            half.sendall(head)
            body = socket.create_connection(addr)  # the body never comes
            body.sendall(head + b"Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{")
            socks += [idle, half, body]
        slow = socket.create_connection(addr)  # a header byte every half second
        socks.append(slow)

        def drip() -> None:
            with contextlib.suppress(OSError):
                for byte in head * 10:
                    slow.send(bytes([byte]))
                    time.sleep(0.5)

        threading.Thread(target=drip, daemon=True).start()
        # meanwhile a real client is served
        assert not listed_by_a_client(url).is_error
        deadline = started + READ_TIMEOUT_S + 5
        closed = [_closed_by_server(s, deadline) for s in socks]
        elapsed = time.monotonic() - started
        for s in socks:
            s.close()
        assert all(closed), closed
        assert elapsed >= READ_TIMEOUT_S - 1  # not cut before their time


def test_connections_past_the_cap_do_not_exhaust_the_server(sample_root: Path) -> None:
    """300 idle sockets against a server limited to 256 open files: it keeps serving."""
    import resource

    from knowledge_retrieval.interfaces.mcp_http_guard import MAX_CONNECTIONS

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 400:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    with server(sample_root, "127.0.0.1:0", preexec=limit) as (url, log, pid):
        parts = urlsplit(url)
        addr = (parts.hostname or "", parts.port or 0)
        socks = [socket.create_connection(addr, timeout=10) for _ in range(300)]
        try:
            time.sleep(1)
            assert not listed_by_a_client(url).is_error
            assert len(os.listdir(f"/proc/{pid}/fd")) < MAX_CONNECTIONS + 60
        finally:
            for s in socks:
                s.close()
    assert not any("Too many open files" in line for line in log), "".join(log[:20])


# --------------------------------------------------------------------------- bearer token

TOKEN = "kr-test-token-0123456789abcdef"


def test_a_token_is_required_when_set(sample_root: Path) -> None:
    with server(sample_root, "127.0.0.1:0", env={"KR_MCP_TOKEN": TOKEN}) as (url, log, _pid):
        assert post(url) == 401
        assert post(url, Authorization="Bearer wrong-token-0123456789") == 401
        assert post(url, Authorization=f"Basic {TOKEN}") == 401
        assert post(url, Authorization=f"Bearer {TOKEN}x") == 401
        assert post(url, Authorization=f"Bearer {TOKEN}") == 200
        assert post(url, Authorization=f"bearer  {TOKEN}") == 200
        # the token does not replace the Host check
        assert post(url, "rebind.attacker.example", Authorization=f"Bearer {TOKEN}") == 421
    assert not any("WITHOUT AUTHENTICATION" in line for line in log)
    with server(sample_root, "0.0.0.0:0", "--token", TOKEN) as (url, log, _pid):
        local = url.replace("0.0.0.0", "127.0.0.1")
        assert post(local) == 401
        assert post(local, Authorization=f"Bearer {TOKEN}") == 200
    assert not any("WITHOUT AUTHENTICATION" in line for line in log), log


def test_every_interface_without_a_token_is_warned_about(sample_root: Path) -> None:
    with server(sample_root, "0.0.0.0:0", env={"KR_MCP_TOKEN": ""}) as (url, log, _pid):
        assert post(url.replace("0.0.0.0", "127.0.0.1")) == 200
    warning = next(line for line in log if "WITHOUT AUTHENTICATION" in line)
    assert "KR_MCP_TOKEN" in warning and "anyone who can reach this port" in warning


@pytest.mark.parametrize("token", ["short", "has a space in it 0123", "ünïcode-0123456789abc"])
def test_a_weak_token_stops_the_server(sample_root: Path, token: str) -> None:
    p = subprocess.run(
        [sys.executable, "-m", "knowledge_retrieval", "mcp", "--http", "127.0.0.1:0",
         "--root", str(sample_root), "--token", token],
        capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )  # fmt: skip
    assert p.returncode == 2
    assert "the token must be at least 16 visible ASCII characters" in p.stderr


# --------------------------------------------------------------------------- event streams


def open_stream(addr: tuple[str, int], netloc: str, source: str | None = None) -> socket.socket:
    """One MCP session opened with ``initialize`` and its ``GET /mcp`` event stream, held
    open on the socket returned (the headers of the stream's response read)."""
    sock = socket.create_connection(addr, timeout=30)
    head = (
        f"POST /mcp HTTP/1.1\r\nHost: {netloc}\r\nContent-Type: application/json\r\n"
        "Accept: application/json, text/event-stream\r\n"
        f"Content-Length: {len(INITIALIZE)}\r\n\r\n"
    )
    sock.sendall(head.encode() + INITIALIZE)
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = sock.recv(65536)
        assert chunk, reply
        reply += chunk
    headers = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
    assert headers.startswith("http/1.1 200"), headers
    session = next(
        line.split(":", 1)[1].strip()
        for line in headers.split("\r\n")
        if line.startswith("mcp-session-id:")
    )
    sock.close()
    stream = socket.create_connection(addr, timeout=30, source_address=source and (source, 0))
    stream.sendall(
        f"GET /mcp HTTP/1.1\r\nHost: {netloc}\r\nAccept: text/event-stream\r\n"
        f"Mcp-Session-Id: {session}\r\nMcp-Protocol-Version: 2025-06-18\r\n\r\n".encode()
    )
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = stream.recv(65536)
        assert chunk, reply
        reply += chunk
    assert reply.startswith(b"HTTP/1.1 200"), reply[:200]
    return stream


def test_event_streams_do_not_fill_the_connection_cap(sample_root: Path) -> None:
    """One client opens 100 sessions, each with its ``GET /mcp`` stream held open: they
    cannot use up the cap, the oldest are closed, and other clients are served."""
    from knowledge_retrieval.interfaces.mcp_http_guard import MAX_CONNECTIONS, MAX_STREAMS

    with server(sample_root, "127.0.0.1:0") as (url, log, pid):
        parts = urlsplit(url)
        addr = (parts.hostname or "", parts.port or 0)
        streams = [open_stream(addr, parts.netloc) for _ in range(MAX_CONNECTIONS)]
        try:
            time.sleep(0.5)
            # new clients: an initialize each, and a whole session through the real client
            assert [post(url) for _ in range(20)] == [200] * 20
            assert not listed_by_a_client(url).is_error
            assert _closed_by_server(streams[0], time.monotonic() + 5)  # the oldest first
            still = [s for s in streams if not _closed_by_server(s, time.monotonic() + 0.05)]
            assert 0 < len(still) <= MAX_STREAMS, len(still)
            assert len(os.listdir(f"/proc/{pid}/fd")) < MAX_CONNECTIONS + 60
        finally:
            for s in streams:
                s.close()
    assert not any("Traceback" in line for line in log), "".join(log[:40])


def test_one_clients_streams_go_before_anothers(sample_root: Path) -> None:
    """A client at another address opened its stream first; one client then opens 100: that
    client's own oldest streams are closed, the other's stays open."""
    from knowledge_retrieval.interfaces.mcp_http_guard import MAX_CONNECTIONS

    with server(sample_root, "127.0.0.1:0") as (url, _log, _pid):
        parts = urlsplit(url)
        addr = (parts.hostname or "", parts.port or 0)
        other = open_stream(addr, parts.netloc, source="127.0.0.2")
        streams = [open_stream(addr, parts.netloc) for _ in range(MAX_CONNECTIONS)]
        try:
            assert post(url) == 200
            assert _closed_by_server(streams[0], time.monotonic() + 5)
            assert not _closed_by_server(other, time.monotonic() + 1)
        finally:
            for s in [other, *streams]:
                s.close()
