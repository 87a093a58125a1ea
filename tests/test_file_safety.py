"""Files are never destroyed, never written where they should not be, and read safely.

Through the installed console script, as a user (or a hostile file) meets them: outputs
that are their own input, wrong extensions, devices and FIFOs, write-protected and
hard-linked game files, planted lock-file links, leftovers of killed saves, encodings,
duplicate keys, and a system without ``fcntl``.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet import record
from scoresheet.errors import ScoresheetError
from scoresheet.limits import MAX_HISTORY
from scoresheet.record_text import decode_text
from scoresheet.store import MAX_GAME_BYTES, check_output, remove_stale_temporaries
from tests.cli_helpers import assert_one_line_error, run

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = ROOT / "examples" / "classic.json"
FULL: dict[str, Any] = json.loads(CLASSIC.read_text(encoding="utf-8"))
LAST_DEAL = FULL["deals"][-1]
Args = list[str | Path]


def _game(tmp_path: Path, name: str = "g.json", *, deals: int = 27) -> Path:
    """A classic game of ``deals`` deals (27: one left to add)."""
    data = {**FULL, "deals": FULL["deals"][:deals]}
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def _add_last(path: Path) -> subprocess.CompletedProcess[str]:
    return run("add", path, "--deal", json.dumps(LAST_DEAL))


def _snapshot(folder: Path) -> dict[str, tuple[int, int, bytes | str]]:
    """Every entry of ``folder``: mode, link count and contents (a link's target)."""
    out: dict[str, tuple[int, int, bytes | str]] = {}
    for entry in sorted(folder.iterdir()):
        info = entry.lstat()
        if stat.S_ISLNK(info.st_mode):
            content: bytes | str = os.readlink(entry)
        elif stat.S_ISREG(info.st_mode):
            content = entry.read_bytes()
        else:
            content = ""
        out[entry.name] = (info.st_mode, info.st_nlink, content)
    return out


# --- 6: outputs that are their own input, wrong extensions, devices ---------------------------


def test_export_onto_its_own_game_file_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path, "bb.json")
    before = _snapshot(tmp_path)

    line = assert_one_line_error(run("export", game, "-o", game, "--force"))

    assert "bb.json" in line and "must end in .xlsx" in line
    assert _snapshot(tmp_path) == before


def test_export_of_a_game_named_like_a_workbook_is_refused_by_default(tmp_path: Path) -> None:
    game = _game(tmp_path, "game.xlsx")  # its default output, game.xlsx, is the game itself
    before = _snapshot(tmp_path)

    line = assert_one_line_error(run("export", game, "--force"))

    assert "is the file being read" in line
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("how", ["same name", "symbolic link", "hard link"])
def test_import_onto_its_own_workbook_is_refused(tmp_path: Path, how: str) -> None:
    sheet = tmp_path / "x.xlsx"
    assert run("export", CLASSIC, "-o", sheet).returncode == 0
    if how == "same name":
        output = sheet
    else:
        output = tmp_path / "x.json"
        if how == "symbolic link":
            output.symlink_to(sheet.name)
        else:
            os.link(sheet, output)
    before = _snapshot(tmp_path)

    line = assert_one_line_error(run("import", sheet, "-o", output, "--force"))

    expected = "must end in .json" if how == "same name" else "is the file being read"
    assert expected in line
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("command", ["blank", "export", "new"])
def test_an_output_with_the_wrong_extension_is_refused(tmp_path: Path, command: str) -> None:
    if command == "blank":
        args: list[str | Path] = ["blank", "-o", tmp_path / "b1.json", "--players", "A,B,C,D"]
        expected = "the name of a workbook or a PDF must end in .xlsx or .pdf"
    elif command == "export":
        args = ["export", CLASSIC, "-o", tmp_path / "b1.csv"]
        expected = "the name of a workbook or a PDF must end in .xlsx or .pdf"
    else:
        args = ["new", tmp_path / "b1.xlsx", "--players", "Ann,Bob,Cat,Dan"]
        expected = "the name of a game file must end in .json"

    line = assert_one_line_error(run(*args))

    assert expected in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["blank", "export", "import", "new"])
def test_an_output_that_is_a_fifo_is_refused_and_kept(tmp_path: Path, command: str) -> None:
    suffix = ".json" if command in ("import", "new") else ".xlsx"
    fifo = tmp_path / f"out{suffix}"
    os.mkfifo(fifo)
    sheet = tmp_path / "in.xlsx"
    if command == "import":
        assert run("export", CLASSIC, "-o", sheet).returncode == 0
    args: dict[str, list[str | Path]] = {
        "blank": ["blank", "-o", fifo, "--players", "A,B,C,D"],
        "export": ["export", CLASSIC, "-o", fifo],
        "import": ["import", sheet, "-o", fifo],
        "new": ["new", fifo, "--players", "Ann,Bob,Cat,Dan"],
    }
    before = _snapshot(tmp_path)

    line = assert_one_line_error(run(*args[command], "--force"))

    assert "is a pipe (FIFO), not a file to write" in line
    assert _snapshot(tmp_path) == before
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@settings(max_examples=200, deadline=None)
@given(
    stem=st.text(
        st.characters(blacklist_characters="/\x00", blacklist_categories=["Cs"]),
        min_size=1,
        max_size=8,
    ),
    suffix=st.sampled_from([".xlsx", ".XLSX", ".json", ".pdf", ".xlsx.bak", "", ".xls", ".xlsm"]),
)
def test_check_output_accepts_exactly_the_allowed_suffixes(stem: str, suffix: str) -> None:
    path = Path("/nonexistent-folder-for-scoresheet") / (stem.strip(".") + "x" + suffix)
    allowed = (".xlsx", ".pdf")
    if path.suffix.lower() in allowed:
        assert check_output(path, allowed, "a workbook or a PDF") == path.suffix.lower()
    else:
        with pytest.raises(ScoresheetError, match=r"must end in \.xlsx or \.pdf; refused"):
            check_output(path, allowed, "a workbook or a PDF")


def test_an_output_on_a_file_system_without_hard_links_is_still_never_clobbered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoresheet import store

    def no_links(source: Any, target: Any) -> None:
        raise PermissionError(1, "Operation not permitted")  # as on FAT

    monkeypatch.setattr(os, "link", no_links)
    out = tmp_path / "b.xlsx"
    store.write_new_file(out, b"first")
    with pytest.raises(ScoresheetError, match="already exists"):
        store.write_new_file(out, b"second")
    assert out.read_bytes() == b"first" and [p.name for p in tmp_path.iterdir()] == ["b.xlsx"]


@pytest.mark.parametrize("name", ["a\x00b.xlsx", "\ud800.xlsx"])
def test_an_impossible_file_name_is_one_line_not_a_traceback(name: str) -> None:
    with pytest.raises(ScoresheetError, match="not a possible file name"):
        check_output(Path(name), (".xlsx",), "a workbook")
    with pytest.raises(ScoresheetError, match="not a possible file name"):
        record.load(Path(name))


# --- 7: write-protected, someone else's, hard-linked game files --------------------------------


def test_a_read_only_game_file_is_not_replaced(tmp_path: Path) -> None:
    game = _game(tmp_path)
    game.chmod(0o444)
    before = _snapshot(tmp_path)

    line = assert_one_line_error(_add_last(game))

    assert line.endswith("g.json: is write-protected (read-only, or not yours); nothing was saved")
    after = _snapshot(tmp_path)
    after.pop(".g.json.lock", None)
    assert after == before


def test_a_replaced_game_file_keeps_its_mode_owner_and_group(tmp_path: Path) -> None:
    game = _game(tmp_path)
    game.chmod(0o640)
    if os.geteuid() == 0:  # as root, the file of another user is saved and stays theirs
        os.chown(game, 65534, 65534)
    before = game.stat()

    proc = _add_last(game)

    assert proc.returncode == 0, proc.stderr
    after = game.stat()
    assert after.st_ino != before.st_ino  # replaced, not rewritten in place
    assert stat.S_IMODE(after.st_mode) == 0o640
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)
    assert len(json.loads(game.read_text(encoding="utf-8"))["deals"]) == 28


def test_a_game_file_whose_owner_cannot_be_kept_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Someone else's file in a folder we may write: replacing it would make it ours."""
    from scoresheet.cli import main

    game = _game(tmp_path)
    before = game.read_bytes()
    mine = os.stat(tmp_path)
    other = (mine.st_uid + 1, mine.st_gid + 1)
    real_stat = os.stat

    def stat_as_if_someone_elses(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        result = real_stat(path, *args, **kwargs)
        if Path(path) == game:
            fields = list(result)
            fields[4], fields[5] = other
            return os.stat_result(fields)
        return result

    def fchown_as_a_user(fd: int, uid: int, gid: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "stat", stat_as_if_someone_elses)
    monkeypatch.setattr(os, "fchown", fchown_as_a_user)
    with pytest.raises(SystemExit) as exited:
        main(["add", str(game), "--deal", json.dumps(LAST_DEAL)])

    assert exited.value.code == 2  # refused: the exit-code convention
    assert capsys.readouterr().err == (
        f"scoresheet: {game}: belongs to another user or group, and saving would change "
        "that; nothing was saved\n"
    )
    assert game.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_hard_linked_game_file_is_not_split(tmp_path: Path) -> None:
    game = _game(tmp_path)
    os.link(game, tmp_path / "copy.json")
    before = _snapshot(tmp_path)

    line = assert_one_line_error(_add_last(game))

    assert "g.json: has 2 hard links" in line and "nothing was saved" in line
    after = _snapshot(tmp_path)
    after.pop(".g.json.lock", None)
    assert after == before


# --- 8: a planted lock file ---------------------------------------------------------------------


@pytest.mark.parametrize("planted", ["link to a new file", "dangling link", "link to a file"])
def test_a_lock_file_link_is_refused_never_followed(tmp_path: Path, planted: str) -> None:
    game = _game(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "victim"
    if planted == "link to a file":
        target.write_text("precious\n", encoding="utf-8")
    if planted == "dangling link":
        target = tmp_path / "no-such-folder" / "victim"
    (tmp_path / ".g.json.lock").symlink_to(target)
    before = _snapshot(tmp_path), _snapshot(elsewhere)

    line = assert_one_line_error(_add_last(game))

    assert "its lock file .g.json.lock is a symbolic link, not a regular file; refused" in line
    assert (_snapshot(tmp_path), _snapshot(elsewhere)) == before


def test_a_lock_file_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    os.mkfifo(tmp_path / ".g.json.lock")
    before = _snapshot(tmp_path)

    line = assert_one_line_error(_add_last(game))

    assert "its lock file .g.json.lock is a pipe (FIFO), not a regular file" in line
    assert _snapshot(tmp_path) == before


# --- 9: temporary files of killed saves ----------------------------------------------------------


def test_a_save_removes_only_this_games_stale_temporaries(tmp_path: Path) -> None:
    game = _game(tmp_path)
    old = time.time() - 3600
    stale = tmp_path / ".g.json.0123456789abcdef.tmp"
    fresh = tmp_path / ".g.json.fedcba9876543210.tmp"
    keep = [
        fresh,  # may belong to a save running right now
        tmp_path / ".g.json.0123456789abcdef.tmp.bak",  # not our name
        tmp_path / ".g.json.0123456789ABCDEF.tmp",  # not our name (upper case)
        tmp_path / ".g.json.0123.tmp",  # not our name (too short)
        tmp_path / ".other.json.0123456789abcdef.tmp",  # another game's
        tmp_path / "g.json.0123456789abcdef.tmp",  # not hidden
    ]
    for path in [stale, *keep]:
        path.write_text("{", encoding="utf-8")
        if path is not fresh:
            os.utime(path, (old, old))
    victim = tmp_path / "victim"
    victim.write_text("precious\n", encoding="utf-8")
    link = tmp_path / ".g.json.aaaaaaaaaaaaaaaa.tmp"
    link.symlink_to(victim)
    os.utime(link, (old, old), follow_symlinks=False)

    proc = _add_last(game)

    assert proc.returncode == 0, proc.stderr
    assert not stale.exists()
    assert all(path.exists() for path in keep)
    assert link.is_symlink() and victim.read_text(encoding="utf-8") == "precious\n"


def test_writing_a_workbook_removes_its_stale_temporaries(tmp_path: Path) -> None:
    stale = tmp_path / ".b.xlsx.0123456789abcdef.tmp"
    fresh = tmp_path / ".b.xlsx.fedcba9876543210.tmp"
    for path in (stale, fresh):
        path.write_bytes(b"PK")
    os.utime(stale, (0, 0))

    assert run("blank", "-o", tmp_path / "b.xlsx", "--players", "A,B,C,D").returncode == 0

    assert sorted(p.name for p in tmp_path.iterdir()) == [fresh.name, "b.xlsx"]


def test_remove_stale_temporaries_keeps_other_users_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temp = tmp_path / ".g.json.0123456789abcdef.tmp"
    temp.write_text("{", encoding="utf-8")
    os.utime(temp, (0, 0))
    monkeypatch.setattr(os, "geteuid", lambda: temp.stat().st_uid + 1)

    assert remove_stale_temporaries(tmp_path / "g.json") == 0
    assert temp.exists()


# --- 12: devices, FIFOs and huge files -----------------------------------------------------------


@pytest.mark.parametrize("command", ["score", "show", "status", "add", "audit", "export"])
def test_a_fifo_game_file_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "g.json"
    os.mkfifo(fifo)
    args: list[str | Path] = [command, fifo]
    if command == "add":
        args += ["--deal", json.dumps(LAST_DEAL)]
    if command == "export":
        args += ["-o", tmp_path / "g.xlsx"]
    before = _snapshot(tmp_path)

    started = time.monotonic()
    proc = run(*args)  # a read that waited for a writer would hang here until the timeout

    line = assert_one_line_error(proc)
    assert time.monotonic() - started < 30
    assert "g.json: is a pipe (FIFO), not a game file; refused" in line
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("command", ["score", "show", "undo"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_game_file_is_refused(command: str, device: str) -> None:
    line = assert_one_line_error(run(command, device))
    assert line == f"scoresheet: {device}: is a device, not a game file; refused"


@pytest.mark.parametrize("command", ["audit", "import"])
def test_a_fifo_or_device_workbook_is_refused(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "w.xlsx"
    os.mkfifo(fifo)
    for source, kind in ((fifo, "a pipe (FIFO)"), (Path("/dev/zero"), "a device")):
        args: list[str | Path] = [command, source]
        if command == "import":
            args += ["-o", tmp_path / "g.json"]
        line = assert_one_line_error(run(*args))
        assert f"{source}: is {kind}, not a workbook; refused" in line
    assert [p.name for p in tmp_path.iterdir()] == ["w.xlsx"]


def test_a_save_that_could_not_be_read_back_is_refused(tmp_path: Path) -> None:
    """A game at the size cap, or with a full history, stays readable: the deal, the
    correction or the undo that would take it past the cap is refused, nothing saved."""
    game = _game(tmp_path)
    data = json.loads(game.read_text(encoding="utf-8"))
    data["note"] = ""
    room = MAX_GAME_BYTES - len(json.dumps(data, ensure_ascii=False, indent=2).encode()) - 50
    data["note"] = "x" * room
    game.write_text(json.dumps(data), encoding="utf-8")
    before = _snapshot(tmp_path)
    line = assert_one_line_error(_add_last(game))
    assert "the game would take" in line and "nothing was saved" in line
    assert _snapshot(tmp_path) == before
    assert run("score", game).returncode == 0

    game = _game(tmp_path, "h.json")
    data = json.loads(game.read_text(encoding="utf-8"))
    entry = {"action": "undo", "at": "2026-12-01T20:00:00+00:00", "deal": 1}
    data["history"] = [entry] * MAX_HISTORY
    game.write_text(json.dumps(data), encoding="utf-8")
    before = _snapshot(tmp_path)
    corrected = {**FULL["deals"][0], "result": {"order": ["Ann", "Dan", "Cat", "Bob"]}}
    commands: list[Args] = [["edit", game, "1", "--deal", json.dumps(corrected)]]
    commands.append(["undo", game, "--yes"])
    for args in commands:
        line = assert_one_line_error(run(*args))
        assert f"history already holds {MAX_HISTORY:,} corrections and undos" in line
        assert f"(make room: scoresheet history h.json --trim {MAX_HISTORY // 2} " in line
    assert _snapshot(tmp_path) == before
    assert run("score", game).returncode == 0


def test_a_game_file_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    text = game.read_text(encoding="utf-8")
    padded = text + " " * (MAX_GAME_BYTES + 1 - len(text.encode("utf-8")))
    game.write_text(padded, encoding="utf-8")
    assert game.stat().st_size == MAX_GAME_BYTES + 1
    before = _snapshot(tmp_path)

    commands: list[Args] = [["score", game], ["add", game, "--deal", json.dumps(LAST_DEAL)]]
    for args in commands:
        line = assert_one_line_error(run(*args))
        assert (
            f"g.json: {MAX_GAME_BYTES + 1:,} bytes is too large for a game file "
            f"(at most {MAX_GAME_BYTES:,} bytes); refused" in line
        )
    assert _snapshot(tmp_path) == before

    game.write_text(padded[:-1], encoding="utf-8")  # at the cap exactly: read
    assert run("score", game).returncode == 0


def test_a_deal_read_from_an_endless_standard_input_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    before = _snapshot(tmp_path)
    with open("/dev/zero", "rb") as zeros:
        proc = subprocess.run(
            [str(Path(sys.executable).with_name("scoresheet")), "add", str(game), "--deal", "-"],
            stdin=zeros,
            capture_output=True,
            text=True,
            timeout=60,
        )

    line = assert_one_line_error(proc)
    assert line == "scoresheet: --deal -: standard input holds more than a game file may; refused"
    after = _snapshot(tmp_path)
    after.pop(".g.json.lock", None)
    assert after == before


# --- 16: one decoding for every command ----------------------------------------------------------

ENCODINGS = {"utf-8 with a BOM": "utf-8-sig", "utf-16 (le, BOM)": "utf-16", "utf-16-be": "utf-16"}


def _encoded(tmp_path: Path, how: str) -> Path:
    game = _game(tmp_path)
    text = game.read_text(encoding="utf-8")
    data = text.encode(ENCODINGS[how])
    if how == "utf-16-be":
        data = b"\xfe\xff" + text.encode("utf-16-be")
    game.write_bytes(data)
    return game


@pytest.mark.parametrize("how", list(ENCODINGS))
def test_every_command_reads_a_bom_or_utf16_game_file(tmp_path: Path, how: str) -> None:
    game = _encoded(tmp_path, how)
    reads: list[Args] = [
        ["score", game],
        ["show", game],
        ["status", game],
        ["history", game],
        ["audit", game],
        ["export", game, "-o", tmp_path / "g.xlsx"],
    ]
    for args in reads:
        proc = run(*args)
        assert proc.returncode == 0, (args[0], proc.stderr)
    play = run("play", game, stdin="quit\n")
    assert play.returncode == 0 and "27 of 28 deals played" in play.stdout, play.stderr

    first = FULL["deals"][0] | {"result": {"order": ["Ann", "Dan", "Cat", "Bob"], "start": "K"}}
    writes: list[tuple[Args, list[Any]]] = [
        (["add", "--deal", json.dumps(LAST_DEAL)], FULL["deals"]),
        (["undo", "--yes"], FULL["deals"][:26]),
        (["edit", "1", "--deal", json.dumps(first)], [first, *FULL["deals"][1:27]]),
    ]
    for args, deals in writes:
        game = _encoded(tmp_path, how)
        proc = run(args[0], game, *args[1:])
        assert proc.returncode == 0, (args[0], proc.stderr)
        saved = game.read_bytes()  # saved as UTF-8 without a mark
        assert saved.startswith(b"{") and json.loads(saved)["deals"] == deals


def test_a_utf32_game_file_is_refused_the_same_way_everywhere(tmp_path: Path) -> None:
    game = _game(tmp_path)
    game.write_bytes(game.read_text(encoding="utf-8").encode("utf-32"))
    commands: list[Args] = [["score", game], ["show", game], ["add", game, "q"], ["audit", game]]
    lines = {assert_one_line_error(run(*args)) for args in commands}
    assert lines == {f"scoresheet: {game}: a UTF-32 text file; save it as UTF-8 (or UTF-16)"}


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(st.characters(blacklist_categories=["Cs"]), max_size=40),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le-bom", "utf-16-be-bom"]),
)
def test_decode_text_reads_every_accepted_encoding_exactly(text: str, encoding: str) -> None:
    document = json.dumps({"name": text}, ensure_ascii=False)
    if encoding == "utf-16-le-bom":
        data = b"\xff\xfe" + document.encode("utf-16-le")
    elif encoding == "utf-16-be-bom":
        data = b"\xfe\xff" + document.encode("utf-16-be")
    else:
        data = document.encode(encoding)
    assert decode_text(data, "g.json") == document


# --- 17: duplicate keys ------------------------------------------------------------------------


def test_a_duplicate_top_level_key_is_refused_by_every_command(tmp_path: Path) -> None:
    game = _game(tmp_path)
    text = game.read_text(encoding="utf-8").replace(
        '"rules": "classic",', '"rules": "classic",\n "rules": "yale",', 1
    )
    game.write_text(text, encoding="utf-8")
    before = _snapshot(tmp_path)

    expected = (
        'scoresheet: g.json: "rules" is given twice at the top level ("classic", then "yale"); '
        "refused: keep the one meant"
    )
    commands: list[Args] = [
        ["score", game],
        ["show", game],
        ["add", game, "--deal", json.dumps(LAST_DEAL)],
    ]
    for args in commands:
        assert assert_one_line_error(run(*args)) == expected
    assert "rules" in assert_one_line_error(run("audit", game))
    after = _snapshot(tmp_path)
    after.pop(".g.json.lock", None)
    assert after == before


def test_a_duplicate_key_inside_a_deal_is_named_by_deal_and_field(tmp_path: Path) -> None:
    data = {**FULL, "deals": FULL["deals"][:27]}
    assert data["deals"][3]["contract"] == "no-queens"
    ann = data["deals"][3]["result"]["queens"]["Ann"]
    doubled = json.dumps(data["deals"][3]).replace(
        '"queens": {', f'"queens": {{"Ann": {ann + 1}, ', 1
    )
    deals = ", ".join(doubled if i == 3 else json.dumps(d) for i, d in enumerate(data["deals"]))
    game = tmp_path / "g.json"
    game.write_text(
        json.dumps({**data, "deals": []}).replace('"deals": []', f'"deals": [{deals}]'),
        encoding="utf-8",
    )

    line = assert_one_line_error(run("score", game))

    assert line == (
        f'scoresheet: g.json: "Ann" is given twice in deal 4, result.queens '
        f"({ann + 1}, then {ann}); refused: keep the one meant"
    )


def test_a_duplicate_key_in_a_deal_given_on_the_command_line_is_refused(tmp_path: Path) -> None:
    game = _game(tmp_path)
    before = game.read_bytes()
    text = json.dumps(LAST_DEAL).replace('"contract": ', '"contract": "no-king", "contract": ', 1)

    for args in (["--deal", text], ["--deal", "-"]):
        line = assert_one_line_error(run("add", game, *args, stdin=text))
        assert line == (
            'scoresheet: --deal: "contract" is given twice at the top level ("no-king", then '
            '"no-queens"); refused: keep the one meant'
        )
    assert game.read_bytes() == before


KEYS = st.text(st.sampled_from("abcAB_"), min_size=1, max_size=3)
# Strings without braces or quotes, so that every '{"' in the text starts an object.
# Nor control characters or lone surrogates, which parse refuses wherever they are (tests of
# their own).
TEXTS = st.text(
    st.characters(blacklist_characters='{"\\', blacklist_categories=["Cc", "Cs"]), max_size=5
)
SCALARS = st.none() | st.booleans() | st.integers(-99, 99) | TEXTS
NESTED = SCALARS | st.lists(SCALARS, max_size=3) | st.dictionaries(KEYS, SCALARS, max_size=3)
JSON_VALUES = SCALARS | st.lists(NESTED, max_size=3) | st.dictionaries(KEYS, NESTED, max_size=3)


@settings(max_examples=200, deadline=None)
@given(value=st.dictionaries(KEYS, JSON_VALUES, min_size=1, max_size=5), data=st.data())
def test_parse_refuses_exactly_the_documents_with_a_repeated_key(value: Any, data: Any) -> None:
    text = json.dumps(value)
    assert record.parse(text, source="g.json") == value
    # Repeat the first key of some object: a document json would read, keeping the last.
    objects = [i for i, c in enumerate(text) if c == "{" and text[i + 1] == '"']
    at = data.draw(st.sampled_from(objects))
    end = text.index('":', at) + 2
    key = json.loads(text[at + 1 : end - 1])
    doubled = text[: at + 1] + f'"{key}": 0, ' + text[at + 1 :]
    with pytest.raises(ScoresheetError, match=rf'"{key}" is given twice .*\(0, then '):
        record.parse(doubled, source="g.json")


# --- 19: no POSIX-only code -------------------------------------------------------------------

WITHOUT_FCNTL = """
import sys
sys.modules["fcntl"] = None  # as on Windows: importing fcntl fails
from scoresheet.cli import main
main(sys.argv[1:])
"""


def test_saving_works_where_fcntl_does_not_exist(tmp_path: Path) -> None:
    game = _game(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", WITHOUT_FCNTL, "add", str(game), "--deal", json.dumps(LAST_DEAL)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert len(json.loads(game.read_text(encoding="utf-8"))["deals"]) == 28


def test_the_lock_without_flock_is_exclusive_and_refuses_a_planted_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The filelock path, as Windows takes it: one holder at a time, no link followed."""
    from scoresheet import locks

    monkeypatch.setattr(locks, "_flock_module", lambda: None)
    game = tmp_path / "g.json"
    busy = pytest.raises(ScoresheetError, match=r"g\.json is busy")
    with locks.locked(game), busy, locks.locked(game, timeout=0.1):
        pytest.fail("the lock was taken twice")
    with locks.locked(game, timeout=0):  # free again
        pass

    (tmp_path / ".h.json.lock").symlink_to(tmp_path / "victim")
    refused = pytest.raises(ScoresheetError, match="is a symbolic link")
    with refused, locks.locked(tmp_path / "h.json"):
        pytest.fail("a planted link was followed")
    assert not (tmp_path / "victim").exists()


POSIX_ONLY_MODULES = {"fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix"}
PORTABLE_OPEN_FLAGS = {"O_RDONLY", "O_WRONLY", "O_RDWR", "O_APPEND", "O_CREAT", "O_EXCL", "O_TRUNC"}


def _guarded_imports(tree: Any) -> set[int]:
    """The import statements inside ``try: … except ImportError`` (optional on purpose)."""
    import ast

    guarded: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try):
            continue
        caught = {
            name.id
            for handler in node.handlers
            for name in ast.walk(handler.type or ast.Constant(None))
            if isinstance(name, ast.Name)
        }
        if caught & {"ImportError", "ModuleNotFoundError"}:
            for statement in node.body:
                guarded |= {id(n) for n in ast.walk(statement)}
    return guarded


def test_the_package_uses_nothing_posix_only_unguarded() -> None:
    """POSIX-only modules are imported only where a failed import is handled; os.O_* flags
    and os functions that Windows lacks go through getattr."""
    import ast

    found = []
    for path in sorted((ROOT / "scoresheet").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        guarded = _guarded_imports(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [(node.module or "").split(".")[0]]
            else:
                names = []
            found += [
                f"{path.name}:{getattr(node, 'lineno', 0)}: import {name}"
                for name in names
                if name in POSIX_ONLY_MODULES and id(node) not in guarded
            ]
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "os"
                and (
                    (node.attr.startswith("O_") and node.attr not in PORTABLE_OPEN_FLAGS)
                    or node.attr in {"geteuid", "getuid", "fchown", "fchmod", "killpg", "fork"}
                )
            ):
                found.append(f"{path.name}:{node.lineno}: os.{node.attr}")
    assert found == []


def test_an_option_given_as_json_with_a_repeated_key_is_refused(tmp_path: Path) -> None:
    """``new --option`` reads JSON values as a game file is read: no key silently wins."""
    game = tmp_path / "g.json"
    args: Args = ["new", game, "--players", "Ann,Bob,Cat,Dan"]
    line = assert_one_line_error(run(*args, "--option", 'values={"no-king": -20, "no-king": -25}'))
    assert line == (
        'scoresheet: --option values: "no-king" is given twice at the top level (-20, then '
        "-25); refused: keep the one meant"
    )
    assert not game.exists()


def test_play_from_an_endless_input_stops_with_one_line(tmp_path: Path) -> None:
    """``play < /dev/zero``: no answer ever ends, so none is read past its bound."""
    from tests.cli_helpers import SCRIPT

    game = _game(tmp_path)
    before = game.read_bytes()
    with open("/dev/zero", "rb") as endless:
        proc = subprocess.run(
            [str(SCRIPT), "play", str(game)],
            stdin=endless,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1
    assert "an answer of more than 10,000 characters; refused" in proc.stderr
    assert game.read_bytes() == before
