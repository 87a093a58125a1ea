"""Commands for keeping score at the table: new, add, show, status, undo, edit, history.

The commands import the library inside their bodies, so that building one command does
not import what the others need (start-up stays fast).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from scoresheet import registry
from scoresheet.cli.language import help_text
from scoresheet.cli.options import (
    GameChoice,
    GamePath,
    Replace,
    RulesChoice,
    Width,
    deal_flags,
    deal_options,
    typed_names,
)
from scoresheet.cli.output import deal_line, echo_after_deal, echo_prose, echo_view, term_for
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from scoresheet.session import OpenGame

# The commands of this module, each a top-level function; register() adds them to the
# application (sqlite-utils' cli.py style).
commands = typer.Typer()


def _read_deal_json(text: str) -> dict[str, Any]:
    from scoresheet.names import composed
    from scoresheet.record import parse
    from scoresheet.store import MAX_GAME_BYTES

    # Standard input is read no further than a whole game file may go (it may be /dev/zero).
    raw = sys.stdin.read(MAX_GAME_BYTES + 1) if text == "-" else text
    if len(raw) > MAX_GAME_BYTES:
        raise ScoresheetError(
            _("--deal -: standard input holds more than a game file may; refused")
        )
    deal = parse(raw, source="--deal")  # parsed as a game file is: a repeated key is refused
    if not isinstance(deal, dict):
        raise ScoresheetError(_("--deal: give one deal object, {...}"))
    # Typed, not saved: its names are composed as every typed name is.
    return dict(composed(deal, "--deal"))


def _source(options: dict[str, Any]) -> str | None:
    """What a message about the new deal's fields names: ``--deal`` when it came as JSON."""
    return "--deal" if options["deal"] is not None else None


def build_deal(game: OpenGame, number: int, options: dict[str, Any]) -> dict[str, Any]:
    """The deal object for deal ``number`` from ``--deal`` or from the readable flags
    (``options``: the deal options of ``add``/``edit``)."""
    contract, deal_json = options["contract"], options["deal"]
    given = {k: v for k, v in deal_flags(options).items() if v not in (None, [], ())}
    if deal_json is not None:
        if contract is not None or given:
            raise ScoresheetError(_("--deal: give the whole deal as JSON, or flags, not both"))
        return _read_deal_json(deal_json)
    entry = registry.part(game.result.game, "entry")
    return entry.deal_from_flags(game.result, number, contract, given)


# The players may follow --players as separate words: the extra words land in ctx.args.
@commands.command(context_settings={"allow_extra_args": True})
def new(
    ctx: typer.Context,
    game: GamePath,
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
    game_name: GameChoice = None,
    rules: RulesChoice = None,
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
        typer.Option(help="Who declares first (default: the first player).", show_default=False),
    ] = None,
    team: Annotated[
        list[str] | None,
        typer.Option(
            "--team",
            help=help_text(
                "A partnership ({games}), repeatable: --team Ann,Cat --team Bob,Dan "
                "(default: opposite seats).",
                games=", ".join(g.title for g in registry.GAMES.values() if g.teams),
            ),
            show_default=False,
        ),
    ] = None,
    force: Annotated[bool, typer.Option(help="Replace an existing file.")] = False,
) -> None:
    """Create a game file for the players, under a rules preset."""
    from scoresheet.entry import typed
    from scoresheet.rules import choose_preset
    from scoresheet.session import new_game
    from scoresheet.store import check_output

    check_output(game, (".json",), "a game file")
    game_name, preset = choose_preset(game_name, rules)
    result = new_game(
        game,
        typed_names([*players, *ctx.args]),
        rules=preset,
        options=_options(option or []),
        first=None if first is None else typed(first),
        force=force,
        game=game_name,
        teams=[typed_names([t]) for t in team or []],
    )
    echo_prose(
        _("{game}: a new {name} game ({rules} rules) for {players}. Next: {command}").format(
            command=f"scoresheet play {game}",
            game=game,
            name=game_name,
            rules=result.rules.name,
            players=", ".join(result.players),
        )
    )


@commands.command(
    epilog="Examples:\n\n"
    "scoresheet add g.json no-queens --double Bob=maximum --double Cat=Dan "
    "--redouble Dan=Cat --queens Ann=2,Cat=1,Dan=1\n\n"
    "scoresheet add g.json trumps -d Bob=Ann -d Cat=Ann --tricks 5,3,2,3 --trump hearts\n\n"
    "scoresheet add g.json dominoes -d B=A --order Cat,Ann,Dan,Bob\n\n"
    "scoresheet add g.json no-tricks          (nobody doubled: the total is split)\n\n"
    'scoresheet add g.json --deal \'{"contract": "no-king", "doubles": '
    '[{"by": "Bob", "double": ["Ann"]}], "result": {"king_of_hearts": "Cat"}}\''
)
@deal_options
def add(game: GamePath, **deal: Any) -> None:
    """Add the next deal in one command line: readable flags, or the deal as JSON.

    Players may be named by any unique start of their name (A for Ann). Nothing is
    saved unless the whole deal is valid.
    """
    from scoresheet.session import add_deal, open_game

    g = open_game(game)
    number = len(g.result.deals) + 1
    result, _saved = add_deal(g, build_deal(g, number, deal), source=_source(deal))
    typer.echo(deal_line(result, number))
    echo_after_deal(result)


def edited_deal(game: OpenGame, number: int, options: dict[str, Any]) -> dict[str, Any]:
    """Deal ``number`` corrected by what the deal options give (a contract, flags,
    ``--set``), the rest of it kept (the game's ``entry.deal_edited``)."""
    from scoresheet.session import edited_by_sets, past_deal

    before = past_deal(game, number)
    contract = options["contract"]
    given = {k: v for k, v in deal_flags(options).items() if v not in (None, [], ())}
    if contract is None and not given:
        raise ScoresheetError(
            _(
                "deal {number}: give what to correct (the contract, a flag, --set KEY=VALUE), "
                "or the whole deal with --replace or --deal"
            ).format(number=number)
        )
    entry = registry.part(game.result.game, "entry")
    edit = getattr(entry, "deal_edited", None)
    if edit is None:
        return edited_by_sets(entry, game.result, number, before, contract, given)
    return cast("dict[str, Any]", edit(game.result, number, before, contract, given))


@commands.command(
    epilog="Examples:\n\n"
    "scoresheet edit g.json 14 --ace Cat          (the rest of deal 14 is kept)\n\n"
    "scoresheet edit g.json 3 -d Bob=Ann          (Bob's doubles only)\n\n"
    "scoresheet edit g.json 8 queens --queens 2,1,1,0     (a new contract, its result anew)\n\n"
    "scoresheet edit g.json 8 trumps --replace --tricks 2,7,1,3 --trump hearts"
)
@deal_options
def edit(
    game: GamePath,
    number: Annotated[int, typer.Argument(help="The deal to correct.", show_default=False)],
    replace: Replace = False,
    **deal: Any,
) -> None:
    """Correct a past deal: only what is given changes, the rest of the deal is kept.

    A new contract asks for its result anew; --replace (or --deal) gives the whole deal,
    as `add` takes it. Every change is printed, before and after. Every later deal is
    checked again against the corrected one; if one becomes invalid, nothing is saved.
    The correction is kept in the file's history.
    """
    from scoresheet.session import correct_deal, open_game

    g = open_game(game)
    if replace or deal["deal"] is not None:
        corrected = build_deal(g, number, deal)
    else:
        corrected = edited_deal(g, number, deal)
    result, changes = correct_deal(g, number, corrected, source=_source(deal))
    # Translators: before a deal's line, "corrected deal 3: …"; keep the trailing space.
    typer.echo(deal_line(result, number, prefix=pgettext("deal line", "corrected ")))
    for line in changes:
        typer.echo(f"  {line}")
    echo_after_deal(result)


@commands.command()
def play(game: GamePath) -> None:
    """Guided entry at the table, deal after deal, until the game ends.

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
    saved only once it is complete and valid. Type quit (or q where it cannot be
    an answer, :q anywhere) to stop; Ctrl-C or end of input leaves the file as it
    was after the last complete deal.
    """
    from scoresheet.session import open_game

    code = registry.part(open_game(game).result.game, "play").play_game(game)
    if code:
        raise typer.Exit(code)


@commands.command()
def undo(
    game: GamePath,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask.")] = False,
) -> None:
    """Remove the last deal (after showing it and asking); it is kept in the history."""
    from scoresheet.cli.output import confirm
    from scoresheet.session import open_game, undo_last

    g = open_game(game)
    if not g.result.deals:
        raise ScoresheetError(_("{file}: there is no deal to undo").format(file=game.name))
    typer.echo(deal_line(g.result, len(g.result.deals)))
    if not yes and not confirm(_("Remove this deal?")):
        raise ScoresheetError(_("nothing was removed"))
    result, _saved = undo_last(g)
    left = len(result.deals)
    echo_prose(ngettext("removed; {n} deal left", "removed; {n} deals left", left).format(n=left))


@commands.command()
def show(game: GamePath, width: Width = None) -> None:
    """The score sheet, with the standings and the doubling ledger.

    Deals grouped by declarer with the doubles in the paper convention, a check mark
    where a row adds up, running totals, the standings, the ledger between every pair
    of players, and the doubles still owed to declarers.
    """
    from scoresheet.session import open_game

    term = term_for(width)
    result = open_game(game).result
    views = registry.part(result.game, "views")
    echo_view(views.sheet_text(result, game.name, term), term.colour)


@commands.command()
def status(game: GamePath, width: Width = None) -> None:
    """What the table needs before the next deal.

    Who declares (and deals), the contracts they have left, the doubles still owed to
    them, the standings, the game's progress and any violations, under the rules in
    force (the preset and every option that changes it).
    """
    from scoresheet.session import open_game

    term = term_for(width)
    result = open_game(game).result
    views = registry.part(result.game, "views")
    echo_view(views.status_text(result, game.name, term), term.colour)


@commands.command()
def history(
    game: GamePath,
    trim: Annotated[
        int | None,
        typer.Option(
            "--trim",
            metavar="N",
            help="Remove all but the newest N entries (the deals are kept) and say which.",
            show_default=False,
        ),
    ] = None,
    before: Annotated[
        str | None,
        typer.Option(
            "--before",
            metavar="DATE",
            help="Remove the entries made before DATE (2026-12-01, or 2026-12-01T20:00; "
            "UTC unless it gives an offset) and say which.",
            show_default=False,
        ),
    ] = None,
    archive: Annotated[
        Path | None,
        typer.Option(
            "--archive",
            metavar="FILE",
            help="Write the entries removed to FILE, a new .json file, first.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Every deal added, correction and undo the file keeps: what changed, and when."""
    from scoresheet.session import open_game, trim_history, when
    from scoresheet.views import common as text

    if trim is None and before is None:
        if archive is not None:
            raise ScoresheetError(_("--archive: give --trim N or --before DATE, to say what"))
        echo_prose(text.history(open_game(game).record))
        return
    if trim is not None and before is not None:
        raise ScoresheetError(_("--trim, --before: give one of them"))
    moment = None if before is None else when(before, "--before")
    done = trim_history(game, keep=trim, before=moment, archive=archive)
    kept = done.kept
    if not done.removed:
        echo_prose(
            ngettext(
                "{file}: nothing removed; it keeps {n} history entry",
                "{file}: nothing removed; it keeps {n} history entries",
                kept,
            ).format(file=game.name, n=kept)
        )
        return
    echo_prose(text.history({"history": done.removed}))
    removed = len(done.removed)
    said = ngettext(
        "{file}: removed the {n} entry above", "{file}: removed the {n} entries above", removed
    ).format(file=game.name, n=removed)
    if done.archive is not None:
        said = _("{removed}, written to {archive}").format(removed=said, archive=done.archive)
    echo_prose(
        ngettext(
            "{removed}; it keeps {n} history entry and every deal",
            "{removed}; it keeps {n} history entries and every deal",
            kept,
        ).format(removed=said, n=kept)
    )


def _options(items: list[str]) -> dict[str, Any]:
    """``rotation=every-deal``, ``doubling.min_declarer_doubles=1`` → a nested options dict."""
    from scoresheet.entry import quote
    from scoresheet.record import parse

    out: dict[str, Any] = {}
    given: dict[str, Any] = {}  # each KEY set whole, and its value
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise ScoresheetError(
                _("--option: {item} is not KEY=VALUE (e.g. rotation=every-deal)").format(
                    item=quote(item)
                )
            )
        try:
            value = json.loads(raw)
        except RecursionError:
            raise ScoresheetError(
                _("--option {key}: nested too deeply; refused").format(key=key.strip())
            ) from None
        except ValueError:  # not JSON (or an integer past Python's digit limit): a word
            value = raw
        else:
            if isinstance(value, dict | list):  # read again as a game file is: no repeated key
                value = parse(raw, source=f"--option {key.strip()}")
        node = out
        parts = key.strip().split(".")
        for k, part in enumerate(parts[:-1]):
            whole = ".".join(parts[: k + 1])
            node = node.setdefault(part, {})
            if whole in given or not isinstance(node, dict):
                raise ScoresheetError(
                    _(
                        '--option: "{item}" changes part of {whole}, which another --option '
                        "sets as a whole; give one or the other"
                    ).format(item=item, whole=whole)
                )
        dotted = ".".join(parts)
        if dotted in given:
            raise ScoresheetError(
                _("--option: {key} is given twice ({first}, then {second}); give it once").format(
                    key=key.strip(), first=_shown(given[dotted]), second=_shown(value)
                )
            )
        if parts[-1] in node:
            raise ScoresheetError(
                _(
                    '--option: "{item}" sets {key} as a whole, which another --option '
                    "changes part of; give one or the other"
                ).format(item=item, key=key.strip())
            )
        node[parts[-1]] = given[dotted] = value
    return out


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def register(app: typer.Typer) -> None:
    """Add the table commands to ``app``."""
    app.registered_commands += commands.registered_commands
