"""The club night's draw: everyone seated once a round or on a bye, tables of allowed
sizes, byes spread fairly, the same seats from the same seed, and no repeat meeting where
the numbers allow a night without one."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet.night.draw import Round, affine_rounds, draw, layout, neighbour_repeats, repeats

WORK = 3000  # a small search: these properties hold whatever the search finds
SIZES = {  # the table sizes a game allows (in units), its own size
    "barbu classic": ([3, 4, 5, 6], 4),
    "barbu 4 only": ([4], 4),
    "rosbiratschka": ([3, 4], 4),
    "pairs": ([2], 2),
}


def _meetings(rounds: list[Round]) -> Counter[tuple[int, int]]:
    """Every two units' meetings, counted here from the tables (not by the module)."""
    met: Counter[tuple[int, int]] = Counter()
    for one in rounds:
        for table in one.tables:
            for a, b in itertools.combinations(sorted(table), 2):
                met[(a, b)] += 1
    return met


@settings(max_examples=40, deadline=None)
@given(
    kind=st.sampled_from(sorted(SIZES)),
    units=st.integers(min_value=4, max_value=30),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=2**40),
)
def test_every_unit_once_a_round_at_allowed_tables_byes_fair(
    kind: str, units: int, rounds: int, seed: int
) -> None:
    sizes, base = SIZES[kind]
    night = draw(seed, units, sizes, base, rounds, pairs=kind == "pairs", work=WORK)
    assert len(night) == rounds
    byes: Counter[int] = Counter()
    for one in night:
        seated = [u for table in one.tables for u in table]
        assert sorted(seated + list(one.byes)) == list(range(units))
        assert all(len(table) in sizes for table in one.tables)
        # byes only where the numbers force them: no table size fits the byes in
        assert len(one.byes) < min(sizes) or not any(
            len(one.byes) + len(table) in sizes for table in one.tables
        )
        byes.update(one.byes)
    counts = [byes[u] for u in range(units)]
    assert max(counts) - min(counts) <= 1  # spread: nobody sits out twice before all once
    # reproducible: the same arguments, the same seats
    assert draw(seed, units, sizes, base, rounds, pairs=kind == "pairs", work=WORK) == night


def test_byes_only_when_forced() -> None:
    assert layout(16, [4], 4) == ((4, 4, 4, 4), 0)
    assert layout(18, [4], 4) == ((4, 4, 4, 4), 2)
    assert layout(18, [3, 4], 4) == ((4, 4, 4, 3, 3), 0)
    assert layout(7, [2], 2) == ((2, 2, 2), 1)  # seven pairs: one pair sits out
    assert layout(11, [3, 4, 5, 6], 4) == ((4, 4, 3), 0)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("construct", [True, False])
def test_sixteen_at_four_tables_over_five_rounds_never_meet_twice(
    seed: int, construct: bool
) -> None:
    night = draw(seed, 16, [4], 4, 5, construct=construct)
    met = _meetings(night)
    assert max(met.values()) == 1
    assert len(met) == 16 * 15 // 2  # the full design: everyone meets everyone once


@pytest.mark.parametrize("seed", range(6))
def test_twenty_at_five_tables_over_three_rounds_never_meet_twice(seed: int) -> None:
    night = draw(seed, 20, [4], 4, 3)
    assert max(_meetings(night).values()) == 1
    assert neighbour_repeats(20, night) == 0


def test_forty_at_ten_tables_over_six_rounds_never_meet_twice() -> None:
    night = draw(7, 40, [4], 4, 6)
    assert max(_meetings(night).values()) == 1


def test_the_seed_changes_the_seats_and_rounds_drawn_later_still_avoid_repeats() -> None:
    assert draw(1, 20, [4], 4, 3) != draw(2, 20, [4], 4, 3)
    first = draw(3, 20, [4], 4, 1)
    later = draw(3, 20, [4], 4, 2, history=first)
    assert max(_meetings(first + later).values()) == 1


@pytest.mark.parametrize("q", [3, 4, 5])
def test_the_affine_plane_is_a_resolvable_design(q: int) -> None:
    rounds = affine_rounds(q)
    assert rounds is not None and len(rounds) == q + 1
    night = [Round(tuple(map(tuple, r)), ()) for r in rounds]
    met = _meetings(night)
    assert len(met) == q * q * (q * q - 1) // 2 and set(met.values()) == {1}


def test_repeats_kept_as_few_as_the_search_finds_when_forced() -> None:
    # 13 players at tables of 4 over 4 rounds: 3 tables, one bye a round; each player
    # meets 9 others at least, so repeats are forced for some, but far fewer than a
    # random seating gives.
    night = draw(5, 13, [4], 4, 4)
    assert repeats(13, night) == sum(m - 1 for m in _meetings(night).values())
    assert repeats(13, night) <= 14


def test_by_rank_seats_strong_with_strong_but_avoids_repeats() -> None:
    first = draw(9, 16, [4], 4, 1)
    ranking = list(range(16))  # unit 0 best
    second = draw(9, 16, [4], 4, 1, history=first, ranking=ranking)
    assert max(_meetings(first + second).values()) == 1
    top = second[0].tables[0]
    # the top table is drawn from the top of the ranking, moved only to avoid repeats
    assert sum(ranking.index(u) for u in top) < sum(range(8))
