"""The game file as the server last read it, and the pages waiting for its next change.

The file is watched (``stat`` every :data:`POLL_SECONDS`); whenever its bytes change it
is scored once and the new sheet is pushed to every open page. It is read as every
command reads a game file (:func:`scoresheet.store.read_regular_file`): opened without
waiting (a FIFO has no writer to wait for), refused unless it is a regular file, and
never more than a game file may hold read — so a link to ``/dev/zero``, a FIFO or a
huge file swapped in for the game is refused at once, the pages say so, and they show
the sheet again as soon as the file is a game file again.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.serve.sheet import view
from scoresheet.session import OpenGame, open_game
from scoresheet.store import MAX_GAME_BYTES, read_regular_file

POLL_SECONDS = 0.2


def read_game_bytes(path: Path) -> bytes:
    """The bytes of the game file ``path``: a regular file of at most a game file's size,
    read without waiting on it; anything else raises :class:`ScoresheetError`."""
    return read_regular_file(path, limit=MAX_GAME_BYTES)


def public(message: str, path: Path) -> str:
    """A message fit for the pages: the game file named by its name, not where it lives
    on this machine.

    >>> public("/home/ann/games/g.json: no such file", Path("/home/ann/games/g.json"))
    'g.json: no such file'
    """
    for shown in {str(path), str(path.resolve()), os.path.realpath(path)}:
        message = message.replace(shown, path.name)
    return message


class Live:
    """The game as last read from disk, and every page waiting for its next change."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.stamp: tuple[int, int, int] | None = None
        self.data: bytes | None = None
        self.game: OpenGame | None = None  # the file as last read, when it was valid
        self.version = 0
        self.state: dict[str, Any] = {}
        self.event = b""
        self.listeners: set[asyncio.Queue[bytes]] = set()
        self._lock = asyncio.Lock()

    def _read(self) -> dict[str, Any] | None:
        """Score the file again if it changed; the new state, or ``None`` if unchanged."""
        try:
            st = os.stat(self.path)
            stamp = (st.st_ino, st.st_size, st.st_mtime_ns)
            # A file written twice within the clock's resolution keeps its stamp: until
            # a change is a second old, its bytes are compared as well.
            recent = time.time() - st.st_mtime < 1.0
        except OSError:
            stamp, recent = (-1, -1, -1), False
        if stamp == self.stamp and not recent:
            return None
        self.stamp = stamp
        try:
            if read_game_bytes(self.path) == self.data:
                return None
            game = open_game(self.path)
        except ScoresheetError as exc:
            message = public(str(exc), self.path)
            if self.data is None and self.state.get("error") == message:
                return None
            self.data, self.game = None, None
            return {"error": message}
        self.data, self.game = game.snapshot.data, game
        state = view(game.result, self.path.name)
        # The form asks its questions one request at a time (``deals/N/ask``).
        result = game.result
        state["form"] = None if result.complete else {"number": len(result.deals) + 1}
        # Each deal as the file holds it: what a correction starts from.
        state["entered"] = rec.to_data(game.record)["deals"]
        return state

    def open(self) -> OpenGame:
        """The game as it is on disk now: the last one read if the bytes are the same
        (saving it still checks, under the lock, that the file holds those bytes). A
        file that is not a game file raises :class:`ScoresheetError`."""
        game = self.game
        if game is not None and read_game_bytes(self.path) == game.snapshot.data:
            return game
        return open_game(self.path)

    def changed(self, data: bytes) -> bool:
        """Whether the file no longer holds ``data`` (or cannot be read as a game file)."""
        try:
            return read_game_bytes(self.path) != data
        except ScoresheetError:
            return True

    async def refresh(self) -> None:
        """Read the file if it changed and push the new sheet to every page."""
        async with self._lock:
            state = await asyncio.to_thread(self._read)
            if state is None:
                return
            self.version += 1
            state["version"] = self.version
            self.state = state
            # The pages need the sheet, not the whole `score --json` object (``state``
            # has it): the event stays small enough to reach fifty phones at once.
            shown = {k: v for k, v in state.items() if k != "score"}
            text = json.dumps(shown, ensure_ascii=False, separators=(",", ":"))
            self.event = f"id: {self.version}\nevent: sheet\ndata: {text}\n\n".encode()
            for queue in self.listeners:
                if queue.full():
                    queue.get_nowait()  # a page that fell behind needs only the newest
                queue.put_nowait(self.event)

    def listen(self) -> asyncio.Queue[bytes]:
        queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=1)
        self.listeners.add(queue)
        return queue

    async def watch(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            await self.refresh()
