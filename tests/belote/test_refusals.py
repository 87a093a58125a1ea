"""Belote deals the tool refuses, each with one clear line naming the deal."""

from __future__ import annotations

from typing import Any

import pytest

from scoresheet import record
from scoresheet.errors import ScoresheetError
from scoresheet.games.belote.score import score_game
from scoresheet.partnership.rules import DECK, BeloteRules
from scoresheet.rules import resolve
from tests.belote.test_rules import deal, game

EVERY = " ".join(str(c) for c in DECK)
HALF = [" ".join(str(c) for c in DECK[:16]), " ".join(str(c) for c in DECK[16:])]


def _refused(data: dict[str, Any]) -> str:
    with pytest.raises(ScoresheetError) as info:
        score_game(record.from_data(data))
    return str(info.value)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (
            deal("hearts", "Bob", points=[62, 80], last_trick=1),
            "deal 2, hearts: points add up to 142, the cards of a deal are worth 152",
        ),
        (
            deal("trumps", "Bob", points=[62, 90], last_trick=1),
            'deal 2: "trumps" is not a contract of these rules (spades, hearts, diamonds, '
            "clubs, no-trumps, all-trumps)",
        ),
        (
            deal("hearts", "Eve", points=[62, 90], last_trick=1),
            'deal 2, hearts: the taker "Eve" is not a player (Ann, Bob, Cat, Dan)',
        ),
        (
            deal("hearts", "Bob", points=[62, 90]),
            "deal 2, hearts: result.last_trick is missing (the team that took the last trick)",
        ),
        (
            deal("hearts", "Bob", last_trick=1),
            "deal 2, hearts: result needs the card points (points) or the cards each team "
            "took (cards)",
        ),
        (
            deal("hearts", "Bob", points=[62, 90], capot=1),
            "deal 2, hearts: capot by team 1 (Bob & Dan), but they have 90 card points of 152",
        ),
        (
            deal("hearts", "Bob", points=[0, 152], capot=1, last_trick=0),
            "deal 2, hearts: the last trick went to team 0 (Ann & Cat), so team 1 (Bob & Dan) "
            "did not take all 8 tricks (capot)",
        ),
        (
            deal("hearts", "Bob", cards=["", EVERY], last_trick=1),
            "deal 2, hearts: team 1 (Bob & Dan) took all 32 cards: that is a capot "
            "(set capot to 1)",
        ),
        (
            deal("hearts", "Bob", cards=[HALF[0] + " " + HALF[1], ""], capot=1),
            "deal 2, hearts: capot by team 1 (Bob & Dan), but they have 0 card points of 152",
        ),
        (
            deal("hearts", "Bob", cards=HALF, points=[60, 92], last_trick=1),
            "deal 2, hearts: points 60/92 do not match the cards, which count",
        ),
        (
            deal("hearts", "Bob", cards=[*HALF[:1], HALF[1].replace("AC", "6C")], last_trick=1),
            "deal 2, hearts: 6C is not in the 32-card deck (7 to A)",
        ),
    ],
)
def test_a_wrong_deal_is_refused_naming_it(bad: dict[str, Any], message: str) -> None:
    good = deal("hearts", "Bob", points=[62, 90], last_trick=1)
    assert _refused(game([good, bad])).startswith(message)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"players": ["Ann", "Bob", "Cat"]}, "Belote is played by 4 players in two teams"),
        ({"teams": [["Ann", "Bob"], ["Cat", "Eve"]]}, 'teams: "Eve" is not a player'),
        ({"teams": [["Ann", "Bob"], ["Bob", "Dan"]]}, "teams: Bob is in both teams"),
        ({"teams": [["Ann", "Bob"]]}, "teams: needs at least 2 entries"),
    ],
)
def test_wrong_players_or_teams(change: dict[str, Any], fragment: str) -> None:
    assert fragment in _refused({**game([]), **change})


@pytest.mark.parametrize(
    ("result", "fragment"),
    [
        ({"points": [62, 90], "last_trick": 2}, "result.last_trick: 2 is too large: at most 1"),
        ({"points": [62, 90, 0], "last_trick": 1}, "result.points: needs at most 2 entries"),
        ({"points": [-2, 154], "last_trick": 1}, "result.points entry 1: -2 is too small"),
        ({"points": [62, 90], "last_trick": 1, "dix": 1}, "deal 1, result.dix: unknown field"),
    ],
)
def test_the_file_format_is_checked(result: dict[str, Any], fragment: str) -> None:
    data = game([{"contract": "hearts", "taker": "Bob", "result": result}])
    with pytest.raises(ScoresheetError) as info:
        record.from_data(data)
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"tie": "draw"}, 'tie: "draw" is not litige or dedans'),
        ({"contracts": ["hearts", "hearts"]}, "a contract is listed twice"),
        ({"target": 0}, "target: 0 is too small: at least 1"),
        ({"declarations": True, "declaration_values": None}, "declaration_values"),
    ],
)
def test_inconsistent_rules_are_refused(options: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ScoresheetError) as info:
        resolve("belote", options)
    assert fragment in str(info.value)


def test_a_points_table_must_give_every_rank() -> None:
    full = dict(resolve("belote").data)
    full["points"] = {**full["points"], "trump": {"J": 20, "9": 14}}
    with pytest.raises(ScoresheetError) as info:
        resolve(full)
    assert str(info.value) == "rules: points.trump: no points for 7, 8, 10, Q, K, A"


def test_house_points_tables_change_the_totals() -> None:
    """Rules are data: a table with the 9 of trumps at 15 makes a suit deal worth 153."""
    rules = resolve("belote", {"points": {"trump": {"9": 15}}})
    assert isinstance(rules, BeloteRules)
    assert (rules.card_total("hearts"), rules.card_total("no-trumps")) == (153, 152)
    g = score_game(
        record.from_data(
            game(
                [deal("hearts", "Bob", points=[63, 90], last_trick=1)],
            )
            | {"options": {"points": {"trump": {"9": 15}}}}
        )
    )
    assert g.deals[0].score == (63, 100)


def test_rules_of_another_game_are_refused() -> None:
    assert _refused({**game([]), "rules": "classic"}) == (
        'game: rules: "classic" is a preset of barbu, not of belote (belote\'s presets: belote)'
    )
