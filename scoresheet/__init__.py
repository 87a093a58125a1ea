"""scoresheet: keep score for card games played at a real table.

The library is the names below (:mod:`scoresheet.api`): open or create a game file
(:func:`open_game`, :func:`new_game`), add, correct and undo a deal (:func:`add_deal`,
:func:`correct_deal`, :func:`undo_deal`), score any game (:func:`score`,
:func:`score_json`), render it (:func:`render_text`, :func:`render_workbook`,
:func:`render_pdf`, :func:`export`), settle an evening (:func:`settle`) and compute
statistics (:func:`stats`). Every path may be a ``str`` or a ``Path``; bad input raises
:class:`ScoresheetError`, one line naming what is wrong.

>>> import scoresheet
>>> scoresheet.open_game("examples/classic.json").complete
True

Every other module of the package (``scoresheet.session``, ``scoresheet.record``, the
games' packages …) is internal: importable, but it may change without notice.

The library is imported when one of its names is first used, so ``import scoresheet``
(and every command's start-up) stays cheap.
"""

from scoresheet.errors import ScoresheetError

# Not typing's: importing typing would cost ``import scoresheet`` more than all the rest.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from scoresheet.api import (
        Correction,
        Game,
        Undone,
        add_deal,
        correct_deal,
        export,
        new_game,
        open_game,
        render_pdf,
        render_text,
        render_workbook,
        score,
        score_json,
        settle,
        stats,
        undo_deal,
    )
    from scoresheet.evening.settle import Settlement
    from scoresheet.evening.shape import Score
    from scoresheet.evening.stats import Stats
    from scoresheet.results import GameResult

__version__ = "0.1.0"
__all__ = [
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

_LAZY = frozenset(__all__) - {"ScoresheetError", "__version__"}


def __getattr__(name: str) -> object:
    """The library's names, imported from :mod:`scoresheet.api` when first asked for
    (PEP 562)."""
    if name in _LAZY:
        from scoresheet import api

        value = getattr(api, name)
        globals()[name] = value  # asked once
        return value
    raise AttributeError(f"module 'scoresheet' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
