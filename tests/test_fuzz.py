"""Fuzzing the readers: thousands of mutated game files and hundreds of mutated workbooks.

Whatever a file holds — deep nesting, huge numbers, huge sizes, odd encodings, damaged
archives, code, formulas where values belong — every command ends with a result, or one
line on standard error and an exit code of 1 or more; never a traceback, never a fault
of scoresheet's own (exit 3), each within 10 s, and the whole run within 500 MB more
memory than it started with. The mutants run in this process through the console
script's entry point (``main``), which is what the console script calls; a sample runs
through the real console script as well.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import resource
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scoresheet.cli import main
from scoresheet.errors import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK
from tests.cli_helpers import ROOT, run

EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
GAME_MUTANTS = 2000
WORKBOOK_MUTANTS = 200
SAMPLE = 10  # of each kind (20 in all), through the real console script
SECONDS = 10
MEGABYTES = 500
HUGE = "9" * 5000


def in_process(args: list[str]) -> tuple[int, str, str, float]:
    """Run the command line in this process: exit code, stdout, stderr, seconds."""
    out, err = io.StringIO(), io.StringIO()
    start = time.monotonic()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(args)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue(), time.monotonic() - start


def check_outcome(args: list[str], code: int, out: str, err: str, seconds: float) -> None:
    what = f"{args[0]} of mutant {args[1]}"
    assert "Traceback" not in out + err, what
    assert seconds < SECONDS, f"{what} took {seconds:.1f} s"
    assert code != EXIT_INTERNAL, f"{what}: {err}"
    if code == EXIT_OK or (code == EXIT_FINDINGS and args[0] == "audit"):
        assert out.strip(), what  # a result
        return
    lines = err.strip().splitlines()
    assert code >= 1 and len(lines) == 1, f"{what}: exit {code}, {err[:500]!r}"
    assert len(lines[0]) <= 1200, what


def max_rss_mb() -> float:
    """This process's peak resident memory so far (kB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- game files --------------------------------------------------------------------------


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for k, value in enumerate(node[:6]):
            out += _paths(value, (*path, k))
    return out


def _set(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = node
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return node


MARK = "\u2063MUTANT\u2063"  # replaced in the text, for what json.dumps cannot write

VALUES: list[Callable[[random.Random], Any]] = [
    lambda r: MARK,  # a 5,000-digit integer
    lambda r: -(10**18),
    lambda r: 10**15,
    lambda r: r.randint(-3, 60),
    lambda r: 1.5,
    lambda r: float("nan"),
    lambda r: None,
    lambda r: True,
    lambda r: "",
    lambda r: "x" * r.choice([41, 1000, 200_000]),
    lambda r: "\x1b[2J\u202e\u200b\x00",
    lambda r: [],
    lambda r: {},
    lambda r: [MARK] * 3,
    lambda r: {"by": "Ann", "double": "maximum"},
    lambda r: r.choice(["Ann", "Bob", "T", "j", "table", "classic", "belote", "hearts"]),
]


def mutate_game(rng: random.Random, base: dict[str, Any]) -> bytes:
    data = json.loads(json.dumps(base))
    kind = rng.randrange(12)
    if kind <= 4:  # one value replaced, one to three times
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(_paths(data))
            data = _set(data, path, rng.choice(VALUES)(rng))
    elif kind == 5:  # a key dropped
        path = rng.choice([p for p in _paths(data) if p])
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        del parent[path[-1]]
    elif kind == 6:  # sizes: many deals, players, history entries, rounds or a target
        which = rng.choice(["deals", "players", "history", "rounds", "target"])
        if which == "deals" and data.get("deals"):
            data["deals"] = data["deals"] * rng.choice([50, 400])
        elif which == "players":
            data["players"] = [f"P{k}" for k in range(rng.choice([3, 9, 5000]))]
        elif which == "history":
            data["history"] = [{"at": "2026-12-01", "action": "undo"}] * rng.choice([5, 20_000])
        else:
            data["options"] = {which: rng.choice([0, 7, 10**8, 10**12])}
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5, allow_nan=True)
    text = text.replace(json.dumps(MARK), HUGE).replace(MARK, HUGE)
    if kind == 7:  # nesting, deep enough to break a recursive parser
        depth = rng.choice([200, 5000, 100_000])
        at = rng.randrange(len(text))
        text = text[:at] + "[" * depth + "]" * depth + text[at:]
        if rng.random() < 0.5:
            text = '{"deals": ' + "[" * depth + "]" * depth + ', "format": "scoresheet-game"}'
    elif kind == 8:  # duplicate keys
        text = text.replace('"rules": ', '"rules": "yale", "rules": ', 1)
    raw = text.encode("utf-8")
    if kind == 9:  # encodings
        raw = rng.choice(
            [
                b"\xef\xbb\xbf" + raw,
                text.encode("utf-16"),
                text.encode("utf-32"),
                text.encode("latin-1", "replace"),
                raw.replace(b'"', b"\x00", 1),
            ]
        )
    elif kind == 10:  # bytes cut or flipped
        cut = bytearray(raw[: rng.randrange(1, len(raw))] if rng.random() < 0.5 else raw)
        for _ in range(rng.randint(1, 5)):
            cut[rng.randrange(len(cut))] = rng.randrange(256)
        raw = bytes(cut)
    elif kind == 11:  # a large file of whitespace and a valid game, or a long string
        raw = raw + b" " * rng.choice([10, 300_000])
    return raw


GAME_COMMANDS = ["score", "show", "status", "audit", "history"]


def _game_mutants(tmp_path: Path) -> list[list[str]]:
    rng = random.Random(2026)
    bases = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
    runs: list[list[str]] = []
    for k in range(GAME_MUTANTS):
        path = tmp_path / f"g{k}.json"
        path.write_bytes(mutate_game(rng, rng.choice(bases)))
        # A workbook costs far more to write than a game to score: one mutant in 25.
        command = "export" if k % 25 == 24 else GAME_COMMANDS[k % len(GAME_COMMANDS)]
        args = [command, str(path)]
        if command == "export":
            args += ["-o", str(tmp_path / f"g{k}.xlsx")]
        runs.append(args)
    # Not a regular file of JSON: devices that never end, a FIFO nobody writes to, a
    # folder, a missing file.
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    odd = ["/dev/null", "/dev/zero", "/dev/urandom", str(fifo), str(tmp_path), str(tmp_path / "no")]
    for command in GAME_COMMANDS[:4]:
        runs += [[command, path] for path in odd]
    return runs


def test_mutated_game_files_end_in_a_result_or_one_line(tmp_path: Path) -> None:
    runs = _game_mutants(tmp_path)
    assert len(runs) >= 2000
    before = max_rss_mb()
    limit = sys.getrecursionlimit()
    for args in runs:
        check_outcome(args, *in_process(args))
    assert sys.getrecursionlimit() == limit
    assert max_rss_mb() - before < MEGABYTES
    for args in runs[:: len(runs) // SAMPLE][:SAMPLE]:
        proc = run(*args)
        check_outcome(args, proc.returncode, proc.stdout, proc.stderr, 0.0)


# -- workbooks ------------------------------------------------------------------------------


def _export(example: Path, tmp_path: Path) -> bytes:
    target = tmp_path / f"{example.stem}.xlsx"
    code, _, err, _ = in_process(["export", str(example), "-o", str(target)])
    assert code == 0, err
    return target.read_bytes()


def _members(data: bytes) -> dict[str, bytes]:
    archive = zipfile.ZipFile(io.BytesIO(data))
    return {info.filename: archive.read(info) for info in archive.infolist()}


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for name, content in members.items():
            target.writestr(name, content)
    return out.getvalue()


XML_EDITS: list[tuple[bytes, Callable[[random.Random], bytes]]] = [
    (rb"<v>[^<]*</v>", lambda r: b"<v>" + HUGE.encode() + b"</v>"),
    (rb"<v>[^<]*</v>", lambda r: b"<v>-1e400</v>"),
    (rb"<v>[^<]*</v>", lambda r: b"<v>not a number</v>"),
    (rb"<v>[^<]*</v>", lambda r: b"<v>999999</v>"),
    (rb'<c r="([A-Z]+[0-9]+)"', lambda r: b'<c r="XFD1048576"'),
    (rb'<c r="([A-Z]+[0-9]+)"', lambda r: b'<c r="A0"'),
    (rb'<c r="([A-Z]+[0-9]+)"', lambda r: b'<c r="D999"'),
    (rb"<c ", lambda r: b'<c t="e" '),
    (rb"<c ", lambda r: b'<c t="b" '),
    (rb"<c ", lambda r: b'<c t="s" '),
    (rb"<f>[^<]*</f>", lambda r: b"<f>[1]Sheet1!A1</f>"),
    (rb"<f>[^<]*</f>", lambda r: b'<f t="shared" si="7"/>'),
    (rb"</c>", lambda r: b"<f>1+1</f></c>"),
    (rb"<t>[^<]*</t>", lambda r: b"<t>" + b"A" * r.choice([41, 20_000]) + b"</t>"),
    (rb"<t>[^<]*</t>", lambda r: b'<t>{"rounds": 100000000}</t>'),
    (rb"<t>[^<]*</t>", lambda r: b"<t>\x1b[2J&#x202e;</t>"),
    (rb"<sheetData>", lambda r: b"<sheetData>" + b"<x>" * 50_000 + b"</x>" * 50_000),
    (rb"<sheet ", lambda r: b'<sheet name="Other" '),
    (rb"<dc:title>", lambda r: b"<dc:title><broken"),
    (rb"scoresheet:[a-z-]+", lambda r: r.choice([b"scoresheet:chess", b"scoresheet:barbu"])),
    (rb"<\?xml[^>]*\?>", lambda r: b'<?xml version="1.0" encoding="UTF-16"?>'),
    (rb"<\?xml[^>]*\?>", lambda r: b'<!DOCTYPE x [<!ENTITY a "aaaa">]>'),
]


def mutate_workbook(rng: random.Random, data: bytes) -> bytes:
    kind = rng.randrange(10)
    if kind <= 5:  # an edit in the XML of one part
        members = _members(data)
        for _ in range(rng.randint(1, 3)):
            pattern, make = rng.choice(XML_EDITS)
            parts = [p for p, c in members.items() if re.search(pattern, c)]
            if not parts:
                continue
            part = rng.choice(parts)
            matches = list(re.finditer(pattern, members[part]))
            m = rng.choice(matches[:200])
            content = members[part]
            members[part] = content[: m.start()] + make(rng) + content[m.end() :]
        return _zip(members)
    if kind == 6:  # a part dropped or added
        members = _members(data)
        if rng.random() < 0.5:
            del members[rng.choice(sorted(members))]
        else:
            members[rng.choice(["xl/vbaProject.bin", "xl/macros.dat", "big.xml"])] = b"<a/>" * (
                rng.choice([1, 2_000_000])
            )
        return _zip(members)
    if kind == 7:  # bytes flipped anywhere, the deflate streams included
        raw = bytearray(data)
        for _ in range(rng.randint(1, 20)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if kind == 8:  # cut short
        return data[: rng.randrange(len(data))]
    return rng.choice([b"", b"PK\x03\x04", b"not a zip at all", data + b"\x00" * 1000])


def test_mutated_workbooks_end_in_a_result_or_one_line(tmp_path: Path) -> None:
    rng = random.Random(2027)
    bases = [_export(p, tmp_path) for p in EXAMPLES]
    runs: list[list[str]] = []
    for k in range(WORKBOOK_MUTANTS):
        path = tmp_path / f"w{k}.xlsx"
        path.write_bytes(mutate_workbook(rng, rng.choice(bases)))
        if k % 2:
            runs.append(["import", str(path), "-o", str(tmp_path / f"w{k}.json")])
        else:
            runs.append(["audit", str(path)])
    fifo = tmp_path / "fifo.xlsx"
    os.mkfifo(fifo)
    odd = ["/dev/null", "/dev/zero", "/dev/urandom", str(fifo), str(tmp_path)]
    for command in ("audit", "import"):
        extra = ["-o", str(tmp_path / "dev.json")] if command == "import" else []
        runs += [[command, path, *extra] for path in odd]
    before = max_rss_mb()
    for args in runs:
        code, out, err, seconds = in_process(args)
        check_outcome(args, code, out, err, seconds)
        if args[0] == "import" and code != 0:
            assert not Path(args[3]).exists(), args  # nothing written
    assert max_rss_mb() - before < MEGABYTES
    for args in runs[:: len(runs) // SAMPLE][:SAMPLE]:
        if args[0] == "import":
            Path(args[3]).unlink(missing_ok=True)
        proc = run(*args)
        check_outcome(args, proc.returncode, proc.stdout, proc.stderr, 0.0)
