"""Chinese Poker as a Barbu contract: beats typed in, or counted from the players' hands."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.poker import (
    ROWS,
    ChineseHand,
    beats_won,
    category_name,
    check_disjoint,
    parse_hand,
    row_outcomes,
    row_word,
)
from scoresheet.games.barbu.rules import BarbuRules
from scoresheet.i18n import _

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import BarbuResult


def chinese_poker_scores(
    rules: BarbuRules, result: BarbuResult, players: Sequence[str], where: str
) -> dict[str, int]:
    """Each player's Chinese Poker score: ``per_beat`` × beats (+ scoops and royalties).

    >>> from scoresheet.rules import load_preset
    >>> beats = {"Ann": {"front": 3, "middle": 2, "back": 1},
    ...          "Bob": {"front": 2, "middle": 3, "back": 0}}
    >>> chinese_poker_scores(load_preset("chinese-poker"), {"beats": beats},
    ...     ["Ann", "Bob", "Cat", "Dan"], "deal 9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: deal 9: the back beats [0, 0, 0, 1] cannot come ...
    """
    value = rules.values.chinese_poker
    assert value is not None
    given_beats, given_hands = result.get("beats"), result.get("hands")
    if (given_beats is None) == (given_hands is None):
        raise ScoresheetError(_("{where}: result needs either beats or hands").format(where=where))
    if given_hands is None:
        if value.scoop or value.royalties:
            raise ScoresheetError(
                _("{where}: these rules count scoops or royalties, which need the hands").format(
                    where=where
                )
            )
        assert given_beats is not None
        beats = _typed_beats(given_beats, players, where)
        return {p: value.per_beat * sum(beats[p].values()) for p in players}
    hands = _hands(rules, given_hands, players, where)
    extra = dict.fromkeys(players, 0)
    if value.scoop:
        for (a, b), rows in row_outcomes(hands).items():
            if all(r == 1 for r in rows):
                extra[a] += value.scoop
            elif all(r == -1 for r in rows):
                extra[b] += value.scoop
    if value.royalties:
        for p, hand in hands.items():
            if hand.fouled:
                continue
            for row, rank in zip(ROWS, hand.rows(), strict=True):
                units = value.royalties.get(row, {}).get(category_name(rank), 0)
                extra[p] += units * (len(players) - 1)
    won = beats_won(hands)
    return {p: value.per_beat * (won[p] + extra[p]) for p in players}


def _typed_beats(
    beats: dict[str, dict[str, int]], players: Sequence[str], where: str
) -> dict[str, dict[str, int]]:
    out = {p: dict.fromkeys(ROWS, 0) for p in players}
    for name, rows in beats.items():
        counts = out.get(name)
        if counts is None:
            raise ScoresheetError(
                _('{where}: result.beats: "{name}" is not a player in this game').format(
                    where=where, name=name
                )
            )
        counts.update(rows)
        if len(counts) != len(ROWS):  # a name that is not a row's: name the first one
            row = next(row for row in rows if row not in ROWS)
            raise ScoresheetError(
                _(
                    '{where}: result.beats.{name}: "{row}" is not a row (front, middle, back)'
                ).format(where=where, name=name, row=row)
            )
    check_beats(out, players, where)
    return out


def _hands(
    rules: BarbuRules, hands: dict[str, dict[str, str]], players: Sequence[str], where: str
) -> dict[str, ChineseHand]:
    parsed: dict[str, ChineseHand] = {}
    for name in players:
        if name not in hands:
            raise ScoresheetError(
                _("{where}: result.hands: {name}'s hand is missing").format(where=where, name=name)
            )
    for name, rows in hands.items():
        if name not in players:
            raise ScoresheetError(
                _('{where}: result.hands: "{name}" is not a player in this game').format(
                    where=where, name=name
                )
            )
        if rows.keys() != _ROW_KEYS:
            _check_row_names(rows, f"{where}: result.hands.{name}")
        parsed[name] = parse_hand(
            rows["front"], rows["middle"], rows["back"], where=f"{where}, {name}"
        )
    ordered = {p: parsed[p] for p in players}
    check_disjoint(ordered, rules.deck, where=where)
    return ordered


_ROW_KEYS = frozenset(ROWS)


def _check_row_names(rows: Mapping[str, str], where: str) -> None:
    unknown = set(rows) - _ROW_KEYS
    if unknown:
        raise ScoresheetError(
            _('{where}: "{row}" is not a row (front, middle, back)').format(
                where=where, row=sorted(unknown)[0]
            )
        )
    missing = [r for r in ROWS if r not in rows]
    if missing:
        raise ScoresheetError(
            _("{where}: the {row} row is missing").format(where=where, row=row_word(missing[0]))
        )


def check_beats(beats: Mapping[str, Mapping[str, int]], players: Sequence[str], where: str) -> None:
    """Beat counts typed in must be what some ranking of the rows (ties allowed) gives.

    In a row, a player's beats are the number of players ranked strictly below them, so
    sorted counts go 0, then either repeat (a tie) or jump to their own position.
    """
    possible = _possible_beats(len(players))
    for row in ROWS:
        counts = sorted([beats[p][row] for p in players])
        if tuple(counts) not in possible:
            raise ScoresheetError(
                _(
                    "{where}: the {row} beats {counts} cannot come from one ranking of "
                    "{n} rows (each beat is one row beating another)"
                ).format(where=where, row=row_word(row), counts=counts, n=len(players))
            )


@cache
def _possible_beats(players: int) -> frozenset[tuple[int, ...]]:
    """Every sorted list of beat counts that a ranking of ``players`` rows can give: the
    rows tied in groups, each group beating the rows of the groups below it.

    >>> sorted(_possible_beats(3))
    [(0, 0, 0), (0, 0, 2), (0, 1, 1), (0, 1, 2)]
    """
    out = set()
    for cuts in itertools.product((False, True), repeat=max(players - 1, 0)):
        counts, below = [0], 0
        for i, cut in enumerate(cuts, start=1):
            below = i if cut else below
            counts.append(below)
        out.add(tuple(counts[:players]))
    return frozenset(out)
