"""The library a program imports: ``import scoresheet``.

Its names are pinned (removing or adding one is a deliberate change of this test), every
public function is fully typed (no ``Any`` in a signature) and documented with an
example, paths may be ``str`` or ``Path``, a value of the wrong type is refused with one
``ScoresheetError`` line, and ``import scoresheet`` alone imports none of it.
"""

from __future__ import annotations

import inspect
import json
import shutil
import subprocess
import sys
import typing
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import scoresheet
from scoresheet import ScoresheetError
from tests.cli_helpers import ROOT

EXAMPLES = ROOT / "examples"

PUBLIC = [
    "Correction",
    "Game",
    "GameResult",
    "Score",
    "ScoresheetError",
    "Settlement",
    "Stats",
    "Undone",
    "__version__",
    "add_deal",
    "correct_deal",
    "export",
    "new_game",
    "open_game",
    "render_pdf",
    "render_text",
    "render_workbook",
    "score",
    "score_json",
    "settle",
    "stats",
    "undo_deal",
]
FUNCTIONS = [n for n in PUBLIC if n[0].islower() and not n.startswith("_")]
KING = {
    "contract": "no-king",
    "doubles": [{"by": "Bob", "double": ["Ann"]}],
    "result": {"king_of_hearts": "Bob"},
}


def test_the_public_names_are_pinned() -> None:
    assert scoresheet.__all__ == PUBLIC
    for name in PUBLIC:
        assert getattr(scoresheet, name) is not None
    assert set(PUBLIC) <= set(dir(scoresheet))


def test_a_name_that_is_not_there_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        scoresheet.no_such_name  # noqa: B018


def _types(hint: object) -> Iterator[object]:
    """``hint`` and every type inside it (unions, generics), Literal values left out."""
    yield hint
    if typing.get_origin(hint) is typing.Literal:
        return
    for arg in typing.get_args(hint):
        if isinstance(arg, list):  # Callable's parameters
            for a in arg:
                yield from _types(a)
        else:
            yield from _types(arg)


def _callables() -> Iterator[tuple[str, Callable[..., object]]]:
    for name in FUNCTIONS:
        yield name, getattr(scoresheet, name)
    for name, member in vars(scoresheet.Game).items():
        if not name.startswith("_") and callable(member):
            yield f"Game.{name}", member
        if isinstance(member, property) and member.fget is not None:
            yield f"Game.{name}", member.fget


@pytest.mark.parametrize(
    ("name", "function"), list(_callables()), ids=lambda v: v if isinstance(v, str) else ""
)
def test_no_any_in_a_public_signature(name: str, function: Callable[..., object]) -> None:
    hints = typing.get_type_hints(function)
    parameters = [p for p in inspect.signature(function).parameters if p != "self"]
    assert set(parameters) <= set(hints), f"{name}: a parameter without a type"
    assert "return" in hints, f"{name}: no return type"
    for where, hint in hints.items():
        assert typing.Any not in list(_types(hint)), f"{name}: {where} is {hint}"


def test_the_any_check_can_fail() -> None:
    def loose(x: dict[str, typing.Any]) -> None: ...

    assert typing.Any in list(_types(typing.get_type_hints(loose)["x"]))


@pytest.mark.parametrize("name", FUNCTIONS)
def test_every_public_function_is_documented_with_an_example(name: str) -> None:
    doc = inspect.getdoc(getattr(scoresheet, name)) or ""
    assert doc.strip(), f"{name} has no docstring"
    assert ">>> " in doc and "scoresheet." in doc, f"{name}'s docstring has no example"


def test_import_scoresheet_imports_none_of_the_library() -> None:
    code = (
        "import sys, scoresheet\n"
        "print(sorted(m for m in sys.modules if m.startswith('scoresheet')))\n"
        "scoresheet.open_game\n"
        "print('scoresheet.api' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.splitlines()
    assert out == ["['scoresheet', 'scoresheet.errors']", "True"]


@pytest.fixture
def classic(tmp_path: Path) -> Path:
    return Path(shutil.copy(EXAMPLES / "classic.json", tmp_path))


@pytest.mark.parametrize("kind", [str, Path])
def test_a_path_may_be_a_str_or_a_path(
    kind: Callable[[object], str | Path], tmp_path: Path
) -> None:
    path = kind(tmp_path / "g.json")
    game = scoresheet.new_game(path, ["Ann", "Bob", "Cat", "Dan"])
    assert game.path == Path(path) and game.played == 0
    game = scoresheet.add_deal(path, KING)
    # The rules page: Bob takes the K♥, base −20; Bob doubled Ann (base 0): Ann gets
    # 0 − (−20) = 20 from Bob. Corrected to Cat: Cat −20, and Ann and Bob are even.
    assert (game.played, game.totals) == (1, {"Ann": 20, "Bob": -40, "Cat": 0, "Dan": 0})
    assert json.loads(Path(path).read_text("utf-8"))["deals"][0]["contract"] == "no-king"
    assert scoresheet.open_game(path).totals == game.totals
    assert scoresheet.score(path).totals == game.totals
    assert scoresheet.score_json(path)["totals"] == game.totals
    assert "Bob" in scoresheet.render_text(path, "status")
    deal = game.deal(1)
    deal["result"] = {"king_of_hearts": "Cat"}
    fixed = scoresheet.correct_deal(path, 1, deal)
    assert fixed.changes == ("king_of_hearts: Bob → Cat",)
    assert fixed.game.totals == {"Ann": 0, "Bob": 0, "Cat": -20, "Dan": 0}
    undone = scoresheet.undo_deal(path)
    assert undone.game.played == 0 and undone.removed == deal
    for suffix, magic in ((".xlsx", b"PK"), (".pdf", b"%PDF-")):
        out = kind(tmp_path / f"g{suffix}")
        assert scoresheet.export(path, out) == Path(out)
        assert Path(out).read_bytes()[: len(magic)] == magic
    games = [kind(EXAMPLES / "evening" / f"classic-{n}.json") for n in (1, 2, 3)]
    assert sum(scoresheet.settle(games, "0.01").balances.values()) == 0
    assert scoresheet.stats([kind(EXAMPLES / "evening")]).players["Ann"]["games"] == 6


def test_the_game_after_each_change_is_what_the_file_holds(classic: Path) -> None:
    game = scoresheet.open_game(classic)
    undone = scoresheet.undo_deal(game)
    assert undone.game.record == scoresheet.open_game(classic).record
    assert undone.game.played == 27 and not undone.game.complete
    again = scoresheet.add_deal(undone.game, undone.removed)
    assert again.played == 28 and again.totals == game.totals


def test_a_game_older_than_the_file_is_refused_and_nothing_saved(classic: Path) -> None:
    old = scoresheet.open_game(classic)
    scoresheet.undo_deal(old)
    text = classic.read_text("utf-8")
    with pytest.raises(ScoresheetError):
        scoresheet.undo_deal(old)
    assert classic.read_text("utf-8") == text


def test_a_deal_the_rules_refuse_is_refused_and_nothing_saved(tmp_path: Path) -> None:
    game = scoresheet.new_game(tmp_path / "g.json", ["Ann", "Bob", "Cat", "Dan"])
    text = game.path.read_text("utf-8")
    with pytest.raises(ScoresheetError, match=r"^deal 1"):
        scoresheet.add_deal(game, {"contract": "no-king", "result": {"king_of_hearts": "Zoe"}})
    assert game.path.read_text("utf-8") == text


def test_an_existing_file_is_replaced_only_with_force(classic: Path, tmp_path: Path) -> None:
    before = classic.read_bytes()
    with pytest.raises(ScoresheetError, match=r"already exists \(give force=True to replace it\)$"):
        scoresheet.new_game(classic, ["Ann", "Bob"])
    assert classic.read_bytes() == before
    out = tmp_path / "c.pdf"
    out.write_bytes(b"mine")
    with pytest.raises(ScoresheetError, match="already exists"):
        scoresheet.export(classic, out)
    assert out.read_bytes() == b"mine"
    assert scoresheet.export(classic, out, force=True) == out
    assert out.read_bytes().startswith(b"%PDF-")
    assert scoresheet.new_game(classic, ["Ann", "Bob", "Cat", "Dan"], force=True).played == 0


def test_score_takes_a_game_as_data() -> None:
    data = json.loads((EXAMPLES / "belote.json").read_text("utf-8"))
    assert scoresheet.score(data).totals == scoresheet.open_game(EXAMPLES / "belote.json").totals


def test_settle_and_stats_take_games_and_names_mixed_counting_a_file_once(classic: Path) -> None:
    game = scoresheet.open_game(classic)
    assert len(scoresheet.stats([game, classic, str(classic)]).games) == 1
    with pytest.raises(ScoresheetError, match="named twice"):
        scoresheet.settle([game, classic], Decimal("0.01"))
    s = scoresheet.settle([classic, EXAMPLES / "evening" / "classic-1.json"], Decimal("0.05"))
    assert [g.name for g in s.games] == [str(classic), str(EXAMPLES / "evening/classic-1.json")]


def _deep() -> list[object]:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    return deep


def test_a_deal_may_hold_tuples_for_lists(tmp_path: Path) -> None:
    game = scoresheet.new_game(tmp_path / "g.json", ("Ann", "Bob", "Cat", "Dan"))
    deal = {**KING, "doubles": ({"by": "Bob", "double": ("Ann",)},)}
    assert scoresheet.add_deal(game, deal).deal(1) == KING


def _bad_calls(tmp: Path, classic: Path) -> list[tuple[str, Callable[[], object]]]:
    game = str(classic)
    s: Any = scoresheet  # called with the wrong types on purpose
    return [
        ("path: expected a file name (a str or a Path), got int 3", lambda: s.open_game(3)),
        ("path: expected a file name", lambda: s.open_game(b"g.json")),
        ("path: expected a file name", lambda: s.open_game("")),
        ("game: expected a game (a Game, or its file's name", lambda: s.add_deal(3, KING)),
        (
            "deal: expected a deal (a dict, as in a game file's deals), got list",
            lambda: s.add_deal(game, ["no-king"]),
        ),
        ("deal: expected a deal", lambda: s.correct_deal(game, 1, "no-king")),
        ("deal: expected a key that is a str, got int 1", lambda: s.add_deal(game, {1: "x"})),
        (
            "deal.contract: expected data a game file holds (dict, list, str, number, bool, None)",
            lambda: s.add_deal(game, {"contract": {"no-king"}}),
        ),
        ("deal: nested too deeply; refused", lambda: s.add_deal(game, {"x": _deep()})),
        (
            "options.x: expected data a game file holds",
            lambda: s.new_game(tmp / "n.json", ["A", "B", "C", "D"], options={"x": object()}),
        ),
        ("game: expected a key that is a str, got int 3", lambda: s.score({3: 1})),
        (
            "number: expected a whole number (an int), got str '1'",
            lambda: s.correct_deal(game, "1", KING),
        ),
        ("number: expected a whole number", lambda: s.open_game(game).deal(True)),
        (
            "players: expected the players' names (a list of str), got str",
            lambda: s.new_game(tmp / "n.json", "Ann Bob"),
        ),
        (
            "players: expected a text (a str), got int 4",
            lambda: s.new_game(tmp / "n.json", ["Ann", 4]),
        ),
        ("game: expected a text (a str)", lambda: s.new_game(tmp / "n.json", ["A", "B"], game=1)),
        (
            "options: expected the preset's changes (a dict)",
            lambda: s.new_game(tmp / "n.json", ["A", "B", "C", "D"], options=["x"]),
        ),
        (
            "teams: expected the partnerships",
            lambda: s.new_game(tmp / "n.json", ["A", "B", "C", "D"], teams="AC"),
        ),
        (
            "force: expected True or False (a bool), got str 'yes'",
            lambda: s.new_game(tmp / "n.json", ["A", "B", "C", "D"], force="yes"),
        ),
        (
            'first: "Zoe" is not one of the players',
            lambda: s.new_game(tmp / "n.json", ["A", "B"], first="Zoe"),
        ),
        ("game: expected a game", lambda: s.score(None)),
        (
            "view: expected score, sheet or status, got str 'table'",
            lambda: s.render_text(game, "table"),
        ),
        (
            "width: expected a whole number (an int), got float 80.0",
            lambda: s.render_text(game, width=80.0),
        ),
        ("width: expected at least 30 columns, got int 10", lambda: s.render_text(game, width=10)),
        (
            "paper: expected a paper size (a4 or letter), got str 'A5'",
            lambda: s.render_pdf(game, paper="A5"),
        ),
        ("paper: expected a paper size", lambda: s.render_workbook(game, paper=4)),
        ("output: expected a file name", lambda: s.export(game, 7)),
        ("games: expected a list of games", lambda: s.settle(game, "0.01")),
        ("games: expected a list of games", lambda: s.stats(3)),
        ("games: expected a file name (a str or a Path), got int 3", lambda: s.stats([game, 3])),
        ("games: no game given", lambda: s.stats([])),
        (
            'stake: expected an amount (a Decimal, or a str such as "0.05"), got float 0.01',
            lambda: s.settle([game], 0.01),
        ),
        ('stake: "-1" is not a positive amount', lambda: s.settle([game], "-1")),
        ('unit: "lots" is not a positive amount', lambda: s.settle([game], "1", unit="lots")),
        (
            "stakes['belote']: \"0\" is not a positive amount",
            lambda: s.settle([game], "1", stakes={"belote": "0"}),
        ),
        (
            "stakes: expected a text (a str), got int 1",
            lambda: s.settle([game], "1", stakes={1: "2"}),
        ),
        (
            "stakes['belote']: expected an amount",
            lambda: s.settle([game], "1", stakes={"belote": 2}),
        ),
        (
            "stakes: expected each kind of game's stake (a dict)",
            lambda: s.settle([game], "1", stakes=["2"]),
        ),
        ("currency: expected a text (a str)", lambda: s.settle([game], "1", currency=None)),
        ("player: expected a text (a str)", lambda: s.stats([game], player=1)),
    ]


def test_a_wrong_type_is_refused_in_one_line_naming_it(tmp_path: Path, classic: Path) -> None:
    before = classic.read_text("utf-8")
    for expected, call in _bad_calls(tmp_path, classic):
        with pytest.raises(ScoresheetError) as info:
            call()
        message = str(info.value)
        assert message.startswith(expected), (expected, message)
        assert "\n" not in message
    assert classic.read_text("utf-8") == before
    assert not (tmp_path / "n.json").exists()


README = "".join(
    (ROOT / "docs" / page).read_text(encoding="utf-8") for page in ("library.md", "settle-stats.md")
)  # the library's examples, in the manual


@pytest.mark.parametrize("heading", ["# The library\n", "## From Python\n"])
def test_the_readme_library_examples_run(heading: str, monkeypatch: pytest.MonkeyPatch) -> None:
    section = README[README.index(heading) :]
    start = section.index("```python\n") + len("```python\n")
    code = section[start : section.index("\n```", start)]
    assert "scoresheet." in code
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("builtins.print", lambda *args: None)
    exec(compile(code, f"README {heading.strip()}", "exec"), {})


@pytest.mark.parametrize("view", ["score", "sheet", "status"])
def test_render_text_is_what_the_command_prints(view: str) -> None:
    from tests.cli_helpers import run

    command = "show" if view == "sheet" else view
    for name in ("classic.json", "belote.json"):
        proc = run(command, EXAMPLES / name, "--width", "100")
        assert proc.returncode == 0, proc.stderr
        shown = scoresheet.render_text(EXAMPLES / name, view, width=100)  # type: ignore[arg-type]
        assert proc.stdout == shown + "\n"


def test_score_json_is_what_score_json_prints() -> None:
    from tests.cli_helpers import run

    for name in ("classic.json", "rosbiratschka.json", "coinche.json"):
        proc = run("score", EXAMPLES / name, "--json")
        assert json.loads(proc.stdout) == scoresheet.score_json(EXAMPLES / name)
