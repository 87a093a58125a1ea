"""Hostile sizes and shapes: every number that sizes work is bounded, and whatever the
input, a command ends with a result or one line and the documented exit code."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from scoresheet import limits
from scoresheet.errors import EXIT_FINDINGS, EXIT_REFUSED
from tests.cli_helpers import ROOT, assert_one_line_error, run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HUGE = "9" * 5000  # past Python's 4,300-digit limit on int <-> str


def _game(tmp_path: Path, **changes: Any) -> Path:
    data: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": "barbu",
        "rules": "classic",
        "players": PLAYERS,
        "deals": [],
    }
    data.update(changes)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _refused(*args: str | Path) -> str:
    proc = run(*args)
    line = assert_one_line_error(proc)
    assert proc.returncode == EXIT_REFUSED, (proc.returncode, line)
    return line


# -- item 11: sizes bounded at the model -------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "option", "says"),
    [
        ("barbu", "rounds=100000000", "at most 100"),
        ("barbu", "rounds=40", "a game holds at most 1000"),
        ("rosbiratschka", "rounds=100000000", "at most 100"),
        ("belote", "target=10000000", "at most 10000"),
        ("barbu", "values.no-king=-100000000000", "at least -1000000"),
    ],
)
def test_new_refuses_a_size_past_its_bound(
    tmp_path: Path, game: str, option: str, says: str
) -> None:
    players = PLAYERS[:3] if game == "rosbiratschka" else PLAYERS
    start = time.monotonic()
    line = _refused("new", tmp_path / "g.json", "--game", game, "-p", *players, "-o", option)
    assert says in line
    assert time.monotonic() - start < 10
    assert not (tmp_path / "g.json").exists()


def test_a_hand_edited_file_with_huge_rounds_is_refused_at_once(tmp_path: Path) -> None:
    path = _game(tmp_path, options={"rounds": 100000000})
    for command in ("show", "status", "score", "export"):
        start = time.monotonic()
        line = _refused(command, path)
        assert "rounds" in line, command
        assert time.monotonic() - start < 10, command
    proc = run("audit", path)  # the game file is read: its rules are a finding
    assert proc.returncode == EXIT_FINDINGS and "rounds" in proc.stdout


def test_a_game_file_holds_a_bounded_number_of_deals_players_and_history(
    tmp_path: Path,
) -> None:
    deal = {"contract": "no-king", "result": {"king_of_hearts": "Ann"}}
    path = _game(tmp_path, deals=[deal] * (limits.MAX_DEALS + 1))
    assert "deals" in _refused("score", path)
    path = _game(tmp_path, players=[f"P{k}" for k in range(limits.MAX_PLAYERS + 1)])
    assert "players" in _refused("score", path)
    entry = {"at": "2026-12-01T00:00:00Z", "action": "undo"}
    path = _game(tmp_path, history=[entry] * (limits.MAX_HISTORY_READ + 1))
    assert "history" in _refused("score", path)


# -- item 14: one line, never a traceback ---------------------------------------------------


def test_deep_nesting_is_one_line(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    path = tmp_path / "g.json"
    path.write_text('{"format": "scoresheet-game", "x": ' + deep + "}", encoding="utf-8")
    assert "g.json: nested too deeply" in _refused("score", path)
    game = _game(tmp_path)
    proc = run("add", game, "--deal", "-", stdin=deep)
    assert "--deal: nested too deeply" in assert_one_line_error(proc)
    assert proc.returncode == EXIT_REFUSED


def test_a_5000_digit_integer_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    text = json.dumps({"format": "scoresheet-game", "version": 1, "players": PLAYERS})
    path.write_text(text.replace('"version": 1', f'"version": {HUGE}'), encoding="utf-8")
    assert "g.json" in _refused("score", path)
    game = _game(tmp_path)
    line = _refused("add", game, "no-queens", "--queens", f"Ann={HUGE}")
    assert "queens" in line and len(line) < 200
    assert "rounds" in _refused("new", tmp_path / "n.json", "-p", *PLAYERS, "-o", f"rounds={HUGE}")


def test_an_option_set_whole_and_in_part_is_refused(tmp_path: Path) -> None:
    for first, second in (("values=3", "values.no-king=1"), ("values.no-king=1", "values=3")):
        line = _refused("new", tmp_path / "g.json", "-p", *PLAYERS, "-o", first, "-o", second)
        assert "give one or the other" in line
    assert not (tmp_path / "g.json").exists()


def test_a_full_output_device_is_one_line(tmp_path: Path) -> None:
    import subprocess

    from tests.cli_helpers import SCRIPT

    game = _game(tmp_path)
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [str(SCRIPT), "show", str(game)], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert proc.returncode == EXIT_REFUSED
    assert proc.stderr.strip().splitlines() == [
        "scoresheet: standard output: cannot write (No space left on device)"
    ]


def test_the_last_resort_boundary_prints_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fault of scoresheet's own still ends in one line and exit 3, not a traceback."""
    from scoresheet.cli import main
    from scoresheet.errors import EXIT_INTERNAL
    from scoresheet.games.barbu import score as barbu

    def broken(*args: Any) -> Any:
        raise TypeError("a bug")

    monkeypatch.setattr(barbu, "score_game", broken)
    with pytest.raises(SystemExit) as exc:
        main(["score", str(ROOT / "examples" / "classic.json")])
    assert exc.value.code == EXIT_INTERNAL
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "internal error (TypeError)" in err[0]


# -- item 15: one exit-code convention ----------------------------------------------------


def test_every_command_refuses_with_exit_2_and_audit_findings_exit_1(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    for args in (
        ("score", missing),
        ("show", missing),
        ("audit", missing),
        ("export", missing),
        ("import", tmp_path / "missing.xlsx", "-o", tmp_path / "o.json"),
        ("score",),  # a usage error
    ):
        proc = run(*args)
        assert_one_line_error(proc)
        assert proc.returncode == EXIT_REFUSED, args
    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    data["deals"][0]["result"] = {"tricks": {"Ann": 13}}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert run("audit", bad).returncode == EXIT_FINDINGS


# -- item 3: a preset belongs to a game -------------------------------------------------------


def test_a_preset_of_another_game_is_refused_by_new_and_blank(tmp_path: Path) -> None:
    for command, out in (("new", "g.json"), ("blank", "b.xlsx")):
        target = tmp_path / out
        args = ("-o", target) if command == "blank" else (target,)
        line = _refused(
            command, *args, "--game", "belote", "--rules", "classic", "--players", ",".join(PLAYERS)
        )
        assert '"classic" is a preset of barbu, not of belote' in line, command
        assert not target.exists()


def test_a_preset_alone_names_its_game(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    proc = run("new", path, "--rules", "rosbiratschka", "-p", *PLAYERS)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "rosbiratschka"
    sheet = tmp_path / "b.xlsx"
    proc = run("blank", "-o", sheet, "--rules", "belote", "--players", ",".join(PLAYERS))
    assert proc.returncode == 0, proc.stderr
    audit = run("audit", sheet)
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_a_game_file_naming_a_preset_of_another_game_is_refused(tmp_path: Path) -> None:
    path = _game(tmp_path, rules="belote")
    assert '"belote" is a preset of belote, not of barbu' in _refused("score", path)
    data = json.loads((ROOT / "examples" / "belote.json").read_text(encoding="utf-8"))
    data["rules"] = "classic"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert '"classic" is a preset of barbu, not of belote' in _refused("score", path)


# -- item 10: a workbook is read whole, or refused ----------------------------------------


def _long_barbu_game() -> dict[str, Any]:
    """A complete classic game of 15 rounds: 420 deals, past the 397 a reader once kept."""
    import random

    from scoresheet.games.barbu.simulate import random_game
    from scoresheet.rules import resolve

    rules = resolve("classic", {"rounds": 15})
    game = random_game(random.Random(10), rules)
    game["options"] = {"rounds": 15}
    return game


def test_a_long_game_exports_and_imports_whole(tmp_path: Path) -> None:
    from scoresheet import record
    from scoresheet.games.barbu.score import score_game
    from scoresheet.games.barbu.sheet.audit import audit_workbook_bytes
    from scoresheet.games.barbu.sheet.render import export_workbook
    from scoresheet.sheets.audit import import_workbook

    game = record.from_data(_long_barbu_game())
    assert len(game["deals"]) == 420
    data = export_workbook(game)
    report = audit_workbook_bytes(data, "long.xlsx")
    assert report.ok, report.text()[:500]
    path = tmp_path / "long.xlsx"
    path.write_bytes(data)
    back, _ = import_workbook(path)
    assert len(back["deals"]) == 420
    want, got = score_game(game), score_game(back)
    assert [d.score for d in got.deals] == [d.score for d in want.deals]
    assert got.totals == want.totals


def test_a_cell_beyond_the_bounds_is_refused_not_dropped(tmp_path: Path) -> None:
    from scoresheet.games.barbu.sheet.book import MAX_ROWS
    from tests.sheets_helpers import set_cells

    sheet = tmp_path / "g.xlsx"
    assert run("export", ROOT / "examples" / "classic.json", "-o", sheet).returncode == 0
    sheet.write_bytes(set_cells(sheet.read_bytes(), {("Results", f"D{MAX_ROWS + 1}"): "x"}))
    for args in (("audit", sheet), ("import", sheet, "-o", tmp_path / "g.json")):
        line = _refused(*args)
        assert f"Results!D{MAX_ROWS + 1} lies beyond" in line
    assert not (tmp_path / "g.json").exists()


# -- items 13, 14, 18: hostile workbooks ----------------------------------------------------


def _exported(tmp_path: Path, example: str = "classic") -> bytes:
    sheet = tmp_path / f"{example}.xlsx"
    proc = run("export", ROOT / "examples" / f"{example}.json", "-o", sheet)
    assert proc.returncode == 0, proc.stderr
    data = sheet.read_bytes()
    sheet.unlink()
    return data


def _rezip(data: bytes, change: Any) -> bytes:
    """The workbook with ``change(members)`` applied to its {name: bytes} members."""
    import io
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(data))
    members = {info.filename: source.read(info) for info in source.infolist()}
    change(members)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for part, content in members.items():
            target.writestr(part, content)
    return out.getvalue()


def _both_refuse(tmp_path: Path, data: bytes, says: str) -> None:
    sheet = tmp_path / "hostile.xlsx"
    sheet.write_bytes(data)
    for args in (("audit", sheet), ("import", sheet, "-o", tmp_path / "g.json")):
        line = _refused(*args)
        assert says in line, (args[0], line)
    assert not (tmp_path / "g.json").exists()


_RELS = "xl/_rels/workbook.xml.rels"
_OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_MS = "http://schemas.microsoft.com/office/2006/relationships"


def _relationship(kind: str, target: str, mode: str = "") -> Any:
    def change(members: dict[str, bytes]) -> None:
        extra = f' TargetMode="{mode}"' if mode else ""
        rel = f'<Relationship Id="rId99" Type="{kind}" Target="{target}"{extra}/>'
        members[_RELS] = members[_RELS].replace(
            b"</Relationships>", rel.encode() + b"</Relationships>"
        )
        members.setdefault(f"xl/{target}", b"not a spreadsheet part")

    return change


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (
            _relationship(
                "http://schemas.microsoft.com/office/2006/relationships/vbaProject", "macros.dat"
            ),
            "links macros.dat as vbaproject",
        ),
        (
            _relationship(f"{_OFFICE}/externalLink", "externalLinks/externalLink1.xml"),
            "externallink",
        ),
        (_relationship(f"{_OFFICE}/oleObject", "file:///etc/passwd", "External"), "oleobject"),
    ],
)
def test_code_and_links_are_refused_whatever_the_part_is_called(
    tmp_path: Path, change: Any, says: str
) -> None:
    _both_refuse(tmp_path, _rezip(_exported(tmp_path), change), says)


def test_a_vba_content_type_is_refused(tmp_path: Path) -> None:
    def change(members: dict[str, bytes]) -> None:
        members["[Content_Types].xml"] = members["[Content_Types].xml"].replace(
            b"</Types>",
            b'<Override PartName="/xl/data.dat" '
            b'ContentType="application/vnd.ms-office.vbaProject"/></Types>',
        )
        members["xl/data.dat"] = b"\x00" * 64

    _both_refuse(tmp_path, _rezip(_exported(tmp_path), change), "/xl/data.dat is application")


@pytest.mark.parametrize("typed", ["=1+1", "#REF!"])
def test_a_formula_or_error_value_in_an_unused_input_cell_is_refused(
    tmp_path: Path, typed: str
) -> None:
    """Deal 1 of the example is dominoes: its tricks cells are inputs no contract reads."""
    from tests.sheets_helpers import set_cells

    data = _exported(tmp_path)
    sheet = tmp_path / "g.xlsx"
    sheet.write_bytes(set_cells(data, {("Results", "E4"): typed}))
    proc = run("audit", sheet)
    assert proc.returncode == EXIT_FINDINGS
    assert "Results!E4 (input cell): a" in proc.stdout and typed in proc.stdout
    line = _refused("import", sheet, "-o", tmp_path / "g.json")
    assert "Results!E4 (input cell)" in line
    assert not (tmp_path / "g.json").exists()


def test_a_damaged_core_part_or_deflate_stream_is_one_line(tmp_path: Path) -> None:
    data = _exported(tmp_path, "belote")

    def broken_core(members: dict[str, bytes]) -> None:
        members["docProps/core.xml"] = b"<cp:coreProperties><unclosed"

    _both_refuse(tmp_path, _rezip(data, broken_core), "docProps/core.xml is damaged")

    import zipfile

    archive = zipfile.ZipFile(__import__("io").BytesIO(data))
    info = archive.getinfo("xl/worksheets/sheet1.xml")
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    corrupt = bytearray(data)
    corrupt[start : start + 16] = b"\xff" * 16  # an invalid deflate block
    _both_refuse(tmp_path, bytes(corrupt), "is damaged")


def test_a_huge_name_or_text_in_a_workbook_is_refused_before_anything_is_built(
    tmp_path: Path,
) -> None:
    from tests.sheets_helpers import set_cells

    data = _exported(tmp_path)
    rows = {r: v for r in range(1, 40) if (v := _cell(data, "Rules", f"B{r}")) == "Ann"}
    (row,) = rows
    _both_refuse(
        tmp_path,
        set_cells(data, {("Rules", f"B{row}"): "A" * 41}),
        "the name of player 1 has 41 characters",
    )
    _both_refuse(
        tmp_path,
        set_cells(data, {("Rules", f"B{row}"): "A" * 20_000}),
        f"Rules!B{row} holds 20000 characters",
    )


def _cell(data: bytes, sheet: str, ref: str) -> Any:
    import io

    from openpyxl import load_workbook

    return load_workbook(io.BytesIO(data), read_only=True)[sheet][ref].value


def test_a_belote_rank_written_t_or_lower_case_exports_as_score_and_audit_read_it(
    tmp_path: Path,
) -> None:
    game = tmp_path / "b.json"
    assert (
        run("new", game, "--game", "belote", "-p", *PLAYERS, "-o", "declarations=true").returncode
        == 0
    )
    deal = {
        "contract": "hearts",
        "taker": "Ann",
        "result": {
            "points": [100, 52],
            "last_trick": 0,
            "declarations": [
                {"team": 0, "kind": "tierce", "rank": "T"},
                {"team": 1, "kind": "carre", "rank": "j"},
            ],
        },
    }
    assert run("add", game, "--deal", json.dumps(deal)).returncode == 0
    assert run("score", game).returncode == 0
    assert run("audit", game).returncode == 0
    sheet = tmp_path / "b.xlsx"
    proc = run("export", game, "-o", sheet)
    assert proc.returncode == 0, proc.stderr
    assert run("audit", sheet).returncode == 0
    back = tmp_path / "back.json"
    assert run("import", sheet, "-o", back).returncode == 0
    ranks = [x["rank"] for x in json.loads(back.read_text())["deals"][0]["result"]["declarations"]]
    assert sorted(ranks) == ["10", "J"]


def test_a_workbook_of_too_many_cells_is_refused_quickly(tmp_path: Path) -> None:
    """More cells than any score sheet has, each parsed once: refused at the bound."""
    import io
    import zipfile

    from scoresheet.limits import MAX_CELLS

    data = _exported(tmp_path)
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                cells = b'<c r="A5"/>' * (MAX_CELLS + 10_000)  # empty ones cost time too
                content = content.replace(
                    b"<sheetData>", b"<sheetData><row r='5'>" + cells + b"</row>"
                )
                target.writestr(info.filename, content, zipfile.ZIP_STORED)  # no packing ratio
            else:
                target.writestr(info, content)
    sheet = tmp_path / "many.xlsx"
    sheet.write_bytes(out.getvalue())
    line = _refused("audit", sheet)
    assert f"more than {MAX_CELLS:,} cells" in line and len(line) < 300
    # The time it costs, as processor time (the wall clock of a busy machine says little).
    from scoresheet.cli import main

    start = time.process_time()
    with pytest.raises(SystemExit):
        main(["audit", str(sheet)])
    assert time.process_time() - start < 10


@pytest.mark.parametrize(
    ("example", "cell", "key"),
    [
        ("classic", "K5", "rounds"),
        ("belote", "B5", "target"),
        ("rosbiratschka", "B6", "rounds"),
        ("caribbean-all-fours", "B5", "target"),
    ],
)
def test_a_workbook_options_cell_cannot_size_work_or_break_the_reader(
    tmp_path: Path, example: str, cell: str, key: str
) -> None:
    """The Rules sheet's options cell is read like a game file's options: bounded."""
    from tests.sheets_helpers import set_cells

    data = _exported(tmp_path, example)
    for text, says in (
        (json.dumps({key: 100_000_000}), key),
        (f'{{"{key}": {HUGE[:4400]}}}', "damaged"),  # past the 4,300-digit limit
        ("[" * 5000, "damaged"),  # past the recursion limit
        (f'{{"{key}": 1, "{key}": 2}}', "damaged"),  # a repeated key: neither is taken
    ):
        start = time.monotonic()
        _both_refuse(tmp_path, set_cells(data, {("Rules", cell): text}), says)
        assert time.monotonic() - start < 30  # two commands, on a busy machine
