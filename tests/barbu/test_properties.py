"""Properties of scored Barbu games, over random legal games of every shipped preset.

The games come from :func:`scoresheet.games.barbu.simulate.random_game`, which only draws
legal games, so every one of them must score. Each expectation below is computed in the
test from the rules page (``shared/rules/barbu.md``), not taken from the scorer.
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoresheet.games.barbu.rules import BarbuRules
from scoresheet.games.barbu.score import DealScore, GameScore
from scoresheet.games.barbu.simulate import random_game
from scoresheet.rules import list_presets, load_preset, resolve
from tests.conftest import PLAYERS, game, score

PRESETS = list_presets("barbu")
SUITS = ("spades", "hearts", "diamonds", "clubs")

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Bets = dict[tuple[str, str], tuple[int, int]]  # (doubler, doubled) -> (multiplier, moved)


# -- drawing games ---------------------------------------------------------------------


@st.composite
def games(
    draw: st.DrawFn,
    preset: str,
    *,
    lengths: str = "any",
    eagerness: tuple[float, float] = (0.0, 1.0),
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A random legal game of ``preset`` (with ``options``): 1..full deals, or as told."""
    rules = resolve(preset, options)
    full = rules.deals_per_game
    if lengths == "complete":
        deals = full
    elif lengths == "incomplete":
        deals = draw(st.integers(1, full - 1), label="deals")
    else:
        deals = draw(st.integers(1, full), label="deals")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    eager = draw(st.floats(*eagerness), label="eagerness")
    data = random_game(random.Random(seed), rules, deals=deals, eagerness=eager)
    data["rules"] = preset
    if options:
        data["options"] = dict(options)
    return data


@st.composite
def options_and_game(
    draw: st.DrawFn, preset: str, *, lengths: str = "any"
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game under ``preset`` with a drawn rotation and minimum of declarer doubles."""
    options: dict[str, Any] = {
        "rotation": draw(st.sampled_from(["block", "every-deal"]), label="rotation"),
        "doubling": {"min_declarer_doubles": draw(st.integers(0, 2), label="min doubles")},
    }
    return options, draw(games(preset, lengths=lengths, options=options))


# -- independent expectations ------------------------------------------------------------


def expected_declarer(rules: BarbuRules, players: Sequence[str], index: int) -> str:
    """Rules page, section 1: block (7 deals in a row) or quick rotation (every deal)."""
    if rules.data.get("rotation", "block") == "block":
        per = len(rules.data["contracts"]) * rules.data.get("rounds", 1)
        return players[(index // int(per)) % len(players)]
    return players[index % len(players)]


def expected_split(total: int, players: Sequence[str], declarer: str) -> dict[str, int]:
    """Rules page, section 3: the total is divided equally between the non-declarers, each
    −ceil(|total| / 3) at 4 players, and the declarer takes what keeps the total exact.

    The same rule for n players: the n − 1 non-declarers share the total, each
    −ceil(|total| / (n − 1)); the declarer gets the remainder, from 0 up to n − 2.
    """
    others = len(players) - 1
    each = math.ceil(abs(total) / others)
    out = {p: -each for p in players}
    out[declarer] = total + others * each
    assert 0 <= out[declarer] < others
    return out


def expected_base(
    rules: BarbuRules, contract: str, result: Mapping[str, Any], players: Sequence[str]
) -> dict[str, int] | None:
    """A played deal's base scores from the values of the rules file (sections 2 and 4).

    ``None`` for Chinese Poker given as hands (ranking poker hands is not redone here).
    """
    values: dict[str, Any] = rules.data["values"]

    def counted(key: str) -> dict[str, int]:
        given_counts: dict[str, int] = result[key]
        return {p: given_counts.get(p, 0) for p in players}

    def taker(name: str, value: int) -> dict[str, int]:
        return {p: value if p == name else 0 for p in players}

    if contract == "salad":
        out = dict.fromkeys(players, 0)
        for part in values["salad"]:
            part_scores = expected_base(rules, part, result, players)
            assert part_scores is not None
            for p in players:
                out[p] += part_scores[p]
        return out
    if contract in ("no-tricks", "trumps"):
        return {p: values[contract] * n for p, n in counted("tricks").items()}
    if contract == "no-hearts":
        hearts = values["no-hearts"]
        ace = result.get("ace_of_hearts")
        extra = hearts.get("ace_extra", 0)
        return {
            p: hearts["per_heart"] * n + (extra if p == ace else 0)
            for p, n in counted("hearts").items()
        }
    if contract == "no-queens":
        return {p: values["no-queens"] * n for p, n in counted("queens").items()}
    if contract == "no-king":
        return taker(result["king_of_hearts"], values["no-king"])
    if contract == "no-last-two":
        out = taker(result["second_last"], values["no-last-two"]["second_last"])
        out[result["last"]] += values["no-last-two"]["last"]
        return out
    if contract == "no-last-trick":
        return taker(result["last"], values["no-last-trick"])
    if contract == "dominoes":
        payouts = values["dominoes"]
        return {p: payouts[result["order"].index(p)] for p in players}
    if contract == "ravage-city":
        if result.get("most") is not None:
            most = list(result["most"])
        else:
            cards = result["cards"]
            best = {p: max(cards.get(p, {}).get(s, 0) for s in SUITS) for p in players}
            top = max(best.values())
            most = [p for p in players if best[p] == top]
        return {p: values["ravage-city"] // len(most) if p in most else 0 for p in players}
    if contract == "chinese-poker":
        if result.get("beats") is None:
            return None
        per_beat = values["chinese-poker"].get("per_beat", 4)
        beats = result["beats"]
        return {p: per_beat * sum(beats.get(p, {}).values()) for p in players}
    raise AssertionError(f"no expectation for {contract}")


# Rules page, section 2: a standard deck has 13 cards a suit and 4 of a rank; queen = 12.
_SUIT_LETTERS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_RANK_WORDS = {"J": 11, "Q": 12, "K": 13, "A": 14}


def _removed(rules: BarbuRules) -> list[tuple[int, str]]:
    """The preset's removed cards as (rank, suit), read here from its ``removed_cards``."""
    out = []
    for text in rules.data.get("removed_cards", []):
        text = text.strip().upper()
        rank_text, suit = text[:-1], _SUIT_LETTERS[text[-1]]
        out.append((_RANK_WORDS.get(rank_text) or int(rank_text), suit))
    return out


def expected_contract_total(rules: BarbuRules, contract: str) -> int | None:
    """A contract's total over the table, from the preset's values and its deck (rules page,
    sections 2 and 4: the classic totals −26, −30, −24, −20, −30, +65, +65 are these values
    times a 52-card deck's 13 tricks, 13 hearts, 4 queens). ``None`` for Chinese Poker,
    whose total ties and fouls change."""
    values: dict[str, Any] = rules.data["values"]
    removed = _removed(rules)
    hearts = 13 - sum(suit == "H" for _, suit in removed)
    queens = 4 - sum(rank == 12 for rank, _ in removed)
    tricks = int(rules.data["tricks_per_deal"])
    if contract in ("no-tricks", "trumps"):
        return int(values[contract]) * tricks
    if contract == "no-hearts":
        assert (14, "H") not in removed
        no_hearts = values["no-hearts"]
        return int(no_hearts["per_heart"]) * hearts + int(no_hearts.get("ace_extra", 0))
    if contract == "no-queens":
        return int(values["no-queens"]) * queens
    if contract in ("no-king", "no-last-trick", "ravage-city"):
        return int(values[contract])
    if contract == "no-last-two":
        return int(values["no-last-two"]["second_last"]) + int(values["no-last-two"]["last"])
    if contract == "dominoes":
        return sum(int(v) for v in values["dominoes"])
    if contract == "salad":
        parts = [expected_contract_total(rules, part) for part in values["salad"]]
        return sum(t for t in parts if t is not None)
    if contract == "chinese-poker":
        return None
    raise AssertionError(f"no total for {contract}")


def is_zero_sum(preset: str) -> bool:
    """Rules page, section 2: every contract's total fixed, and the totals of one declarer's
    contracts summing to 0 (the classic −130 / +130), so a whole game sums to 0."""
    rules = load_preset(preset)
    totals = [expected_contract_total(rules, c) for c in rules.data["contracts"]]
    return None not in totals and sum(t for t in totals if t is not None) == 0


ZERO_SUM_PRESETS = [p for p in PRESETS if is_zero_sum(p)]


def test_zero_sum_presets_are_the_ones_the_rules_page_names() -> None:
    """Rules page, section 2: classic is zero-sum, and so are the Yale values; section 4:
    Ravage City at −24 is, at −36 it is not, Salad is not; a Chinese Poker total is not fixed.
    The presets for 3, 5 and 6 players say in their files that their values keep the game
    zero-sum: the totals worked out from their decks here agree."""
    named = ("classic", "pagat", "yale", "ravage-city", "classic-3", "classic-5", "classic-6")
    for preset in named:
        assert preset in ZERO_SUM_PRESETS, preset
    for preset in ("ravage-city-36", "salad", "salad-5", "chinese-poker"):
        assert preset not in ZERO_SUM_PRESETS, preset
    classic = load_preset("classic")
    assert [expected_contract_total(classic, c) for c in classic.data["contracts"]] == [
        -26,
        -30,
        -24,
        -20,
        -30,
        65,
        65,
    ]
    three = load_preset("classic-3")  # the twos out: 16 tricks, 12 hearts (the preset's file)
    assert [expected_contract_total(three, c) for c in three.data["contracts"]] == [
        -32,
        -28,
        -24,
        -21,
        -30,
        80,
        55,
    ]


def bets_of(deal: DealScore) -> Bets:
    return {(b.doubler, b.doubled): (b.multiplier, b.moved) for b in deal.bets}


def canonical_declarations(
    players: Sequence[str], dealer: str, bets: Mapping[tuple[str, str], int]
) -> list[dict[str, Any]]:
    """Explicit declarations making exactly ``bets``: doubles in table order, then redoubles.

    No ``maximum``, ``family`` or ``all``: every double and redouble names its players.
    """
    i = players.index(dealer)
    order = [*players[i + 1 :], *players[: i + 1]]
    out: list[dict[str, Any]] = []
    for p in order:
        targets = [q for q in players if (p, q) in bets]
        if targets:
            out.append({"by": p, "double": targets})
    for p in order:
        doublers = [q for q in players if bets.get((q, p)) == 2]
        if doublers:
            out.append({"by": p, "redouble": doublers})
    return out


# -- per deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_doubles_never_change_a_deals_total(preset: str, data: st.DataObject) -> None:
    """Rules page, intro and section 2: doubles never change a deal's total; a contract's
    base scores sum to its total (Chinese Poker: 0..18 beats, section 4)."""
    g = data.draw(games(preset))
    result = score(g)
    rules = result.rules
    assert len(result.deals) == len(g["deals"])
    for d in result.deals:
        assert sum(d.score.values()) == sum(d.base.values()) == d.total
        assert sum(d.doubles.values()) == 0
        fixed = rules.contract_total(d.contract)
        if fixed is not None:
            assert sum(d.base.values()) == fixed, (d.number, d.contract)
        else:
            per_beat = rules.data["values"]["chinese-poker"].get("per_beat", 4)
            assert d.contract == "chinese-poker"
            assert 0 <= sum(d.base.values()) <= per_beat * 18
            assert sum(d.base.values()) % per_beat == 0


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_score_is_base_plus_doubles(preset: str, data: st.DataObject) -> None:
    """Rules page, section 3, Settlement: X gets m × (s[X] − s[Y]) on the base scores s;
    score = base + doubles (spec, `score --json`)."""
    g = data.draw(games(preset))
    result = score(g)
    players = result.players
    for d in result.deals:
        assert set(d.base) == set(d.doubles) == set(d.score) == set(players)
        moved = dict.fromkeys(players, 0)
        pairs: set[frozenset[str]] = set()
        for b in d.bets:
            assert b.multiplier in (1, 2)
            assert b.doubler != b.doubled
            assert b.moved == b.multiplier * (d.base[b.doubler] - d.base[b.doubled])
            pair = frozenset((b.doubler, b.doubled))
            assert pair not in pairs, "at most one bet between two players (section 3, 7)"
            pairs.add(pair)
            moved[b.doubler] += b.moved
            moved[b.doubled] -= b.moved
        assert d.doubles == moved
        for p in players:
            assert d.score[p] == d.base[p] + d.doubles[p]


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_bets_respect_who_may_double_whom(preset: str, data: st.DataObject) -> None:
    """Rules page, section 3, 3 and 6: the declarer never doubles (only redoubles); in a
    positive contract every bet is against the declarer."""
    g = data.draw(games(preset))
    result = score(g)
    rules = result.rules
    for d in result.deals:
        for b in d.bets:
            assert b.doubler != d.declarer
            if rules.is_positive(d.contract):
                assert b.doubled == d.declarer


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_base_scores_follow_the_contract_values(preset: str, data: st.DataObject) -> None:
    """Rules page, sections 2 and 4: each played deal's base scores, from the rules' values."""
    g = data.draw(games(preset))
    result = score(g)
    for d, raw in zip(result.deals, g["deals"], strict=True):
        assert d.contract == raw["contract"]
        if d.split:
            continue
        expected = expected_base(result.rules, d.contract, raw["result"], result.players)
        if expected is not None:
            assert d.base == expected, (d.number, d.contract, raw["result"])


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_rotation_names_declarer_and_dealer(preset: str, data: st.DataObject) -> None:
    """Rules page, section 1: block rotation (or quick rotation); the dealer is the declarer,
    or (pagat) the player on the declarer's right."""
    rotation = data.draw(st.sampled_from(["block", "every-deal"]), label="rotation")
    g = data.draw(games(preset, options={"rotation": rotation}))
    result = score(g)
    players = result.players
    for i, d in enumerate(result.deals):
        assert d.number == i + 1
        assert d.declarer == expected_declarer(result.rules, players, i)
        if result.rules.data.get("dealer", "declarer") == "declarer":
            assert d.dealer == d.declarer
        else:
            assert d.dealer == players[(players.index(d.declarer) - 1) % len(players)]


# -- redoubles -----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@FEW
@given(data=st.data())
def test_a_redouble_moves_twice_what_a_double_moves(preset: str, data: st.DataObject) -> None:
    """Rules page, section 3, 7 and Settlement: a redoubled bet (×2) moves exactly twice what
    the same bet doubled (×1) moves; the other bets of the deal do not change.

    The deal's declarations are rewritten explicitly (no ``maximum``/``all``): first
    unchanged (same bets), then without the one redouble.
    """
    g = data.draw(games(preset, lengths="complete", eagerness=(0.6, 1.0)))
    result = score(g)
    redoubled = [d for d in result.deals if any(b.multiplier == 2 for b in d.bets)]
    assume(redoubled)
    deal = data.draw(st.sampled_from(redoubled), label="deal")
    before = bets_of(deal)
    multipliers = {pair: m for pair, (m, _) in before.items()}
    index = deal.number - 1

    same = copy.deepcopy(g)
    same["deals"][index]["doubles"] = canonical_declarations(
        result.players, deal.dealer, multipliers
    )
    assert bets_of(score(same).deals[index]) == before

    pair = data.draw(st.sampled_from(sorted(p for p, m in multipliers.items() if m == 2)))
    fewer = copy.deepcopy(g)
    fewer["deals"][index]["doubles"] = canonical_declarations(
        result.players, deal.dealer, {**multipliers, pair: 1}
    )
    rescored = score(fewer).deals[index]
    after = bets_of(rescored)
    assert rescored.base == deal.base
    assert rescored.total == deal.total
    assert after[pair][0] == 1
    assert before[pair][1] == 2 * after[pair][1]
    assert {p: v for p, v in after.items() if p != pair} == {
        p: v for p, v in before.items() if p != pair
    }


QUEEN_COUNTS = st.lists(st.sampled_from(PLAYERS), min_size=4, max_size=4).map(Counter)


@given(queens=QUEEN_COUNTS)
@settings(max_examples=60, deadline=None)
def test_redouble_of_a_listed_double_moves_twice(queens: Counter[str]) -> None:
    """Rules page, section 3, 5 and 7: Bob doubles Ann (×1); Ann redoubles Bob (×2)."""
    result = {"queens": dict(queens)}
    doubled = [{"by": "Bob", "double": ["Ann"]}]
    redoubled = [*doubled, {"by": "Ann", "redouble": ["Bob"]}]
    once = score(game([{"contract": "no-queens", "doubles": doubled, "result": result}]))
    twice = score(game([{"contract": "no-queens", "doubles": redoubled, "result": result}]))
    expected_once = 6 * (queens["Ann"] - queens["Bob"])  # -6 per queen: s[Bob] − s[Ann]
    assert bets_of(once.deals[0]) == {("Bob", "Ann"): (1, expected_once)}
    assert bets_of(twice.deals[0]) == {("Bob", "Ann"): (2, 2 * expected_once)}
    assert twice.deals[0].score["Bob"] - once.deals[0].score["Bob"] == expected_once
    assert twice.deals[0].score["Ann"] - once.deals[0].score["Ann"] == -expected_once


@given(queens=QUEEN_COUNTS)
@settings(max_examples=60, deadline=None)
def test_a_doubled_players_maximum_redoubles(queens: Counter[str]) -> None:
    """Rules page, section 3, 5: Bob doubles Cat; Cat's "maximum" redoubles Bob and doubles
    Dan and Ann; the same as Cat doubling Dan and Ann and redoubling Bob, and twice what the
    Bob–Cat bet moves when Cat doubles Dan and Ann without redoubling."""
    result = {"queens": dict(queens)}
    start = {"by": "Bob", "double": ["Cat"]}
    variants = {
        "maximum": [start, {"by": "Cat", "double": "maximum"}],
        "explicit": [
            start,
            {"by": "Cat", "double": ["Ann", "Dan"]},
            {"by": "Cat", "redouble": ["Bob"]},
        ],
        "no redouble": [start, {"by": "Cat", "double": ["Ann", "Dan"]}],
    }
    bets = {
        name: bets_of(
            score(game([{"contract": "no-queens", "doubles": d, "result": result}])).deals[0]
        )
        for name, d in variants.items()
    }
    assert bets["maximum"] == bets["explicit"]
    assert bets["maximum"][("Bob", "Cat")][0] == 2
    assert bets["no redouble"][("Bob", "Cat")][0] == 1
    assert bets["maximum"][("Bob", "Cat")][1] == 2 * bets["no redouble"][("Bob", "Cat")][1]
    for pair in (("Cat", "Ann"), ("Cat", "Dan")):
        assert bets["maximum"][pair] == bets["no redouble"][pair]
        assert bets["maximum"][pair][0] == 1


# -- the game --------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_totals_and_ledger_add_up(preset: str, data: st.DataObject) -> None:
    """Spec, `score --json`: totals are the sum of the deals' scores. Rules page, section 3:
    the ledger's pair nets are what the bets between the two players moved, antisymmetric."""
    g = data.draw(games(preset))
    result = score(g)
    players = result.players
    assert result.totals == {p: sum(d.score[p] for d in result.deals) for p in players}
    assert result.complete == (len(result.deals) == result.rules.deals_per_game)

    net: dict[tuple[str, str], int] = Counter()
    count: dict[tuple[str, str], int] = Counter()
    redoubles: dict[tuple[str, str], int] = Counter()
    for d in result.deals:
        for bet in d.bets:
            net[bet.doubler, bet.doubled] += bet.moved
            net[bet.doubled, bet.doubler] -= bet.moved
            for key in ((bet.doubler, bet.doubled), (bet.doubled, bet.doubler)):
                count[key] += 1
                redoubles[key] += bet.multiplier == 2

    ledger = result.ledger()
    assert [pl.players for pl in ledger] == list(combinations(players, 2))
    per_player = dict.fromkeys(players, 0)
    for pl in ledger:
        a, b = pl.players
        assert set(pl.net) == {a, b}
        assert pl.net[a] == -pl.net[b]
        assert pl.net[a] == net[a, b]
        assert pl.bets == count[a, b]
        assert pl.redoubles == redoubles[a, b]
        per_player[a] += pl.net[a]
        per_player[b] += pl.net[b]
    assert per_player == {p: sum(d.doubles[p] for d in result.deals) for p in players}
    assert sum(per_player.values()) == 0


@pytest.mark.parametrize("preset", ZERO_SUM_PRESETS)
@FEW
@given(data=st.data())
def test_a_complete_zero_sum_game_sums_to_zero(preset: str, data: st.DataObject) -> None:
    """Rules page, section 2: negatives −130, positives +130, every declarer's seven deals
    sum to 0; section 4: Ravage City's changed values keep it zero-sum."""
    assert load_preset(preset).zero_sum
    result = score(data.draw(games(preset, lengths="complete")))
    assert result.complete
    assert sum(result.totals.values()) == 0
    for declarer in result.players:
        assert sum(d.total for d in result.deals if d.declarer == declarer) == 0


@pytest.mark.parametrize("preset", PRESETS)
@FEW
@given(data=st.data())
def test_a_complete_game_sums_to_its_contracts_totals(preset: str, data: st.DataObject) -> None:
    """Rules page, sections 2 and 4: a complete game sums to the contracts' totals, once per
    declarer; zero exactly for the presets the rules call zero-sum."""
    rules = load_preset(preset)
    assert rules.zero_sum == (preset in ZERO_SUM_PRESETS)
    result = score(data.draw(games(preset, lengths="complete")))
    assert result.complete
    assert len(result.deals) == rules.deals_per_game
    totals = [expected_contract_total(rules, c) for c in rules.contracts]
    if None not in totals:
        expected = rules.players * rules.rounds * sum(t for t in totals if t is not None)
        assert sum(result.totals.values()) == expected
    if rules.zero_sum:
        assert sum(result.totals.values()) == 0


@FEW
@given(data=st.data())
def test_ravage_city_36_is_not_zero_sum(data: st.DataObject) -> None:
    """Rules page, section 4: Ravage City at −36 instead of −24 is not zero-sum: each of the
    4 declarers' sets sums to −12, a complete game to −48."""
    rules = load_preset("ravage-city-36")
    assert not rules.zero_sum
    result = score(data.draw(games("ravage-city-36", lengths="complete")))
    assert result.complete
    assert sum(result.totals.values()) == -48
    for declarer in result.players:
        assert sum(d.total for d in result.deals if d.declarer == declarer) == -12


# -- undoubled negative deals ----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_undoubled_negative_deals_are_split(preset: str, data: st.DataObject) -> None:
    """Rules page, section 3, "Undoubled negative deals": with the split rule on, a negative
    contract nobody doubled is not played: non-declarers −ceil(|total| / 3) each, the
    declarer the remainder. Positive contracts and doubled deals are played; without the
    rule (pagat, salad) every deal is played."""
    g = data.draw(games(preset, eagerness=(0.0, 0.5)))
    result = score(g)
    rules = result.rules
    for d, raw in zip(result.deals, g["deals"], strict=True):
        negative = not rules.is_positive(d.contract)
        should_split = rules.undoubled_split and negative and not d.bets
        assert d.split == should_split, (d.number, d.contract)
        if should_split:
            total = rules.contract_total(d.contract)
            assert total is not None
            assert raw.get("result") is None
            assert d.base == expected_split(total, result.players, d.declarer)
            assert d.score == d.base


# Worked by hand from the presets' decks (see their files): contract, its total, what each
# non-declarer gets (−ceil(|total| / (n − 1))) and what the declarer keeps.
SPLITS_BY_HAND: dict[str, list[tuple[str, int, int, int]]] = {
    # 3 players: two non-declarers share the total.
    "classic-3": [
        ("no-tricks", -32, -16, 0),  # 16 tricks × −2
        ("no-hearts", -28, -14, 0),  # 12 hearts × −2, the A♥ −4 more
        ("no-king", -21, -11, 1),  # −21 / 2 = −10.5: −11 each, the declarer +1
    ],
    # 5 players: four non-declarers.
    "classic-5": [
        ("no-tricks", -20, -5, 0),  # 10 tricks × −2
        ("no-hearts", -30, -8, 2),  # −30 / 4 = −7.5: −8 each, the declarer +2
        ("no-queens", -24, -6, 0),
    ],
    # 6 players: five non-declarers.
    "classic-6": [
        ("no-tricks", -16, -4, 4),  # 8 tricks × −2; −16 / 5 = −3.2: −4 each, declarer +4
        ("no-hearts", -28, -6, 2),  # −28 / 5 = −5.6: −6 each, declarer +2
        ("no-queens", -24, -5, 1),
        ("no-king", -20, -4, 0),
        ("no-last-two", -30, -6, 0),
    ],
}


@pytest.mark.parametrize(
    ("preset", "contract", "total", "each", "kept"),
    [(p, *row) for p, rows in SPLITS_BY_HAND.items() for row in rows],
)
def test_the_split_for_other_player_counts(
    preset: str, contract: str, total: int, each: int, kept: int
) -> None:
    """Rules page, section 3: an undoubled negative deal's total "is divided equally between
    the three non-declarers, and the declarer takes whatever keeps the total exact"; with
    n players the n − 1 non-declarers share it, rounded up as the page does for 3."""
    rules = load_preset(preset)
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][: rules.players]
    assert expected_contract_total(rules, contract) == total
    assert each * (len(players) - 1) + kept == total
    d = score(game([{"contract": contract}], preset, players)).deals[0]  # Ann declares
    assert d.split
    assert d.declarer == "Ann"
    assert d.base == d.score == {p: kept if p == "Ann" else each for p in players}
    assert expected_split(total, players, "Ann") == d.base


# -- doubling obligations ---------------------------------------------------------------------


def declarer_doubles(result: GameScore, upto: int) -> Counter[tuple[str, str]]:
    """(non-declarer, declarer) -> deals among the first ``upto`` where the first doubled the
    second (rules page, section 3, 4: redoubles do not count)."""
    made: Counter[tuple[str, str]] = Counter()
    for d in result.deals[:upto]:
        for b in d.bets:
            if b.doubled == d.declarer:
                made[b.doubler, d.declarer] += 1
    return made


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_violations_are_the_short_declarer_doubles(preset: str, data: st.DataObject) -> None:
    """Rules page, section 3, 4: each non-declarer must double the declarer at least
    ``min_declarer_doubles`` times during that declarer's set (quick rotation: over the
    game); a shortfall is reported when the declarer's set is complete."""
    options, g = data.draw(options_and_game(preset))
    result = score(g)
    rules = result.rules
    players = result.players
    required = options["doubling"]["min_declarer_doubles"]
    assert rules.doubling.min_declarer_doubles == required
    per = len(rules.contracts) * rules.rounds
    seen: Counter[str] = Counter()
    expected: list[tuple[int | None, str, str, int, int]] = []
    for i, d in enumerate(result.deals):
        declarer = expected_declarer(rules, players, i)
        seen[declarer] += 1
        if seen[declarer] == per:
            made = declarer_doubles(result, i + 1)
            for p in players:
                if p != declarer and made[p, declarer] < required:
                    expected.append((d.number, p, declarer, made[p, declarer], required))
    got = [(v.deal, v.doubler, v.declarer, v.made, v.required) for v in result.violations]
    assert got == expected
    for v in result.violations:
        assert v.doubler in v.message and v.declarer in v.message


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY
@given(data=st.data())
def test_owed_declarer_doubles(preset: str, data: st.DataObject) -> None:
    """Rules page, section 3, 4: for each declarer with deals still to come, the declarer
    doubles each other player still owes; ``must`` exactly when every remaining deal of that
    declarer has to be doubled (owed ≥ remaining)."""
    options, g = data.draw(options_and_game(preset, lengths="incomplete"))
    result = score(g)
    rules = result.rules
    players = result.players
    required = options["doubling"]["min_declarer_doubles"]
    assert not result.complete
    played = len(result.deals)
    remaining = Counter(
        expected_declarer(rules, players, i) for i in range(played, rules.deals_per_game)
    )
    made = declarer_doubles(result, played)
    expected = {
        (p, declarer, made[p, declarer], required, remaining[declarer])
        for declarer in players
        if remaining[declarer]
        for p in players
        if p != declarer and made[p, declarer] < required
    }
    owed = result.owed()
    got = [(o.doubler, o.declarer, o.made, o.required, o.remaining) for o in owed]
    assert len(got) == len(set(got))
    assert set(got) == expected
    for o in owed:
        assert o.owed == required - o.made > 0
        assert o.must == (o.owed >= o.remaining)
