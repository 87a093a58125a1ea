"""Reading what a player types into a Caribbean All Fours deal (``add``/``edit --set``
and ``play`` share these readers, so an answer means the same in both).

``--set`` keys (players by name or any unique start of it, in any case):

- ``dealer=Ann`` (optional: the rotation decides; checked if given)
- ``turn_ups=JS`` or ``turn_ups=AS,7S,KD`` (every card turned up, in order)
- ``beg=stand`` / ``take-one`` / ``run`` (left out when the first kick ended the game)
- ``high=Bob``, ``low=Cat`` (``none`` when no trump was dealt)
- ``jack=Dan/Ann`` (holder/won by) or ``jack=none`` (the trump jack was not dealt)
- ``game_points=38,42`` (in teams order), or ``cards=AS TD …|KH 4C …`` (each team's
  captured cards, teams separated by ``|``)

>>> deal_from_sets(["turn_ups=js", "beg=s", "high=b", "low=c", "jack=d/a",
...                 "game_points=38,42"], ["Ann", "Bob", "Cat", "Dan"])
... # doctest: +NORMALIZE_WHITESPACE
{'turn_ups': ['JS'], 'beg': 'stand', 'result': {'high': 'Bob', 'low': 'Cat',
 'jack': {'holder': 'Dan', 'won_by': 'Ann'}, 'game_points': [38, 42]}}
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoresheet import entry
from scoresheet.cards import parse_card
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import NP_, _, pgettext
from scoresheet.limits import MAX_DIGITS

if TYPE_CHECKING:
    from scoresheet.games.caribbean_all_fours.score import GameScore

KEYS = ("dealer", "turn_ups", "beg", "high", "low", "jack", "game_points", "cards")
RESULT_KEYS = ("high", "low", "jack", "game_points", "cards")
_ALIASES = {
    "turn_up": "turn_ups",
    "turnups": "turn_ups",
    "turned": "turn_ups",
    "points": "game_points",
}
BEG_WORDS = {
    "stand": "stand",
    "stood": "stand",
    "s": "stand",
    "take-one": "take-one",
    "take one": "take-one",
    "take_one": "take-one",
    "takeone": "take-one",
    "take": "take-one",
    "t": "take-one",
    "1": "take-one",
    "run": "run",
    "ran": "run",
    "r": "run",
    "run the pack": "run",
}
BEGS = ("stand", "take-one", "run")
# Each beg as the views name it and a player may type it in the language in force.
# Translators: stand (play with this trump), take-one (the dealer gives one point), run
# (the dealer runs the pack); several words may be given between "|".
BEG_NAMES = {
    "stand": NP_("all fours", "stand"),
    "take-one": NP_("all fours", "take-one"),
    "run": NP_("all fours", "run"),
}


def beg_words(value: str) -> list[str]:
    """A beg's words in the language in force (the first is how it is shown)."""
    if value not in BEG_NAMES:
        return [value]
    words = [w.strip() for w in pgettext("all fours", BEG_NAMES[value]).split("|")]
    return [w for w in words if w] or [value]


def beg_name(value: str) -> str:
    """A beg (``stand``, ``take-one``, ``run``) as shown in the language in force."""
    return beg_words(value)[0]


def _folded(text: str) -> str:
    return " ".join(entry.ascii_forms(entry.typed(text)).casefold().replace("_", " ").split())


def cards_text(text: str, *, field: str) -> list[str]:
    """Cards separated by commas or spaces, written as the project writes them (``TS``)."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if not words:
        raise ScoresheetError(_("{field}: give at least one card (e.g. JS)").format(field=field))
    out = []
    for word in words:
        try:
            out.append(str(parse_card(word)))
        except ScoresheetError as exc:
            raise ScoresheetError(f"{field}: {exc}") from None
    return out


def beg(text: str) -> str:
    """``stand``, ``take-one`` or ``run`` from what a player types: the English word, one of
    its short forms, or its name in the language in force, or a unique start of a word.

    One reading or none: a word that is exactly one beg's is that beg; a start shared by
    two begs' words is refused naming both.

    >>> beg("s"), beg("take one"), beg("RUN")
    ('stand', 'take-one', 'run')
    >>> beg("sta"), beg("ta")
    ('stand', 'take-one')
    """
    t = _folded(text)
    words: dict[str, set[str]] = {}
    for word, value in BEG_WORDS.items():
        words.setdefault(_folded(word), set()).add(value)
    for value in BEGS:
        for local in beg_words(value):
            words.setdefault(_folded(local), set()).add(value)
    exact = words.get(t, set())
    found = exact or {v for w, vs in words.items() if t and w.startswith(t) for v in vs}
    if len(found) == 1:
        return found.pop()
    shown = entry.quote(text.strip())
    if found:
        one, other = (beg_name(v) for v in sorted(found, key=BEGS.index)[:2])
        raise ScoresheetError(
            _("beg: {typed} could be {one} or {other}").format(typed=shown, one=one, other=other)
        )
    raise ScoresheetError(
        _("beg: {typed} is not {stand}, {take_one} or {run}").format(
            typed=shown,
            stand=beg_name("stand"),
            take_one=beg_name("take-one"),
            run=beg_name("run"),
        )
    )


def optional_player(text: str, players: Sequence[str], *, field: str) -> str | None:
    """A player, or ``None`` for ``none`` (refused when a player could be meant too)."""
    return entry.optional_player(text, players, field=field)


def jack(text: str, players: Sequence[str]) -> dict[str, str] | None:
    """``Dan/Ann`` (holder/won by) or ``none``."""
    t = entry.typed(text)
    parts = [p for p in re.split(r"\s*(?:/|->|→|>)\s*", t) if p]
    if len(parts) == 1 and entry.optional_player(t, players, field="jack") is None:
        return None
    if len(parts) != 2:
        raise ScoresheetError(
            _(
                "jack: {typed} is not HOLDER/WON_BY (e.g. Dan/Ann), or none if it was not dealt"
            ).format(typed=entry.quote(t))
        )
    return {
        "holder": entry.player(parts[0], players, field="jack holder"),
        "won_by": entry.player(parts[1], players, field="jack won by"),
    }


def game_points(text: str) -> list[int]:
    """Each team's card points: ``38,42`` or ``38 42``."""
    parts = [p for p in re.split(r"[\s,/–-]+", text.strip()) if p]
    if len(parts) != 2 or not all(
        p.isascii() and p.isdigit() and len(p) <= MAX_DIGITS for p in parts
    ):
        raise ScoresheetError(
            _("game_points: {typed} is not two whole numbers, one per team (e.g. 38,42)").format(
                typed=entry.quote(text.strip())
            )
        )
    return [int(p) for p in parts]


def captured_cards(text: str) -> list[str]:
    """Each team's captured cards, the teams separated by ``|``."""
    piles = text.split("|")
    if len(piles) != 2:
        raise ScoresheetError(_("cards: give both teams' cards, separated by | (AS TD …|KH 4C …)"))
    out = []
    for team, pile in enumerate(piles):
        words = [w for w in re.split(r"[\s,]+", pile.strip()) if w]
        cards = []
        for word in words:
            try:
                cards.append(str(parse_card(word)))
            except ScoresheetError as exc:
                raise ScoresheetError(
                    _("cards of team {team}: {error}").format(team=team + 1, error=exc)
                ) from None
        out.append(" ".join(cards))
    return out


def deal_from_sets(sets: Sequence[str], players: Sequence[str]) -> dict[str, Any]:
    """A deal object from ``--set KEY=VALUE`` items."""
    given: dict[str, str] = {}
    for item in sets:
        key, sep, value = item.partition("=")
        key = key.strip().casefold().replace("-", "_")
        key = _ALIASES.get(key, key)
        if not sep or not key:
            raise ScoresheetError(
                _("--set: {item} is not KEY=VALUE (e.g. --set beg=stand)").format(
                    item=entry.quote(item)
                )
            )
        if key not in KEYS:
            raise ScoresheetError(
                _("--set: {key} is not one of {keys}").format(
                    key=entry.quote(key), keys=", ".join(KEYS)
                )
            )
        if key in given:
            raise ScoresheetError(_("--set: {key} is given twice").format(key=key))
        given[key] = value
    if "turn_ups" not in given:
        raise ScoresheetError(_("--set turn_ups=… is missing: every card turned up, e.g. JS"))
    deal: dict[str, Any] = {}
    if "dealer" in given:
        deal["dealer"] = entry.player(given["dealer"], players, field="dealer")
    deal["turn_ups"] = cards_text(given["turn_ups"], field="turn_ups")
    if "beg" in given:
        deal["beg"] = beg(given["beg"])
    result: dict[str, Any] = {}
    for key in ("high", "low"):
        if key in given:
            result[key] = optional_player(given[key], players, field=key)
    if "jack" in given:
        result["jack"] = jack(given["jack"], players)
    if "game_points" in given:
        result["game_points"] = game_points(given["game_points"])
    if "cards" in given:
        result["cards"] = captured_cards(given["cards"])
    if result:
        deal["result"] = result
    return deal


def deal_from_flags(
    result: GameScore, number: int, contract: str | None, flags: Mapping[str, Any]
) -> dict[str, Any]:
    """A deal from ``add``/``edit``'s ``--set KEY=VALUE`` items (the keys above)."""
    if contract is not None:
        raise ScoresheetError(
            _(
                '"{contract}": Caribbean All Fours deals have no contract; give the deal with '
                "--set KEY=VALUE (turn_ups, beg, high, low, jack, game_points) or --deal JSON"
            ).format(contract=contract)
        )
    other = sorted(k for k in flags if k != "set")
    if other:
        flag = "--" + other[0].replace("_", "-")
        raise ScoresheetError(
            _(
                "{flag} is a Barbu flag; Caribbean All Fours deals take --set KEY=VALUE "
                "(turn_ups, beg, high, low, jack, game_points) or --deal JSON"
            ).format(flag=flag)
        )
    sets = flags.get("set") or []
    if not sets:
        raise ScoresheetError(
            _(
                "give the deal with --set KEY=VALUE (turn_ups, beg, high, low, jack, "
                "game_points) or --deal JSON"
            )
        )
    return deal_from_sets(sets, result.players)
