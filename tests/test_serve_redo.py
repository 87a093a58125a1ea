"""Correcting a past deal through its questions, pre-filled: ``POST deals/N/redo``.

`scoresheet.serve.redo.redo` is called directly (fast) on every example game, and the
route once through a running server (the token, the view-only link, a deal past the end).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.serve import form, redo
from scoresheet.session import open_game
from tests.cli_helpers import ROOT
from tests.serve_helpers import post_json, serving

EXAMPLES = ROOT / "examples"
GAMES = sorted(p.stem for p in EXAMPLES.glob("*.json"))


def copy_of(tmp_path: Path, example: str) -> Path:
    path = tmp_path / "game.json"
    shutil.copy(EXAMPLES / f"{example}.json", path)
    return path


def saved(path: Path) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["deals"]
    return deals


def pairs(reply: dict[str, Any], key: str) -> list[tuple[str, str]]:
    return [(k, t) for k, t in reply[key]]


@pytest.mark.parametrize("example", GAMES)
def test_every_deal_comes_back_whole_and_unchanged(example: str, tmp_path: Path) -> None:
    path = copy_of(tmp_path, example)
    game = open_game(path)
    for number, deal in enumerate(saved(path), 1):
        reply = redo.redo(game, number, [])
        assert "question" not in reply, (number, reply.get("question"), reply.get("error"))
        assert reply["deal"] == deal
        assert reply["was"] == deal
        assert reply["changes"] == []
        assert reply["answers"], number


def test_an_answer_tapped_is_asked_again_with_its_saved_answer(tmp_path: Path) -> None:
    """Classic deal 3: no-king, Dan took the K♥ (see examples/classic.json)."""
    path = copy_of(tmp_path, "classic")
    game = open_game(path)
    start = redo.redo(game, 3, [])
    given = pairs(start, "answers")
    i = [k for k, _t in given].index("king_of_hearts")
    assert given[i] == ("king_of_hearts", "Dan")
    later = given[i:] + pairs(start, "later")
    asked = redo.redo(game, 3, given[:i], later=later, at="king_of_hearts")
    assert asked["question"]["key"] == "king_of_hearts"
    assert asked["typed"] == "Dan"
    changed = redo.redo(game, 3, pairs(asked, "answers"), "Bob", later=pairs(asked, "later"))
    assert changed["deal"]["result"] == {"king_of_hearts": "Bob"}
    assert changed["deal"]["doubles"] == saved(path)[2]["doubles"]
    assert changed["changes"] == ["king_of_hearts: Dan → Bob"]
    # Back: the last answer is asked again, shown as it was.
    back = redo.redo(game, 3, pairs(changed, "answers"), back=True, later=pairs(changed, "later"))
    assert back["question"]["key"] == "king_of_hearts"
    assert back["typed"] == "Bob"


def test_a_changed_double_keeps_the_answers_after_it_that_still_fit(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "classic")
    game = open_game(path)
    start = redo.redo(game, 3, [])
    given = pairs(start, "answers")
    i = [k for k, _t in given].index("double Dan")
    later = given[i:] + pairs(start, "later")
    asked = redo.redo(game, 3, given[:i], later=later, at="double Dan")
    assert asked["typed"] == "Ann"
    reply = redo.redo(game, 3, pairs(asked, "answers"), "none", later=pairs(asked, "later"))
    assert "question" not in reply, reply
    assert reply["changes"] == ["Dan's doubles: Ann → none"]
    assert reply["deal"]["result"] == {"king_of_hearts": "Dan"}  # still as saved


def test_a_saved_answer_that_no_longer_fits_is_asked_typed_with_the_reason(
    tmp_path: Path,
) -> None:
    """Rosbiratschka deal 1 is no-tricks (its counts): counts that no longer add up are
    shown as typed, refused."""
    path = copy_of(tmp_path, "rosbiratschka")
    game = open_game(path)
    start = redo.redo(game, 1, [])
    key, text = pairs(start, "answers")[0]
    wrong = " ".join(["9"] * len(text.split()))
    reply = redo.redo(game, 1, [], later=[(key, wrong)])
    assert reply["question"]["key"] == key
    assert reply["typed"] == wrong
    assert "add up" in reply["error"] or "in all" in reply["error"], reply["error"]


def test_later_and_at_are_checked() -> None:
    with pytest.raises(ScoresheetError, match="later"):
        redo.read_redo({"answers": [], "later": "x"})
    with pytest.raises(ScoresheetError, match=r"later\[0\]"):
        redo.read_redo({"answers": [], "later": [["a"]]})
    with pytest.raises(ScoresheetError, match="at:"):
        redo.read_redo({"answers": [], "at": 3})
    assert redo.read_redo({"answers": []}) == (None, None)
    assert form.read_answers({"answers": [], "later": [], "at": "x"})[0] == []


def test_the_route_checks_the_link_and_the_deal(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "classic")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:5]
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with serving(path) as s:
        status, reply = post_json(s.score, "deals/3/redo", {"answers": []})
        assert status == 200, reply
        assert reply["deal"] == data["deals"][2] and reply["changes"] == []
        assert post_json(s.view, "deals/3/redo", {"answers": []})[0] == 403
        status, reply = post_json(s.score, "deals/6/redo", {"answers": []})
        assert status == 409 and "no such deal" in reply["error"]
        assert post_json(s.score, "deals/0/redo", {"answers": []})[0] == 400
        status, reply = post_json(s.score, "deals/3/redo", {"answers": [], "later": 5})
        assert status == 400 and "later" in reply["error"]
    assert path.read_bytes() == before  # asking saves nothing


def test_a_field_that_scores_nothing_is_corrected_too(tmp_path: Path) -> None:
    """The trump suit of a trumps deal is told but scores nothing: changed, it is saved
    changed (never put back as the file had it because the game scores it the same)."""
    path = copy_of(tmp_path, "classic")
    data = json.loads(path.read_text(encoding="utf-8"))
    number = next(i for i, d in enumerate(data["deals"], 1) if d["contract"] == "trumps")
    data["deals"][number - 1]["result"]["trump"] = "hearts"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = open_game(path)
    start = redo.redo(game, number, [])
    assert start["changes"] == []
    given = pairs(start, "answers")
    i = [k for k, _t in given].index("trump")
    asked = redo.redo(game, number, given[:i], later=given[i:] + pairs(start, "later"), at="trump")
    assert asked["typed"] == "hearts"
    reply = redo.redo(game, number, pairs(asked, "answers"), "spades", later=pairs(asked, "later"))
    assert reply["deal"]["result"]["trump"] == "spades"
    assert reply["changes"] == ["trump: hearts → spades"]


def test_the_doubles_not_changed_keep_the_files_words(tmp_path: Path) -> None:
    """Deal 3 with Bob's double written ``table`` in the file: Dan's double changed, Bob's
    stays ``table`` (the questions would write ``maximum``), and only Dan's is a change."""
    path = copy_of(tmp_path, "classic")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"][2]["doubles"][0] = {"by": "Bob", "double": "table"}
    path.write_text(json.dumps(data), encoding="utf-8")
    game = open_game(path)
    start = redo.redo(game, 3, [])
    assert start["changes"] == [] and start["deal"] == data["deals"][2]
    given = pairs(start, "answers")
    i = [k for k, _t in given].index("double Dan")
    later = given[i:] + pairs(start, "later")
    asked = redo.redo(game, 3, given[:i], later=later, at="double Dan")
    reply = redo.redo(game, 3, pairs(asked, "answers"), "none", later=pairs(asked, "later"))
    assert reply["deal"]["doubles"] == [{"by": "Bob", "double": "table"}]
    assert reply["changes"] == ["Dan's doubles: Ann → none"]
