"""What every game's pad and printed game share: the sizes, the date line, signed
scores, running totals and their chart; a partnership game printed.

Each game's ``paper.py`` (role ``Paper``) builds its :class:`~scoresheet.paper.model.Doc`
with these; :mod:`scoresheet.cli.pdf` picks the game's builder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from scoresheet.i18n import N_, _, pgettext
from scoresheet.paper.model import Block, Chart, Column, Doc, Grid, Group

# Translators: the line a pad leaves blank for the date and place, filled in with a pen;
# shape the blank as the language writes a date (ja: "日付：____年__月__日").
DATE_LINE = N_("Date: ____________________    Place: ____________________")
RACE_ROWS = 16  # rows on each page of the pad of a race to a target (a partnership game)
PAD_ROW = 8.0  # mm: room to write by hand
PAD_ROW_MIN = 7.0  # mm: a pad's rows at the least, where that saves a page
PRINT_ROW = 6.0
PRINT_FONT = 8.5


def signed(n: int) -> str:
    """``+5``, ``-12``, ``0``: a score as the sheets print it (a true minus sign).

    >>> signed(5), signed(-12), signed(0)
    ('+5', '−12', '0')
    """
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def players_line(players: Sequence[str]) -> str:
    return _("Players in seating order: {players}").format(players=", ".join(players))


def date_line() -> str:
    """The blank date and place line of a pad, in the language in force."""
    return _(DATE_LINE)


def continued(heading: str) -> str:
    """A block's heading at the top of a column or page it carries on to."""
    # Translators: a block of rows carried on at the top of the next column or page.
    return _("{heading} (continued)").format(heading=heading)


def page_title(title: str, number: int) -> str:
    return _("{title} (page {number})").format(title=title, number=number)


def page_of(number: int, pages: int) -> str:
    return _("page {number} of {pages}").format(number=number, pages=pages)


def initials_line(pairs: list[str]) -> str:
    """The legend line saying whose initials a too-narrow column prints."""
    return _("Initials: {pairs}.").format(pairs=", ".join(pairs))


def running(players: Sequence[str], deals: Sequence[Any]) -> dict[int, dict[str, int]]:
    """Each player's running total after each deal, by deal number."""
    run = dict.fromkeys(players, 0)
    out = {}
    for d in deals:
        for p in players:
            run[p] += d.score[p]
        out[d.number] = dict(run)
    return out


def chart(
    players: Sequence[str], deals: Sequence[Any], running: Mapping[int, Mapping[str, int]]
) -> Chart:
    """The running totals of every player, one point per deal."""
    numbers = [d.number for d in deals]
    return Chart(
        _("Running totals"),
        [str(n) for n in numbers],
        [(p, [running[n][p] for n in numbers]) for p in players],
    )


class _Deal(Protocol):
    @property
    def number(self) -> int: ...
    @property
    def running(self) -> tuple[int, int]: ...


class _RaceRules(Protocol):
    @property
    def target(self) -> int: ...
    @property
    def tie(self) -> str: ...  # "litige": a tie's points are held for a later deal


class TeamNames(Protocol):
    """A partnership game: its two teams' names."""

    def team_name(self, team: int) -> str: ...


class TeamResult(TeamNames, Protocol):
    """A partnership game scored: two teams' totals and names, each deal's running totals,
    its rules' target and whether a tie is a litige."""

    @property
    def rules(self) -> _RaceRules: ...
    @property
    def team_totals(self) -> tuple[int, int]: ...
    @property
    def deals(self) -> Sequence[_Deal]: ...


def teams_line(tags: Sequence[str], result: TeamNames) -> str:
    """``Teams: A = Ann & Cat, B = Bob & Dan``."""
    return _("Teams: {a} = {team_a}, {b} = {team_b}").format(
        a=tags[0], team_a=result.team_name(0), b=tags[1], team_b=result.team_name(1)
    )


def teams_pad(
    title: str,
    players: list[str],
    tags: Sequence[str],
    result: TeamResult,
    columns: list[Column],
    groups: list[Group],
    dealer: Callable[[int], str],
    legend: list[str],
) -> Doc:
    """A partnership game's pad: rows, each with its number and ``dealer`` (of the deal at
    that index), the rest to fill in until a team reaches the target; the last two of
    ``columns`` are the teams' running totals. Where a tie is a litige, a last column
    for the points it holds until a later deal takes them. A page of rows, then a
    continuation page for a slow game: its first row brings the running totals (and
    the points held) forward from the first page."""
    columns, groups = list(columns), list(groups)
    if result.rules.tie == "litige":
        # Translators: a pad's column: the points of a litige (a tie), held until a
        # later deal gives them to a team.
        columns.append(Column(pgettext("sheet heading", "litige pending"), 27))
        groups.append(Group("", 1))
    carried = 2 + (result.rules.tie == "litige")  # the columns brought forward
    blank = [""] * (len(columns) - 2)
    first = [[str(n), dealer(n - 1), *blank] for n in range(1, RACE_ROWS + 1)]
    more = [[str(n), dealer(n - 1), *blank] for n in range(RACE_ROWS + 1, 2 * RACE_ROWS + 1)]
    # Translators: the first row of a pad's continuation page, where the running totals
    # of the page before are written again ("Übertrag", "report", "繰越").
    # (Written where the contract goes: the dealer's column keeps to the players' names.)
    forward = ["", "", pgettext("sheet heading", "brought forward"), *blank[1:]]
    shade = frozenset((0, j) for j in range(len(columns) - carried) if j != 2)
    return Doc(
        title=title,
        lines=[players_line(players), teams_line(tags, result), date_line()],
        grid=Grid(
            columns,
            groups,
            [
                Block(first),
                Block([forward, *more], bold=frozenset({0}), shade=shade, new_page=True),
            ],
            row_height=PAD_ROW,
        ),
        legend=legend,
    )


def teams_printed(
    title: str,
    outcome: str,
    tags: Sequence[str],
    result: TeamResult,
    columns: list[Column],
    groups: list[Group],
    rows: list[list[str]],
) -> Doc:
    """A partnership game printed: the teams and the ``outcome`` line, the table of its
    deals (its columns, groups and rows, the last row the totals, in bold), the teams'
    standings and the chart of their running totals."""
    ranked = sorted((0, 1), key=lambda t: -result.team_totals[t])
    standings = Grid(
        [
            Column(pgettext("sheet heading", "team"), 60, "L"),
            Column(pgettext("sheet heading", "total"), 16, "R"),
        ],
        [],
        [
            Block(
                [[f"{tags[t]} = {result.team_name(t)}", str(result.team_totals[t])] for t in ranked]
            )
        ],
        row_height=PRINT_ROW,
        font=PRINT_FONT,
        title=_("Standings"),
    )
    return Doc(
        title=title,
        lines=[teams_line(tags, result), outcome],
        grid=Grid(
            columns,
            groups,
            [Block(rows, bold=frozenset({len(rows) - 1}))],
            row_height=PRINT_ROW,
            font=PRINT_FONT,
        ),
        after=[[standings]],
        chart=Chart(
            _("Running totals"),
            [str(d.number) for d in result.deals],
            [(tags[t], [d.running[t] for d in result.deals]) for t in (0, 1)],
            target=result.rules.target,
            target_label=_("target {target}").format(target=result.rules.target),
        ),
    )
