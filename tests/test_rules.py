"""Rules presets: check totals follow from values and deck, options change any field."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.views import rules_json
from scoresheet.rules import check_players, list_presets, load_preset, presets_for, resolve
from tests.cli_helpers import assert_one_line_error, run
from tests.conftest import game, score

REQUIRED = [
    "classic",
    "pagat",
    "yale",
    "ravage-city",
    "ravage-city-36",
    "chinese-poker",
    "chinese-poker-balanced",
    "salad",
    "salad-5",
    "classic-3",
    "classic-5",
    "classic-6",
]


def test_every_required_preset_is_shipped() -> None:
    assert set(REQUIRED) <= set(list_presets("barbu"))


@pytest.mark.parametrize(
    ("preset", "totals"),
    [
        # rules page, section 2 (classic values, seed 000)
        (
            "classic",
            {
                "no-tricks": -26,
                "no-hearts": -30,
                "no-queens": -24,
                "no-king": -20,
                "no-last-two": -30,
                "trumps": 65,
                "dominoes": 65,
            },
        ),
        # section 2, Yale values
        ("yale", {"no-king": -15, "dominoes": 60}),
        # section 4, Ravage City table
        (
            "ravage-city",
            {
                "no-tricks": -39,
                "no-hearts": -30,
                "no-queens": -32,
                "no-king": -21,
                "no-last-two": -30,
                "ravage-city": -24,
                "trumps": 91,
                "dominoes": 85,
            },
        ),
        ("ravage-city-36", {"ravage-city": -36}),
        # section 4, Chinese Poker balanced preset
        (
            "chinese-poker-balanced",
            {
                "no-tricks": -39,
                "no-hearts": -30,
                "no-queens": -32,
                "no-king": -30,
                "no-last-two": -35,
                "ravage-city": -36,
                "trumps": 65,
                "dominoes": 65,
                "chinese-poker": None,
            },
        ),
        # section 4, Salad table (4 players)
        (
            "salad",
            {
                "no-tricks": -65,
                "no-last-trick": -30,
                "no-hearts": -130,
                "no-queens": -80,
                "no-king": -50,
                "salad": -355,
            },
        ),
        # section 4: for 5 players remove the black twos; no-tricks then totals -50
        ("salad-5", {"no-tricks": -50}),
    ],
)
def test_check_totals_follow_from_values_and_deck(
    preset: str, totals: dict[str, int | None]
) -> None:
    rules = load_preset(preset)
    for contract, total in totals.items():
        assert rules.contract_total(contract) == total, contract


def test_classic_negatives_and_positives_balance() -> None:
    """Rules page, section 2: negatives total -130, positives +130."""
    rules = load_preset("classic")
    negative = sum(t for c in rules.contracts if (t := rules.contract_total(c)) and t < 0)
    positive = sum(t for c in rules.contracts if (t := rules.contract_total(c)) and t > 0)
    assert (negative, positive) == (-130, 130)


def test_balanced_chinese_poker_is_202_each_way() -> None:
    """Rules page, section 4: the balanced preset is -202 / +202 with all 18 beats."""
    rules = load_preset("chinese-poker-balanced")
    totals = [rules.max_total(c) for c in rules.contracts]
    assert sum(t for t in totals if t < 0) == -202
    assert sum(t for t in totals if t > 0) == 202
    assert rules.max_total("chinese-poker") == 72
    assert not rules.zero_sum


@pytest.mark.parametrize(
    ("preset", "zero_sum"),
    [
        ("classic", True),
        ("pagat", True),
        ("yale", True),
        ("ravage-city", True),
        ("ravage-city-36", False),
        ("salad", False),
        ("chinese-poker", False),
    ],
)
def test_zero_sum_is_derived(preset: str, zero_sum: bool) -> None:
    assert load_preset(preset).zero_sum is zero_sum


def test_positive_contracts_are_derived_from_values() -> None:
    rules = load_preset("chinese-poker")
    assert rules.positive == {"trumps", "dominoes", "chinese-poker"}


def test_options_change_any_field() -> None:
    """The spec's example options: quick rotation, and other dominoes payouts."""
    rules = resolve(
        "classic", {"rotation": "every-deal", "values": {"dominoes": [40, 25, 10, -10]}}
    )
    assert rules.rotation == "every-deal"
    assert rules.contract_total("dominoes") == 65
    assert rules.values.dominoes == (40, 25, 10, -10)
    # the preset itself is untouched
    assert load_preset("classic").values.dominoes == (45, 20, 5, -5)


def test_option_merges_inside_a_table() -> None:
    rules = resolve("classic", {"values": {"no-hearts": {"ace_extra": 0}}})
    assert rules.contract_total("no-hearts") == -26


@pytest.mark.parametrize("preset", REQUIRED)
def test_rules_show_json_is_a_valid_rules_object(preset: str) -> None:
    full = rules_json(load_preset(preset))
    assert resolve(full) == load_preset(preset)


def test_full_rules_object_in_a_game_scores_like_the_preset() -> None:
    deal = {
        "contract": "no-king",
        "doubles": [{"by": "Bob", "double": ["Ann"]}],
        "result": {"king_of_hearts": "Cat"},
    }
    named = score(game([deal]))
    inline = score(game([deal], rules=rules_json(load_preset("classic"))))
    assert named.totals == inline.totals == {"Ann": 0, "Bob": 0, "Cat": -20, "Dan": 0}


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"values": {"dominoes": [40, 20, 10]}}, "one payout per player"),
        ({"values": {"no-king": None}}, "no-king"),
        ({"cards_per_player": 12}, "the deck has 52 cards"),
        ({"contracts": ["no-tricks", "no-tricks"]}, '"no-tricks" is listed twice'),
        (
            {"doubling": {"min_declarer_doubles": 8}},
            "8 doubles of a declarer cannot be made in the declarer's 7 deals",
        ),
        ({"name": "belote"}, "options: name is not a rule an option changes"),
        ({"game": "belote"}, "options: game is not a rule an option changes"),
        ({"rotation": "sometimes"}, "rotation"),
        ({"contracts": ["ravage-city"], "values": {"ravage-city": -21}}, "split equally"),
    ],
)
def test_bad_rules_are_refused(options: dict[str, object], fragment: str) -> None:
    with pytest.raises(ScoresheetError) as info:
        resolve("classic", options)
    assert fragment in str(info.value)


def test_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(ScoresheetError, match=r'no preset named "klassic".*classic'):
        load_preset("klassic")


def test_dominoes_and_trumps_are_positive_whatever_their_values() -> None:
    """Rules page, section 3, 3: trumps and dominoes are positive contracts (doubled only
    through the declarer, never split undoubled), even with payouts that sum to 0."""
    rules = resolve("classic", {"values": {"dominoes": [10, 0, 0, -10], "trumps": 0}})
    assert rules.is_positive("dominoes") and rules.is_positive("trumps")
    deal = {"contract": "dominoes", "result": {"order": ["Ann", "Bob", "Cat", "Dan"]}}
    options = {"values": {"dominoes": [10, 0, 0, -10]}}
    result = score(game([deal], options=options))
    assert not result.deals[0].split and result.deals[0].score["Ann"] == 10


def test_presets_by_player_count() -> None:
    """The Barbu presets for each count of players, and Rosbiratschka's, as shipped."""
    assert presets_for("barbu", 3) == ["classic-3"]
    assert presets_for("barbu", 5) == ["classic-5", "salad-5"]
    assert presets_for("barbu", 6) == ["classic-6"]
    assert "classic" in presets_for("barbu", 4) and "classic-5" not in presets_for("barbu", 4)
    assert presets_for("rosbiratschka", 3) == ["rosbiratschka-3"]
    assert presets_for("barbu", 7) == []


def test_a_player_count_the_rules_do_not_fit_names_the_presets_that_do() -> None:
    with pytest.raises(ScoresheetError) as info:
        score(game([], players=["A", "B", "C", "D", "E"]))
    assert str(info.value) == (
        "players: these rules (classic) are for 4 players, the game has 5; "
        "for 5 players: classic-5, salad-5"
    )
    with pytest.raises(ScoresheetError) as info:
        check_players(load_preset("classic-5"), 7)  # no preset for 7: the count alone
    assert str(info.value) == "players: these rules (classic-5) are for 5 players, the game has 7"
    check_players(load_preset("classic-6"), 6)  # fits: nothing said


def test_new_refuses_a_count_and_names_the_presets(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    line = assert_one_line_error(run("new", path, "--players", "A", "B", "C", "D", "E", "F"))
    assert line.endswith("the game has 6; for 6 players: classic-6"), line
    line = assert_one_line_error(
        run("new", path, "--rules", "rosbiratschka", "--players", "A", "B", "C")
    )
    assert line.endswith("the game has 3; for 3 players: rosbiratschka-3"), line
    assert not path.exists()
