"""``scoresheet play`` for Rosbiratschka: guided entry at the table, one deal after another.

The contract and the dealer of each deal follow from the fixed order and the rotation,
so the only questions are what the table reports. A wrong answer is asked again with
the reason; a deal is saved only once it is complete and valid.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoresheet.cli import prompting
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
            prompting.check_deal(game, deal)
        except ScoresheetError as error:
            io.refuse(error)
            io.say(f"Deal {number} again.")
            continue
        return deal


def play_game(path: Path) -> int:
    """Enter deals until the game is complete or the player stops; the exit code."""
    from scoresheet.cli.prompting import Prompter, run_deals
    from scoresheet.games.rosbiratschka.views import after_deal_text, deal_text, standings

    def intro(game: OpenGame) -> list[str]:
        result, rules = game.result, game.result.rules
        lines = [
            f"{path.name}: Rosbiratschka, rules {rules.name} — "
            f"{len(result.deals)} of {rules.deals_per_game} deals played, lowest total wins. "
            "Type q to stop; a deal is saved once it is complete."
        ]
        return lines + (["the game is complete"] if result.complete else [])

    return run_deals(
        path,
        Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [
            deal_text(scored, number),
            after_deal_text(scored, next_deal=False),
        ],
        closing=lambda game: ["", "Standings (lowest first)", standings(game.result)],
    )
