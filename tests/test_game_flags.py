"""Each game declares its own readable flags of ``add`` and ``edit`` (its light ``flags``
role); the command line builds them from the registry, so a new game with flags of its
own touches no file of the command line."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoresheet import registry, roles
from scoresheet.cli import _command, main
from scoresheet.flag import Flag
from scoresheet.i18n import N_
from tests.cli_helpers import run

BARBU = (
    *("declarer", "double", "redouble", "tricks", "hearts", "ace", "queens", "king"),
    *("second-last", "last", "order", "start", "trump", "cards", "most", "beats", "hand"),
)


def test_barbu_declares_its_seventeen_flags_and_the_others_none() -> None:
    assert [f.name for f in registry.flags()] == list(BARBU)
    assert registry.flags() == registry.part("barbu", "flags").FLAGS
    for game in registry.names():
        if game != "barbu":
            assert registry.part(game, "flags").FLAGS == ()


def test_add_and_edit_list_the_games_flags_then_set_in_order() -> None:
    for command in ("add", "edit"):
        text = run(command, "--help").stdout
        spots = [text.index(f"--{name} ") for name in (*BARBU, "set")]
        assert spots == sorted(spots), command
    assert "-d " in run("add", "--help").stdout and "-r " in run("add", "--help").stdout


def _flags_module(name: str, *flags: Flag) -> Any:
    module: Any = types.ModuleType(name)
    module.FLAGS = flags
    return module


def test_a_flag_two_games_declare_differently_is_refused_naming_both(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    once = Flag("colour", N_("The colour."))
    many = Flag("colour", N_("The colour."), repeatable=True)
    modules = {"barbu": _flags_module("a", once), "belote": _flags_module("b", many)}
    monkeypatch.setattr(registry, "part", lambda game, role: modules.get(game, _flags_module("c")))
    with pytest.raises(TypeError, match=r"--colour: barbu and belote declare it differently"):
        registry.flags()
    # Alike in both (the help may differ): declared once.
    modules["belote"] = _flags_module("b", Flag("colour", N_("Another help.")))
    assert registry.flags() == (once,)


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """A sixth game, ``fake``, whose flags module declares ``--colour``; its
    ``entry.deal_from_flags`` records what it is handed."""
    handed: list[dict[str, Any]] = []
    package = types.ModuleType("scoresheet.games.fake")
    package.__path__ = []
    flags = _flags_module(
        "scoresheet.games.fake.flags",
        Flag("colour", N_("The colour of the fake deal."), completion="player"),
    )
    entry: Any = types.ModuleType("scoresheet.games.fake.entry")

    def deal_from_flags(
        result: Any, number: int, contract: str | None, given: dict[str, Any]
    ) -> dict[str, Any]:
        handed.append({"number": number, "contract": contract, **given})
        return {"contract": contract}

    entry.deal_from_flags = deal_from_flags
    for module in (package, flags, entry):
        monkeypatch.setitem(sys.modules, module.__name__, module)
    fake = registry.Game("fake", "fake", "Fake", "fake", teams=False)
    monkeypatch.setitem(registry.GAMES, "fake", fake)
    _command.cache_clear()
    yield handed
    _command.cache_clear()


def test_a_sixth_games_flag_reaches_add_help_and_its_entry(
    fake_game: list[dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    with pytest.raises(SystemExit):
        main(["add", "--help"])
    shown = capsys.readouterr().out
    assert "--colour" in shown and "The colour of the fake deal." in shown
    assert "--tricks" in shown  # Barbu's are still there

    from scoresheet import session
    from scoresheet.cli import table

    game = types.SimpleNamespace(result=types.SimpleNamespace(game="fake", deals=[]))
    saved: list[dict[str, Any]] = []
    monkeypatch.setattr(session, "open_game", lambda path: game)

    def add_deal(g: Any, deal: dict[str, Any], source: str | None = None) -> tuple[Any, Any]:
        saved.append(deal)
        return None, None

    monkeypatch.setattr(session, "add_deal", add_deal)
    monkeypatch.setattr(table, "deal_line", lambda result, number: "added")
    monkeypatch.setattr(table, "echo_after_deal", lambda result: None)
    try:
        main(["add", str(tmp_path / "g.json"), "wild", "--colour", "Ann"])
    except SystemExit as exc:
        assert not exc.code
    assert fake_game == [{"number": 1, "contract": "wild", "colour": "Ann"}]
    assert saved == [{"contract": "wild"}]


def test_help_imports_only_the_games_flags_modules() -> None:
    """``--help`` and ``add --help`` read each game's tiny flags module, nothing else of
    a game (start-up stays as fast)."""
    code = (
        "import sys\n"
        "from scoresheet.cli import main\n"
        "for args in (['--help'], ['add', '--help'], ['edit', '--help']):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "games = sorted(m for m in sys.modules if m.startswith('scoresheet.games.'))\n"
        "import json\n"
        "print(json.dumps(games), file=sys.stderr)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    imported = json.loads(proc.stderr.strip().splitlines()[-1])
    packages = {registry.game(g).package for g in registry.names()}
    allowed = {f"scoresheet.games.{p}{tail}" for p in packages for tail in ("", ".flags")}
    assert imported and set(imported) <= allowed


def test_each_flags_role_is_typed_as_its_protocol() -> None:
    for game in registry.names():
        flags: roles.Flags = registry.part(game, "flags")
        assert all(isinstance(f, Flag) for f in flags.FLAGS)
