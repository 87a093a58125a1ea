"""``night cards``: a card per table of the current round, each with its seats, its game
file, a QR code of its scoring link and its score pad; the links' tokens checked against
an HMAC computed here; bad input refused in one line with no file written."""

from __future__ import annotations

import base64
import hashlib
import hmac
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
import segno

from scoresheet.night.cards import cards
from scoresheet.night.folder import new_night
from scoresheet.night.links import SECRET_FILE, token_ok
from tests.cli_helpers import assert_one_line_error, run

BASE = "http://192.168.1.20:8000"
# Ten players at Barbu: two tables of five; two names in Chinese and Japanese characters.
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "王伟", "鈴木"]
PAIRS = ["Ann, Bob", "Cat, Dan", "Eve, Fay", "Gus, Hal", "Ivy, Jo", "Kim, Lou", "Max, Ned"]


def _night(tmp_path: Path, game: str, rules: str, lines: list[str]) -> Path:
    roster = tmp_path / "club.txt"
    roster.write_text("\n".join(lines) + "\n", encoding="utf-8")
    folder = tmp_path / "friday"
    new_night(folder, game=game, rules=rules, players_file=roster, rounds=3, seed=7)
    return folder


def _drawn(folder: Path) -> list[dict[str, object]]:
    proc = run("night", "draw", folder, "--json")
    assert proc.returncode == 0, proc.stderr
    import json

    tables: list[dict[str, object]] = json.loads(proc.stdout)["tables"]
    return tables


def _expected_link(folder: Path, round_number: int, table: int) -> str:
    """The link as the spec of the links says, computed here from the secret file."""
    key = bytes.fromhex((folder / SECRET_FILE).read_text("ascii").strip())
    mac = hmac.new(key, f"{round_number}-{table}".encode(), hashlib.sha256).digest()
    return f"{BASE}/t/{round_number}-{table}?k=" + base64.urlsafe_b64encode(mac[:12]).decode()


def test_one_card_per_table_with_its_seats_file_and_link(tmp_path: Path) -> None:
    folder = _night(tmp_path, "barbu", "classic", PLAYERS)
    number, made = cards(folder, BASE)
    drawn = _drawn(folder)
    assert number == 1
    assert len(made) == len(drawn) == 2
    for card, table in zip(made, drawn, strict=True):
        players = list(table["players"])  # type: ignore[call-overload]
        assert card.table == table["table"]
        assert list(card.players) == players
        assert card.game_file == f"round-01/table-{card.table:02d}.json"
        seats = ", ".join(f"{i} {p}" for i, p in enumerate(players, start=1))
        assert f"Seating order: {seats}. {players[0]} declares and deals first." in card.doc.lines
        assert card.doc.title == f"friday: table {card.table}"
        assert f"Round 1 of 3, table {card.table}" in card.doc.lines
        assert "Game: Barbu, rules classic-5" in card.doc.lines
        assert card.link == _expected_link(folder, 1, card.table)
        # The QR code printed is the link's: the same modules as segno makes of it.
        assert card.doc.code is not None
        want = tuple(tuple(bool(m) for m in row) for row in segno.make(card.link).matrix)
        assert card.doc.code.modules == want
        # The pad under it: a grid of the table's players (the pad blank prints).
        heads = [g.title for g in card.doc.grid.groups if g.title]
        assert heads == players
    # The secret: its owner's only, made once; the links the same the next time.
    mode = stat.S_IMODE((folder / SECRET_FILE).stat().st_mode)
    assert mode == 0o600
    assert [c.link for c in cards(folder, BASE + "/")[1]] == [c.link for c in made]
    assert token_ok(folder, 1, 2, made[1].link.split("k=")[1])
    assert not token_ok(folder, 1, 1, made[1].link.split("k=")[1])


def test_a_pairs_card_seats_partners_opposite_says_who_deals_and_speaks(tmp_path: Path) -> None:
    folder = _night(tmp_path, "belote", "belote", PAIRS[:4])
    _number, made = cards(folder, BASE)
    assert len(made) == 2
    for card in made:
        a1, b1, a2, b2 = card.players
        assert {frozenset((a1, a2)), frozenset((b1, b2))} <= {
            frozenset(p.split(", ")) for p in PAIRS
        }
        # The dealer first; the auction opens on the dealer's right (the last seat).
        assert f"{a1} deals first, {b2} speaks first." in card.doc.lines[1]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_the_pdf_shows_every_tables_players_and_round(tmp_path: Path) -> None:
    folder = _night(tmp_path, "barbu", "classic", PLAYERS)
    out = tmp_path / "cards.pdf"
    proc = run("night", "cards", folder, "-o", out, "--url", BASE)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"wrote {out} (round 1)"
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = text.split("\f")
    drawn = _drawn(folder)
    # A card's first page has its lines; a long pad goes on over a page of its own.
    starts = [i for i, page in enumerate(pages) if "Round 1 of 3, table" in page]
    assert len(starts) == len(drawn)
    for start, table in zip(starts, drawn, strict=True):
        page = pages[start]
        assert page.lstrip().startswith(f"friday: table {table['table']}\n")
        assert f"friday: table {table['table']}" in page
        assert f"Round 1 of 3, table {table['table']}" in page
        for name in table["players"]:  # type: ignore[attr-defined]
            assert name in page  # 王伟 and 鈴木 too: drawn in a CJK face
        assert f"round-01/table-{table['table']:02d}.json" in page
    # After the round closes, the cards are the next round's.
    assert run("night", "next", folder).returncode == 0
    again = run("night", "cards", folder, "-o", out, "--url", BASE, "--force")
    assert again.returncode == 0, again.stderr
    text = subprocess.run(
        ["pdftotext", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Round 2 of 3, table 1" in text and "Round 1 of 3" not in text


def test_bad_input_is_refused_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    folder = _night(tmp_path, "barbu", "classic", PLAYERS)
    out = tmp_path / "cards.pdf"
    line = assert_one_line_error(run("night", "cards", tmp_path / "nope", "-o", out))
    assert "no such night" in line and "nope" in line
    assert not out.exists()
    missing = tmp_path / "no-folder" / "cards.pdf"
    line = assert_one_line_error(run("night", "cards", folder, "-o", missing, "--url", BASE))
    assert "no such folder" in line and not missing.parent.exists()
    out.write_bytes(b"mine")
    line = assert_one_line_error(run("night", "cards", folder, "-o", out, "--url", BASE))
    assert "already exists" in line and "--force" in line
    assert out.read_bytes() == b"mine"
    line = assert_one_line_error(run("night", "cards", folder, "-o", tmp_path / "c.txt"))
    assert ".pdf" in line and not (tmp_path / "c.txt").exists()
    new = tmp_path / "new.pdf"
    line = assert_one_line_error(run("night", "cards", folder, "-o", new, "--url", "ftp://x"))
    assert "--url" in line and not new.exists()
    line = assert_one_line_error(run("night", "cards", folder, "-o", new, "--paper", "a3"))
    assert "--paper" in line and not new.exists()
    # --force replaces the file that is there.
    proc = run("night", "cards", folder, "-o", out, "--url", BASE, "--force")
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils)")
def test_the_printed_qr_code_is_the_links(tmp_path: Path) -> None:
    """The QR code as printed: each module's centre, read off the page at 300 dpi, is dark
    exactly where segno's matrix of the link (computed here) is, its quiet zone white."""
    from PIL import Image

    folder = _night(tmp_path, "barbu", "classic", PLAYERS)
    out = tmp_path / "cards.pdf"
    assert run("night", "cards", folder, "-o", out, "--url", BASE).returncode == 0
    subprocess.run(
        ["pdftoppm", "-r", "300", "-f", "1", "-l", "1", "-gray", str(out), str(tmp_path / "p")],
        check=True,
    )
    page = Image.open(next(tmp_path.glob("p*.pgm")))
    width, height = page.size
    px_per_mm = width / (297.0 if width > height else 210.0)
    matrix = segno.make(_expected_link(folder, 1, 1)).matrix
    n, quiet, size, margin = len(matrix), 4, 34.0, 8.0
    module = size / (n + 2 * quiet)
    left = width / px_per_mm - margin - size
    wrong = 0
    for r in range(-quiet, n + quiet):
        for c in range(-quiet, n + quiet):
            x = (left + (quiet + c + 0.5) * module) * px_per_mm
            y = (margin + (quiet + r + 0.5) * module) * px_per_mm
            dark = page.getpixel((int(x), int(y))) < 128  # type: ignore[operator]
            wrong += dark != (0 <= r < n and 0 <= c < n and bool(matrix[r][c]))
    assert wrong == 0
