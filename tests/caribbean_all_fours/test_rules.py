"""Caribbean All Fours scoring: the rules page's worked example, every kind of point, every
option, the edges (a lone trump, a kicked jack, a jack not dealt, a tied Game, a kick that
ends the game, running the pack twice) and the refusals, each with a clear message.

The rules page is ``caribbean-all-fours.md`` (Board Game Arena's help, newest revision,
checked against pagat's "All Fours in Trinidad").
"""

from __future__ import annotations

from typing import Any

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.games.caribbean_all_fours.entry import deal_from_sets
from scoresheet.games.caribbean_all_fours.score import (
    GameScore,
    dealer_of,
    game_file,
    score_game,
    to_json,
)
from scoresheet.rules import load_preset

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]  # teams: A = Ann & Cat, B = Bob & Dan
A, B = 0, 1


def game(
    deals: list[dict[str, Any]],
    *,
    options: dict[str, Any] | None = None,
    teams: list[list[str]] | None = None,
    rules: str | dict[str, Any] = "caribbean-all-fours",
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "caribbean-all-fours",
        "rules": rules,
        "players": PLAYERS,
        "deals": deals,
    }
    if options is not None:
        data["options"] = options
    if teams is not None:
        data["teams"] = teams
    return data


def score(data: dict[str, Any]) -> GameScore:
    result = score_game(game_file(data))
    assert isinstance(result, GameScore)
    return result


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ScoresheetError) as info:
        score(data)
    return str(info.value)


def deal(
    turn_ups: list[str] | str = "5D",
    beg: str | None = "stand",
    *,
    high: str | None = "Ann",
    low: str | None = "Bob",
    jack: tuple[str, str] | None = None,
    gp: tuple[int, int] = (30, 30),
    **extra: Any,
) -> dict[str, Any]:
    """A deal; by default nothing is kicked, High to A, Low to B, Game tied (nobody)."""
    d: dict[str, Any] = {"turn_ups": [turn_ups] if isinstance(turn_ups, str) else turn_ups}
    if beg is not None:
        d["beg"] = beg
    d["result"] = {
        "high": high,
        "low": low,
        "jack": None if jack is None else {"holder": jack[0], "won_by": jack[1]},
        "game_points": list(gp),
    }
    d.update(extra)
    return d


def even(n: int) -> list[dict[str, Any]]:
    """``n`` deals in which each team scores exactly one point (High A, Low B, Game tied)."""
    return [deal() for _ in range(n)]


def points(result: GameScore, number: int = -1) -> list[tuple[str, int, int, bool]]:
    d = result.deals[number]
    return [(p.kind, p.team, p.points, p.counted) for p in d.points]


# -- the worked example ----------------------------------------------------------------


def test_worked_example_high_wins_at_13_all() -> None:
    """Rules page, "Winning": both teams on 13; no kick, the first turn-up stands. Team A
    holds High and reaches 14; team B would take Low, Jack and Game, but A has won."""
    before = score(game(even(13)))
    assert before.team_totals == (13, 13) and before.winner is None
    last = deal(high="Cat", low="Dan", jack=("Bob", "Dan"), gp=(20, 50))
    result = score(game([*even(13), last]))
    assert points(result) == [
        ("high", A, 1, True),
        ("low", B, 1, False),
        ("jack", B, 1, False),
        ("game", B, 1, False),
    ]
    assert result.winner == A
    assert result.team_totals == (14, 13)
    assert result.complete and result.won_in == 14


# -- each kind of point ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"), [("AS", 1), ("6H", 2), ("JD", 3), ("2C", 0), ("KS", 0), ("TD", 0)]
)
def test_kick_scores_for_the_dealers_team(card: str, value: int) -> None:
    """Rules, 1: Ace +1, Six +2, Jack +3 for the dealer's team (Ann deals deal 1)."""
    result = score(game([deal(card, jack=None)]))
    kicks = [p for p in result.deals[0].points if p.kind == "kick"]
    assert [(p.team, p.points, p.card) for p in kicks] == ([(A, value, card)] if value else [])


def test_kick_goes_to_the_dealers_team_whoever_deals() -> None:
    """Deal 2 is dealt by Dan (the dealer passes to the right): his team kicks."""
    result = score(game([deal(), deal("AS")]))
    assert result.deals[1].dealer == "Dan"
    assert points(result)[0] == ("kick", B, 1, True)


def test_beg_take_one_scores_for_the_non_dealers() -> None:
    """Rules, 2: the dealer keeps the suit after a beg, "take one": the other team +1."""
    result = score(game([deal(beg="take-one")]))
    assert points(result)[0] == ("beg", B, 1, True)


def test_high_and_low_go_to_whoever_was_dealt_them() -> None:
    result = score(game([deal(high="Dan", low="Cat", gp=(30, 30))]))
    assert points(result) == [("high", B, 1, True), ("low", A, 1, True)]


def test_lone_trump_is_both_high_and_low() -> None:
    """Rules: "a lone trump is both High and Low": with the captured cards given, a single
    trump in play must be High and Low for one player, who scores both."""
    a_cards = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"  # 20 card points
    b_cards = "AH KH QH TH 9H 8H 7H 6H 5H 4H 3H 2D"  # 19, and the only diamond
    cards = deal("5D", high="Bob", low="Bob")
    del cards["result"]["game_points"]
    cards["result"]["cards"] = [a_cards, b_cards]
    result = score(game([cards]))
    assert points(result) == [("high", B, 1, True), ("low", B, 1, True), ("game", A, 1, True)]
    cards["result"]["low"] = "Ann"
    assert "the only trump in play (2D) is both High and Low" in refused(game([cards]))


def test_jack_won_by_its_holders_side_scores_one() -> None:
    result = score(game([deal(jack=("Bob", "Dan"))]))
    assert points(result)[-1] == ("jack", B, 1, True)


def test_hang_jack_scores_three_for_the_captors() -> None:
    """Rules, 5: the opponents capture the holder's jack: the capturing team +3."""
    result = score(game([deal(jack=("Bob", "Cat"))]))
    assert points(result)[-1] == ("hang-jack", A, 3, True)


def test_jack_not_dealt_scores_nothing() -> None:
    result = score(game([deal(jack=None)]))
    assert all(p.kind not in ("jack", "hang-jack") for p in result.deals[0].points)


def test_kicked_jack_scores_the_kick_but_no_jack_point() -> None:
    """Rules, 1: a kicked card is out of play, so a kicked jack cannot score the Jack."""
    result = score(game([deal("JS", jack=None)]))
    assert points(result) == [("kick", A, 3, True), ("high", A, 1, True), ("low", B, 1, True)]
    message = refused(game([deal("JS", jack=("Dan", "Ann"))]))
    assert (
        message == "deal 1, result.jack: JS was turned up, so it was not dealt: jack must be none"
    )


def test_game_point_to_the_team_with_more_card_points() -> None:
    result = score(game([deal(gp=(38, 41))]))
    assert points(result)[-1] == ("game", B, 1, True)


def test_tied_game_scores_nothing_by_default() -> None:
    result = score(game([deal(gp=(35, 35))]))
    assert [p.kind for p in result.deals[0].points] == ["high", "low"]


@pytest.mark.parametrize(("rule", "team"), [("dealer", A), ("non-dealer", B)])
def test_tied_game_option(rule: str, team: int) -> None:
    result = score(game([deal(gp=(35, 35))], options={"tied_game": rule}))
    assert points(result)[-1] == ("game", team, 1, True)


def test_no_trump_dealt_scores_no_high_or_low() -> None:
    result = score(game([deal(high=None, low=None, gp=(30, 20))]))
    assert points(result) == [("game", A, 1, True)]


# -- options ---------------------------------------------------------------------------


def test_tobago_two_kicks_instead_of_six() -> None:
    """Rules, 1, option tobago: the Two scores 2 instead of the Six."""
    two = score(game([deal("2S")], options={"tobago": True}))
    six = score(game([deal("6S")], options={"tobago": True}))
    assert points(two)[0] == ("kick", A, 2, True)
    assert [p.kind for p in six.deals[0].points] == ["high", "low"]
    preset = load_preset("caribbean-all-fours-tobago")
    assert preset.tobago and preset.kick == {14: 1, 11: 3, 2: 2}


def test_target_seven() -> None:
    result = score(game([*even(6), deal()], options={"target": 7}))
    assert result.winner == A and result.team_totals == (7, 6)
    assert load_preset("caribbean-all-fours-7").target == 7


def test_older_jack_rule_gives_one_to_the_captors() -> None:
    """Older revisions of the source: +1 to whichever team captures the jack."""
    result = score(game([deal(jack=("Bob", "Cat"))], options={"jack_rule": "captor"}))
    assert points(result)[-1] == ("jack", A, 1, True)


def test_kicks_on_re_turned_cards_option() -> None:
    """Rules, 2: every turn-up scores (default); option: only the first and a new suit."""
    run = deal(["AH", "6H", "JS"], "run", jack=None, gp=(40, 30))
    every = score(game([run]))
    assert [(p.card, p.points) for p in every.deals[0].points if p.kind == "kick"] == [
        ("AH", 1),
        ("6H", 2),
        ("JS", 3),
    ]
    new = score(game([run], options={"kick_returns": "new-suit"}))
    assert [(p.card, p.points) for p in new.deals[0].points if p.kind == "kick"] == [
        ("AH", 1),
        ("JS", 3),
    ]


def test_rule_values_are_data() -> None:
    result = score(game([deal(jack=("Bob", "Cat"))], options={"values": {"hang_jack": 4}}))
    assert points(result)[-1] == ("hang-jack", A, 4, True)


# -- edges -----------------------------------------------------------------------------


def test_kick_ends_the_game_before_any_card_is_played() -> None:
    """Rules, "Winning": kick points can end a game before any card is played: the deal
    has no result and no beg, and no deal comes after it."""
    lead = [*even(11), deal(high="Ann", low="Cat")]  # A 13, B 11
    before = score(game(lead))
    assert before.team_totals == (13, 11)
    number = len(lead) + 1
    assert dealer_of(PLAYERS, number) == "Ann"  # deal 13: Ann deals
    kick = {"turn_ups": ["AS"]}
    result = score(game([*lead, kick]))
    assert result.winner == A and result.team_totals == (14, 11)
    assert result.deals[-1].ended_before_play and not result.deals[-1].played
    with_result = {**kick, "beg": "stand", "result": deal()["result"]}
    assert "leave out beg" in refused(game([*lead, with_result]))
    assert "leave out the result" in refused(game([*lead, {**kick, "result": deal()["result"]}]))
    after = refused(game([*lead, kick, deal()]))
    assert after == (
        "deal 14: the game was won in deal 13 (Ann & Cat reached 14); no deal comes after it"
    )


def test_kick_in_a_run_ends_the_game() -> None:
    """A kick while the pack is run ends the game at once: no card is turned after it."""
    lead = [*even(11), deal(high="Ann", low="Cat")]  # A 13, B 11; deal 13: Ann deals
    run = {"turn_ups": ["5H", "6H"], "beg": "run"}  # the Six kicks 2 in the first suit
    result = score(game([*lead, run]))
    assert result.winner == A and points(result) == [("kick", A, 2, True)]
    longer = {"turn_ups": ["5H", "6H", "KD"], "beg": "run"}
    assert "the kick of 6H ended the game" in refused(game([*lead, longer]))


def test_take_one_can_end_the_game() -> None:
    lead = [*even(11), deal(high="Bob", low="Dan")]  # A 11, B 13; deal 13: Ann deals
    result = score(game([*lead, {"turn_ups": ["5H"], "beg": "take-one"}]))
    assert result.winner == B and result.team_totals == (11, 14)
    assert "the beg point ended the game" in refused(
        game([*lead, {"turn_ups": ["5H"], "beg": "take-one", "result": deal()["result"]}])
    )


def test_running_the_pack_twice() -> None:
    """Rules, 2: new cards are turned while of the first card's suit; 3 turn-ups at most
    (6 cards each, then 3 more twice: 48 dealt + 3 turned = 51 of 52)."""
    result = score(game([deal(["AH", "7H", "KD"], "run", gp=(40, 30))]))
    d = result.deals[0]
    assert d.trump == "D" and len(d.turn_ups) == 3
    assert points(result) == [
        ("kick", A, 1, True),
        ("high", A, 1, True),
        ("low", B, 1, True),
        ("game", A, 1, True),
    ]
    message = refused(game([deal(["AH", "7H", "2H", "KD"], "run")]))
    assert "4 cards turned up, but the pack runs out after 3" in message


def test_points_after_the_win_are_listed_not_counted() -> None:
    """Points are scored strictly in order; a hang jack can overshoot the target."""
    lead = even(12)  # 12-12
    last = deal(high="Dan", low="Ann", jack=("Cat", "Bob"), gp=(10, 60))
    result = score(game([*lead, last]))
    assert points(result) == [
        ("high", B, 1, True),
        ("low", A, 1, True),
        ("hang-jack", B, 3, True),
        ("game", B, 1, False),
    ]
    assert result.team_totals == (13, 16) and result.winner == B


# -- the turn-ups and the beg must agree ----------------------------------------------


@pytest.mark.parametrize(
    ("turn_ups", "beg", "message"),
    [
        (["AH", "KD"], "stand", "2 cards turned up, but the pack is run only when"),
        (["AH", "KD"], "take-one", "(beg: run, not take-one)"),
        (["AH"], "run", "beg is run, but only one card was turned up"),
        (["AH", "7H"], "run", "the last card turned up (7H) is a heart like the first"),
        (["AH", "KD", "7C"], "run", "turn-up 2 (KD) is not a heart like the first"),
        (["AH", "AH"], "run", "AH is turned up twice"),
        (["AH"], None, "beg is missing"),
        (["1X"], "stand", 'turn-up 1: not a card: "1X"'),
    ],
)
def test_turn_ups_and_beg_refused(turn_ups: list[str], beg: str | None, message: str) -> None:
    assert message in refused(game([deal(turn_ups, beg)]))


def test_dealer_follows_the_rotation() -> None:
    """The dealer starts with players[0] and passes to the right (anticlockwise)."""
    result = score(game(even(5)))
    assert [d.dealer for d in result.deals] == ["Ann", "Dan", "Cat", "Bob", "Ann"]
    assert score(game([deal(dealer="Ann")])).deals[0].dealer == "Ann"
    assert refused(game([deal(dealer="Bob")])) == (
        "deal 1: the dealer is Ann by the rotation, not Bob"
    )


# -- the result ------------------------------------------------------------------------


def test_result_refusals() -> None:
    missing = deal()
    del missing["result"]
    assert refused(game([missing])).startswith("deal 1: the result is missing")
    no_low = deal()
    del no_low["result"]["low"]
    assert "result.low is missing" in refused(game([no_low]))
    assert 'result.high: "Eve" is not a player' in refused(game([deal(high="Eve")]))
    assert "high and low are both null" in refused(game([deal(high=None)]))
    assert "the trump jack was dealt, so high and low" in refused(
        game([deal(high=None, low=None, jack=("Ann", "Ann"))])
    )
    both = deal()
    both["result"]["cards"] = ["AS", "KS"]
    assert "give game_points or cards, not both" in refused(game([both]))


def test_game_points_against_the_pack() -> None:
    """The card points (10s 10, A 4, K 3, Q 2, J 1: 80 in the pack) must fit the cards
    in play: the turned-up cards are out of play, the undealt ones hold only so much."""
    assert score(game([deal("5D", gp=(40, 40))])).deals[0].game_points == (40, 40)
    message = refused(game([deal("TD", gp=(40, 40))]))
    assert message == (
        "deal 1, result.game_points: 40 + 40 = 80 card points, but the cards in play hold at "
        "most 70 (80 in the pack, 10 in the cards turned up)"
    )
    # Run twice: 48 cards dealt, 3 turned, 1 left undealt: at most 10 points are missing.
    message = refused(game([deal(["AH", "7H", "KD"], "run", gp=(30, 30))]))
    assert message == (
        "deal 1, result.game_points: 30 + 30 = 60 card points, but the 1 card not dealt "
        "holds at most 10, so the tricks hold at least 63"
    )


def _full_cards() -> list[str]:
    """24 cards captured (no run; diamonds are trumps): A holds the tens and the JD."""
    a = "TS TH TD TC AS KS QS JD 9S 8S 7S 6S"
    b = "AH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2H"
    return [a, b]


def test_captured_cards_give_the_game_points() -> None:
    d = deal("2D", high="Cat", low="Ann", jack=("Cat", "Ann"))
    del d["result"]["game_points"]
    d["result"]["cards"] = _full_cards()
    result = score(game([d]))
    assert result.deals[0].game_points == (50, 10)
    assert points(result)[-1] == ("game", A, 1, True)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda c: [c[0] + " AH", c[1]], "AH is listed twice"),
        (lambda c: [c[0].replace("6S", "2D"), c[1]], "2D was turned up, so it was not played"),
        (lambda c: [c[0] + " 2C", c[1]], "captured 13 cards, which is not a whole number"),
        (lambda c: [c[0] + " 2C 3C 4C 5C", c[1]], "28 cards captured, but 4 players × 6 cards"),
        (
            lambda c: [c[0].replace("JD", "JC").replace("9S", "9D"), c[1]],
            "JD is not among the captured cards",
        ),
        (lambda c: [c[0].replace("AS", "ZZ"), c[1]], 'result.cards[0]: not a card: "ZZ"'),
    ],
)
def test_captured_cards_refused(change: Any, message: str) -> None:
    d = deal("2D", high="Cat", low="Ann", jack=("Cat", "Ann"))
    del d["result"]["game_points"]
    d["result"]["cards"] = change(_full_cards())
    assert message in refused(game([d]))


def test_captured_cards_check_who_won_the_jack() -> None:
    d = deal("2D", high="Cat", low="Ann", jack=("Cat", "Bob"))
    del d["result"]["game_points"]
    d["result"]["cards"] = _full_cards()
    assert "JD is in Ann & Cat's cards, so one of them won it, not Bob" in refused(game([d]))


# -- teams and players -----------------------------------------------------------------


def test_teams_key_orders_the_teams() -> None:
    teams = [["Bob", "Dan"], ["Cat", "Ann"]]
    result = score(game([deal(gp=(50, 20))], teams=teams))
    assert result.teams == (("Bob", "Dan"), ("Cat", "Ann"))
    # High Ann → team 1 now; Game to teams[0] = Bob & Dan; Ann deals: dealer team 1.
    assert points(result) == [("high", 1, 1, True), ("low", 0, 1, True), ("game", 0, 1, True)]
    assert result.deals[0].dealer_team == 1


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        ([["Ann", "Bob"], ["Cat", "Dan"]], "partners sit opposite, and Ann sits opposite Cat"),
        ([["Ann", "Cat"], ["Bob", "Eve"]], '"Eve" is not a player'),
        ([["Ann", "Cat"], ["Ann", "Dan"]], "Ann is listed twice"),
        ([["Ann", "Cat", "Bob"], ["Dan"]], "give two teams of two players"),
    ],
)
def test_bad_teams_refused(teams: list[list[str]], message: str) -> None:
    assert message in refused(game([], teams=teams))


def test_four_players_needed() -> None:
    data = game([])
    data["players"] = ["Ann", "Bob", "Cat"]
    assert "for 4 players in two partnerships, the game has 3" in refused(data)


# -- score --json ----------------------------------------------------------------------


def test_json_has_the_spec_keys_and_the_race() -> None:
    result = score(game([*even(13), deal(high="Cat", low="Dan", gp=(20, 50))]))
    out = to_json(result)
    assert {"players", "totals", "deals", "violations", "complete"} <= set(out)
    assert out["teams"] == [["Ann", "Cat"], ["Bob", "Dan"]]
    assert out["team_totals"] == [14, 13] and out["winner"] == 0 and out["complete"]
    assert out["totals"] == {"Ann": 14, "Bob": 13, "Cat": 14, "Dan": 13}
    last = out["deals"][-1]
    assert last["number"] == 14 and last["running"] == [14, 13] and last["won"]
    assert [{k: p[k] for k in ("team", "kind", "points", "counted")} for p in last["points"]] == [
        {"team": 0, "kind": "high", "points": 1, "counted": True},
        {"team": 1, "kind": "low", "points": 1, "counted": False},
        {"team": 1, "kind": "game", "points": 1, "counted": False},
    ]
    per_player = {p: sum(d["score"][p] for d in out["deals"]) for p in PLAYERS}
    assert per_player == out["totals"]
    # The spec's base and doubles: no side bets, so doubles are zeros and base is score.
    assert list(last["score"].items()) == [("Ann", 1), ("Bob", 0), ("Cat", 1), ("Dan", 0)]
    assert last["team_score"] == [1, 0]
    for d in out["deals"]:
        assert d["base"] == d["score"] and d["doubles"] == dict.fromkeys(PLAYERS, 0)


def test_unfinished_game_has_no_winner() -> None:
    out = to_json(score(game(even(3))))
    assert out["winner"] is None and not out["complete"] and out["team_totals"] == [3, 3]


# -- the readable --set form -----------------------------------------------------------


def test_set_keys_make_the_same_deal_as_json() -> None:
    sets = [
        "dealer=a",
        "turn_ups=ah 7h,KD",
        "beg=run",
        "high=bob",
        "low=C",
        "jack=Dan/Ann",
        "game_points=38,41",
    ]
    assert deal_from_sets(sets, PLAYERS) == {
        "dealer": "Ann",
        "turn_ups": ["AH", "7H", "KD"],
        "beg": "run",
        "result": {
            "high": "Bob",
            "low": "Cat",
            "jack": {"holder": "Dan", "won_by": "Ann"},
            "game_points": [38, 41],
        },
    }
    kicked = deal_from_sets(["turn_ups=JS", "beg=take one", "jack=none", "high=none"], PLAYERS)
    assert kicked["beg"] == "take-one" and kicked["result"] == {"high": None, "jack": None}
    cards = deal_from_sets(["turn_ups=2D", "cards=as 10s|kh"], PLAYERS)
    assert cards["result"] == {"cards": ["AS TS", "KH"]}


@pytest.mark.parametrize(
    ("sets", "message"),
    [
        (["beg=stand"], "--set turn_ups=… is missing"),
        (["turn_ups=JS", "colour=red"], '"colour" is not one of dealer, turn_ups'),
        (["turn_ups=JS", "beg=maybe"], '"maybe" is not stand, take-one or run'),
        (["turn_ups=JS", "jack=Dan"], '"Dan" is not HOLDER/WON_BY'),
        (["turn_ups=JS", "game_points=38"], "not two whole numbers"),
        (["turn_ups=QQ"], 'turn_ups: not a card: "QQ"'),
        (["turn_ups=JS", "turn_ups=AS"], "turn_ups is given twice"),
        (["turn_ups=JS", "cards=AS KS"], "separated by |"),
        (["turn_ups=JS", "high=Zed"], '"Zed" is not a player'),
    ],
)
def test_set_refusals(sets: list[str], message: str) -> None:
    with pytest.raises(ScoresheetError) as info:
        deal_from_sets(sets, PLAYERS)
    assert message in str(info.value)


def test_tobago_with_a_kick_of_its_own_for_the_two_is_refused_naming_both() -> None:
    """With tobago the Two takes the Six's kick; a kick given to the Two as well could
    mean either, so it is refused (it used to be shown as in force and overwritten)."""
    with pytest.raises(ScoresheetError, match=r"gives the Two 4, and tobago gives the Two"):
        score(game([deal("2S")], options={"tobago": True, "values": {"kick": {"2": 4}}}))
