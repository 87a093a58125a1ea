"""A save sent twice is saved once: the phone's save id (``X-Scoresheet-Save``), kept in
the game file's ``saves`` in the same write as the deal, recognised after a restart,
bounded; a deal whose number was taken meanwhile is refused with 409, naming it.

In-process, the server object's changes as its handlers call them (a new server object
over the same file is a restart); then once through a real server, over HTTP.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoresheet import session
from scoresheet.serve.app import Keys, Server
from scoresheet.serve.saves import Refused
from tests.cli_helpers import ROOT
from tests.serve_helpers import page_token, post_json, serving

ID = "0123456789abcdef0123456789abcdef"


def _game(tmp_path: Path, played: int = 18) -> tuple[Path, list[dict[str, Any]]]:
    """The classic example's first ``played`` deals in a new file; all its deals."""
    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    deals: list[dict[str, Any]] = data["deals"]
    data["deals"] = deals[:played]
    data.pop("history", None)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    return game, deals


def _server(game: Path) -> Server:
    """A server over ``game``: a new one is the server restarted (nothing kept in memory)."""
    return Server(game, Keys.new(), stopping=lambda: False, lang=None)


def _file(game: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(game.read_text(encoding="utf-8"))
    return data


def test_a_save_sent_twice_is_saved_once_and_the_second_answer_says_so(tmp_path: Path) -> None:
    game, deals = _game(tmp_path)
    server = _server(game)
    message, count = server.add(19, deals[18], ID)
    assert count == 19 and message.startswith("deal 19: Cat declared no-hearts")
    again, count = server.add(19, deals[18], ID)
    assert count == 19
    assert again == "deal 19: this save had already arrived; nothing more was saved"
    data = _file(game)
    assert data["deals"] == deals[:19]
    assert data["saves"] == [{"id": ID, "deal": 19}]


def test_a_repeat_after_a_restart_is_recognised_from_the_file(tmp_path: Path) -> None:
    game, deals = _game(tmp_path)
    _server(game).add(19, deals[18], ID)
    # The answer was lost, the server killed and started again; the phone sends again,
    # even when the game has moved on meanwhile (deal 20 from another phone).
    _server(game).add(20, deals[19], "another-phone-save-1")
    again, count = _server(game).add(19, deals[18], ID)
    assert "deal 19: this save had already arrived" in again
    assert count == 20
    assert _file(game)["deals"] == deals[:20]


def test_a_deal_whose_number_was_taken_is_refused_naming_it(tmp_path: Path) -> None:
    """Another phone saved deal 19 first: this phone's deal 19 (another id) is refused
    with 409 and the deal saved first is named; nothing is saved."""
    game, deals = _game(tmp_path)
    server = _server(game)
    server.add(19, deals[18], "first-phone-0001")
    before = game.read_bytes()
    with pytest.raises(Refused) as refused:
        server.add(19, deals[19], "second-phone-0001")
    assert refused.value.status == 409
    assert refused.value.message.startswith("deal 19 was saved first from another phone")
    assert game.read_bytes() == before


def test_the_ids_kept_are_bounded_oldest_dropped_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session, "SAVES_KEPT", 3)
    game, deals = _game(tmp_path, played=10)
    server = _server(game)
    ids = [f"save-{n:04d}" for n in range(11, 16)]
    for number, save in zip(range(11, 16), ids, strict=True):
        server.add(number, deals[number - 1], save)
    kept = _file(game)["saves"]
    assert kept == [{"id": s, "deal": n} for n, s in zip(range(13, 16), ids[2:], strict=True)]
    assert "already arrived" in server.add(13, deals[12], ids[2])[0]
    # The oldest is forgotten: its repeat is a new save of a deal the game has.
    with pytest.raises(Refused) as refused:
        server.add(11, deals[10], ids[0])
    assert refused.value.status == 409
    assert len(_file(game)["deals"]) == 15
    assert session.SAVES_KEPT == 3


def test_the_default_bound_is_documented_and_a_long_evening_fits(tmp_path: Path) -> None:
    assert session.SAVES_KEPT == 200
    game, deals = _game(tmp_path, played=0)
    server = _server(game)
    for number in range(1, 29):
        server.add(number, deals[number - 1], f"evening-{number:04d}")
    assert [e["deal"] for e in _file(game)["saves"]] == list(range(1, 29))


def test_a_repeat_of_a_deal_undone_since_saves_nothing(tmp_path: Path) -> None:
    """The undo was someone's decision: a late copy of the save does not reverse it."""
    game, deals = _game(tmp_path)
    server = _server(game)
    server.add(19, deals[18], ID)
    server.undo(19, deals[18])
    again, count = _server(game).add(19, deals[18], ID)
    assert again == "deal 19: this save had already arrived; nothing more was saved"
    assert count == 18
    data = _file(game)
    assert data["deals"] == deals[:18]
    assert [e["action"] for e in data["history"]] == ["undo"]


def test_a_correction_sent_twice_is_saved_once(tmp_path: Path) -> None:
    game, _deals = _game(tmp_path)
    server = _server(game)
    was = _file(game)["deals"][17]
    fixed = json.loads(json.dumps(was))
    fixed["doubles"] = []
    server.correct(18, was, fixed, "fix-of-18-0001")
    again, count = _server(game).correct(18, was, fixed, "fix-of-18-0001")
    assert again == "deal 18: this save had already arrived; nothing more was saved"
    assert count == 18
    data = _file(game)
    assert [e["action"] for e in data["history"]] == ["edit"]
    assert data["saves"] == [{"id": "fix-of-18-0001", "deal": 18}]


def test_a_save_without_an_id_is_saved_as_before(tmp_path: Path) -> None:
    game, deals = _game(tmp_path)
    _server(game).add(19, deals[18])
    assert "saves" not in _file(game)


def test_over_http_the_header_is_checked_and_a_repeat_answered_200(tmp_path: Path) -> None:
    game, deals = _game(tmp_path)
    with serving(game) as s:
        token = page_token(s.score)
        for bad in ("short", "x" * 65, "not/an-id-at-all", "spaces are no id"):
            status, body = post_json(
                s.score, "deals/19", deals[18], token=token, **{"X-Scoresheet-Save": bad}
            )
            assert status == 400, (bad, body)
            assert body["error"] == (
                "X-Scoresheet-Save: a save's id is 8 to 64 letters, digits, - or _"
            )
        answers = [
            post_json(s.score, "deals/19", deals[18], token=token, **{"X-Scoresheet-Save": ID})
            for _ in range(2)
        ]
        # Without the page's token, the id is not even looked at.
        refused = post_json(
            s.score, "deals/19", deals[18], token="x.y", **{"X-Scoresheet-Save": ID}
        )
    assert [a[0] for a in answers] == [200, 200]
    assert answers[0][1]["message"].startswith("deal 19: Cat declared no-hearts")
    assert answers[1][1] == {
        "message": "deal 19: this save had already arrived; nothing more was saved",
        "deals": 19,
    }
    assert refused[0] == 403
    assert _file(game)["deals"] == deals[:19]
