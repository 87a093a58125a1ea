"""``scoresheet play`` for Rosbiratschka: guided entry at the table, one deal after another.

The contract and the dealer of each deal follow from the fixed order and the rotation,
so the only questions are what the table reports. A wrong answer is asked again with
the reason; a deal is saved only once it is complete and valid.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from scoresheet.errors import ScoresheetError
from scoresheet.games.rosbiratschka.entry import PROMPTS, parse_value
from scoresheet.games.rosbiratschka.rules import COUNTED, RESULT_KEYS, RosbiratschkaRules
from scoresheet.games.rosbiratschka.score import GameScore, base_scores

if TYPE_CHECKING:
    from collections.abc import Sequence

    from scoresheet.session import OpenGame


def question(rules: RosbiratschkaRules, contract: str, key: str, players: Sequence[str]) -> str:
    """The prompt for one result key."""
    if key in COUNTED.values():
        n = rules.in_deal(contract)
        return (
            f"{key.capitalize()} taken ({n} in all): {players[0]}=2,{players[-1]}=1,… "
            f"or one number each for {' '.join(players)}"
        )
    return PROMPTS[key]


def check_partial(
    rules: RosbiratschkaRules,
    contract: str,
    answers: dict[str, Any],
    players: Sequence[str],
    number: int,
) -> None:
    """Raise for an answer the scoring refuses; a key not asked yet may be missing."""
    where = f"deal {number}, {contract}"
    try:
        base_scores(rules, contract, answers, players, where)
    except ScoresheetError as error:
        missing = [k for k in RESULT_KEYS[contract] if k not in answers]
        if missing and f"result.{missing[0]} is missing" in str(error):
            return
        raise


def check_deal(game: OpenGame, deal: dict[str, Any]) -> GameScore:
    """Score the game with ``deal`` added (nothing is saved); raises if it is refused."""
    from scoresheet import record as rec
    from scoresheet.session import rescore

    data = copy.deepcopy(rec.to_data(game.record))
    data["deals"].append(deal)
    _, result = rescore(data, game.path.name)
    scored: GameScore = result
    return scored


def _enter_deal(io: Any, game: OpenGame) -> dict[str, Any]:
    from scoresheet.games.rosbiratschka.views import what_to_report

    result: GameScore = game.result
    rules, players = result.rules, list(result.players)
    number, contract = result.next_number, result.next_contract
    assert number is not None and contract is not None
    io.say()
    io.say(
        f"Deal {number} of {rules.deals_per_game}: {contract} — "
        f"{result.next_dealer} deals, {result.next_leader} leads"
    )
    io.say(f"  {what_to_report(rules, contract)}")
    while True:
        answers: dict[str, Any] = {}
        for key in RESULT_KEYS[contract]:
            prompt = question(rules, contract, key, players)
            while True:
                value = io.ask(prompt, lambda text, k=key: parse_value(k, text, players))
                trial = {**answers, key: value}
                try:
                    check_partial(rules, contract, trial, players, number)
                except ScoresheetError as error:
                    io.refuse(error)
                    continue
                answers = trial
                break
        deal = {"contract": contract, "result": answers}
        try:
            check_deal(game, deal)
        except ScoresheetError as error:
            io.refuse(error)
            io.say(f"Deal {number} again.")
            continue
        return deal


def _stopped(game: OpenGame) -> str:
    n = len(game.result.deals)
    return f"deal {n + 1} was not saved; {game.path.name} keeps its {n} deal{'s' * (n != 1)}"


def play_game(path: Path) -> int:
    """Enter deals until the game is complete or the player stops; the exit code."""
    from scoresheet.cli.play import Prompter, Quit
    from scoresheet.games.rosbiratschka.views import after_deal_text, deal_text, standings
    from scoresheet.session import add_deal, open_game

    io = Prompter()
    game = open_game(path)
    rules = game.result.rules
    io.say(
        f"{path.name}: Rosbiratschka, rules {rules.name} — "
        f"{len(game.result.deals)} of {rules.deals_per_game} deals played, lowest total wins. "
        "Type q to stop; a deal is saved once it is complete."
    )
    if game.result.complete:
        io.say("the game is complete")
    while not game.result.complete:
        try:
            deal = _enter_deal(io, game)
        except Quit:
            io.say(f"quit: {_stopped(game)}")
            return 0
        except (EOFError, KeyboardInterrupt):
            typer.echo(f"scoresheet: stopped; {_stopped(game)}", err=True)
            return 130
        number = len(game.result.deals) + 1
        try:
            scored, _ = add_deal(game, deal)
        except ScoresheetError:
            fresh = open_game(path)
            if fresh.snapshot.digest == game.snapshot.digest:
                raise
            io.say(
                f"{path.name} was changed by another command while deal {number} was being "
                f"entered: that deal was not saved. The game now has {len(fresh.result.deals)} "
                "deals; carrying on from there."
            )
            game = fresh
            continue
        io.say(deal_text(scored, number))
        io.say(after_deal_text(scored, next_deal=False))
        game = open_game(path)
    io.say()
    io.say("Standings (lowest first)")
    io.say(standings(game.result))
    return 0
