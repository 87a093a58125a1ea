"""The library: keep score from Python as the commands do at the table.

What ``import scoresheet`` offers (each name re-exported by :mod:`scoresheet` when first
used, so importing the package stays cheap): open or create a game file, add, correct and
undo a deal, score any game, render it as text, a workbook or a PDF, settle an evening and
compute statistics. The rest of the package is internal.

Every path may be a ``str`` or a :class:`pathlib.Path` (any ``os.PathLike``). Bad input,
a value of the wrong type included, is refused with one :class:`ScoresheetError` naming
what is wrong; nothing is written then. A game is saved only whole and valid, and only if
no other command wrote the file since it was read, exactly as at the table.

>>> import scoresheet, tempfile
>>> path = f"{tempfile.mkdtemp()}/evening.json"
>>> game = scoresheet.new_game(path, ["Ann", "Bob", "Cat", "Dan"])
>>> deal = {"contract": "no-king", "doubles": [{"by": "Bob", "double": ["Ann"]}],
...         "result": {"king_of_hearts": "Cat"}}
>>> scoresheet.add_deal(game, deal).totals
{'Ann': 0, 'Bob': 0, 'Cat': -20, 'Dan': 0}
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeAlias, cast

from scoresheet import registry
from scoresheet import session as _session
from scoresheet.errors import ScoresheetError, one_line, shorten
from scoresheet.evening.settle import Settlement
from scoresheet.evening.shape import Score
from scoresheet.evening.stats import Stats
from scoresheet.i18n import _, pgettext
from scoresheet.results import GameResult
from scoresheet.store import Snapshot

if TYPE_CHECKING:
    from scoresheet.evening.games import ScoredGame
    from scoresheet.models import GameFile

#: A path as every function takes it: ``"game.json"`` or ``Path("game.json")``.
StrPath: TypeAlias = str | os.PathLike[str]
View = Literal["score", "sheet", "status"]
PaperSize = Literal["a4", "letter"]


@dataclass(frozen=True)
class Game:
    """A game file as read: where it is, what it holds (``record``) and its scores.

    A ``Game`` is the file at one moment: the functions that change the file return a new
    one. Changing the file from an older ``Game`` is refused if the file changed since.
    ``record`` is the file's data as validated, to read: a game changes through the
    functions, which check and save every change.

    >>> import scoresheet
    >>> game = scoresheet.open_game("examples/classic.json")
    >>> game.kind, game.players, game.played, game.complete
    ('barbu', ('Ann', 'Bob', 'Cat', 'Dan'), 28, True)
    >>> game.deal(1)["contract"]
    'dominoes'
    """

    path: Path
    record: GameFile
    result: GameResult
    _snapshot: Snapshot = field(repr=False, compare=False)

    @property
    def kind(self) -> str:
        """The kind of game (``barbu``, ``belote`` …)."""
        return self.result.game

    @property
    def players(self) -> tuple[str, ...]:
        """The players in seating order."""
        return self.result.players

    @property
    def totals(self) -> dict[str, int]:
        """Each player's total so far."""
        return dict(self.result.totals)

    @property
    def complete(self) -> bool:
        """Whether the game is over."""
        return self.result.complete

    @property
    def played(self) -> int:
        """How many deals the file holds."""
        return len(self.result.deals)

    def deal(self, number: int) -> dict[str, object]:
        """Deal ``number`` (from 1) as the file holds it: a copy, to correct and give back
        to :func:`correct_deal`."""
        return _session.past_deal(self._opened(), _number(number))

    def _opened(self) -> _session.OpenGame:
        return _session.OpenGame(self.path, self._snapshot, self.record, self.result)


@dataclass(frozen=True)
class Correction:
    """What :func:`correct_deal` did: the game after it, and one line per field changed,
    before and after."""

    game: Game
    changes: tuple[str, ...]


@dataclass(frozen=True)
class Undone:
    """What :func:`undo_deal` did: the game after it, and the deal removed (the file's
    history keeps it too)."""

    game: Game
    removed: dict[str, object]


#: What the functions that read a game take: an open :class:`Game`, or its file's path.
GameLike: TypeAlias = Game | str | os.PathLike[str]


# --- the checks of every argument ------------------------------------------------------------


def _refuse(where: str, expected: str, value: object) -> ScoresheetError:
    got = f"{type(value).__name__} {one_line(shorten(repr(value), 80))}"
    return ScoresheetError(
        # Translators: a library function given a value of the wrong type; {got} is the
        # Python type and value given ("int 3"), {expected} one of the phrases below.
        _("{where}: expected {expected}, got {got}").format(where=where, expected=expected, got=got)
    )


def _path(value: object, where: str) -> Path:
    if isinstance(value, str | os.PathLike):
        text = os.fspath(value)
        if isinstance(text, str) and text:
            return Path(text)
    raise _refuse(where, _("a file name (a str or a Path)"), value)


def _game(value: object) -> Game:
    if isinstance(value, Game):
        return value
    if not isinstance(value, str | os.PathLike):
        raise _refuse("game", _("a game (a Game, or its file's name as a str or a Path)"), value)
    return open_game(value)


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise _refuse(where, _("a text (a str)"), value)
    return value


def _maybe_text(value: object, where: str) -> str | None:
    return None if value is None else _text(value, where)


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _refuse(where, _("True or False (a bool)"), value)
    return value


def _number(value: object, where: str = "number") -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _refuse(where, _("a whole number (an int)"), value)
    return value


def _names(value: object, where: str) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise _refuse(where, _("the players' names (a list of str)"), value)
    from scoresheet.entry import typed

    return [typed(_text(name, where)) for name in value]


def _plain(value: object, where: str) -> object:
    """``value`` as a game file could hold it (a tuple read as a list), or refused: a key
    that is not a str, a value that is not JSON data."""
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, list | tuple):
        return [_plain(item, where) for item in value]
    if isinstance(value, Mapping):
        out: dict[str, object] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise _refuse(where, _("a key that is a str"), key)
            out[key] = _plain(item, f"{where}.{key}")
        return out
    raise _refuse(where, _("data a game file holds (dict, list, str, number, bool, None)"), value)


def _data(value: object, where: str, expected: str) -> dict[str, object]:
    """A dict of ``value`` as a game file could hold it (:func:`_plain`), every text in it
    composed as a typed name is."""
    from scoresheet.names import composed

    if not isinstance(value, Mapping):
        raise _refuse(where, expected, value)
    try:
        return cast("dict[str, object]", composed(_plain(value, where), where))
    except RecursionError:
        raise ScoresheetError(
            _("{where}: nested too deeply; refused").format(where=where)
        ) from None


def _deal(value: object) -> dict[str, object]:
    return _data(value, "deal", _("a deal (a dict, as in a game file's deals)"))


def _paper(value: object) -> str:
    from scoresheet.paper import PAPERS

    if value not in PAPERS:
        raise _refuse("paper", _("a paper size (a4 or letter)"), value)
    return value


def _new_file(path: Path, force: bool) -> None:
    """Refuse a file that exists unless ``force`` (the store refuses it again on writing,
    if it appears meanwhile)."""
    if not force and os.path.lexists(path):
        raise ScoresheetError(
            _("{path} already exists (give force=True to replace it)").format(path=path)
        )


def _opened(path: Path) -> Game:
    game = _session.open_game(path)
    return Game(game.path, game.record, game.result, game.snapshot)


# --- one game ----------------------------------------------------------------------------------


def open_game(path: StrPath) -> Game:
    """Read, validate and score a game file.

    >>> import scoresheet
    >>> scoresheet.open_game("examples/belote.json").totals
    {'Ann': 769, 'Bob': 1041, 'Cat': 769, 'Dan': 1041}
    >>> scoresheet.open_game(3)
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: path: expected a file name (a str or a Path), got int 3
    """
    return _opened(_path(path, "path"))


def new_game(
    path: StrPath,
    players: Sequence[str],
    *,
    game: str | None = None,
    rules: str | None = None,
    options: Mapping[str, object] | None = None,
    first: str | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    force: bool = False,
) -> Game:
    """Create a game file (``.json``) for ``players`` in seating order, as ``scoresheet new``.

    ``game`` names the kind of game and ``rules`` a preset (``scoresheet rules list``; a
    preset alone names its game, a game alone takes its own); ``options`` change the
    preset as a game file's ``options`` do; ``first`` names who declares or deals first;
    ``teams`` the partnerships of a partnership game (default: opposite seats). An
    existing file is replaced only with ``force``.

    >>> import scoresheet, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> game = scoresheet.new_game(f"{folder}/b.json", ["Ann", "Bob", "Cat", "Dan"],
    ...                            game="belote", options={"target": 501})
    >>> game.kind, game.result.rules.name, game.played
    ('belote', 'belote', 0)
    >>> scoresheet.new_game(f"{folder}/b.json", "Ann Bob Cat")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: players: expected the players' names (a list of str), ...
    """
    from scoresheet.rules import choose_preset
    from scoresheet.store import check_output

    target = _path(path, "path")
    seats = _names(players, "players")
    changes = (
        None if options is None else _data(options, "options", _("the preset's changes (a dict)"))
    )
    if teams is not None and (isinstance(teams, str) or not isinstance(teams, Sequence)):
        raise _refuse("teams", _("the partnerships (a list of lists of names)"), teams)
    chosen = [_names(team, "teams") for team in teams or ()]
    kind, preset = choose_preset(_maybe_text(game, "game"), _maybe_text(rules, "rules"))
    lead = None if first is None else _names([first], "first")[0]
    if lead is not None and lead not in seats:
        raise ScoresheetError(_('first: "{first}" is not one of the players').format(first=lead))
    check_output(target, (".json",), pgettext("file kind", "a game file"))
    _new_file(target, _flag(force, "force"))
    _session.new_game(
        target,
        seats,
        rules=preset,
        options=changes or None,
        first=lead,
        force=force,
        game=kind,
        teams=chosen or None,
    )
    return _opened(target)


def add_deal(game: GameLike, deal: Mapping[str, object]) -> Game:
    """Add the next deal (a dict, as in a game file's ``deals``) and save; returns the game
    with it. Nothing is saved unless the whole deal is valid.

    >>> import scoresheet, tempfile
    >>> path = f"{tempfile.mkdtemp()}/g.json"
    >>> game = scoresheet.new_game(path, ["Ann", "Bob", "Cat", "Dan"])
    >>> game = scoresheet.add_deal(path, {"contract": "no-king",
    ...     "doubles": [{"by": "Bob", "double": ["Ann"]}], "result": {"king_of_hearts": "Bob"}})
    >>> game.played, game.totals["Bob"]
    (1, -40)
    >>> scoresheet.add_deal(game, ["no-king"])
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: deal: expected a deal (a dict, as in a game file's deals)...
    """
    opened = _game(game)
    _session.add_deal(opened._opened(), _deal(deal))
    return _opened(opened.path)


def correct_deal(game: GameLike, number: int, deal: Mapping[str, object]) -> Correction:
    """Replace deal ``number`` by ``deal`` (the whole deal, as :func:`add_deal` takes it:
    :meth:`Game.deal` gives the one there is) and save, after checking every later deal
    against it. The correction is kept in the file's history.

    >>> import scoresheet, tempfile
    >>> path = f"{tempfile.mkdtemp()}/g.json"
    >>> game = scoresheet.new_game(path, ["Ann", "Bob", "Cat", "Dan"])
    >>> game = scoresheet.add_deal(game, {"contract": "no-king",
    ...     "doubles": [{"by": "Bob", "double": ["Ann"]}], "result": {"king_of_hearts": "Bob"}})
    >>> deal = game.deal(1)
    >>> deal["result"] = {"king_of_hearts": "Cat"}
    >>> done = scoresheet.correct_deal(game, 1, deal)
    >>> done.changes, done.game.totals["Cat"]
    (('king_of_hearts: Bob → Cat',), -20)
    """
    opened = _game(game)
    _result, changes = _session.correct_deal(opened._opened(), _number(number), _deal(deal))
    return Correction(_opened(opened.path), tuple(changes))


def undo_deal(game: GameLike) -> Undone:
    """Remove the last deal and save; the file's history keeps it.

    >>> import scoresheet, shutil, tempfile
    >>> path = shutil.copy("examples/classic.json", tempfile.mkdtemp())
    >>> done = scoresheet.undo_deal(path)
    >>> done.game.played, done.game.complete, done.removed["contract"]
    (27, False, 'no-queens')
    """
    opened = _game(game)
    _result, removed = _session.undo_last(opened._opened())
    return Undone(_opened(opened.path), removed)


def score(game: GameLike | Mapping[str, object]) -> GameResult:
    """The scores of any game: a :class:`Game`, a game file, or a game's data (a dict, as a
    game file holds it). Every view is made from this one result.

    >>> import scoresheet
    >>> result = scoresheet.score("examples/coinche.json")
    >>> result.game, result.complete, len(result.deals)
    ('coinche', True, 8)
    >>> scoresheet.score({"format": "scoresheet-game", "version": 1, "game": "belote",
    ...                   "rules": "belote", "players": ["A", "B", "C", "D"]}).totals
    {'A': 0, 'B': 0, 'C': 0, 'D': 0}
    """
    if isinstance(game, Mapping):
        from scoresheet import record

        data = _data(game, "game", _("a game file's data (a dict)"))
        return _session.score(record.from_data(data, source="game"))
    return _game(game).result


def score_json(game: GameLike) -> Score:
    """What ``scoresheet score --json`` prints for the game: plain data, the same in every
    language (the spec's keys, typed, and each game's own).

    >>> import scoresheet
    >>> data = scoresheet.score_json("examples/rosbiratschka.json")
    >>> data["complete"], data["winner"], sorted(data["totals"]) == sorted(data["players"])
    (True, ['Cat'], True)
    """
    from scoresheet.evening.games import score_record
    from scoresheet.i18n import source_language

    opened = _game(game)
    with source_language():
        return score_record(opened.record, opened.path.name).score


def render_text(game: GameLike, view: View = "score", *, width: int = 80) -> str:
    """A view of the game as the terminal shows it, ``width`` columns wide, without colour:
    ``score`` (every deal and the totals, as ``scoresheet score``), ``sheet`` (the score
    sheet, as ``show``) or ``status`` (what the table needs before the next deal).

    >>> import scoresheet
    >>> text = scoresheet.render_text("examples/classic.json", "sheet", width=100)
    >>> "Ann" in text, max(len(line) for line in text.splitlines()) <= 100
    (True, True)
    >>> scoresheet.render_text("examples/classic.json", "table")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: view: expected score, sheet or status, got str 'table'
    """
    from scoresheet.views.term import MIN_WIDTH, Term

    if view not in ("score", "sheet", "status"):
        raise _refuse("view", _("score, sheet or status"), view)
    columns = _number(width, "width")
    if columns < MIN_WIDTH:
        raise _refuse("width", _("at least {least} columns").format(least=MIN_WIDTH), width)
    opened = _game(game)
    views = registry.part(opened.kind, "views")
    make = {"score": views.score_text, "sheet": views.sheet_text, "status": views.status_text}
    return make[view](opened.result, opened.path.name, Term(width=columns))


def render_workbook(game: GameLike, *, paper: PaperSize = "a4") -> bytes:
    """The game as a live workbook (``.xlsx``, as ``scoresheet export``): every score a
    formula, the values saved too.

    >>> import scoresheet
    >>> data = scoresheet.render_workbook("examples/yale.json", paper="letter")
    >>> data[:2]
    b'PK'
    """
    from scoresheet.sheets.audit import export as workbook

    size = _paper(paper)
    return workbook(_game(game).record, paper=size)


def render_pdf(game: GameLike, *, paper: PaperSize = "a4") -> bytes:
    """The game printed (PDF, as ``scoresheet export -o GAME.pdf``): every deal, the totals,
    the standings, the ledger and a chart.

    >>> import scoresheet
    >>> scoresheet.render_pdf("examples/belote.json")[:5]
    b'%PDF-'
    """
    from scoresheet.cli.pdf import game_pdf

    size = _paper(paper)
    return game_pdf(_game(game).record, size)


def export(
    game: GameLike, output: StrPath, *, paper: PaperSize = "a4", force: bool = False
) -> Path:
    """Write the game as a workbook or a PDF, chosen by ``output``'s extension (``.xlsx``,
    ``.pdf``); an existing file is replaced only with ``force``. Returns where it wrote.

    >>> import scoresheet, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> scoresheet.export("examples/pagat.json", f"{folder}/pagat.pdf").name
    'pagat.pdf'
    >>> scoresheet.export("examples/pagat.json", f"{folder}/pagat.pdf")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: .../pagat.pdf already exists (give force=True to replace it)
    """
    from scoresheet.store import check_output, write_new_file

    opened = _game(game)
    target = _path(output, "output")
    what = pgettext("file kind", "a workbook or a PDF")
    kind = check_output(target, (".xlsx", ".pdf"), what, inputs=[opened.path])
    _new_file(target, _flag(force, "force"))
    if kind == ".pdf":
        data = render_pdf(opened, paper=paper)
    else:
        data = render_workbook(opened, paper=paper)
    write_new_file(target, data, force=force)
    return target


# --- an evening, a season ----------------------------------------------------------------------


def _scored(games: object, *, refuse_twice: bool) -> list[ScoredGame]:
    """``games`` scored, in order: each a :class:`Game`, a game file, or a folder (every
    ``*.json`` under it, by name). A file given twice (by name, or as a Game and by name)
    is refused (``refuse_twice``) or counted once."""
    from scoresheet.evening.games import find_games, load_game, score_record

    if isinstance(games, str | os.PathLike | Game) or not isinstance(games, Sequence):
        raise _refuse("games", _("a list of games (each a Game, or a file or folder name)"), games)
    items = [g if isinstance(g, Game) else _path(g, "games") for g in games]
    paths = [i.path if isinstance(i, Game) else i for i in items]
    pending = find_games(paths, twice="refuse" if refuse_twice else "once")
    out: list[ScoredGame] = []
    for item in items:
        if isinstance(item, Game):
            if item.path in pending:  # a file given twice (a Game and its name) counts once
                pending.remove(item.path)
                out.append(score_record(item.record, str(item.path)))
            continue
        for found in find_games([item]):
            if found in pending:
                pending.remove(found)
                out.append(load_game(found))
    if not out:
        raise ScoresheetError(_("games: no game given"))
    return out


def settle(
    games: Sequence[GameLike],
    stake: Decimal | str,
    *,
    stakes: Mapping[str, Decimal | str] | None = None,
    currency: str = "",
    unit: Decimal | str = "0.01",
    ledger_only: bool = False,
    partial: bool = False,
) -> Settlement:
    """Who pays whom after a game or an evening, as ``scoresheet settle``: ``stake`` is the
    money per point (per game won in a partnership game), ``stakes`` a kind of game's own
    (``{"belote": "2"}``). A game not complete is refused unless ``partial``.

    >>> import scoresheet
    >>> s = scoresheet.settle(["examples/evening/classic-1.json",
    ...                        "examples/evening/classic-2.json"], "0.01", currency="EUR")
    >>> sum(s.balances.values()), len(s.games)
    (Decimal('0.00'), 2)
    >>> s.to_json()["payments"][0].keys()
    dict_keys(['from', 'to', 'amount'])
    """
    from scoresheet.evening import settle as settle_games
    from scoresheet.evening.stakes import parse_amount

    if stakes is not None and not isinstance(stakes, Mapping):
        raise _refuse("stakes", _("each kind of game's stake (a dict)"), stakes)
    amounts = [("stake", stake), ("unit", unit)]
    amounts += [(f"stakes[{_text(k, 'stakes')!r}]", v) for k, v in (stakes or {}).items()]
    for where, amount in amounts:
        if not isinstance(amount, Decimal | str):
            raise _refuse(where, _('an amount (a Decimal, or a str such as "0.05")'), amount)
    kinds = {k: parse_amount(v, f"stakes[{k!r}]") for k, v in (stakes or {}).items()}
    return settle_games(
        _scored(games, refuse_twice=True),
        parse_amount(stake, "stake"),
        stakes=kinds,
        currency=_text(currency, "currency"),
        unit=parse_amount(unit, "unit", largest=1000),
        ledger_only=_flag(ledger_only, "ledger_only"),
        partial=_flag(partial, "partial"),
    )


def stats(games: Sequence[GameLike], *, player: str | None = None) -> Stats:
    """Statistics over games of any mix, as ``scoresheet stats``: games in the order given,
    a folder standing for every ``*.json`` under it; ``player`` keeps one player's figures.

    >>> import scoresheet
    >>> s = scoresheet.stats(["examples/evening"], player="Ann")
    >>> list(s.players), s.players["Ann"]["games"] > 1
    (['Ann'], True)
    """
    from scoresheet.evening.stats import Season

    season = Season()
    for scored in _scored(games, refuse_twice=False):
        season.add(scored)
    return season.result(player=_maybe_text(player, "player"))
