"""``scoresheet play`` for Barbu: the questions of a deal, written once as data, and the
terminal walking them deal after deal.

The questions of a deal — the contract, each player's double in table order, the
redoubles, then the result in the shape the contract needs
(:mod:`scoresheet.games.barbu.questions`) — are a plan for a
:class:`scoresheet.questions.Form`: each a prompt, the possible answers, a check and
the rules' words for ``?``. The terminal walks them (:func:`play_game`, with
:mod:`scoresheet.prompting`), and the phone form walks the same ones
(:func:`deal_questions`). This module is Barbu's ``Play`` role.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoresheet import entry, prompting
from scoresheet.cards import parse_cards
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.doubling import (
    HELP_CONTRACT,
    HELP_DOUBLE,
    HELP_REDOUBLE,
    answer_word,
    bets_of,
    contract_answer,
    deal_object,
    double_choices,
    is_split,
    redouble_candidates,
    rules_words,
)
from scoresheet.games.barbu.entry import declaration, double_targets, redouble_targets
from scoresheet.games.barbu.questions import (
    FORM,
    HELP_FORM,
    HELP_RESULT,
    DealContext,
    ResultQuestion,
    check_answers,
    english_refusal,
    form_word,
    next_question,
    result_of,
    rewind,
)
from scoresheet.games.barbu.rules import contract_word
from scoresheet.games.barbu.views import (
    after_deal_text,
    contracts_left_line,
    deal_text,
    owed_text_lines,
    played_text,
    standings,
)
from scoresheet.i18n import N_, _, ngettext, pgettext
from scoresheet.questions import NO_ANSWER, DealQuestions, Form, Question
from scoresheet.views.term import Term

if TYPE_CHECKING:
    from scoresheet.games.barbu.score import GameScore, Owed
    from scoresheet.session import OpenGame

# -- one deal as a plan of questions ------------------------------------------------------


def _double_key(p: str) -> str:
    return f"double {p}"


def _redouble_key(p: str) -> str:
    return f"redouble {p}"


def _result_key(key: str, p: str) -> str:
    return f"{key} {p}"


@dataclass(frozen=True)
class DealPlan:
    """The questions of the next deal of a game: ``plan``, ``check`` and ``blame`` for a
    :class:`~scoresheet.questions.Form`, and :meth:`deal` for the deal object."""

    result: GameScore
    declarer: str
    dealer: str
    must: frozenset[str]  # the players who must double the declarer now

    @property
    def number(self) -> int:
        return len(self.result.deals) + 1

    def form(self) -> Form:
        return Form(self.plan, self.check, self.blame)

    def context(self, contract: str) -> DealContext:
        r = self.result
        return DealContext(self.number, r.rules, r.players, self.declarer, self.dealer, contract)

    # the doubling -------------------------------------------------------------------

    def declarations(self, ctx: DealContext, answers: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The doubles and redoubles answered so far, in the order they were spoken."""
        out: list[dict[str, Any]] = []
        for p in ctx.order:
            target = answers.get(_double_key(p))
            if target is not None:
                out.append(declaration(p, double=target))
        for p in ctx.order:
            target = answers.get(_redouble_key(p))
            if target is not None:
                out.append(declaration(p, redouble=target))
        return out

    def _double_question(self, ctx: DealContext, so_far: list[dict[str, Any]], p: str) -> Question:
        bets = bets_of(ctx, so_far)
        choices = double_choices(ctx, bets, p)
        shown = [answer_word(c) if c in _WORDS else c for c in choices]
        if p in self.must:
            prompt = _("{player} doubles whom? — must double {declarer} ({choices})")
            label = _("{player} doubles whom? Must double {declarer}")
        else:
            prompt = _("{player} doubles whom? ({choices})")
            label = _("{player} doubles whom?")

        def parse(text: str) -> Any:
            target = double_targets(text, ctx.players, by=p)
            if target is None or target == []:
                return None
            bets_of(ctx, [*so_far, declaration(p, double=target)])
            return target

        return Question(
            _double_key(p),
            prompt.format(player=p, declarer=ctx.declarer, choices=", ".join(shown)),
            parse,
            tuple(shown),
            rules_words(HELP_DOUBLE),
            only=None if choices == ["none"] else NO_ANSWER,
            many=True,
            label=label.format(player=p, declarer=ctx.declarer),
        )

    def _redouble_question(
        self, ctx: DealContext, so_far: list[dict[str, Any]], p: str, received: list[str]
    ) -> Question:
        every, none = answer_word("all"), answer_word("none")
        words = [*received, every, none] if len(received) > 1 else [*received, none]
        if len(received) > 1:
            prompt = _("{player}, redouble whom? {received} — or {all}, or {none}")
        else:
            prompt = _("{player}, redouble whom? {received} — or {none}")

        def parse(text: str) -> Any:
            target = redouble_targets(text, ctx.players, by=p)
            if target is None or target == []:
                return None
            bets_of(ctx, [*so_far, declaration(p, redouble=target)])
            return target

        return Question(
            _redouble_key(p),
            prompt.format(player=p, received=", ".join(received), all=every, none=none),
            parse,
            tuple(words),
            rules_words(HELP_REDOUBLE),
            many=len(received) > 1,
            label=_("{player} redoubles whom?").format(player=p),
        )

    # the plan -----------------------------------------------------------------------

    def plan(self, answers: Mapping[str, Any]) -> Question | None:
        result, declarer = self.result, self.declarer
        if "contract" not in answers:
            left = list(dict.fromkeys(result.contracts_left(declarer)))
            return Question(
                "contract",
                _("Contract"),
                lambda text: contract_answer(text, result, declarer),
                tuple(contract_word(c) for c in left),
                rules_words(HELP_CONTRACT),
                only=left[0] if len(left) == 1 else NO_ANSWER,
                label=_("Which contract does {declarer} choose?").format(declarer=declarer),
            )
        ctx = self.context(answers["contract"])
        so_far: list[dict[str, Any]] = []
        for p in ctx.order:
            if p == ctx.declarer:  # the declarer may not double: asked to redouble below
                continue
            if _double_key(p) not in answers:
                return self._double_question(ctx, so_far, p)
            if answers[_double_key(p)] is not None:
                so_far.append(declaration(p, double=answers[_double_key(p)]))
        if ctx.rules.doubling.redoubles:
            for p in ctx.order:
                received = redouble_candidates(bets_of(ctx, so_far), p)
                if not received:
                    continue
                if _redouble_key(p) not in answers:
                    return self._redouble_question(ctx, so_far, p, received)
                if answers[_redouble_key(p)] is not None:
                    so_far.append(declaration(p, redouble=answers[_redouble_key(p)]))
        if is_split(ctx, bets_of(ctx, so_far)):
            return None
        return self._result_question(ctx, answers)

    def _result_question(self, ctx: DealContext, answers: Mapping[str, Any]) -> Question | None:
        given = self.result_answers(ctx, answers)
        q = next_question(ctx.rules, ctx.contract, ctx.players, given)
        if q is None:
            return None
        if not q.per_player:
            about = HELP_FORM[q.choices] if q.key == FORM else HELP_RESULT.get(q.key, "")
            return Question(
                q.key,
                q.prompt,
                q.parse,
                tuple(form_word(c) for c in q.choices) if q.key == FORM else q.choices,
                _(about) if about else "",
                only=_only_answer(q.key, q.total, given, ctx.players),
                counts=q.counts,
                total=q.total,
                label=q.label,
            )
        players = ctx.players
        for i, p in enumerate(players):
            key = _result_key(q.key, p)
            if key in answers:
                continue
            if q.key == "cards" and i == len(players) - 1:
                return Question(key, "", q.parse, (), "", only=self._rest_of_cards(ctx, answers))
            return Question(
                key,
                q.prompt.replace("{player}", p),
                self._per_player_parse(ctx, q, p, answers),
                (),
                _(HELP_RESULT[q.key]) if q.key in HELP_RESULT else "",
                counts=q.counts,
                separator=q.separator,
                label=q.label.replace("{player}", p),
            )
        return None  # pragma: no cover - the per-player answers are assembled above

    def _per_player_parse(
        self, ctx: DealContext, q: ResultQuestion, p: str, answers: Mapping[str, Any]
    ) -> Callable[[str], Any]:
        if q.key == "hands":
            return self._hand_parse(ctx, q, p, answers)
        if q.key != "cards":
            return q.parse

        def parse(text: str) -> Any:
            value = q.parse(text)
            taken = sum(value.values())
            per_trick = len(ctx.players)
            if taken % per_trick:
                raise ScoresheetError(
                    ngettext(
                        "{player} took {n} card, not a whole number of tricks ({each} each)",
                        "{player} took {n} cards, not a whole number of tricks ({each} each)",
                        taken,
                    ).format(player=p, n=taken, each=per_trick)
                )
            before = [
                answers[_result_key("cards", o)]
                for o in ctx.players
                if o != p and _result_key("cards", o) in answers
            ]
            for suit, letter in SUIT_LETTERS.items():
                got = value[suit] + sum(b[suit] for b in before)
                want = ctx.rules.count_in_deck(suit=letter)
                if got > want:
                    raise ScoresheetError(
                        _("{suit}: {got} taken so far with {player}'s, a deal has {want}").format(
                            suit=pgettext("suit", entry.SUIT_NAMES[suit]),
                            got=got,
                            player=p,
                            want=want,
                        )
                    )
            return value

        return parse

    def _hand_parse(
        self, ctx: DealContext, q: ResultQuestion, p: str, answers: Mapping[str, Any]
    ) -> Callable[[str], Any]:
        """A player's hand, refused when it holds a card an earlier hand holds."""

        def cards_of(rows: Mapping[str, str]) -> set[Any]:
            return {c for row in rows.values() for c in parse_cards(row)}

        def parse(text: str) -> Any:
            value = q.parse(text)
            mine = cards_of(value)
            for other in ctx.players:
                key = _result_key("hands", other)
                if other != p and key in answers:
                    both = sorted(str(c) for c in mine & cards_of(answers[key]))
                    if both:
                        raise ScoresheetError(
                            _("{cards}: already in {player}'s hand").format(
                                cards=", ".join(both), player=other
                            )
                        )
            return value

        return parse

    def _rest_of_cards(self, ctx: DealContext, answers: Mapping[str, Any]) -> dict[str, int]:
        others = [answers[_result_key("cards", p)] for p in ctx.players[:-1]]
        return {
            suit: ctx.rules.count_in_deck(suit=letter) - sum(o[suit] for o in others)
            for suit, letter in SUIT_LETTERS.items()
        }

    def result_answers(self, ctx: DealContext, answers: Mapping[str, Any]) -> dict[str, Any]:
        """The result answers by result key, each per-player answer gathered once whole."""
        out: dict[str, Any] = {}
        for key, value in answers.items():
            if key == "contract" or key.startswith(("double ", "redouble ")):
                continue
            if not key.partition(" ")[2]:
                out[key] = value
        for name in PER_PLAYER:
            keys = [_result_key(name, p) for p in ctx.players]
            if all(k in answers for k in keys):
                out[name] = {p: answers[_result_key(name, p)] for p in ctx.players}
        return out

    def check(self, answers: Mapping[str, Any]) -> None:
        """The result answers so far hold together (raises for a wrong one)."""
        if "contract" not in answers:
            return
        ctx = self.context(answers["contract"])
        given = self.result_answers(ctx, answers)
        if given:
            check_answers(ctx, given)

    def blame(self, answers: Mapping[str, Any], error: ScoresheetError) -> list[str]:
        """The result answers to ask again after ``error``: the ones it names, or every
        result answer when it names none (it could come from any of them)."""
        if "contract" not in answers:
            return []
        ctx = self.context(answers["contract"])
        given = self.result_answers(ctx, answers)
        # The scoring's refusal read in English, whatever the language it was shown in.
        message = english_refusal(ctx, given) or str(error)
        if _TWO_ANSWERS.search(message):
            # "Bob took the A♥ but no heart": two answers disagree, and the one just given
            # is asked again (back reaches the other), as every refused answer is.
            return []
        kept = rewind(given, message)
        named = [k for k in given if k not in kept and k != FORM]
        only = [k for k in named if f"result.{k}" in message or f"{k} add up" in message]
        wrong = only or named
        out: list[str] = []
        for key in answers:
            base = key.partition(" ")[0] if key.partition(" ")[0] in PER_PLAYER else key
            if base in wrong:
                out.append(key)
        return out

    def deal(self, answers: Mapping[str, Any]) -> dict[str, Any]:
        """The deal object the answers describe."""
        ctx = self.context(answers["contract"])
        declarations = self.declarations(ctx, answers)
        if is_split(ctx, bets_of(ctx, declarations)):
            return deal_object(ctx, declarations, None)
        return deal_object(ctx, declarations, result_of(self.result_answers(ctx, answers)))


_TWO_ANSWERS = re.compile(r" took .+ but (?:no|\d+) ")


def _only_answer(
    key: str, total: int | None, given: Mapping[str, Any], players: Sequence[str]
) -> Any:
    """The answer the counts already given leave no choice about, else :data:`NO_ANSWER`:
    all 13 hearts taken by Ann, the A♥ is hers; every trick taken by Ann (Salad), so are
    the last trick, the hearts, the queens and the K♥.

    A card came with a trick: the A♥ and the K♥ go to a player who took hearts, and the
    K♥, the last trick, hearts and queens to one who took tricks, when the deal reports
    them (Salad).
    """
    possible = list(players)
    hearts, tricks = given.get("hearts"), given.get("tricks")
    if key in ("ace_of_hearts", "king_of_hearts") and isinstance(hearts, dict):
        possible = [p for p in possible if hearts.get(p, 0)]
    if key in ("king_of_hearts", "last", "hearts", "queens") and isinstance(tricks, dict):
        possible = [p for p in possible if tricks.get(p, 0)]
    if len(possible) != 1:
        return NO_ANSWER
    if key in ("hearts", "queens"):
        return {p: total if p == possible[0] else 0 for p in players}
    return possible[0]


PER_PLAYER = ("cards", "beats", "hands")
SUIT_LETTERS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
# The doubling's answer words a prompt offers, in the language in force.
_WORDS = frozenset({"maximum", "family", "none", "all"})


TAKEN_WORDS = {
    "ace_of_hearts": "A♥",
    "king_of_hearts": "K♥",
    "last": N_("Last trick"),
    "hearts": N_("Hearts"),
    "queens": N_("Queens"),
}


def said_for(plan: DealPlan) -> Callable[[str, Any], str]:
    """How an answer taken without asking is told (the only contract left, the last
    player's cards)."""

    def said(key: str, value: Any) -> str:
        if key == "contract":
            return _("Contract: {contract} (the only one {declarer} has left)").format(
                contract=contract_word(value), declarer=plan.declarer
            )
        name, _space, player = key.partition(" ")
        if name == "cards":
            shown = "/".join(str(value[s]) for s in ("spades", "hearts", "diamonds", "clubs"))
            return _("{player}'s cards taken: {cards} (the rest)").format(
                player=player, cards=shown
            )
        if key in TAKEN_WORDS:
            if isinstance(value, dict):  # every one to the one player who took tricks
                value = next(
                    _("all {n} to {player}").format(n=n, player=p) for p, n in value.items() if n
                )
            what = TAKEN_WORDS[key]
            return _("{what}: {answer} (the only answer possible)").format(
                what=_(what) if key in ("last", "hearts", "queens") else what, answer=value
            )
        return f"{key}: {value}"

    return said


def deal_questions(result: GameScore) -> DealQuestions | None:
    """The next deal's questions (``None`` when the game is complete), as ``play`` asks them."""
    declarer, dealer = result.next_declarer, result.next_dealer
    if result.complete or declarer is None or dealer is None:
        return None
    owed = result.owed()
    must = frozenset(o.doubler for o in owed if o.must and o.declarer == declarer)
    plan = DealPlan(result, declarer, dealer, must)
    intro = [contracts_left_line(result, declarer)]
    mine = sorted(
        (o for o in owed if o.declarer == declarer),
        key=lambda o: (not o.must, o.remaining - o.owed),
    )
    if mine:
        intro.append(_("Doubles owed to {declarer}:").format(declarer=declarer))
        intro += [f"{'!' if o.must else '-'} {owed_text_lines([o])}" for o in mine]
    return DealQuestions(
        plan.number,
        deal_title(result, declarer, dealer),
        tuple(intro),
        plan.form,
        plan.deal,
        said_for(plan),
    )


# -- the terminal: scoresheet play ----------------------------------------------------------


def owed_lines(owed: Sequence[Owed], term: Term | None = None) -> list[str]:
    """The doubles owed, most urgent first; the ones that must be made now marked ``!``.

    Each is wrapped to the width with its mark inside the width, continued under its text.
    """
    term = term or Term.detect()
    ordered = sorted(owed, key=lambda o: (not o.must, o.remaining - o.owed))
    return [
        owed_text_lines([o], term, indent="    ").replace("    ", f"  {'!' if o.must else '-'} ", 1)
        for o in ordered
    ]


def deal_title(result: GameScore, declarer: str, dealer: str) -> str:
    """``Deal 5 of 28: Bob declares`` (with the dealer when another player deals)."""
    if dealer == declarer:
        text = _("Deal {number} of {deals}: {declarer} declares")
    else:
        text = _("Deal {number} of {deals}: {declarer} (dealer: {dealer}) declares")
    return text.format(
        number=len(result.deals) + 1,
        deals=result.rules.deals_per_game,
        declarer=declarer,
        dealer=dealer,
    )


def _header(io: prompting.Prompter, result: GameScore, declarer: str, dealer: str) -> None:
    io.say()
    io.say(deal_title(result, declarer, dealer))
    io.say(contracts_left_line(result, declarer))
    owed = [o for o in result.owed() if o.declarer == declarer]
    if owed:
        io.say(_("Doubles owed to {declarer}:").format(declarer=declarer))
        for line in owed_lines(owed, io.term):
            io.show(line)


def _split_note(result: GameScore) -> Callable[[dict[str, Any]], list[str]]:
    """What to say of a deal nobody doubled that the split rule leaves unplayed."""

    def note(deal: dict[str, Any]) -> list[str]:
        contract = deal["contract"]
        if "result" in deal or not contract or result.rules.is_positive(contract):
            return []
        total = result.rules.max_total(contract)
        return [
            _(
                "Nobody doubled: under these rules the deal is not played; "
                "its total ({total:+d}) is split, so there is no result to enter."
            ).format(total=total)
        ]

    return note


def _enter_deal(io: prompting.Prompter, game: OpenGame[GameScore]) -> dict[str, Any]:
    """Ask one whole deal; returns a deal that scores (checked against the whole game)."""
    result = game.result
    declarer, dealer = result.next_declarer, result.next_dealer
    questions = deal_questions(result)
    assert declarer is not None and dealer is not None and questions is not None
    _header(io, result, declarer, dealer)
    return prompting.ask_deal(
        io,
        game,
        questions,
        again=_("Deal {number} again, from the contract.").format(number=questions.number),
        settled=_split_note(result),
    )


def play_game(path: Path) -> int:
    """Enter deals until the game is complete or the player stops; the exit code."""

    def intro(game: OpenGame[GameScore]) -> list[str]:
        result = game.result
        played = played_text(len(result.deals), result.rules.deals_per_game)
        lines = [prompting.opening(path.name, "Barbu", result.rules, played)]
        return lines + ([_("the game is complete")] if result.complete else [])

    return prompting.run_deals(
        path,
        prompting.Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [deal_text(scored, number), after_deal_text(scored)],
        closing=lambda game: ["", _("Standings"), standings(game.result)],
    )
