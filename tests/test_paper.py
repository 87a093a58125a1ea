"""PDF score pads and printed games, measured with poppler as a reader would see them.

Every game and preset gets a pad (``blank -o PAD.pdf``); every example game is printed
(``export GAME.json -o GAME.pdf``) and its numbers are compared with ``score --json``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scoresheet import registry
from scoresheet.rules import list_presets, load_preset
from tests.cli_helpers import assert_one_line_error, run
from tests.paper_helpers import A4, LETTER, MIN_BOX, page_sizes, pages, render, text, words

ROOT = Path(__file__).resolve().parents[1]
PRESETS = sorted(p for game in registry.names() for p in list_presets(game))
# Accented names and a name the font must carry as well as the suits.
NAMES = ["Zoë", "Jérôme", "Ågot", "Łukasz", "Chloé", "Ümit"]  # up to six players
# Each game's example under its default preset, and Ravage City's (another pad).
EXAMPLES = ["ravage-city", *(registry.game(g).preset for g in registry.names())]
MINUS = "−"


def _players(preset: str) -> list[str]:
    return NAMES[: load_preset(preset).players]


def _number(token: str) -> int:
    return int(token.replace(MINUS, "-").lstrip("+"))


def _numbers(line: str) -> list[int]:
    return [_number(t) for t in line.split() if re.fullmatch(rf"[+{MINUS}-]?\d+", t)]


@pytest.fixture(scope="module")
def pads(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every preset's pad: the classic one through the command, the rest through the
    library call the command makes (one process: the test stays fast)."""
    from scoresheet.cli.pdf import pad_pdf

    out = tmp_path_factory.mktemp("pads")
    made = {}
    for preset in PRESETS:
        path = out / f"{preset}.pdf"
        players = ",".join(_players(preset))
        if preset == "classic":
            proc = run("blank", "-o", path, "--players", players, "--rules", preset)
            assert proc.returncode == 0, proc.stderr
        else:
            path.write_bytes(pad_pdf(_players(preset), preset))
        made[preset] = path
    return made


@pytest.mark.parametrize("preset", PRESETS)
def test_every_pad_fits_two_pages_of_a4_with_its_players_and_dealers(
    pads: dict[str, Path], preset: str
) -> None:
    path = pads[preset]
    assert pages(path) <= 2
    assert page_sizes(path) <= A4
    content = text(path)
    for name in _players(preset):
        assert name in content, name
    assert "Date:" in content
    for word, height in words(path):
        assert height >= MIN_BOX, f"{word!r} printed {height:.1f} pt high"


def test_a_classic_pad_for_four_is_one_landscape_page_with_check_totals(
    pads: dict[str, Path],
) -> None:
    path = pads["classic"]
    assert pages(path) == 1
    assert page_sizes(path) == {(842, 595)}
    content = text(path)
    # Every deal's declarer and dealer, block by block (dealer = declarer in classic).
    for k, name in enumerate(_players("classic")):
        assert f"{name} declares, {name} deals (deals {7 * k + 1}–{7 * k + 7})" in content
    # Each contract's row carries its check total (the rules page: −26, −30, −24, −20,
    # −30, +65, +65), once per declarer.
    for contract, total in [
        ("No Tricks", "−26"),
        ("No Hearts", "−30"),
        ("No Queens", "−24"),
        ("No King of Hearts", "−20"),
        ("No Last Two", "−30"),
        ("Trumps", "+65"),
        ("Dominoes", "+65"),
    ]:
        rows = [
            line
            for line in content.splitlines()
            if re.search(rf"\b{contract}\s+{re.escape(total)}\b", line)
        ]
        assert sum(line.count(total) for line in rows) == 4, (contract, rows)
    assert "A♥" in content  # the legend's values, in a font that has the suits


def test_five_players_and_salad_fit_two_pages(pads: dict[str, Path]) -> None:
    assert pages(pads["salad-5"]) <= 2
    assert pages(pads["salad"]) <= 2
    content = text(pads["salad-5"])
    for name in _players("salad-5"):
        assert f"{name} declares" in content


def test_race_pads_print_every_dealer_in_turn(pads: dict[str, Path]) -> None:
    belote = text(pads["belote"])
    # Belote deals pass to the right: Zoë, Łukasz, Ågot, Jérôme, Zoë, …
    order = ["Zoë", "Łukasz", "Ågot", "Jérôme"]
    rows = [line.split() for line in belote.splitlines() if re.match(r"\s*\d+\s+\S", line)]
    assert [r[1] for r in rows[:8]] == order * 2
    assert "dix de der" in belote
    fours = text(pads["caribbean-all-fours"])
    rows = [line.split() for line in fours.splitlines() if re.match(r"\s*\d+\s+\S", line)]
    # All Fours also passes the deal to the right (examples/caribbean-all-fours.json).
    assert [r[1] for r in rows[:8]] == order * 2
    for kind in ("kick", "high", "low", "jack", "game"):
        assert kind in fours


def test_letter_paper(tmp_path: Path) -> None:
    path = tmp_path / "pad.pdf"
    proc = run("blank", "-o", path, "--players", "Ann,Bob,Cat,Dan", "--paper", "letter")
    assert proc.returncode == 0, proc.stderr
    assert page_sizes(path) == {(792, 612)} and page_sizes(path) <= LETTER
    assert pages(path) == 1


# -- printed games ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, Any]]]:
    """Each example printed by ``export -o GAME.pdf`` (classic) or the library call it
    makes (the others), with what ``score --json`` says of it."""
    from scoresheet import record
    from scoresheet.cli.pdf import game_pdf

    out = tmp_path_factory.mktemp("printed")
    made = {}
    for name in EXAMPLES:
        game = ROOT / "examples" / f"{name}.json"
        path = out / f"{name}.pdf"
        if name == "classic":
            proc = run("export", game, "-o", path)
            assert proc.returncode == 0, proc.stderr
            scored = run("score", game, "--json")
            assert scored.returncode == 0, scored.stderr
            made[name] = (path, json.loads(scored.stdout))
        else:
            rec = record.load(game)
            path.write_bytes(game_pdf(rec))
            scorer = registry.part(rec.get("game", registry.DEFAULT_GAME), "score")
            as_json = scorer.to_json(scorer.score_game(rec))
            made[name] = (path, json.loads(json.dumps(as_json)))
    return made


def _total_line(content: str) -> list[int]:
    lines = [line for line in content.splitlines() if re.match(r"\s*Total\s", line)]
    assert len(lines) == 1, lines
    return _numbers(lines[0])


@pytest.mark.parametrize("name", ["classic", "ravage-city"])
def test_a_printed_barbu_game_agrees_with_score_json(
    printed: dict[str, tuple[Path, dict[str, Any]]], name: str
) -> None:
    path, scored = printed[name]
    content = text(path)
    players = scored["players"]
    run_totals = dict.fromkeys(players, 0)
    for deal in scored["deals"]:
        n = deal["number"]
        assert f"{deal['declarer']} declares, {deal['dealer']} deals" in content
        lines = [
            line
            for line in content.splitlines()
            if re.match(rf"\s*{n}\s+{deal['contract']}\b", line)
        ]
        assert len(lines) == 1, (n, lines)
        got = _numbers(lines[0].split(deal["contract"], 1)[1])
        for p in players:
            run_totals[p] += deal["score"][p]
        expected = [v for p in players for v in (deal["score"][p], run_totals[p])]
        assert got == [*expected, deal["total"]], (n, lines[0])
    totals = [scored["totals"][p] for p in players]
    assert _total_line(content) == [*totals, sum(totals)]
    assert "Doubling ledger" in content and "Standings" in content
    for pair in scored.get("ledger", {}).get("pairs", []):
        assert f"{pair['players'][0]} – {pair['players'][1]}" in content
    for word, height in words(path):
        assert height >= MIN_BOX, f"{word!r} printed {height:.1f} pt high"


def test_printed_rosbiratschka_belote_and_all_fours_agree_with_score_json(
    printed: dict[str, tuple[Path, dict[str, Any]]],
) -> None:
    path, scored = printed["rosbiratschka"]
    content = text(path)
    for deal in scored["deals"]:
        line = next(
            line
            for line in content.splitlines()
            if re.match(rf"\s*{deal['number']}\s+{deal['dealer']}\s", line)
        )
        assert deal["contract"] in line
    totals = [scored["totals"][p] for p in scored["players"]]
    assert _total_line(content) == [*totals, sum(totals)]
    for name in ("belote", "caribbean-all-fours"):
        path, scored = printed[name]
        content = text(path)
        for deal in scored["deals"]:
            line = next(
                line
                for line in content.splitlines()
                if re.match(rf"\s*{deal['number']}\s+{deal['dealer']}\s", line)
            )
            if name == "belote":  # outcome, score and running per team, then a note
                got = _numbers(line.split(f" {deal['outcome']} ", 1)[1])[:4]
                assert got == [*deal["team_score"], *deal["running"]], (name, line)
            else:  # the points in scoring order, then the running scores
                assert _numbers(line)[-2:] == list(deal["running"]), (name, line)
        assert _total_line(content) == list(scored["team_totals"])
    assert pages(path) <= 3


def test_a_game_in_progress_prints_what_has_been_played(tmp_path: Path) -> None:
    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:10]
    game = tmp_path / "part.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "part.pdf"
    assert run("export", game, "-o", out).returncode == 0
    content = text(out)
    assert "10 of 28 deals played" in content
    assert not re.search(r"^\s*11\s", content, re.M)
    images = render(out, tmp_path / "png")
    assert len(images) == pages(out)


# -- refusals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--paper", "a3"], '"a3" is not a paper size'),
        (["-o", "PAD.docx"], "must end in .xlsx or .pdf"),
    ],
)
def test_bad_paper_or_format_is_one_line_and_writes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    output = ["-o", "PAD.pdf"] if "-o" not in args else []
    proc = run("blank", *output, *args, "--players", "Ann,Bob,Cat,Dan", cwd=tmp_path)
    assert message in assert_one_line_error(proc)
    assert list(tmp_path.iterdir()) == []
    game = ROOT / "examples" / "classic.json"
    proc = run("export", game, "-o", tmp_path / "x.pdf", "--paper", "tabloid")
    assert '"tabloid" is not a paper size' in assert_one_line_error(proc)
    assert list(tmp_path.iterdir()) == []


def test_a_missing_font_names_the_package_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from scoresheet.errors import ScoresheetError
    from scoresheet.paper import fonts

    monkeypatch.setattr(fonts, "DIRS", ())
    monkeypatch.setattr(fonts, "SUBSTITUTE_DIRS", ())
    monkeypatch.delenv("WINDIR", raising=False)
    monkeypatch.delenv("LOCALAPPDATA", raising=False)
    monkeypatch.setattr("shutil.which", lambda _: None)
    fonts.font_files.cache_clear()
    try:
        with pytest.raises(ScoresheetError, match="fonts-dejavu-core"):
            fonts.font_files()
    finally:
        fonts.font_files.cache_clear()


@pytest.mark.slow
def test_without_dejavu_a_windows_machine_prints_in_verdana(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """No DejaVu Sans and no fontconfig, as on Windows: the PDF is set in the Verdana of
    the Windows font folder (here DejaVu's own files under Verdana's names), and a game is
    printed."""
    import shutil

    from scoresheet.errors import ScoresheetError
    from scoresheet.paper import fonts

    real = fonts.font_files()
    windows = tmp_path / "Windows"
    (windows / "Fonts").mkdir(parents=True)
    shutil.copy(real[""], windows / "Fonts" / "verdana.ttf")
    monkeypatch.setattr(fonts, "DIRS", ())
    monkeypatch.setattr(fonts, "SUBSTITUTE_DIRS", ())
    monkeypatch.setenv("WINDIR", str(windows))
    monkeypatch.delenv("LOCALAPPDATA", raising=False)
    monkeypatch.setattr(fonts, "_fc_match", lambda _: None)
    fonts.font_files.cache_clear()
    try:
        with pytest.raises(ScoresheetError, match="fonts-dejavu-core"):
            fonts.font_files()  # the regular face alone is not enough
        shutil.copy(real["B"], windows / "Fonts" / "verdanab.ttf")
        fonts.font_files.cache_clear()
        assert fonts.font_files() == {
            "": windows / "Fonts" / "verdana.ttf",
            "B": windows / "Fonts" / "verdanab.ttf",
        }
        import scoresheet

        out = tmp_path / "classic.pdf"
        out.write_bytes(scoresheet.render_pdf(scoresheet.open_game(ROOT / "examples/classic.json")))
        printed = text(out)
        assert "Players in seating order: Ann, Bob, Cat, Dan" in printed, printed[:300]
    finally:
        fonts.font_files.cache_clear()


def test_table_commands_do_not_import_the_pdf_library() -> None:
    import subprocess
    import sys

    code = (
        "import sys, scoresheet.cli.app\n"
        "from scoresheet.cli import main\n"
        "assert 'fpdf' not in sys.modules and 'PIL' not in sys.modules, sorted(sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
