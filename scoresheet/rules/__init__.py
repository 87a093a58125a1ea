"""Rules as data: the models of a rules file, and the shipped presets.

A rules preset is a TOML file in ``templates/rules/``; a game file names one (``"rules":
"classic"``) or carries a full rules object, and its ``options`` change any field of it.
Everything a scoring function needs to know about a table's house rules is here.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from scoresheet.errors import ScoresheetError
from scoresheet.rules.barbu import BarbuRules
from scoresheet.validation import ValidationError, describe, validator
from scoresheet.validation import where as place

__all__ = [
    "BarbuRules",
    "Rules",
    "choose_preset",
    "default_preset",
    "list_presets",
    "load_any_preset",
    "load_preset",
    "merge_options",
    "resolve_any",
    "resolve_rules",
]

Rules = BarbuRules


def _templates_dir() -> Path:
    """The shipped ``templates/rules`` folder: inside the package when installed from a
    wheel, beside it in a checkout."""
    here = Path(__file__).resolve().parents[1]
    for folder in (here / "templates" / "rules", here.parent / "templates" / "rules"):
        if folder.is_dir():
            return folder
    raise ScoresheetError("the shipped rules presets are missing from this installation")


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
    return [n for n in names if _preset_data(n).get("game") == game]


@cache
def _preset_data(name: str) -> dict[str, Any]:
    files = _preset_files()
    if name not in files:
        known = ", ".join(files)
        raise ScoresheetError(f'rules: no preset named "{name}" (known: {known})')
    with files[name].open("rb") as f:
        data = tomllib.load(f)
    data.setdefault("name", name)
    return data


def default_preset(game: str) -> str:
    """The preset a game starts from when none is named: ``classic`` for Barbu, else the
    preset named after the game.

    >>> default_preset("barbu"), default_preset("belote")
    ('classic', 'belote')
    """
    name = "classic" if game == "barbu" else game
    if name not in list_presets(game):
        from scoresheet.games import module

        module(game)  # an unknown game says so
        raise ScoresheetError(f'game: "{game}" has no preset of its own; name one with --rules')
    return name


def preset_game(name: str) -> str:
    """The game a shipped preset belongs to (a preset without ``game`` is Barbu's)."""
    game = _preset_data(name).get("game", "barbu")
    return game if isinstance(game, str) else "barbu"


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
        chosen = game or "barbu"
        return chosen, default_preset(chosen)
    owner = preset_game(preset)
    if game is not None and game != owner:
        return game, _refuse_other_game(preset, owner, game, "--rules")
    return owner, preset


def _refuse_other_game(preset: str, owner: str, game: str, where: str) -> str:
    known = ", ".join(list_presets(game)) or "none"
    raise ScoresheetError(
        f'{where}: "{preset}" is a preset of {owner}, not of {game} ({game}\'s presets: {known})'
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
    from scoresheet.games import module

    game = data.get("game", "barbu")
    if not isinstance(game, str):
        raise ScoresheetError(f"{where}: game must be a name")
    game_module = module(game)
    try:
        checked = validator(f"rules-{game}").validate_python(data)
    except ValidationError as exc:
        loc, msg = describe(exc)
        raise ScoresheetError(f"{where}, {place(loc)}: {msg}") from None
    try:
        return game_module.rules_from_data(checked)
    except ValueError as exc:
        raise ScoresheetError(f"{where}: {exc}") from None


def load_preset(name: str) -> BarbuRules:
    """A shipped Barbu preset by name.

    >>> load_preset("classic").contract_total("no-tricks")
    -26
    """
    return _barbu(_resolve_cached(name, "{}"), name)


def load_any_preset(name: str) -> Any:
    """A shipped preset of any game by name."""
    return _resolve_cached(name, "{}")


@lru_cache(maxsize=256)
def _resolve_cached(name: str, options_json: str) -> Any:
    options = json.loads(options_json)
    data = _preset_data(name)
    if options:
        data = merge_options(data, options)
    where = f'rules "{name}"' + (" with the game's options" if options else "")
    return _validate(data, where)


def resolve_any(
    rules: str | Mapping[str, Any],
    options: Mapping[str, Any] | None = None,
    game: str | None = None,
) -> Any:
    """The rules in force for a game file of any game: a preset name or a full rules object,
    plus options. With ``game``, rules of another game are refused (a rules object that
    does not say its game is read as ``game``'s)."""
    if isinstance(rules, str):
        if game is not None and rules in _preset_files() and preset_game(rules) != game:
            _refuse_other_game(rules, preset_game(rules), game, "rules")
        return _resolve_cached(rules, json.dumps(options or {}, sort_keys=True))
    data = merge_options(rules, options or {})
    if game is not None:
        stated = data.setdefault("game", game)
        if stated != game:
            raise ScoresheetError(f'rules: the rules object is for "{stated}", not {game}')
    return _validate(data, "rules")


def resolve_rules(
    rules: str | Mapping[str, Any], options: Mapping[str, Any] | None = None
) -> BarbuRules:
    """The Barbu rules in force for a game file: a preset name or a full rules object,
    plus options.

    >>> resolve_rules("classic", {"values": {"no-king": -15}}).contract_total("no-king")
    -15
    """
    return _barbu(resolve_any(rules, options, "barbu"), "rules")


def _barbu(rules: Any, where: str) -> BarbuRules:
    if not isinstance(rules, BarbuRules):
        raise ScoresheetError(f"{where}: these are not Barbu rules")
    return rules
