"""``scoresheet play`` for Coinche: guided entry at the table, one deal after another.

For each deal it asks the contract and the bid, the taker, who coinched and who
surcoinched (each checked against the teams: a defender coinches, a taker surcoinches),
then the result exactly as Belote asks it (:mod:`scoresheet.games.belote.play`: the card
points or cards, a capot, the last trick, belote, declarations). A hand thrown in (four
passes) is not entered. ``back``, ``?`` and ``q`` work as in every game; the deal is saved
only once it is complete and valid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from scoresheet import entry as common
from scoresheet.errors import ScoresheetError
from scoresheet.games.belote import play as belote
from scoresheet.games.coinche import entry, views
from scoresheet.games.coinche.rules import CAPOT
from scoresheet.games.coinche.score import card_play
from scoresheet.questions import DealQuestions, Form, Question

if TYPE_CHECKING:
    from scoresheet.games.coinche.score import GameScore

HELP = {
    "bid": "The last bid of the auction: a number of points in tens (80 needs 82 by "
    "default), or capot (all 8 tricks). A hand where all four passed is not entered.",
    "taker": "The player who made the last bid: their team must reach the bid.",
    "coinche": "The opponent who coinched (doubled) the bid, if anyone did. Enter for none.",
    "surcoinche": "The bidder or the bidder's partner who surcoinched (redoubled) the "
    "coinche, if anyone did. Enter for none.",
}


def deal_form(result: GameScore) -> tuple[Form, Callable[[Mapping[str, Any]], dict[str, Any]]]:
    """The questions of the next deal (pure data: a terminal or a web form walks them),
    and how the answers make the deal object."""
    rules, players, teams = result.rules, list(result.players), result.teams
    form, make_play = belote.deal_form(card_play(result))
    play_plan = form.plan

    def one_of(team: int, key: str) -> Callable[[str], str | None]:
        def parse(text: str) -> str | None:
            who = common.optional_player(text, players, field=key)
            if who is not None and who not in teams[team]:
                doer = "a defender" if key == "coinche" else "the taking team"
                raise ScoresheetError(
                    f"{key}: {who} cannot {key}: only {doer} ({result.team_name(team)}) may"
                )
            return who

        return parse

    def plan(answers: Mapping[str, Any]) -> Question | None:
        if "contract" not in answers:
            return play_plan(answers)
        if "bid" not in answers:

            def bid(text: str) -> int | str:
                value = entry.bid(text)
                rules.check_bid(value, "bid")
                return value

            return Question(
                "bid",
                f"Bid ({rules.min_bid} to {rules.max_bid} in tens, or capot)",
                bid,
                tuple(str(b) for b in rules.bids()),
                HELP["bid"],
            )
        if "taker" not in answers:
            return Question(
                "taker",
                f"Taker ({', '.join(players)})",
                lambda text: common.player(text, players, field="taker"),
                tuple(players),
                HELP["taker"],
            )
        taking = result.team_of(answers["taker"])
        if "coinche" not in answers:
            if answers["bid"] == CAPOT and not rules.coinche_capot:
                return Question("coinche", "", belote.no_parse, only=None)
            return Question(
                "coinche",
                f"Coinched by? ({' or '.join(teams[1 - taking])}; Enter for none)",
                one_of(1 - taking, "coinche"),
                (*teams[1 - taking], "none"),
                HELP["coinche"],
            )
        if "surcoinche" not in answers:
            if answers["coinche"] is None:
                return Question("surcoinche", "", belote.no_parse, only=None)
            return Question(
                "surcoinche",
                f"Surcoinched by? ({' or '.join(teams[taking])}; Enter for none)",
                one_of(taking, "surcoinche"),
                (*teams[taking], "none"),
                HELP["surcoinche"],
            )
        return play_plan(answers)

    def deal(answers: Mapping[str, Any]) -> dict[str, Any]:
        made = make_play(answers)
        made["bid"] = answers["bid"]
        for key in ("coinche", "surcoinche"):
            if answers.get(key) is not None:
                made[key] = answers[key]
        return made

    return Form(plan), deal


def _title(result: GameScore) -> str:
    return f"{views.next_line(result)} " + ", ".join(
        f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1)
    )


def deal_questions(result: GameScore) -> DealQuestions | None:
    """The next deal's questions (``None`` when a team has won), as ``play`` asks them."""
    if result.complete:
        return None
    return DealQuestions(
        len(result.deals) + 1,
        _title(result),
        (),
        lambda: deal_form(result)[0],
        lambda answers: deal_form(result)[1](answers),
        belote.said_capot(result),
    )


COINCHE = belote.Race("Coinche", views, deal_questions)
play_game = COINCHE.play_game
