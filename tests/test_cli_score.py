"""`scoresheet score` and `scoresheet rules`, through the installed console script."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheet import record
from scoresheet.games.barbu.score import score_game
from scoresheet.rules import list_presets
from tests.cli_helpers import ROOT, assert_one_line_error, run

EXAMPLES = sorted(
    p
    for p in (ROOT / "examples").glob("*.json")
    if json.loads(p.read_text(encoding="utf-8")).get("game", "barbu") == "barbu"
)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_score_json_is_the_spec_object(example: Path) -> None:
    proc = run("score", example, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert {"players", "totals", "deals", "violations", "complete", "ledger"} <= set(out)
    data = json.loads(example.read_text(encoding="utf-8"))
    assert out["players"] == data["players"]
    assert len(out["deals"]) == len(data["deals"])
    for deal in out["deals"]:
        assert set(deal) >= {"number", "declarer", "contract", "base", "doubles", "score"}
        for p in out["players"]:
            assert deal["score"][p] == deal["base"][p] + deal["doubles"][p]
        assert sum(deal["doubles"].values()) == 0
    for p in out["players"]:
        assert out["totals"][p] == sum(d["score"][p] for d in out["deals"])


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_score_table_shows_every_deal_and_the_totals(example: Path) -> None:
    proc = run("score", example)
    assert proc.returncode == 0, proc.stderr
    result = score_game(record.load(example))
    lines = proc.stdout.splitlines()
    for deal in result.deals:
        row = next(line for line in lines if line.split()[:1] == [str(deal.number)])
        assert deal.contract in row and deal.declarer in row
        assert row.rstrip().endswith("✓")
    total_line = next(line for line in lines if "TOTAL" in line)
    assert [int(x) for x in total_line.split()[1:-1]] == [result.totals[p] for p in result.players]


def test_score_from_outside_the_checkout(tmp_path: Path) -> None:
    copy = tmp_path / "game.json"
    copy.write_text((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    proc = run("score", "game.json", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert sum(json.loads(proc.stdout)["totals"].values()) == 0


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{not json", "not valid JSON"),
        ('{"hello": 1}', "not a scoresheet game file"),
        (
            '{"format": "scoresheet-game", "version": 9, "rules": "classic", "players": []}',
            "newer scoresheet",
        ),
        (
            '{"format": "scoresheet-game", "version": 1, "rules": "classic", '
            '"players": ["Ann", "Bob", "Cat", "Dan"], '
            '"deals": [{"contract": "no-queens", "doubles": [{"by": "Bob", "double": ["Ann"]}], '
            '"result": {"queens": {"Ann": 5}}}]}',
            "deal 1, no-queens: queens add up to 5, a deal has 4",
        ),
        (
            '{"format": "scoresheet-game", "version": 1, "rules": "classic", '
            '"players": ["Ann", "Bob", "Cat", "Dan"], "deals": [{"contract": "no-queens", '
            '"doubles": [{"by": "Ann", "double": ["Bob"]}], "result": {"queens": {"Ann": 4}}}]}',
            "deal 1, no-queens, doubles entry 1: Ann is the declarer",
        ),
    ],
)
def test_bad_files_give_one_line_and_no_traceback(
    tmp_path: Path, content: str, fragment: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    line = assert_one_line_error(run("score", path))
    assert fragment in line


def test_missing_file() -> None:
    assert "no such file" in assert_one_line_error(run("score", "no-such-game.json"))


def test_rules_list_names_every_preset() -> None:
    proc = run("rules", "list")
    assert proc.returncode == 0
    for name in list_presets():
        assert any(line.split()[0] == name for line in proc.stdout.splitlines())


@pytest.mark.parametrize("name", list_presets("barbu"))
def test_rules_show_json_round_trips_into_a_game(tmp_path: Path, name: str) -> None:
    """`rules show NAME --json` is a valid full rules object for a game file's rules."""
    proc = run("rules", "show", name, "--json")
    assert proc.returncode == 0, proc.stderr
    rules = json.loads(proc.stdout)
    example = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    if name == "classic":
        example["rules"] = rules
        path = tmp_path / "inline.json"
        path.write_text(json.dumps(example), encoding="utf-8")
        scored = json.loads(run("score", path, "--json").stdout)
        assert (
            scored["totals"]
            == json.loads(run("score", ROOT / "examples" / "classic.json", "--json").stdout)[
                "totals"
            ]
        )
    game = {
        "format": "scoresheet-game",
        "version": 1,
        "rules": rules,
        "players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"][: rules.get("players", 4)],
        "deals": [],
    }
    assert len(game["players"]) == rules.get("players", 4)
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert run("score", path, "--json").returncode == 0


def test_rules_show_text_gives_derived_totals() -> None:
    """Rules page section 4: Ravage City at −36 is not zero-sum and the tool says so."""
    out = run("rules", "show", "ravage-city-36").stdout
    assert "not zero-sum" in out
    assert "-36" in out and "-39" in out and "+91" in out


def test_unknown_preset_is_one_line() -> None:
    assert "no preset" in assert_one_line_error(run("rules", "show", "klassic"))
