"""What ``scoresheet play`` asks about a Barbu deal, written once as data.

The questions of a deal — the contract, each player's double in table order, the
redoubles, then the result in the shape the contract needs — are a plan for a
:class:`scoresheet.questions.Form`: each a prompt, the possible answers, a check and
the rules' words for ``?``. Nothing here reads or prints: the terminal walks these
questions (``scoresheet.cli.play``), and a web form can walk the same ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scoresheet import entry
from scoresheet.errors import ScoresheetError
from scoresheet.questions import NO_ANSWER, DealQuestions, Form, Question
from scoresheet.views.term import plural

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import Declaration
    from scoresheet.games.barbu.rules import BarbuRules
    from scoresheet.games.barbu.score import GameScore

FORM = "form"  # the answer choosing how a result is given (Ravage City, Chinese Poker)

# -- what to ask, and whether the answers so far hold together (no prompting here) -------


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
        from scoresheet.games.barbu.ledger import table_order

        return table_order(self.players, self.dealer)

    @property
    def where(self) -> str:
        return f"deal {self.number}, {self.contract}"


def contract_answer(text: str, result: GameScore, declarer: str) -> str:
    """The contract meant by ``text``, among those ``declarer`` has left."""
    left = list(dict.fromkeys(result.contracts_left(declarer)))
    try:
        return entry.contract(text, left)
    except ScoresheetError:
        try:
            meant = entry.contract(text, result.rules.contracts)
        except ScoresheetError:
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
    from scoresheet.games.barbu.ledger import resolve_bets

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


@dataclass(frozen=True)
class ResultQuestion:
    """One thing to ask about a deal's result.

    ``key`` is the result key the answer fills (or :data:`FORM`); with ``per_player``
    the question is asked once per player and ``parse`` reads one player's answer.
    An answer that ``parse`` reads as ``None`` (an optional one skipped) leaves the key out.
    """

    key: str
    prompt: str
    parse: Callable[[str], Any]
    per_player: bool = False
    choices: tuple[str, ...] = ()
    counts: tuple[str, ...] = ()  # one number each for these, adding up to total
    total: int | None = None
    separator: str = " "  # between the numbers of counts


def _parts(rules: BarbuRules, contract: str) -> tuple[str, ...]:
    return rules.salad_parts if contract == "salad" else (contract,)


def _counts_question(key: str, what: str, total: int, players: Sequence[str]) -> ResultQuestion:
    def parse(text: str) -> dict[str, int]:
        return entry.counts(text, players, field=key)

    prompt = (
        f"{what} taken ({total} in all): {players[0]}=2,{players[-1]}=1,… "
        f"or one number each for {' '.join(players)}"
    )
    return ResultQuestion(key, prompt, parse, counts=tuple(players), total=total)


def _taker_question(key: str, prompt: str, players: Sequence[str]) -> ResultQuestion:
    def parse(text: str) -> str:
        return entry.player(text, players, field=key)

    return ResultQuestion(key, prompt, parse, choices=tuple(players))


def _choice(words: Sequence[str], *, field: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        t = text.strip().casefold()
        found = [w for w in words if t and w.startswith(t)]
        if len(found) != 1:
            raise ScoresheetError(
                f"{field}: answer {' or '.join(words)}, not {entry.quote(text.strip())}"
            )
        return found[0]

    return parse


def _trump(text: str) -> str | None:
    if text.strip().casefold() in entry.NONE_WORDS:
        return None
    return entry.suit(text, field="trump")


def _start(text: str) -> str | None:
    t = text.strip().upper()
    if t.casefold() in entry.NONE_WORDS:
        return None
    return t


def _order(players: Sequence[str]) -> Callable[[str], list[str]]:
    def parse(text: str) -> list[str]:
        order = entry.player_list(text, players, field="order")
        if len(order) == len(players) - 1 and len(set(order)) == len(order):
            order += [p for p in players if p not in order]  # the last one out goes without saying
        return order

    return parse


def _hand(text: str) -> dict[str, str]:
    from scoresheet.games.barbu.poker import parse_hand

    rows = entry.hand_rows(text, field="hand")
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
    out: list[ResultQuestion] = []
    seen: set[str] = set()

    def add(q: ResultQuestion) -> None:
        if q.key not in seen:
            seen.add(q.key)
            out.append(q)

    v = rules.values
    for part in _parts(rules, contract):
        if part in ("no-tricks", "trumps"):
            if part == "trumps":
                add(
                    ResultQuestion(
                        "trump",
                        "Trump suit (spades, hearts, diamonds, clubs; Enter to skip)",
                        _trump,
                    )
                )
            add(_counts_question("tricks", "Tricks", rules.tricks_per_deal, players))
        elif part == "no-hearts":
            add(_counts_question("hearts", "Hearts", rules.count_in_deck(suit="H"), players))
            if v.no_hearts is not None and v.no_hearts.ace_extra:
                add(_taker_question("ace_of_hearts", "Who took the A♥?", players))
        elif part == "no-queens":
            add(_counts_question("queens", "Queens", rules.count_in_deck(rank=12), players))
        elif part == "no-king":
            add(_taker_question("king_of_hearts", "Who took the K♥?", players))
        elif part == "no-last-two":
            add(_taker_question("second_last", "Who took the second-to-last trick?", players))
            add(_taker_question("last", "Who took the last trick?", players))
        elif part == "no-last-trick":
            add(_taker_question("last", "Who took the last trick?", players))
        elif part == "dominoes":
            add(
                ResultQuestion(
                    "order",
                    f"Going-out order, first out first ({', '.join(players)} in some order)",
                    _order(players),
                )
            )
            add(
                ResultQuestion(
                    "start",
                    "Starting rank (A K Q J T 9 …; Enter to skip)",
                    _start,
                )
            )
        elif part == "ravage-city":
            add(
                ResultQuestion(
                    FORM,
                    "Ravage City: give each player's cards per suit, or who took the most? "
                    "(cards/most)",
                    _choice(("cards", "most"), field="ravage-city"),
                    choices=("cards", "most"),
                )
            )
            if answers.get(FORM) == "cards":
                add(
                    ResultQuestion(
                        "cards",
                        "{player}'s cards taken, ♠/♥/♦/♣ (3/4/2/3, or s3 h4 d2 c3)",
                        lambda text: entry.suit_counts(text, field="cards"),
                        per_player=True,
                        counts=("♠", "♥", "♦", "♣"),
                        separator="/",
                    )
                )
            elif answers.get(FORM) == "most":
                add(
                    ResultQuestion(
                        "most",
                        "Who took the most cards of one suit (all of them if tied)?",
                        lambda text: entry.player_list(text, players, field="most"),
                    )
                )
        elif part == "chinese-poker":
            poker = v.chinese_poker
            needs_hands = poker is not None and bool(poker.scoop or poker.royalties)
            if not needs_hands:
                add(
                    ResultQuestion(
                        FORM,
                        "Chinese Poker: give each player's beats per row, or their hands? "
                        "(beats/hands)",
                        _choice(("beats", "hands"), field="chinese-poker"),
                        choices=("beats", "hands"),
                    )
                )
            form = "hands" if needs_hands else answers.get(FORM)
            if form == "beats":
                add(
                    ResultQuestion(
                        "beats",
                        "{player}'s beats, front/middle/back (2/1/3)",
                        lambda text: entry.row_counts(text, field="beats"),
                        per_player=True,
                        counts=("front", "middle", "back"),
                        separator="/",
                    )
                )
            elif form == "hands":
                add(
                    ResultQuestion(
                        "hands",
                        "{player}'s hand, front | middle | back (AS AH 2C | KS KH KD 3C 3D | …)",
                        _hand,
                        per_player=True,
                    )
                )
        else:  # the rules refuse contracts the scoring does not know
            raise ScoresheetError(f"{part}: no questions for this contract")
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
    from scoresheet.games.barbu.contracts import base_scores

    result = result_of(answers)
    try:
        base_scores(ctx.rules, ctx.contract, cast("Any", result), ctx.players, ctx.where)
    except ScoresheetError as error:
        if next_question(ctx.rules, ctx.contract, ctx.players, answers) is None:
            raise
        message = str(error)
        missing = _MISSING.search(message)
        if missing and missing.group(1) not in answers:
            return
        if "result needs either" in message:
            return
        raise


def rewind(answers: Mapping[str, Any], error: ScoresheetError) -> dict[str, Any]:
    """The answers to keep after ``error``: those before the first one the error names.

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
HELP_RESULT = {
    "tricks": "Tricks each player took: Ann=2,Cat=1,… (players left out took none) or "
    "one number per player in seating order. They add up to the tricks of a deal.",
    "hearts": "Hearts each player took, as for tricks; they add up to the hearts in the deck.",
    "queens": "Queens each player took, as for tricks; they add up to the queens in the deck.",
    "ace_of_hearts": "Who took the A♥: that player must have taken at least one heart.",
    "king_of_hearts": "Who took the K♥.",
    "second_last": "Who took the second-to-last trick (may be the same as the last).",
    "last": "Who took the last trick.",
    "trump": "The trump suit the declarer named (spades, hearts, s, ♥, or a unique start); "
    "Enter if it was not noted.",
    "order": "The going-out order, first out first, every player once; the last one may "
    "be left out.",
    "start": "The starting rank the declarer named (A K Q J T 9 …); Enter to skip.",
    "cards": "The cards this player took, per suit ♠/♥/♦/♣: 3/4/2/3 or s3 h4 d2 c3. Each "
    "suit adds up to the cards of that suit, and a player's cards are whole tricks. The "
    "last player's cards are the rest: not asked.",
    "most": "The players who took the most cards of one suit (all of them if tied).",
    "beats": "How many opponents this player beat in each row: front/middle/back.",
    "hands": "This player's three rows of cards: front | middle | back.",
}


HELP_FORM: dict[tuple[str, ...], str] = {
    ("cards", "most"): "Ravage City: the player who took the most cards of any one suit "
    "scores the penalty, split if tied. Give each player's cards per suit, or just who "
    "took the most cards of one suit (all of them if tied).",
    ("beats", "hands"): "Chinese Poker: each player sorts their 13 cards into a back hand "
    "(5 cards), a middle hand (5) and a front hand (3); each row is compared with the same "
    "row of every other player, and each row beaten is a beat. Give each player's beats "
    "per row, or their hands to have the rows compared.",
}


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
                out.append(entry.declaration(p, double=target))
        for p in ctx.order:
            target = answers.get(_redouble_key(p))
            if target is not None:
                out.append(entry.declaration(p, redouble=target))
        return out

    def _double_question(self, ctx: DealContext, so_far: list[dict[str, Any]], p: str) -> Question:
        bets = bets_of(ctx, so_far)
        choices = double_choices(ctx, bets, p)
        note = f" — must double {ctx.declarer}" if p in self.must else ""

        def parse(text: str) -> Any:
            target = entry.double_targets(text, ctx.players, by=p)
            if target is None or target == []:
                return None
            bets_of(ctx, [*so_far, entry.declaration(p, double=target)])
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
            target = entry.redouble_targets(text, ctx.players, by=p)
            if target is None or target == []:
                return None
            bets_of(ctx, [*so_far, entry.declaration(p, redouble=target)])
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
                so_far.append(entry.declaration(p, double=answers[_double_key(p)]))
        if ctx.rules.doubling.redoubles:
            for p in ctx.order:
                received = redouble_candidates(bets_of(ctx, so_far), p)
                if not received:
                    continue
                if _redouble_key(p) not in answers:
                    return self._redouble_question(ctx, so_far, p, received)
                if answers[_redouble_key(p)] is not None:
                    so_far.append(entry.declaration(p, redouble=answers[_redouble_key(p)]))
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
                q.key, q.prompt, q.parse, q.choices, about, counts=q.counts, total=q.total
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
        from scoresheet.cards import parse_cards

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


PER_PLAYER = ("cards", "beats", "hands")
SUIT_LETTERS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


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
        return f"{key}: {value}"

    return said


def deal_questions(result: GameScore) -> DealQuestions | None:
    """The next deal's questions (``None`` when the game is complete), as ``play`` asks them."""
    from scoresheet.views.text import owed_text_lines

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


def play_game(path: Path) -> int:
    """Guided entry at the table (``scoresheet play``); the exit code."""
    # Temporary: Barbu's terminal walk still lives in the command module, which imports
    # this one; it moves here.
    from scoresheet.cli.play import play_game as walk

    return walk(path)
