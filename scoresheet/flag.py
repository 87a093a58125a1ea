"""A readable flag of ``add`` and ``edit``, as a game declares it in its light ``flags``
role (:class:`scoresheet.roles.Flags`); this module imports nothing, so reading every
game's flags costs the command line next to nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Completion = Literal["player", "player assignment", "contract"]
"""What the shell completes a flag's value with: one of the game's players, an
assignment ``PLAYER=…`` (the words after ``=`` too), a contract left."""


@dataclass(frozen=True)
class Flag:
    """A readable flag of ``add`` and ``edit`` that a game's deals take (``--ace Cat``).

    ``name`` is the option's long name without the dashes (``second-last``; the game's
    ``entry`` reads it as ``second_last``), ``help`` its English help marked with ``N_``
    (shown translated), ``repeatable`` whether it may be given more than once, and
    ``completion`` what the shell completes it with (``None``: nothing). Two games
    declaring the same flag must declare it alike (:func:`scoresheet.registry.flags`).
    """

    name: str
    help: str
    repeatable: bool = False
    completion: Completion | None = None
    short: str | None = None
    metavar: str | None = None

    @property
    def key(self) -> str:
        """The flag as the game's ``entry`` reads it: ``second_last``."""
        return self.name.replace("-", "_")
