"""Reading what a player types at the table into parts of a deal.

Shared by ``scoresheet add`` (flags) and ``scoresheet play`` (prompts), so the same
answer means the same thing in both. Players may be named in full or by any prefix
that is theirs alone ("A" for Ann), in any case.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoresheet.errors import ScoresheetError, shorten
from scoresheet.limits import MAX_DIGITS

DOUBLE_WORDS = {
    "maximum": "maximum",
    "max": "maximum",
    "table": "table",
    "x": "maximum",
    "family": "family",
    "flanks": "flanks",
}
NONE_WORDS = {"", "none", "no", "-", "pass", "nobody"}
SUITS = {
    "s": "spades",
    "h": "hearts",
    "d": "diamonds",
    "c": "clubs",
    "♠": "spades",
    "♥": "hearts",
    "♦": "diamonds",
    "♣": "clubs",
}
SUIT_ORDER = ("spades", "hearts", "diamonds", "clubs")
ROWS = ("front", "middle", "back")


def player(text: str, players: Sequence[str], *, field: str = "player") -> str:
    """The player a name or a unique prefix of a name means.

    >>> player("an", ["Ann", "Bob", "Barbara"])
    'Ann'
    >>> player("B", ["Ann", "Bob", "Barbara"])
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: player: "B" could be Bob or Barbara
    """
    t = text.strip()
    if t in players:
        return t
    folded = t.casefold()
    exact = [p for p in players if p.casefold() == folded]
    if len(exact) == 1:
        return exact[0]
    matches = [p for p in players if p.casefold().startswith(folded)] if folded else []
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ScoresheetError(f'{field}: "{t}" could be {" or ".join(matches)}')
    raise ScoresheetError(f'{field}: "{t}" is not a player ({", ".join(players)})')


def player_list(text: str, players: Sequence[str], *, field: str = "players") -> list[str]:
    """Players separated by commas or spaces: ``"Ann,Cat"``, ``"A C"``."""
    parts = [p for p in text.replace(",", " ").split() if p]
    return [player(p, players, field=field) for p in parts]


def counts(text: str, players: Sequence[str], *, field: str) -> dict[str, int]:
    """``"Ann=2,Cat=1,Dan=1"`` → ``{"Ann": 2, "Cat": 1, "Dan": 1}`` (others take 0).

    Also accepts the counts in seating order: ``"2 0 1 1"``.

    >>> counts("a=2, c=1,d=1", ["Ann", "Bob", "Cat", "Dan"], field="queens")
    {'Ann': 2, 'Cat': 1, 'Dan': 1}
    >>> counts("2 0 1 1", ["Ann", "Bob", "Cat", "Dan"], field="queens")
    {'Ann': 2, 'Bob': 0, 'Cat': 1, 'Dan': 1}
    """
    t = text.strip()
    if "=" not in t:
        numbers = t.replace(",", " ").split()
        if len(numbers) != len(players):
            raise ScoresheetError(
                f"{field}: give one number per player in seating order "
                f"({', '.join(players)}), or name=number pairs"
            )
        return {p: _count(n, field) for p, n in zip(players, numbers, strict=True)}
    out: dict[str, int] = {}
    for item in (i for i in t.split(",") if i.strip()):
        if "=" not in item:
            raise ScoresheetError(f'{field}: "{item.strip()}" is not name=number')
        name, _, number = item.partition("=")
        who = player(name, players, field=field)
        if who in out:
            raise ScoresheetError(f"{field}: {who} is given twice")
        out[who] = _count(number, field)
    return out


def _count(text: str, field: str) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()):
        raise ScoresheetError(f'{field}: "{shorten(t)}" is not a whole number ≥ 0')
    if len(t) > MAX_DIGITS:
        raise ScoresheetError(f"{field}: a number of {len(t)} digits is far too large")
    return int(t)


def double_targets(text: str, players: Sequence[str], *, by: str) -> list[str] | str | None:
    """A doubling answer: names or initials, ``maximum``/``table``, ``family``/``flanks``.

    ``None`` means the player did not double.

    >>> double_targets("max", ["Ann", "Bob"], by="Bob")
    'maximum'
    >>> double_targets("a, d", ["Ann", "Bob", "Cat", "Dan"], by="Bob")
    ['Ann', 'Dan']
    """
    t = text.strip().casefold()
    if t in NONE_WORDS:
        return None
    if t in DOUBLE_WORDS:
        return DOUBLE_WORDS[t]
    return player_list(text, players, field=f"{by}'s double")


def redouble_targets(text: str, players: Sequence[str], *, by: str) -> list[str] | str | None:
    """A redoubling answer: names or initials, or ``all``; ``None`` for none."""
    t = text.strip().casefold()
    if t in NONE_WORDS:
        return None
    if t == "all":
        return "all"
    return player_list(text, players, field=f"{by}'s redouble")


def declaration(by: str, double: Any = None, redouble: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"by": by}
    if double is not None:
        out["double"] = double
    if redouble is not None:
        out["redouble"] = redouble
    return out


def assignment(text: str, players: Sequence[str], *, field: str) -> tuple[str, str]:
    """``"Bob=maximum"`` → ``("Bob", "maximum")``."""
    if "=" not in text:
        raise ScoresheetError(f'{field}: "{text}" is not PLAYER=WHAT (e.g. Bob=maximum)')
    name, _, what = text.partition("=")
    return player(name, players, field=field), what


def suit_counts(text: str, *, field: str) -> dict[str, int]:
    """A player's captured cards per suit: ``"3/4/2/3"`` (♠/♥/♦/♣) or ``"s3 h4 d2 c3"``."""
    t = text.strip()
    if "/" in t:
        parts = t.split("/")
        if len(parts) != 4:
            raise ScoresheetError(f"{field}: give 4 numbers, spades/hearts/diamonds/clubs")
        return {s: _count(n, field) for s, n in zip(SUIT_ORDER, parts, strict=True)}
    out = dict.fromkeys(SUIT_ORDER, 0)
    for item in t.replace(",", " ").split():
        suit = SUITS.get(item[0].casefold())
        if suit is None:
            raise ScoresheetError(f'{field}: "{item}" is not a suit and count (e.g. s3 h4)')
        out[suit] = _count(item[1:], field)
    return out


def row_counts(text: str, *, field: str) -> dict[str, int]:
    """Beats per row: ``"2/1/3"`` (front/middle/back)."""
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise ScoresheetError(f"{field}: give 3 numbers, front/middle/back (e.g. 2/1/3)")
    return {r: _count(n, field) for r, n in zip(ROWS, parts, strict=True)}


def hand_rows(text: str, *, field: str) -> dict[str, str]:
    """A Chinese Poker hand: ``"AS AH 2C | KS KH KD 3C 3D | ..."`` (front | middle | back)."""
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 3:
        raise ScoresheetError(f"{field}: give the three rows separated by |: front | middle | back")
    return dict(zip(ROWS, parts, strict=True))


def contract(text: str, contracts: Sequence[str]) -> str:
    """The contract a player means: its id, or a unique start of it, with or without "no-".

    >>> contract("queens", ["no-tricks", "no-queens", "trumps"])
    'no-queens'
    >>> contract("t", ["no-tricks", "no-queens", "trumps"])
    'trumps'
    """
    t = text.strip().casefold().replace(" ", "-").replace("_", "-")
    if t in contracts:
        return t
    for candidates in (
        [c for c in contracts if c.removeprefix("no-") == t],
        [c for c in contracts if c.startswith(t)],
        [c for c in contracts if c.removeprefix("no-").startswith(t)],
    ):
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            raise ScoresheetError(f'contract: "{text}" could be {" or ".join(candidates)}')
    raise ScoresheetError(f'contract: "{text}" is not one of {", ".join(contracts)}')


def order_declarations(
    declarations: list[dict[str, Any]], speaking_order: Sequence[str]
) -> list[dict[str, Any]]:
    """Doubles in table order (as they were spoken), then the redoubles as given."""
    doubles = [d for d in declarations if "double" in d]
    doubles.sort(key=lambda d: speaking_order.index(d["by"]))
    return doubles + [d for d in declarations if "double" not in d]


def deal_from_answers(
    players: Sequence[str],
    contract_id: str,
    *,
    speaking_order: Sequence[str],
    declarer: str | None = None,
    doubles: Sequence[str] = (),
    redoubles: Sequence[str] = (),
    counts_given: dict[str, str | None] | None = None,
    takers: dict[str, str | None] | None = None,
    order: str | None = None,
    start: str | None = None,
    trump: str | None = None,
    cards: Sequence[str] = (),
    most: str | None = None,
    beats: Sequence[str] = (),
    hands: Sequence[str] = (),
) -> dict[str, Any]:
    """A deal object (as in the spec) from the short forms typed at the table.

    ``counts_given`` maps a result key (``tricks``, ``hearts``, ``queens``) to text such
    as ``"Ann=2,Cat=1,Dan=1"``; ``takers`` maps ``ace_of_hearts``, ``king_of_hearts``,
    ``second_last``, ``last`` to a player.
    """
    deal: dict[str, Any] = {"contract": contract_id}
    if declarer is not None:
        deal["declarer"] = player(declarer, players, field="--declarer")
    declarations: list[dict[str, Any]] = []
    for text in doubles:
        by, what = assignment(text, players, field="--double")
        target = double_targets(what, players, by=by)
        declarations.append(declaration(by, double=target if target is not None else []))
    for text in redoubles:
        by, what = assignment(text, players, field="--redouble")
        target = redouble_targets(what, players, by=by)
        if target is not None:
            declarations.append(declaration(by, redouble=target))
    declarations = [d for d in declarations if d.get("double") != [] or "redouble" in d]
    if declarations:
        deal["doubles"] = order_declarations(declarations, speaking_order)
    result: dict[str, Any] = {}
    for key, typed in (counts_given or {}).items():
        if typed is not None:
            result[key] = counts(typed, players, field=key)
    for key, who in (takers or {}).items():
        if who is not None:
            result[key] = player(who, players, field=key)
    if order is not None:
        result["order"] = player_list(order, players, field="order")
    if start is not None:
        result["start"] = start.strip().upper()
    if trump is not None:
        suit = SUITS.get(trump.strip()[:1].casefold(), trump.strip().casefold())
        result["trump"] = suit
    if cards:
        table: dict[str, dict[str, int]] = {}
        for text in cards:
            who, what = assignment(text, players, field="--cards")
            table[who] = suit_counts(what, field=f"cards of {who}")
        result["cards"] = table
    if most is not None:
        result["most"] = player_list(most, players, field="most")
    if beats:
        rows: dict[str, dict[str, int]] = {}
        for text in beats:
            who, what = assignment(text, players, field="--beats")
            rows[who] = row_counts(what, field=f"beats of {who}")
        result["beats"] = rows
    if hands:
        given: dict[str, dict[str, str]] = {}
        for text in hands:
            who, what = assignment(text, players, field="--hand")
            given[who] = hand_rows(what, field=f"hand of {who}")
        result["hands"] = given
    if result:
        deal["result"] = result
    return deal
