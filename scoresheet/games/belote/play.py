"""``scoresheet play`` for Belote: guided entry at the table, one deal after another.

For each deal it asks the contract, the taker, the card points (one team's, both, or
``cards`` to type the cards a team captured), the capot when one team has every card
point, the last trick, belote (where the contract has a trump suit) and, when the rules
use them, each team's declarations. A wrong answer is asked again with the reason; the
deal is saved only once it is complete and valid. ``q`` stops (exit 0); end of input or
Ctrl-C stops with exit 130, the file as it was after the last complete deal.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoresheet import entry as common
from scoresheet.cli.prompting import Prompter, check_deal, reason, run_deals
from scoresheet.errors import ScoresheetError
from scoresheet.games.belote import entry

if TYPE_CHECKING:
    from scoresheet.games.belote.score import GameScore
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


def ask_deal(io: Prompter, result: GameScore) -> dict[str, Any]:
    """Ask one deal's contract, taker and result (each answer checked as it is given)."""
    rules, players, teams = result.rules, list(result.players), result.teams
    number = len(result.deals) + 1

    def team_parse(field: str, optional: bool) -> Callable[[str], int | None]:
        def parse(text: str) -> int | None:
            value = entry.team(text, players, teams, field=field)
            if value is None and not optional:
                raise ScoresheetError(f"{field}: name the team ({_teams_prompt(result)})")
            return value

        return parse

    name = io.ask(
        f"Contract ({', '.join(rules.contracts)})",
        lambda text: entry.contract(text, rules.contracts),
    )
    where = f"deal {number}, {name}"
    taker = io.ask(
        f"Taker ({', '.join(players)})", lambda text: common.player(text, players, field="taker")
    )
    total = rules.card_total(name)
    res: dict[str, Any] = {}

    def points_or_cards(text: str) -> dict[str, Any]:
        if text.strip().casefold() in ("cards", "c"):
            return {"cards": None}
        numbers = entry.points(text, total)
        if sum(numbers) != total:
            raise ScoresheetError(
                f"points add up to {sum(numbers)}, the cards of a deal are worth {total}"
            )
        return {"points": numbers}

    res.update(
        io.ask(
            f"Card points of {result.team_name(0)} (the other team has the rest of {total}), "
            "both teams' (62 90), or cards to type the cards",
            points_or_cards,
        )
    )
    counts: tuple[int, int] | None = None
    if "cards" in res:
        side = io.ask(
            f"Whose cards will you type? ({_teams_prompt(result)})", team_parse("cards", False)
        )
        assert side is not None
        both = io.ask(
            f"Cards {result.team_name(side)} took (rank then suit: JH 9H AS TS …; Enter if none)",
            lambda text: entry.cards_of_one_team(text, side, where),
        )
        res["cards"] = both
        counts = (len(both[0].split()), len(both[1].split()))
    capot: int | None = None
    if counts is not None:
        capot = next((k for k in (0, 1) if counts[1 - k] == 0), None)
        if capot is not None:
            io.say(f"  {result.team_name(capot)} took every card: capot.")
    else:
        full = next((k for k in (0, 1) if res["points"][k] == total), None)
        if full is not None and io.ask(
            f"Did {result.team_name(full)} take all 8 tricks (capot)? (y/n)", _yes_no
        ):
            capot = full
    if capot is not None:
        res["capot"] = capot
    else:
        res["last_trick"] = io.ask(
            f"Who took the last trick? ({_teams_prompt(result)})", team_parse("last_trick", False)
        )
    if rules.has_belote(name):
        belote = io.ask(
            f"Belote announced by? ({_teams_prompt(result)}; Enter for none)",
            team_parse("belote", True),
        )
        if belote is not None:
            res["belote"] = belote
    if rules.declarations:
        decls: list[dict[str, Any]] = []
        for k in (0, 1):
            decls += io.ask(
                f"Declarations of {result.team_name(k)} (tierce K, carre J, …; Enter for none)",
                _declarations_parser(k),
            )
        if decls:
            res["declarations"] = decls
    return {"contract": name, "taker": taker, "result": res}


def _declarations_parser(team: int) -> Callable[[str], list[dict[str, Any]]]:
    def parse(text: str) -> list[dict[str, Any]]:
        return entry.declarations_for_team(text, team)

    return parse


def _enter_deal(io: Prompter, game: OpenGame) -> dict[str, Any]:
    """One whole deal, asked again from the contract until the game accepts it."""
    result: GameScore = game.result
    number = len(result.deals) + 1
    io.say()
    io.say(
        f"Deal {number}: {result.next_dealer} deals. "
        + ", ".join(f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1))
    )
    while True:
        deal = ask_deal(io, result)
        try:
            check_deal(game, deal)
        except ScoresheetError as error:
            io.say(f"  ✗ {reason(error)}")
            io.say(f"Deal {number} again, from the contract.")
            continue
        return deal


def play_game(path: Path) -> int:
    """Enter deals until a team wins or the player stops; the exit code."""
    from scoresheet.games.belote import views

    def intro(game: OpenGame) -> list[str]:
        result = game.result
        return [
            f"{path.name}: Belote, rules {result.rules.name} — {views.outcome_line(result)}. "
            "Type q to stop; a deal is saved once it is complete.",
            views.teams_line(result),
        ]

    return run_deals(
        path,
        Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [
            views.deal_text(scored, number),
            views.after_deal_text(scored),
        ],
        closing=lambda game: ["", "Standings", views.standings(game.result)],
    )
