"""Long and wide player names on paper: every pad and every game printed, on A4 and
Letter, read back with poppler as a reader would see them.

Names may be up to 40 characters. Whatever the name, every word lies inside the page
(with room for a printer's edge), no text runs into its neighbour's or is cut with
"…", every name is printed whole somewhere and, where a column is too narrow for it,
its initials stand in and the legend says whose they are; the doubling ledger keeps
every amount.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record, registry
from scoresheet.rules import list_presets, load_preset
from scoresheet.views.common import initials
from tests.cli_helpers import run
from tests.paper_helpers import (
    A4,
    LETTER,
    MIN_BOX,
    off_the_page,
    overlapping,
    page_sizes,
    pages,
    text,
    words,
)

ROOT = Path(__file__).resolve().parents[1]
PRESETS = sorted(p for game in registry.names() for p in list_presets(game))
NAMES = {
    # The tester's names: 38 to 40 characters, in words.
    "long": [
        "Alexandra Konstantinopoulou-Papadimitri",
        "Bartholomew Fitzwilliam-Montgomery III",
        "Catherine Wolstenholme-Featherstonehaugh",
        "Daniel Maximilian Oppenheimer-Rothschild",
        "Evangeline Saint-John Montmorency-Delacy",
        "Frederica Winterbottom-Smythe de la Tour",
    ],
    # 40 of the widest letters, in one word; two initials each for the first four.
    "wide": ["W" * 40, "M" * 40, "WM" * 20, "MW" * 20, "Æ" * 40, "Œ" * 40],
}
# Every game's example under its default preset, and three players.
EXAMPLES = ["rosbiratschka-3", *(registry.game(g).preset for g in registry.names())]
MM = 72 / 25.4
EDGE = 4 * MM  # a printer's edge: nothing closer to the paper's edge than 4 mm


def _renamed(data: Any, names: dict[str, str]) -> Any:
    """The game with every player's name changed, wherever it stands."""
    if isinstance(data, str):
        return names.get(data, data)
    if isinstance(data, list):
        return [_renamed(x, names) for x in data]
    if isinstance(data, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in data.items()}
    return data


def _flat(path: Path) -> str:
    """The PDF's text in reading order, every run of white space one space."""
    return " ".join(text(path, layout=False).split())


def _assert_reads_whole(path: Path, players: list[str], paper: str) -> None:
    assert page_sizes(path) <= (A4 if paper == "a4" else LETTER)
    assert off_the_page(path, EDGE) == []
    assert overlapping(path) == []
    content = text(path)
    cut = re.compile(r"\w…")  # "[…]" is Caribbean All Fours' own sign, not a cut
    assert not cut.search(content), [line for line in content.splitlines() if cut.search(line)]
    for name in players:
        assert name in content, f"{name} is not printed whole"
    flat = _flat(path)
    for name, tag in initials(players).items():
        assert f"{tag} = {name}" in flat, f"no legend for {tag}"
    for word, height in words(path):
        assert height >= MIN_BOX, f"{word!r} printed {height:.1f} pt high"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("names", sorted(NAMES))
@pytest.mark.parametrize("preset", PRESETS)
def test_a_pad_with_long_names_fits_the_page(
    tmp_path: Path, preset: str, names: str, paper: str
) -> None:
    from scoresheet.cli.pdf import pad_pdf

    players = NAMES[names][: load_preset(preset).players]
    path = tmp_path / "pad.pdf"
    path.write_bytes(pad_pdf(players, preset, paper))
    _assert_reads_whole(path, players, paper)
    assert pages(path) <= 2


@pytest.fixture(scope="module")
def printed(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[tuple[str, str, str], tuple[Path, list[str]]]:
    """Each example printed with long and wide names, on A4 and Letter, and its players."""
    from scoresheet.cli.pdf import game_pdf

    out = tmp_path_factory.mktemp("long-names")
    made = {}
    for example in EXAMPLES:
        data = json.loads((ROOT / "examples" / f"{example}.json").read_text("utf-8"))
        for names in NAMES:
            players = NAMES[names][: len(data["players"])]
            renamed = _renamed(data, dict(zip(data["players"], players, strict=True)))
            game = out / f"{example}-{names}.json"
            game.write_text(json.dumps(renamed), encoding="utf-8")
            for paper in ("a4", "letter"):
                path = out / f"{example}-{names}-{paper}.pdf"
                path.write_bytes(game_pdf(record.load(game), paper))
                made[example, names, paper] = (path, players)
    return made


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("names", sorted(NAMES))
@pytest.mark.parametrize("example", EXAMPLES)
def test_a_printed_game_with_long_names_fits_the_page(
    printed: dict[tuple[str, str, str], tuple[Path, list[str]]],
    example: str,
    names: str,
    paper: str,
) -> None:
    path, players = printed[example, names, paper]
    _assert_reads_whole(path, players, paper)


@pytest.mark.parametrize("names", sorted(NAMES))
def test_the_ledger_keeps_every_pair_and_amount_with_long_names(
    printed: dict[tuple[str, str, str], tuple[Path, list[str]]], names: str
) -> None:
    game = printed["classic", names, "a4"][0].parent / f"classic-{names}.json"
    scored = run("score", game, "--json")
    assert scored.returncode == 0, scored.stderr
    pairs = json.loads(scored.stdout)["ledger"]["pairs"]
    tags = initials(json.loads(scored.stdout)["players"])
    for paper in ("a4", "letter"):
        content = text(printed["classic", names, paper][0])
        ledger = content.split("Doubling ledger", 1)[1]
        for pair in pairs:
            a, b = pair["players"]
            net = pair["net"][a]
            won = (
                f"{tags[a]} won {net} from {tags[b]}"
                if net > 0
                else f"{tags[b]} won {-net} from {tags[a]}"
                if net < 0
                else "even"
            )
            row = rf"{re.escape(tags[a])}\s*–\s*{re.escape(tags[b])}\s+{pair['bets']}\s+"
            row += rf"{pair['redoubles']}\s+{re.escape(won)}"
            assert re.search(row, ledger), (paper, row, ledger)


def test_a_cell_too_narrow_even_for_initials_wraps_and_keeps_its_numbers(tmp_path: Path) -> None:
    """Without initials to fall back on (a document rendered directly), a cell wraps in
    its row and, past that, its longest names are cut: never a number."""
    from scoresheet.paper.model import Block, Column, Doc, Grid
    from scoresheet.paper.render import render

    long = NAMES["long"]
    net = f"{long[0]} won 108 from {long[2]} and 2 from {long[3]}"
    ledger = Grid(
        [Column("pair", 40, "L"), Column("bets", 12), Column("net", 60, "L")],
        [],
        [Block([[f"{long[0]} – {long[1]}", "18", net], ["W" * 40, "7", f"{'M' * 40} 12"]])],
        row_height=6.0,
        font=8.5,
    )
    path = tmp_path / "ledger.pdf"
    path.write_bytes(render(Doc(title="Ledger", lines=[", ".join(long)], grid=ledger)))
    assert off_the_page(path, EDGE) == [] and overlapping(path) == []
    flat = _flat(path)
    for number in ("18", "108", " 2 ", "7", "12"):
        assert number in flat, number
    assert "won" in flat and "from" in flat
    for word, height in words(path):
        assert height >= MIN_BOX, f"{word!r} printed {height:.1f} pt high"
