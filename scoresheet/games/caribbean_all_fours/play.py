"""``scoresheet play`` for Caribbean All Fours: guided entry, deal after deal, until a team
reaches the target.

For each deal it asks the card turned up (scoring its kick at once: a kick can end the
game), the beg (stand, take-one, or run — then every card turned up until a new suit),
who was dealt the highest and lowest trump, the trump jack's holder and who won it, and
both teams' card points. A wrong answer is asked again with the reason (``back``
returns to the previous question, ``?`` explains the current one); a deal is saved only
when it is complete and valid. ``q`` stops (exit 0); end of input or Ctrl-C exits
130, leaving the file as it was after the last complete deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoresheet.cards import Card, parse_card
from scoresheet.entry import player
from scoresheet.errors import ScoresheetError
from scoresheet.games.caribbean_all_fours import entry
from scoresheet.games.caribbean_all_fours.checks import suit_name
from scoresheet.games.caribbean_all_fours.entry import BEGS, beg_name
from scoresheet.games.caribbean_all_fours.score import (
    JACK,
    GameScore,
    Race,
    kicks,
    right_of,
    team_of,
)
from scoresheet.games.caribbean_all_fours.views import after_deal_text, deal_text, standings
from scoresheet.i18n import N_, _, ngettext, pgettext
from scoresheet.prompting import Prompter, ask_deal, heading, opening, run_deals
from scoresheet.questions import DealQuestions, Form, Question, StartAgain

if TYPE_CHECKING:
    from scoresheet.session import OpenGame

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Redeal(StartAgain):
    """The pack ran out while running it: the hand is thrown in and dealt again."""

    def __init__(self) -> None:
        super().__init__(
            _("the pack ran out: the hand is thrown in and dealt again (nothing scores)")
        )


def _card(turned: Sequence[Card]) -> Callable[[str], Card]:
    def parse(text: str) -> Card:
        card = parse_card(text)
        if card in turned:
            raise ScoresheetError(_("{card} was already turned up in this deal").format(card=card))
        return card

    return parse


def _players_parse(players: Sequence[str], field: str) -> Callable[[str], str | None]:
    def parse(text: str) -> str | None:
        return entry.optional_player(text, players, field=field)

    return parse


def _player_parse(players: Sequence[str], field: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        return player(text, players, field=field)

    return parse


def _kick_line(race: Race, result: GameScore) -> str | None:
    if not race.points:
        return None
    p = race.points[-1]
    a, b = race.running
    return pgettext("all fours", "kick {card}: {team} +{points} ({a}–{b})").format(
        card=p.card, team=result.team_name(p.team), points=p.points, a=a, b=b
    )


def _take_one_line(result: GameScore, team: int, points: int, a: int, b: int) -> str:
    return pgettext("all fours", "take one: {team} +{points} ({a}–{b})").format(
        team=result.team_name(team), points=points, a=a, b=b
    )


HELP = {
    "turn": N_(
        "The card turned up from the pack: rank then suit ({examples}). Its kick "
        "scores at once for the dealer's team (an ace 1, a six 2, a jack 3 by default): a "
        "kick can end the game."
    ),
    "beg": N_(
        "The player on the dealer's right stands (play with this trump), or begs: the "
        "dealer gives one point (take-one), or runs the pack — deals three more cards each "
        "and turns up the next card, until a new suit is turned up."
    ),
    "high": N_("Who was dealt the highest trump in play (High), none if no trump was dealt."),
    "low": N_("Who was dealt the lowest trump in play (Low)."),
    "jack": N_(
        "The trump jack: who held it and who won it in play (Dan/Ann); hanging the "
        "jack (won by the other team) scores more. none if it was not dealt."
    ),
    "game_points": N_(
        "Each team's card points captured in play (10s 10, A 4, K 3, Q 2, J 1), "
        "first team first: the team with more scores Game; a tie scores nothing."
    ),
}
# The suit turned up again while running the pack.
AGAIN = {
    "S": N_("a spade again: the pack is run again"),
    "H": N_("a heart again: the pack is run again"),
    "D": N_("a diamond again: the pack is run again"),
    "C": N_("a club again: the pack is run again"),
}


def _help_turn() -> str:
    return _(HELP["turn"]).format(examples="JS, 10H, A♠")


def _none() -> str:
    """The answer word for "none" as a choice, in the language in force."""
    return pgettext("answer", "none").split("|")[0].strip() or "none"


def deal_form(
    result: GameScore, dealer: str
) -> tuple[Form, Callable[[Mapping[str, Any]], dict[str, Any]]]:
    """The questions of the next deal (pure data: a terminal or a web form walks them),
    and how the answers make the deal object. Raises :class:`Redeal` from the questions
    when running the pack exhausts it."""
    plan = _DealPlan(result, dealer)
    return Form(plan.next_question), plan.deal


def _turned_of(answers: Mapping[str, Any]) -> list[Card]:
    """The cards turned up so far, in order."""
    out: list[Card] = []
    while f"turn {len(out)}" in answers:
        out.append(answers[f"turn {len(out)}"])
    return out


class _DealPlan:
    """One deal's questions: the turn-ups and the beg, then High, Low, Jack and Game."""

    def __init__(self, result: GameScore, dealer: str) -> None:
        self.result = result
        self.rules = result.rules
        self.players = result.players
        self.dealer = dealer
        self.dealer_team = team_of(result.teams, dealer)
        self.where = _("deal {number}").format(number=len(result.deals) + 1)
        self.begs = right_of(result.players, dealer)

    def race_of(self, turned: Sequence[Card], beg: str | None) -> Race:
        """The race after the kicks of ``turned`` (and the point a take-one gives)."""
        rules = self.rules
        race = Race(rules.target, self.result.team_totals)
        kicks(race, rules, self.dealer_team, list(turned), self.where)
        if beg == "take-one":
            race.award(1 - self.dealer_team, "beg", rules.values.beg)
        return race

    def turn_up_question(self, answers: Mapping[str, Any]) -> Question | None:
        """The next card or beg to ask, ``None`` once the turn-ups are over."""
        result = self.result
        turned = _turned_of(answers)
        if not turned:
            return Question(
                "turn 0",
                _("Card turned up (e.g. {card})").format(card="JS"),
                _card([]),
                (),
                _help_turn(),
                label=_("Card turned up, such as {card}").format(card="JS"),
            )
        race = self.race_of(turned, None)
        if race.winner is not None:
            return None
        if "beg" not in answers:
            return Question(
                "beg",
                _("{player} stands or begs: {stand}, {take_one} or {run}").format(
                    player=self.begs,
                    stand=beg_name("stand"),
                    take_one=beg_name("take-one"),
                    run=beg_name("run"),
                ),
                entry.beg,
                tuple(beg_name(b) for b in BEGS),
                _(HELP["beg"]),
                note=_kick_line(race, result) or "",
                label=_("Does {player} stand or beg?").format(player=self.begs),
            )
        last = turned[-1]
        if answers["beg"] != "run" or (len(turned) > 1 and last.suit != turned[0].suit):
            return None
        if len(turned) >= self.rules.max_turn_ups:
            raise Redeal
        notes = []
        if len(turned) > 1:
            if len(race.points) > len(self.race_of(turned[:-1], None).points):
                notes.append(_kick_line(race, result) or "")
            notes.append(_(AGAIN[last.suit]))
        return Question(
            f"turn {len(turned)}",
            _("Next card turned up"),
            _card(turned),
            (),
            _help_turn(),
            note="\n".join(notes),
            label=_("Next card turned up, such as {card}").format(card="JS"),
        )

    def next_question(self, answers: Mapping[str, Any]) -> Question | None:
        """The next question of the deal, ``None`` once it is all asked (or a kick won)."""
        q = self.turn_up_question(answers)
        if q is not None:
            return q
        turned = _turned_of(answers)
        race = self.race_of(turned, answers.get("beg"))
        if race.winner is not None:
            return None
        return self.result_question(answers, turned, race)

    def result_question(
        self, answers: Mapping[str, Any], turned: Sequence[Card], race: Race
    ) -> Question | None:
        """The next of High, Low, Jack and the card points, once the trump is settled."""
        result, players = self.result, self.players
        trump = turned[-1].suit
        symbol = SUIT_SYMBOLS[trump]
        notes = []
        if len(turned) > 1 and len(race.points) > len(self.race_of(turned[:-1], None).points):
            notes.append(_kick_line(race, result) or "")  # the new suit's kick
        if answers.get("beg") == "take-one":
            a, b = race.running
            notes.append(_take_one_line(result, 1 - self.dealer_team, self.rules.values.beg, a, b))
        if "high" not in answers:
            return Question(
                "high",
                _("Who was dealt the highest trump ({suit})? (none if no trump was dealt)").format(
                    suit=symbol
                ),
                _players_parse(players, "high"),
                (*players, _none()),
                _(HELP["high"]),
                note="\n".join([*notes, _("Trumps: {suit}.").format(suit=suit_name(trump))]),
                label=_("Who was dealt the highest trump ({suit})?").format(suit=symbol),
            )
        if answers["high"] is None:
            for key in ("low", "jack"):
                if key not in answers:
                    return Question(key, "", _player_parse(players, key), only=None)
        if "low" not in answers:
            return Question(
                "low",
                _("Who was dealt the lowest trump ({suit})?").format(suit=symbol),
                _player_parse(players, "low"),
                tuple(players),
                _(HELP["low"]),
                label=_("Who was dealt the lowest trump ({suit})?").format(suit=symbol),
            )
        the_jack = Card(JACK, trump)
        if "jack" not in answers:
            if the_jack in turned:
                return Question("jack", "", _player_parse(players, "jack"), only=None)
            return Question(
                "jack",
                _(
                    "The {card}: who held it / who won it (e.g. {holder}/{won_by}), "
                    "or none if it was not dealt"
                ).format(card=the_jack, holder=players[3], won_by=players[0]),
                lambda text: entry.jack(text, players),
                (),
                _(HELP["jack"]),
                label=_(
                    "The {card}: who held it, then who won it, such as {holder}/{won_by} "
                    "(none if not dealt)"
                ).format(card=the_jack, holder=players[3], won_by=players[0]),
            )
        if "game_points" not in answers:
            turned_up = answers["high"] is not None and the_jack in turned
            return Question(
                "game_points",
                _("Card points captured, {first} then {second} (e.g. 38 42)").format(
                    first=result.team_name(0), second=result.team_name(1)
                ),
                entry.game_points,
                (),
                _(HELP["game_points"]),
                label=_("Card points captured: {first}, then {second}, such as 38 42").format(
                    first=result.team_name(0), second=result.team_name(1)
                ),
                note=_("{card} was turned up: it was not dealt, so no Jack point").format(
                    card=the_jack
                )
                if turned_up
                else "",
            )
        return None

    def deal(self, answers: Mapping[str, Any]) -> dict[str, Any]:
        """The deal object the answers make."""
        turned = _turned_of(answers)
        out: dict[str, Any] = {"dealer": self.dealer, "turn_ups": [str(c) for c in turned]}
        if "beg" in answers:
            out["beg"] = answers["beg"]
        if "high" in answers:
            out["result"] = {k: answers[k] for k in RESULT_ANSWERS}
        return out


RESULT_ANSWERS = ("high", "low", "jack", "game_points")


def deal_questions(result: GameScore) -> DealQuestions | None:
    """The next deal's questions (``None`` when a team has won), as ``play`` asks them."""
    dealer = result.next_dealer
    if result.complete or dealer is None:
        return None
    number = len(result.deals) + 1
    a, b = result.team_totals
    return DealQuestions(
        number,
        _("Deal {number}: {dealer} deals. {first} {a}, {second} {b}; first to {target}.").format(
            number=number,
            dealer=dealer,
            first=result.team_name(0),
            a=a,
            second=result.team_name(1),
            b=b,
            target=result.rules.target,
        ),
        (),
        lambda: deal_form(result, dealer)[0],
        lambda answers: deal_form(result, dealer)[1](answers),
        lambda key, value: "",
        RESULT_ANSWERS,
    )


def _enter_deal(io: Prompter, game: OpenGame[GameScore]) -> dict[str, Any]:
    """Ask one whole deal; returns a deal that scores (checked against the whole game)."""
    result = game.result
    assert isinstance(result, GameScore)
    questions, dealer = deal_questions(result), result.next_dealer
    assert questions is not None and dealer is not None  # asked only while no team has won

    def settled(deal: dict[str, Any]) -> list[str]:
        if "result" in deal:
            return []
        return [f"  {point}" for point in result_points(result, dealer, deal)]  # a kick won

    heading(io, questions)
    return ask_deal(
        io,
        game,
        questions,
        again=_("Deal {number} again, from who was dealt the highest trump.").format(
            number=questions.number
        ),
        settled=settled,
    )


def result_points(result: GameScore, dealer: str, deal: Mapping[str, Any]) -> list[str]:
    """The point that ended the game before any card was played: a kick, or take-one."""
    turned = [parse_card(c) for c in deal["turn_ups"]]
    team = team_of(result.teams, dealer)
    race = Race(result.rules.target, result.team_totals)
    kicks(race, result.rules, team, turned, "")
    if deal.get("beg") == "take-one":
        race.award(1 - team, "beg", result.rules.values.beg)
        a, b = race.running
        return [_take_one_line(result, 1 - team, result.rules.values.beg, a, b)]
    line = _kick_line(race, result)
    return [line] if line else []


def play_game(path: Path) -> int:
    """Enter deals until a team wins or the player stops; the exit code."""

    def intro(game: OpenGame[GameScore]) -> list[str]:
        result = game.result
        return [
            opening(
                path.name,
                _("Caribbean All Fours"),
                result.rules,
                ngettext(
                    "first to {target}; {n} deal played",
                    "first to {target}; {n} deals played",
                    len(result.deals),
                ).format(target=result.rules.target, n=len(result.deals)),
            )
        ]

    return run_deals(
        path,
        Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [deal_text(scored, number), after_deal_text(scored)],
        closing=lambda game: ["", _("the game is over"), standings(game.result)],
    )
