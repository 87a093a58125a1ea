"""The game file as the server last read it, and the pages waiting for its next change.

The file is watched: its stamp (inode, size, modification time) is looked at every
:data:`STAT_SECONDS`, a cheap ``stat`` in the event loop, and the file is read again as
soon as the stamp moves; every :data:`POLL_SECONDS` it is checked in full as well (a
file rewritten within the clock's resolution keeps its stamp: its bytes are compared).
Whenever its bytes change it is scored once and the new sheet is pushed to every open
page. It is read as every
command reads a game file (:func:`scoresheet.store.read_regular_file`): opened without
waiting (a FIFO has no writer to wait for), refused unless it is a regular file, and
never more than a game file may hold read — so a link to ``/dev/zero``, a FIFO or a
huge file swapped in for the game is refused at once, the pages say so, and they show
the sheet again as soon as the file is a game file again.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import time
from pathlib import Path
from typing import Any

from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import language, set_language
from scoresheet.serve.sheet import view
from scoresheet.session import OpenGame, open_game, score
from scoresheet.store import MAX_GAME_BYTES, read_regular_file

POLL_SECONDS = 0.2  # the full check: bytes compared while a change is recent
STAT_SECONDS = 0.02  # the stamp looked at between: a save noticed within this time
NO_FILE = (-1, -1, -1)


def stamp_of(path: Path) -> tuple[int, int, int]:
    """The file's inode, size and modification time (``NO_FILE`` if it cannot be
    looked at): a save (written aside and renamed over) changes it."""
    try:
        st = os.stat(path)
    except OSError:
        return NO_FILE
    return (st.st_ino, st.st_size, st.st_mtime_ns)


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
    """The game as last read from disk, and every page waiting for its next change.

    Each page reads the sheet in its own language: the sheet of each version is made
    once per language asked for (:meth:`state_for`), and a change is pushed to every
    page as the sheet in that page's language (:meth:`event_for`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.stamp: tuple[int, int, int] | None = None
        self.data: bytes | None = None
        self.game: OpenGame | None = None  # the file as last read, when it was valid
        self.failed: str | None = None  # why the file is not a game file, when it is not
        self.read_in = language()  # the language the file was last read and scored in
        self.version = 0
        # Each version's sheet and event, by language: made when first asked for.
        self._made: dict[str, tuple[dict[str, Any], bytes]] = {}
        self.listeners: dict[asyncio.Queue[int], str] = {}  # each page's queue: its language
        self._lock = asyncio.Lock()

    def _read(self) -> tuple[OpenGame | None, str | None] | None:
        """Read the file again if it changed: the new game (or why it is none), or
        ``None`` if unchanged."""
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
            if self.data is None and self.failed == message:
                return None
            self.data = None
            return None, message
        self.data = game.snapshot.data
        return game, None

    @property
    def state(self) -> dict[str, Any]:
        """The sheet in the language in force (empty before the file was first read)."""
        return self.state_for(language())

    def state_for(self, code: str) -> dict[str, Any]:
        """The sheet in language ``code``."""
        return self._made_for(code)[0]

    def event_for(self, code: str) -> bytes:
        """The event carrying the sheet in language ``code`` to a page."""
        return self._made_for(code)[1]

    def made(self, code: str) -> bytes | None:
        """The event in language ``code`` if it is made already."""
        found = self._made.get(code)
        return None if found is None else found[1]

    def _made_for(self, code: str) -> tuple[dict[str, Any], bytes]:
        found = self._made.get(code)
        if found is not None:
            return found
        version, game, failed, made = self.version, self.game, self.failed, self._made
        if version == 0:
            return {}, b""
        scored = game.result if game is not None and code == self.read_in else None
        state = contextvars.copy_context().run(self._sheet, code, game, scored, failed)
        state["version"] = version
        # The pages need the sheet, not the whole `score --json` object (``state``
        # has it): the event stays small enough to reach fifty phones at once.
        shown = {k: v for k, v in state.items() if k != "score"}
        text = json.dumps(shown, ensure_ascii=False, separators=(",", ":"))
        event = f"id: {version}\nevent: sheet\ndata: {text}\n\n".encode()
        made[code] = (state, event)  # the dict of this version (a newer one has its own)
        return state, event

    def _sheet(
        self, code: str, game: OpenGame | None, scored: Any, failed: str | None
    ) -> dict[str, Any]:
        """The sheet of ``game`` in language ``code`` (run in a context of its own);
        ``scored``: its result, when it was scored in that language."""
        set_language(code)
        if game is None:
            try:  # read again to say why in this language; it may have mended meanwhile
                open_game(self.path)
            except ScoresheetError as exc:
                failed = public(str(exc), self.path)
            return {"error": failed or ""}
        # Scored again in this language: what scoring says (a rule broken) is in words.
        result = scored if scored is not None else score(game.record)
        state = view(result, self.path.name)
        # The form asks its questions one request at a time (``deals/N/ask``).
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
        """Read the file if it changed and push the new sheet to every page, each in
        its own language."""
        async with self._lock:
            read = await asyncio.to_thread(self._read)
            if read is None:
                return
            self.game, self.failed = read
            self.read_in = language()  # what the reading said, it said in this language
            self.version += 1
            self._made = {}
            for code in sorted(set(self.listeners.values())):
                await asyncio.to_thread(self._made_for, code)
            for queue in self.listeners:
                if queue.full():
                    queue.get_nowait()  # a page that fell behind needs only the newest
                queue.put_nowait(self.version)

    def listen(self, code: str) -> asyncio.Queue[int]:
        """A queue told each new version, for a page reading language ``code``."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self.listeners[queue] = code
        return queue

    def forget(self, queue: asyncio.Queue[int]) -> None:
        self.listeners.pop(queue, None)

    async def watch(self) -> None:
        """Refresh as soon as the file's stamp moves, and every :data:`POLL_SECONDS`."""
        checked = time.monotonic()
        while True:
            await asyncio.sleep(STAT_SECONDS)
            now = time.monotonic()
            if now - checked >= POLL_SECONDS or stamp_of(self.path) != self.stamp:
                checked = now
                await self.refresh()
