"""Deals that cannot happen are refused with one line naming the deal (rules page:
the auction, making the contract, capot; the game file's shape)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoresheet import record
from scoresheet.errors import ScoresheetError
from scoresheet.games.coinche.score import score_game
from tests.coinche.test_worked_example import EXAMPLE


def _refused(deal: dict[str, Any], rules: str = "coinche", **options: Any) -> str:
    """The message refusing ``deal`` played as deal 2 of the page's example."""
    data = copy.deepcopy(EXAMPLE)
    data["rules"] = rules
    data["options"] = options
    data["deals"] = [data["deals"][0], deal]
    with pytest.raises(ScoresheetError) as caught:
        score_game(record.from_data(data))
    message = str(caught.value)
    assert "\n" not in message and message.startswith("deal 2")
    return message


def _deal(**changes: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "contract": "spades",
        "bid": 100,
        "taker": "Bob",
        "result": {"points": [74, 78], "last_trick": 1},
    }
    result = changes.pop("result", {})
    deal.update(changes)
    deal["result"].update(result)
    return {k: v for k, v in deal.items() if v is not None}


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        (_deal(bid=70), "outside these rules' 80 to 160"),
        (_deal(bid=170), "outside these rules' 80 to 160"),
        (_deal(bid=105), "not a multiple of 10"),
        (_deal(bid="generale"), "no générale"),
        (_deal(coinche="Dan"), "Dan cannot coinche: Dan is in the taking team"),
        (_deal(coinche="Ann", surcoinche="Cat"), "Cat cannot surcoinche"),
        (_deal(surcoinche="Dan"), "a surcoinche by Dan without a coinche"),
        (_deal(coinche="Eve"), 'coinche "Eve" is not a player'),
        (_deal(result={"points": [74, 80]}), "points add up to 154"),
        (_deal(contract="no-trumps", result={"belote": 0}), "no belote in No Trumps"),
        (_deal(result={"capot": 0}), "capot by team 0 (Bob & Dan), but they have 74"),
        (
            _deal(result={"points": [152, 0], "last_trick": 1, "capot": 0}),
            "the last trick went to team 1",
        ),
    ],
)
def test_refused(deal: dict[str, Any], words: str) -> None:
    assert words in _refused(deal)


def test_a_bid_above_160_is_allowed_where_the_rules_go_higher() -> None:
    assert "outside these rules' 80 to 180" in _refused(_deal(bid=190), "coinche-bga")
    data = copy.deepcopy(EXAMPLE)
    data["rules"] = "coinche-bga"
    data["deals"][1]["bid"] = 180
    assert score_game(record.from_data(data)).deals[1].bid == 180


def test_belote_in_all_trumps_only_where_the_rules_allow_it() -> None:
    deal = _deal(contract="all-trumps", result={"belote": 0})
    assert "no belote in All Trumps" in _refused(deal, "coinche-bga")
    assert "no belote in All Trumps" in _refused(deal, belote_all_trumps=False)
    data = copy.deepcopy(EXAMPLE)
    data["deals"][1] = deal
    assert score_game(record.from_data(data)).deals[1].play.belote == 0


def test_a_capot_bid_coinched_only_where_the_rules_allow_it() -> None:
    deal = _deal(bid="capot", coinche="Ann")
    assert "capot bid to be coinched" in _refused(deal, coinche_capot=False)


def test_a_capot_the_cards_contradict() -> None:
    cards = ["", "7S 8S 9S TS JS QS KS AS 7H 8H 9H TH JH QH KH AH"]
    deal = _deal(result={"points": None, "cards": cards, "capot": 1})
    assert "16 cards missing" in _refused(deal)


def test_a_deal_after_the_game_is_won() -> None:
    data = copy.deepcopy(EXAMPLE)
    data["options"] = {"target": 1000}
    with pytest.raises(ScoresheetError, match=r"^deal 4: the game is over: Bob & Dan won"):
        score_game(record.from_data(data))
