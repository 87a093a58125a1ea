"""Properties of Rosbiratschka scoring over random legal games (hypothesis).

Each game comes from :func:`scoresheet.games.rosbiratschka.simulate.random_game` under a
preset and options drawn by hypothesis; the scores are checked against a second, plain
reading of the rules page written here, and against the invariants a paper sheet has.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet import record
from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.entry import deal_from_flags
from scoresheet.games.rosbiratschka.rules import COUNTED, HUNDRED_KEYS, RosbiratschkaRules
from scoresheet.games.rosbiratschka.score import GameScore, expected_total, score_game, to_json
from scoresheet.games.rosbiratschka.simulate import random_game

SETTINGS = settings(max_examples=80, deadline=None)


@st.composite
def games(draw: st.DrawFn, *, complete: bool | None = None) -> dict[str, Any]:
    """A random legal game file's data: preset, options and (by default) any length."""
    preset = draw(st.sampled_from(["rosbiratschka", "rosbiratschka-3"]))
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["rounds"] = draw(st.integers(1, 3))
    if draw(st.booleans()):
        options["slam"] = draw(st.sampled_from(["minus", "plus"]))
    if draw(st.booleans()):
        each = draw(st.integers(1, 3))
        avoided = draw(st.integers(1, 3))
        options["values"] = {"no-jacks": {"each": each, "avoided": avoided}}
    rounds = options.get("rounds", 1)
    total = 6 * rounds
    if complete is None:
        deals = draw(st.integers(0, total))
    else:
        deals = total if complete else draw(st.integers(0, total - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    return random_game(random.Random(seed), preset, deals=deals, options=options or None)


def _score(data: dict[str, Any]) -> GameScore:
    return score_game(record.from_data(data))


def _counts(deal: dict[str, Any], key: str, players: tuple[str, ...]) -> dict[str, int]:
    given_counts: dict[str, int] = deal["result"][key]
    return {p: given_counts.get(p, 0) for p in players}


def reference(
    rules: RosbiratschkaRules, contract: str, deal: dict[str, Any], players: tuple[str, ...]
) -> dict[str, int]:
    """The rules page read plainly, one contract at a time."""
    out = dict.fromkeys(players, 0)
    result = deal["result"]
    if contract in COUNTED:
        counts = _counts(deal, COUNTED[contract], players)
        n = sum(counts.values())
        value = rules.counts[contract]
        for p in players:
            if counts[p] == n:  # a slam: minus (or plus) the deal's total, the others 0
                sign = -1 if rules.slam == "minus" else 1
                return {q: (sign * value.each * n if q == p else 0) for q in players}
        nobody = any(counts[p] == 0 for p in players)
        for p in players:
            out[p] = counts[p] * value.each * (value.avoided if nobody else 1)
    elif contract == "king-of-hearts":
        out[result["king_of_hearts"]] += rules.king_of_hearts or 0
    elif contract == "hundred":
        assert rules.hundred is not None
        for key in HUNDRED_KEYS:
            out[result[key]] += rules.hundred.of(key)
    else:
        out[result["last"]] += rules.last or 0
    return out


@SETTINGS
@given(games())
def test_every_deal_scores_as_the_rules_page_reads(data: dict[str, Any]) -> None:
    result = _score(data)
    for deal, raw in zip(result.deals, data["deals"], strict=True):
        assert deal.score == reference(result.rules, deal.contract, raw, result.players)
        assert deal.base == deal.score  # there are no doubles


@SETTINGS
@given(games())
def test_every_row_adds_up_to_its_check_total(data: dict[str, Any]) -> None:
    """8 per deal, 16 when doubled (a player took none), the slam score on a slam."""
    result = _score(data)
    rules = result.rules
    for deal in result.deals:
        assert deal.total == expected_total(rules, deal)
        assert deal.total in rules.possible_totals(deal.contract)
        if deal.contract not in COUNTED:
            assert deal.total == rules.base_total(deal.contract)
            continue
        counts = [
            v
            for v in _counts(
                data["deals"][deal.number - 1], COUNTED[deal.contract], result.players
            ).values()
        ]
        n = rules.in_deal(deal.contract)
        assert sum(counts) == n
        assert (deal.slam is not None) == (n in counts)
        avoided = rules.counts[deal.contract].avoided
        assert deal.doubled == (0 in counts and n not in counts and avoided != 1)
        if deal.slam is None:
            factor = avoided if 0 in counts else 1
            assert deal.total == rules.base_total(deal.contract) * factor


@SETTINGS
@given(games())
def test_totals_are_the_sum_of_the_deals_and_the_winner_the_lowest(data: dict[str, Any]) -> None:
    result = _score(data)
    for p in result.players:
        assert result.totals[p] == sum(d.score[p] for d in result.deals)
    out = to_json(result)
    assert out["complete"] == (len(result.deals) == result.rules.deals_per_game)
    if result.complete:
        low = min(result.totals.values())
        assert out["winner"] == [p for p in result.players if result.totals[p] == low]
        assert out["winner"]
    else:
        assert out["winner"] is None


@SETTINGS
@given(games())
def test_contracts_in_order_and_the_dealer_rotates(data: dict[str, Any]) -> None:
    result = _score(data)
    players, contracts = result.players, result.rules.contracts
    for deal in result.deals:
        i = deal.number - 1
        assert deal.contract == contracts[i % len(contracts)]
        assert deal.dealer == players[i % len(players)]
        assert deal.leader == players[(i + 1) % len(players)]


@SETTINGS
@given(games())
def test_a_game_scores_the_same_after_saving_and_deal_by_deal(data: dict[str, Any]) -> None:
    """The file round trip changes nothing; each prefix of a game scores its deals the same."""
    result = _score(data)
    again = score_game(record.loads(record.dumps(record.from_data(data))))
    assert again.totals == result.totals and again.deals == result.deals
    for k in range(len(data["deals"])):
        part = {**data, "deals": data["deals"][:k]}
        assert _score(part).deals == result.deals[:k]


@SETTINGS
@given(games(), st.data())
def test_a_count_off_by_one_is_refused(data: dict[str, Any], draw: st.DataObject) -> None:
    counting = [i for i, d in enumerate(data["deals"]) if set(d["result"]) & set(COUNTED.values())]
    if not counting:
        return
    i = draw.draw(st.sampled_from(counting))
    bad = copy.deepcopy(data)
    result = bad["deals"][i]["result"]
    key = next(iter(result))
    who = draw.draw(st.sampled_from(bad["players"]))
    step = draw.draw(st.sampled_from([-1, 1]))
    if result[key].get(who, 0) + step < 0:
        step = 1
    result[key][who] = result[key].get(who, 0) + step
    with pytest.raises(
        ScoresheetError, match=rf"^deal {i + 1}, [a-z-]+: {key} add up to \d+, a deal has \d+$"
    ):
        _score(bad)


@SETTINGS
@given(games(), st.data())
def test_a_contract_out_of_order_is_refused(data: dict[str, Any], draw: st.DataObject) -> None:
    if not data["deals"]:
        return
    result = _score(data)
    i = draw.draw(st.integers(0, len(data["deals"]) - 1))
    wrong = draw.draw(
        st.sampled_from([c for c in result.rules.contracts if c != result.deals[i].contract])
    )
    bad = copy.deepcopy(data)
    bad["deals"][i]["contract"] = wrong
    with pytest.raises(ScoresheetError, match=rf"^deal {i + 1}, {wrong}: out of order"):
        _score(bad)


def _set_flags(deal: dict[str, Any], players: tuple[str, ...], rng: random.Random) -> list[str]:
    """The ``--set`` items a person would type for ``deal``: names, initials, or numbers."""
    out = []
    for key, value in deal["result"].items():
        if isinstance(value, dict):
            if rng.random() < 0.5:
                text = ",".join(f"{rng.choice([p, p[0], p.lower()])}={n}" for p, n in value.items())
            else:
                text = " ".join(str(value.get(p, 0)) for p in players)
            out.append(f"{key}={text}" if text else f"{key}=" + ",".join("0" for _ in players))
        else:
            out.append(f"{rng.choice([key, key.upper()])}={rng.choice([value, value[0].lower()])}")
    rng.shuffle(out)
    return out


@SETTINGS
@given(games(), st.integers(0, 1000))
def test_set_flags_make_the_same_deals(data: dict[str, Any], seed: int) -> None:
    """``add --set`` builds the deal the game file holds (the contract word is optional)."""
    rng = random.Random(seed)
    result = _score(data)
    empty = _score({**data, "deals": []})
    rebuilt = []
    for deal in result.deals:
        raw = data["deals"][deal.number - 1]
        word = rng.choice([None, deal.contract, deal.contract.removeprefix("no-")])
        rebuilt.append(
            deal_from_flags(empty, deal.number, word, {"set": _set_flags(raw, result.players, rng)})
        )
    assert _score({**data, "deals": rebuilt}).deals == result.deals
