"""Everything the rules forbid is refused, and the message names the deal and what is wrong.

Spec (``shared/spec/game-file.md``): an invalid file "exits non-zero with one line … that
names the deal number and what is wrong". Most faulty deals here come second, after a
valid first deal, so the message must name the right deal ("deal 2"), not just any.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.simulate import random_game
from tests.conftest import PLAYERS, game, refused, score

ROOT = Path(__file__).resolve().parents[2]

BOB_DOUBLES_ANN = {"by": "Bob", "double": ["Ann"]}
FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]

# A valid first deal (Ann declares): undoubled and split where the rules split, else played.
SPLIT_FIRST = [{"contract": "no-last-two"}, {"contract": "no-king"}]
PLAYED_FIRST = [
    {"contract": "no-king", "result": {"king_of_hearts": "Bob"}},
    {"contract": "no-queens", "result": {"queens": {"Bob": 4}}},
]


def second(
    deal: dict[str, Any],
    rules: str = "classic",
    *,
    players: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A game whose first deal is valid and whose second deal is ``deal``."""
    firsts = PLAYED_FIRST if rules in ("pagat", "salad", "salad-5") else SPLIT_FIRST
    first = next(f for f in firsts if f["contract"] != deal["contract"])
    return game([first, deal], rules=rules, players=players, options=options)


def names_deal(message: str, number: int) -> bool:
    """The message names deal ``number`` (and no other deal)."""
    return re.findall(r"\bdeal (\d+)\b", message) == [str(number)]


def refused_at(data: dict[str, Any], number: int, *fragments: str) -> str:
    """Scoring ``data`` is refused naming deal ``number`` and every one of ``fragments``."""
    message = refused(data)
    assert names_deal(message, number), message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    return message


# -- counts that do not add up (rules page, section 2, "What the table reports") -----------


@pytest.mark.parametrize("contract", ["no-tricks", "trumps"])
def test_tricks_must_sum_to_13(contract: str) -> None:
    """Rules page, section 2: trick counts sum to 13."""
    deal = {
        "contract": contract,
        "doubles": [BOB_DOUBLES_ANN],
        "result": {"tricks": {"Ann": 4, "Bob": 4, "Cat": 4}},
    }
    refused_at(second(deal), 2, contract, "tricks add up to 12", "13")


def test_tricks_must_sum_to_the_decks_tricks() -> None:
    """Rules page, section 4, Salad for 5: 50 cards, 10 tricks; 13 tricks are refused."""
    deal = {"contract": "no-tricks", "result": {"tricks": {"Ann": 13}}}
    refused_at(second(deal, "salad-5", players=FIVE), 2, "tricks add up to 13", "has 10")
    good = {"contract": "no-tricks", "result": {"tricks": dict.fromkeys(FIVE, 2)}}
    assert score(second(good, "salad-5", players=FIVE)).deals[1].base == dict.fromkeys(FIVE, -10)


def test_hearts_must_sum_to_13() -> None:
    """Rules page, section 2: hearts per player summing to 13."""
    deal = {
        "contract": "no-hearts",
        "doubles": [BOB_DOUBLES_ANN],
        "result": {"hearts": {"Ann": 10, "Bob": 4}, "ace_of_hearts": "Ann"},
    }
    refused_at(second(deal), 2, "hearts add up to 14", "13")


def test_queens_must_sum_to_4() -> None:
    """Rules page, section 2: queens per player summing to 4."""
    deal = {
        "contract": "no-queens",
        "doubles": [BOB_DOUBLES_ANN],
        "result": {"queens": {"Ann": 2, "Cat": 1}},
    }
    refused_at(second(deal), 2, "queens add up to 3", "4")


def test_the_ace_of_hearts_taker_took_a_heart() -> None:
    """Rules page, section 2: the A♥ taker must have taken at least one heart."""
    deal = {
        "contract": "no-hearts",
        "doubles": [BOB_DOUBLES_ANN],
        "result": {"hearts": {"Ann": 13}, "ace_of_hearts": "Cat"},
    }
    refused_at(second(deal), 2, "Cat", "A♥", "no heart")


SALAD_OK = {
    "tricks": {"Ann": 1, "Bob": 12},
    "last": "Bob",
    "hearts": {"Ann": 4, "Bob": 9},
    "queens": {"Bob": 4},
    "king_of_hearts": "Ann",
}


@pytest.mark.parametrize(
    ("change", "fragments"),
    [
        ({"last": "Cat"}, ["Cat took the last trick but no trick"]),
        ({"hearts": {"Ann": 5, "Bob": 8}}, ["Ann took 1 trick but 5 hearts"]),
        ({"hearts": {"Bob": 9, "Dan": 4}}, ["Dan took no trick but 4 hearts"]),
        ({"queens": {"Ann": 1, "Bob": 2, "Cat": 1}}, ["Cat took no trick but 1 queen"]),
        ({"king_of_hearts": "Dan"}, ["Dan took the K♥ but no trick"]),
        ({"hearts": {"Ann": 1, "Bob": 12}, "king_of_hearts": "Ann"}, []),
        ({"hearts": {"Bob": 13}, "king_of_hearts": "Ann"}, ["Ann took the K♥ but no heart"]),
        (
            {"queens": {"Ann": 4}, "king_of_hearts": "Bob"},
            ["Ann took 1 trick but 4 hearts and 4 queens (7 cards at least"],
        ),
    ],
)  # fmt: skip
def test_salad_cards_come_with_the_tricks_that_took_them(
    change: dict[str, Any], fragments: list[str]
) -> None:
    """A Salad deal reports tricks and cards: a player with no trick took no card, one with
    n tricks at most n × 4 cards of a kind, and the K♥ is a heart."""
    deal = {"contract": "salad", "doubles": [BOB_DOUBLES_ANN], "result": {**SALAD_OK, **change}}
    if not fragments:
        assert score(second(deal, "salad")).deals[1].contract == "salad"
        return
    refused_at(second(deal, "salad"), 2, *fragments)


@pytest.mark.parametrize(
    ("contract", "result", "field"),
    [
        ("no-queens", {"queens": {"Ann": 2, "Zed": 2}}, "queens"),
        ("no-tricks", {"tricks": {"Ann": 12, "Zed": 1}}, "tricks"),
        ("no-hearts", {"hearts": {"Ann": 13}, "ace_of_hearts": "Zed"}, "ace_of_hearts"),
        ("no-king", {"king_of_hearts": "Zed"}, "king_of_hearts"),
        ("no-last-two", {"second_last": "Ann", "last": "Zed"}, "last"),
        ("dominoes", {"order": ["Ann", "Bob", "Cat", "Zed"]}, "order"),
    ],
)
def test_an_unknown_player_in_a_result(contract: str, result: dict[str, Any], field: str) -> None:
    """Spec: an unknown player makes the file invalid."""
    deal = {"contract": contract, "doubles": [BOB_DOUBLES_ANN], "result": result}
    refused_at(second(deal), 2, f"result.{field}", '"Zed" is not a player')


# -- Ravage City (rules page, section 4) ---------------------------------------------------


def ravage(result: dict[str, Any]) -> dict[str, Any]:
    deal = {"contract": "ravage-city", "doubles": [BOB_DOUBLES_ANN], "result": result}
    return second(deal, "ravage-city")


def test_ravage_city_suits_sum_to_13() -> None:
    """Rules page, section 4: each suit's captured cards sum to 13."""
    cards = {
        "Ann": {"spades": 13},
        "Bob": {"hearts": 13},
        "Cat": {"diamonds": 12, "clubs": 1},
        "Dan": {"clubs": 11},
    }
    refused_at(ravage({"cards": cards}), 2, "diamonds add up to 12", "13")


def test_ravage_city_cards_are_whole_tricks() -> None:
    """Rules page, section 4: a player's total is a multiple of 4 (4 × their tricks)."""
    cards = {
        "Ann": {"spades": 13, "hearts": 1},  # 14 cards
        "Bob": {"hearts": 10},  # 10 cards
        "Cat": {"hearts": 2, "diamonds": 10},
        "Dan": {"diamonds": 3, "clubs": 13},
    }
    refused_at(ravage({"cards": cards}), 2, "Ann took 14 cards", "4")


@pytest.mark.parametrize(
    "result",
    [
        {},
        {"most": ["Ann"], "cards": {p: {"spades": 0} for p in PLAYERS}},
    ],
    ids=["neither", "both"],
)
def test_ravage_city_needs_cards_or_most(result: dict[str, Any]) -> None:
    """Spec, `result` of `ravage-city`: either the cards per player and suit, or most."""
    refused_at(ravage(result), 2, "either cards", "or most")


# -- Dominoes ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "order",
    [["Ann", "Bob", "Ann", "Cat"], ["Ann", "Bob", "Cat"], ["Ann", "Bob", "Cat", "Dan", "Ann"]],
    ids=["twice", "missing", "extra"],
)
def test_dominoes_order_names_each_player_once(order: list[str]) -> None:
    """Rules page, section 2: the complete going-out order, each player exactly once."""
    deal = {"contract": "dominoes", "result": {"order": order}}
    refused_at(second(deal), 2, "result.order", "each of the 4 players exactly once")


# -- Chinese Poker (rules page, section 4) --------------------------------------------------

HANDS = {
    "Ann": {"front": "2S 3S 4S", "middle": "5S 6S 7S 8S 9S", "back": "TS JS QS KS AS"},
    "Bob": {"front": "2H 3H 4H", "middle": "5H 6H 7H 8H 9H", "back": "TH JH QH KH AH"},
    "Cat": {"front": "2D 3D 4D", "middle": "5D 6D 7D 8D 9D", "back": "TD JD QD KD AD"},
    "Dan": {"front": "2C 3C 4C", "middle": "5C 6C 7C 8C 9C", "back": "TC JC QC KC AC"},
}


@pytest.mark.parametrize(
    "beats",
    [
        # one beat in the front and none other: someone must be beaten by the others too
        {"Ann": {"front": 1}},
        # 4 players cannot all beat someone
        {p: {"middle": 1} for p in PLAYERS},
        # three beats is beating all three others; two players cannot both do it
        {"Ann": {"back": 3}, "Bob": {"back": 3}, "Cat": {"back": 1}},
    ],
)
def test_chinese_poker_beats_no_ranking_could_give(beats: dict[str, Any]) -> None:
    """Rules page, section 4: a beat is one row beating the same row of another player."""
    deal = {"contract": "chinese-poker", "result": {"beats": beats}}
    refused_at(second(deal, "chinese-poker"), 2, "beats", "cannot come from one ranking")


def test_chinese_poker_hands_cannot_share_a_card() -> None:
    """Rules page, section 4: the hands are 4 × 13 cards of one deck."""
    hands = json.loads(json.dumps(HANDS))
    hands["Bob"]["front"] = "2S 3H 4H"  # Ann holds the 2S
    deal = {"contract": "chinese-poker", "result": {"hands": hands}}
    refused_at(second(deal, "chinese-poker"), 2, "2S", "Ann", "Bob")


def test_chinese_poker_hand_cannot_repeat_a_card() -> None:
    """Rules page, section 4: one player's 13 cards are 13 different cards."""
    hands = json.loads(json.dumps(HANDS))
    hands["Cat"]["front"] = "5D 3D 4D"  # the 5D is also in Cat's middle
    deal = {"contract": "chinese-poker", "result": {"hands": hands}}
    refused_at(second(deal, "chinese-poker"), 2, "Cat", "5D")


def test_chinese_poker_hands_score() -> None:
    """The valid hands above score (so the refusals above are for the changed card)."""
    deal = {"contract": "chinese-poker", "result": {"hands": HANDS}}
    d = score(second(deal, "chinese-poker")).deals[1]
    # every row of every hand has the same ranks in another suit: all ties, no beat
    assert d.base == dict.fromkeys(PLAYERS, 0)


# -- result keys -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "result", "key"),
    [
        ("no-king", {"king_of_hearts": "Ann", "queens": {"Ann": 4}}, "queens"),
        ("no-tricks", {"tricks": {"Ann": 13}, "trump": "spades"}, "trump"),
        ("no-queens", {"queens": {"Ann": 4}, "order": PLAYERS}, "order"),
    ],
)
def test_a_result_key_of_another_contract(contract: str, result: dict[str, Any], key: str) -> None:
    """Spec, `result` keys per contract: a key that belongs to another contract is a mistake."""
    deal = {"contract": contract, "doubles": [BOB_DOUBLES_ANN], "result": result}
    refused_at(second(deal), 2, f"result.{key}", f"does not belong to {contract}")


# -- doubling (rules page, section 3) -----------------------------------------------------------


def doubled(declarations: list[Any], contract: str = "no-king") -> dict[str, Any]:
    """Ann's second deal (classic: Ann declares and deals, Bob speaks first)."""
    results = {
        "no-king": {"king_of_hearts": "Cat"},
        "trumps": {"tricks": {"Ann": 13}},
        "dominoes": {"order": PLAYERS},
    }
    return second({"contract": contract, "doubles": declarations, "result": results[contract]})


@pytest.mark.parametrize(
    "double", [["Bob"], ["Bob", "Cat"], "family", "flanks"], ids=["one", "two", "family", "flanks"]
)
def test_the_declarer_may_not_double(double: Any) -> None:
    """Rules page, section 3, 6: the declarer may not double, only redouble."""
    message = refused_at(doubled([{"by": "Ann", "double": double}]), 2, "declarer", "Ann")
    assert "may not double" in message


def test_one_doubling_turn_each() -> None:
    """Rules page, section 3, 1: each player has one opportunity to double."""
    decls = [{"by": "Bob", "double": ["Ann"]}, {"by": "Bob", "double": ["Cat"]}]
    refused_at(doubled(decls), 2, "doubles entry 2", "Bob", "already had their turn")


def test_doubles_go_in_table_order() -> None:
    """Rules page, section 3, 1: in turn starting from the dealer's left (Ann deals: Bob,
    Cat, Dan, Ann); Dan cannot double before Cat."""
    decls = [{"by": "Dan", "double": ["Ann"]}, {"by": "Cat", "double": ["Ann"]}]
    refused_at(doubled(decls), 2, "doubles entry 2", "Cat", "out of turn", "Bob, Cat, Dan, Ann")


def test_cannot_double_someone_who_doubled_you() -> None:
    """Rules page, section 3, 7: a player cannot double someone who already doubled them;
    they redouble instead."""
    decls = [{"by": "Bob", "double": ["Cat"]}, {"by": "Cat", "double": ["Bob"]}]
    refused_at(doubled(decls), 2, "doubles entry 2", "Bob already doubled Cat", "redouble")
    # the same through "family": Cat's family includes Bob, who doubled her
    decls = [{"by": "Bob", "double": ["Cat"]}, {"by": "Cat", "double": "family"}]
    refused_at(doubled(decls), 2, "Bob already doubled Cat")


def test_a_redouble_needs_a_double() -> None:
    """Rules page, section 3, 5: a player who has been doubled may redouble that player."""
    decls = [{"by": "Bob", "double": ["Ann"]}, {"by": "Ann", "redouble": ["Cat"]}]
    refused_at(doubled(decls), 2, "doubles entry 2", "Ann redoubles Cat", "Cat did not double Ann")
    # the doubler cannot redouble their own double
    decls = [{"by": "Bob", "double": ["Ann"]}, {"by": "Bob", "redouble": ["Ann"]}]
    refused_at(doubled(decls), 2, "Bob redoubles Ann", "Ann did not double Bob")


def test_redouble_all_needs_a_double_received() -> None:
    """Rules page, section 3, 5: ``redouble: all`` with no double received is refused."""
    decls = [{"by": "Bob", "double": ["Ann"]}, {"by": "Cat", "redouble": "all"}]
    refused_at(doubled(decls), 2, "doubles entry 2", "Cat redoubles all", "nobody has doubled Cat")


def test_a_bet_is_redoubled_once() -> None:
    """Rules page, section 3, 7: between two players a bet is ×1 or ×2, no more."""
    decls = [
        {"by": "Bob", "double": ["Ann"]},
        {"by": "Ann", "redouble": ["Bob"]},
        {"by": "Ann", "redouble": ["Bob"]},
    ]
    refused_at(doubled(decls), 2, "doubles entry 3", "already redoubled")


@pytest.mark.parametrize("contract", ["trumps", "dominoes"])
@pytest.mark.parametrize(
    "double", [["Cat"], ["Ann", "Cat"], "family", "flanks"], ids=["one", "two", "family", "flanks"]
)
def test_positive_contracts_only_the_declarer_is_doubled(contract: str, double: Any) -> None:
    """Rules page, section 3, 3: in a positive contract a non-declarer may double only the
    declarer."""
    refused_at(
        doubled([{"by": "Bob", "double": double}], contract),
        2,
        f"positive contract ({contract})",
        "Bob may double only the declarer",
    )


def test_chinese_poker_is_positive() -> None:
    """Rules page, section 4, "What the variants keep": chinese-poker is positive."""
    deal = {
        "contract": "chinese-poker",
        "doubles": [{"by": "Bob", "double": ["Cat"]}],
        "result": {"hands": HANDS},
    }
    refused_at(second(deal, "chinese-poker"), 2, "positive", "may double only the declarer")


def test_an_unknown_player_in_the_doubles() -> None:
    """Spec: an unknown player makes the file invalid, in the doubles too."""
    refused_at(doubled([{"by": "Zed", "double": ["Ann"]}]), 2, '"Zed" is not a player')
    refused_at(doubled([{"by": "Bob", "double": ["Zed"]}]), 2, '"Zed" is not a player')


def test_declarer_only_doubling_option() -> None:
    """Rules page, section 3, options: the dealer-only form, only the declarer may ever be
    doubled; in a negative contract a non-declarer doubling another is refused."""
    options = {"doubling": {"negative": "declarer-only"}}
    for double in (["Cat"], "family"):
        deal = {
            "contract": "no-king",
            "doubles": [{"by": "Bob", "double": double}],
            "result": {"king_of_hearts": "Cat"},
        }
        refused_at(
            second(deal, options=options),
            2,
            "negative contract (no-king)",
            "Bob may double only the declarer",
        )
    # the declarer may still be doubled, and "maximum" then doubles only the declarer
    deal = {
        "contract": "no-king",
        "doubles": [{"by": "Bob", "double": "maximum"}],
        "result": {"king_of_hearts": "Cat"},
    }
    bets = score(second(deal, options=options)).deals[1].bets
    assert [(b.doubler, b.doubled, b.multiplier) for b in bets] == [("Bob", "Ann", 1)]
    # without the option the same "maximum" doubles everyone
    bets = score(second(deal)).deals[1].bets
    assert {(b.doubler, b.doubled) for b in bets} == {("Bob", p) for p in ("Ann", "Cat", "Dan")}


# -- declarers and contracts (rules page, section 1) ----------------------------------------------


def test_a_contract_is_declared_once_by_a_declarer() -> None:
    """Rules page, section 1: each declarer picks each contract exactly once."""
    deals = [{"contract": "no-king"}, {"contract": "no-queens"}, {"contract": "no-king"}]
    refused_at(game(deals), 3, "Ann has already declared no-king")


def test_no_deal_after_the_game_is_complete() -> None:
    """Rules page, section 1: a game has 28 deals (classic)."""
    data = random_game(random.Random(7), "classic")
    assert score(data).complete
    data["deals"].append({"contract": "no-king"})
    refused_at(data, 29, "complete after 28 deals")


def test_the_declarer_must_match_the_rotation() -> None:
    """Rules page, section 1: the declarer keeps the role for 7 deals (deal 2 is Ann's);
    spec: ``declarer`` is optional, if given it must match."""
    message = refused_at(second({"contract": "no-king", "declarer": "Bob"}), 2, "Bob")
    assert "Ann by the rotation" in message
    # quick rotation: deal 2 is Bob's
    ok = second({"contract": "no-king", "declarer": "Bob"}, options={"rotation": "every-deal"})
    assert score(ok).deals[1].declarer == "Bob"


@pytest.mark.parametrize("contract", ["ravage-city", "salad", "no-last-trick", "bogus"])
def test_an_unknown_contract(contract: str) -> None:
    """Spec: an unknown contract makes the file invalid (classic has 7 contracts)."""
    refused_at(second({"contract": contract}), 2, f'"{contract}" is not a contract')


def test_no_result_for_an_undoubled_negative_deal() -> None:
    """Rules page, section 3, "Undoubled negative deals": the deal is not played."""
    deal: dict[str, Any] = {"contract": "no-king", "result": {"king_of_hearts": "Bob"}}
    refused_at(second(deal), 2, "nobody doubled", "leave out the result")
    # an empty doubling list is nobody doubling
    deal = {
        "contract": "no-king",
        "doubles": [{"by": "Bob", "double": []}],
        "result": deal["result"],
    }
    refused_at(second(deal), 2, "leave out the result")


@pytest.mark.parametrize(
    ("rules", "deal"),
    [
        ("classic", {"contract": "no-king", "doubles": [BOB_DOUBLES_ANN]}),
        ("classic", {"contract": "trumps"}),
        ("classic", {"contract": "dominoes", "result": None}),
        ("pagat", {"contract": "no-queens"}),
        ("salad", {"contract": "salad"}),
    ],
)
def test_a_played_deal_needs_its_result(rules: str, deal: dict[str, Any]) -> None:
    """Rules page, section 3: a doubled negative deal, any positive deal, and every deal
    without the split rule (pagat, salad) is played, so its result is needed."""
    refused_at(second(deal, rules), 2, "result is missing")


# -- the minimum of declarer doubles (rules page, section 3, 4) -----------------------------------


def anns_set() -> list[dict[str, Any]]:
    """Ann's 7 deals: Bob doubles her twice, Cat once, Dan never (he only redoubles Bob)."""
    return [
        {
            "contract": "no-tricks",
            "doubles": [
                {"by": "Bob", "double": ["Ann", "Dan"]},
                {"by": "Cat", "double": ["Ann"]},
                {"by": "Dan", "redouble": ["Bob"]},
            ],
            "result": {"tricks": {"Ann": 5, "Bob": 3, "Cat": 3, "Dan": 2}},
        },
        {
            "contract": "no-hearts",
            "doubles": [BOB_DOUBLES_ANN],
            "result": {"hearts": {"Bob": 13}, "ace_of_hearts": "Bob"},
        },
        {"contract": "no-queens"},
        {"contract": "no-king"},
        {"contract": "no-last-two"},
        {"contract": "trumps", "result": {"tricks": {"Ann": 7, "Dan": 6}}},
        {"contract": "dominoes", "result": {"order": ["Dan", "Ann", "Cat", "Bob"]}},
    ]


@pytest.mark.parametrize(
    ("minimum", "short"),
    [(0, []), (1, [("Dan", 0)]), (2, [("Cat", 1), ("Dan", 0)])],
)
def test_min_declarer_doubles_changes_the_violations(
    minimum: int, short: list[tuple[str, int]]
) -> None:
    """Rules page, section 3, 4 and options: the minimum obligation as 0, 1 or 2; redoubles
    do not count. The shortfall is a violation at the end of Ann's set (deal 7), not a
    refusal."""
    options = {"doubling": {"min_declarer_doubles": minimum}}
    six = score(game(anns_set()[:6], options=options))
    assert six.violations == ()
    result = score(game(anns_set(), options=options))
    got = [(v.doubler, v.made) for v in result.violations]
    assert got == short
    for v in result.violations:
        assert v.deal == 7
        assert v.declarer == "Ann"
        assert v.required == minimum
        assert v.doubler in v.message and "Ann" in v.message and str(minimum) in v.message


def test_default_minimum_is_two() -> None:
    """Rules page, section 3, 4: at least twice, by default."""
    result = score(game(anns_set()))
    assert [(v.doubler, v.made, v.required) for v in result.violations] == [
        ("Cat", 1, 2),
        ("Dan", 0, 2),
    ]


# -- the file itself (spec: top level) -------------------------------------------------------------

TOP: dict[str, Any] = {
    "format": "scoresheet-game",
    "version": 1,
    "game": "barbu",
    "rules": "classic",
    "players": PLAYERS,
    "deals": [],
}


def load_refused(text: str) -> str:
    with pytest.raises(ScoresheetError) as info:
        record.loads(text)
    return str(info.value)


def test_bad_json() -> None:
    """Spec: bad JSON is refused."""
    assert "not valid JSON" in load_refused('{"format": "scoresheet-game", ')


def test_not_a_game_file() -> None:
    """Spec, top level: ``"format": "scoresheet-game"``."""
    data = {k: v for k, v in TOP.items() if k != "format"}
    assert "not a scoresheet game file" in load_refused(json.dumps(data))
    assert "not a scoresheet game file" in load_refused("[1, 2, 3]")


def test_a_newer_version() -> None:
    """Spec, top level: a file written by a newer version says so."""
    message = load_refused(json.dumps({**TOP, "version": 2}))
    assert "newer" in message and "2" in message


def test_duplicate_player_names() -> None:
    """Spec: player names are unique in a game."""
    message = load_refused(json.dumps({**TOP, "players": ["Ann", "Bob", "Ann", "Dan"]}))
    assert "Ann" in message and "twice" in message


@pytest.mark.parametrize("letter", ["A", "é", "♥", "🂡"])
def test_a_player_name_over_40_characters(letter: str) -> None:
    """Spec: player names are any Unicode, at most 40 characters (not bytes)."""
    ok = record.loads(json.dumps({**TOP, "players": [letter * 40, "Bob", "Cat", "Dan"]}))
    assert ok["players"][0] == letter * 40
    message = load_refused(json.dumps({**TOP, "players": [letter * 41, "Bob", "Cat", "Dan"]}))
    assert "player 1:" in message and "at most 40 characters (41 given)" in message
    assert "players.0" not in message and "String should" not in message


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        ({"contract": "no-queens", "bogus": 1}, "bogus"),
        ({"contract": "no-queens", "result": {"kings": 1}}, "result.kings"),
        ({"contract": "no-queens", "doubles": [{"by": "Bob", "triple": ["Ann"]}]}, "triple"),
    ],
)
def test_an_unknown_field_in_a_deal(deal: dict[str, Any], field: str) -> None:
    """Spec: keys may be added by the project, but a deal's keys are the spec's."""
    text = json.dumps({**TOP, "deals": [{"contract": "no-king"}, deal]})
    message = load_refused(text)
    assert names_deal(message, 2), message
    assert field in message and "unknown field" in message


def test_a_deal_may_name_its_dealer_as_score_json_gives_it() -> None:
    """Every game's deals take the dealer (optional, checked), as ``score --json`` gives
    it; Barbu's refused the key as unknown."""
    from scoresheet.games.barbu.score import score_game

    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    scored = score_game(record.from_data(data))
    for deal, d in zip(data["deals"], scored.deals, strict=True):
        deal["dealer"] = d.dealer
    assert score_game(record.from_data(data)).totals == scored.totals
    wrong = next(p for p in data["players"] if p != scored.deals[0].dealer)
    data["deals"][0]["dealer"] = wrong
    with pytest.raises(ScoresheetError) as exc:
        score_game(record.from_data(data))
    assert str(exc.value) == (
        f"deal 1, {scored.deals[0].contract}: the dealer is {scored.deals[0].dealer} "
        f"by the rotation, not {wrong}"
    )
