"""Reading what a player types into a Belote deal: ``add``/``edit``'s ``--set KEY=VALUE``
flags and ``play``'s answers mean the same thing.

``--set`` keys (the positional word of ``add`` is the contract: ``hearts``, ``h``, ``♥``,
``no-trumps``/``nt``, ``all-trumps``/``at``, or any unique start of a contract's name):

- ``taker=PLAYER`` (required): who took the contract; their team is the taking team.
- ``points=62,90``: each team's card points, team 0 first; or
- ``cards=0:JH 9H AS …;1:…``: the cards each team captured (``0:`` and ``1:`` name the
  team; give one team only and the other took the rest); also ``cards0=…``, ``cards1=…``.
- ``last_trick=TEAM``, ``belote=TEAM``, ``capot=TEAM``: a team is ``0`` or ``1``, its
  initials as the sheet prints them (``AC``), or any of its players (by name or a unique
  start of it); ``none`` for nobody. ``:0``/``:1`` always mean the team; a player named
  ``0`` or ``1`` in the other team is refused, naming both readings. ``last_trick``
  may be left out on a capot; a capot is found from the cards when they are given.
- ``decl=TEAM:KIND:RANK`` (repeatable; also ``declarations=…,…``): a declaration, e.g.
  ``decl=1:tierce:K``, ``decl=0:carre:J``, ``decl=:1:tierce:K``. KIND: ``tierce``,
  ``cinquante`` (``50``), ``cent`` (``100``), ``carre``.
- ``dealer=PLAYER``: who dealt, when hands were thrown in before this deal: the
  rotation goes on from them (see :func:`scoresheet.partnership.rules.dealers`).

>>> from scoresheet.partnership.score import GameScore
>>> from scoresheet.rules import load_preset
>>> empty = GameScore(("Ann", "Bob", "Cat", "Dan"), load_preset("belote"),
...                   (("Ann", "Cat"), ("Bob", "Dan")), (), (0, 0), None, None, 0)
>>> deal_from_flags(empty, 1, "h", {"set": ["taker=B", "points=62,90", "last_trick=1",
...                                          "belote=Dan"]})
{'contract': 'hearts', 'taker': 'Bob', 'result': {'points': [62, 90], 'last_trick': 1, 'belote': 1}}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoresheet import entry as common
from scoresheet.cards import parse_cards
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.limits import MAX_DIGITS
from scoresheet.partnership.rules import (
    CONTRACTS,
    DECK,
    KINDS,
    contract_word,
    kind_word,
    parse_rank,
)
from scoresheet.partnership.score import Teams, deal_where, read_cards
from scoresheet.views.common import initials

if TYPE_CHECKING:
    from scoresheet.partnership.score import GameScore

KEYS = (
    "taker",
    "points",
    "cards",
    "cards0",
    "cards1",
    "last_trick",
    "belote",
    "capot",
    "decl",
    "dealer",
)
ALIASES = {"last": "last_trick", "declaration": "decl", "declarations": "decl"}
REPEATABLE = frozenset({"decl"})
CONTRACT_ALIASES = {
    "nt": "no-trumps",
    "sa": "no-trumps",
    "sans-atout": "no-trumps",
    "at": "all-trumps",
    "ta": "all-trumps",
    "tout-atout": "all-trumps",
    "pique": "spades",
    "coeur": "hearts",
    "cœur": "hearts",
    "carreau": "diamonds",
    "trefle": "clubs",
    "trèfle": "clubs",
}
KIND_ALIASES = {
    "20": "tierce",
    "50": "cinquante",
    "quarte": "cinquante",
    "100": "cent",
    "quinte": "cent",
    "carré": "carre",
    "square": "carre",
    "four": "carre",
}


def _word(text: str) -> str:
    """A typed word as compared with names: ASCII forms, no case, words joined by ``-``."""
    return "-".join(common.ascii_forms(text).strip().casefold().replace("_", " ").split())


def one_reading(
    text: str,
    field: str,
    names: Mapping[str, Sequence[str]],
    shown: Callable[[str], str] = str,
) -> str | None:
    """The value ``text`` names among ``names`` (each value's words: its id, its name in
    the language in force, any alias): a word exactly, else a unique start of one; two
    values either way are refused, naming both (as ``shown`` says them); ``None`` when
    none is meant.

    >>> one_reading("t", "contract", {"clubs": ["clubs", "trèfle"], "all-trumps": ["tout-atout"]})
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: contract: "t" could be clubs or all-trumps
    """
    t = _word(text)
    if not t:
        return None
    for found in (
        [v for v, words in names.items() if any(_word(w) == t for w in words)],
        [v for v, words in names.items() if any(_word(w).startswith(t) for w in words)],
    ):
        if len(found) == 1:
            return found[0]
        if found:
            said = [shown(v) for v in found]
            raise ScoresheetError(
                _("{field}: {typed} could be {values}").format(
                    field=field, typed=common.quote(text.strip()), values=common.either(said)
                )
            )
    return None


def contract_names(contracts: Sequence[str]) -> dict[str, list[str]]:
    """Each contract's words: its id and its name in the language in force."""
    return {c: [c, contract_word(c)] for c in contracts}


def read_contract(text: str, contracts: Sequence[str] = CONTRACTS) -> str:
    """The contract a word means: a name or unique start of one (its id, or its name in
    the language in force), a suit letter or symbol, ``nt``/``sa`` (No Trumps),
    ``at``/``ta`` (All Trumps).

    >>> read_contract("h"), read_contract("♠"), read_contract("NT"), read_contract("all")
    ('hearts', 'spades', 'no-trumps', 'all-trumps')

    A word that two contracts could be meant by is refused, naming both (in French,
    ``t`` is the start of *trèfle* and of *tout atout*).
    """
    t = _word(text)
    meant = CONTRACT_ALIASES.get(t) or common.SUITS.get(t.rstrip("\ufe0e\ufe0f"))
    if meant is None:
        meant = one_reading(text, "contract", contract_names(contracts), contract_word)
    if meant is None or meant not in contracts:
        raise ScoresheetError(
            _("contract: {typed} is not a contract of these rules ({contracts})").format(
                typed=common.quote(text.strip()),
                contracts=", ".join(contract_word(c) for c in contracts),
            )
        )
    return meant


TEAM_NUMBERS = {"0": 0, "1": 1}
"""The numbers a team is typed as (and written as in a deal)."""


def team_words(players: Sequence[str], teams: Teams) -> dict[str, int]:
    """The words naming a team: ``0``/``1``, its initials as the sheet prints them
    (``AC``), its name (``Ann & Cat``), ``team 0``/``team 1`` as the refusals say it, in
    English and in the language in force (``équipe 1``)."""

    tags = initials(players)
    words: dict[str, int] = dict(TEAM_NUMBERS)
    for k in (0, 1):
        words["".join(tags[p] for p in teams[k]).casefold()] = k
        words[" & ".join(teams[k]).casefold()] = k
        for said in (f"team {k}", _("team {number}").format(number=k)):
            words.setdefault(" ".join(common.ascii_forms(said).casefold().split()), k)
    return words


def team(text: str, players: Sequence[str], teams: Teams, *, field: str) -> int | None:
    """A team: ``0`` or ``1``, its initials as printed (``AC``), or one of its players by
    name or a unique start of it; ``None`` for nobody (``none``, ``-``, empty).

    >>> team("cat", ["Ann", "Bob", "Cat", "Dan"], (("Ann", "Cat"), ("Bob", "Dan")), field="x")
    0
    >>> team("BD", ["Ann", "Bob", "Cat", "Dan"], (("Ann", "Cat"), ("Bob", "Dan")), field="x")
    1

    A player's exact name means the player's team, except a player named like a team
    number (``1``) in the other team: that is refused, naming both readings (``:0`` and
    ``:1`` always mean the team of that number).

    >>> team("1", ["1", "0", "Ann", "Bob"], (("1", "Ann"), ("0", "Bob")), field="last_trick")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: last_trick: "1" could be player 1's team (0) or team 1; \
type :0 for player 1's team, :1 for team 1
    """
    t = common.typed(text)
    if t in players:
        mine = 0 if t in teams[0] else 1
        if t in TEAM_NUMBERS and TEAM_NUMBERS[t] != mine:
            number = TEAM_NUMBERS[t]
            raise ScoresheetError(
                _(
                    "{field}: {typed} could be player {name}'s team ({mine}) or team "
                    "{number}; type {mark}{mine} for player {name}'s team, "
                    "{mark}{number} for team {number}"
                ).format(
                    field=field,
                    typed=common.quote(t),
                    name=t,
                    mine=mine,
                    number=number,
                    mark=common.KEYWORD_MARK,
                )
            )
        return mine
    words: dict[str, int | None] = {**common.NONE_WORDS, **team_words(players, teams)}
    found = common.keyword(t, words)
    word: tuple[bool, int | None] | None = None if found is None else (found[0], found[1])
    if word is not None and (word[0] or not t):
        return word[1]
    could = common.player_matches(t, players)
    if word is None:
        if not could:
            raise ScoresheetError(
                _(
                    "{field}: {typed} is not a team (0 = {team0}, 1 = {team1}, or a player's name)"
                ).format(
                    field=field,
                    typed=common.quote(t),
                    team0=" & ".join(teams[0]),
                    team1=" & ".join(teams[1]),
                )
            )
        who = common.player(t, players, field=field)  # refused if it could be two players
        return 0 if who in teams[0] else 1
    by_player = {0 if p in teams[0] else 1 for p in could}
    if not could or by_player == {word[1]}:
        return word[1]
    what = _("nobody") if word[1] is None else _("team {number}").format(number=word[1])
    mates = common.either(
        [
            _("{name}'s team ({number})").format(name=p, number=0 if p in teams[0] else 1)
            for p in could
        ]
    )
    raise ScoresheetError(
        _(
            "{field}: {typed} could be {mates} or {what}; type the player's name "
            "in full, {mark}{word} for {what}"
        ).format(
            field=field,
            typed=common.quote(t),
            mates=mates,
            what=what,
            mark=common.KEYWORD_MARK,
            word=t,
        )
    )


def points(text: str, total: int | None = None) -> list[int]:
    """Each team's card points, team 0 first: ``62,90`` or ``62 90``. With ``total``, one
    number is team 0's points and the other team has the rest.

    >>> points("62, 90"), points("62", 152)
    ([62, 90], [62, 90])
    """
    parts = text.replace(",", " ").replace("/", " ").split()
    if not all(p.isascii() and p.isdigit() and len(p) <= MAX_DIGITS for p in parts) or not (
        len(parts) == 2 or (len(parts) == 1 and total is not None)
    ):
        if total is not None:
            said = _("points: {typed} is not two numbers, 62,90 (or team 0's alone)")
        else:
            said = _("points: {typed} is not two numbers, 62,90")
        raise ScoresheetError(said.format(typed=common.quote(text.strip())))
    numbers = [int(p) for p in parts]
    if len(numbers) == 1:
        assert total is not None
        if numbers[0] > total:
            raise ScoresheetError(
                _("points: {points} is more than the {total} of a deal").format(
                    points=numbers[0], total=total
                )
            )
        numbers.append(total - numbers[0])
    return numbers


def cards_of_one_team(text: str, team_index: int, where: str) -> list[str]:
    """Both teams' captured cards from one team's: the other team took the rest."""

    try:
        taken = parse_cards(text)
    except ScoresheetError as exc:
        raise ScoresheetError(_("{where}: {error}").format(where=where, error=exc)) from None
    mine = " ".join(str(c) for c in taken)
    rest = " ".join(str(c) for c in DECK if c not in set(taken))
    both = [mine, rest] if team_index == 0 else [rest, mine]
    read_cards(both, where)  # a card given twice, or not of the 32, is refused here
    return both


def declaration(text: str, players: Sequence[str], teams: Teams) -> dict[str, Any]:
    """``TEAM:KIND:RANK`` (``1:tierce:K``, ``Cat:carre:J``) → a declaration object. A
    ``:`` before the team (``:1:tierce:K``) marks it as a team word, as in :func:`team`.

    >>> declaration(":0:tierce:K", ["1", "0", "Ann", "Bob"], (("1", "Ann"), ("0", "Bob")))
    {'team': 0, 'kind': 'tierce', 'rank': 'K'}
    """
    mark = common.KEYWORD_MARK if text.strip().startswith(common.KEYWORD_MARK) else ""
    parts = [p for p in text.strip().removeprefix(mark).replace(":", " ").split() if p]
    if len(parts) != 3:
        raise ScoresheetError(
            _("decl: {typed} is not TEAM:KIND:RANK (e.g. 1:tierce:K)").format(
                typed=common.quote(text.strip())
            )
        )
    who = team(mark + parts[0], players, teams, field="decl")
    if who is None:
        raise ScoresheetError(
            _("decl: {typed} names no team").format(typed=common.quote(text.strip()))
        )
    return {"team": who, **declaration_for_team(f"{parts[1]} {parts[2]}")}


def declaration_for_team(text: str) -> dict[str, str]:
    """``tierce K``, ``carre J``, ``50 A`` → ``{"kind": …, "rank": …}``.

    >>> declaration_for_team("50 a")
    {'kind': 'cinquante', 'rank': 'A'}
    """
    parts = text.replace(":", " ").split()
    if len(parts) != 2:
        raise ScoresheetError(
            _("decl: {typed} is not KIND RANK (e.g. tierce K)").format(
                typed=common.quote(text.strip())
            )
        )
    kind = read_kind(parts[0])
    try:
        rank = parse_rank(parts[1])
    except ScoresheetError as exc:
        raise ScoresheetError(_("decl: {error}").format(error=exc)) from None
    return {"kind": kind, "rank": rank}


def read_kind(text: str) -> str:
    """A declaration's kind: its name (in English or the language in force), ``20``,
    ``50``, ``100``, ``quarte``, ``quinte``, ``carré``, or a unique start of a name. A
    start that a kind's name in the language in force shares with another kind is refused,
    naming both.

    >>> read_kind("50"), read_kind("ti"), read_kind("car")
    ('cinquante', 'tierce', 'carre')
    """
    word = _word(text)
    kind = KIND_ALIASES.get(word)
    if kind is None and word:
        names = {k: {_word(k), _word(kind_word(k))} for k in KINDS}
        found = [k for k in KINDS if word in names[k]] or [
            k for k in KINDS if any(n.startswith(word) for n in names[k])
        ]
        english = [k for k in KINDS if k == word] or [k for k in KINDS if k.startswith(word)]
        if len(found) == 1:
            kind = found[0]
        elif found != english:  # two kinds, one of them by its name in the language in force
            said = [kind_word(k) for k in found]
            raise ScoresheetError(
                _("{field}: {typed} could be {values}").format(
                    field="decl", typed=common.quote(text), values=common.either(said)
                )
            )
    if kind is None:
        raise ScoresheetError(
            _("decl: {typed} is not a declaration ({kinds})").format(
                typed=common.quote(text), kinds=", ".join(kind_word(k) for k in KINDS)
            )
        )
    return kind


def declarations_for_team(text: str, team_index: int) -> list[dict[str, Any]]:
    """``tierce K, carre J`` (or empty for none) → declaration objects of one team."""
    if common.is_none(text):
        return []
    return [
        {"team": team_index, **declaration_for_team(part)}
        for part in text.replace(";", ",").split(",")
        if part.strip()
    ]


def _sets(items: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for item in items:
        key, sep, value = item.partition("=")
        k = key.strip().casefold().replace("-", "_")
        k = ALIASES.get(k, k)
        if not sep or not k:
            raise ScoresheetError(
                _("--set: {typed} is not KEY=VALUE (e.g. taker=Bob)").format(
                    typed=common.quote(item)
                )
            )
        if k not in KEYS:
            raise ScoresheetError(
                _("--set: {typed} is not a Belote key ({keys})").format(
                    typed=common.quote(key.strip()), keys=", ".join(KEYS)
                )
            )
        if k in out and k not in REPEATABLE:
            raise ScoresheetError(_("--set: {key} is given twice").format(key=k))
        out.setdefault(k, []).append(value.strip())
    return out


def _cards(sets: dict[str, list[str]], where: str) -> list[str] | None:
    parts: dict[int, str] = {}
    for item in sets.get("cards", []):
        for chunk in item.split(";"):
            if not chunk.strip():
                continue
            label, sep, cards = chunk.partition(":")
            if not sep or label.strip() not in ("0", "1"):
                raise ScoresheetError(
                    _("cards: {typed} does not start with the team, 0: or 1: ({example})").format(
                        typed=common.quote(chunk.strip()), example="cards=0:JH 9H …;1:…"
                    )
                )
            parts[int(label.strip())] = cards
    for k in (0, 1):
        for cards in sets.get(f"cards{k}", []):
            if k in parts:
                raise ScoresheetError(
                    _("cards: team {number}'s cards are given twice").format(number=k)
                )
            parts[k] = cards
    if not parts:
        return None
    if len(parts) == 1:
        ((k, text),) = parts.items()
        return cards_of_one_team(text, k, where)
    return [parts[0], parts[1]]


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: Mapping[str, Any]
) -> dict[str, Any]:
    """A deal from ``add``/``edit``: the contract word and the ``--set`` items."""
    others = [k for k in flags if k != "set"]
    if others:
        raise ScoresheetError(
            _(
                "{flag} is a Barbu flag; a Belote deal takes the contract and --set KEY=VALUE "
                "({keys})"
            ).format(
                flag="--" + others[0].replace("_", "-"),
                keys="taker, points or cards, last_trick, belote, capot, decl",
            )
        )
    if contract is None:
        raise ScoresheetError(
            _(
                "give the contract ({contracts}, …) and --set {taker} …, "
                "or the whole deal with --deal"
            ).format(contracts="hearts, no-trumps, all-trumps", taker="taker=PLAYER")
        )
    players = list(result.players)
    teams = result.teams
    name = read_contract(contract, result.rules.contracts)
    where = deal_where(number, name)
    sets = _sets(flags.get("set") or [])
    if "taker" not in sets:
        raise ScoresheetError(
            _("{where}: --set {taker} is missing (who took the contract)").format(
                where=where, taker="taker=PLAYER"
            )
        )
    deal: dict[str, Any] = {
        "contract": name,
        "taker": common.player(sets["taker"][0], players, field="taker"),
    }
    if "dealer" in sets:
        deal["dealer"] = common.player(sets["dealer"][0], players, field="dealer")
    res: dict[str, Any] = {}
    cards = _cards(sets, where)
    if "points" in sets:
        res["points"] = points(sets["points"][0])
    if cards is not None:
        res["cards"] = cards
    for key in ("last_trick", "belote", "capot"):
        if key in sets:
            value = team(sets[key][0], players, teams, field=key)
            if value is not None:
                res[key] = value
    if cards is not None and "capot" not in sets:
        for k in (0, 1):
            if not cards[1 - k].split():
                res["capot"] = k  # one team took every card: all eight tricks
    decls: list[dict[str, Any]] = []
    for item in sets.get("decl", []):
        decls += [declaration(part, players, teams) for part in item.split(",") if part.strip()]
    if decls:
        res["declarations"] = decls
    deal["result"] = res
    return deal
