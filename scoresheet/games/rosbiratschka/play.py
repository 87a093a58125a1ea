"""``scoresheet play`` for Rosbiratschka: guided entry at the table, one deal after another.

The contract and the dealer of each deal follow from the fixed order and the rotation,
so the only questions are what the table reports. A wrong answer is asked again with
the reason; ``back`` returns to the previous question, ``?`` explains the current one;
a deal is saved only once it is complete and valid.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoresheet import prompting
from scoresheet.games.rosbiratschka.entry import PROMPTS, parse_value
from scoresheet.games.rosbiratschka.rules import COUNTED, RESULT_KEYS, RosbiratschkaRules, shown
from scoresheet.games.rosbiratschka.score import GameScore, Missing, base_scores, deal_place
from scoresheet.games.rosbiratschka.views import (
    after_deal_text,
    deal_text,
    standings,
    what_to_report,
)
from scoresheet.i18n import N_, _, ngettext
from scoresheet.questions import DealQuestions, Form, Question

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from scoresheet.session import OpenGame


def question(rules: RosbiratschkaRules, contract: str, key: str, players: Sequence[str]) -> str:
    """The prompt for one result key."""
    if key in COUNTED.values():
        n = rules.in_deal(contract)
        return _(_TAKEN[key]).format(
            n=n, first=players[0], last=players[-1], players=" ".join(players)
        )
    return _(PROMPTS[key])


_TAKEN = {
    "tricks": N_(
        "Tricks taken ({n} in all): {first}=2,{last}=1,… or one number each for {players}"
    ),
    "hearts": N_(
        "Hearts taken ({n} in all): {first}=2,{last}=1,… or one number each for {players}"
    ),
    "jacks": N_("Jacks taken ({n} in all): {first}=2,{last}=1,… or one number each for {players}"),
}


def label(rules: RosbiratschkaRules, contract: str, key: str) -> str:
    """One result key's question worded for a tap: the counts are boxes, each labelled
    with its player, and who took a card or a total past a mark is a tap on a name."""
    if key in COUNTED.values():
        return _(_TAKEN_LABELS[key]).format(total=rules.in_deal(contract))
    return _(PROMPTS[key])  # who took what: already a question for a tap on a name


_TAKEN_LABELS = {
    "tricks": N_("Tricks taken — {total} in all"),
    "hearts": N_("Hearts taken — {total} in all"),
    "jacks": N_("Jacks taken — {total} in all"),
}


def check_partial(
    rules: RosbiratschkaRules,
    contract: str,
    answers: dict[str, Any],
    players: Sequence[str],
    number: int,
) -> None:
    """Raise for an answer the scoring refuses; a key not asked yet may be missing."""
    try:
        base_scores(rules, contract, answers, players, deal_place(number, contract))
    except Missing as missing:
        if missing.key not in answers:
            return
        raise


def _parser(key: str, players: Sequence[str]) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        return parse_value(key, text, players)

    return parse


def deal_form(
    rules: RosbiratschkaRules, contract: str, players: Sequence[str], number: int, help: str
) -> Form:
    """The questions of deal ``number`` (pure data: a terminal or a web form walks them).

    The contract and dealer follow from the fixed order and the rotation, so only what
    the table reports is asked; each answer is checked against those before it.
    """
    keys = RESULT_KEYS[contract]

    def plan(answers: Mapping[str, Any]) -> Question | None:
        for key in keys:
            if key not in answers:
                counted = key in COUNTED.values()
                return Question(
                    key,
                    question(rules, contract, key, players),
                    _parser(key, players),
                    () if counted else tuple(players),
                    _("{contract}: {help}.").format(contract=shown(contract), help=help),
                    counts=tuple(players) if counted else (),
                    total=rules.in_deal(contract) if counted else None,
                    label=label(rules, contract, key),
                )
        return None

    def check(answers: Mapping[str, Any]) -> None:
        check_partial(rules, contract, dict(answers), players, number)

    return Form(plan, check)


def deal_questions(result: GameScore) -> DealQuestions | None:
    """The next deal's questions (``None`` when the game is complete), as ``play`` asks them."""

    rules, players = result.rules, list(result.players)
    number, contract = result.next_number, result.next_contract
    if result.complete or number is None or contract is None:
        return None
    report = what_to_report(rules, contract)

    def deal(answers: Mapping[str, Any]) -> dict[str, Any]:
        return {"contract": contract, "result": dict(answers)}

    return DealQuestions(
        number,
        _("Deal {number} of {deals}: {contract} — {dealer} deals, {leader} leads").format(
            number=number,
            deals=rules.deals_per_game,
            contract=shown(contract),
            dealer=result.next_dealer,
            leader=result.next_leader,
        ),
        (report,),
        lambda: deal_form(rules, contract, players, number, report),
        deal,
    )


def _enter_deal(io: prompting.Prompter, game: OpenGame[GameScore]) -> dict[str, Any]:
    """One whole deal, asked again until the game accepts it."""
    questions = deal_questions(game.result)
    assert questions is not None  # deals are asked only while the game is not complete
    prompting.heading(io, questions)
    return prompting.ask_deal(
        io, game, questions, again=_("Deal {number} again.").format(number=questions.number)
    )


def play_game(path: Path) -> int:
    """Enter deals until the game is complete or the player stops; the exit code."""

    def intro(game: OpenGame[GameScore]) -> list[str]:
        result, rules = game.result, game.result.rules
        played = ngettext(
            "{played} of {total} deal played, lowest total wins",
            "{played} of {total} deals played, lowest total wins",
            rules.deals_per_game,
        ).format(played=len(result.deals), total=rules.deals_per_game)
        lines = [prompting.opening(path.name, _("Rosbiratschka"), rules, played)]
        return lines + ([_("the game is complete")] if result.complete else [])

    return prompting.run_deals(
        path,
        prompting.Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [
            deal_text(scored, number),
            after_deal_text(scored, next_deal=False),
        ],
        closing=lambda game: ["", _("Standings (lowest first)"), standings(game.result)],
    )
