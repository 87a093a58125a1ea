"""`scoresheet serve` under a table's load: 50 live pages, a save every 200 ms for a minute.

Run: python benchmarks/bench_serve.py [--seconds 60] [--pages 50] [--every 0.2]

The server is the console script on a free loopback port (127.0.0.1 only). Fifty pages
hold its live stream open (server-sent events, read as a browser would). Every 200 ms a
change is saved through the JSON endpoints, alternately adding deal 21 of the classic
example to its first 20 deals and undoing it, so the game stays mid-way and every save
re-scores 20-odd deals and writes the file through the session's lock and atomic write.

Measured: the time from sending a save to its answer (median, 99th percentile), and
from sending it to every page having received the sheet it produced. Targets (issue 13):
a save answered within 50 ms at the 99th percentile, every page within 250 ms.

Then the notice latency (issue 25): the game file is saved from outside the server, as
`scoresheet add` in a terminal saves it (written aside, renamed over the game), every
``--every`` seconds for ``--seconds``, and measured is the time from the rename to the
first page receiving the new sheet (the server's side: loopback adds a fraction of a
millisecond) and to all the pages having it. Target: first page within 20 ms median,
60 ms at the 99th percentile, with 50 pages.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


async def http(port: int, method: str, path: str, body: bytes = b"", **headers: str) -> bytes:
    """One HTTP/1.1 request on its own connection; the response's body (status checked)."""
    reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 22)
    head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{port}", "Connection: close"]
    head += [f"Content-Length: {len(body)}", *(f"{k}: {v}" for k, v in headers.items())]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    await writer.drain()
    data = await reader.read()
    writer.close()
    status_line, _, rest = data.partition(b"\r\n")
    if b" 200 " not in status_line:
        raise RuntimeError(f"{method} {path}: {status_line.decode()} {rest[-300:]!r}")
    return rest.partition(b"\r\n\r\n")[2]


DEALS = re.compile(rb'"deals":(\d+)')


class Page:
    """A live page: when each version of the sheet arrived, and its number of deals."""

    def __init__(self) -> None:
        self.arrived: list[tuple[float, int, int]] = []  # (time, version, deals)
        self.last = 0
        self.ready = asyncio.Event()

    def first(self, after: int, deals: int) -> float | None:
        """When the first sheet newer than version ``after`` with ``deals`` deals came."""
        for t, version, count in self.arrived:
            if version > after and count == deals:
                return t
        return None

    async def follow(self, port: int, path: str) -> None:
        reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 22)
        head = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept: text/event-stream\r\n"
        writer.write((head + "\r\n").encode())
        await writer.drain()
        try:
            version = 0
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"id: "):
                    version = int(line[4:])
                elif line.startswith(b"data: "):
                    found = DEALS.search(line)
                    assert found is not None
                    self.arrived.append((time.perf_counter(), version, int(found.group(1))))
                    self.last = version
                    self.ready.set()
        finally:
            writer.close()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def measure(
    port: int, key: str, pages: int, seconds: float, every: float, game: Path
) -> None:
    page_html = await http(port, "GET", f"/{key}/")
    found = re.search(rb'name="scoresheet-token" content="([^"]+)"', page_html)
    assert found is not None
    token = found.group(1).decode()
    deal = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))["deals"][20]
    live = [Page() for _ in range(pages)]
    tasks = [asyncio.create_task(p.follow(port, f"/{key}/events")) for p in live]
    await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in live)), 30)

    headers = {"Content-Type": "application/json", "X-Scoresheet-Token": token}
    answered: list[float] = []
    saves: list[tuple[float, list[int], int]] = []  # (sent, each page's last version, deals)
    start = time.perf_counter()
    tick = 0
    while time.perf_counter() - start < seconds:
        due = start + tick * every
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        if tick % 2 == 0:
            path, body, deals = f"/{key}/deals/21", json.dumps(deal).encode(), 21
        else:
            # Undo names the deal it removes as the page showed it (a stale page is told).
            undo = {"number": 21, "was": deal}
            path, body, deals = f"/{key}/undo", json.dumps(undo).encode(), 20
        seen = [p.last for p in live]
        sent = time.perf_counter()
        answer = json.loads(await http(port, "POST", path, body, **headers))
        answered.append(time.perf_counter() - sent)
        assert answer["deals"] == deals, answer
        saves.append((sent, seen, deals))
        tick += 1
    await asyncio.sleep(1.0)
    first_seen, all_seen, unseen = await saved_outside(live, game, seconds, every)
    for t in tasks:
        t.cancel()

    spread: list[float] = []
    missed = 0
    for sent, seen, deals in saves:
        times = [p.first(after, deals) for p, after in zip(live, seen, strict=True)]
        if any(t is None for t in times):
            missed += 1
            continue
        spread.append(max(t for t in times if t is not None) - sent)

    def ms(x: float) -> str:
        return f"{x * 1000:6.1f} ms"

    print(f"{len(saves)} saves in {seconds:.0f} s, {pages} live pages")
    print(
        f"save answered:      median {ms(statistics.median(answered))}, "
        f"p99 {ms(percentile(answered, 99))}, max {ms(max(answered))} (target p99 < 50 ms)"
    )
    if spread:
        print(
            f"save to all pages:  median {ms(statistics.median(spread))}, "
            f"p99 {ms(percentile(spread, 99))}, max {ms(max(spread))} (target < 250 ms)"
        )
    print(f"saves some page never saw: {missed}")
    print(f"{len(first_seen) + unseen} saves from outside the server (a terminal's `add`)")
    if first_seen:
        print(
            f"file to first page: median {ms(statistics.median(first_seen))}, "
            f"p99 {ms(percentile(first_seen, 99))}, max {ms(max(first_seen))} "
            "(target median <= 20 ms, p99 <= 60 ms)"
        )
        print(
            f"file to all pages:  median {ms(statistics.median(all_seen))}, "
            f"p99 {ms(percentile(all_seen, 99))}, max {ms(max(all_seen))}"
        )
    print(f"outside saves some page never saw: {unseen}")


async def saved_outside(
    live: list[Page], game: Path, seconds: float, every: float
) -> tuple[list[float], list[float], int]:
    """Save the game file from outside the server, alternately with and without its
    last deal, as a terminal's `add` saves it; when the first page and every page had
    each save's sheet, from the rename."""
    data = json.loads(game.read_text(encoding="utf-8"))
    short = dict(data, deals=data["deals"][:-1])
    texts = [(json.dumps(short), len(short["deals"])), (json.dumps(data), len(data["deals"]))]
    aside = game.with_name("aside.json")
    saves: list[tuple[float, list[int], int]] = []
    start = time.perf_counter()
    tick = 0
    while time.perf_counter() - start < seconds:
        due = start + tick * every
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        text, deals = texts[tick % 2]
        aside.write_text(text, encoding="utf-8")
        seen = [p.last for p in live]
        os.replace(aside, game)
        saves.append((time.perf_counter(), seen, deals))
        tick += 1
    await asyncio.sleep(1.0)
    first_seen: list[float] = []
    all_seen: list[float] = []
    unseen = 0
    for saved, seen, deals in saves:
        times = [p.first(after, deals) for p, after in zip(live, seen, strict=True)]
        arrived = [t for t in times if t is not None]
        if len(arrived) < len(times):
            unseen += 1
            continue
        first_seen.append(min(arrived) - saved)
        all_seen.append(max(arrived) - saved)
    return first_seen, all_seen, unseen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--every", type=float, default=0.2)
    args = parser.parse_args()
    exe = shutil.which("scoresheet") or str(Path(sys.executable).with_name("scoresheet"))
    with tempfile.TemporaryDirectory() as tmp:
        data: dict[str, Any] = json.loads(
            (ROOT / "examples" / "classic.json").read_text(encoding="utf-8")
        )
        data["deals"] = data["deals"][:20]
        game = Path(tmp) / "game.json"
        game.write_text(json.dumps(data), encoding="utf-8")
        server = subprocess.Popen(
            [exe, "serve", str(game), "--port", "0"], stdout=subprocess.PIPE, text=True
        )
        try:
            assert server.stdout is not None
            link = ""
            while not link:
                line = server.stdout.readline()
                if not line:
                    raise SystemExit("serve did not start")
                if line.startswith("http://"):
                    link = line.strip()
            parts = urlsplit(link)
            assert parts.hostname == HOST and parts.port is not None
            key = parts.path.strip("/")
            time.sleep(0.5)
            asyncio.run(measure(parts.port, key, args.pages, args.seconds, args.every, game))
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
