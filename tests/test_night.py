"""``scoresheet night``: a club night end to end through the console script, its standings
checked against a computation written here, and bad input refused in one line without
changing any file."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from scoresheet import record, registry
from tests.cli_helpers import assert_one_line_error, run

NAMES = [
    "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou",
    "Max", "Ned", "Oda", "Pia", "Quin", "Rex", "Sue", "Tom",
]  # fmt: skip


def _roster(tmp_path: Path, lines: list[str], name: str = "club.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _new(tmp_path: Path, game: str, rules: str, lines: list[str], *more: str) -> Path:
    night = tmp_path / "night"
    roster = _roster(tmp_path, lines)
    proc = run(
        "night", "new", night, "--game", game, "--rules", rules, "--players-file", roster,
        "--rounds", "3", "--seed", "7", *more,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return night


def _draw(night: Path) -> dict[str, Any]:
    proc = run("night", "draw", night, "--json")
    assert proc.returncode == 0, proc.stderr
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


def _play(night: Path, rng: random.Random, *, partly: bool = False) -> None:
    """Every table of the current round plays a random legal game (with ``partly``, some
    tables stop after a few deals), written into the table's own game file."""
    for table in _draw(night)["tables"]:
        path = Path(table["game"])
        data = json.loads(path.read_text("utf-8"))
        simulate = registry.part(data["game"], "simulate")
        deals = rng.randint(1, 3) if partly and rng.random() < 0.5 else None
        game = simulate.random_game(rng, data["rules"], players=data["players"], deals=deals)
        data["deals"] = game["deals"]
        path.write_text(json.dumps(data), encoding="utf-8")


def _cents(value: Fraction) -> str:
    """A percentage to two decimals, halves up (written here, not the module's)."""
    cents = (value * 100 * 2 + 1) // 2
    return f"{cents // 100}.{cents % 100:02d}"


def _expected(night: Path, rounds: int) -> dict[str, dict[str, Any]]:
    """The standings of the first ``rounds`` rounds, computed here from the game files."""
    data = json.loads((night / "night.scoresheet").read_text("utf-8"))
    game = registry.game(data["game"])
    score = registry.part(data["game"], "score")
    per: dict[str, dict[str, Any]] = {}
    for one in data["draws"][:rounds]:
        for table in one["tables"]:
            result = score.score_game(record.load(night / table["game"]))
            if not result.deals:
                continue
            totals = result.totals
            if game.teams:
                teams = result.teams  # type: ignore[attr-defined]
                for side in (0, 1):
                    key = " & ".join(teams[side])
                    mine, theirs = result.team_totals[side], result.team_totals[1 - side]  # type: ignore[attr-defined]
                    line = per.setdefault(key, {"won": 0, "difference": 0, "total": 0, "tables": 0})
                    line["won"] += result.winner == side  # type: ignore[attr-defined]
                    line["difference"] += mine - theirs
                    line["total"] += mine
                    line["tables"] += 1
                continue
            for p in result.players:
                beaten = sum(
                    Fraction(1, 2) if totals[q] == totals[p] else
                    Fraction(int((totals[p] < totals[q]) == game.penalty))
                    for q in result.players if q != p
                )  # fmt: skip
                line = per.setdefault(p, {"sum": Fraction(0), "total": 0, "tables": 0})
                line["sum"] += beaten * 100 / (len(result.players) - 1)
                line["total"] += totals[p]
                line["tables"] += 1
    if game.teams:
        for line in per.values():
            line["place"] = 1 + sum(
                (o["won"], o["difference"]) > (line["won"], line["difference"])
                for o in per.values()
            )
        return per

    def better(a: int, b: int) -> bool:
        return a < b if game.penalty else a > b

    for line in per.values():
        line["avg"] = line["sum"] / line["tables"]
    for line in per.values():
        line["place"] = 1 + sum(
            o["avg"] > line["avg"]
            or (o["avg"] == line["avg"] and better(o["total"], line["total"]))
            for o in per.values()
        )
        line["percent"] = _cents(line["avg"])
    return per


def _standings(night: Path) -> dict[str, Any]:
    proc = run("night", "standings", night, "--json")
    assert proc.returncode == 0, proc.stderr
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


def _check_standings(night: Path, rounds: int) -> None:
    got = _standings(night)
    assert got["after_round"] == rounds
    expected = _expected(night, rounds)
    places = [entry["place"] for entry in got["standings"]]
    assert places == sorted(places)
    for entry in got["standings"]:
        if "players" in entry:
            key = " & ".join(entry["players"])
            if key not in expected:  # only byes so far
                assert entry["tables"] == 0
                continue
            want = expected[key]
            assert (entry["won"], entry["difference"], entry["total"]) == (
                want["won"], want["difference"], want["total"]
            )  # fmt: skip
        else:
            key = entry["player"]
            if key not in expected:  # only byes so far
                assert entry["tables"] == 0 and entry["percent"] is None
                continue
            want = expected[key]
            assert (entry["percent"], entry["total"]) == (want["percent"], want["total"])
        assert (entry["place"], entry["tables"]) == (want["place"], want["tables"])


@pytest.mark.parametrize(
    ("game", "rules", "count"),
    [
        ("barbu", "classic", 13),  # tables of 5 and 4
        ("rosbiratschka", "rosbiratschka", 10),  # a penalty game: tables of 4 and 3
    ],
)
def test_a_simulated_night_ranks_as_computed_here(
    tmp_path: Path, game: str, rules: str, count: int
) -> None:
    night = _new(tmp_path, game, rules, NAMES[:count])
    rng = random.Random(f"{game}-night")
    for number in (1, 2, 3):
        drawn = _draw(night)
        assert drawn["round"] == number
        _play(night, rng, partly=number == 2)
        _check_standings(night, number)
        if number < 3:
            assert run("night", "next", night).returncode == 0
    # every table's game is an ordinary game file that every command reads
    for table in _draw(night)["tables"]:
        assert run("score", table["game"], "--json").returncode == 0
    text = run("night", "standings", night).stdout
    assert "Standings after round 3 of 3" in text and NAMES[0] in text


def test_a_partnership_night_ranks_pairs_by_games_won_then_difference(tmp_path: Path) -> None:
    pairs = [f"{a}, {b}" for a, b in zip(NAMES[0:10:2], NAMES[1:10:2], strict=True)]
    night = _new(tmp_path, "belote", "belote", pairs)
    drawn = _draw(night)
    assert len(drawn["tables"]) == 2 and len(drawn["byes"]) == 2  # five pairs: one sits out
    for table in drawn["tables"]:
        a1, b1, a2, b2 = table["players"]
        saved = json.loads(Path(table["game"]).read_text("utf-8"))
        assert saved["teams"] == [[a1, a2], [b1, b2]]  # partners sit opposite
    rng = random.Random(3)
    _play(night, rng)
    _check_standings(night, 1)
    assert run("night", "next", night).returncode == 0
    _play(night, rng, partly=True)
    _check_standings(night, 2)


def test_unfinished_tables_count_their_deals_and_are_marked(tmp_path: Path) -> None:
    night = _new(tmp_path, "barbu", "classic", NAMES[:8])
    table = _draw(night)["tables"][0]
    path = Path(table["game"])
    data = json.loads(path.read_text("utf-8"))
    game = registry.part("barbu", "simulate").random_game(
        random.Random(1), data["rules"], players=data["players"], deals=2
    )
    data["deals"] = game["deals"]
    path.write_text(json.dumps(data), encoding="utf-8")
    got = _standings(night)["standings"]
    marked = {e["player"] for e in got if e["unfinished"]}
    assert marked == set(table["players"])
    assert all(e["tables"] == 0 for e in got if e["player"] not in marked)
    assert "*" in run("night", "standings", night).stdout


def test_the_same_seed_draws_the_same_night_and_rounds_never_repeat_a_meeting(
    tmp_path: Path,
) -> None:
    roster = _roster(tmp_path, NAMES[:16])
    nights = []
    for name in ("a", "b"):
        proc = run(
            "night", "new", tmp_path / name, "--players-file", roster, "--rounds", "5",
            "--seed", "11", "--game", "barbu",
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        nights.append(json.loads((tmp_path / name / "night.scoresheet").read_text("utf-8")))
    assert nights[0]["draws"] == nights[1]["draws"]
    met: set[frozenset[str]] = set()
    for one in nights[0]["draws"]:
        for table in one["tables"]:
            for a in table["players"]:
                for b in table["players"]:
                    if a < b:
                        assert frozenset((a, b)) not in met
                        met.add(frozenset((a, b)))
    assert len(met) == 16 * 15 // 2


def test_draw_json_has_the_documented_shape(tmp_path: Path) -> None:
    night = _new(tmp_path, "barbu", "classic", NAMES[:10], "--draw", "by-rank")
    drawn = _draw(night)
    assert set(drawn) == {"round", "tables", "byes"}
    assert drawn["round"] == 1
    for i, table in enumerate(drawn["tables"], start=1):
        assert set(table) == {"table", "players", "game"}
        assert table["table"] == i
        assert Path(table["game"]) == night / f"round-01/table-{i:02d}.json"
        assert json.loads(Path(table["game"]).read_text("utf-8"))["players"] == table["players"]
    seated = [p for t in drawn["tables"] for p in t["players"]] + drawn["byes"]
    assert sorted(seated) == sorted(NAMES[:10])


def test_by_rank_draws_each_round_from_the_standings_without_repeats(tmp_path: Path) -> None:
    night = _new(tmp_path, "barbu", "classic", NAMES[:16], "--draw", "by-rank")
    saved = json.loads((night / "night.scoresheet").read_text("utf-8"))
    assert len(saved["draws"]) == 1  # the later rounds are drawn when they open
    _play(night, random.Random(5))
    first = _draw(night)
    ranking = [e["player"] for e in _standings(night)["standings"]]
    assert run("night", "next", night).returncode == 0
    second = _draw(night)
    assert second["round"] == 2
    for table in second["tables"]:
        for old in first["tables"]:
            assert len(set(table["players"]) & set(old["players"])) <= 1
    top = second["tables"][0]["players"]
    assert sum(ranking.index(p) for p in top) < sum(range(8))  # from the upper half


def test_next_on_the_last_round_is_refused_naming_it(tmp_path: Path) -> None:
    night = _new(tmp_path, "barbu", "classic", NAMES[:4])
    assert run("night", "next", night).returncode == 0
    assert run("night", "next", night).returncode == 0
    before = (night / "night.scoresheet").read_bytes()
    line = assert_one_line_error(run("night", "next", night))
    assert "round 3 is the last round" in line
    assert (night / "night.scoresheet").read_bytes() == before
    assert not (night / "round-04").exists()


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    ("lines", "args", "says"),
    [
        (["Ann", "Bob", "Cat", "ann"], (), "club.txt:4"),
        (["Ann", "Bob", "Cat", "Аnn"], (), "club.txt:4"),  # a Cyrillic А
        (["Ann", "Bob, Cat", "Dan"], (), "club.txt:2"),
        (["Ann", "Bob", "Cat", "Dan"], ("--game", "belote", "--rules", "belote"), "club.txt:1"),
        (["Ann", "Bob", "Cat/Dan", "Eve"], (), "club.txt:3"),
        (["Ann", "Bob"], (), "a table needs 3"),
        (NAMES[:8], ("--draw", "swiss"), "--draw"),
        (NAMES[:8], ("--ranking", "elo"), "--ranking"),
        (NAMES[:8], ("--rounds", "0"), "--rounds"),
        (NAMES[:8], ("--rules", "nope"), "nope"),
        (NAMES[:8], ("--seed", "x"), "--seed"),
    ],
)
def test_bad_input_is_refused_in_one_line_and_makes_nothing(
    tmp_path: Path, lines: list[str], args: tuple[str, ...], says: str
) -> None:
    roster = _roster(tmp_path, lines)
    options = {"--rounds": "3", "--seed": "1", "--game": "barbu", "--rules": "classic"}
    extra = list(args)
    for i in range(0, len(extra), 2):
        options[extra[i]] = extra[i + 1]
    if options.get("--rules") == "nope":
        del options["--game"]
    flat = [x for kv in options.items() for x in kv]
    before = _files(tmp_path)
    line = assert_one_line_error(
        run("night", "new", tmp_path / "night", "--players-file", roster, *flat)
    )
    assert says in line
    assert not (tmp_path / "night").exists()
    assert _files(tmp_path) == before


def test_a_folder_that_is_not_a_night_is_refused(tmp_path: Path) -> None:
    night = _new(tmp_path, "barbu", "classic", NAMES[:8])
    before = _files(night)
    # a night that exists is not made again
    line = assert_one_line_error(
        run("night", "new", night, "--players-file", tmp_path / "club.txt",
            "--rounds", "2", "--seed", "1")
    )  # fmt: skip
    assert "already exists" in line
    for command in ("draw", "standings", "next"):
        assert "no such night" in assert_one_line_error(run("night", command, tmp_path / "x"))
        assert "not a night folder" in assert_one_line_error(run("night", command, tmp_path))
    (night / "night.scoresheet").write_text('{"format": "scoresheet-night"}', encoding="utf-8")
    for command in ("draw", "standings", "next"):
        line = assert_one_line_error(run("night", command, night))
        assert "not a night file" in line
    assert {k: v for k, v in _files(night).items() if not k.endswith(".scoresheet")} == {
        k: v for k, v in before.items() if not k.endswith(".scoresheet")
    }


def test_a_missing_players_file_is_refused(tmp_path: Path) -> None:
    line = assert_one_line_error(
        run("night", "new", tmp_path / "n", "--players-file", tmp_path / "none.txt",
            "--rounds", "2", "--seed", "1")
    )  # fmt: skip
    assert "none.txt" in line
    assert not (tmp_path / "n").exists()


def test_ranking_by_totals_orders_by_points(tmp_path: Path) -> None:
    night = _new(tmp_path, "barbu", "classic", NAMES[:8], "--ranking", "totals")
    _play(night, random.Random(8))
    got = _standings(night)["standings"]
    totals = [e["total"] for e in got]
    assert totals == sorted(totals, reverse=True)
    for e in got:  # a place is one more than the players with more points
        assert e["place"] == 1 + sum(o["total"] > e["total"] for o in got) or any(
            o["total"] == e["total"] and o["percent"] != e["percent"] for o in got
        )
