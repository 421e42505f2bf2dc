"""``kr mcp --http`` against hostile clients: DNS rebinding, idle sockets, tokens.

Every test starts the real server process and talks raw HTTP to it (``http.client``) or
through the real ``mcp`` client.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
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


@contextmanager
def server(
    root: Path, address: str, *extra: str, env: dict[str, str] | None = None
) -> Iterator[tuple[str, list[str]]]:
    """``kr mcp --http ADDRESS``: yield (its URL, the stderr lines so far, growing)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "knowledge_retrieval", "mcp", "--http", address,
         "--root", str(root), *extra],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
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
        yield line[len(READY) :].strip(), seen
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
    with server(sample_root, address) as (url, log):
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
    import socket

    with server(sample_root, "0.0.0.0:0") as (url, log):
        port = urlsplit(url).port
        local = f"http://127.0.0.1:{port}/mcp"
        assert post(local, f"rebind.attacker.example:{port}") == 421
        assert post(local, origin="http://rebind.attacker.example") == 403
        for name in ("127.0.0.1", "localhost", socket.gethostname().lower()):
            assert post(local, f"{name}:{port}") == 200, name
    assert any("reachable from other machines" in line for line in log), log
