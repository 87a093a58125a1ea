"""What to ask about a Barbu deal's result, in the shape its contract needs.

Each contract's result is a few questions (:class:`ResultQuestion`): counts that add up
(tricks, hearts, queens), who took a card or a trick, a going-out order, the cards or
beats or hands of each player. They follow the order in which the scoring checks a
result, so an answer the scoring refuses is the one just given or an earlier one the
error names (:func:`rewind`). Nothing here reads or prints.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from scoresheet import entry
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.contracts import base_scores
from scoresheet.games.barbu.entry import hand_rows, row_counts, suit_counts
from scoresheet.games.barbu.ledger import table_order
from scoresheet.games.barbu.poker import parse_hand, row_word
from scoresheet.games.barbu.rules import contract_word
from scoresheet.i18n import N_, NP_, _, pgettext, source_language

if TYPE_CHECKING:
    from scoresheet.games.barbu.rules import BarbuRules

FORM = "form"  # the answer choosing how a result is given (Ravage City, Chinese Poker)


@dataclass(frozen=True)
class DealContext:
    """Who does what in the deal being entered."""

    number: int
    rules: BarbuRules
    players: tuple[str, ...]
    declarer: str
    dealer: str
    contract: str

    @property
    def order(self) -> list[str]:
        """Who speaks in the doubling: from the dealer's left."""
        return table_order(self.players, self.dealer)

    @property
    def where(self) -> str:
        return _("deal {number}, {contract}").format(
            number=self.number, contract=contract_word(self.contract)
        )


@dataclass(frozen=True)
class ResultQuestion:
    """One thing to ask about a deal's result.

    ``key`` is the result key the answer fills (or :data:`FORM`); with ``per_player``
    the question is asked once per player and ``parse`` reads one player's answer.
    An answer that ``parse`` reads as ``None`` (an optional one skipped) leaves the key out.
    ``label`` words it for a tap on a phone (see :class:`scoresheet.questions.Question`);
    a per-player one names the player as ``{player}``, as its prompt does.
    """

    key: str
    prompt: str
    parse: Callable[[str], Any]
    per_player: bool = False
    choices: tuple[str, ...] = ()
    counts: tuple[str, ...] = ()  # one number each for these, adding up to total
    total: int | None = None
    separator: str = " "  # between the numbers of counts
    label: str = ""  # the question for a tap, where the counts are boxes and choices buttons


def _parts(rules: BarbuRules, contract: str) -> tuple[str, ...]:
    return rules.salad_parts if contract == "salad" else (contract,)


# What a result answer is called in a refusal (``tricks: give one number per player …``).
FIELDS = {
    "tricks": NP_("result field", "tricks"),
    "hearts": NP_("result field", "hearts"),
    "queens": NP_("result field", "queens"),
    "ace_of_hearts": NP_("result field", "ace_of_hearts"),
    "king_of_hearts": NP_("result field", "king_of_hearts"),
    "second_last": NP_("result field", "second_last"),
    "last": NP_("result field", "last"),
    "trump": NP_("result field", "trump"),
    "order": NP_("result field", "order"),
    "start": NP_("result field", "start"),
    "cards": NP_("result field", "cards"),
    "most": NP_("result field", "most"),
    "beats": NP_("result field", "beats"),
    "hand": NP_("result field", "hand"),
    "ravage-city": NP_("result field", "ravage-city"),
    "chinese-poker": NP_("result field", "chinese-poker"),
}


def field_word(key: str) -> str:
    """A result answer's name in a refusal, in the language in force."""
    return pgettext("result field", FIELDS.get(key, key))


_COUNTS_PROMPTS = {
    "tricks": N_(
        "Tricks taken ({total} in all): {first}=2,{last}=1,… or one number each for {players}"
    ),
    "hearts": N_(
        "Hearts taken ({total} in all): {first}=2,{last}=1,… or one number each for {players}"
    ),
    "queens": N_(
        "Queens taken ({total} in all): {first}=2,{last}=1,… or one number each for {players}"
    ),
}


# The same for a tap: one box per player, each labelled with the player's name.
_COUNTS_LABELS = {
    "tricks": N_("Tricks taken — {total} in all"),
    "hearts": N_("Hearts taken — {total} in all"),
    "queens": N_("Queens taken — {total} in all"),
}


def _counts_question(key: str, total: int, players: Sequence[str]) -> ResultQuestion:
    def parse(text: str) -> dict[str, int]:
        return entry.counts(text, players, field=field_word(key))

    prompt = _(_COUNTS_PROMPTS[key]).format(
        total=total, first=players[0], last=players[-1], players=" ".join(players)
    )
    label = _(_COUNTS_LABELS[key]).format(total=total)
    return ResultQuestion(key, prompt, parse, counts=tuple(players), total=total, label=label)


def _taker_question(key: str, prompt: str, players: Sequence[str]) -> ResultQuestion:
    """Who took a card or a trick: the prompt is already worded for a tap on a name."""

    def parse(text: str) -> str:
        return entry.player(text, players, field=field_word(key))

    return ResultQuestion(key, prompt, parse, choices=tuple(players), label=prompt)


# How a result is given (Ravage City, Chinese Poker): answered in English or in the
# language in force.
FORM_WORDS = {
    "cards": NP_("result form", "cards"),
    "most": NP_("result form", "most"),
    "beats": NP_("result form", "beats"),
    "hands": NP_("result form", "hands"),
}


def form_word(word: str) -> str:
    """A way of giving a result, as the prompt shows it in the language in force."""
    return pgettext("result form", FORM_WORDS.get(word, word))


def _choice(words: Sequence[str], *, field: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        t = entry.ascii_forms(text).strip().casefold()
        local = {w: entry.ascii_forms(form_word(w)).casefold() for w in words}
        exact = [w for w in words if t in (w, local[w])]
        found = exact or [w for w in words if t and (w.startswith(t) or local[w].startswith(t))]
        if len(found) != 1:
            raise ScoresheetError(
                _("{field}: answer {first} or {second}, not {typed}").format(
                    field=field_word(field),
                    first=form_word(words[0]),
                    second=form_word(words[1]),
                    typed=entry.quote(text.strip()),
                )
            )
        return found[0]

    return parse


def _trump(text: str) -> str | None:
    if entry.is_none(text):
        return None
    return entry.suit(text, field=field_word("trump"))


def _start(text: str) -> str | None:
    t = entry.ascii_forms(text).strip().upper()
    if entry.is_none(text):
        return None
    return t


def _order(players: Sequence[str]) -> Callable[[str], list[str]]:
    def parse(text: str) -> list[str]:
        order = entry.player_list(text, players, field=field_word("order"))
        if len(order) == len(players) - 1 and len(set(order)) == len(order):
            order += [p for p in players if p not in order]  # the last one out goes without saying
        return order

    return parse


def _hand(text: str) -> dict[str, str]:
    rows = hand_rows(text, field=field_word("hand"))
    parse_hand(rows["front"], rows["middle"], rows["back"])
    return rows


def next_question(
    rules: BarbuRules, contract: str, players: Sequence[str], answers: Mapping[str, Any]
) -> ResultQuestion | None:
    """What to ask next about the result of a ``contract`` deal, given the answers so far.

    ``None`` once the result is complete. The questions follow the order in which the
    scoring checks the result, so a refused answer is the one just given or an earlier
    one that the error names.
    """
    for question in _questions(rules, contract, players, answers):
        if question.key not in answers:
            return question
    return None


def _questions(
    rules: BarbuRules, contract: str, players: Sequence[str], answers: Mapping[str, Any]
) -> list[ResultQuestion]:
    """The questions of a deal's result, in order, each key once (a Salad's parts may
    ask the same one)."""
    out: list[ResultQuestion] = []
    seen: set[str] = set()
    for part in _parts(rules, contract):
        for q in _part_questions(rules, part, players, answers):
            if q.key not in seen:
                seen.add(q.key)
                out.append(q)
    return out


def _part_questions(
    rules: BarbuRules, part: str, players: Sequence[str], answers: Mapping[str, Any]
) -> list[ResultQuestion]:
    """The questions one contract asks (one part of a Salad)."""
    if part == "no-tricks":
        return [_counts_question("tricks", rules.tricks_per_deal, players)]
    if part == "trumps":
        trump = ResultQuestion(
            "trump",
            _("Trump suit (spades, hearts, diamonds, clubs; Enter to skip)"),
            _trump,
            label=_("Trump suit: ♠, ♥, ♦ or ♣ — leave empty if not noted"),
        )
        return [trump, _counts_question("tricks", rules.tricks_per_deal, players)]
    if part == "no-hearts":
        hearts = rules.values.no_hearts
        out = [_counts_question("hearts", rules.count_in_deck(suit="H"), players)]
        if hearts is not None and hearts.ace_extra:
            out.append(_taker_question("ace_of_hearts", _("Who took the A♥?"), players))
        return out
    if part == "no-queens":
        return [_counts_question("queens", rules.count_in_deck(rank=12), players)]
    if part == "no-king":
        return [_taker_question("king_of_hearts", _("Who took the K♥?"), players)]
    if part == "no-last-two":
        return [
            _taker_question("second_last", _("Who took the second-to-last trick?"), players),
            _taker_question("last", _("Who took the last trick?"), players),
        ]
    if part == "no-last-trick":
        return [_taker_question("last", _("Who took the last trick?"), players)]
    if part == "dominoes":
        return _dominoes_questions(players)
    if part == "ravage-city":
        return _ravage_city_questions(players, answers)
    if part == "chinese-poker":
        return _chinese_poker_questions(rules, answers)
    # the rules refuse contracts the scoring does not know
    raise ScoresheetError(_("{contract}: no questions for this contract").format(contract=part))


def _dominoes_questions(players: Sequence[str]) -> list[ResultQuestion]:
    return [
        ResultQuestion(
            "order",
            _("Going-out order, first out first ({players} in some order)").format(
                players=", ".join(players)
            ),
            _order(players),
            label=_("Going-out order: the names, first out first"),
        ),
        ResultQuestion(
            "start",
            _("Starting rank (A K Q J T 9 …; Enter to skip)"),
            _start,
            label=_("Starting rank, such as J — leave empty if not noted"),
        ),
    ]


def _ravage_city_questions(
    players: Sequence[str], answers: Mapping[str, Any]
) -> list[ResultQuestion]:
    """How the result is given, then each player's cards per suit or who took the most."""
    out = [
        ResultQuestion(
            FORM,
            _(
                "Ravage City: give each player's cards per suit, or who took the most? "
                "({cards}/{most})"
            ).format(cards=form_word("cards"), most=form_word("most")),
            _choice(("cards", "most"), field="ravage-city"),
            choices=("cards", "most"),
            label=_("Ravage City: each player's cards per suit, or who took the most?"),
        )
    ]
    if answers.get(FORM) == "cards":
        out.append(
            ResultQuestion(
                "cards",
                _("{player}'s cards taken, ♠/♥/♦/♣ (3/4/2/3, or s3 h4 d2 c3)"),
                lambda text: suit_counts(text, field=field_word("cards")),
                per_player=True,
                counts=("♠", "♥", "♦", "♣"),
                separator="/",
                label=_("{player}'s cards taken, per suit"),
            )
        )
    elif answers.get(FORM) == "most":
        out.append(
            ResultQuestion(
                "most",
                _("Who took the most cards of one suit (all of them if tied)?"),
                lambda text: entry.player_list(text, players, field=field_word("most")),
                label=_("Who took the most cards of one suit? Every name if tied"),
            )
        )
    return out


def _chinese_poker_questions(rules: BarbuRules, answers: Mapping[str, Any]) -> list[ResultQuestion]:
    """Each player's beats per row, or their hands (always the hands when the rules score
    scoops or royalties, which the beats cannot tell)."""
    poker = rules.values.chinese_poker
    needs_hands = poker is not None and bool(poker.scoop or poker.royalties)
    out: list[ResultQuestion] = []
    if not needs_hands:
        out.append(
            ResultQuestion(
                FORM,
                _(
                    "Chinese Poker: give each player's beats per row, or their hands? "
                    "({beats}/{hands})"
                ).format(beats=form_word("beats"), hands=form_word("hands")),
                _choice(("beats", "hands"), field="chinese-poker"),
                choices=("beats", "hands"),
                label=_("Chinese Poker: each player's beats per row, or their hands?"),
            )
        )
    form = "hands" if needs_hands else answers.get(FORM)
    if form == "beats":
        out.append(
            ResultQuestion(
                "beats",
                _("{player}'s beats, front/middle/back (2/1/3)"),
                lambda text: row_counts(text, field=field_word("beats")),
                per_player=True,
                counts=tuple(row_word(r) for r in ("front", "middle", "back")),
                separator="/",
                label=_("{player}'s beats per row"),
            )
        )
    elif form == "hands":
        out.append(
            ResultQuestion(
                "hands",
                _("{player}'s hand, front | middle | back (AS AH 2C | KS KH KD 3C 3D | …)"),
                _hand,
                per_player=True,
                label=_("{player}'s hand: front | middle | back, cards such as AS KH 2C"),
            )
        )
    return out


def result_of(answers: Mapping[str, Any]) -> dict[str, Any]:
    """The deal's ``result`` object from the answers (skipped optional answers left out)."""
    return {k: v for k, v in answers.items() if k != FORM and v is not None}


_MISSING = re.compile(r"result\.(\w+) is missing")


def check_answers(ctx: DealContext, answers: Mapping[str, Any]) -> None:
    """Check the result answers so far; raises :class:`ScoresheetError` for a wrong one.

    Only the keys still to be asked may be missing: the scoring checks a result in the
    order the questions are asked, so an error about a missing key that has not been
    asked yet means everything asked so far is right.
    """
    message = english_refusal(ctx, answers)
    if message is None:
        return
    if next_question(ctx.rules, ctx.contract, ctx.players, answers) is not None:
        missing = _MISSING.search(message)
        if missing and missing.group(1) not in answers:
            return
        if "result needs either" in message:
            return
    # The same refusal, in the language in force.
    base_scores(ctx.rules, ctx.contract, cast("Any", result_of(answers)), ctx.players, ctx.where)
    raise ScoresheetError(message)  # pragma: no cover - the scoring refuses alike in any language


def english_refusal(ctx: DealContext, answers: Mapping[str, Any]) -> str | None:
    """The scoring's refusal of the result answers in English (what :func:`rewind` and
    the play's blame read), or ``None`` when it takes them."""
    with source_language():
        try:
            result = result_of(answers)
            base_scores(ctx.rules, ctx.contract, cast("Any", result), ctx.players, ctx.where)
        except ScoresheetError as error:
            return str(error)
    return None


def rewind(answers: Mapping[str, Any], error: ScoresheetError | str) -> dict[str, Any]:
    """The answers to keep after ``error`` (the scoring's refusal, read in English: see
    :func:`english_refusal`): those before the first one the error names.

    An error that names none of them (e.g. "Bob took the A♥ but no heart") could come
    from any of them, so all are asked again.
    """
    message = str(error)
    kept: dict[str, Any] = {}
    for key, value in answers.items():
        if key != FORM and (f"result.{key}" in message or f"{key} add up" in message):
            return kept
        kept[key] = value
    return {}


# -- the rules' words, shown on "?" --------------------------------------------------------

HELP_RESULT = {
    "tricks": N_(
        "Tricks each player took: Ann=2,Cat=1,… (players left out took none) or "
        "one number per player in seating order. They add up to the tricks of a deal."
    ),
    "hearts": N_("Hearts each player took, as for tricks; they add up to the hearts in the deck."),
    "queens": N_("Queens each player took, as for tricks; they add up to the queens in the deck."),
    "ace_of_hearts": N_("Who took the A♥: that player must have taken at least one heart."),
    "king_of_hearts": N_("Who took the K♥."),
    "second_last": N_("Who took the second-to-last trick (may be the same as the last)."),
    "last": N_("Who took the last trick."),
    "trump": N_(
        "The trump suit the declarer named (spades, hearts, s, ♥, or a unique start); "
        "Enter if it was not noted."
    ),
    "order": N_(
        "The going-out order, first out first, every player once; the last one may be left out."
    ),
    "start": N_("The starting rank the declarer named (A K Q J T 9 …); Enter to skip."),
    "cards": N_(
        "The cards this player took, per suit ♠/♥/♦/♣: 3/4/2/3 or s3 h4 d2 c3. Each "
        "suit adds up to the cards of that suit, and a player's cards are whole tricks. The "
        "last player's cards are the rest: not asked."
    ),
    "most": N_("The players who took the most cards of one suit (all of them if tied)."),
    "beats": N_("How many opponents this player beat in each row: front/middle/back."),
    "hands": N_("This player's three rows of cards: front | middle | back."),
}


HELP_FORM: dict[tuple[str, ...], str] = {
    ("cards", "most"): N_(
        "Ravage City: the player who took the most cards of any one suit "
        "scores the penalty, split if tied. Give each player's cards per suit, or just who "
        "took the most cards of one suit (all of them if tied)."
    ),
    ("beats", "hands"): N_(
        "Chinese Poker: each player sorts their 13 cards into a back hand "
        "(5 cards), a middle hand (5) and a front hand (3); each row is compared with the same "
        "row of every other player, and each row beaten is a beat. Give each player's beats "
        "per row, or their hands to have the rows compared."
    ),
}
