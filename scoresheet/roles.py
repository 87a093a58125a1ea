"""What a game provides: one :class:`typing.Protocol` per role.

A game is a package ``scoresheet/games/<game>/`` with one module per role, the same
names in every game (``score.py``, ``views.py``, ``sheet/render.py`` …). The registry
(:mod:`scoresheet.registry`) imports a role when it is first asked for; these protocols
are the interface between the commands and the games, and each game's ``__init__.py``
states, for ``mypy --strict``, that its modules implement them.

The protocols are generic in the game's own types: ``R`` its score result, ``Q`` its
rules in force. Across the seam the commands see :class:`GameResult` and
:class:`GameRules`, what every game's result and rules have in common; a game's role
is only ever handed results and rules its own ``score`` role made, which the registry
guarantees by looking every role up by the result's ``game``.

This module imports nothing from the project but the kinds of value the roles take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    import random
    from pathlib import Path

    from scoresheet.flag import Flag
    from scoresheet.paper.model import Doc
    from scoresheet.questions import DealQuestions
    from scoresheet.sheets.findings import Report
    from scoresheet.views.term import Term

R = TypeVar("R")  # a game's score result (made and taken by ``score``)
R_in = TypeVar("R_in", contravariant=True)  # … as the other roles take it
Q_out = TypeVar("Q_out", covariant=True)  # a game's rules in force, as ``rules`` makes them
Q_in = TypeVar("Q_in", contravariant=True)  # … as the views take them


class Models(Protocol):
    """``models.py``: the pydantic models of the game's file and of its rules file (the
    commands validate with schemas generated from them, see :mod:`scoresheet.models`)."""

    @property
    def GAME_FILE(self) -> Any: ...
    @property
    def RULES_FILE(self) -> Any: ...


class Rules(Protocol[Q_out]):
    """``rules.py``: the rules in force from a validated rules file."""

    def rules_from_data(self, data: Mapping[str, Any]) -> Q_out:
        """The rules in force; ``ValueError`` naming the field when inconsistent."""
        ...


class Score(Protocol[R]):
    """``score.py``: the one scoring function, and the ``score --json`` object."""

    def score_game(self, record: Mapping[str, Any]) -> R:
        """Score a validated game record; ``ScoresheetError`` naming the deal."""
        ...

    def to_json(self, result: R) -> dict[str, Any]:
        """The ``score --json`` object: the spec's common keys and the game's own."""
        ...


class Views(Protocol[R_in, Q_in]):
    """``views.py``: the terminal views, each fitted to ``term`` (width and colour)."""

    def score_text(self, result: R_in, title: str, term: Term | None = None) -> str: ...
    def sheet_text(self, result: R_in, title: str, term: Term | None = None) -> str: ...
    def status_text(self, result: R_in, title: str, term: Term | None = None) -> str: ...
    def deal_text(self, result: R_in, number: int, term: Term | None = None) -> str: ...
    def after_deal_text(self, result: R_in, term: Term | None = None) -> str: ...
    def rules_text(self, rules: Q_in) -> str: ...
    def rules_json(self, rules: Q_in) -> dict[str, Any]: ...


class Flags(Protocol):
    """``flags.py``: the readable flags the game's deals take, a light module (the
    command line reads it to build ``add`` and ``edit`` without importing the game)."""

    @property
    def FLAGS(self) -> tuple[Flag, ...]: ...


class Entry(Protocol[R_in]):
    """``entry.py``: a deal from ``add``/``edit``'s readable flags.

    ``edit`` changes only what it is given: a game's ``entry`` may say how, with
    ``deal_edited(result, number, before, contract, flags)`` (deal ``number``, ``before``
    as in the file, corrected by the contract and flags given); without it, ``edit``
    merges what ``deal_from_flags`` makes of the ``--set`` keys given into the deal
    (:func:`scoresheet.session.edited_by_sets`).
    """

    def deal_from_flags(
        self, result: R_in, number: int, contract: str | None, flags: Mapping[str, Any]
    ) -> dict[str, Any]: ...


class Play(Protocol[R_in]):
    """``play.py``: the questions of the next deal, written once for the terminal
    (``play``) and the phone form (``serve``)."""

    def deal_questions(self, result: R_in) -> DealQuestions | None: ...
    def play_game(self, path: Path) -> int: ...


class Simulate(Protocol):
    """``simulate.py``: random legal games, for property tests and benchmarks."""

    def random_game(
        self,
        rng: random.Random,
        rules: str,
        *,
        deals: int | None = None,
        players: Sequence[str] | None = None,
    ) -> dict[str, Any]: ...


class Paper(Protocol[R_in]):
    """``paper.py``: the PDF score pad (blank) and printed game of the game."""

    def pad(self, result: R_in) -> Doc: ...
    def printed(self, result: R_in) -> Doc: ...


class Web(Protocol[R_in]):
    """``web.py``: the live sheet ``serve`` shows on the phones, as JSON-ready data."""

    def sheet(self, result: R_in) -> dict[str, Any]: ...


class SheetRender(Protocol):
    """``sheet/render.py``: the live workbook of a game, and blank workbooks."""

    def export_workbook(self, record: Mapping[str, Any], *, paper: str = "a4") -> bytes: ...
    def blank_workbook(self, players: Sequence[str], rules: str, *, paper: str = "a4") -> bytes: ...


class SheetAudit(Protocol):
    """``sheet/audit.py``: a workbook checked cell by cell, and read back into a game."""

    def audit_workbook_bytes(self, data: bytes, name: str) -> Report: ...
    def import_workbook_bytes(self, data: bytes, name: str) -> tuple[dict[str, Any], Report]: ...
    def audit_game(self, record: Mapping[str, Any], name: str) -> Report:
        """A game file checked deal by deal, as ``audit GAME.json`` reports it."""
        ...


class Stats(Protocol):
    """``stats.py``: the game's own figures in ``stats``, per player, and how the text
    and the workbook show them.

    The figures are read from the game's ``score --json`` objects only; they are public
    output (``stats --json`` prints them under each player's :data:`KEY`).
    """

    @property
    def KEY(self) -> str:
        """The key of these figures in a player's statistics (``"barbu"``)."""
        ...

    def new(self) -> dict[str, Any]:
        """A player's figures before any game of this kind."""
        ...

    def add(
        self, name: str, score: Mapping[str, Any], figures: Mapping[str, dict[str, Any]]
    ) -> None:
        """Add one game (its file's ``name`` and ``score --json`` object) to the
        figures of each player followed (``figures``: each player's, made by :meth:`new`)."""
        ...

    def finish(self, figures: dict[str, Any]) -> None:
        """Once every game is added: the averages and shares of one player's figures."""
        ...

    def text(self, figures: Mapping[str, Mapping[str, Any]], width: int) -> list[str]:
        """The lines ``stats`` prints for these players' figures (names padded to
        ``width``), each section after a blank line."""
        ...

    def table(
        self, figures: Mapping[str, Mapping[str, Any]]
    ) -> tuple[str, str, list[str], list[list[Any]]] | None:
        """The game's own sheet of the statistics workbook, if it has one: the sheet's
        name, its title, the header and the rows (``None``: a cell left empty)."""
        ...
