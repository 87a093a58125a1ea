"""The night's state for its standings and director's pages, watched and pushed live.

The night file and the game files of the round being played are looked at every
:data:`WATCH_SECONDS` (a cheap ``stat`` each); as soon as one of them changes, the state
is made again (every table's progress, the standings of
:mod:`scoresheet.night.standings`) and pushed to every open page as a server-sent event.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.responses import StreamingResponse

from scoresheet.errors import ScoresheetError, one_line
from scoresheet.night import folder as nights
from scoresheet.night import standings as ranking
from scoresheet.serve.live import public, stamp_of
from scoresheet.serve.streams import KEEP_ALIVE_SECONDS, WAIT_SECONDS

WATCH_SECONDS = 0.05  # how often the night's files are looked at


def _progress(folder: Path, table: dict[str, Any]) -> dict[str, Any]:
    """One table's progress: deals played, of how many (when the game has a number of
    deals), finished."""
    from scoresheet.session import open_game

    result = open_game(folder / table["game"]).result
    total = getattr(result.rules, "deals_per_game", None)
    return {
        "table": table["table"],
        "players": list(table["players"]),
        "deals": len(result.deals),
        "total": total if isinstance(total, int) else None,
        "complete": bool(result.complete),
    }


def night_state(folder: Path) -> dict[str, Any]:
    """The standings page's data: the round, every table's progress, the ranking."""
    from scoresheet import registry

    night = nights.load(folder)
    number = nights.current_round(night)
    tables = [_progress(folder, t) for t in night["draws"][number - 1]["tables"]]
    after, lines = ranking.compute(folder, night)
    teams = registry.game(night["game"]).teams
    return {
        "round": number,
        "rounds": night["rounds"],
        "game": night["game"],
        "teams": teams,
        "tables": tables,
        "byes": list(night["draws"][number - 1]["byes"]),
        **ranking.to_json(after, lines, teams),
    }


class NightLive:
    """The night as last read, and the pages waiting for its next change: the night file
    and the game files of the round are looked at every :data:`WATCH_SECONDS`, and the
    state made again as soon as one of them changes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.stamps: tuple[tuple[int, int, int], ...] | None = None
        self.files: list[Path] = [nights.night_file(folder)]
        self.state: dict[str, Any] = {}  # the state as sent, with its version
        self.made: dict[str, Any] = {}  # the state as last made
        self.event = b""
        self.version = 0
        self.listeners: set[asyncio.Queue[int]] = set()
        self._lock = asyncio.Lock()

    def _stamps(self) -> tuple[tuple[int, int, int], ...]:
        return tuple(stamp_of(p) for p in self.files)

    def _make(self) -> tuple[tuple[tuple[int, int, int], ...], list[Path], dict[str, Any]]:
        files = [nights.night_file(self.folder)]
        stamps = self._stamps()
        try:
            state = night_state(self.folder)
            files += [
                self.folder / nights.game_path(state["round"], t["table"]) for t in state["tables"]
            ]
        except (ScoresheetError, OSError, KeyError, IndexError, TypeError, ValueError) as exc:
            # Said on the pages until a file changes again (the same files are watched).
            state = {"error": one_line(public(str(exc), self.folder), joined=True)}
            files = list(self.files)
        return stamps, files, state

    async def refresh(self, *, force: bool = False) -> None:
        async with self._lock:
            if not force and self.stamps is not None and self._stamps() == self.stamps:
                return
            stamps, files, state = await asyncio.to_thread(self._make)
            # The files to watch follow the round: once they change, the next look makes
            # the state again from the new ones (a save meanwhile is not missed).
            self.stamps = stamps if files == self.files else None
            self.files = files
            if state == self.made:
                return
            self.made = state
            self.version += 1
            self.state = {**state, "version": self.version}
            text = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
            self.event = f"id: {self.version}\nevent: night\ndata: {text}\n\n".encode()
            for queue in self.listeners:
                if queue.full():
                    queue.get_nowait()
                queue.put_nowait(self.version)

    async def watch(self) -> None:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            if self.stamps is None or self._stamps() != self.stamps:
                await self.refresh()


class NightStream(StreamingResponse):
    """A night page's stream of server-sent events; its slot given back however it ends."""

    def __init__(
        self,
        live: NightLive,
        made: Callable[[], bytes],
        give_back: Callable[[], None],
        stopping: Callable[[], bool],
    ) -> None:
        self.live = live
        self.made = made
        self.give_back = give_back
        self.stopping = stopping
        self.queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        super().__init__(
            self._events(), media_type="text/event-stream", headers={"x-accel-buffering": "no"}
        )

    async def _events(self) -> AsyncIterator[bytes]:
        self.live.listeners.add(self.queue)
        yield b"retry: 1000\n\n" + self.made()
        idle = 0.0
        while not self.stopping():
            try:
                await asyncio.wait_for(self.queue.get(), WAIT_SECONDS)
                yield self.made()
                idle = 0.0
            except TimeoutError:
                idle += WAIT_SECONDS
                if idle >= KEEP_ALIVE_SECONDS:
                    idle = 0.0
                    yield b": still here\n\n"

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.live.listeners.discard(self.queue)
            self.give_back()
