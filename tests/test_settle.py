"""Settling up: the library's rules and its properties (payments, rounding, file order)."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheet.errors import ScoresheetError
from scoresheet.evening import ScoredGame, from_data, settle
from scoresheet.evening.settle import plan_payments, round_balances
from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.games.belote.simulate import random_game as random_belote
from scoresheet.games.rosbiratschka.simulate import random_game as random_rosbiratschka

FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
POOL = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def _settled_by(payments: list[tuple[str, str, int]], units: dict[str, int]) -> dict[str, int]:
    left = dict(units)
    for payer, payee, amount in payments:
        assert amount > 0
        left[payer] += amount
        left[payee] -= amount
    return left


def _most_groups(values: list[int]) -> int:
    """The most parts a partition of ``values`` into zero-sum parts can have (brute force)."""
    n = len(values)
    best = 0

    def search(rest: tuple[int, ...], groups: int) -> None:
        nonlocal best
        if not rest:
            best = max(best, groups)
            return
        first, others = rest[0], rest[1:]
        for size in range(len(others) + 1):
            for combo in combinations(range(len(others)), size):
                if first + sum(others[i] for i in combo) == 0:
                    left = tuple(v for i, v in enumerate(others) if i not in combo)
                    search(left, groups + 1)

    search(tuple(values), 0)
    return best if n else 0


@st.composite
def balances(draw: st.DrawFn, most: int = 7) -> dict[str, int]:
    n = draw(st.integers(1, most))
    values = draw(st.lists(st.integers(-40, 40), min_size=n - 1, max_size=n - 1))
    values.append(-sum(values))
    return {POOL[i] if i < len(POOL) else f"P{i}": v for i, v in enumerate(values)}


@given(balances())
@settings(max_examples=200, deadline=None)
def test_payments_settle_every_balance_in_as_few_payments_as_possible(
    units: dict[str, int],
) -> None:
    payments = plan_payments(units)
    assert set(_settled_by(payments, units).values()) <= {0}
    nonzero = [v for v in units.values() if v]
    assert len(payments) <= max(len(units) - 1, 0)
    assert len(payments) == len(nonzero) - _most_groups(nonzero)


@given(balances(most=20))
@settings(max_examples=60, deadline=None)
def test_many_players_still_settle_in_at_most_n_minus_one_payments(units: dict[str, int]) -> None:
    payments = plan_payments(units)
    assert set(_settled_by(payments, units).values()) <= {0}
    assert len(payments) <= max(len(units) - 1, 0)


@given(st.lists(st.fractions(min_value=-50, max_value=50, max_denominator=12), min_size=1))
def test_rounding_keeps_the_sum_and_stays_within_one_unit(values: list[Fraction]) -> None:
    values.append(-sum(values, Fraction(0)))
    exact = {f"P{i}": v for i, v in enumerate(values)}
    unit = Fraction(1, 100)
    got = round_balances(exact, unit)
    assert sum(got.values()) == 0
    for p, v in exact.items():
        assert abs(got[p] - v / unit) < 1


def test_a_remainder_goes_to_the_largest_fraction_then_by_name() -> None:
    """The rule in the module, worked by hand."""
    exact = {"Cat": Fraction(-1, 100), "Bob": Fraction(3, 1000), "Ann": Fraction(7, 1000)}
    # units 0.3, 0.7, -1: floors 0, 0, -1; one unit left, to the largest fraction (Ann's).
    assert round_balances(exact, Fraction(1, 100)) == {"Ann": 1, "Bob": 0, "Cat": -1}
    thirds = {"Cat": Fraction(2, 300), "Bob": Fraction(2, 300), "Ann": Fraction(-4, 300)}
    # units 2/3, 2/3, -4/3: floors 0, 0, -2, every fraction 2/3: the two units left go to
    # the first two names.
    assert round_balances(thirds, Fraction(1, 100)) == {"Ann": -1, "Bob": 1, "Cat": 0}


def _evening(seed: int, games: int) -> list[ScoredGame]:
    rng = random.Random(seed)
    out = []
    for i in range(games):
        preset = rng.choice(["classic", "ravage-city", "ravage-city-36", "salad", "yale"])
        players = rng.sample(POOL, 4)
        data = random_barbu(rng, preset, players=players)
        out.append(from_data(data, f"g{i}.json"))
    return out


def _summary(s: Any) -> tuple[Any, ...]:
    return (s.balances, s.payments, s.ledger, s.exact)


@given(st.integers(0, 10_000), st.integers(1, 4), st.sampled_from(["0.01", "0.005", "0.25", "1"]))
@FEW
def test_an_evening_settles_exactly_whatever_the_order_of_the_files(
    seed: int, count: int, stake: str
) -> None:
    games = _evening(seed, count)
    s = settle(games, stake)
    assert sum(s.balances.values()) == 0
    left = {p: b for p, b in s.balances.items()}
    for pay in s.payments:
        assert pay.amount > 0 and pay.amount % s.unit == 0
        left[pay.payer] += pay.amount
        left[pay.payee] -= pay.amount
    assert set(left.values()) == {Decimal(0)}
    assert len(s.payments) <= len(s.balances) - 1
    for p, b in s.balances.items():
        assert abs(Fraction(b) - s.exact[p]) < Fraction(s.unit)
    players = {p for g in games for p in g.players}
    assert set(s.balances) == players
    shuffled = list(games)
    random.Random(seed).shuffle(shuffled)
    assert _summary(settle(list(reversed(games)), stake)) == _summary(s)
    assert _summary(settle(shuffled, stake)) == _summary(s)


@given(st.integers(0, 10_000), st.integers(1, 4))
@FEW
def test_the_evening_ledger_is_the_games_ledgers_added_up(seed: int, count: int) -> None:
    games = _evening(seed, count)
    s = settle(games, "0.01")
    expected: Counter[tuple[str, str]] = Counter()
    for g in games:
        for pair in g.score["ledger"]["pairs"]:
            a, b = sorted(pair["players"])
            expected[(a, b)] += pair["net"][a]
    assert {pair.players: pair.net for pair in s.ledger} == {k: expected[k] for k in expected}
    only = settle(games, "0.01", ledger_only=True)
    for p in only.balances:
        won = sum(pair.net for pair in s.ledger if pair.players[0] == p) - sum(
            pair.net for pair in s.ledger if pair.players[1] == p
        )
        assert only.exact[p] == Fraction(won, 100)


def test_a_player_absent_from_a_game_owes_nothing_for_it() -> None:
    rng = random.Random(5)
    first = from_data(random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Dan"]), "a")
    second = from_data(random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Eve"]), "b")
    s = settle([first, second], "0.01")
    assert s.exact["Dan"] == Fraction(first.totals["Dan"], 100)
    assert s.exact["Eve"] == Fraction(second.totals["Eve"], 100)
    assert s.exact["Ann"] == Fraction(first.totals["Ann"] + second.totals["Ann"], 100)


def test_a_game_that_is_not_zero_sum_is_settled_against_the_mean() -> None:
    """ravage-city-36: a full game sums to −48 (rules page, section 4): the table's mean
    is −12, and each player settles their total minus −12."""
    data = random_barbu(random.Random(3), "ravage-city-36")
    g = from_data(data, "rc36.json")
    assert sum(g.totals.values()) == -48
    s = settle([g], "0.01")
    assert s.games[0].rule == "against-mean"
    assert "not zero-sum" in s.games[0].explanation
    assert s.exact == {p: Fraction(t + 12, 100) for p, t in g.totals.items()}


def test_penalty_points_settle_the_other_way_round() -> None:
    g = from_data(random_rosbiratschka(random.Random(2)), "ros.json")
    s = settle([g], "0.10")
    mean = Fraction(sum(g.totals.values()), 4)
    assert s.exact == {p: (mean - t) / 10 for p, t in g.totals.items()}
    best = min(g.totals, key=lambda p: g.totals[p])
    assert s.balances[best] == max(s.balances.values())


def test_a_partnership_game_pays_the_stake_per_game_split_by_partners() -> None:
    g = from_data(random_belote(random.Random(4)), "belote.json")
    assert g.complete
    winner = g.score["winner"]
    assert isinstance(winner, int)
    winners = set(g.score["teams"][winner])
    s = settle([g], "1.01")
    # 1.01 split by partners is 0.505 each: rounding hands the two spare cents to the
    # first winner and the first loser by name (the fractions are equal).
    assert sum(s.balances.values()) == 0
    assert {s.balances[p] for p in winners} <= {Decimal("0.50"), Decimal("0.51")}
    assert all(
        s.exact[p] == (Fraction("0.505") if p in winners else -Fraction("0.505")) for p in g.players
    )


def test_an_unfinished_game_is_refused_unless_partial() -> None:
    g = from_data(random_barbu(random.Random(1), "classic", deals=5), "half.json")
    with pytest.raises(
        ScoresheetError, match=r"half.json: the game is not complete \(5 deals of 28"
    ):
        settle([g], "0.01")
    s = settle([g], "0.01", partial=True)
    assert s.partial and any("partial" in n for n in s.notes)
    unfinished = from_data(random_belote(random.Random(1), deals=2), "b.json")
    out = settle([unfinished], "1", partial=True)
    assert out.games[0].rule == "nothing" and set(out.balances.values()) == {Decimal(0)}


def test_one_stake_for_points_and_for_games_is_refused_naming_both_readings() -> None:
    barbu = from_data(random_barbu(random.Random(1), "classic"), "classic.json")
    belote = from_data(random_belote(random.Random(1)), "belote.json")
    with pytest.raises(ScoresheetError) as info:
        settle([barbu, belote], "0.01")
    assert "per point in classic.json" in str(info.value)
    assert "per game won in belote.json" in str(info.value)
    both = settle([barbu, belote], "0.01", ledger_only=True)
    assert both.games[1].rule == "nothing"


def test_two_spellings_of_one_name_are_refused() -> None:
    rng = random.Random(1)
    a = from_data(random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Dan"]), "a.json")
    b = from_data(random_barbu(rng, "classic", players=["ann", "Bob", "Cat", "Dan"]), "b.json")
    with pytest.raises(ScoresheetError, match=r'"Ann" \(a.json\) and "ann" \(b.json\)'):
        settle([a, b], "0.01")


@pytest.mark.parametrize(
    ("stake", "message"),
    [
        ("0", "not a positive amount"),
        ("abc", "not a positive amount"),
        ("NaN", "not a positive amount"),
        ("1e9", "more than 1,000,000"),
        ("0.0000001", "more than 6 decimals"),
        ("1,000", "could be 1000 or 1.000"),
    ],
)
def test_a_bad_stake_is_refused(stake: str, message: str) -> None:
    g = from_data(random_barbu(random.Random(1), "classic"), "g.json")
    with pytest.raises(ScoresheetError, match=message):
        settle([g], stake)


def test_a_decimal_comma_is_read_when_it_can_mean_one_thing_only() -> None:
    g = from_data(random_barbu(random.Random(1), "classic"), "g.json")
    assert settle([g], "0,01").stake == Decimal("0.01")
    assert settle([g], "0,125").stake == Decimal("0.125")


def test_names_that_differ_only_in_compatibility_form_are_refused_naming_both() -> None:
    """Inside one game "Ann" and "Ａｎｎ" (fullwidth) cannot be told apart; across games
    they are not two players either."""
    rng = random.Random(1)
    a = from_data(random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Dan"]), "a.json")
    b = from_data(random_barbu(rng, "classic", players=["Ａｎｎ", "Bob", "Cat", "Dan"]), "b.json")
    with pytest.raises(ScoresheetError, match=r'"Ann" \(a.json\) and "Ａｎｎ" \(b.json\)') as info:
        settle([a, b], "0.01", partial=True)
    assert "one player or two?" in str(info.value)


@pytest.mark.parametrize(
    ("stake", "shown", "written"),
    [("1e3", "1000", "€1,000"), ("1E-2", "0.01", "€0.01"), ("5e1", "50", "€50")],
)
def test_a_stake_in_exponent_form_is_shown_as_a_plain_decimal(
    stake: str, shown: str, written: str
) -> None:
    from scoresheet.evening.text import settlement_text

    g = from_data(random_barbu(random.Random(1), "classic"), "g.json")
    s = settle([g], stake, partial=True, currency="€")
    data = s.to_json()
    assert data["stake"] == shown
    assert all("E" not in v for pair in data["ledger"] for v in pair["amount"].values())
    text = settlement_text(s)
    assert f"at {written} a point" in text
    assert "E+" not in text and "E-" not in text


def test_the_same_game_given_twice_from_python_is_refused() -> None:
    """settle([g, g]) doubled every balance, stats([g, g]) counted two games; the
    command line counts a file found twice once."""
    from scoresheet.evening import load_game, settle, stats
    from tests.cli_helpers import ROOT

    game = load_game(ROOT / "examples" / "classic.json")
    for run_it in (lambda: settle([game, game], "1"), lambda: stats([game, game])):
        with pytest.raises(ScoresheetError) as exc:
            run_it()
        assert str(exc.value) == "game 2: the same game as game 1, given twice; refused"
