"""``scoresheet play``: guided entry at the table, one deal after another.

The command asks, for each deal, the contract, each player's double in table order,
the redoubles, then the result in the shape the contract needs; it saves the deal
only when the whole deal is valid. What to ask next and whether the answers so far
hold together is decided by the functions in the first half of this module, which
take and return plain values; the prompts in the second half only read lines and
print.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from scoresheet import entry
from scoresheet.cli import prompting
from scoresheet.cli.prompting import Prompter
from scoresheet.errors import ScoresheetError

if TYPE_CHECKING:
    from scoresheet.games.barbu.score import GameScore, Owed
    from scoresheet.models import Declaration
    from scoresheet.rules.barbu import BarbuRules
    from scoresheet.session import OpenGame

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
                f'"{text}" is not a contract {declarer} has left ({", ".join(left)})'
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
class Question:
    """One thing to ask about a deal's result.

    ``key`` is the result key the answer fills (or :data:`FORM`); with ``per_player``
    the question is asked once per player and ``parse`` reads one player's answer.
    An answer that ``parse`` reads as ``None`` (an optional one skipped) leaves the key out.
    """

    key: str
    prompt: str
    parse: Callable[[str], Any]
    per_player: bool = False


def _parts(rules: BarbuRules, contract: str) -> tuple[str, ...]:
    return rules.salad_parts if contract == "salad" else (contract,)


def _counts_question(key: str, what: str, total: int, players: Sequence[str]) -> Question:
    def parse(text: str) -> dict[str, int]:
        return entry.counts(text, players, field=key)

    prompt = (
        f"{what} taken ({total} in all): {players[0]}=2,{players[-1]}=1,… "
        f"or one number each for {' '.join(players)}"
    )
    return Question(key, prompt, parse)


def _taker_question(key: str, prompt: str, players: Sequence[str]) -> Question:
    def parse(text: str) -> str:
        return entry.player(text, players, field=key)

    return Question(key, prompt, parse)


def _choice(words: Sequence[str], *, field: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        t = text.strip().casefold()
        found = [w for w in words if t and w.startswith(t)]
        if len(found) != 1:
            raise ScoresheetError(f'{field}: answer {" or ".join(words)}, not "{text.strip()}"')
        return found[0]

    return parse


def _trump(text: str) -> str | None:
    t = text.strip().casefold()
    if t in entry.NONE_WORDS:
        return None
    for suit in entry.SUIT_ORDER:
        if t in (suit, suit[:-1]) or entry.SUITS.get(t) == suit:
            return suit
    raise ScoresheetError(f'trump: "{text.strip()}" is not a suit (spades, hearts, s, h, ♠, …)')


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
) -> Question | None:
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
) -> list[Question]:
    out: list[Question] = []
    seen: set[str] = set()

    def add(q: Question) -> None:
        if q.key not in seen:
            seen.add(q.key)
            out.append(q)

    v = rules.values
    for part in _parts(rules, contract):
        if part in ("no-tricks", "trumps"):
            if part == "trumps":
                add(
                    Question(
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
                Question(
                    "order",
                    f"Going-out order, first out first ({', '.join(players)} in some order)",
                    _order(players),
                )
            )
            add(
                Question(
                    "start",
                    "Starting rank (A K Q J T 9 …; Enter to skip)",
                    _start,
                )
            )
        elif part == "ravage-city":
            add(
                Question(
                    FORM,
                    "Ravage City: give each player's cards per suit, or who took the most? "
                    "(cards/most)",
                    _choice(("cards", "most"), field="ravage-city"),
                )
            )
            if answers.get(FORM) == "cards":
                add(
                    Question(
                        "cards",
                        "{player}'s cards taken, ♠/♥/♦/♣ (3/4/2/3, or s3 h4 d2 c3)",
                        lambda text: entry.suit_counts(text, field="cards"),
                        per_player=True,
                    )
                )
            elif answers.get(FORM) == "most":
                add(
                    Question(
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
                    Question(
                        FORM,
                        "Chinese Poker: give each player's beats per row, or their hands? "
                        "(beats/hands)",
                        _choice(("beats", "hands"), field="chinese-poker"),
                    )
                )
            form = "hands" if needs_hands else answers.get(FORM)
            if form == "beats":
                add(
                    Question(
                        "beats",
                        "{player}'s beats, front/middle/back (2/1/3)",
                        lambda text: entry.row_counts(text, field="beats"),
                        per_player=True,
                    )
                )
            elif form == "hands":
                add(
                    Question(
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


def check_deal(game: OpenGame, deal: Mapping[str, Any]) -> GameScore:
    """Score the game with ``deal`` added (nothing is saved); raises if it is refused."""
    return cast("GameScore", prompting.check_deal(game, dict(deal)))


def owed_lines(owed: Sequence[Owed]) -> list[str]:
    """The doubles owed, most urgent first; the ones that must be made now marked ``!``."""
    from scoresheet.views.text import owed_text_lines

    ordered = sorted(owed, key=lambda o: (not o.must, o.remaining - o.owed))
    return [f"  {'!' if o.must else '-'} {owed_text_lines([o])}" for o in ordered]


# -- the prompts ---------------------------------------------------------------------------


def _ask_doubles(io: Prompter, ctx: DealContext, owed: Sequence[Owed]) -> list[dict[str, Any]]:
    must = {o.doubler for o in owed if o.must and o.declarer == ctx.declarer}
    declarations: list[dict[str, Any]] = []
    bets: dict[tuple[str, str], int] = {}
    for p in ctx.order:
        choices = ", ".join(double_choices(ctx, bets, p))
        if p == ctx.declarer:  # "maximum" redoubles every double received
            prompt = f"{p} (declarer, may only redouble) ({choices})"
        else:
            note = f" — must double {ctx.declarer}" if p in must else ""
            prompt = f"{p} doubles whom?{note} ({choices})"
        while True:
            text = io.line(prompt)
            try:
                target = entry.double_targets(text, ctx.players, by=p)
                if target is None or target == []:
                    break
                trial = [*declarations, entry.declaration(p, double=target)]
                bets = bets_of(ctx, trial)
            except ScoresheetError as error:
                io.refuse(error)
                continue
            declarations = trial
            break
    if not ctx.rules.doubling.redoubles:
        return declarations
    for p in ctx.order:
        received = redouble_candidates(bets, p)
        if not received:
            continue
        prompt = f"{p}, redouble whom? ({', '.join([*received, 'all', 'none'])})"
        while True:
            text = io.line(prompt)
            try:
                target = entry.redouble_targets(text, ctx.players, by=p)
                if target is None or target == []:
                    break
                trial = [*declarations, entry.declaration(p, redouble=target)]
                bets = bets_of(ctx, trial)
            except ScoresheetError as error:
                io.refuse(error)
                continue
            declarations = trial
            break
    return declarations


def _ask_result(io: Prompter, ctx: DealContext) -> dict[str, Any]:
    answers: dict[str, Any] = {}
    while (q := next_question(ctx.rules, ctx.contract, ctx.players, answers)) is not None:
        if q.per_player:
            value: Any = {p: io.ask(q.prompt.replace("{player}", p), q.parse) for p in ctx.players}
        else:
            value = io.ask(q.prompt, q.parse)
        trial = {**answers, q.key: value}
        try:
            check_answers(ctx, trial)
        except ScoresheetError as error:
            io.refuse(error)
            answers = rewind(trial, error)
            continue
        answers = trial
    return result_of(answers)


def _header(io: Prompter, result: GameScore, declarer: str, dealer: str) -> None:
    number = len(result.deals) + 1
    who = declarer if dealer == declarer else f"{declarer} (dealer: {dealer})"
    io.say()
    io.say(f"Deal {number} of {result.rules.deals_per_game}: {who} declares")
    io.say(f"{declarer}'s contracts left: {', '.join(result.contracts_left(declarer))}")
    owed = [o for o in result.owed() if o.declarer == declarer]
    if owed:
        io.say(f"Doubles owed to {declarer}:")
        for line in owed_lines(owed):
            io.say(line)


def _enter_deal(io: Prompter, game: OpenGame) -> dict[str, Any]:
    """Ask one whole deal; returns a deal that scores (checked against the whole game)."""
    result = game.result
    declarer, dealer = result.next_declarer, result.next_dealer
    assert declarer is not None and dealer is not None
    _header(io, result, declarer, dealer)
    while True:
        contract = io.ask("Contract", lambda text: contract_answer(text, result, declarer))
        ctx = DealContext(
            len(result.deals) + 1, result.rules, result.players, declarer, dealer, contract
        )
        declarations = _ask_doubles(io, ctx, result.owed())
        if is_split(ctx, bets_of(ctx, declarations)):
            total = ctx.rules.max_total(contract)
            io.say(
                f"Nobody doubled: under these rules the deal is not played; "
                f"its total ({total:+d}) is split, so there is no result to enter."
            )
            res = None
        else:
            res = _ask_result(io, ctx)
        deal = deal_object(ctx, declarations, res)
        try:
            check_deal(game, deal)
        except ScoresheetError as error:
            io.refuse(error)
            io.say(f"Deal {ctx.number} again, from the contract.")
            continue
        return deal


def play_game(path: Path) -> int:
    """Enter deals until the game is complete or the player stops; the exit code."""
    from scoresheet.cli.table import _deal_line
    from scoresheet.games.barbu.game import after_deal_text
    from scoresheet.views.text import standings

    def intro(game: OpenGame) -> list[str]:
        result = game.result
        lines = [
            f"{path.name}: Barbu, rules {result.rules.name} — {len(result.deals)} of "
            f"{result.rules.deals_per_game} deals played. "
            "Type q to stop; a deal is saved once it is complete."
        ]
        return lines + (["the game is complete"] if result.complete else [])

    return prompting.run_deals(
        path,
        Prompter(),
        intro=intro,
        enter_deal=_enter_deal,
        report=lambda scored, number: [_deal_line(scored, number), after_deal_text(scored)],
        closing=lambda game: ["", "Standings", standings(game.result)],
    )
