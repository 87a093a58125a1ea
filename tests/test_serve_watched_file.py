"""`scoresheet serve` when its game file is swapped for something that is not a game
file: a link to ``/dev/zero``, a FIFO, a huge sparse file. The server reads no more than
a game file may hold, never waits on what it opens, says what is wrong on the page and
in every save's answer, and follows the file again once it is a game file.

Every server here is the real console script, started on a free loopback port.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scoresheet.store import MAX_GAME_BYTES
from tests.cli_helpers import ROOT
from tests.serve_helpers import Server, post_json, request, start

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="reads the server's memory from /proc; FIFOs, /dev/zero"
)

# The most the server's peak memory may grow while the file is refused: a few game
# files' worth (one is read at most twice at once), and some.
MEMORY_SLACK = 4 * MAX_GAME_BYTES + 32 * 1024 * 1024


def _game_text() -> tuple[str, dict[str, Any]]:
    """The classic example with 18 deals, and its 19th deal."""
    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    nineteenth = data["deals"][18]
    data["deals"] = data["deals"][:18]
    return json.dumps(data), nineteenth


def _peak_memory(pid: int) -> int:
    """The most memory the process has held at once, in bytes (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM in /proc/PID/status")


@contextmanager
def watched(game: Path) -> Iterator[Server]:
    """A server on ``game``; killed at once if the test fails (it may be eating memory)."""
    s = start(game)
    try:
        yield s
    except BaseException:
        s.process.kill()
        raise
    finally:
        s.stop()


def _swap(game: Path, make: Any) -> None:
    """Put what ``make(path)`` creates in the game file's place, in one rename."""
    other = game.with_name("swapped")
    make(other)
    os.replace(other, game)


def _restore(game: Path, text: str) -> None:
    _swap(game, lambda p: p.write_text(text, encoding="utf-8"))


def _state_when(s: Server, ok: Any, baseline: int, *, within: float = 5.0) -> dict[str, Any]:
    """The server's state once ``ok(state)`` holds; its memory checked all the while."""
    deadline = time.monotonic() + within
    while True:
        assert _peak_memory(s.process.pid) < baseline + MEMORY_SLACK, "memory runs away"
        started = time.monotonic()
        status, body, _ = request("GET", s.view + "state")
        assert status == 200 and time.monotonic() - started < 2.0
        state: dict[str, Any] = json.loads(body)
        if ok(state):
            return state
        assert time.monotonic() < deadline, state
        time.sleep(0.1)


def _refused_then_recovered(s: Server, game: Path, make: Any, refusal: str) -> None:
    text, deal = _game_text()
    baseline = _peak_memory(s.process.pid)
    # A page is watching: it is told the file is refused, then sees the sheet again.
    page = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
    page.request("GET", urlsplit(s.view).path + "events")
    stream = page.getresponse()
    assert stream.status == 200
    _swap(game, make)
    state = _state_when(s, lambda st: "error" in st, baseline)
    assert state["error"] == refusal
    seen = b""
    while b'"error"' not in seen:
        seen = stream.readline()
    assert refusal.encode() in seen
    # A save meanwhile is answered at once with the refusal, and saves nothing.
    started = time.monotonic()
    status, answer = post_json(s.score, "deals/19", deal)
    assert time.monotonic() - started < 2.0
    assert status == 409 and answer["error"] == refusal, answer
    assert _peak_memory(s.process.pid) < baseline + MEMORY_SLACK
    _restore(game, text)
    state = _state_when(s, lambda st: st.get("deals") == 18, baseline)
    assert "error" not in state
    while b'"deals":18' not in seen:
        seen = stream.readline()
    page.close()
    status, answer = post_json(s.score, "deals/19", deal)
    assert (status, answer.get("deals")) == (200, 19), answer
    assert _peak_memory(s.process.pid) < baseline + MEMORY_SLACK


def _stops_on_ctrl_c(s: Server) -> None:
    started = time.monotonic()
    code, output = s.stop()
    assert time.monotonic() - started < 5.0
    assert code == 0 and "Traceback" not in output, output


def test_a_link_to_dev_zero_is_refused_without_reading_it(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(_game_text()[0], encoding="utf-8")
    with watched(game) as s:
        _refused_then_recovered(
            s,
            game,
            lambda p: p.symlink_to("/dev/zero"),
            "game.json: is a device, not a game file; refused",
        )
        _stops_on_ctrl_c(s)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(_game_text()[0], encoding="utf-8")
    with watched(game) as s:
        _refused_then_recovered(
            s, game, os.mkfifo, "game.json: is a pipe (FIFO), not a game file; refused"
        )
        _stops_on_ctrl_c(s)


def test_a_huge_file_is_refused_by_its_size_unread(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(_game_text()[0], encoding="utf-8")

    def huge(p: Path) -> None:
        shutil.copy(game, p)
        os.truncate(p, 600 * 1024 * 1024)  # sparse: no disk, but 600 MB to read

    with watched(game) as s:
        _refused_then_recovered(
            s,
            game,
            huge,
            "game.json: 600.0 MB is too large for a game file "
            f"(at most {MAX_GAME_BYTES / 1024 / 1024:.1f} MB); refused",
        )
        _stops_on_ctrl_c(s)


def test_saves_are_not_held_up_by_a_fifo_that_came_and_went(tmp_path: Path) -> None:
    """A save that met the FIFO, and every save after it, is answered at once."""
    game = tmp_path / "game.json"
    text, deal = _game_text()
    game.write_text(text, encoding="utf-8")
    with watched(game) as s:
        answers: list[tuple[int, dict[str, Any]]] = []
        _swap(game, os.mkfifo)
        saving = threading.Thread(
            target=lambda: answers.append(post_json(s.score, "deals/19", deal))
        )
        saving.start()
        time.sleep(1.0)
        _restore(game, text)
        saving.join(timeout=15)
        assert answers and answers[0][0] in (200, 409), answers
        if answers[0][0] == 409:
            status, answer = post_json(s.score, "deals/19", deal)
            assert (status, answer.get("deals")) == (200, 19), answer
        assert len(json.loads(game.read_text(encoding="utf-8"))["deals"]) == 19
        _stops_on_ctrl_c(s)
