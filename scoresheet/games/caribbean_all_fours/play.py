"""``scoresheet play`` for Caribbean All Fours: guided entry, deal after deal, until a team
reaches the target.

For each deal it asks the card turned up (scoring its kick at once: a kick can end the
game), the beg (stand, take-one, or run — then every card turned up until a new suit),
who was dealt the highest and lowest trump, the trump jack's holder and who won it, and
both teams' card points. A wrong answer is asked again with the reason; a deal is saved
only when it is complete and valid. ``q`` stops (exit 0); end of input or Ctrl-C exits
130, leaving the file as it was after the last complete deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoresheet.cards import SUIT_NAMES, Card, parse_card
from scoresheet.cli.prompting import Prompter, check_deal, run_deals
from scoresheet.errors import ScoresheetError
from scoresheet.games.caribbean_all_fours import entry
from scoresheet.games.caribbean_all_fours.score import (
    JACK,
    GameScore,
    Race,
    kicks,
    right_of,
    team_of,
)

if TYPE_CHECKING:
    from scoresheet.session import OpenGame

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Redeal(Exception):
    """The pack ran out while running it: the hand is thrown in and dealt again."""


def _card(turned: Sequence[Card]) -> Callable[[str], Card]:
    def parse(text: str) -> Card:
        card = parse_card(text)
        if card in turned:
            raise ScoresheetError(f"{card} was already turned up in this deal")
        return card

    return parse


def _players_parse(players: Sequence[str], field: str) -> Callable[[str], str | None]:
    def parse(text: str) -> str | None:
        return entry.optional_player(text, players, field=field)

    return parse


def _player_parse(players: Sequence[str], field: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        from scoresheet import entry as shared

        return shared.player(text, players, field=field)

    return parse


def _kick_line(race: Race, result: GameScore) -> str | None:
    if not race.points:
        return None
    p = race.points[-1]
    a, b = race.running
    return f"  kick {p.card}: {result.team_name(p.team)} +{p.points} ({a}–{b})"


def _turn_ups(io: Prompter, result: GameScore, dealer: str) -> tuple[list[Card], str | None, Race]:
    """Ask the cards turned up and the beg; stops early when a kick or the beg point wins."""
    rules = result.rules
    dealer_team = team_of(result.teams, dealer)
    where = f"deal {len(result.deals) + 1}"

    def score(turned: list[Card]) -> Race:
        race = Race(rules.target, result.team_totals)
        kicks(race, rules, dealer_team, turned, where)
        return race

    first = io.ask("Card turned up (e.g. JS)", _card([]))
    turned = [first]
    race = score(turned)
    line = _kick_line(race, result)
    if line:
        io.say(line)
    if race.winner is not None:
        return turned, None, race
    begs = right_of(result.players, dealer)
    beg = io.ask(f"{begs} stands or begs: stand, take-one or run", entry.beg)
    if beg == "take-one":
        race.award(1 - dealer_team, "beg", rules.values.beg)
        a, b = race.running
        io.say(f"  take one: {result.team_name(1 - dealer_team)} +{rules.values.beg} ({a}–{b})")
        return turned, beg, race
    if beg == "stand":
        return turned, beg, race
    while True:
        if len(turned) >= rules.max_turn_ups:
            raise Redeal
        card = io.ask("Next card turned up", _card(turned))
        turned.append(card)
        before = len(race.points)
        race = score(turned)
        if len(race.points) > before:
            line = _kick_line(race, result)
            if line:
                io.say(line)
        if race.winner is not None or card.suit != first.suit:
            return turned, beg, race
        io.say(f"  a {SUIT_NAMES[card.suit][:-1]} again: the pack is run again")


def _ask_result(io: Prompter, result: GameScore, turned: Sequence[Card]) -> dict[str, Any]:
    players = result.players
    trump = turned[-1].suit
    symbol = SUIT_SYMBOLS[trump]
    io.say(f"Trumps: {SUIT_NAMES[trump]}.")
    high = io.ask(
        f"Who was dealt the highest trump ({symbol})? (none if no trump was dealt)",
        _players_parse(players, "high"),
    )
    if high is None:
        low = None
        jack = None
    else:
        low = io.ask(f"Who was dealt the lowest trump ({symbol})?", _player_parse(players, "low"))
        the_jack = Card(JACK, trump)
        if the_jack in turned:
            io.say(f"  {the_jack} was turned up: it was not dealt, so no Jack point")
            jack = None
        else:
            jack = io.ask(
                f"The {the_jack}: who held it / who won it (e.g. {players[3]}/{players[0]}), "
                "or none if it was not dealt",
                lambda text: entry.jack(text, players),
            )
    teams = f"{result.team_name(0)} then {result.team_name(1)}"
    points = io.ask(f"Card points captured, {teams} (e.g. 38 42)", entry.game_points)
    return {"high": high, "low": low, "jack": jack, "game_points": points}


def _enter_deal(io: Prompter, game: OpenGame) -> dict[str, Any]:
    """Ask one whole deal; returns a deal that scores (checked against the whole game)."""
    result = game.result
    assert isinstance(result, GameScore)
    number = len(result.deals) + 1
    dealer = result.next_dealer
    assert dealer is not None
    a, b = result.team_totals
    io.say()
    io.say(
        f"Deal {number}: {dealer} deals. {result.team_name(0)} {a}, "
        f"{result.team_name(1)} {b}; first to {result.rules.target}."
    )
    while True:
        try:
            turned, beg, race = _turn_ups(io, result, dealer)
        except Redeal:
            io.say("  the pack ran out: the hand is thrown in and dealt again (nothing scores)")
            continue
        deal: dict[str, Any] = {"dealer": dealer, "turn_ups": [str(c) for c in turned]}
        if beg is not None:
            deal["beg"] = beg
        if race.winner is not None:
            check_deal(game, deal)
            return deal
        while True:
            deal["result"] = _ask_result(io, result, turned)
            try:
                check_deal(game, deal)
            except ScoresheetError as error:
                io.refuse(error)
                io.say(f"Deal {number} again, from who was dealt the highest trump.")
                continue
            return deal


def play_game(path: Path) -> int:
    """Enter deals until a team wins or the player stops; the exit code."""
    from scoresheet.games.caribbean_all_fours.views import (
        after_deal_text,
        deal_text,
        standings,
    )

    def intro(game: OpenGame) -> list[str]:
        result = game.result
        return [
            f"{path.name}: Caribbean All Fours, rules {result.rules.name} — first to "
            f"{result.rules.target}; {len(result.deals)} deals played. Type q to stop; a deal "
            "is saved once it is complete."
        ]

    return run_deals(
        path,
        Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [deal_text(scored, number), after_deal_text(scored)],
        closing=lambda game: ["", "the game is over", standings(game.result)],
    )
