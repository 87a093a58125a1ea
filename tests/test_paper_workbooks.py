"""Workbooks on paper: every game's blank and exported workbooks, printed to PDF by
LibreOffice (one start for the whole module) and measured with poppler.

What a printed sheet must be: on A4 (or Letter when asked), no text under 7 pt, no
error value visible, the players on it, and a chart that stops at the last deal played.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.rules import list_presets, load_preset
from scoresheet.sheets.audit import blank, export
from tests.paper_helpers import A4, LETTER, MIN_BOX, page_sizes, render, text, visible, words
from tests.sheets_helpers import recalculate

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(registry.names())
PRESETS = sorted(p for game in GAMES for p in list_presets(game))
NAMES = ["Zoë", "Jérôme", "Ågot", "Łukasz", "Chloé", "Ümit"]  # up to six players
EXAMPLES = [registry.game(g).preset for g in GAMES]  # each game's default preset
ERRORS = r"#N/A|Err:|#VALUE!|#REF!|#NAME\?|#DIV/0!"


def _blank(preset: str, paper: str = "a4") -> bytes:
    players = NAMES[: load_preset(preset).players]
    data: bytes = blank(load_preset(preset).game, players, preset, paper=paper)
    return data


def _export(record: object) -> bytes:
    game = rec.from_data(record)
    data: bytes = export(game)
    return data


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every workbook of the module, printed to PDF by LibreOffice in one batch."""
    work = tmp_path_factory.mktemp("workbooks")
    books: dict[str, bytes] = {f"blank-{p}": _blank(p) for p in PRESETS}
    books["blank-letter"] = _blank("classic", "letter")
    for name in EXAMPLES:
        data = json.loads((ROOT / "examples" / f"{name}.json").read_text(encoding="utf-8"))
        books[f"game-{name}"] = _export(data)
        if name == "classic":
            data["deals"] = data["deals"][:10]
            books["game-classic-10"] = _export(data)
    paths = []
    for name, data in books.items():
        path = work / f"{name}.xlsx"
        path.write_bytes(data)
        paths.append(path)
    out = recalculate(paths, work / "pdf", work / "profile", to="pdf")
    return {p.stem: pdf for p, pdf in out.items()}


@pytest.mark.parametrize("preset", PRESETS)
def test_a_blank_workbook_prints_on_a4_legibly_with_its_players(
    printed: dict[str, Path], preset: str, tmp_path: Path
) -> None:
    path = printed[f"blank-{preset}"]
    assert page_sizes(path) <= A4
    content = text(path)
    for name in NAMES[: load_preset(preset).players]:
        assert name in content
    small = [(w, round(h, 1)) for w, h in words(path) if h < MIN_BOX]
    assert not small, small[:5]
    assert not visible(path, ERRORS, tmp_path)


@pytest.mark.parametrize("name", [*EXAMPLES, "classic-10"])
def test_an_exported_workbook_prints_on_a4_legibly_without_errors(
    printed: dict[str, Path], name: str, tmp_path: Path
) -> None:
    path = printed[f"game-{name}"]
    assert page_sizes(path) <= A4
    small = [(w, round(h, 1)) for w, h in words(path) if h < MIN_BOX]
    assert not small, small[:5]
    assert not visible(path, ERRORS, tmp_path)


def test_letter_when_asked(printed: dict[str, Path]) -> None:
    assert page_sizes(printed["blank-letter"]) <= LETTER


def _line_ends(path: Path, outdir: Path) -> tuple[int, int]:
    """Where the chart's lines end: the height (in pixels) over which the coloured
    pixels at the right end of the plot spread, and the plot's width.

    The lines are the only strongly coloured pixels on the sheets (everything else is
    black, grey or a pale fill, whose darkest channel is above 150); the plot is the
    widest unbroken run of pixel columns holding them (the legend's short marks beside
    it make runs of their own).
    """
    from PIL import Image

    best: list[tuple[int, list[int]]] = []
    for image_path in render(path, outdir, dpi=50):
        with Image.open(image_path) as opened:
            image = opened.convert("RGB")
            width, height = image.size
            pixels = image.load()
            assert pixels is not None
            run: list[tuple[int, list[int]]] = []
            for x in range(width + 1):
                ys = []
                for y in range(height if x < width else 0):
                    r, g, b = pixels[x, y]  # type: ignore[misc]
                    if max(r, g, b) - min(r, g, b) > 60 and min(r, g, b) < 140:
                        ys.append(y)
                if ys:
                    run.append((x, ys))
                    continue
                if len(run) > len(best):
                    best = run
                run = []
    assert len(best) > 20, f"no chart line found in {path.name}"
    end = [y for _, ys in best[-3:] for y in ys]
    return max(end) - min(end), len(best)


def test_the_chart_of_a_game_in_progress_stops_at_the_last_deal_played(
    printed: dict[str, Path], tmp_path: Path
) -> None:
    """After 10 deals of 28 the lines end where the players stand (Ann +209, Cat −137),
    far apart, as after the full game.

    Before, the chart covered every row and LibreOffice drew the #N/A of the 18 rows
    still to play as 0: every line fell to the zero line and ran along it to deal 28,
    so the lines ended together.
    """
    spread, plot = _line_ends(printed["game-classic-10"], tmp_path / "part")
    assert spread > 0.15 * plot, (spread, plot)
    spread, plot = _line_ends(printed["game-classic"], tmp_path / "full")
    assert spread > 0.15 * plot, (spread, plot)


def test_group_headings_are_merged_and_sized() -> None:
    """Belote's Results headings span their columns; All Fours' Scores headings have the
    height their three lines need; Barbu's Doubles columns share one width."""
    import io

    from openpyxl import load_workbook

    from scoresheet.games.barbu.sheet.layout import DOUBLES, Layout

    players = ["Ann", "Bob", "Cat", "Dan"]
    belote = load_workbook(io.BytesIO(_blank("belote")))
    assert {"E2:F2", "G2:I2", "J2:K2"} <= {str(r) for r in belote["Results"].merged_cells.ranges}
    assert belote["Results"]["E3"].value == "Zoë & Ågot"  # the team, under "Card points"
    fours = load_workbook(io.BytesIO(_blank("caribbean-all-fours")))
    height = fours["Scores"].row_dimensions[3].height
    assert height is not None and height >= 40
    from scoresheet.games.barbu.sheet.render import blank_workbook

    barbu = load_workbook(io.BytesIO(blank_workbook(players, "classic")))
    lay = Layout(players, load_preset("classic"))
    widths = {
        barbu[DOUBLES].column_dimensions[chr(64 + c)].width
        for c in range(4, min(lay.doubles_width, 26) + 1)
    }
    assert len(widths) == 1, widths
    # ...the width of a name or a score, not of the ledger's headings under the deals.
    assert widths.pop() < 12


def test_a_blank_charts_axis_reads_distinct_values(printed: dict[str, Path]) -> None:
    """An empty chart's axis used the cells' format "+0;-0;0": it read "+1, +1, +1, 0".

    (LibreOffice also leaves clipped copies of a chart's words on neighbouring pages:
    the chart is the page with the most tick labels.)"""
    from tests.paper_helpers import page_words

    found: list[list[str]] = []
    for page in page_words(printed["blank-classic"]):
        names = [w for w, *_ in page]
        if "Running" in names:
            after = names[names.index("Running") :]
            labels = [w for w in after if re.fullmatch(r"[+−-]\d+(\.\d+)?|0", w)]
            found.append(labels[: labels.index("0") + 1] if "0" in labels else labels)
    assert found, "no chart found in the blank workbook"
    ticks = max(found, key=len)
    assert len(ticks) >= 3 and len(set(ticks)) == len(ticks), ticks
