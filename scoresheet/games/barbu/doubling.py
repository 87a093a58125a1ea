"""The doubling of a Barbu deal as ``play`` and the phone form ask it (no prompting
here): the contract a declarer means, who may double whom, the bets the declarations
make, and the rules' words shown on ``?``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from scoresheet import entry
from scoresheet.errors import ScoresheetError
from scoresheet.games.barbu.entry import TwoReadings, contract_meant
from scoresheet.games.barbu.ledger import resolve_bets
from scoresheet.games.barbu.rules import contract_word, contract_words
from scoresheet.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import Declaration
    from scoresheet.games.barbu.questions import DealContext
    from scoresheet.games.barbu.score import GameScore


def contract_answer(text: str, result: GameScore, declarer: str) -> str:
    """The contract meant by ``text``, among those ``declarer`` has left."""
    left = list(dict.fromkeys(result.contracts_left(declarer)))
    every = result.rules.contracts
    try:
        return contract_meant(text, left, every)
    except ScoresheetError as among_left:
        try:
            meant = contract_meant(text, every, every)
        except ScoresheetError:
            if isinstance(among_left, TwoReadings):  # two of the contracts left: name both
                raise ScoresheetError(
                    _("{typed} could be {contracts}").format(
                        typed=entry.quote(among_left.text),
                        contracts=entry.either([contract_word(c) for c in among_left.readings]),
                    )
                ) from None
            raise ScoresheetError(
                _("{typed} is not a contract {declarer} has left ({left})").format(
                    typed=entry.quote(text), declarer=declarer, left=contract_words(left)
                )
            ) from None
        raise ScoresheetError(
            _("{declarer} has already declared {contract} (left: {left})").format(
                declarer=declarer, contract=contract_word(meant), left=contract_words(left)
            )
        ) from None


def answer_word(word: str) -> str:
    """An answer word as a prompt offers it: its first word in the language in force."""
    return pgettext("answer", word).split("|")[0].strip()


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

HELP_CONTRACT = N_(
    "The declarer chooses one of their contracts not played yet; each declarer plays "
    "every contract once. Type its name or a unique start of it (queens, k, last two)."
)
HELP_DOUBLE = N_(
    "Each player has one chance to double, in turn from the dealer's left. Name one or "
    "more players (Ann, Dan — or their initials), or: maximum (also max, x, table): "
    "double every other player — from a player already doubled it also redoubles every "
    "double received; family (also flanks): double the two "
    "other non-declarers; none (also no, -, Enter). In a positive contract a "
    "non-declarer may double only the declarer; the declarer may not double, only "
    "redouble. If a player's name could also be read as one of these words, type "
    "{mark} before the word ({mark}maximum)."
)
HELP_REDOUBLE = N_(
    "A player who has been doubled may redouble the players who doubled them: a "
    "redoubled bet counts twice. Name them, or all (every double received), or none "
    "(Enter). Type {mark}all if a player's name starts with all."
)


def rules_words(text: str) -> str:
    """One of the rules' texts above, in the language in force."""
    return _(text).format(mark=entry.KEYWORD_MARK)
