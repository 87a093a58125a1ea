"""Commands for keeping score at the table: new, add, show, status, undo, edit, history."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from scoresheet.session import OpenGame
    from scoresheet.views.term import Term

GameFile = Annotated[Path, typer.Argument(help="The game file (JSON).", show_default=False)]
Width = Annotated[
    int | None,
    typer.Option(
        "--width",
        help="Fit the output to N columns, at least 30 (default: the terminal's width, "
        "or COLUMNS).",
        show_default=False,
    ),
]


def term_for(width: int | None) -> Term:
    """The terminal to fit: ``--width`` when given (refused below 30 columns)."""
    from scoresheet.errors import ScoresheetError
    from scoresheet.views.term import MIN_WIDTH
    from scoresheet.views.term import Term as Terminal

    if width is not None and width < MIN_WIDTH:
        raise ScoresheetError(
            f"--width: {width} columns is too narrow for a score sheet (at least {MIN_WIDTH})"
        )
    return Terminal.detect(width)


def echo_view(text: str, colour: bool) -> None:
    """Print a view; its colour codes pass only when the view was made for a terminal."""
    typer.echo(text, color=colour or None)


def echo_prose(text: str) -> None:
    """Print prose wrapped at spaces to the terminal's width (a word is never cut)."""
    from scoresheet.views.term import Term as Terminal
    from scoresheet.views.term import wrap

    width = Terminal.detect().width
    for line in text.split("\n"):
        lead = line[: len(line) - len(line.lstrip(" "))]
        for part in wrap(line, width, lead + "  ", clip_words=False):
            typer.echo(part)


# -- shell completion: contract names and the game's players ---------------------------


def _game_from_context(ctx: typer.Context, args: list[str]) -> Any:
    """The game named on the command line being completed, or ``None``."""
    candidates = [ctx.params.get("game"), *ctx.args, *args]
    for path in candidates:
        if path and str(path).endswith(".json") and Path(path).is_file():
            try:
                from scoresheet.session import open_game

                return open_game(Path(path))
            except Exception:  # a half-typed command line: complete nothing rather than fail
                return None
    return None


def complete_contract(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    game = _game_from_context(ctx, args)
    if game is None:
        from scoresheet.rules.barbu import CONTRACT_NAMES

        names = list(CONTRACT_NAMES)
    else:
        declarer = game.result.next_declarer
        names = game.result.contracts_left(declarer) if declarer else []
    return [n for n in names if n.startswith(incomplete)]


def complete_player_assignment(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    game = _game_from_context(ctx, args)
    if game is None:
        return []
    players: list[str] = list(game.result.players)
    if "=" in incomplete:
        who, _, rest = incomplete.partition("=")
        words = ["maximum", "family", "all", "none", *players]
        return [f"{who}={w}" for w in words if w.startswith(rest)]
    return [f"{p}=" for p in players if p.startswith(incomplete)]


def complete_player(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    game = _game_from_context(ctx, args)
    players: list[str] = list(game.result.players) if game is not None else []
    return [p for p in players if p.startswith(incomplete)]


# -- shared deal options (add and edit take the same forms) -----------------------------

Contract = Annotated[
    str | None,
    typer.Argument(
        help="The contract (no-queens, queens, q, …): any unique start of its name.",
        autocompletion=complete_contract,
        show_default=False,
    ),
]
DealJson = Annotated[
    str | None,
    typer.Option(
        "--deal",
        help="The whole deal as one JSON object, as in the game file (- reads standard input).",
        show_default=False,
    ),
]
Declarer = Annotated[
    str | None,
    typer.Option(help="Check the declarer (the rotation decides it).", show_default=False),
]
Doubles = Annotated[
    list[str] | None,
    typer.Option(
        "--double",
        "-d",
        help="PLAYER=WHOM, repeatable. WHOM: names or initials (Ann,Dan); maximum (or max, x, "
        "table): double every other player (from a doubled player: also redouble every "
        "double received); family (or flanks): double the two other non-declarers; none. "
        "A keyword a player's name could also mean is refused: "
        "type :maximum, :none for the keyword. Given in any order: put in table order.",
        autocompletion=complete_player_assignment,
        show_default=False,
    ),
]
Redoubles = Annotated[
    list[str] | None,
    typer.Option(
        "--redouble",
        "-r",
        help="PLAYER=WHOM, repeatable: whom PLAYER redoubles (names, or all: everyone who "
        "doubled PLAYER; :all if a player's name starts with all).",
        autocompletion=complete_player_assignment,
        show_default=False,
    ),
]


Tricks = Annotated[
    str | None,
    typer.Option(
        help="Tricks per player: Ann=3,Bob=4,… or one number per player in seating order.",
        show_default=False,
    ),
]
Hearts = Annotated[
    str | None,
    typer.Option(
        help="Hearts per player (no-hearts), as for --tricks.",
        show_default=False,
    ),
]
Ace = Annotated[
    str | None,
    typer.Option(
        help="Who took the A♥ (no-hearts).",
        autocompletion=complete_player,
        show_default=False,
    ),
]
Queens = Annotated[
    str | None,
    typer.Option(
        help="Queens per player (no-queens), as for --tricks.",
        show_default=False,
    ),
]
King = Annotated[
    str | None,
    typer.Option(
        help="Who took the K♥ (no-king).",
        autocompletion=complete_player,
        show_default=False,
    ),
]
SecondLast = Annotated[
    str | None,
    typer.Option(
        help="Who took the second-to-last trick (no-last-two).",
        autocompletion=complete_player,
        show_default=False,
    ),
]
Last = Annotated[
    str | None,
    typer.Option(
        help="Who took the last trick (no-last-two, no-last-trick).",
        autocompletion=complete_player,
        show_default=False,
    ),
]
Order = Annotated[
    str | None,
    typer.Option(
        help="Dominoes going-out order, first out first: Cat,Ann,Dan,Bob.",
        show_default=False,
    ),
]
Start = Annotated[
    str | None,
    typer.Option(
        help="Dominoes: the starting rank (J).",
        show_default=False,
    ),
]
Trump = Annotated[
    str | None,
    typer.Option(
        help="Trumps: the trump suit (hearts, h, ♥).",
        show_default=False,
    ),
]
Cards = Annotated[
    list[str] | None,
    typer.Option(
        help="Ravage City cards taken, PLAYER=♠/♥/♦/♣ (Ann=3/4/2/3), repeatable.",
        autocompletion=complete_player_assignment,
        show_default=False,
    ),
]
Most = Annotated[
    str | None,
    typer.Option(
        help="Ravage City: the players tied for the most cards of one suit (Ann,Cat).",
        show_default=False,
    ),
]
Beats = Annotated[
    list[str] | None,
    typer.Option(
        help="Chinese Poker beats, PLAYER=front/middle/back (Ann=2/1/3), repeatable.",
        autocompletion=complete_player_assignment,
        show_default=False,
    ),
]
Sets = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="KEY=VALUE, repeatable: a field of the deal in games other than Barbu "
        "(e.g. --set king_of_hearts=Cat for Rosbiratschka; see the README).",
        show_default=False,
    ),
]
Hand = Annotated[
    list[str] | None,
    typer.Option(
        help="Chinese Poker hand, 'PLAYER=front | middle | back' "
        "('Ann=AS AH 2C | KS KH KD 3C 3D | …'), repeatable.",
        autocompletion=complete_player_assignment,
        show_default=False,
    ),
]


# The readable deal flags `add` and `edit` share, by parameter name (``set_`` is --set).
DEAL_FLAGS = (
    "declarer",
    "double",
    "redouble",
    "tricks",
    "hearts",
    "ace",
    "queens",
    "king",
    "second_last",
    "last",
    "order",
    "start",
    "trump",
    "cards",
    "most",
    "beats",
    "hand",
    "set_",
)


def _deal_flags(params: dict[str, Any]) -> dict[str, Any]:
    """The deal flags among a command's parameters, keyed as the game modules read them."""
    return {name.rstrip("_"): params[name] for name in DEAL_FLAGS}


def _read_deal_json(text: str) -> dict[str, Any]:
    from scoresheet.errors import ScoresheetError
    from scoresheet.record import parse
    from scoresheet.store import MAX_GAME_BYTES

    # Standard input is read no further than a whole game file may go (it may be /dev/zero).
    raw = sys.stdin.read(MAX_GAME_BYTES + 1) if text == "-" else text
    if len(raw) > MAX_GAME_BYTES:
        raise ScoresheetError("--deal -: standard input holds more than a game file may; refused")
    deal = parse(raw, source="--deal")  # parsed as a game file is: a repeated key is refused
    if not isinstance(deal, dict):
        raise ScoresheetError("--deal: give one deal object, {...}")
    return deal


def build_deal(
    game: OpenGame,
    number: int,
    contract: str | None,
    deal_json: str | None,
    flags: dict[str, Any],
) -> dict[str, Any]:
    """The deal object for deal ``number`` from ``--deal`` or from the readable flags."""
    from scoresheet.errors import ScoresheetError
    from scoresheet.games import module

    given = {k: v for k, v in flags.items() if v not in (None, [], ())}
    if deal_json is not None:
        if contract is not None or given:
            raise ScoresheetError("--deal: give the whole deal as JSON, or flags, not both")
        return _read_deal_json(deal_json)
    deal: dict[str, Any] = module(game.result.game).deal_from_flags(
        game.result, number, contract, given
    )
    return deal


def _deal_line(result: Any, number: int, prefix: str = "") -> str:
    from scoresheet.games import module
    from scoresheet.views.term import Term

    term = Term.detect()
    if not prefix:
        text: str = module(result.game).deal_text(result, number, term)
        return text
    whole = module(result.game).deal_text(result, number, Term(width=10_000))
    return term.lines(prefix + whole)


def _after_deal(result: Any) -> None:
    from scoresheet.games import module
    from scoresheet.views.term import Term

    term = Term.detect()
    echo_view(module(result.game).after_deal_text(result, term), term.colour)


def register(app: typer.Typer) -> None:
    """Add the table commands to ``app``."""

    # The players may follow --players as separate words: the extra words land in ctx.args.
    @app.command(context_settings={"allow_extra_args": True})
    def new(
        ctx: typer.Context,
        game: GameFile,
        players: Annotated[
            list[str],
            typer.Option(
                "--players",
                "-p",
                help="The players in seating order, clockwise: --players Ann Bob Cat Dan "
                "(or --players Ann,Bob,Cat,Dan).",
                show_default=False,
            ),
        ],
        game_name: Annotated[
            str | None,
            typer.Option(
                "--game",
                help="The game: barbu, rosbiratschka, caribbean-all-fours or belote "
                "(default: the game of --rules, else barbu).",
                show_default=False,
            ),
        ] = None,
        rules: Annotated[
            str | None,
            typer.Option(
                help="A rules preset (see `scoresheet rules list`); it names its game. "
                "Default: classic for Barbu, the game's own preset for the others.",
                show_default=False,
            ),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option",
                "-o",
                help="Change the preset: KEY=VALUE, repeatable; VALUE is JSON or a word "
                "(rotation=every-deal, doubling.min_declarer_doubles=1, "
                "values.dominoes=[40,25,10,-10]).",
                show_default=False,
            ),
        ] = None,
        first: Annotated[
            str | None,
            typer.Option(
                help="Who declares first (default: the first player).", show_default=False
            ),
        ] = None,
        team: Annotated[
            list[str] | None,
            typer.Option(
                "--team",
                help="A partnership (All Fours, Belote), repeatable: --team Ann,Cat "
                "--team Bob,Dan (default: opposite seats).",
                show_default=False,
            ),
        ] = None,
        force: Annotated[bool, typer.Option(help="Replace an existing file.")] = False,
    ) -> None:
        """Create a game file for the players, under a rules preset."""
        import unicodedata

        from scoresheet.rules import choose_preset
        from scoresheet.session import new_game
        from scoresheet.store import check_output

        check_output(game, (".json",), "a game file")

        def nfc(text: str) -> str:  # "Zoë" typed either way is one player
            return unicodedata.normalize("NFC", text).strip()

        names = [nfc(n) for p in [*players, *ctx.args] for n in p.split(",") if n.strip()]
        game_name, preset = choose_preset(game_name, rules)
        result = new_game(
            game,
            names,
            rules=preset,
            options=_options(option or []),
            first=None if first is None else nfc(first),
            force=force,
            game=game_name,
            teams=[[nfc(n) for n in t.split(",") if n.strip()] for t in team or []],
        )
        echo_prose(
            f"{game}: a new {game_name} game ({result.rules.name} rules) for "
            f"{', '.join(result.players)}. Next: scoresheet play {game}"
        )

    @app.command(
        epilog="Examples:\n\n"
        "scoresheet add g.json no-queens --double Bob=maximum --double Cat=Dan "
        "--redouble Dan=Cat --queens Ann=2,Cat=1,Dan=1\n\n"
        "scoresheet add g.json trumps -d Bob=Ann -d Cat=Ann --tricks 5,3,2,3 --trump hearts\n\n"
        "scoresheet add g.json dominoes -d B=A --order Cat,Ann,Dan,Bob\n\n"
        "scoresheet add g.json no-tricks          (nobody doubled: the total is split)\n\n"
        'scoresheet add g.json --deal \'{"contract": "no-king", "doubles": '
        '[{"by": "Bob", "double": ["Ann"]}], "result": {"king_of_hearts": "Cat"}}\''
    )
    def add(
        game: GameFile,
        contract: Contract = None,
        deal: DealJson = None,
        declarer: Declarer = None,
        double: Doubles = None,
        redouble: Redoubles = None,
        tricks: Tricks = None,
        hearts: Hearts = None,
        ace: Ace = None,
        queens: Queens = None,
        king: King = None,
        second_last: SecondLast = None,
        last: Last = None,
        order: Order = None,
        start: Start = None,
        trump: Trump = None,
        cards: Cards = None,
        most: Most = None,
        beats: Beats = None,
        hand: Hand = None,
        set_: Sets = None,
    ) -> None:
        """Add the next deal in one command line: readable flags, or the deal as JSON.

        Players may be named by any unique start of their name (A for Ann). Nothing is
        saved unless the whole deal is valid.
        """
        from scoresheet.session import add_deal, open_game

        g = open_game(game)
        number = len(g.result.deals) + 1
        flags = _deal_flags(locals())
        result, _ = add_deal(g, build_deal(g, number, contract, deal, flags))
        typer.echo(_deal_line(result, number))
        _after_deal(result)

    @app.command()
    def edit(
        game: GameFile,
        number: Annotated[int, typer.Argument(help="The deal to correct.", show_default=False)],
        contract: Contract = None,
        deal: DealJson = None,
        declarer: Declarer = None,
        double: Doubles = None,
        redouble: Redoubles = None,
        tricks: Tricks = None,
        hearts: Hearts = None,
        ace: Ace = None,
        queens: Queens = None,
        king: King = None,
        second_last: SecondLast = None,
        last: Last = None,
        order: Order = None,
        start: Start = None,
        trump: Trump = None,
        cards: Cards = None,
        most: Most = None,
        beats: Beats = None,
        hand: Hand = None,
        set_: Sets = None,
    ) -> None:
        """Correct a past deal, with the same forms as `add` (the whole deal is replaced).

        Every later deal is checked again against the corrected one; if one becomes
        invalid, nothing is saved. The correction is kept in the file's history.
        """
        from scoresheet.session import edit_deal, open_game

        g = open_game(game)
        flags = _deal_flags(locals())
        result = edit_deal(g, number, build_deal(g, number, contract, deal, flags))
        typer.echo(_deal_line(result, number, prefix="corrected "))
        _after_deal(result)

    @app.command()
    def play(game: GameFile) -> None:
        """Guided entry at the table, deal after deal, until the game is complete.

        Shows who declares and the contracts they have left, then asks the
        contract, each non-declarer's double in table order, the redoubles, and
        the result in the shape the contract needs.

        A double names players (names or initials), or: maximum (max, x, table)
        — double every other player, and from a player already doubled also
        redouble every double received; family (flanks) — double the two other
        non-declarers; none. A redouble names who doubled you, or all, or none.
        Type :maximum, :none, :all for the word when a player's name could also
        be meant.

        Type back for the previous question, ? for what the current one means in
        the rules' words. A wrong answer is asked again with the reason; a deal is
        saved only once it is complete and valid. Type q to stop; Ctrl-C or end
        of input leaves the file as it was after the last complete deal.
        """
        from scoresheet.games import module
        from scoresheet.session import open_game

        kind = open_game(game).result.game
        if kind == "barbu":
            from scoresheet.games.barbu.play import play_game

            code = play_game(game)
        else:
            code = module(kind).play_game(game)
        if code:
            raise typer.Exit(code)

    @app.command()
    def undo(
        game: GameFile,
        yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
    ) -> None:
        """Remove the last deal (after showing it and asking); it is kept in the history."""
        from scoresheet.errors import ScoresheetError
        from scoresheet.session import open_game, undo_last

        g = open_game(game)
        if not g.result.deals:
            raise ScoresheetError(f"{game.name}: there is no deal to undo")
        typer.echo(_deal_line(g.result, len(g.result.deals)))
        if not yes and not typer.confirm("Remove this deal?", default=False):
            raise ScoresheetError("nothing was removed")
        result, _ = undo_last(g)
        from scoresheet.views.term import plural

        echo_prose(f"removed; {plural(len(result.deals), 'deal')} left")

    @app.command()
    def show(game: GameFile, width: Width = None) -> None:
        """The score sheet, with the standings and the doubling ledger.

        Deals grouped by declarer with the doubles in the paper convention, a check mark
        where a row adds up, running totals, the standings, the ledger between every pair
        of players, and the doubles still owed to declarers.
        """
        from scoresheet.games import module
        from scoresheet.session import open_game

        term = term_for(width)
        result = open_game(game).result
        echo_view(module(result.game).sheet_text(result, game.name, term), term.colour)

    @app.command()
    def status(game: GameFile, width: Width = None) -> None:
        """What the table needs before the next deal.

        Who declares (and deals), the contracts they have left, the doubles still owed to
        them, the standings, the game's progress and any violations, under the rules in
        force (the preset and every option that changes it).
        """
        from scoresheet.games import module
        from scoresheet.session import open_game

        term = term_for(width)
        result = open_game(game).result
        echo_view(module(result.game).status_text(result, game.name, term), term.colour)

    @app.command()
    def history(game: GameFile) -> None:
        """Every correction and undo kept in the file: what changed, and when."""
        from scoresheet.session import open_game
        from scoresheet.views import common as text

        echo_prose(text.history(open_game(game).record))


def _options(items: list[str]) -> dict[str, Any]:
    """``rotation=every-deal``, ``doubling.min_declarer_doubles=1`` → a nested options dict."""
    from scoresheet.errors import ScoresheetError
    from scoresheet.record import parse

    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            from scoresheet.entry import quote

            raise ScoresheetError(
                f"--option: {quote(item)} is not KEY=VALUE (e.g. rotation=every-deal)"
            )
        try:
            value = json.loads(raw)
        except RecursionError:
            raise ScoresheetError(f"--option {key.strip()}: nested too deeply; refused") from None
        except ValueError:  # not JSON (or an integer past Python's digit limit): a word
            value = raw
        else:
            if isinstance(value, dict | list):  # read again as a game file is: no repeated key
                value = parse(raw, source=f"--option {key.strip()}")
        node = out
        parts = key.strip().split(".")
        for k, part in enumerate(parts[:-1]):
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                whole = ".".join(parts[: k + 1])
                raise ScoresheetError(
                    f'--option: "{item}" changes part of {whole}, which another --option '
                    f"sets as a whole; give one or the other"
                )
        if isinstance(node.get(parts[-1]), dict) and not isinstance(value, dict):
            raise ScoresheetError(
                f'--option: "{item}" sets {key.strip()} as a whole, which another --option '
                "changes part of; give one or the other"
            )
        node[parts[-1]] = value
    return out
