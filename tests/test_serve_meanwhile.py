"""The server's saves when another command wrote the game file between the server
reading it and saving it: nothing is saved, the page is told 409 "the game changed
while …"; a save refused for another reason is 422 with the library's words.

In-process: the server object's changes are called as its handlers call them, with the
file rewritten from outside at the very moment the session saves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scoresheet.serve import app as app_module
from scoresheet.serve.app import Keys, Server
from scoresheet.serve.saves import Refused
from tests.cli_helpers import ROOT


def _server(tmp_path: Path) -> tuple[Server, Path, dict[str, Any], dict[str, Any]]:
    """A server on the classic example's first 18 deals; its 18th and 19th deals."""
    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    eighteenth, nineteenth = data["deals"][17], data["deals"][18]
    data["deals"] = data["deals"][:18]
    data.pop("history", None)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    return Server(game, Keys.new(), stopping=lambda: False, lang=None), game, eighteenth, nineteenth


def _written_meanwhile(game: Path, save: Callable[..., Any]) -> Callable[..., Any]:
    """``save``, once another command has rewritten the game file (same game, other bytes)."""

    def saving(*args: Any, **kwargs: Any) -> Any:
        game.write_text(json.dumps(json.loads(game.read_text(encoding="utf-8")), indent=1))
        return save(*args, **kwargs)

    return saving


@pytest.mark.parametrize(
    ("change", "saver", "meanwhile"),
    [
        ("add", "add_deal", "the game changed while deal 19 was being saved"),
        ("undo", "undo_last", "the game changed while undoing"),
        ("correct", "edit_deal", "the game changed while deal 18 was being corrected"),
    ],
)
def test_a_file_changed_while_saving_is_409_and_nothing_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, saver: str, meanwhile: str
) -> None:
    server, game, eighteenth, nineteenth = _server(tmp_path)
    monkeypatch.setattr(app_module, saver, _written_meanwhile(game, getattr(app_module, saver)))
    with pytest.raises(Refused) as refused:
        if change == "add":
            server.add(19, nineteenth)
        elif change == "undo":
            server.undo(18, eighteenth)
        else:
            server.correct(18, eighteenth, nineteenth)
    assert refused.value.status == 409
    assert refused.value.message.startswith(meanwhile)
    assert len(json.loads(game.read_text(encoding="utf-8"))["deals"]) == 18


def test_a_save_refused_with_the_file_unchanged_is_422(tmp_path: Path) -> None:
    server, game, _eighteenth, nineteenth = _server(tmp_path)
    before = game.read_bytes()
    with pytest.raises(Refused) as refused:
        server.add(19, {**nineteenth, "contract": "no-such-contract"})
    assert refused.value.status == 422
    assert "changed" not in refused.value.message
    assert game.read_bytes() == before
