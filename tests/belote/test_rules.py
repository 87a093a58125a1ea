"""Belote scoring, one test per rule and option of the rules page (``belote.md``).

Each test scores small games built deal by deal and checks every number the rule
decides. "Page" below quotes the rules page section the test follows.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoresheet import record
from scoresheet.errors import ScoresheetError
from scoresheet.games.belote.score import score_game
from scoresheet.partnership.score import GameScore, to_json

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]  # Ann & Cat are team 0, Bob & Dan team 1


def deal(contract: str, taker: str, **result: Any) -> dict[str, Any]:
    return {"contract": contract, "taker": taker, "result": result}


def game(
    deals: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    teams: list[list[str]] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "belote",
        "rules": "belote",
        "players": PLAYERS,
        "deals": deals,
    }
    if options:
        data["options"] = options
    if teams:
        data["teams"] = teams
    return data


def score(
    deals: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    teams: list[list[str]] | None = None,
) -> GameScore:
    return score_game(record.from_data(game(deals, options, teams)))


def refused(deals: list[dict[str, Any]], options: dict[str, Any] | None = None) -> str:
    with pytest.raises(ScoresheetError) as info:
        score(deals, options)
    return str(info.value)


# -- made, dedans, belote ------------------------------------------------------------------


def test_made_the_issue_example() -> None:
    """Bob takes hearts; Bob & Dan take 90 card points, the last trick (10) and belote (20):
    120 against 62, made; both teams score what they took."""
    d = score([deal("hearts", "Bob", points=[62, 90], last_trick=1, belote=1)]).deals[0]
    assert d.taking_team == 1
    assert d.taken == (62, 100)
    assert d.deal_points == (62, 120)
    assert (d.outcome, d.score) == ("made", (62, 120))


def test_belote_counts_in_the_comparison() -> None:
    """Page: made if the takers' total, belote included, is strictly greater."""
    without = score([deal("hearts", "Ann", points=[72, 80], last_trick=1)]).deals[0]
    assert (without.deal_points, without.outcome) == ((72, 90), "dedans")
    with_belote = score([deal("hearts", "Ann", points=[72, 80], last_trick=1, belote=0)]).deals[0]
    assert (with_belote.deal_points, with_belote.outcome) == ((92, 90), "made")
    assert with_belote.score == (92, 90)


def test_dedans_defenders_take_162_and_belote_stays() -> None:
    """Page: dedans — the defenders score 162 (plus their own belote), the takers only
    their belote."""
    takers_belote = score([deal("diamonds", "Bob", points=[90, 62], last_trick=0, belote=1)])
    d = takers_belote.deals[0]
    assert d.deal_points == (100, 82)
    assert (d.outcome, d.score) == ("dedans", (162, 20))
    defenders_belote = score([deal("diamonds", "Bob", points=[90, 62], last_trick=0, belote=0)])
    assert defenders_belote.deals[0].score == (182, 0)


def test_dedans_gives_the_defenders_the_last_trick_they_did_not_take() -> None:
    """Whoever took the last trick, a dedans gives the defenders the whole 162."""
    d = score([deal("spades", "Cat", points=[60, 92], last_trick=0)]).deals[0]
    assert d.deal_points == (70, 92)
    assert (d.outcome, d.score) == ("dedans", (0, 162))


# -- capot ---------------------------------------------------------------------------------


def test_capot_scores_252() -> None:
    """Page: a team that takes all 8 tricks scores 252 (the last trick worth 100)."""
    d = score([deal("all-trumps", "Bob", points=[0, 152], capot=1)]).deals[0]
    assert d.last_trick == 1
    assert (d.outcome, d.score) == ("made", (0, 252))
    with_belote = score([deal("hearts", "Bob", points=[0, 152], capot=1, belote=1)])
    assert with_belote.deals[0].score == (0, 272)


def test_capot_option_250() -> None:
    d = score([deal("clubs", "Ann", points=[152, 0], capot=0)], {"capot": 250}).deals[0]
    assert d.score == (250, 0)


def test_capot_by_the_defenders_is_a_dedans_worth_the_capot() -> None:
    """The defenders take every trick: the takers are dedans, the defenders score 252;
    the takers keep their belote."""
    d = score([deal("hearts", "Ann", points=[0, 152], capot=1, belote=0)]).deals[0]
    assert (d.outcome, d.score) == ("dedans", (20, 252))


def test_capot_from_cards() -> None:
    """Captured cards: one team with all 32 cards is the capot."""
    from scoresheet.partnership.rules import DECK

    every = " ".join(str(c) for c in DECK)
    d = score([deal("spades", "Dan", cards=["", every], capot=1)]).deals[0]
    assert (d.points, d.score, d.from_cards) == ((0, 152), (0, 252), True)


# -- litige ----------------------------------------------------------------------------------


def test_litige_points_are_held_and_go_to_the_next_contract_made() -> None:
    """Page: a tie (81–81) is a litige: the defenders score theirs now, the takers' points
    are held and go to the team that makes the next contract."""
    tie = deal("no-trumps", "Dan", points=[81, 71], last_trick=1)
    g = score([tie, deal("spades", "Cat", points=[100, 52], last_trick=0)])
    first, second = g.deals
    assert first.deal_points == (81, 81)
    assert (first.outcome, first.score, first.held, first.pending) == (
        "litige",
        (81, 0),
        81,
        0 + 81,
    )
    assert second.released == (81, 0)
    assert (second.score, second.pending) == ((110 + 81, 52), 0)
    assert g.team_totals == (81 + 191, 52)
    assert sum(first.score) + sum(second.score) == 162 * 2


def test_litige_goes_to_whichever_team_makes_the_next_contract() -> None:
    tie = deal("no-trumps", "Dan", points=[81, 71], last_trick=1)
    g = score([tie, deal("hearts", "Bob", points=[62, 90], last_trick=1)])
    assert g.deals[1].released == (0, 81)
    assert g.deals[1].score == (62, 100 + 81)


def test_litige_waits_through_a_dedans_and_accumulates() -> None:
    """A dedans is not a contract made: the held points wait; a second litige adds its own."""
    tie_a = deal("no-trumps", "Dan", points=[81, 71], last_trick=1)
    dedans = deal("diamonds", "Bob", points=[90, 62], last_trick=0)
    tie_b = deal("hearts", "Ann", points=[61, 91], last_trick=0, belote=0)
    made = deal("clubs", "Bob", points=[40, 112], last_trick=1)
    g = score([tie_a, dedans, tie_b, made])
    a, b, c, d = g.deals
    assert (a.held, a.pending) == (81, 81)
    assert (b.outcome, b.released, b.pending, b.score) == ("dedans", (0, 0), 81, (162, 0))
    # Takers' 61 + 10 + belote 20 = 91 against 91: belote stays with them, 71 is held.
    assert (c.outcome, c.score, c.held, c.pending) == ("litige", (20, 91), 71, 152)
    assert (d.released, d.score, d.pending) == ((0, 152), (40, 122 + 152), 0)
    assert g.pending == 0


def test_litige_option_next_deal_winner_gives_them_to_defenders_of_a_dedans() -> None:
    tie = deal("no-trumps", "Dan", points=[81, 71], last_trick=1)
    dedans = deal("diamonds", "Bob", points=[90, 62], last_trick=0)
    g = score([tie, dedans], {"litige_to": "next-deal-winner"})
    assert g.deals[1].released == (81, 0)
    assert g.deals[1].score == (162 + 81, 0)


def test_tie_option_dedans() -> None:
    """Option: a tie counts as dedans."""
    d = score([deal("no-trumps", "Dan", points=[81, 71], last_trick=1)], {"tie": "dedans"}).deals[0]
    assert (d.outcome, d.score, d.held) == ("dedans", (162, 0), 0)


def test_points_still_held_at_the_end_are_reported() -> None:
    g = score([deal("no-trumps", "Dan", points=[81, 71], last_trick=1)])
    assert g.pending == 81
    out = to_json(g)
    assert out["held"] == 81
    assert out["deals"][0]["outcome"] == "litige" and out["deals"][0]["held"] == 81


# -- rounding ----------------------------------------------------------------------------------


def test_rounding_to_the_nearest_10_five_rounding_up() -> None:
    """Option: each deal's scores to the nearest 10, 5 rounding up."""
    opts = {"rounding": "nearest-10"}
    made = score([deal("hearts", "Bob", points=[62, 90], last_trick=1, belote=1)], opts).deals[0]
    assert (made.raw, made.rounded, made.score) == ((62, 120), (60, 120), (60, 120))
    five = score([deal("spades", "Ann", points=[75, 77], last_trick=0)], opts).deals[0]
    assert (five.raw, five.score) == ((85, 77), (90, 80))
    dedans = score([deal("spades", "Cat", points=[60, 92], last_trick=0)], opts).deals[0]
    assert dedans.score == (0, 160)
    tie = deal("no-trumps", "Dan", points=[81, 71], last_trick=1)
    g = score([tie, deal("spades", "Cat", points=[100, 52], last_trick=0)], opts)
    assert (g.deals[0].score, g.deals[0].held) == ((80, 0), 80)
    assert g.deals[1].score == (110 + 80, 50)


# -- declarations ------------------------------------------------------------------------------

DECL = {"declarations": True}


def decl(team: int, kind: str, rank: str) -> dict[str, Any]:
    return {"team": team, "kind": kind, "rank": rank}


def _with(declarations: list[dict[str, Any]]) -> Any:
    return score(
        [deal("hearts", "Bob", points=[62, 90], last_trick=1, declarations=declarations)], DECL
    ).deals[0]


def test_only_the_team_with_the_best_declaration_scores() -> None:
    """Page: only the team with the best declaration scores its declarations."""
    d = _with([decl(0, "tierce", "K"), decl(1, "tierce", "Q")])
    assert (d.declared, d.declarations_scored) == ((20, 20), (20, 0))
    assert d.score == (62 + 20, 100)


def test_the_best_team_scores_all_its_declarations() -> None:
    d = _with([decl(1, "cinquante", "A"), decl(1, "tierce", "9"), decl(0, "tierce", "A")])
    assert d.declarations_scored == (0, 70)
    assert d.score == (62, 170)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        (decl(0, "cinquante", "10"), decl(1, "tierce", "A")),  # value
        (decl(0, "cent", "J"), decl(1, "cinquante", "A")),
        (decl(0, "carre", "J"), decl(1, "carre", "9")),  # 200 against 150
        (decl(0, "carre", "9"), decl(1, "cent", "A")),
        (decl(0, "carre", "A"), decl(1, "cent", "A")),  # equal value: a carré first
        (decl(0, "carre", "A"), decl(1, "carre", "10")),  # then trick order
        (decl(0, "carre", "K"), decl(1, "carre", "Q")),
        (decl(0, "tierce", "A"), decl(1, "tierce", "K")),  # a sequence by its top card
        (decl(0, "cent", "A"), decl(1, "cent", "K")),
    ],
)
def test_declarations_comparison(better: dict[str, Any], worse: dict[str, Any]) -> None:
    for order in ([better, worse], [worse, better]):
        d = _with(order)
        assert d.declarations_scored[0] == d.declared[0] > 0
        assert d.declarations_scored[1] == 0


def test_equal_best_declarations_score_nothing() -> None:
    """Choice: two equal best declarations (no suits are reported): neither team scores."""
    d = _with([decl(0, "tierce", "K"), decl(1, "tierce", "K")])
    assert d.declarations_scored == (0, 0)


def test_declaration_values() -> None:
    """Page: tierce 20, cinquante 50, cent 100, four jacks 200, four nines 150, four aces,
    tens, kings, queens 100."""
    cases = {
        ("tierce", "9"): 20,
        ("cinquante", "10"): 50,
        ("cent", "J"): 100,
        ("carre", "J"): 200,
        ("carre", "9"): 150,
        ("carre", "A"): 100,
        ("carre", "10"): 100,
        ("carre", "K"): 100,
        ("carre", "Q"): 100,
    }
    for (kind, rank), value in cases.items():
        assert _with([decl(1, kind, rank)]).declarations_scored == (0, value)


def test_declarations_decide_whether_the_contract_is_made_and_go_to_the_defenders() -> None:
    """The takers' 82 + a tierce (102) beat 80; a dedans gives the defenders the scored
    declarations, whoever declared them."""
    made = score(
        [
            deal(
                "spades",
                "Ann",
                points=[82, 70],
                last_trick=1,
                declarations=[decl(0, "tierce", "K")],
            )
        ],
        DECL,
    ).deals[0]
    assert (made.deal_points, made.outcome) == ((102, 80), "made")
    dedans = score(
        [
            deal(
                "spades",
                "Ann",
                points=[60, 92],
                last_trick=1,
                declarations=[decl(0, "tierce", "K")],
            )
        ],
        DECL,
    ).deals[0]
    assert (dedans.outcome, dedans.score) == ("dedans", (0, 162 + 20))


def test_declarations_are_refused_when_the_rules_do_not_use_them() -> None:
    message = refused(
        [
            deal(
                "hearts",
                "Bob",
                points=[62, 90],
                last_trick=1,
                declarations=[decl(0, "tierce", "K")],
            )
        ]
    )
    assert message == (
        "deal 1, hearts: these rules have no declarations (the option declarations is off)"
    )


@pytest.mark.parametrize(
    ("declarations", "message"),
    [
        ([decl(0, "carre", "8")], "four 8s score nothing in these rules"),
        ([decl(0, "tierce", "8")], "a tierce is 3 cards in sequence; it cannot end at 8"),
        ([decl(0, "cent", "10")], "a cent is 5 or more cards in sequence; it cannot end at 10"),
        ([decl(0, "carre", "J"), decl(1, "carre", "J")], "four Js are declared twice"),
        ([decl(0, "tierce", "X")], '"X" is not a rank of the 32-card deck (7 to A)'),
    ],
)
def test_impossible_declarations_are_refused(
    declarations: list[dict[str, Any]], message: str
) -> None:
    got = refused(
        [deal("hearts", "Bob", points=[62, 90], last_trick=1, declarations=declarations)], DECL
    )
    assert got.startswith("deal 1, hearts, declarations entry ")
    assert got.endswith(message)


# -- belote by contract --------------------------------------------------------------------------


def test_belote_needs_a_trump_suit() -> None:
    assert refused([deal("no-trumps", "Ann", points=[80, 72], last_trick=0, belote=0)]) == (
        "deal 1, no-trumps: no belote in No Trumps: there is no trump suit"
    )
    assert refused([deal("all-trumps", "Ann", points=[80, 72], last_trick=0, belote=0)]) == (
        "deal 1, all-trumps: no belote in All Trumps: these rules have no belote in All Trumps"
    )
    allowed = score(
        [deal("all-trumps", "Ann", points=[80, 72], last_trick=0, belote=0)],
        {"belote_all_trumps": True},
    )
    assert allowed.deals[0].score == (110, 72)


# -- the game ------------------------------------------------------------------------------------


def test_first_team_to_reach_the_target_wins() -> None:
    opts = {"target": 150}
    g = score([deal("hearts", "Bob", points=[62, 90], last_trick=1, belote=1)], opts)
    assert (g.winner, g.complete) == (None, False)
    g = score(
        [
            deal("hearts", "Bob", points=[62, 90], last_trick=1, belote=1),
            deal("spades", "Cat", points=[100, 52], last_trick=0),
        ],
        opts,
    )
    assert g.team_totals == (172, 172)
    # Both crossed 150 with equal totals: play on.
    assert (g.winner, g.complete) == (None, False)


def test_both_teams_cross_the_target_on_one_deal_the_higher_total_wins() -> None:
    """Page: if both cross it on the same deal, the higher total wins; if equal, play on."""
    opts = {"target": 100}
    first = deal("hearts", "Ann", points=[76, 76], last_trick=0)  # 86 / 76
    both_higher = deal("spades", "Bob", points=[60, 92], last_trick=1)  # 146 / 178
    g = score([first, both_higher], opts)
    assert g.team_totals == (146, 178)
    assert (g.winner, g.won_at, g.complete) == (1, 2, True)
    both_equal = deal("spades", "Bob", points=[76, 76], last_trick=1)  # 162 / 162
    g = score([first, both_equal], opts)
    assert g.team_totals == (162, 162)
    assert (g.winner, g.complete) == (None, False)
    g = score([first, both_equal, deal("clubs", "Cat", points=[100, 52], last_trick=0)], opts)
    assert (g.winner, g.won_at, g.team_totals) == (0, 3, (272, 214))
    out = to_json(g)
    assert out["winner"] == 0 and out["complete"] is True
    assert out["team_totals"] == [272, 214]
    assert out["totals"] == {"Ann": 272, "Bob": 214, "Cat": 272, "Dan": 214}


def test_a_deal_after_the_game_is_won_is_refused() -> None:
    opts = {"target": 100}
    deals = [
        deal("hearts", "Ann", points=[76, 76], last_trick=0),
        deal("spades", "Bob", points=[60, 92], last_trick=1),
        deal("clubs", "Cat", points=[100, 52], last_trick=0),
    ]
    assert refused(deals, opts) == (
        "deal 3: the game is over: Bob & Dan won at deal 2 (178 to 146)"
    )


def test_the_default_target_is_1000() -> None:
    g = score([deal("all-trumps", "Bob", points=[0, 152], capot=1)] * 4)
    assert (g.team_totals, g.winner) == ((0, 1008), 1)


# -- dealers and teams ---------------------------------------------------------------------------


def test_the_deal_passes_to_the_right_by_default() -> None:
    """Choice: players[0] deals first, then the deal passes counter-clockwise (to the
    dealer's right, the previous player in seating order); option: clockwise."""
    d = deal("hearts", "Bob", points=[62, 90], last_trick=1)
    assert [x.dealer for x in score([d] * 5).deals] == ["Ann", "Dan", "Cat", "Bob", "Ann"]
    clockwise = score([d] * 5, {"rotation": "clockwise"})
    assert [x.dealer for x in clockwise.deals] == ["Ann", "Bob", "Cat", "Dan", "Ann"]
    # A named dealer re-anchors the rotation (hands thrown in before the deal); only a
    # name that is no player's is refused.
    assert [x.dealer for x in score([{**d, "dealer": "Bob"}, d]).deals] == ["Bob", "Ann"]
    assert refused([{**d, "dealer": "Zed"}]) == (
        'deal 1, hearts: the dealer "Zed" is not a player (Ann, Bob, Cat, Dan)'
    )


def test_teams_default_and_given() -> None:
    d = deal("hearts", "Bob", points=[62, 90], last_trick=1)
    assert score([d]).teams == (("Ann", "Cat"), ("Bob", "Dan"))
    g = score([d], teams=[["Ann", "Bob"], ["Cat", "Dan"]])
    assert g.deals[0].taking_team == 0
    assert (g.deals[0].outcome, g.deals[0].score) == ("dedans", (0, 162))
    assert g.totals == {"Ann": 0, "Bob": 0, "Cat": 162, "Dan": 162}


def test_the_preset_as_text_and_as_a_full_rules_object(tmp_path: Any) -> None:
    """What ``rules show`` needs: the tables with their totals derived from them, and a
    rules object a game file may carry instead of the preset's name."""
    from scoresheet.partnership import views as belote
    from scoresheet.rules import load_preset

    rules = load_preset("belote")
    text = belote.rules_text(rules)
    assert "first team to 1000" in text
    assert "         62     30         38          38" in text
    assert "spades, hearts, diamonds, clubs, no-trumps, all-trumps: 152 card points, 162" in text
    inline = game([deal("hearts", "Bob", points=[62, 90], last_trick=1)])
    inline["rules"] = belote.rules_json(rules)
    assert score_game(record.from_data(inline)).team_totals == (62, 100)
