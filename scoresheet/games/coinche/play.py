"""``scoresheet play`` for Coinche: guided entry at the table, one deal after another.

For each deal it asks the contract and the bid, the taker, who coinched and who
surcoinched (each checked against the teams: a defender coinches, a taker surcoinches),
then the result exactly as Belote asks it (:mod:`scoresheet.partnership.play`: the card
points or cards, a capot, the last trick, belote, declarations). A hand thrown in (four
passes) is not entered. ``back``, ``?`` and ``q`` work as in every game; the deal is saved
only once it is complete and valid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from scoresheet import entry as common
from scoresheet.errors import ScoresheetError
from scoresheet.games.coinche import entry, views
from scoresheet.games.coinche.rules import CAPOT
from scoresheet.games.coinche.score import card_play
from scoresheet.i18n import N_, _, pgettext
from scoresheet.partnership import play as kit
from scoresheet.questions import DealQuestions, Form, Question

if TYPE_CHECKING:
    from scoresheet.games.coinche.score import GameScore

# What ``?`` says of each question (translated where it is shown).
HELP = {
    "bid": N_(
        "The last bid of the auction: a number of points in tens (80 needs 82 by "
        "default), or capot (all 8 tricks). A hand where all four passed is not entered."
    ),
    "taker": N_("The player who made the last bid: their team must reach the bid."),
    "coinche": N_(
        "The opponent who coinched (doubled) the bid, if anyone did (coinche, also called "
        "contre or contrée). Enter for none."
    ),
    "surcoinche": N_(
        "The bidder or the bidder's partner who surcoinched (redoubled) the coinche, if "
        "anyone did (surcoinche, also called surcontre or surcontrée). Enter for none."
    ),
}


def help_of(key: str) -> str:
    """What ``?`` says of a question, in the language in force."""
    return _(HELP[key])


def deal_form(result: GameScore) -> tuple[Form, Callable[[Mapping[str, Any]], dict[str, Any]]]:
    """The questions of the next deal (pure data: a terminal or a web form walks them),
    and how the answers make the deal object."""
    rules, players, teams = result.rules, list(result.players), result.teams
    form, make_play = kit.deal_form(card_play(result))
    play_plan = form.plan

    def one_of(team: int, key: str) -> Callable[[str], str | None]:
        def parse(text: str) -> str | None:
            who = common.optional_player(text, players, field=key)
            if who is not None and who not in teams[team]:
                said = (
                    _("{key}: {name} cannot coinche: only a defender ({team}) may")
                    if key == "coinche"
                    else _("{key}: {name} cannot surcoinche: only the taking team ({team}) may")
                )
                raise ScoresheetError(said.format(key=key, name=who, team=result.team_name(team)))
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
                _("Bid ({low} to {high} in tens, or {capot})").format(
                    low=rules.min_bid, high=rules.max_bid, capot=entry.bid_word(CAPOT)
                ),
                bid,
                # The générale keeps its typed id: its local name is read too.
                tuple(entry.bid_word(b) if b == CAPOT else str(b) for b in rules.bids()),
                help_of("bid"),
                label=_("What was the bid?"),
            )
        if "taker" not in answers:
            return kit.taker_question(players, help_of("taker"))
        taking = result.team_of(answers["taker"])
        none = pgettext("answer", "none").split("|")[0]
        if "coinche" not in answers:
            if answers["bid"] == CAPOT and not rules.coinche_capot:
                return Question("coinche", "", kit.no_parse, only=None)
            return Question(
                "coinche",
                _("Coinched by? ({one} or {other}; Enter for none)").format(
                    one=teams[1 - taking][0], other=teams[1 - taking][1]
                ),
                one_of(1 - taking, "coinche"),
                (*teams[1 - taking], none),
                help_of("coinche"),
                label=_("Who coinched?"),
            )
        if "surcoinche" not in answers:
            if answers["coinche"] is None:
                return Question("surcoinche", "", kit.no_parse, only=None)
            return Question(
                "surcoinche",
                _("Surcoinched by? ({one} or {other}; Enter for none)").format(
                    one=teams[taking][0], other=teams[taking][1]
                ),
                one_of(taking, "surcoinche"),
                (*teams[taking], none),
                help_of("surcoinche"),
                label=_("Who surcoinched?"),
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
        kit.said_capot(result),
    )


COINCHE = kit.Race("Coinche", views, deal_questions)
play_game = COINCHE.play_game
