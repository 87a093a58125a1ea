"""The spreadsheet commands, and hostile workbooks: refused in one line, nothing written."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scoresheet.cli import app
from scoresheet.games.barbu.sheet.layout import FIRST, RESULTS, SCORES
from scoresheet.games.barbu.sheet.render import export_workbook
from scoresheet.sheets import safety
from tests.cli_helpers import assert_one_line_error, run
from tests.sheets_helpers import set_cells

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = ROOT / "examples" / "classic.json"
runner = CliRunner()


def _exported() -> bytes:
    from scoresheet import record

    return export_workbook(record.load(CLASSIC))


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in members.items():
            z.writestr(name, content)
    return out.getvalue()


def _with_member(data: bytes, name: str, content: bytes) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(data))
    members = {i.filename: source.read(i.filename) for i in source.infolist()}
    members[name] = content
    return _zip(members)


def _bomb(size: int) -> bytes:
    """A workbook whose sheet unpacks to ``size`` bytes of zeros (streamed, never in memory)."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z,
        z.open("xl/worksheets/sheet1.xml", "w") as f,
    ):
        chunk = b"0" * (1 << 20)
        for _ in range(size >> 20):
            f.write(chunk)
    return out.getvalue()


LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol">
<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>"""


def _hostile(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    cases: dict[str, tuple[bytes, str]] = {
        "zip-bomb": (_bomb(60 << 20), "zip bomb"),
        "ratio-bomb": (_bomb(8 << 20), "packed"),
        "laughs": (
            _with_member(_exported(), "xl/worksheets/sheet2.xml", LAUGHS),
            "DTD or entities",
        ),
        "not-a-zip": (b"this is not a workbook\n" * 10, "not a zip archive"),
        "macros": (_with_member(_exported(), "xl/vbaProject.bin", b"\0" * 64), "macros"),
    }
    out = {}
    for name, (data, message) in cases.items():
        path = tmp_path / f"{name}.xlsx"
        path.write_bytes(data)
        out[name] = (path, message)
    big = tmp_path / "oversized.xlsx"
    with big.open("wb") as f:
        f.truncate(safety.MAX_FILE_BYTES + 1)
    out["oversized"] = (big, "too large")
    return out


@pytest.mark.parametrize(
    "name", ["zip-bomb", "ratio-bomb", "laughs", "not-a-zip", "macros", "oversized"]
)
@pytest.mark.parametrize("command", ["audit", "import"])
def test_hostile_workbooks_are_refused(
    tmp_path: Path, name: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from scoresheet.cli import main

    path, message = _hostile(tmp_path)[name]
    before = sorted(p.name for p in tmp_path.iterdir())
    args = [command, str(path)] + (
        ["-o", str(tmp_path / "out.json")] if command == "import" else []
    )
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2  # refused, by every command alike
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_hostile_workbook_through_the_console_script(tmp_path: Path) -> None:
    path, _ = _hostile(tmp_path)["laughs"]
    proc = run("audit", path)
    assert proc.returncode == 2
    assert "DTD or entities" in assert_one_line_error(proc)
    proc = run("import", path, "-o", tmp_path / "g.json")
    assert proc.returncode == 2
    assert "DTD or entities" in assert_one_line_error(proc)
    assert not (tmp_path / "g.json").exists()


def test_openpyxl_itself_refuses_entities() -> None:
    """Were the byte check bypassed, openpyxl's parser (defusedxml) refuses the same file."""
    from defusedxml import DefusedXmlException
    from openpyxl import load_workbook

    data = _with_member(_exported(), "xl/worksheets/sheet2.xml", LAUGHS)
    with pytest.raises(Exception) as info:
        load_workbook(io.BytesIO(data))
    assert isinstance(info.value.__context__, DefusedXmlException)


def test_export_blank_audit_import(tmp_path: Path) -> None:
    xlsx = tmp_path / "classic.xlsx"
    result = runner.invoke(app, ["export", str(CLASSIC), "-o", str(xlsx)])
    assert result.exit_code == 0, result.output
    assert xlsx.exists()
    again = runner.invoke(app, ["export", str(CLASSIC), "-o", str(xlsx)])
    assert again.exit_code != 0
    assert "--force" in str(again.exception)
    assert runner.invoke(app, ["export", str(CLASSIC), "-o", str(xlsx), "--force"]).exit_code == 0

    audited = runner.invoke(app, ["audit", str(xlsx), "--json"])
    assert audited.exit_code == 0
    assert json.loads(audited.stdout) == {
        "file": "classic.xlsx",
        "findings": [],
        "notes": [],
        "ok": True,
    }

    game = tmp_path / "game.json"
    assert runner.invoke(app, ["import", str(xlsx), "-o", str(game)]).exit_code == 0
    assert runner.invoke(app, ["import", str(xlsx), "-o", str(game)]).exit_code != 0
    first = runner.invoke(app, ["score", str(game), "--json"])
    second = runner.invoke(app, ["score", str(CLASSIC), "--json"])
    assert json.loads(first.stdout)["totals"] == json.loads(second.stdout)["totals"]

    blank = tmp_path / "blank.xlsx"
    result = runner.invoke(
        app,
        ["blank", "-o", str(blank), "--players", "Ann,Bob", "--players", "Cat", "--players", "Dan"],
    )
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["audit", str(blank)]).exit_code == 0


def test_audit_reports_findings_with_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "edited.xlsx"
    path.write_bytes(set_cells(_exported(), {(SCORES, f"I{FIRST}"): 99}))
    result = runner.invoke(app, ["audit", str(path), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    assert report["findings"][0] == {
        "deal": 1,
        "cell": "Scores!I4",
        "message": "Scores!I4 (deal 1, Ann, score): a number typed over the formula "
        "(99; the rules give 60)",
    }
    text = runner.invoke(app, ["audit", str(path)])
    assert text.exit_code == 1
    assert text.stdout.splitlines()[-1] == "edited.xlsx: 1 problem"


def test_a_failing_command_writes_nothing(tmp_path: Path) -> None:
    bad = runner.invoke(app, ["blank", "-o", str(tmp_path / "b.xlsx"), "--players", "Ann,Bob,Cat"])
    assert bad.exit_code != 0
    assert "for 4 players" in str(bad.exception)
    path = tmp_path / "g.xlsx"
    path.write_bytes(set_cells(_exported(), {(RESULTS, f"E{FIRST + 4}"): "lots"}))
    failed = runner.invoke(app, ["import", str(path), "-o", str(tmp_path / "g.json")])
    assert failed.exit_code != 0
    assert "is not a whole number" in str(failed.exception)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.xlsx"]


def test_the_console_script_runs_export_and_audit(tmp_path: Path) -> None:
    out = tmp_path / "c.xlsx"
    proc = run("export", CLASSIC, "-o", out)
    assert proc.returncode == 0, proc.stderr
    proc = run("audit", out)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("nothing wrong (28 deals)")
    assert run("audit", CLASSIC).returncode == 0
    assert "already exists" in assert_one_line_error(run("export", CLASSIC, "-o", out))


@pytest.mark.parametrize("command", ["export", "blank", "audit", "import"])
def test_every_command_has_help(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert len(result.stdout) > 200
    docs = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.md"))
    assert f"scoresheet {command}" in docs


# -- shared formulas: one formula written once, used by many cells -------------------------


def _shared_bomb(cells: int, formula: str, *, masters: int = 1, example: Path = CLASSIC) -> bytes:
    """An export with its Scores sheet replaced by ``cells`` cells (60 a row) using
    ``masters`` shared formulas, the sheet stored unpacked (no ratio to catch)."""
    from scoresheet.sheets.cells import col_letters

    row_xml: dict[int, list[str]] = {}
    for i in range(cells):
        row, col = divmod(i, 60)
        si = i % masters
        if i < masters:
            f = f'<f t="shared" si="{si}" ref="A1:BH9999">{formula}</f>'
        else:
            f = f'<f t="shared" si="{si}"/>'
        row_xml.setdefault(row + 1, []).append(f'<c r="{col_letters(col + 1)}{row + 1}">{f}</c>')
    body = "".join(f'<row r="{r}">{"".join(cs)}</row>' for r, cs in row_xml.items())
    sheet = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns='
        '"http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        f"<sheetData>{body}</sheetData></worksheet>"
    ).encode()
    from scoresheet import record
    from scoresheet.sheets.audit import export

    source = zipfile.ZipFile(io.BytesIO(export(record.load(example))))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename == "xl/worksheets/sheet1.xml":
                target.writestr(info.filename, sheet, zipfile.ZIP_STORED)
            else:
                target.writestr(info, source.read(info.filename))
    return out.getvalue()


def _run_timed(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int | str | None, str, str, float]:
    import time

    from scoresheet.cli import main

    start = time.process_time()
    with pytest.raises(SystemExit) as exc:
        main(args)
    spent = time.process_time() - start
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err, spent


@pytest.mark.parametrize("example", ["classic.json", "belote.json"])
@pytest.mark.parametrize("command", ["audit", "import"])
def test_one_long_shared_formula_in_thousands_of_cells_costs_little(
    tmp_path: Path, command: str, example: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """8,300 characters of absolute references shared by 2,000 cells (47 s before): a
    formula that reads the same in every cell is not rebuilt for each."""
    path = tmp_path / "bomb.xlsx"
    formula = "+".join(["$A$1"] * 1660)
    path.write_bytes(_shared_bomb(2000, formula, example=ROOT / "examples" / example))
    before = sorted(p.name for p in tmp_path.iterdir())
    args = [command, str(path)] + (["-o", str(tmp_path / "g.json")] if command == "import" else [])
    code, out, err, spent = _run_timed(args, capsys)
    assert spent < 5, spent
    assert code in (1, 2)
    if code == 2 or command == "import":
        assert len(err.strip().splitlines()) == 1 and "bomb.xlsx: Scores!" in err
    else:
        assert "Scores!A1 (input cell): a formula" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize(
    ("formula", "cells", "masters", "says"),
    [
        # every use moves 2,000 references
        ("+".join(["A1"] * 2000), 2000, 1, "references"),
        # every use is 8,000 characters long
        ("A1+" + "+".join(["$A$1"] * 1600), 6000, 1, "characters"),
        # 500 different long formulas, each used once
        ("+".join(["CZ100"] * 1000), 600, 300, "characters"),
    ],
)
@pytest.mark.parametrize("command", ["audit", "import"])
def test_shared_formulas_past_what_a_score_sheet_holds_are_refused_quickly(
    tmp_path: Path,
    command: str,
    formula: str,
    cells: int,
    masters: int,
    says: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "bomb.xlsx"
    path.write_bytes(_shared_bomb(cells, formula, masters=masters))
    assert path.stat().st_size < safety.MAX_FILE_BYTES
    before = sorted(p.name for p in tmp_path.iterdir())
    args = [command, str(path)] + (["-o", str(tmp_path / "g.json")] if command == "import" else [])
    code, out, err, spent = _run_timed(args, capsys)
    assert spent < 8, spent
    assert code == 2, (out, err)
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("scoresheet: bomb.xlsx: Scores!"), err
    assert "shared formula" in err and says in err and "refused" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_shared_formula_reads_as_openpyxl_translates_it() -> None:
    from openpyxl.formula.translate import Translator

    from scoresheet.sheets.cells import read_cells

    master = 'IF(Results!$C5="A1",SUM(D5:F5)+$B$2+B$2+$B2,tricks_per_deal)+SUM(C:C)+SUM(3:4)'
    data = _shared_bomb(130, master)
    got = read_cells(data, "s.xlsx", ["Scores"], max_row=100, max_col=100)["Scores"]
    for (row, col), (kind, formula) in got.cells.items():
        from scoresheet.sheets.cells import col_letters

        here = f"{col_letters(col)}{row}"
        assert kind == "f"
        assert formula == Translator(f"={master}", origin="A1").translate_formula(here), here


def test_blank_takes_new_s_options(tmp_path: Path) -> None:
    """`blank --option` changes the preset as `new --option` does: the workbook carries the
    options, audits clean and imports back into a game with those options; the pad prints
    the changed value."""
    sheet, back = tmp_path / "b.xlsx", tmp_path / "b.json"
    options = ["--option", "values.no-king=-15", "--option", "rotation=every-deal"]
    made = runner.invoke(app, ["blank", "-o", str(sheet), "--players", "A,B,C,D", *options])
    assert made.exit_code == 0, made.output
    assert runner.invoke(app, ["audit", str(sheet)]).exit_code == 0
    assert runner.invoke(app, ["import", str(sheet), "-o", str(back)]).exit_code == 0
    imported = json.loads(back.read_text("utf-8"))
    assert imported["options"] == {"values": {"no-king": -15}, "rotation": "every-deal"}
    assert imported["rules"] == "classic" and imported["deals"] == []

    # Another game's preset takes its own options.
    coinche = tmp_path / "c.xlsx"
    coinche_args = ["--rules", "coinche", "--players", "A,B,C,D", "--option", "target=1000"]
    made = runner.invoke(app, ["blank", "-o", str(coinche), *coinche_args])
    assert made.exit_code == 0, made.output
    assert (
        runner.invoke(app, ["import", str(coinche), "-o", str(tmp_path / "c.json")]).exit_code == 0
    )
    assert json.loads((tmp_path / "c.json").read_text("utf-8"))["options"] == {"target": 1000}


def test_blank_pad_prints_the_options(tmp_path: Path) -> None:
    from tests.paper_helpers import text

    pad = tmp_path / "pad.pdf"
    made = runner.invoke(
        app, ["blank", "-o", str(pad), "--players", "A,B,C,D", "--option", "values.no-king=-15"]
    )
    assert made.exit_code == 0, made.output
    printed = text(pad)
    assert "No King of Hearts: -15 (check −15)" in printed, printed
    assert "(check −20)" not in printed


@pytest.mark.parametrize(
    "options",
    [
        ["values.dominoes=[1,2]"],  # one payout per player
        ["foo"],  # not KEY=VALUE
        ["name=mine"],  # a label, not a rule
        ["rotation=block", "rotation=every-deal"],  # given twice
        ["doubling={}", "doubling.redoubles=false"],  # whole and part
        ["players=5"],  # the sheet's players are 4
    ],
)
def test_blank_refuses_the_options_new_refuses(options: list[str], tmp_path: Path) -> None:
    """The same refusal, in the same words, from `new` and from `blank`; nothing written."""
    flags = [arg for option in options for arg in ("--option", option)]
    sheet, game = tmp_path / "b.xlsx", tmp_path / "g.json"
    by_blank = assert_one_line_error(run("blank", "-o", sheet, "--players", "A,B,C,D", *flags))
    by_new = assert_one_line_error(run("new", game, "--players", "A", "B", "C", "D", *flags))
    assert by_blank == by_new
    assert not sheet.exists() and not game.exists()
    assert not (tmp_path / "b.pdf").exists()
    assert (
        assert_one_line_error(
            run("blank", "-o", tmp_path / "b.pdf", "--players", "A,B,C,D", *flags)
        )
        == by_new
    )
