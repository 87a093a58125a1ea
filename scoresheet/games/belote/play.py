"""``scoresheet play`` for Belote: guided entry at the table, one deal after another.

For each deal it asks the contract, the taker, the card points (one team's, both, or
``cards`` to type the cards a team captured), the capot when one team has every card
point, the last trick, belote (where the contract has a trump suit) and, when the rules
use them, each team's declarations. A wrong answer is asked again with the reason (``back``
returns to the previous question, ``?`` explains the current one); the
deal is saved only once it is complete and valid. ``q`` stops (exit 0); end of input or
Ctrl-C stops with exit 130, the file as it was after the last complete deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from scoresheet import entry as common
from scoresheet.errors import ScoresheetError
from scoresheet.games.belote import entry, views
from scoresheet.prompting import Prompter, ask_deal, heading, opening, run_deals
from scoresheet.questions import DealQuestions, Form, Question

if TYPE_CHECKING:
    from scoresheet.games.belote.score import GameScore, TeamGame
    from scoresheet.session import OpenGame

YES = frozenset({"y", "yes", "o", "oui"})
NO = frozenset({"n", "no", "non", ""})


def _yes_no(text: str) -> bool:
    t = text.strip().casefold()
    if t in YES:
        return True
    if t in NO:
        return False
    raise ScoresheetError(f'answer y or n, not "{text.strip()}"')


def _teams_prompt(result: GameScore) -> str:
    return f"0 = {result.team_name(0)}, 1 = {result.team_name(1)}, or a player"


HELP = {
    "contract": "The contract the taker chose: a trump suit (spades, hearts, diamonds, "
    "clubs — or s, h, ♥), No Trumps (nt) or All Trumps (at); a unique start of a name.",
    "taker": "The player who took the contract: their team is the taking team. It makes "
    "the contract if its total (belote included) is more than the defenders'.",
    "points": "Each team's card points: the first team's alone (the other has the rest of "
    "152), both (62 90), or cards to type the cards a team captured instead.",
    "side": "Whose captured cards you will type: the other team took the rest.",
    "cards": "The cards that team captured, rank then suit (JH 9H AS TS …).",
    "capot": "Capot: a team that takes all 8 tricks scores 252 (the last trick is worth "
    "100 instead of 10). A team can have every card point without every trick.",
    "last_trick": "The team that took the last trick adds 10 (dix de der).",
    "belote": "Belote-rebelote: K and Q of trumps in one hand, announced: +20 to that "
    "team, whatever happens. Enter for none.",
    "decl": "Declarations (when the rules use them): tierce 20, cinquante 50, cent 100, "
    "four jacks 200, four nines 150, other fours 100; only the team with the best "
    "declaration scores its declarations. Enter for none.",
}


def deal_form(result: GameScore) -> tuple[Form, Callable[[Mapping[str, Any]], dict[str, Any]]]:
    """The questions of the next deal (pure data: a terminal or a web form walks them),
    and how the answers make the deal object."""
    rules, players, teams = result.rules, list(result.players), result.teams
    number = len(result.deals) + 1
    # The possible answers, each as it may be typed (or tapped on a phone).
    team_words = [result.team_name(0), result.team_name(1)]

    def team_parse(field: str, optional: bool) -> Callable[[str], int | None]:
        def parse(text: str) -> int | None:
            value = entry.team(text, players, teams, field=field)
            if value is None and not optional:
                raise ScoresheetError(f"{field}: name the team ({_teams_prompt(result)})")
            return value

        return parse

    def plan(answers: Mapping[str, Any]) -> Question | None:
        if "contract" not in answers:
            return Question(
                "contract",
                f"Contract ({', '.join(rules.contracts)})",
                lambda text: entry.read_contract(text, rules.contracts),
                tuple(rules.contracts),
                HELP["contract"],
            )
        name = answers["contract"]
        where = f"deal {number}, {name}"
        total = rules.card_total(name)
        if "taker" not in answers:
            return Question(
                "taker",
                f"Taker ({', '.join(players)})",
                lambda text: common.player(text, players, field="taker"),
                tuple(players),
                HELP["taker"],
            )
        if "points" not in answers:

            def points_or_cards(text: str) -> dict[str, Any]:
                if text.strip().casefold() in ("cards", "c"):
                    return {"cards": None}
                numbers = entry.points(text, total)
                if sum(numbers) != total:
                    raise ScoresheetError(
                        f"points add up to {sum(numbers)}, the cards of a deal are worth {total}"
                    )
                return {"points": numbers}

            return Question(
                "points",
                f"Card points of {result.team_name(0)} (the other team has the rest of "
                f"{total}), both teams' (62 90), or cards to type the cards",
                points_or_cards,
                (),
                HELP["points"],
            )
        counts: tuple[int, int] | None = None
        if "cards" in answers["points"]:
            if "side" not in answers:
                return Question(
                    "side",
                    f"Whose cards will you type? ({_teams_prompt(result)})",
                    team_parse("cards", False),
                    tuple(team_words),
                    HELP["side"],
                )
            side = answers["side"]
            if "cards" not in answers:
                return Question(
                    "cards",
                    f"Cards {result.team_name(side)} took (rank then suit: JH 9H AS TS …; "
                    "Enter if none)",
                    lambda text: entry.cards_of_one_team(text, side, where),
                    (),
                    HELP["cards"],
                )
            both = answers["cards"]
            counts = (len(both[0].split()), len(both[1].split()))
        if "capot" not in answers:
            if counts is not None:
                capot = next((k for k in (0, 1) if counts[1 - k] == 0), None)
                return Question("capot", "", no_parse, only=capot)
            full = next((k for k in (0, 1) if answers["points"]["points"][k] == total), None)
            if full is None:
                return Question("capot", "", no_parse, only=None)
            return Question(
                "capot",
                f"Did {result.team_name(full)} take all 8 tricks (capot)? (y/n)",
                lambda text: full if _yes_no(text) else None,
                ("y", "n"),
                HELP["capot"],
            )
        if answers["capot"] is None and "last_trick" not in answers:
            return Question(
                "last_trick",
                f"Who took the last trick? ({_teams_prompt(result)})",
                team_parse("last_trick", False),
                tuple(team_words),
                HELP["last_trick"],
            )
        if rules.has_belote(name) and "belote" not in answers:
            return Question(
                "belote",
                f"Belote announced by? ({_teams_prompt(result)}; Enter for none)",
                team_parse("belote", True),
                (*team_words, "none"),
                HELP["belote"],
            )
        if rules.declarations:
            for k in (0, 1):
                if f"decl {k}" not in answers:
                    return Question(
                        f"decl {k}",
                        f"Declarations of {result.team_name(k)} (tierce K, carre J, …; "
                        "Enter for none)",
                        _declarations_parser(k),
                        (),
                        HELP["decl"],
                    )
        return None

    def deal(answers: Mapping[str, Any]) -> dict[str, Any]:
        res: dict[str, Any] = {}
        if "cards" in answers["points"]:
            res["cards"] = answers["cards"]
        else:
            res["points"] = answers["points"]["points"]
        if answers.get("capot") is not None:
            res["capot"] = answers["capot"]
        else:
            res["last_trick"] = answers["last_trick"]
        if answers.get("belote") is not None:
            res["belote"] = answers["belote"]
        decls = [*answers.get("decl 0", []), *answers.get("decl 1", [])]
        if decls:
            res["declarations"] = decls
        return {"contract": answers["contract"], "taker": answers["taker"], "result": res}

    return Form(plan), deal


def no_parse(text: str) -> Any:  # a question with one possible answer is never asked
    raise ScoresheetError("this question has only one answer")


def said_capot(result: TeamGame) -> Callable[[str, Any], str]:
    """An answer taken without asking, in words (only a capot is worth saying)."""

    def said(key: str, value: Any) -> str:
        if key == "capot" and value is not None:
            return f"{result.team_name(value)} took every card: capot."
        return ""

    return said


def _declarations_parser(team: int) -> Callable[[str], list[dict[str, Any]]]:
    def parse(text: str) -> list[dict[str, Any]]:
        return entry.declarations_for_team(text, team)

    return parse


def deal_questions(result: GameScore) -> DealQuestions | None:
    """The next deal's questions (``None`` when a team has won), as ``play`` asks them."""
    if result.complete:
        return None
    number = len(result.deals) + 1
    title = f"Deal {number}: {result.next_dealer} deals. " + ", ".join(
        f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1)
    )
    return DealQuestions(
        number,
        title,
        (),
        lambda: deal_form(result)[0],
        lambda answers: deal_form(result)[1](answers),
        said_capot(result),
    )


class RaceViews(Protocol):
    """What ``play`` says of a race of two teams, from the game's views."""

    def outcome_line(self, result: Any) -> str: ...
    def teams_line(self, result: Any) -> str: ...
    def deal_text(self, result: Any, number: int) -> str: ...
    def after_deal_text(self, result: Any, *, next_deal: bool = ...) -> str: ...
    def standings(self, result: Any) -> str: ...


@dataclass(frozen=True)
class Race:
    """``play`` for a game of two teams racing to a target deal by deal (Coinche's too):
    the game's name, its views, and its next deal's questions."""

    title: str
    views: RaceViews
    deal_questions: Callable[[Any], DealQuestions | None]

    def _enter_deal(self, io: Prompter, game: OpenGame) -> dict[str, Any]:
        """One whole deal, asked again from the contract until the game accepts it."""
        questions = self.deal_questions(game.result)
        assert questions is not None  # deals are asked only while no team has won
        heading(io, questions)
        again = f"Deal {questions.number} again, from the contract."
        return ask_deal(io, game, questions, again=again)

    def play_game(self, path: Path) -> int:
        """Enter deals until a team wins or the player stops; the exit code."""
        views = self.views

        def intro(game: OpenGame) -> list[str]:
            result = game.result
            return [
                opening(path.name, self.title, result.rules, views.outcome_line(result)),
                views.teams_line(result),
            ]

        return run_deals(
            path,
            Prompter(),
            intro=intro,
            enter_deal=self._enter_deal,
            report=lambda scored, number: [
                views.deal_text(scored, number),
                # The next deal's heading says who deals: not twice.
                views.after_deal_text(scored, next_deal=False),
            ],
            closing=lambda game: ["", "Standings", views.standings(game.result)],
        )


BELOTE = Race("Belote", views, deal_questions)
play_game = BELOTE.play_game
