"""The live pages' streams of `scoresheet serve`: view-only pages cannot take the
scorers' slots, one address cannot take them all, and a page that stops reading is
closed.

The first and last tests run the real console script on a free loopback port; the
per-address cap is tested on the application itself, given addresses a test on this
machine cannot send from.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import struct
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scoresheet.serve.app import Keys, create_app
from scoresheet.serve.protocol import WRITE_SECONDS
from scoresheet.serve.streams import MAX_PAGES, PAGES_PER_ADDRESS, SCORING_RESERVED
from tests.cli_helpers import ROOT
from tests.serve_helpers import Server, serving

EXAMPLES = ROOT / "examples"


def _game(folder: Path, deals: int = 18) -> Path:
    game = folder / "game.json"
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:deals]
    game.write_text(json.dumps(data), encoding="utf-8")
    return game


def _open_stream(s: Server, link: str, *, receive_buffer: int | None = None) -> socket.socket:
    """A page's stream that is never read: the request sent, nothing taken but the
    status line."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", s.port))
    sock.sendall(f"GET {urlsplit(link).path}events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    return sock


def _status(sock: socket.socket) -> int:
    """The status of the answer on ``sock`` (only its first bytes are read)."""
    head = sock.recv(12)
    assert head.startswith(b"HTTP/1.1 "), head
    return int(head[9:12])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with serving(_game(tmp_path)) as s:
        yield s


def test_view_only_pages_cannot_take_the_scoring_links_slots(server: Server) -> None:
    opened: list[socket.socket] = []
    try:
        statuses = []
        for _ in range(MAX_PAGES):
            opened.append(_open_stream(server, server.view))
            statuses.append(_status(opened[-1]))
        viewers = MAX_PAGES - SCORING_RESERVED
        assert statuses == [200] * viewers + [503] * SCORING_RESERVED
        # Every slot kept for the scoring link is its own.
        for _ in range(SCORING_RESERVED):
            opened.append(_open_stream(server, server.score))
            assert _status(opened[-1]) == 200
        refused = _open_stream(server, server.score)
        opened.append(refused)
        refused.settimeout(5)
        answer = b""
        while b"\r\n\r\ntoo" not in answer or not answer.endswith(b"\n"):
            chunk = refused.recv(4096)
            assert chunk, answer
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 503"), answer
        assert f"too many pages open (at most {MAX_PAGES})".encode() in answer
        # A view-only page gone gives its slot to the next one.
        opened.pop(0).close()
        deadline = time.monotonic() + 5
        while True:
            again = _open_stream(server, server.view)
            opened.append(again)
            status = _status(again)
            if status == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert status == 200
    finally:
        for sock in opened:
            sock.close()


def _tcp_state(sock: socket.socket) -> int:
    """The connection's state as this machine's TCP sees it (1: established)."""
    return int(struct.unpack("B", sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1))[0])


@pytest.mark.skipif(sys.platform != "linux", reason="reads the connection's state (TCP_INFO)")
def test_a_page_that_never_reads_its_stream_is_closed(server: Server) -> None:
    """A silent page with a small receive buffer on a quiet game: the sheet (12 kB) does
    not all reach it, what follows cannot leave, and the write deadline (20 s) closes the
    stream, while a page that reads keeps its own."""
    silent = _open_stream(server, server.view, receive_buffer=4096)
    reading = _open_stream(server, server.view)
    try:
        assert _status(silent) == 200 and _status(reading) == 200
        reading.settimeout(0.5)
        read = b""
        started = time.monotonic()
        while _tcp_state(silent) == 1 and time.monotonic() - started < 50:
            with contextlib.suppress(TimeoutError):
                read += reading.recv(1 << 16)
        took = time.monotonic() - started
        assert _tcp_state(silent) != 1, "the silent page's stream is still open"
        assert WRITE_SECONDS - 2 < took < 50, took
        # The page that reads keeps its stream, and has had its keep-alive.
        assert _tcp_state(reading) == 1 and b": still here" in read
    finally:
        silent.close()
        reading.close()


class _Page:
    """A page's stream asked of the application directly, from ``address``."""

    def __init__(self, app: Any, path: str, address: str) -> None:
        self.gone = asyncio.Event()
        self.status: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        scope = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": b"",
            "headers": [(b"host", b"127.0.0.1")],
            "client": (address, 40000),
            "server": ("127.0.0.1", 8000),
        }
        self.body = b""
        self.task = asyncio.create_task(app(scope, self._receive, self._send))

    async def _receive(self) -> dict[str, Any]:
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def _send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.status.set_result(message["status"])
        else:
            self.body += message.get("body", b"")

    async def close(self) -> None:
        self.gone.set()
        await asyncio.wait_for(self.task, 5)


def test_one_address_holds_at_most_a_few_streams(tmp_path: Path) -> None:
    keys = Keys.new()
    app = create_app(_game(tmp_path), keys)
    view, score = f"/{keys.view}/events", f"/{keys.score}/events"

    async def scenario() -> None:
        pages: list[_Page] = []

        async def page(path: str, address: str) -> tuple[_Page, int]:
            opened = _Page(app, path, address)
            pages.append(opened)
            return opened, await asyncio.wait_for(opened.status, 5)

        try:
            first, status = await page(view, "192.0.2.7")
            assert status == 200
            for _ in range(PAGES_PER_ADDRESS - 1):
                assert (await page(view, "192.0.2.7"))[1] == 200
            extra, status = await page(score, "192.0.2.7")
            assert status == 429
            await asyncio.wait_for(extra.task, 5)
            assert (
                extra.body
                == (
                    f"too many live pages from one address (at most {PAGES_PER_ADDRESS})\n"
                ).encode()
            )
            # Another address, and this machine itself, are not held back by it.
            assert (await page(score, "192.0.2.8"))[1] == 200
            for _ in range(PAGES_PER_ADDRESS + 1):
                assert (await page(view, "127.0.0.1"))[1] == 200
            # A page closed gives its address's slot back.
            await first.close()
            assert (await page(view, "192.0.2.7"))[1] == 200
        finally:
            for opened in pages:
                await opened.close()

    asyncio.run(scenario())
