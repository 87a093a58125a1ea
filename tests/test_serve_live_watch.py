"""The server's watch on its game file, in-process: a save is noticed by the file's
stamp at once, not at the next full check."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from pathlib import Path

import pytest

from scoresheet.serve import live as live_module
from scoresheet.serve.live import NO_FILE, Live, stamp_of
from tests.cli_helpers import ROOT


def _game(deals: int) -> str:
    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:deals]
    return json.dumps(data)


def _save(game: Path, text: str) -> None:
    """Save as the session does: written aside, renamed over the game."""
    aside = game.with_name("aside")
    aside.write_text(text, encoding="utf-8")
    os.replace(aside, game)


def test_a_save_is_noticed_by_its_stamp_before_the_full_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The full check never comes during this test: only the stamp can notice the save.
    monkeypatch.setattr(live_module, "POLL_SECONDS", 3600.0)
    game = tmp_path / "game.json"
    game.write_text(_game(10), encoding="utf-8")

    async def run() -> int:
        live = Live(game)
        await live.refresh()
        assert live.version == 1
        watcher = asyncio.create_task(live.watch())
        try:
            await asyncio.sleep(0.1)
            _save(game, _game(11))
            async with asyncio.timeout(10):
                while live.version == 1:
                    await asyncio.sleep(0.01)
            return len(live.state["entered"])
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher

    assert asyncio.run(run()) == 11


def test_the_stamp_of_a_missing_file_is_no_file(tmp_path: Path) -> None:
    assert stamp_of(tmp_path / "gone.json") == NO_FILE
    (tmp_path / "here.json").write_text("{}", encoding="utf-8")
    assert stamp_of(tmp_path / "here.json")[1] == 2
