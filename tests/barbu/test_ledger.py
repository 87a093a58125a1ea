"""The doubling ledger: declarations resolved into bets, and bets settled (rules page, section 3).

Also who declares, who deals and so who speaks first (rules page, section 1), since the
doubling goes round the table from the dealer's left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.ledger import Bet, resolve_bets, settle, table_order
from scoresheet.games.barbu.rotation import dealer_of, deals_left_for, declarer_of
from scoresheet.games.barbu.rules import BarbuRules
from scoresheet.rules import load_preset, resolve
from tests.conftest import PLAYERS, game, score

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import Declaration

CLASSIC = load_preset("classic")
PAGAT = load_preset("pagat")


def bets(
    declarations: Sequence[Any],
    *,
    contract: str = "no-queens",
    declarer: str = "Ann",
    dealer: str | None = None,
    rules: BarbuRules = CLASSIC,
    players: Sequence[str] = PLAYERS,
) -> dict[tuple[str, str], int]:
    """The bets ``{(doubler, doubled): multiplier}`` the declarations make."""
    resolved = resolve_bets(
        cast("list[Declaration]", list(declarations)),
        players=players,
        declarer=declarer,
        dealer=dealer if dealer is not None else dealer_of(rules, players, declarer),
        contract=contract,
        rules=rules,
        where="deal 1",
    )
    out = {(a, b): m for a, b, m in resolved}
    assert len(out) == len(resolved), "one bet per (doubler, doubled)"
    return out


def refused(declarations: Sequence[Any], **kwargs: Any) -> str:
    with pytest.raises(ScoresheetError) as info:
        bets(declarations, **kwargs)
    return str(info.value)


# -- maximum, family ------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["maximum", "table"])
def test_maximum_doubles_every_other_player(word: str) -> None:
    """Rules page, section 3, 2: ``maximum`` / ``table`` doubles every other player."""
    assert bets([{"by": "Bob", "double": word}]) == {
        ("Bob", "Ann"): 1,
        ("Bob", "Cat"): 1,
        ("Bob", "Dan"): 1,
    }


@pytest.mark.parametrize("word", ["maximum", "table"])
def test_maximum_by_a_doubled_player_redoubles_and_doubles_the_rest(word: str) -> None:
    """Rules page, section 3, 5: ``maximum`` from a player who has been doubled redoubles every
    double received and doubles everyone not yet doubled."""
    declarations = [
        {"by": "Bob", "double": ["Dan"]},
        {"by": "Cat", "double": ["Dan", "Ann"]},
        {"by": "Dan", "double": word},
    ]
    assert bets(declarations) == {
        ("Bob", "Dan"): 2,
        ("Cat", "Dan"): 2,
        ("Cat", "Ann"): 1,
        ("Dan", "Ann"): 1,
    }


def test_maximum_redoubles_only_what_was_received() -> None:
    """Rules page, section 3, 5 and 7: a maximum redoubles the doubles its speaker received,
    nothing else: Dan's maximum leaves the Bob–Cat bet (not his) at ×1."""
    declarations = [{"by": "Bob", "double": ["Cat"]}, {"by": "Dan", "double": "maximum"}]
    assert bets(declarations) == {
        ("Bob", "Cat"): 1,
        ("Dan", "Ann"): 1,
        ("Dan", "Bob"): 1,
        ("Dan", "Cat"): 1,
    }


def test_the_declarers_maximum_only_redoubles() -> None:
    """Rules page, section 3, 6: the declarer may not double, only redouble; a declarer's
    ``maximum`` redoubles all doubles received and doubles nobody."""
    declarations = [
        {"by": "Bob", "double": ["Ann", "Cat"]},
        {"by": "Dan", "double": ["Ann"]},
        {"by": "Ann", "double": "maximum"},
    ]
    assert bets(declarations) == {("Bob", "Ann"): 2, ("Bob", "Cat"): 1, ("Dan", "Ann"): 2}
    # received nothing: it redoubles nothing and doubles nobody, so it makes no bet (typed
    # first under pagat, where the declarer speaks first)
    assert bets([{"by": "Ann", "double": "maximum"}]) == {}
    assert bets([{"by": "Ann", "double": "maximum"}], rules=PAGAT) == {}
    later = [{"by": "Ann", "double": "maximum"}, {"by": "Bob", "double": ["Ann"]}]
    assert bets(later, rules=PAGAT) == {("Bob", "Ann"): 1}


def test_the_declarers_maximum_in_a_positive_contract() -> None:
    """Rules page, section 3, 3 and 6: the same in a positive contract."""
    declarations = [{"by": "Cat", "double": "maximum"}, {"by": "Ann", "double": "maximum"}]
    assert bets(declarations, contract="trumps") == {("Cat", "Ann"): 2}


@pytest.mark.parametrize("word", ["family", "flanks"])
@pytest.mark.parametrize(
    ("by", "flanks"), [("Bob", ["Cat", "Dan"]), ("Cat", ["Bob", "Dan"]), ("Dan", ["Bob", "Cat"])]
)
def test_family_doubles_the_two_other_non_declarers(word: str, by: str, flanks: list[str]) -> None:
    """Rules page, section 3, 2: ``family`` / ``flanks`` doubles the two other non-declarers
    (not the declarer)."""
    assert bets([{"by": by, "double": word}]) == {(by, q): 1 for q in flanks}


def test_family_with_another_declarer() -> None:
    """Rules page, section 3, 2: the flanks depend on who declares (Cat here)."""
    assert bets([{"by": "Ann", "double": "family"}], declarer="Cat") == {
        ("Ann", "Bob"): 1,
        ("Ann", "Dan"): 1,
    }


@pytest.mark.parametrize("contract", ["trumps", "dominoes"])
@pytest.mark.parametrize("word", ["maximum", "table"])
def test_positive_maximum_doubles_only_the_declarer(contract: str, word: str) -> None:
    """Rules page, section 3, 3: in a positive contract a non-declarer may double only the
    declarer, so their ``maximum`` doubles only the declarer."""
    declarations = [{"by": p, "double": word} for p in ("Bob", "Cat", "Dan")]
    assert bets(declarations, contract=contract) == {
        ("Bob", "Ann"): 1,
        ("Cat", "Ann"): 1,
        ("Dan", "Ann"): 1,
    }


def test_chinese_poker_maximum_doubles_only_the_declarer() -> None:
    """Rules page, section 4: chinese-poker is positive (non-declarers double only the
    declarer)."""
    rules = load_preset("chinese-poker")
    assert rules.is_positive("chinese-poker")
    declarations = [{"by": "Bob", "double": "maximum"}]
    assert bets(declarations, contract="chinese-poker", rules=rules) == {("Bob", "Ann"): 1}


def test_no_redoubles_option() -> None:
    """Rules page, section 3, 7: a bet is ×1 or ×2; a rules file may turn redoubles off, and
    then a doubled player's ``maximum`` leaves what they received at ×1."""
    rules = resolve("classic", {"doubling": {"redoubles": False}})
    declarations = [{"by": "Bob", "double": ["Cat"]}, {"by": "Cat", "double": "maximum"}]
    assert bets(declarations, rules=rules) == {
        ("Bob", "Cat"): 1,
        ("Cat", "Ann"): 1,
        ("Cat", "Dan"): 1,
    }
    redouble = [{"by": "Bob", "double": ["Cat"]}, {"by": "Cat", "redouble": ["Bob"]}]
    assert "no redoubles" in refused(redouble, rules=rules)
    # the declarer's maximum can only redouble: without redoubles it is refused, not dropped
    message = refused([{"by": "Ann", "double": "maximum"}], rules=rules)
    assert "Ann is the declarer, who may not double, and these rules have no redoubles" in message


def test_redouble_all_redoubles_every_double_received() -> None:
    """Rules page, section 3, 5; spec: ``{"by": "Ann", "redouble": "all"}``."""
    declarations = [
        {"by": "Bob", "double": ["Ann", "Cat"]},
        {"by": "Cat", "double": ["Ann"]},
        {"by": "Ann", "redouble": "all"},
    ]
    assert bets(declarations) == {("Bob", "Ann"): 2, ("Bob", "Cat"): 1, ("Cat", "Ann"): 2}


# -- table order ------------------------------------------------------------------------------


def test_table_order_starts_at_the_dealers_left() -> None:
    """Rules page, section 1 (seats clockwise, left is the next seat) and section 3, 1."""
    assert table_order(PLAYERS, "Ann") == ["Bob", "Cat", "Dan", "Ann"]
    assert table_order(PLAYERS, "Cat") == ["Dan", "Ann", "Bob", "Cat"]
    assert table_order(PLAYERS, "Dan") == ["Ann", "Bob", "Cat", "Dan"]


def test_classic_the_declarer_speaks_last() -> None:
    """Rules page, section 1 (default: the dealer is the declarer) and section 3, 1: Ann
    deals, so Bob speaks first and Ann last; doubles out of that order are refused."""
    assert dealer_of(CLASSIC, PLAYERS, "Ann") == "Ann"
    in_order = [{"by": p, "double": ["Ann"]} for p in ("Bob", "Cat", "Dan")]
    assert bets(in_order) == {("Bob", "Ann"): 1, ("Cat", "Ann"): 1, ("Dan", "Ann"): 1}
    message = refused([in_order[1], in_order[0]])
    assert "Bob doubles out of turn" in message and "Bob, Cat, Dan, Ann" in message
    # the declarer's maximum comes last and redoubles what came before it
    assert bets([*in_order, {"by": "Ann", "double": "maximum"}]) == {
        ("Bob", "Ann"): 2,
        ("Cat", "Ann"): 2,
        ("Dan", "Ann"): 2,
    }


def test_pagat_the_declarer_speaks_first() -> None:
    """Rules page, section 1 (option, pagat: the dealer is the player on the declarer's right)
    and section 3, 1: the declarer sits at the dealer's left and so speaks first."""
    assert dealer_of(PAGAT, PLAYERS, "Ann") == "Dan"
    assert table_order(PLAYERS, dealer_of(PAGAT, PLAYERS, "Ann")) == ["Ann", "Bob", "Cat", "Dan"]
    assert table_order(PLAYERS, dealer_of(PAGAT, PLAYERS, "Cat")) == ["Cat", "Dan", "Ann", "Bob"]
    # Bob doubles Ann: Ann's turn to double was before Bob's, so her "maximum" is out of turn
    late = [{"by": "Bob", "double": ["Ann"]}, {"by": "Ann", "double": "maximum"}]
    message = refused(late, rules=PAGAT)
    assert "Ann doubles out of turn" in message and "Ann, Bob, Cat, Dan" in message
    # but the same is the declarer's last word in classic
    assert bets(late) == {("Bob", "Ann"): 2}
    # a redouble is not a turn: Ann redoubles once doubled
    answered = [{"by": "Bob", "double": ["Ann"]}, {"by": "Ann", "redouble": "all"}]
    assert bets(answered, rules=PAGAT) == {("Bob", "Ann"): 2}
    # Dan (the dealer) speaks last, after Bob and Cat
    order = [{"by": p, "double": ["Ann"]} for p in ("Bob", "Cat", "Dan")]
    assert bets(order, rules=PAGAT) == {("Bob", "Ann"): 1, ("Cat", "Ann"): 1, ("Dan", "Ann"): 1}
    assert "Bob doubles out of turn" in refused([order[2], order[0]], rules=PAGAT)


def test_pagat_table_order_in_a_scored_game() -> None:
    """Rules page, section 1 and 3, 1, through a whole game file: in pagat Bob (declarer of
    deals 8–14) speaks first, and the dealer Ann last."""
    anns = [
        {"contract": c, "result": r}
        for c, r in [
            ("no-tricks", {"tricks": {"Bob": 13}}),
            ("no-hearts", {"hearts": {"Bob": 13}, "ace_of_hearts": "Bob"}),
            ("no-queens", {"queens": {"Bob": 4}}),
            ("no-king", {"king_of_hearts": "Bob"}),
            ("no-last-two", {"second_last": "Bob", "last": "Bob"}),
            ("trumps", {"tricks": {"Ann": 13}}),
            ("dominoes", {"order": PLAYERS}),
        ]
    ]
    deal = {
        "contract": "no-king",
        "doubles": [
            {"by": "Cat", "double": ["Bob"]},
            {"by": "Dan", "double": ["Bob"]},
            {"by": "Ann", "double": ["Bob", "Cat"]},
        ],
        "result": {"king_of_hearts": "Cat"},
    }
    result = score(game([*anns, deal], rules="pagat"))
    d = result.deals[7]
    assert (d.declarer, d.dealer) == ("Bob", "Ann")
    assert {(b.doubler, b.doubled): b.multiplier for b in d.bets} == {
        ("Cat", "Bob"): 1,
        ("Dan", "Bob"): 1,
        ("Ann", "Bob"): 1,
        ("Ann", "Cat"): 1,
    }
    # Ann deals, so she speaks last: her double before Cat's is out of turn
    early = {
        **deal,
        "doubles": [{"by": "Ann", "double": ["Bob"]}, {"by": "Cat", "double": ["Bob"]}],
    }
    with pytest.raises(ScoresheetError, match=r"deal 8, no-king, doubles entry 2: Cat doubles out"):
        score(game([*anns, early], rules="pagat"))


# -- settlement -----------------------------------------------------------------------------------


def test_settlement_worked_example() -> None:
    """Rules page, section 3, Settlement, published worked example (No Queens): Benny +6 from
    Annie, +6 from Connie, +12 from Denny; Annie–Connie redoubled but equal, so 0."""
    players = ["Denny", "Annie", "Benny", "Connie"]
    declarations = [
        {"by": "Benny", "double": "maximum"},
        {"by": "Connie", "double": ["Annie"]},
        {"by": "Annie", "redouble": ["Connie"]},
    ]
    made = bets(declarations, declarer="Denny", dealer="Denny", players=players)
    assert made == {
        ("Benny", "Denny"): 1,
        ("Benny", "Annie"): 1,
        ("Benny", "Connie"): 1,
        ("Connie", "Annie"): 2,
    }
    base = {"Denny": -12, "Annie": -6, "Benny": 0, "Connie": -6}
    settled = settle([(a, b, m) for (a, b), m in made.items()], base)
    assert {(b.doubler, b.doubled): b.moved for b in settled} == {
        ("Benny", "Denny"): 12,
        ("Benny", "Annie"): 6,
        ("Benny", "Connie"): 6,
        ("Connie", "Annie"): 0,
    }
    final = dict(base)
    for b in settled:
        final[b.doubler] += b.moved
        final[b.doubled] -= b.moved
    assert final == {"Denny": -24, "Annie": -12, "Benny": 24, "Connie": -12}


@pytest.mark.parametrize(
    ("bet", "base", "moved"),
    [
        (("Bob", "Ann", 1), {"Ann": -12, "Bob": 0}, 12),  # the doubler scored higher: wins
        (("Bob", "Ann", 1), {"Ann": 0, "Bob": -20}, -20),  # the doubled scored higher: loses
        (("Bob", "Ann", 2), {"Ann": -12, "Bob": 0}, 24),  # redoubled: twice
        (("Bob", "Ann", 2), {"Ann": 45, "Bob": -5}, -100),
        (("Bob", "Ann", 2), {"Ann": -6, "Bob": -6}, 0),  # equal: nothing moves
    ],
)
def test_settle_a_bet(bet: tuple[str, str, int], base: dict[str, int], moved: int) -> None:
    """Rules page, section 3, Settlement: X gets m × (s[X] − s[Y]), Y the opposite."""
    assert settle([bet], base) == [Bet(bet[0], bet[1], bet[2], moved)]


def test_each_pair_is_settled_independently() -> None:
    """Rules page, section 3, Settlement: each pair is settled on the base scores,
    independently of the other pairs."""
    base = {"Ann": -20, "Bob": 0, "Cat": -10, "Dan": 0}
    made = [("Bob", "Ann", 1), ("Cat", "Ann", 2), ("Dan", "Cat", 1), ("Bob", "Dan", 2)]
    assert [b.moved for b in settle(made, base)] == [20, 20, 10, 0]
    # the order of the bets changes nothing
    assert [b.moved for b in settle(made[::-1], base)] == [0, 10, 20, 20]


# -- rotation (rules page, section 1) --------------------------------------------------------------


def test_classic_rotation() -> None:
    """Rules page, section 1 (default): the dealer is the declarer, who deals and declares
    7 deals in a row, then the role passes left."""
    for index in range(28):
        declarer = declarer_of(CLASSIC, PLAYERS, index)
        assert declarer == PLAYERS[index // 7]
        assert dealer_of(CLASSIC, PLAYERS, declarer) == declarer


def test_pagat_rotation() -> None:
    """Rules page, section 1 (option, pagat): the same declarers; the dealer is the player on
    the declarer's right (the previous seat)."""
    right = {"Ann": "Dan", "Bob": "Ann", "Cat": "Bob", "Dan": "Cat"}
    for index in range(28):
        declarer = declarer_of(PAGAT, PLAYERS, index)
        assert declarer == PLAYERS[index // 7]
        assert dealer_of(PAGAT, PLAYERS, declarer) == right[declarer]


def test_ravage_city_rotation() -> None:
    """Rules page, section 4: 8 contracts, 32 deals, 8 in a row per declarer."""
    rules = load_preset("ravage-city")
    assert rules.deals_per_game == 32
    assert [declarer_of(rules, PLAYERS, i) for i in (0, 7, 8, 15, 16, 31)] == [
        "Ann",
        "Ann",
        "Bob",
        "Bob",
        "Cat",
        "Dan",
    ]


@pytest.mark.parametrize("preset", ["classic", "pagat"])
def test_quick_rotation(preset: str) -> None:
    """Rules page, section 1 (option, quick rotation): the declarer role passes left after
    every deal; each player still declares 7 times over 28 deals."""
    rules = resolve(preset, {"rotation": "every-deal"})
    declarers = [declarer_of(rules, PLAYERS, i) for i in range(28)]
    assert declarers[:6] == ["Ann", "Bob", "Cat", "Dan", "Ann", "Bob"]
    assert all(declarers.count(p) == 7 for p in PLAYERS)
    assert deals_left_for(rules, PLAYERS, 26, "Cat") == 1
    assert deals_left_for(rules, PLAYERS, 26, "Ann") == 0
    for p in PLAYERS:
        expected = p if preset == "classic" else PLAYERS[PLAYERS.index(p) - 1]
        assert dealer_of(rules, PLAYERS, p) == expected


def test_quick_rotation_in_a_scored_game() -> None:
    """Rules page, section 1, quick rotation: the role passes left after every deal, and each
    player still picks each contract once (Ann's second no-king is refused)."""
    options = {"rotation": "every-deal"}
    deals = [{"contract": "no-king"} for _ in range(4)]
    result = score(game(deals, options=options))
    assert [d.declarer for d in result.deals] == PLAYERS
    assert [d.dealer for d in result.deals] == PLAYERS
    assert result.next_declarer == "Ann"
    with pytest.raises(ScoresheetError, match="deal 5, no-king: Ann has already declared"):
        score(game([*deals, {"contract": "no-king"}], options=options))
