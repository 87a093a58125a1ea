"""The table cards of a night's round (``night cards NIGHT -o cards.pdf``).

One card per table of the current round, each on a page of its own: the night, the round
and the table, the seats in playing order (who declares or deals first), the game and its
rules, the table's game file, a QR code of the table's scoring link
(:mod:`scoresheet.night.links`; it works once ``serve NIGHT`` runs), and under them the
table's score pad: the very pad ``blank -o PAD.pdf`` prints for that game and those
players (the game's own ``paper.py``, as :mod:`scoresheet.cli.pdf` builds it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoresheet import record, registry
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _, pgettext
from scoresheet.night.folder import current_round, load
from scoresheet.night.links import table_link
from scoresheet.paper.model import Code, Doc
from scoresheet.views.common import initials


@dataclass(frozen=True, slots=True)
class Card:
    """One table's card: its number, seats (playing order), game file, link and page."""

    table: int
    players: tuple[str, ...]
    game_file: str
    link: str
    doc: Doc


def night_name(folder: Path) -> str:
    """The night as a card names it: its folder's name."""
    return folder.resolve().name or str(folder)


def qr_code(link: str) -> Code:
    """The QR code of ``link`` (segno, never a Micro QR), as the document prints it."""
    import segno

    matrix = segno.make(link, micro=False).matrix
    return Code(tuple(tuple(bool(m) for m in row) for row in matrix))


def _blank(folder: Path, game_file: str) -> Any:
    """The table's game file with no deals: its players, rules, options and teams."""
    data = record.to_data(record.load(folder / game_file))
    data["deals"] = []
    return record.from_data(data, source=game_file)


def _seats(players: list[str], result: Any) -> str:
    """The seating order and who deals first; who speaks first in the auction (Belote,
    Coinche), or who declares first (Barbu)."""
    seats = ", ".join(f"{i} {name}" for i, name in enumerate(players, start=1))
    dealer = getattr(result, "next_dealer", None) or players[0]
    speaker = getattr(result, "first_to_speak", None)
    declarer = getattr(result, "next_declarer", None)
    if speaker is not None:
        text = _("Seating order: {seats}. {dealer} deals first, {first} speaks first.")
        return text.format(seats=seats, dealer=dealer, first=speaker)
    # A declarer who chooses the deal's contract (Barbu); where the contracts come in a
    # fixed order (Rosbiratschka) nobody declares.
    chooses = declarer is not None and len(result.contracts_left(declarer)) > 1
    if chooses and declarer != dealer:
        text = _("Seating order: {seats}. {declarer} declares first, {dealer} deals first.")
        return text.format(seats=seats, declarer=declarer, dealer=dealer)
    if chooses:
        text = _("Seating order: {seats}. {name} declares and deals first.")
        return text.format(seats=seats, name=dealer)
    text = _("Seating order: {seats}. {name} deals first.")
    return text.format(seats=seats, name=dealer)


def pad_doc(blank: Any) -> tuple[Doc, Any]:
    """The score pad of a game file's record with no deals (the game's own ``pad``, the
    one ``blank -o PAD.pdf`` prints), with the players' initials, and its scoring result."""
    game = blank.get("game", registry.DEFAULT_GAME)
    result = registry.part(game, "score").score_game(blank)
    doc = registry.part(game, "paper").pad(result)
    if not doc.initials:
        doc.initials = initials(list(result.players))
    return doc, result


def card(
    folder: Path, night: dict[str, Any], number: int, table: dict[str, Any], base: str
) -> Card:
    """The card of one ``table`` (an entry of the round's draw) of round ``number``."""
    players = list(table["players"])
    name = night_name(folder)
    link = table_link(base, folder, number, table["table"])
    pad, result = pad_doc(_blank(folder, table["game"]))
    rules = night["tables"].get(str(len(players)), night["rules"])
    lines = [
        _("Round {number} of {rounds}, table {table}").format(
            number=number, rounds=night["rounds"], table=table["table"]
        ),
        _seats(players, result),
        _("Game: {game}, rules {rules}").format(
            game=registry.shown_title(night["game"]), rules=rules
        ),
        _("Game file: {file}").format(file=table["game"]),
        _("Scoring link (it works once “scoresheet serve {night}” runs): {link}").format(
            night=name, link=link
        ),
        *pad.lines,
    ]
    pad.title = _("{night}: table {table}").format(night=name, table=table["table"])
    pad.lines = lines
    pad.code = qr_code(link)
    return Card(table["table"], tuple(players), table["game"], link, pad)


def cards(folder: Path, base: str) -> tuple[int, list[Card]]:
    """The round being played and the card of each of its tables, for the links at
    ``base``."""
    night = load(folder)
    number = current_round(night)
    tables = night["draws"][number - 1]["tables"]
    return number, [card(folder, night, number, t, base) for t in tables]


def check_output(path: Path, *, force: bool) -> None:
    """Refuse, before anything is made: a name not ending in .pdf, a folder that does not
    exist, and a file there already without ``force`` (or anything but a file)."""
    from scoresheet.fileinfo import already_exists
    from scoresheet.store import check_output as check_name

    check_name(path, (".pdf",), pgettext("file kind", "a PDF"))
    if not path.parent.is_dir():
        raise ScoresheetError(_("{path}: cannot write: no such folder").format(path=path))
    if path.exists() and not force:
        raise ScoresheetError(already_exists(path))


def default_base(port: int = 8000) -> str:
    """Where ``serve NIGHT --lan`` will be found: this machine's address on the local
    network (found as ``serve --lan`` finds it), else this machine itself."""
    from scoresheet.night.links import DEFAULT_BASE
    from scoresheet.serve.command import lan_address

    address = lan_address()
    return f"http://{address}:{port}" if address else DEFAULT_BASE


def cards_pdf(folder: Path, base: str, paper: str = "a4") -> tuple[int, bytes]:
    """The round being played and its cards' PDF."""
    from scoresheet.paper.render import render_all

    number, made = cards(folder, base)
    return number, render_all([c.doc for c in made], paper)
