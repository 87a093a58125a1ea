"""Rules as data: the shipped presets, a game file's options, and the rules in force.

A rules preset is a TOML file in ``templates/rules/``; a game file names one (``"rules":
"classic"``) or carries a full rules object, and its ``options`` change any field of it.
Each game turns a validated rules file into its rules in force (its ``rules.py``,
:class:`scoresheet.roles.Rules`); this module finds the preset, lays the options over it,
validates it against the game's schema and refuses rules of another game, once for all.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.validation import ValidationError, describe, validator
from scoresheet.validation import where as place

__all__ = [
    "check_players",
    "choose_preset",
    "default_preset",
    "list_presets",
    "load_preset",
    "merge_options",
    "preset_game",
    "presets_for",
    "resolve",
    "rules_of",
]


def _templates_dir() -> Path:
    """The shipped ``templates/rules`` folder: inside the package when installed from a
    wheel, beside it in a checkout."""
    here = Path(__file__).resolve().parent
    for folder in (here / "templates" / "rules", here.parent / "templates" / "rules"):
        if folder.is_dir():
            return folder
    raise ScoresheetError(_("the shipped rules presets are missing from this installation"))


@cache
def _preset_files() -> dict[str, Path]:
    return {p.stem: p for p in sorted(_templates_dir().glob("*.toml"))}


def list_presets(game: str | None = None) -> list[str]:
    """The names of the shipped presets, optionally only those of one game.

    >>> "classic" in list_presets("barbu")
    True
    """
    names = list(_preset_files())
    if game is None:
        return names
    return [n for n in names if preset_game(n) == game]


@cache
def presets_for(game: str, players: int) -> list[str]:
    """The shipped presets of ``game`` made for ``players`` players.

    >>> presets_for("barbu", 5)
    ['classic-5', 'salad-5']
    """
    return [n for n in list_presets(game) if getattr(load_preset(n), "players", None) == players]


def check_players(rules: Any, got: int) -> None:
    """Refuse a game whose number of players the rules in force are not for, naming the
    shipped presets of the game that are (``rules``: a game's rules in force, with its
    ``name``, ``game`` and ``players``).

    >>> check_players(load_preset("classic"), 5)
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: players: these rules (classic) are for 4 players, the game has 5; for 5 players: classic-5, salad-5
    """  # noqa: E501
    if got == rules.players:
        return
    fitting = presets_for(rules.game, got)
    if fitting:
        message = _(
            "players: these rules ({rules}) are for {want} players, the game has {got}; "
            "for {got} players: {presets}"
        )
    else:
        message = _("players: these rules ({rules}) are for {want} players, the game has {got}")
    raise ScoresheetError(
        message.format(rules=rules.name, want=rules.players, got=got, presets=", ".join(fitting))
    )


@cache
def _preset_data(name: str) -> dict[str, Any]:
    files = _preset_files()
    if name not in files:
        known = ", ".join(files)
        raise ScoresheetError(
            _('rules: no preset named "{name}" (known: {known})').format(name=name, known=known)
        )
    with files[name].open("rb") as f:
        data = tomllib.load(f)
    data.setdefault("name", name)
    return data


def default_preset(game: str) -> str:
    """The preset a game starts from when none is named (its :attr:`registry.Game.preset`).

    >>> default_preset("barbu"), default_preset("belote")
    ('classic', 'belote')
    """
    name = registry.game(game).preset  # an unknown game says so
    if name not in list_presets(game):
        raise ScoresheetError(
            _('game: "{game}" has no preset of its own; name one with --rules').format(game=game)
        )
    return name


def preset_game(name: str) -> str:
    """The game a shipped preset belongs to (a preset without ``game`` is older than the
    other games: :data:`registry.DEFAULT_GAME`'s)."""
    game = _preset_data(name).get("game", registry.DEFAULT_GAME)
    return game if isinstance(game, str) else registry.DEFAULT_GAME


def choose_preset(game: str | None, preset: str | None) -> tuple[str, str]:
    """The game and preset of ``--game`` and ``--rules``: a preset belongs to one game, so a
    preset alone names its game, a game alone takes its own preset, and a preset of another
    game is refused.

    >>> choose_preset(None, "rosbiratschka"), choose_preset("belote", None)
    (('rosbiratschka', 'rosbiratschka'), ('belote', 'belote'))
    >>> choose_preset("belote", "classic")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: --rules: "classic" is a preset of barbu, not of belote ...
    """
    if preset is None:
        chosen = game or registry.DEFAULT_GAME
        return chosen, default_preset(chosen)
    owner = preset_game(preset)
    if game is not None and game != owner:
        _refuse_other_game(preset, owner, game, "--rules")
    return owner, preset


def _refuse_other_game(preset: str, owner: str, game: str, where: str) -> None:
    """The one refusal of a preset of another game than the file's or the command's."""
    presets = list_presets(game)
    if presets:
        message = _(
            '{where}: "{preset}" is a preset of {owner}, not of {game} ({game}\'s presets: {known})'
        )
    else:
        message = _(
            '{where}: "{preset}" is a preset of {owner}, not of {game} ({game}\'s presets: none)'
        )
    raise ScoresheetError(
        message.format(where=where, preset=preset, owner=owner, game=game, known=", ".join(presets))
    )


def check_game(rules: Any, game: str, where: str = "rules") -> None:
    """Refuse the rules of another game than ``game``: a preset of another game, or a
    rules object that says it is for another (one that does not say is ``game``'s).

    >>> check_game("classic", "belote")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: rules: "classic" is a preset of barbu, not of belote ...
    """
    if isinstance(rules, str):
        if rules in _preset_files() and preset_game(rules) != game:
            _refuse_other_game(rules, preset_game(rules), game, where)
    elif isinstance(rules, Mapping):
        stated = rules.get("game", game)
        if stated != game:
            raise ScoresheetError(
                _("{where}: the rules object is for {stated}, not {game}").format(
                    where=where, stated=json.dumps(stated), game=game
                )
            )


def merge_options(base: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``options`` laid over it: tables merge key by key, anything else replaces.

    >>> merge_options({"values": {"a": 1, "b": [1, 2]}}, {"values": {"b": [3]}})
    {'values': {'a': 1, 'b': [3]}}
    """
    merged = copy.deepcopy(dict(base))
    for key, value in options.items():
        old = merged.get(key)
        if isinstance(old, Mapping) and isinstance(value, Mapping):
            merged[key] = merge_options(old, value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def _validate(data: Mapping[str, Any], where: str) -> Any:
    """Rules of any game from a rules file's data: the game's schema, then its own checks."""
    game = data.get("game", registry.DEFAULT_GAME)
    if not isinstance(game, str):
        raise ScoresheetError(_("{where}: game must be a name").format(where=where))
    registry.game(game)  # an unknown game says so
    try:
        checked = validator(f"rules-{game}").validate_python(data)
    except ValidationError as exc:
        loc, msg = describe(exc)
        raise ScoresheetError(f"{where}, {place(loc)}: {msg}") from None
    try:
        return registry.part(game, "rules").rules_from_data(checked)
    except ValueError as exc:
        raise ScoresheetError(f"{where}: {exc}") from None


def load_preset(name: str) -> Any:
    """A shipped preset by name: the rules in force of its game.

    >>> load_preset("classic").contract_total("no-tricks")
    -26
    """
    return _resolve_cached(name, "{}")


@lru_cache(maxsize=256)
def _resolve_cached(name: str, options_json: str) -> Any:
    options = json.loads(options_json)
    data = _preset_data(name)
    if options:
        data = merge_options(data, options)
    if options:
        where = _('rules "{name}" with the game\'s options').format(name=name)
    else:
        where = _('rules "{name}"').format(name=name)
    return _validate(data, where)


def resolve(
    rules: str | Mapping[str, Any],
    options: Mapping[str, Any] | None = None,
    game: str | None = None,
) -> Any:
    """The rules in force: a preset name or a full rules object, plus options. With
    ``game``, rules of another game are refused (a rules object that does not say its
    game is read as ``game``'s). The result is ``game``'s own rules class.

    >>> resolve("classic", {"values": {"no-king": -15}}).contract_total("no-king")
    -15
    >>> resolve("classic", None, "belote")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: rules: "classic" is a preset of barbu, not of belote ...
    """
    for key in ("name", "game"):
        if options and key in options:  # a label, not a rule: it would name rules not in force
            raise ScoresheetError(
                _(
                    "options: {key} is not a rule an option changes (the rules in force are "
                    "named by their preset and options)"
                ).format(key=key)
            )
    if isinstance(rules, str):
        if game is not None:
            check_game(rules, game)
        return _resolve_cached(rules, json.dumps(options or {}, sort_keys=True))
    data = merge_options(rules, options or {})
    if game is not None:
        stated = data.setdefault("game", game)
        if stated != game:
            raise ScoresheetError(
                _('rules: the rules object is for "{stated}", not {game}').format(
                    stated=stated, game=game
                )
            )
    return _validate(data, "rules")


def check_game_of(record: Mapping[str, Any], game: str) -> None:
    """Refuse a game file of another game than the scorer's (a Coinche game handed to
    Belote's scoring was scored as Belote, without a word). A record read by
    :mod:`scoresheet.record` always names its game; data that does not is let be.

    >>> check_game_of({"game": "coinche"}, "belote")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: game: this is a coinche game, which belote's scoring ...
    """
    got = record.get("game")
    if got is not None and got != game:
        raise ScoresheetError(
            _("game: this is a {got} game, which {game}'s scoring does not score").format(
                got=got, game=game
            )
        )


def rules_of(record: Mapping[str, Any]) -> Any:
    """The rules in force for a game file of any game: its preset or rules object, and its
    options; rules of another game than the file's are refused."""
    return resolve(
        record["rules"], record.get("options"), record.get("game", registry.DEFAULT_GAME)
    )
