"""Barbu: a game package (see :mod:`scoresheet.registry`).

Four (or three to six) players each declare every contract once, in turn: negative
contracts in which tricks, hearts, queens or the king of hearts cost points, and positive
ones (Trumps, Dominoes…); every other player may double the declarer, and the doubles are
settled pair by pair. The scoring is in :mod:`.score`, its parts in :mod:`.contracts`,
:mod:`.ledger`, :mod:`.rotation`, :mod:`.chinese` and :mod:`.poker`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # Each module plays its role (see :mod:`scoresheet.roles`): checked by mypy here.
    from scoresheet import roles
    from scoresheet.games.barbu import (
        entry,
        flags,
        models,
        paper,
        play,
        rules,
        score,
        simulate,
        stats,
        views,
        web,
    )
    from scoresheet.games.barbu.rules import BarbuRules
    from scoresheet.games.barbu.score import GameScore
    from scoresheet.games.barbu.sheet import audit, render

    _flags: roles.Flags = flags
    _models: roles.Models = models
    _rules: roles.Rules[BarbuRules] = rules
    _score: roles.Score[GameScore] = score
    _entry: roles.Entry[GameScore] = entry
    _play: roles.Play[GameScore] = play
    _views: roles.Views[GameScore, BarbuRules] = views
    _simulate: roles.Simulate = simulate
    _paper: roles.Paper[GameScore] = paper
    _web: roles.Web[GameScore] = web
    _stats: roles.Stats = stats
    _render: roles.SheetRender = render
    _audit: roles.SheetAudit = audit
