"""``scoresheet play``: guided entry at the table, one deal after another.

The command asks, for each deal, the contract, each player's double in table order,
the redoubles, then the result in the shape the contract needs; it saves the deal
only when the whole deal is valid. What to ask is written once, as data, in
:mod:`scoresheet.games.barbu.play`; this module only walks those questions in the
terminal (``back`` goes to the previous question, ``?`` explains the current one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scoresheet.cli import prompting
from scoresheet.cli.prompting import Prompter
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.play import (
    FORM,
    DealContext,
    DealPlan,
    ResultQuestion,
    bets_of,
    check_answers,
    contract_answer,
    deal_object,
    double_choices,
    is_split,
    next_question,
    redouble_candidates,
    result_of,
    rewind,
    said_for,
)

if TYPE_CHECKING:
    from scoresheet.games.barbu.score import GameScore, Owed
    from scoresheet.session import OpenGame
    from scoresheet.views.term import Term

__all__ = [
    "FORM",
    "DealContext",
    "DealPlan",
    "ResultQuestion",
    "bets_of",
    "check_answers",
    "contract_answer",
    "deal_object",
    "double_choices",
    "is_split",
    "next_question",
    "play_game",
    "redouble_candidates",
    "result_of",
    "rewind",
]


def check_deal(game: OpenGame, deal: Mapping[str, Any]) -> GameScore:
    """Score the game with ``deal`` added (nothing is saved); raises if it is refused."""
    return cast("GameScore", prompting.check_deal(game, dict(deal)))


def owed_lines(owed: Sequence[Owed], term: Term | None = None) -> list[str]:
    """The doubles owed, most urgent first; the ones that must be made now marked ``!``.

    Each is wrapped to the width with its mark inside the width, continued under its text.
    """
    from scoresheet.views.term import Term as Terminal
    from scoresheet.views.text import owed_text_lines

    term = term or Terminal.detect()
    ordered = sorted(owed, key=lambda o: (not o.must, o.remaining - o.owed))
    return [
        owed_text_lines([o], term, indent="    ").replace("    ", f"  {'!' if o.must else '-'} ", 1)
        for o in ordered
    ]


# -- the prompts ---------------------------------------------------------------------------


def _header(io: Prompter, result: GameScore, declarer: str, dealer: str) -> None:
    number = len(result.deals) + 1
    who = declarer if dealer == declarer else f"{declarer} (dealer: {dealer})"
    io.say()
    io.say(f"Deal {number} of {result.rules.deals_per_game}: {who} declares")
    io.say(f"{declarer}'s contracts left: {', '.join(result.contracts_left(declarer))}")
    owed = [o for o in result.owed() if o.declarer == declarer]
    if owed:
        io.say(f"Doubles owed to {declarer}:")
        for line in owed_lines(owed, io.term):
            io.show(line)


def _enter_deal(io: Prompter, game: OpenGame) -> dict[str, Any]:
    """Ask one whole deal; returns a deal that scores (checked against the whole game)."""
    result = game.result
    declarer, dealer = result.next_declarer, result.next_dealer
    assert declarer is not None and dealer is not None
    _header(io, result, declarer, dealer)
    owed = result.owed()
    must = frozenset(o.doubler for o in owed if o.must and o.declarer == declarer)
    plan = DealPlan(result, declarer, dealer, must)
    while True:
        form = plan.form()
        answers = prompting.walk(io, form, result.players, said=said_for(plan))
        deal = plan.deal(answers)
        if (
            "result" not in deal
            and deal["contract"]
            and not result.rules.is_positive(deal["contract"])
        ):
            total = result.rules.max_total(deal["contract"])
            io.say(
                f"Nobody doubled: under these rules the deal is not played; "
                f"its total ({total:+d}) is split, so there is no result to enter."
            )
        try:
            check_deal(game, deal)
        except ScoresheetError as error:
            io.refuse(error)
            io.say(f"Deal {plan.number} again, from the contract.")
            continue
        return deal


def play_game(path: Path) -> int:
    """Enter deals until the game is complete or the player stops; the exit code."""
    from scoresheet.cli.output import deal_line
    from scoresheet.games.barbu.views import after_deal_text
    from scoresheet.views.term import plural
    from scoresheet.views.text import standings

    def intro(game: OpenGame) -> list[str]:
        result = game.result
        played = f"{len(result.deals)} of {plural(result.rules.deals_per_game, 'deal')} played"
        lines = [prompting.opening(path.name, "Barbu", result.rules, played)]
        return lines + (["the game is complete"] if result.complete else [])

    return prompting.run_deals(
        path,
        Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [deal_line(scored, number), after_deal_text(scored)],
        closing=lambda game: ["", "Standings", standings(game.result)],
    )
