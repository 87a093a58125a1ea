"""``stats``: every figure read from the same scoring results as ``score --json``."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheet.errors import ScoresheetError
from scoresheet.evening import ScoredGame, from_data, load_game, stats
from scoresheet.games.barbu.simulate import random_game as random_barbu
from scoresheet.games.belote.simulate import random_game as random_belote
from scoresheet.games.caribbean_all_fours.simulate import random_game as random_all_fours
from scoresheet.games.rosbiratschka.simulate import random_game as random_rosbiratschka
from tests.cli_helpers import ROOT, assert_one_line_error, run

FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
POOL = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
EXAMPLES = ROOT / "examples"


def _random_game(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["barbu", "belote", "all-fours", "rosbiratschka"])
    players = rng.sample(POOL, 4)
    if kind == "barbu":
        preset = rng.choice(["classic", "ravage-city", "salad", "chinese-poker"])
        deals = rng.choice([None, None, rng.randrange(1, 10)])
        return random_barbu(rng, preset, players=players, deals=deals)
    if kind == "belote":
        return random_belote(rng, players=players)
    if kind == "all-fours":
        return random_all_fours(rng, players=players)
    return random_rosbiratschka(rng, players=players)


def _check_one_game(g: ScoredGame, figures: dict[str, dict[str, Any]]) -> None:
    """Every per-player figure of ``stats`` over one game, against its ``score --json``."""
    out = g.score
    for p in out["players"]:
        f = figures[p]
        kind = f["by_game"][g.game]
        assert (f["games"], kind["games"]) == (1, 1)
        assert kind["points"] == out["totals"][p]
        assert kind["deals"] == len(out["deals"])
        if g.game == "barbu":
            assert f["barbu"]["doubles"]["net"] == sum(d["doubles"][p] for d in out["deals"])
            for contract, c in f["barbu"]["contracts"].items():
                scores = [d["score"][p] for d in out["deals"] if d["contract"] == contract]
                assert c["declarer"]["points"] + c["defender"]["points"] == sum(scores)
                assert c["declarer"]["deals"] + c["defender"]["deals"] == len(scores)
                best = [s for s in (c["declarer"]["best"], c["defender"]["best"]) if s]
                assert max(b["score"] for b in best) == max(scores)
        if g.game == "rosbiratschka":
            for d in out["deals"]:
                assert f["rosbiratschka"]["penalties"][d["contract"]]["points"] == d["score"][p]
        if g.game == "belote":
            taken = sum(f["belote"]["taken"].values())
            assert taken == sum(1 for d in out["deals"] if d["taker"] == p)
    if g.complete and not g.partnership:
        sign = 1 if g.penalty else -1
        lowest = min(sign * t for t in out["totals"].values())
        winners = {p for p, t in out["totals"].items() if sign * t == lowest}
        assert {p for p in out["players"] if figures[p]["wins"]} == winners
    if g.partnership and g.complete:
        winner = out["winner"]
        assert isinstance(winner, int)
        won = set(out["teams"][winner])
        assert {p for p in out["players"] if figures[p]["wins"]} == won


@given(st.integers(0, 100_000))
@FEW
def test_stats_over_one_game_agree_with_its_score(seed: int) -> None:
    g = from_data(_random_game(random.Random(seed)), "g.json")
    _check_one_game(g, stats([g]).players)


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_stats_json_agrees_with_score_json_through_the_console_script(name: str) -> None:
    path = EXAMPLES / name
    score = run("score", path, "--json")
    out = run("stats", path, "--json")
    assert score.returncode == 0 and out.returncode == 0, out.stderr
    scored = json.loads(score.stdout)
    figures = json.loads(out.stdout)
    g = load_game(path)
    assert g.score == scored
    _check_one_game(g, figures["players"])
    if "ledger" in scored:
        pairs = {tuple(sorted(p["players"])): p for p in scored["ledger"]["pairs"]}
        got = {tuple(p["players"]): p for p in figures["head_to_head"]}
        assert set(got) == set(pairs)
        for key, pair in got.items():
            assert pair["net"] == pairs[key]["net"]


@given(st.integers(0, 100_000), st.integers(2, 5))
@FEW
def test_head_to_head_nets_add_up_the_games_ledgers(seed: int, count: int) -> None:
    rng = random.Random(seed)
    games = [from_data(_random_game(rng), f"g{i}.json") for i in range(count)]
    s = stats(games)
    expected: Counter[tuple[str, str]] = Counter()
    bets = 0
    for g in games:
        for pair in g.score.get("ledger", {}).get("pairs", []):
            a, b = sorted(pair["players"])
            expected[(a, b)] += pair["net"][a]
        bets += sum(len(d["bets"]) for d in g.score.get("ledger", {}).get("deals", []))
    assert {p.players: p.net for p in s.head_to_head} == {k: expected[k] for k in expected}
    doubles = [f["barbu"]["doubles"] for f in s.players.values() if "barbu" in f]
    assert sum(d["made"] for d in doubles) == sum(d["received"] for d in doubles) == bets
    assert sum(d["net"] for d in doubles) == 0
    for d in doubles:
        assert d["won"] + d["lost"] <= d["made"]
        assert d["won_share"] == (round(d["won"] / d["made"], 4) if d["made"] else None)
    assert sum(f["games"] for f in s.players.values()) == sum(len(g.players) for g in games)
    assert stats(list(reversed(games))).head_to_head == s.head_to_head


def test_one_player_only() -> None:
    games = [load_game(p) for p in sorted(EXAMPLES.glob("*.json"))]
    s = stats(games, player="Cat")
    assert list(s.players) == ["Cat"]
    assert all("Cat" in p.players for p in s.head_to_head)
    with pytest.raises(ScoresheetError, match='"Zoe" played none'):
        stats(games, player="Zoe")


def test_an_unreadable_file_is_refused_by_name_unless_skip_bad(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "1.json").write_text((EXAMPLES / "classic.json").read_text("utf-8"), "utf-8")
    (folder / "2-broken.json").write_text('{"format": "scoresheet-game", "players": 3}', "utf-8")
    line = assert_one_line_error(run("stats", folder))
    assert "2-broken.json" in line and "--skip-bad" in line
    proc = run("stats", folder, "--skip-bad")
    assert proc.returncode == 0, proc.stderr
    assert "Skipped 1 unreadable file" in proc.stdout and "2-broken.json" in proc.stdout
    data = json.loads(run("stats", folder, "--skip-bad", "--json").stdout)
    assert [s["file"] for s in data["skipped"]] == [str(folder / "2-broken.json")]
    assert len(data["games"]) == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "no game files" in assert_one_line_error(run("stats", empty))
    only_bad = assert_one_line_error(run("stats", folder / "2-broken.json", "--skip-bad"))
    assert "none of the files is a readable game" in only_bad


def test_two_spellings_of_one_name_are_refused_naming_both() -> None:
    rng = random.Random(2)
    a = from_data(random_barbu(rng, "classic", players=["Ann", "Bob", "Cat", "Dan"]), "a.json")
    b = from_data(random_belote(rng, players=["Ann", "Bob", "cat", "Dan"]), "b.json")
    with pytest.raises(ScoresheetError, match=r'"Cat" \(a.json\) and "cat" \(b.json\)'):
        stats([a, b])


@pytest.mark.parametrize("typed", ["cat", "CAT", "Ca", "c"])
def test_a_player_is_typed_in_any_case_or_by_a_unique_start(typed: str) -> None:
    games = [load_game(EXAMPLES / "classic.json"), load_game(EXAMPLES / "belote.json")]
    assert list(stats(games, player=typed).players) == ["Cat"]


def test_an_ambiguous_start_of_a_player_is_refused_naming_both(tmp_path: Path) -> None:
    rng = random.Random(3)
    game = from_data(random_barbu(rng, "classic", players=["Ann", "Anna", "Bob", "Cat"]), "g")
    with pytest.raises(ScoresheetError, match=r'--player: "an" could be Ann or Anna'):
        stats([game], player="an")
    assert list(stats([game], player="ann").players) == ["Ann"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(random_barbu(rng, "classic", players=["Ann", "Anna", "B", "C"])))
    line = assert_one_line_error(run("stats", path, "--player", "AN"))
    assert '"AN" could be Ann or Anna' in line
    proc = run("stats", path, "--player", "anna", "--json")
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(proc.stdout)["players"]) == ["Anna"]
