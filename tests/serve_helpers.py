"""Running `scoresheet serve` through the console script, and talking to it on 127.0.0.1."""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.cli_helpers import SCRIPT

LOOPBACK = "127.0.0.1"


@dataclass
class Server:
    """A running `scoresheet serve`: its process, its two links and its port."""

    process: subprocess.Popen[str]
    score_url: str
    view_url: str
    port: int
    output: list[str]

    def local(self, url: str) -> str:
        """``url`` with its host replaced by 127.0.0.1 (a --lan link names the LAN address)."""
        parts = urlsplit(url)
        return f"http://{LOOPBACK}:{self.port}{parts.path}"

    @property
    def score(self) -> str:
        return self.local(self.score_url)

    @property
    def view(self) -> str:
        return self.local(self.view_url)

    def stop(self) -> tuple[int, str]:
        """Ctrl-C the server; its exit code and the rest of its output."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        # Read the rest through the same buffered stream the start was read from:
        # communicate() with a timeout reads the pipe underneath it, and would lose what
        # the stream had already buffered (the QR code printed after the links).
        guard = threading.Timer(10, self.process.kill)
        guard.start()
        try:
            rest = ""
            if self.process.stdout is not None and not self.process.stdout.closed:
                with self.process.stdout:
                    rest = self.process.stdout.read()
            self.process.wait()
        finally:
            guard.cancel()
        return self.process.returncode, "".join(self.output) + rest


def start(game: Path, *extra: str, port: int = 0) -> Server:
    """Start `scoresheet serve GAME --port PORT EXTRA` (a free port by default; a game
    file or a night folder) and wait until it answers."""
    process = subprocess.Popen(
        [str(SCRIPT), "serve", str(game), "--port", str(port), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    output: list[str] = []
    urls: list[str] = []
    deadline = time.monotonic() + 30
    while len(urls) < 2 and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        output.append(line)
        if line.startswith("http://"):
            urls.append(line.strip())
    if len(urls) < 2:
        process.kill()
        raise AssertionError("serve did not print its links: " + "".join(output))
    port = int(urlsplit(urls[0]).port or 0)
    server = Server(process, urls[0], urls[1], port, output)
    while time.monotonic() < deadline:
        try:
            if request("GET", server.view + "state")[0] == 200:
                return server
        except OSError:
            time.sleep(0.05)
    server.stop()
    raise AssertionError("serve did not answer")


@contextmanager
def serving(game: Path, *extra: str) -> Iterator[Server]:
    server = start(game, *extra)
    try:
        yield server
    finally:
        server.stop()


def request(
    method: str,
    url: str,
    body: bytes | str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes, dict[str, str]]:
    """One request to a loopback URL: status, body and headers (lower-case names)."""
    parts = urlsplit(url)
    assert parts.hostname == LOOPBACK, url
    conn = http.client.HTTPConnection(LOOPBACK, parts.port, timeout=10)
    try:
        data = body.encode() if isinstance(body, str) else body
        conn.request(method, parts.path or "/", body=data, headers=headers or {})
        response = conn.getresponse()
        return (
            response.status,
            response.read(),
            {k.lower(): v for k, v in response.getheaders()},
        )
    finally:
        conn.close()


def page_token(page_url: str) -> str:
    """The token a page carries for its changes (what its script sends)."""
    status, body, _ = request("GET", page_url)
    assert status == 200
    found = re.search(rb'name="scoresheet-token" content="([^"]+)"', body)
    assert found is not None
    return found.group(1).decode()


def post_json(
    page_url: str, path: str, payload: Any, *, token: str | None = None, **headers: str
) -> tuple[int, dict[str, Any]]:
    """POST ``payload`` as JSON from the page at ``page_url``, as its script does."""
    sent = {
        "Content-Type": "application/json",
        "X-Scoresheet-Token": token if token is not None else page_token(page_url),
        **headers,
    }
    status, body, _ = request("POST", page_url + path, json.dumps(payload), sent)
    return status, json.loads(body) if body.startswith(b"{") else {"raw": body.decode()}


def with_players(data: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A game's data with its players renamed, in order, everywhere they appear."""
    text = json.dumps(data)
    for old, new in zip(data["players"], names, strict=True):
        text = text.replace(json.dumps(old), json.dumps(new))
    renamed: dict[str, Any] = json.loads(text)
    return renamed
