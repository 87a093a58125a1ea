"""Every rule of the Rosbiratschka rules page as a test, and the refusals with their messages.

The rules page (``rules/rosbiratschka.md``) is cited section by section in each docstring.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record, registry
from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.rules import (
    CONTRACTS,
    PAGE_RULES,
    RosbiratschkaRules,
    rules_from_data,
)
from scoresheet.games.rosbiratschka.score import GameScore, score_game, to_json
from scoresheet.rules import list_presets, load_preset, resolve

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def game(
    results: Sequence[dict[str, Any] | None],
    rules: str | dict[str, Any] = "rosbiratschka",
    players: list[str] | None = None,
    options: dict[str, Any] | None = None,
    contracts: bool = False,
) -> dict[str, Any]:
    """A game file's data: one deal per result, in the fixed order."""
    resolved = resolve(rules, options, "rosbiratschka")
    deals: list[dict[str, Any]] = []
    for i, result in enumerate(results):
        deal: dict[str, Any] = {}
        if contracts:
            deal["contract"] = resolved.contract_of(i + 1)
        if result is not None:
            deal["result"] = copy.deepcopy(result)
        deals.append(deal)
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "rosbiratschka",
        "rules": rules,
        "players": players or PLAYERS,
        "deals": deals,
    }
    if options is not None:
        data["options"] = options
    return data


def score(data: dict[str, Any]) -> GameScore:
    return score_game(record.from_data(data))


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ScoresheetError) as info:
        score(data)
    return str(info.value)


TRICKS_EVEN: dict[str, Any] = {"tricks": {"Ann": 2, "Bob": 2, "Cat": 2, "Dan": 2}}
HEARTS_EVEN: dict[str, Any] = {"hearts": {"Ann": 2, "Bob": 2, "Cat": 2, "Dan": 2}}
JACKS_EVEN: dict[str, Any] = {"jacks": {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1}}
KING: dict[str, Any] = {"king_of_hearts": "Cat"}
HUNDRED: dict[str, Any] = {"past_25": "Ann", "past_50": "Bob", "past_100": "Cat"}
LAST: dict[str, Any] = {"last": "Dan"}
FULL: list[dict[str, Any]] = [TRICKS_EVEN, HEARTS_EVEN, JACKS_EVEN, KING, HUNDRED, LAST]


def only_deal(result: dict[str, Any], number: int) -> dict[str, int]:
    """The scores of deal ``number`` when it has ``result`` (earlier deals even)."""
    return score(game([*FULL[: number - 1], result])).deals[-1].score


# -- Table ------------------------------------------------------------------------------------


def test_the_preset_is_the_table_of_the_rules_page() -> None:
    """Table: 4 players, 32 cards (7 to A), 8 each; six deals in the fixed order."""
    rules = load_preset("rosbiratschka")
    assert isinstance(rules, RosbiratschkaRules)
    assert rules.players == 4 and len(rules.deck) == 32 and rules.cards_per_player == 8
    assert rules.tricks_per_deal == 8
    assert rules.contracts == CONTRACTS
    assert rules.deals_per_game == 6
    assert rules == RosbiratschkaRules.from_data({**PAGE_RULES, **_preset_extras(rules)})


def _preset_extras(rules: RosbiratschkaRules) -> dict[str, Any]:
    return {k: rules.data[k] for k in ("description", "rounds", "slam", "card_points")}


def test_contracts_follow_the_fixed_order_and_the_dealer_rotates() -> None:
    """Table: the player on the dealer's left leads; the deal passes to the next player
    after every deal; players[0] deals first."""
    result = score(game(FULL))
    assert [d.contract for d in result.deals] == list(CONTRACTS)
    assert [d.dealer for d in result.deals] == ["Ann", "Bob", "Cat", "Dan", "Ann", "Bob"]
    assert [d.leader for d in result.deals] == ["Bob", "Cat", "Dan", "Ann", "Bob", "Cat"]
    out = to_json(result)
    assert [d["dealer"] for d in out["deals"]] == ["Ann", "Bob", "Cat", "Dan", "Ann", "Bob"]


def test_more_rounds_of_six_start_the_order_again() -> None:
    """Table: rules files may allow more rounds of six."""
    result = score(game(FULL * 2, options={"rounds": 2}))
    assert result.rules.deals_per_game == 12 and result.complete
    assert [d.contract for d in result.deals] == list(CONTRACTS) * 2
    assert result.deals[6].dealer == "Cat"  # the rotation simply goes on
    assert not score(game(FULL * 2, options={"rounds": 3})).complete


def test_three_players_use_24_cards() -> None:
    """Table: 3 players (option): 24 cards (remove the 7s and 8s) — 8 tricks of 3 cards,
    4 jacks, and 6 hearts, so No Hearts totals 6 (12 doubled, slam −6)."""
    rules = load_preset("rosbiratschka-3")
    assert (rules.players, len(rules.deck), rules.cards_per_player) == (3, 24, 8)
    assert rules.in_deal("no-tricks") == 8
    assert rules.in_deal("no-hearts") == 6
    assert rules.in_deal("no-jacks") == 4
    assert rules.pack_points == 120
    assert [rules.base_total(c) for c in CONTRACTS] == [8, 6, 8, 8, 8, 8]
    assert rules.doubled_total("no-hearts") == 12 and rules.slam_score("no-hearts") == -6
    three = ["Ann", "Bob", "Cat"]
    data = game(
        [
            {"tricks": {"Ann": 3, "Bob": 3, "Cat": 2}},
            {"hearts": {"Ann": 4, "Bob": 2}},
        ],
        rules="rosbiratschka-3",
        players=three,
    )
    result = score(data)
    assert result.deals[0].score == {"Ann": 3, "Bob": 3, "Cat": 2}
    assert result.deals[1].score == {"Ann": 8, "Bob": 4, "Cat": 0}
    assert "hearts add up to 8, a deal has 6" in refused(
        game([{"tricks": {"Ann": 8}}, {"hearts": {"Ann": 8}}], "rosbiratschka-3", three)
    )


def test_three_players_need_the_smaller_deck() -> None:
    """3 players cannot share 32 cards: the option alone is refused, naming the fix."""
    with pytest.raises(ScoresheetError, match="32 cards, which 3 players cannot share equally"):
        resolve("rosbiratschka", {"players": 3})


# -- No Tricks, No Hearts, No Jacks ----------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "key", "counts", "want"),
    [
        (
            1,
            "tricks",
            {"Ann": 2, "Bob": 3, "Cat": 1, "Dan": 2},
            {"Ann": 2, "Bob": 3, "Cat": 1, "Dan": 2},
        ),
        (
            2,
            "hearts",
            {"Ann": 1, "Bob": 4, "Cat": 2, "Dan": 1},
            {"Ann": 1, "Bob": 4, "Cat": 2, "Dan": 1},
        ),
        (
            3,
            "jacks",
            {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 1},
            {"Ann": 2, "Bob": 2, "Cat": 2, "Dan": 2},
        ),
    ],
)
def test_counting_contracts_undoubled(
    number: int, key: str, counts: dict[str, int], want: dict[str, int]
) -> None:
    """Contracts: 1 per trick, 1 per heart, 2 per jack when every player took at least one;
    the deal totals 8."""
    scores = only_deal({key: counts}, number)
    assert scores == want and sum(scores.values()) == 8


@pytest.mark.parametrize(
    ("number", "key", "counts", "want"),
    [
        (1, "tricks", {"Ann": 5, "Bob": 3}, {"Ann": 10, "Bob": 6, "Cat": 0, "Dan": 0}),
        (
            1,
            "tricks",
            {"Ann": 2, "Bob": 3, "Cat": 3, "Dan": 0},
            {"Ann": 4, "Bob": 6, "Cat": 6, "Dan": 0},
        ),
        (2, "hearts", {"Ann": 7, "Dan": 1}, {"Ann": 14, "Bob": 0, "Cat": 0, "Dan": 2}),
        (3, "jacks", {"Ann": 2, "Bob": 1, "Dan": 1}, {"Ann": 8, "Bob": 4, "Cat": 0, "Dan": 4}),
        (3, "jacks", {"Ann": 3, "Bob": 1}, {"Ann": 12, "Bob": 4, "Cat": 0, "Dan": 0}),
    ],
)
def test_doubling_when_any_player_took_none(
    number: int, key: str, counts: dict[str, int], want: dict[str, int]
) -> None:
    """Contracts: if any player took no trick (heart, jack), every one counts double for
    everyone — 2 per trick, 2 per heart, 4 per jack — and the deal totals 16."""
    result = score(game([*FULL[: number - 1], {key: counts}]))
    deal = result.deals[-1]
    assert deal.score == want
    assert deal.doubled and deal.total == 16
    assert set(deal.took_none) == {p for p in PLAYERS if counts.get(p, 0) == 0}


def test_no_doubling_when_everyone_took_one() -> None:
    """The doubling needs a player with none: 1/1/1/5 tricks is not doubled."""
    result = score(game([{"tricks": {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 5}}]))
    assert not result.deals[0].doubled and result.deals[0].took_none == ()
    assert result.deals[0].total == 8


@pytest.mark.parametrize(
    ("number", "key", "n"), [(1, "tricks", 8), (2, "hearts", 8), (3, "jacks", 4)]
)
def test_slam_scores_minus_8_and_overrides_the_doubling(number: int, key: str, n: int) -> None:
    """Contracts: a player who took all 8 tricks (8 hearts, 4 jacks) scores −8 and the
    others 0 — although three players took none, nothing is doubled (the slam overrides)."""
    result = score(game([*FULL[: number - 1], {key: {"Bob": n}}]))
    deal = result.deals[-1]
    assert deal.score == {"Ann": 0, "Bob": -8, "Cat": 0, "Dan": 0}
    assert deal.slam == "Bob" and not deal.doubled and deal.total == -8


def test_slam_sign_option_makes_it_plus_8() -> None:
    """Notes: sources disagree on the slam's sign; rules files can set it to +8."""
    result = score(game([{"tricks": {"Cat": 8}}], options={"slam": "plus"}))
    assert result.deals[0].score == {"Ann": 0, "Bob": 0, "Cat": 8, "Dan": 0}


def test_the_avoided_rule_can_be_turned_off() -> None:
    """Rules as data: ``avoided = 1`` (a house rule) leaves a deal with a blank player at 8."""
    opts = {"values": {"no-tricks": {"each": 1, "avoided": 1}}}
    deal = score(game([{"tricks": {"Ann": 4, "Bob": 4}}], options=opts)).deals[0]
    assert deal.score == {"Ann": 4, "Bob": 4, "Cat": 0, "Dan": 0} and not deal.doubled


# -- King of Hearts, Hundred, Rosbiratschka --------------------------------------------------


def test_king_of_hearts_scores_8() -> None:
    """Contracts: 8 to the player who takes the K♥."""
    assert only_deal({"king_of_hearts": "Dan"}, 4) == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 8}


@pytest.mark.parametrize(
    ("taken", "want"),
    [
        (
            {"past_25": "Ann", "past_50": "Bob", "past_100": "Cat"},
            {"Ann": 1, "Bob": 2, "Cat": 5, "Dan": 0},
        ),
        (
            {"past_25": "Dan", "past_50": "Dan", "past_100": "Ann"},
            {"Ann": 5, "Bob": 0, "Cat": 0, "Dan": 3},
        ),
        (
            {"past_25": "Bob", "past_50": "Bob", "past_100": "Bob"},
            {"Ann": 0, "Bob": 8, "Cat": 0, "Dan": 0},
        ),
    ],
)
def test_hundred_thresholds(taken: dict[str, str], want: dict[str, int]) -> None:
    """Contracts: the first past 25 scores 1, past 50 scores 2, past 100 scores 5 (8 in
    all); one player may cross several thresholds and takes each of those penalties."""
    scores = only_deal(taken, 5)
    assert scores == want and sum(scores.values()) == 8


def test_rosbiratschka_scores_8_to_the_last_holding_cards() -> None:
    """Contracts: the last player left holding cards scores 8."""
    assert only_deal({"last": "Ann"}, 6) == {"Ann": 8, "Bob": 0, "Cat": 0, "Dan": 0}


def test_every_deal_totals_8_or_16_or_the_slam() -> None:
    """Contracts: every contract's base penalties total 8 per deal, 16 when doubled."""
    rules = load_preset("rosbiratschka")
    for c in CONTRACTS:
        assert rules.base_total(c) == 8
        assert set(rules.possible_totals(c)) <= {8, 16, -8}
    assert [rules.doubled_total(c) for c in ("no-tricks", "no-hearts", "no-jacks")] == [16] * 3


# -- the whole game, the winner, score --json -------------------------------------------------


def test_the_example_game() -> None:
    """examples/rosbiratschka.json: a slam, a doubled deal, the hundred; Cat wins on −5."""
    result = score_game(record.load(ROOT / "examples" / "rosbiratschka.json"))
    assert result.complete
    assert result.totals == {"Ann": 14, "Bob": 17, "Cat": -5, "Dan": 14}
    assert result.winner == ("Cat",)
    assert [d.total for d in result.deals] == [8, -8, 16, 8, 8, 8]


def test_winner_is_the_lowest_total_with_ties_and_null_until_complete() -> None:
    """Lowest total wins; several on a tie; ``null`` until the game is complete."""
    partial = score(game(FULL[:5]))
    assert partial.winner is None and to_json(partial)["winner"] is None
    tied = score(game(FULL))  # everyone 2+2+2, then Cat 8, Ann 1 Bob 2 Cat 5, Dan 8
    assert tied.totals == {"Ann": 7, "Bob": 8, "Cat": 19, "Dan": 14}
    assert to_json(tied)["winner"] == ["Ann"]
    even = [TRICKS_EVEN, HEARTS_EVEN, JACKS_EVEN, {"king_of_hearts": "Ann"}]
    even += [{"past_25": "Bob", "past_50": "Bob", "past_100": "Cat"}, {"last": "Dan"}]
    scored = score(game(even))
    assert scored.totals == {"Ann": 14, "Bob": 9, "Cat": 11, "Dan": 14}
    ties = score(
        game([*even[:4], {"past_25": "Ann", "past_50": "Ann", "past_100": "Bob"}, {"last": "Bob"}])
    )
    assert ties.totals == {"Ann": 17, "Bob": 19, "Cat": 6, "Dan": 6}
    assert to_json(ties)["winner"] == ["Cat", "Dan"]


def test_score_json_is_the_spec_object() -> None:
    """The spec's keys, ``base`` equal to ``score``, zero doubles, plus ``winner``."""
    out = to_json(score_game(record.load(ROOT / "examples" / "rosbiratschka.json")))
    assert {"players", "totals", "deals", "violations", "complete", "winner"} <= set(out)
    for deal in out["deals"]:
        assert {"number", "dealer", "contract", "base", "doubles", "score"} <= set(deal)
        assert deal["base"] == deal["score"]
        assert set(deal["doubles"].values()) == {0}
    assert out["winner"] == ["Cat"] and out["complete"] is True
    json.dumps(out)


# -- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("results", "message"),
    [
        (
            [{"tricks": {"Ann": 2, "Bob": 2, "Cat": 2}}],
            "deal 1, no-tricks: tricks add up to 6, a deal has 8",
        ),
        (
            [TRICKS_EVEN, {"hearts": {"Ann": 9}}],
            "deal 2, no-hearts: hearts add up to 9, a deal has 8",
        ),
        (
            [TRICKS_EVEN, HEARTS_EVEN, {"jacks": {"Ann": 2, "Bob": 3}}],
            "deal 3, no-jacks: jacks add up to 5, a deal has 4",
        ),
        (
            [{"tricks": {"Ann": 8, "Eve": 0}}],
            'deal 1, no-tricks: result.tricks: "Eve" is not a player',
        ),
        (
            [{"hearts": {"Ann": 8}}],
            "deal 1, no-tricks: result.hearts does not belong to no-tricks (it takes tricks)",
        ),
        (
            [*FULL[:3], {"king_of_hearts": "Eve"}],
            'deal 4, king-of-hearts: result.king_of_hearts: "Eve" is not a player',
        ),
        (
            [*FULL[:4], {"past_25": "Ann", "past_100": "Bob"}],
            "deal 5, hundred: result.past_50 is missing",
        ),
        (
            [*FULL[:5], {}],
            "deal 6, rosbiratschka: result.last is missing (who was left holding cards)",
        ),
        ([None], "deal 1, no-tricks: the result is missing (it takes tricks)"),
        ([*FULL, LAST], "deal 7: the game is complete after 6 deals"),
    ],
)
def test_counts_that_do_not_add_up_are_refused(results: list[Any], message: str) -> None:
    assert message in refused(game(results))


def test_contracts_out_of_order_are_refused() -> None:
    """Table: always in this order — a deal that names another contract is refused."""
    data = game([TRICKS_EVEN, JACKS_EVEN])
    data["deals"][1]["contract"] = "no-jacks"
    assert refused(data) == (
        "deal 2, no-jacks: out of order: the contracts come in a fixed order (no-tricks, "
        "no-hearts, no-jacks, king-of-hearts, hundred, rosbiratschka), so deal 2 is no-hearts"
    )
    data["deals"][1]["contract"] = "no-queens"
    assert refused(data).startswith('deal 2: "no-queens" is not a contract of Rosbiratschka')
    named = game(FULL, contracts=True)
    assert score(named).complete


def test_a_named_dealer_must_be_the_rotations() -> None:
    data = game([TRICKS_EVEN, HEARTS_EVEN])
    data["deals"][1]["dealer"] = "Bob"
    assert score(data).deals[1].dealer == "Bob"
    data["deals"][1]["dealer"] = "Cat"
    assert refused(data) == "deal 2, no-hearts: the dealer is Bob by the rotation, not Cat"


def test_player_count_must_match_the_rules() -> None:
    assert "are for 4 players, the game has 3" in refused(game([], players=["A", "B", "C"]))


def test_a_barbu_result_key_is_refused_by_the_schema() -> None:
    data = game([TRICKS_EVEN])
    data["deals"][0]["result"]["queens"] = {"Ann": 4}
    with pytest.raises(ScoresheetError, match=r"deal 1, result\.queens: unknown field"):
        record.from_data(data)


# -- rules files ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ranks": ["7", "8", "9", "10", "J", "Q", "K", "A", "A"]}, "a rank is listed twice"),
        ({"ranks": ["7", "X"]}, '"X" is not a rank'),
        ({"ranks": ["7", "8", "9", "10", "Q", "K", "A"]}, "no-jacks needs jacks in the deck"),
        ({"ranks": ["7", "8", "9", "10", "J", "Q", "A"]}, "king-of-hearts needs the K♥"),
        ({"card_points": {"A": 4}}, "the hundred can never pass 100: the pack holds 16 points"),
        ({"contracts": ["no-tricks", "no-tricks"]}, "a contract is listed twice"),
    ],
)
def test_inconsistent_rules_are_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rules_from_data({**PAGE_RULES, **change})


def test_a_missing_value_is_refused() -> None:
    values = {k: v for k, v in PAGE_RULES["values"].items() if k != "hundred"}
    with pytest.raises(ValueError, match='contract "hundred" has no value'):
        rules_from_data({**PAGE_RULES, "values": values})


def test_presets_are_found_by_game() -> None:
    assert {"rosbiratschka", "rosbiratschka-3"} <= set(list_presets("rosbiratschka"))
    assert "rosbiratschka" not in list_presets("barbu")


def test_a_full_rules_object_in_the_game_file() -> None:
    """A game file may carry the whole rules object instead of a preset name."""
    rules = registry.part("rosbiratschka", "views").rules_json(load_preset("rosbiratschka"))
    inline = score(game(FULL, rules=rules))
    assert inline.totals == score(game(FULL)).totals


def test_a_rules_object_may_leave_out_the_game() -> None:
    """In a Rosbiratschka game file, a rules object without ``"game"`` is this game's."""
    rules = dict(load_preset("rosbiratschka").data)
    del rules["game"]
    assert score(game(FULL, rules=rules)).totals == score(game(FULL)).totals


def test_barbu_rules_in_a_rosbiratschka_game_are_refused() -> None:
    data = game([])
    data["rules"] = "classic"
    assert refused(data) == (
        'game: rules: "classic" is a preset of barbu, not of rosbiratschka '
        "(rosbiratschka's presets: rosbiratschka-3, rosbiratschka)"
    )


def test_the_next_deal_may_only_be_the_next_contract() -> None:
    """What shell completion offers: the next contract alone; the status lists the rest."""
    result = score(game(FULL[:2]))
    assert result.contracts_left() == ["no-jacks"]
    assert result.still_to_play() == ["no-jacks", "king-of-hearts", "hundred", "rosbiratschka"]
    assert (result.next_dealer, result.next_leader) == ("Cat", "Dan")
    assert score(game(FULL)).contracts_left() == []
