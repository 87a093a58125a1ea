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
from typing import TYPE_CHECKING, Any, cast

from scoresheet import entry, prompting
from scoresheet.cards import parse_cards
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.entry import declaration, double_targets, redouble_targets
from scoresheet.games.barbu.ledger import resolve_bets
from scoresheet.games.barbu.questions import (
    FORM,
    HELP_FORM,
    HELP_RESULT,
    DealContext,
    ResultQuestion,
    check_answers,
    next_question,
    result_of,
    rewind,
)
from scoresheet.games.barbu.views import after_deal_text, deal_text, owed_text_lines, standings
from scoresheet.questions import NO_ANSWER, DealQuestions, Form, Question
from scoresheet.views.term import Term, plural

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import Declaration
    from scoresheet.games.barbu.score import GameScore, Owed
    from scoresheet.session import OpenGame

# -- the doubling (no prompting here) ----------------------------------------------------


def contract_answer(text: str, result: GameScore, declarer: str) -> str:
    """The contract meant by ``text``, among those ``declarer`` has left."""
    left = list(dict.fromkeys(result.contracts_left(declarer)))
    try:
        return entry.contract(text, left)
    except ScoresheetError as among_left:
        try:
            meant = entry.contract(text, result.rules.contracts)
        except ScoresheetError:
            if " could be " in str(among_left):  # two of the contracts left: name both
                raise ScoresheetError(str(among_left).removeprefix("contract: ")) from None
            raise ScoresheetError(
                f"{entry.quote(text)} is not a contract {declarer} has left ({', '.join(left)})"
            ) from None
        raise ScoresheetError(
            f"{declarer} has already declared {meant} (left: {', '.join(left)})"
        ) from None


def bets_of(
    ctx: DealContext, declarations: Sequence[Mapping[str, Any]]
) -> dict[tuple[str, str], int]:
    """The bets ``(doubler, doubled) → multiplier`` the declarations make; raises if refused."""
    bets = resolve_bets(
        cast("list[Declaration]", list(declarations)),
        players=ctx.players,
        declarer=ctx.declarer,
        dealer=ctx.dealer,
        contract=ctx.contract,
        rules=ctx.rules,
        where=ctx.where,
    )
    return {(a, b): m for a, b, m in bets}


def double_choices(ctx: DealContext, bets: Mapping[tuple[str, str], int], player: str) -> list[str]:
    """What ``player`` may answer when their turn to double comes, given the bets so far."""
    rules = ctx.rules
    targets = [
        q
        for q in ctx.players
        if q != player
        and (q, player) not in bets
        and rules.may_double(ctx.contract, player, q, ctx.declarer)
    ]
    received = [q for (q, t) in bets if t == player]
    words = list(targets)
    if targets or (received and rules.doubling.redoubles):
        words.append("maximum")
    others = [q for q in ctx.players if q not in (player, ctx.declarer)]
    if player != ctx.declarer and others and all(q in targets for q in others):
        words.append("family")
    words.append("none")
    return words


def redouble_candidates(bets: Mapping[tuple[str, str], int], player: str) -> list[str]:
    """The players whose double of ``player`` is not redoubled yet."""
    return [q for (q, t), m in bets.items() if t == player and m == 1]


def is_split(ctx: DealContext, bets: Mapping[tuple[str, str], int]) -> bool:
    """An undoubled negative deal under the split rule: not played, no result to ask."""
    rules = ctx.rules
    return not bets and rules.undoubled_split and not rules.is_positive(ctx.contract)


def deal_object(
    ctx: DealContext, declarations: Sequence[Mapping[str, Any]], result: Mapping[str, Any] | None
) -> dict[str, Any]:
    deal: dict[str, Any] = {"contract": ctx.contract, "declarer": ctx.declarer}
    if declarations:
        deal["doubles"] = [dict(d) for d in declarations]
    if result is not None:
        deal["result"] = dict(result)
    return deal


# -- the rules' words, shown on "?" --------------------------------------------------------

HELP_CONTRACT = (
    "The declarer chooses one of their contracts not played yet; each declarer plays "
    "every contract once. Type its name or a unique start of it (queens, k, last two)."
)
HELP_DOUBLE = (
    "Each player has one chance to double, in turn from the dealer's left. Name one or "
    "more players (Ann, Dan — or their initials), or: maximum (also max, x, table): "
    "double every other player — from a player already doubled it also redoubles every "
    "double received; family (also flanks): double the two "
    "other non-declarers; none (also no, -, Enter). In a positive contract a "
    "non-declarer may double only the declarer; the declarer may not double, only "
    "redouble. If a player's name could also be read as one of these words, type "
    f"{entry.KEYWORD_MARK} before the word (:maximum)."
)
HELP_REDOUBLE = (
    "A player who has been doubled may redouble the players who doubled them: a "
    "redoubled bet counts twice. Name them, or all (every double received), or none "
    f"(Enter). Type {entry.KEYWORD_MARK}all if a player's name starts with all."
)
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
        note = f" — must double {ctx.declarer}" if p in self.must else ""

        def parse(text: str) -> Any:
            target = double_targets(text, ctx.players, by=p)
            if target is None or target == []:
                return None
            bets_of(ctx, [*so_far, declaration(p, double=target)])
            return target

        return Question(
            _double_key(p),
            f"{p} doubles whom?{note} ({', '.join(choices)})",
            parse,
            tuple(choices),
            HELP_DOUBLE,
            only=None if choices == ["none"] else NO_ANSWER,
            many=True,
        )

    def _redouble_question(
        self, ctx: DealContext, so_far: list[dict[str, Any]], p: str, received: list[str]
    ) -> Question:
        words = [*received, "all", "none"] if len(received) > 1 else [*received, "none"]
        rest = "all, or none" if len(received) > 1 else "none"

        def parse(text: str) -> Any:
            target = redouble_targets(text, ctx.players, by=p)
            if target is None or target == []:
                return None
            bets_of(ctx, [*so_far, declaration(p, redouble=target)])
            return target

        return Question(
            _redouble_key(p),
            f"{p}, redouble whom? {', '.join(received)} — or {rest}",
            parse,
            tuple(words),
            HELP_REDOUBLE,
            many=len(received) > 1,
        )

    # the plan -----------------------------------------------------------------------

    def plan(self, answers: Mapping[str, Any]) -> Question | None:
        result, declarer = self.result, self.declarer
        if "contract" not in answers:
            left = list(dict.fromkeys(result.contracts_left(declarer)))
            return Question(
                "contract",
                "Contract",
                lambda text: contract_answer(text, result, declarer),
                tuple(left),
                HELP_CONTRACT,
                only=left[0] if len(left) == 1 else NO_ANSWER,
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
                q.choices,
                about,
                only=_only_answer(q.key, q.total, given, ctx.players),
                counts=q.counts,
                total=q.total,
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
                HELP_RESULT.get(q.key, ""),
                counts=q.counts,
                separator=q.separator,
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
                    f"{p} took {plural(taken, 'card')}, not a whole number of tricks "
                    f"({per_trick} each)"
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
                        f"{suit}: {got} taken so far with {p}'s, a deal has {want}"
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
                        raise ScoresheetError(f"{', '.join(both)}: already in {other}'s hand")
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
            name, _, p = key.partition(" ")
            if not p:
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
        if _TWO_ANSWERS.search(str(error)):
            # "Bob took the A♥ but no heart": two answers disagree, and the one just given
            # is asked again (back reaches the other), as every refused answer is.
            return []
        ctx = self.context(answers["contract"])
        given = self.result_answers(ctx, answers)
        kept = rewind(given, error)
        named = [k for k in given if k not in kept and k != FORM]
        message = str(error)
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


TAKEN_WORDS = {
    "ace_of_hearts": "A♥",
    "king_of_hearts": "K♥",
    "last": "Last trick",
    "hearts": "Hearts",
    "queens": "Queens",
}


def said_for(plan: DealPlan) -> Callable[[str, Any], str]:
    """How an answer taken without asking is told (the only contract left, the last
    player's cards)."""

    def said(key: str, value: Any) -> str:
        if key == "contract":
            return f"Contract: {value} (the only one {plan.declarer} has left)"
        name, _, player = key.partition(" ")
        if name == "cards":
            shown = "/".join(str(value[s]) for s in ("spades", "hearts", "diamonds", "clubs"))
            return f"{player}'s cards taken: {shown} (the rest)"
        if key in TAKEN_WORDS:
            if isinstance(value, dict):  # every one to the one player who took tricks
                value = next(f"all {n} to {p}" for p, n in value.items() if n)
            return f"{TAKEN_WORDS[key]}: {value} (the only answer possible)"
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
    who = declarer if dealer == declarer else f"{declarer} (dealer: {dealer})"
    intro = [f"{declarer}'s contracts left: {', '.join(result.contracts_left(declarer))}"]
    mine = sorted(
        (o for o in owed if o.declarer == declarer),
        key=lambda o: (not o.must, o.remaining - o.owed),
    )
    if mine:
        intro.append(f"Doubles owed to {declarer}:")
        intro += [f"{'!' if o.must else '-'} {owed_text_lines([o])}" for o in mine]
    return DealQuestions(
        plan.number,
        f"Deal {plan.number} of {result.rules.deals_per_game}: {who} declares",
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


def _header(io: prompting.Prompter, result: GameScore, declarer: str, dealer: str) -> None:
    number = len(result.deals) + 1
    who = declarer if dealer == declarer else f"{declarer} (dealer: {dealer})"
    io.say()
    io.say(f"Deal {number} of {result.rules.deals_per_game}: {who} declares")
    io.say(f"{declarer}'s contracts left: {', '.join(result.contracts_left(declarer))}")
    owed = [o for o in result.owed() if o.declarer == declarer]
    if owed:
        io.say(f"Doubles owed to {declarer}:")
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
            f"Nobody doubled: under these rules the deal is not played; "
            f"its total ({total:+d}) is split, so there is no result to enter."
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
        again=f"Deal {questions.number} again, from the contract.",
        settled=_split_note(result),
    )


def play_game(path: Path) -> int:
    """Enter deals until the game is complete or the player stops; the exit code."""

    def intro(game: OpenGame[GameScore]) -> list[str]:
        result = game.result
        played = f"{len(result.deals)} of {plural(result.rules.deals_per_game, 'deal')} played"
        lines = [prompting.opening(path.name, "Barbu", result.rules, played)]
        return lines + (["the game is complete"] if result.complete else [])

    return prompting.run_deals(
        path,
        prompting.Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [deal_text(scored, number), after_deal_text(scored)],
        closing=lambda game: ["", "Standings", standings(game.result)],
    )
