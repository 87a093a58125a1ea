"""``scoresheet rate``: the season ladder, rated with openskill's Plackett–Luce model.

The expected ratings are worked out here with openskill itself, from places read off the
totals by the test (not by the ladder's code), in the order the files' ``created`` keys
give; the league test checks the ladder against skills the simulation knows.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from scoresheet.errors import ScoresheetError
from scoresheet.evening.games import from_data
from scoresheet.evening.league import league, league_game, spearman
from scoresheet.evening.rate import RatedGame, rate, rated_game
from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.games.belote.simulate import random_game as random_belote
from scoresheet.views.term import cells
from tests.cli_helpers import ROOT, assert_one_line_error, run


def _write(folder: Path, games: list[dict[str, Any]], names: list[str] | None = None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i, data in enumerate(games):
        name = names[i] if names else f"g{i:03d}.json"
        (folder / name).write_text(json.dumps(data, ensure_ascii=False), "utf-8")


def _season(seed: int = 3) -> list[dict[str, Any]]:
    """Barbu and Belote games among six players over two nights, a week apart."""
    rng = random.Random(seed)
    pool = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    skills = {p: rng.gauss(0, 1) for p in pool}
    out = []
    for i in range(16):
        game, rules = ("barbu", "classic") if i % 4 else ("belote", "belote")
        data = league_game(rng, game, rules, rng.sample(pool, 4), skills)
        day = 4 if i < 10 else 11
        at = datetime(2026, 12, day, 19, tzinfo=UTC) + timedelta(minutes=5 * i)
        data["created"] = at.isoformat()
        out.append(data)
    return out


def _places(data: dict[str, Any]) -> tuple[list[list[str]], list[int]]:
    """A complete game's teams and ranks, read off its totals here (the highest total
    first, ties sharing; a partnership game's winning team first)."""
    scored = from_data(data)
    assert scored.complete
    totals = scored.totals
    if "teams" in scored.score:
        teams = [list(t) for t in scored.score["teams"]]
        winner = scored.score["winner"]
        return teams, [1 if i == winner else 2 for i in range(2)]
    teams = [[p] for p in scored.players]
    ranks = [1 + sum(totals[q] > totals[p] for q in totals) for p in scored.players]
    assert len(set(ranks)) == len(ranks), "a tie: rated otherwise (see the tie test)"
    return teams, ranks


def _expected(games: list[dict[str, Any]]) -> dict[str, dict[str, tuple[float, float, int]]]:
    """Each kind's players' (mu, sigma, games), rated with openskill directly."""
    model = PlackettLuce()
    out: dict[str, dict[str, tuple[float, float, int]]] = {}
    ratings: dict[str, dict[str, Any]] = {}
    for data in sorted(games, key=lambda d: d["created"]):
        kind = data["game"]
        own = ratings.setdefault(kind, {})
        counts = out.setdefault(kind, {})
        teams, ranks = _places(data)
        rated = model.rate(
            [[own.get(p) or model.rating() for p in team] for team in teams],
            ranks=[float(r) for r in ranks],
        )
        for team, new in zip(teams, rated, strict=True):
            for p, r in zip(team, new, strict=True):
                own[p] = r
                counts[p] = (r.mu, r.sigma, (counts.get(p) or (0, 0, 0))[2] + 1)
    return out


def test_the_ratings_are_openskills_over_the_games_oldest_first(tmp_path: Path) -> None:
    games = _season()
    # Named newest first: the files' names must not decide the order, their created keys do.
    _write(tmp_path / "s", games, [f"{99 - i:03d}.json" for i in range(len(games))])
    proc = run("rate", tmp_path / "s", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    expected = _expected(games)
    assert [ladder["game"] for ladder in out["ladders"]] == sorted(expected)
    for ladder in out["ladders"]:
        got = {p["player"]: (p["mu"], p["sigma"], p["games"]) for p in ladder["players"]}
        assert got == expected[ladder["game"]]
        ordinals = [p["ordinal"] for p in ladder["players"]]
        assert ordinals == sorted(ordinals, reverse=True)
        for p in ladder["players"]:
            assert p["ordinal"] == p["mu"] - 3 * p["sigma"]
    assert out["games"] == 16 and out["left_out"] == [] and out["skipped"] == []


def test_replaying_the_same_files_gives_the_same_bytes(tmp_path: Path) -> None:
    _write(tmp_path / "s", _season(5))
    first = run("rate", tmp_path / "s", "--json")
    second = run("rate", tmp_path / "s", "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout.encode() == second.stdout.encode()
    # The same games copied elsewhere under other names: the same numbers.
    shutil.copytree(tmp_path / "s", tmp_path / "copy")
    for f in (tmp_path / "copy").iterdir():
        f.rename(f.with_name("x" + f.name))
    third = json.loads(run("rate", tmp_path / "copy", "--json").stdout)
    assert third["ladders"] == json.loads(first.stdout)["ladders"]


def test_the_change_over_the_last_night(tmp_path: Path) -> None:
    games = _season(7)
    _write(tmp_path / "all", games)
    _write(tmp_path / "before", games[:10])  # the first night only (4 December)
    now = json.loads(run("rate", tmp_path / "all", "--json").stdout)
    before = json.loads(run("rate", tmp_path / "before", "--json").stdout)
    assert now["last_night"] == {
        "from": "2026-12-11T19:50:00+00:00",
        "to": "2026-12-11T20:15:00+00:00",
        "games": 6,
    }
    for ladder in now["ladders"]:
        then = next(x for x in before["ladders"] if x["game"] == ladder["game"])
        was = {p["player"]: p["ordinal"] for p in then["players"]}
        for p in ladder["players"]:
            tonight = sum(
                p["player"] in g["players"] and g["game"] == ladder["game"] for g in games[10:]
            )
            assert p["last_night_games"] == tonight
            if tonight:
                assert p["change"] == p["ordinal"] - was.get(p["player"], 25 - 3 * (25 / 3))
            else:
                assert p["change"] is None


def test_partnerships_are_rated_as_teams_and_ties_share() -> None:
    at = datetime(2026, 12, 4, 20, tzinfo=UTC)
    team = RatedGame("t.json", "belote", at, (("Ann", "Cat"), ("Bob", "Dan")), (2, 1))
    r = rate([team]).ladders[0].players
    assert [p.player for p in r] == ["Bob", "Dan", "Ann", "Cat"]
    assert (r[0].mu, r[0].sigma, r[0].place) == (r[1].mu, r[1].sigma, 1)
    assert r[2].place == 3 and r[0].mu > 25 > r[2].mu
    tie = RatedGame("i.json", "barbu", at, (("Ann",), ("Bob",), ("Cat",), ("Dan",)), (1, 1, 3, 4))
    r = rate([tie]).ladders[0].players
    assert [(p.place, p.player) for p in r] == [(1, "Ann"), (1, "Bob"), (3, "Cat"), (4, "Dan")]
    assert r[0].mu == r[1].mu and r[0].sigma == r[1].sigma


def test_a_tie_is_the_mean_of_its_orders() -> None:
    """Ann and Bob tie for first, Cat third, Dan fourth: the mean of the game with Ann
    ahead of Bob and the game with Bob ahead of Ann, each rated by openskill."""
    model = PlackettLuce()
    at = datetime(2026, 12, 4, 20, tzinfo=UTC)
    names = ["Ann", "Bob", "Cat", "Dan"]
    one = [r[0] for r in model.rate([[model.rating()] for _ in names], ranks=[1, 2, 3, 4])]
    two = [r[0] for r in model.rate([[model.rating()] for _ in names], ranks=[2, 1, 3, 4])]
    tie = RatedGame("t.json", "barbu", at, tuple((p,) for p in names), (1, 1, 3, 4))
    got = {p.player: (p.mu, p.sigma) for p in rate([tie]).ladders[0].players}
    for i, p in enumerate(names):
        mu = (one[i].mu + two[i].mu) / 2
        sigma = ((one[i].sigma ** 2 + two[i].sigma ** 2) / 2) ** 0.5
        assert got[p] == pytest.approx((mu, sigma), rel=1e-12)
    assert got["Ann"] == got["Bob"] and got["Bob"][0] > got["Cat"][0] > got["Dan"][0]


def test_each_kind_alone_or_together() -> None:
    at = datetime(2026, 12, 4, 20, tzinfo=UTC)
    a = RatedGame("a.json", "barbu", at, (("Ann",), ("Bob",), ("Cat",)), (1, 2, 3))
    b = RatedGame("b.json", "rosbiratschka", at, (("Ann",), ("Bob",), ("Cat",)), (3, 2, 1))
    apart = rate([a, b])
    assert [(x.game, x.games) for x in apart.ladders] == [("barbu", 1), ("rosbiratschka", 1)]
    together = rate([a, b], together=True)
    assert [(x.game, x.kinds, x.games) for x in together.ladders] == [
        (None, ("barbu", "rosbiratschka"), 2)
    ]
    assert run("rate", ROOT / "examples" / "evening", "--together", "--json").returncode == 0


def test_a_game_not_complete_is_left_out_and_named(tmp_path: Path) -> None:
    rng = random.Random(1)
    done = random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Dan"])
    half = random_barbu(rng, "classic", deals=5, players=["Ann", "Bob", "Cat", "Dan"])
    _write(tmp_path, [done, half], ["done.json", "half.json"])
    out = json.loads(run("rate", tmp_path, "--json").stdout)
    assert out["games"] == 1 and out["left_out"] == [str(tmp_path / "half.json")]
    assert rated_game(from_data(half)) is None
    line = assert_one_line_error(run("rate", tmp_path / "half.json"))
    assert "none of these games is complete" in line


def test_a_bad_created_is_refused_naming_the_file_or_skipped(tmp_path: Path) -> None:
    rng = random.Random(2)
    good = random_belote(rng, players=["Ann", "Bob", "Cat", "Dan"])
    bad = dict(good, created="last Friday")
    _write(tmp_path, [good, bad], ["good.json", "bad.json"])
    line = assert_one_line_error(run("rate", tmp_path))
    assert str(tmp_path / "bad.json") in line and "created" in line and "--skip-bad" in line
    proc = run("rate", tmp_path, "--skip-bad", "--json")
    assert proc.returncode == 0, proc.stderr
    skipped = json.loads(proc.stdout)["skipped"]
    assert [s["file"] for s in skipped] == [str(tmp_path / "bad.json")]


def test_a_file_without_created_is_older_than_every_dated_one() -> None:
    at = datetime(2026, 12, 4, 20, tzinfo=UTC)
    dated = RatedGame("a.json", "barbu", at, (("Ann",), ("Bob",)), (1, 2))
    undated = RatedGame("z.json", "barbu", None, (("Ann",), ("Bob",)), (2, 1))
    r = rate([dated, undated])
    # Rated undated first: Ann's later win counts last, and it is the only night.
    assert r.ladders[0].players[0].player == "Ann"
    assert r.night is not None and r.night.games == 1
    assert rate([undated]).night is None


def test_names_spelled_two_ways_are_refused(tmp_path: Path) -> None:
    rng = random.Random(4)
    a = random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Dan"])
    b = random_barbu(rng, "classic", players=["ann", "Bob", "Cat", "Dan"])
    _write(tmp_path, [a, b])
    line = assert_one_line_error(run("rate", tmp_path))
    assert "one player or two?" in line


def test_the_text_fits_the_terminal_and_shows_every_player(tmp_path: Path) -> None:
    _write(tmp_path, _season(9))
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("scoresheet")), "rate", str(tmp_path)],
        capture_output=True,
        text=True,
        env={"COLUMNS": "60", "PATH": "/usr/bin:/bin"},
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert max(cells(line) for line in lines) <= 60
    assert lines[0].startswith("Season ladder over 16 complete games")
    assert "Last night: 6 games, 2026-12-11 19:50 to 20:15 UTC" in lines
    for player in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"):
        assert any(f"  {player}  " in line for line in lines), player


def test_openskill_is_not_imported_at_start_up() -> None:
    code = "import sys, scoresheet.cli; print('openskill' in sys.modules)"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert proc.stdout.strip() == "False"


def test_the_ladder_finds_the_skills_of_a_simulated_league() -> None:
    skills, games = league(random.Random(11), "barbu", "classic", players=20, games=300, table=4)
    rated = []
    for i, data in enumerate(games):
        one = rated_game(from_data(data, f"{i}.json"), datetime.fromisoformat(data["created"]))
        assert one is not None
        rated.append(one)
    ladder = rate(rated).ladders[0]
    assert len(ladder.players) == 20
    rho = spearman([skills[p.player] for p in ladder.players], [p.ordinal for p in ladder.players])
    assert rho >= 0.9


def test_partnerships_rated_as_teams_find_the_skills_too() -> None:
    """Belote: a pair wins or loses together, so each game says less of each partner
    than a four-player Barbu game does of each player; the ladder still finds them."""
    skills, games = league(random.Random(11), "belote", "belote", players=12, games=200, table=4)
    rated = [
        rated_game(from_data(data, f"{i}.json"), datetime.fromisoformat(data["created"]))
        for i, data in enumerate(games)
    ]
    ladder = rate([g for g in rated if g is not None]).ladders[0]
    assert ladder.games == 200
    rho = spearman([skills[p.player] for p in ladder.players], [p.ordinal for p in ladder.players])
    assert rho >= 0.7


def test_no_readable_game_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("{", "utf-8")
    line = assert_one_line_error(run("rate", tmp_path, "--skip-bad"))
    assert "none of the files is a readable game" in line
    with pytest.raises(ScoresheetError):
        from scoresheet.evening.rate import created_of

        created_of(12, "g.json")


def test_the_readme_example_is_what_rate_prints() -> None:
    readme = (ROOT / "docs" / "settle-stats.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n\$ scoresheet (rate examples/[^\n]*)\n(.*?)```", readme, re.S)
    assert block is not None
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("scoresheet")), *block[1].split()],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "80"},
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == block[2]
