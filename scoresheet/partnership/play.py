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
from scoresheet.i18n import N_, NP_, _, pgettext
from scoresheet.partnership import entry
from scoresheet.partnership.rules import contract_word, kind_word
from scoresheet.partnership.score import deal_where
from scoresheet.prompting import Prompter, ask_deal, heading, opening, run_deals
from scoresheet.questions import DealQuestions, Form, Question

if TYPE_CHECKING:
    from scoresheet.partnership.score import GameScore, TeamGame
    from scoresheet.session import OpenGame

# Yes and no: the English words, the French ones of the table, and (through the
# answer words) the words of the language in force.
YES_NO = {"y": True, "yes": True, "o": True, "oui": True, "n": False, "no": False, "non": False}


def _yes_no(text: str) -> bool:
    if not text.strip():
        return False
    found = common.keyword(text, YES_NO)
    if found is None:
        raise ScoresheetError(_('answer y or n, not "{typed}"').format(typed=text.strip()))
    answer: bool = found[1]
    return answer


def _teams_prompt(result: GameScore) -> str:
    return _("0 = {team0}, 1 = {team1}, or a player").format(
        team0=result.team_name(0), team1=result.team_name(1)
    )


# What ``?`` says of each question (translated where it is shown).
HELP = {
    "contract": N_(
        "The contract the taker chose: a trump suit (spades, hearts, diamonds, "
        "clubs — or s, h, ♥), No Trumps (nt) or All Trumps (at); a unique start of a name."
    ),
    "taker": N_(
        "The player who took the contract: their team is the taking team. It makes "
        "the contract if its total (belote included) is more than the defenders'."
    ),
    "points": N_(
        "Each team's card points: the first team's alone (the other has the rest of "
        "152), both (62 90), or cards to type the cards a team captured instead."
    ),
    "side": N_("Whose captured cards you will type: the other team took the rest."),
    "cards": N_("The cards that team captured, rank then suit (JH 9H AS TS …)."),
    "capot": N_(
        "Capot: a team that takes all 8 tricks scores 252 (the last trick is worth "
        "100 instead of 10). A team can have every card point without every trick."
    ),
    "last_trick": N_("The team that took the last trick adds 10 (dix de der)."),
    "belote": N_(
        "Belote-rebelote: K and Q of trumps in one hand, announced: +20 to that "
        "team, whatever happens. Enter for none."
    ),
    "decl": N_(
        "Declarations (when the rules use them): tierce 20, cinquante 50, cent 100, "
        "four jacks 200, four nines 150, other fours 100; only the team with the best "
        "declaration scores its declarations. Enter for none."
    ),
}
# The declarations a prompt gives as examples.
EXAMPLE = (("tierce", "K"), ("carre", "J"))
# The word that asks to type the cards instead of the points (several between "|").
CARDS_WORD = NP_("answer", "cards")


def _cards_words() -> set[str]:
    """``cards`` and ``c``, and the words for cards in the language in force."""
    said = pgettext("answer", CARDS_WORD).split("|")
    return {"cards", "c", *(common.ascii_forms(w.strip()).casefold() for w in said if w.strip())}


def help_of(key: str) -> str:
    """What ``?`` says of a question, in the language in force."""
    return _(HELP[key])


def _team_words(result: GameScore) -> tuple[str, ...]:
    """The teams, each as it may be typed (or tapped on a phone)."""
    return (result.team_name(0), result.team_name(1))


def _team_parse(result: GameScore, field: str, optional: bool) -> Callable[[str], int | None]:
    players, teams = list(result.players), result.teams

    def parse(text: str) -> int | None:
        value = entry.team(text, players, teams, field=field)
        if value is None and not optional:
            raise ScoresheetError(
                _("{field}: name the team ({teams})").format(
                    field=field, teams=_teams_prompt(result)
                )
            )
        return value

    return parse


def taker_question(players: list[str], help_text: str) -> Question:
    """Who took the contract (Coinche's too: ``help_text`` is what ``?`` says of it)."""
    return Question(
        "taker",
        _("Taker ({players})").format(players=", ".join(players)),
        lambda text: common.player(text, players, field="taker"),
        tuple(players),
        help_text,
        label=_("Who took the contract?"),
    )


def _points_question(result: GameScore, total: int) -> Question:
    def points_or_cards(text: str) -> dict[str, Any]:
        t = common.ascii_forms(text).strip().casefold()
        if t in _cards_words():
            return {"cards": None}
        numbers = entry.points(text, total)
        if sum(numbers) != total:
            raise ScoresheetError(
                _("points add up to {got}, the cards of a deal are worth {total}").format(
                    got=sum(numbers), total=total
                )
            )
        return {"points": numbers}

    return Question(
        "points",
        _(
            "Card points of {team} (the other team has the rest of {total}), "
            "both teams' (62 90), or cards to type the cards"
        ).format(team=result.team_name(0), total=total),
        points_or_cards,
        (),
        help_of("points"),
        label=_("Card points of {team}, out of {total} — or both teams', such as 62 90").format(
            team=result.team_name(0), total=total
        ),
    )


def _cards_question(result: GameScore, answers: Mapping[str, Any], where: str) -> Question | None:
    """Whose cards, then the cards they took: when the points are counted from cards."""
    if "side" not in answers:
        return Question(
            "side",
            _("Whose cards will you type? ({teams})").format(teams=_teams_prompt(result)),
            _team_parse(result, "cards", False),
            _team_words(result),
            help_of("side"),
            label=_("Whose cards will you type?"),
        )
    side = answers["side"]
    if "cards" not in answers:
        return Question(
            "cards",
            _("Cards {team} took (rank then suit: {example}; Enter if none)").format(
                team=result.team_name(side), example="JH 9H AS TS …"
            ),
            lambda text: entry.cards_of_one_team(text, side, where),
            (),
            help_of("cards"),
            label=_("Cards {team} took, such as JH 9H AS — leave empty if none").format(
                team=result.team_name(side)
            ),
        )
    return None


def _capot_question(result: GameScore, answers: Mapping[str, Any], total: int) -> Question:
    """Capot: known from the cards when they were typed, asked when a team has every
    card point, else none."""
    if "cards" in answers["points"]:
        both = answers["cards"]
        counts = (len(both[0].split()), len(both[1].split()))
        capot = next((k for k in (0, 1) if counts[1 - k] == 0), None)
        return Question("capot", "", no_parse, only=capot)
    full = next((k for k in (0, 1) if answers["points"]["points"][k] == total), None)
    if full is None:
        return Question("capot", "", no_parse, only=None)
    return Question(
        "capot",
        _("Did {team} take all 8 tricks (capot)? (y/n)").format(team=result.team_name(full)),
        lambda text: full if _yes_no(text) else None,
        ("y", "n"),
        help_of("capot"),
        label=_("Did {team} take all 8 tricks (capot)?").format(team=result.team_name(full)),
    )


def _trick_and_declaration_question(
    result: GameScore, answers: Mapping[str, Any], contract: str
) -> Question | None:
    """The last trick (but on a capot), belote, each team's declarations."""
    rules = result.rules
    if answers["capot"] is None and "last_trick" not in answers:
        return Question(
            "last_trick",
            _("Who took the last trick? ({teams})").format(teams=_teams_prompt(result)),
            _team_parse(result, "last_trick", False),
            _team_words(result),
            help_of("last_trick"),
            label=_("Who took the last trick?"),
        )
    if rules.has_belote(contract) and "belote" not in answers:
        return Question(
            "belote",
            _("Belote announced by? ({teams}; Enter for none)").format(teams=_teams_prompt(result)),
            _team_parse(result, "belote", True),
            (*_team_words(result), pgettext("answer", "none").split("|")[0]),
            help_of("belote"),
            label=_("Who announced belote?"),
        )
    if rules.declarations:
        for k in (0, 1):
            if f"decl {k}" not in answers:
                return Question(
                    f"decl {k}",
                    _("Declarations of {team} ({example}, …; Enter for none)").format(
                        team=result.team_name(k),
                        example=", ".join(f"{kind_word(x)} {r}" for x, r in EXAMPLE),
                    ),
                    _declarations_parser(k),
                    (),
                    help_of("decl"),
                    label=_("Declarations of {team} — leave empty if none").format(
                        team=result.team_name(k)
                    ),
                )
    return None


def _deal_of(answers: Mapping[str, Any]) -> dict[str, Any]:
    """The deal object the answers make."""
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


def deal_form(result: GameScore) -> tuple[Form, Callable[[Mapping[str, Any]], dict[str, Any]]]:
    """The questions of the next deal (pure data: a terminal or a web form walks them),
    and how the answers make the deal object."""
    rules, players = result.rules, list(result.players)
    number = len(result.deals) + 1

    def plan(answers: Mapping[str, Any]) -> Question | None:
        if "contract" not in answers:
            names = tuple(contract_word(c) for c in rules.contracts)
            return Question(
                "contract",
                _("Contract ({contracts})").format(contracts=", ".join(names)),
                lambda text: entry.read_contract(text, rules.contracts),
                names,
                help_of("contract"),
                label=_("Which contract?"),
            )
        name = answers["contract"]
        total = rules.card_total(name)
        if "taker" not in answers:
            return taker_question(players, help_of("taker"))
        if "points" not in answers:
            return _points_question(result, total)
        if "cards" in answers["points"]:
            cards = _cards_question(result, answers, deal_where(number, name))
            if cards is not None:
                return cards
        if "capot" not in answers:
            return _capot_question(result, answers, total)
        return _trick_and_declaration_question(result, answers, name)

    return Form(plan), _deal_of


def no_parse(text: str) -> Any:  # a question with one possible answer is never asked
    raise ScoresheetError(_("this question has only one answer"))


def said_capot(result: TeamGame) -> Callable[[str, Any], str]:
    """An answer taken without asking, in words (only a capot is worth saying)."""

    def said(key: str, value: Any) -> str:
        if key == "capot" and value is not None:
            return _("{team} took every card: capot.").format(team=result.team_name(value))
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
    totals = ", ".join(f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1))
    title = _("Deal {number}: {dealer} deals. {totals}").format(
        number=number, dealer=result.next_dealer, totals=totals
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
        again = _("Deal {number} again, from the contract.").format(number=questions.number)
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
            closing=lambda game: ["", _("Standings"), views.standings(game.result)],
        )
