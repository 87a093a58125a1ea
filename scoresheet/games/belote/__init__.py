"""Belote: a game package (see :mod:`scoresheet.registry`).

Four players in two teams count their card points at the end of every deal with the
tables of the rules (a trump suit, No Trumps, All Trumps), add the last trick, belote
and declarations, and settle whether the takers made their contract, went *dedans*, or
tied (*litige*). The first team to reach the target wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # Each module plays its role (see :mod:`scoresheet.roles`): checked by mypy here.
    from scoresheet import roles
    from scoresheet.games.belote import (
        entry,
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
    from scoresheet.games.belote.sheet import audit, render
    from scoresheet.partnership.rules import BeloteRules
    from scoresheet.partnership.score import GameScore

    _models: roles.Models = models
    _rules: roles.Rules[BeloteRules] = rules
    _score: roles.Score[GameScore] = score
    _entry: roles.Entry[GameScore] = entry
    _play: roles.Play[GameScore] = play
    _views: roles.Views[GameScore, BeloteRules] = views
    _simulate: roles.Simulate = simulate
    _paper: roles.Paper[GameScore] = paper
    _web: roles.Web[GameScore] = web
    _stats: roles.Stats = stats
    _render: roles.SheetRender = render
    _audit: roles.SheetAudit = audit
