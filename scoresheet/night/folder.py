"""A club night's folder: the night's own file and one ordinary game file per table per round.

``NIGHT/night.scoresheet`` (JSON; not ``*.json``, so that ``stats NIGHT`` and ``settle``
find only the games) holds::

    format    "scoresheet-night"            version  1
    game      the game (barbu, rosbiratschka, belote, coinche, caribbean-all-fours)
    rules     the preset named; tables     {size: preset} the presets of each table size
    players   every name of the roster, in the players file's order
    pairs     (partnership games) the pairs, as registered
    rounds    the rounds of the night       seed     the draw's seed
    draw      "random" (every round drawn up front) or "by-rank" (each round by standings)
    ranking   "percent" or "totals"
    draws     the rounds drawn: {"round", "tables": [{"table", "players", "game"}], "byes"}
    closed    the rounds closed, in order   created  when the night was made

Each round's game files are made when the round opens: ``round-01/table-01.json`` and so
on, with the library's :func:`scoresheet.session.new_game`, so every command works on them.
Every write goes through :mod:`scoresheet.store` (atomic, locked); nothing here prints.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import N_, _
from scoresheet.night import draw as drawing
from scoresheet.night import roster as rosters
from scoresheet.store import create_new, read_regular_file, update

NIGHT_FILE = "night.scoresheet"
FORMAT = "scoresheet-night"
VERSION = 1
MAX_ROUNDS = 99
MAX_NIGHT_BYTES = 4 * 1024 * 1024
DRAWS = ("random", "by-rank")
RANKINGS = ("percent", "totals")
N_("players file")
N_("night file")


def night_file(folder: Path) -> Path:
    return folder / NIGHT_FILE


def game_path(round_number: int, table: int) -> str:
    """A table's game file, relative to the night's folder.

    >>> game_path(2, 10)
    'round-02/table-10.json'
    """
    return f"round-{round_number:02d}/table-{table:02d}.json"


def table_presets(game: str, rules: str) -> tuple[dict[int, str], int]:
    """The preset of each table size (in seats) and the game's own size, for ``rules``: the
    preset itself at its size, and ``RULES-N`` where a shipped preset of ``N`` players
    exists (classic: 3, 4, 5 and 6; rosbiratschka: 3 and 4). Partnership games: 4.

    >>> table_presets("barbu", "classic")
    ({3: 'classic-3', 4: 'classic', 5: 'classic-5', 6: 'classic-6'}, 4)
    >>> table_presets("rosbiratschka", "rosbiratschka-3")
    ({3: 'rosbiratschka-3', 4: 'rosbiratschka'}, 3)
    """
    from scoresheet.rules import list_presets, load_preset

    own = load_preset(rules)
    size = int(own.players) if hasattr(own, "players") else 4
    if registry.game(game).teams:
        return {4: rules}, 4
    root = rules
    found = re.fullmatch(r"(.+)-(\d+)", rules)
    if found and int(found[2]) == size:
        root = found[1]
    out: dict[int, str] = {}
    for name in list_presets(game):
        if name == root or (name.startswith(root + "-") and name[len(root) + 1 :].isdigit()):
            players = getattr(load_preset(name), "players", None)
            if isinstance(players, int) and (name == root or int(name[len(root) + 1 :]) == players):
                out[players] = name
    out[size] = rules
    return dict(sorted(out.items())), size


# -- the night file -------------------------------------------------------------------------


def _bad(path: Path, what: str) -> ScoresheetError:
    return ScoresheetError(
        _("{path}: not a night file this tool wrote ({what})").format(path=path, what=what)
    )


def parse(text: str, path: Path) -> dict[str, Any]:
    """The night file's data, checked enough that the commands can trust it."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise _bad(path, str(error).split(":")[0]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad(path, "format")
    if data.get("version") != VERSION:
        raise _bad(path, "version")
    kinds: dict[str, type | tuple[type, ...]] = {
        "game": str,
        "rules": str,
        "tables": dict,
        "players": list,
        "rounds": int,
        "seed": int,
        "draw": str,
        "ranking": str,
        "draws": list,
        "closed": list,
    }
    for key, kind in kinds.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise _bad(path, key)
    if data["game"] not in registry.GAMES:
        raise _bad(path, "game")
    if data["draw"] not in DRAWS:
        raise _bad(path, "draw")
    if data["ranking"] not in RANKINGS:
        raise _bad(path, "ranking")
    if not all(isinstance(p, str) for p in data["players"]):
        raise _bad(path, "players")
    if registry.game(data["game"]).teams and not isinstance(data.get("pairs"), list):
        raise _bad(path, "pairs")
    if not 1 <= data["rounds"] <= MAX_ROUNDS:
        raise _bad(path, "rounds")
    closed = data["closed"]
    if closed != list(range(1, len(closed) + 1)) or len(closed) >= data["rounds"]:
        raise _bad(path, "closed")
    draws = data["draws"]
    if len(draws) <= len(closed) or len(draws) > data["rounds"]:
        raise _bad(path, "draws")
    if not all(isinstance(v, str) for v in data["tables"].values()):
        raise _bad(path, "tables")
    roster = set(data["players"])
    for number, one in enumerate(draws, start=1):
        if not _round_ok(one, number, roster, data["tables"]):
            raise _bad(path, f"draws[{number - 1}]")
    return data


def _round_ok(one: Any, number: int, roster: set[str], sizes: dict[str, Any]) -> bool:
    """A drawn round as this tool writes it: its tables numbered, their players on the
    roster at a table size the night has, its byes on the roster."""
    if not isinstance(one, dict) or one.get("round") != number:
        return False
    tables, byes = one.get("tables"), one.get("byes")
    if not isinstance(tables, list) or not isinstance(byes, list):
        return False
    for t, table in enumerate(tables, start=1):
        if not isinstance(table, dict) or table.get("table") != t:
            return False
        if table.get("game") != game_path(number, t):
            return False
        players = table.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            return False
        if str(len(players)) not in sizes or not set(players) <= roster:
            return False
    return all(isinstance(p, str) and p in roster for p in byes)


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def load(folder: Path) -> dict[str, Any]:
    """The night of ``folder``, read and checked."""
    path = night_file(folder)
    if not folder.is_dir():
        if folder.exists():
            raise ScoresheetError(
                _("{path}: not a folder (a night is a folder)").format(path=folder)
            )
        raise ScoresheetError(_("{path}: no such night (no such folder)").format(path=folder))
    if not path.exists():
        raise ScoresheetError(
            _("{path}: not a night folder (no {file} in it)").format(path=folder, file=NIGHT_FILE)
        )
    data = read_regular_file(path, limit=MAX_NIGHT_BYTES, what="night file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _bad(path, "UTF-8") from None
    return parse(text, path)


def current_round(night: dict[str, Any]) -> int:
    """The round being played: the first not closed."""
    return len(night["closed"]) + 1


def units_of(night: dict[str, Any]) -> list[tuple[str, ...]]:
    """The night's units: each player, or each pair of a partnership game."""
    if registry.game(night["game"]).teams:
        return [tuple(p) for p in night["pairs"]]
    return [(p,) for p in night["players"]]


# -- drawing rounds -----------------------------------------------------------------------------


def _history(night: dict[str, Any], units: list[tuple[str, ...]]) -> list[drawing.Round]:
    """The rounds drawn so far, as the draw numbers them."""
    index = {name: i for i, unit in enumerate(units) for name in unit}
    out: list[drawing.Round] = []
    for one in night["draws"]:
        tables: list[tuple[int, ...]] = []
        for table in one["tables"]:
            seen: list[int] = []
            for name in table["players"]:
                if index[name] not in seen:
                    seen.append(index[name])
            tables.append(tuple(seen))
        byes = sorted({index[name] for name in one["byes"]})
        out.append(drawing.Round(tuple(tables), tuple(byes)))
    return out


def _as_json(
    number: int, one: drawing.Round, units: list[tuple[str, ...]], pairs: bool
) -> dict[str, Any]:
    tables: list[dict[str, Any]] = []
    for t, table in enumerate(one.tables, start=1):
        if pairs:  # partners sit opposite: A1 B1 A2 B2
            a, b = units[table[0]], units[table[1]]
            players = [a[0], b[0], a[1], b[1]]
        else:
            players = [units[u][0] for u in table]
        tables.append({"table": t, "players": players, "game": game_path(number, t)})
    byes = [name for u in one.byes for name in units[u]]
    return {"round": number, "tables": tables, "byes": byes}


def _draw(
    night: dict[str, Any], count: int, ranking: Sequence[tuple[str, ...]] | None
) -> list[dict[str, Any]]:
    units = units_of(night)
    pairs = registry.game(night["game"]).teams
    presets = {int(k): v for k, v in night["tables"].items()}
    seats = 2 if pairs else 1  # a unit's seats at a table
    sizes = [s // seats for s in presets]
    base_rules = night["rules"]
    base = next(s for s, p in presets.items() if p == base_rules) // seats
    history = _history(night, units)
    order = None
    if ranking is not None:
        where = {unit: i for i, unit in enumerate(units)}
        order = [where[u] for u in ranking]
    drawn = drawing.draw(
        night["seed"], len(units), sizes, base, count, history=history, ranking=order, pairs=pairs
    )
    first = len(history) + 1
    return [_as_json(first + i, one, units, pairs) for i, one in enumerate(drawn)]


def _open_round(folder: Path, night: dict[str, Any], number: int) -> None:
    """Make the game file of every table of round ``number`` (none may exist yet)."""
    from scoresheet.session import new_game

    one = night["draws"][number - 1]
    made: list[Path] = []
    pairs = registry.game(night["game"]).teams
    try:
        (folder / f"round-{number:02d}").mkdir(exist_ok=True)
        for table in one["tables"]:
            path = folder / table["game"]
            players = table["players"]
            if path.exists():
                raise ScoresheetError(
                    _("{path} already exists; a round's game files are made when it opens").format(
                        path=path
                    )
                )
            teams = [[players[0], players[2]], [players[1], players[3]]] if pairs else None
            new_game(
                path,
                players,
                rules=night["tables"][str(len(players))],
                game=night["game"],
                teams=teams,
            )
            made.append(path)
    except BaseException:
        for path in made:  # all of the round's tables, or none
            with suppress(OSError):
                os.unlink(path)
        raise


def new_night(
    folder: Path,
    *,
    game: str,
    rules: str,
    players_file: Path,
    rounds: int,
    seed: int,
    draw: str = "random",
    ranking: str = "percent",
) -> dict[str, Any]:
    """Make the night's folder, its file and the first round's game files; the night."""
    from scoresheet.session import now

    if draw not in DRAWS:
        raise ScoresheetError(
            _('--draw: "{value}" is not one of {choices}').format(
                value=draw, choices=", ".join(DRAWS)
            )
        )
    if ranking not in RANKINGS:
        raise ScoresheetError(
            _('--ranking: "{value}" is not one of {choices}').format(
                value=ranking, choices=", ".join(RANKINGS)
            )
        )
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ScoresheetError(
            _("--rounds: {value} is not a number of rounds from 1 to {most}").format(
                value=rounds, most=MAX_ROUNDS
            )
        )
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScoresheetError(
            _("{path} already exists; a new night needs a new (or empty) folder").format(
                path=folder
            )
        )
    teams = registry.game(game).teams
    entries = rosters.read(players_file, pairs=teams)
    presets, base = table_presets(game, rules)
    seats = 2 if teams else 1
    units = len(entries)
    smallest = min(presets) // seats
    if units < smallest:
        message = (
            _("{path}: {n} pairs; a table needs {least}")
            if teams
            else _("{path}: {n} players; a table needs {least} at least")
        )
        raise ScoresheetError(message.format(path=players_file, n=units, least=smallest))
    night: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "rules": rules,
        "tables": {str(k): v for k, v in presets.items()},
        "players": [name for entry in entries for name in entry],
        "rounds": rounds,
        "seed": seed,
        "draw": draw,
        "ranking": ranking,
        "draws": [],
        "closed": [],
        "created": now(),
    }
    if teams:
        night["pairs"] = [list(e) for e in entries]
    del base
    night["draws"] = _draw(night, rounds if draw == "random" else 1, None)
    made = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True)
    try:
        _open_round(folder, night, 1)
        create_new(night_file(folder), dumps(night))
    except BaseException:
        if made:
            _remove_empty(folder)
        raise
    return night


def _remove_empty(folder: Path) -> None:
    with suppress(OSError):
        for sub in folder.iterdir():
            sub.rmdir()
        folder.rmdir()


def next_round(
    folder: Path, standings: Callable[[Path, dict[str, Any]], list[tuple[str, ...]]]
) -> dict[str, Any]:
    """Close the current round and open the next (drawn now when drawn by rank, with
    ``standings(folder, night)``: the units best first); the night as saved."""
    path = night_file(folder)
    load(folder)  # a missing or bad night says so before the lock is taken
    result: dict[str, Any] = {}

    def change(text: str) -> str:
        night = parse(text, path)
        number = current_round(night)
        if number >= night["rounds"]:
            raise ScoresheetError(
                _("round {number} is the last round of the night; there is no next round").format(
                    number=number
                )
            )
        if len(night["draws"]) == number:  # drawn by rank, one round at a time
            night["draws"] += _draw(night, 1, standings(folder, night))
        _open_round(folder, night, number + 1)
        night["closed"].append(number)
        result.update(night)
        return dumps(night)

    update(path, change)
    return result
