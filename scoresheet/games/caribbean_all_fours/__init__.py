"""Caribbean All Fours: a game package (see :mod:`scoresheet.registry`).

A partnership race to 14 (or 7) in which the points of a deal are scored in a strict
order — kick, beg, High, Low, Jack (or hang jack), Game — and the game ends the moment a
team reaches the target. The scoring is in :mod:`.score`, the rules in :mod:`.rules`, the
``add``/``edit`` ``--set`` keys in :mod:`.entry` and ``play`` in :mod:`.play`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # Each module plays its role (see :mod:`scoresheet.roles`): checked by mypy here.
    from scoresheet import roles
    from scoresheet.games.caribbean_all_fours import (
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
    from scoresheet.games.caribbean_all_fours.rules import AllFoursRules
    from scoresheet.games.caribbean_all_fours.score import GameScore
    from scoresheet.games.caribbean_all_fours.sheet import audit, render

    _flags: roles.Flags = flags
    _models: roles.Models = models
    _rules: roles.Rules[AllFoursRules] = rules
    _score: roles.Score[GameScore] = score
    _entry: roles.Entry[GameScore] = entry
    _play: roles.Play[GameScore] = play
    _views: roles.Views[GameScore, AllFoursRules] = views
    _simulate: roles.Simulate = simulate
    _paper: roles.Paper[GameScore] = paper
    _web: roles.Web[GameScore] = web
    _stats: roles.Stats = stats
    _render: roles.SheetRender = render
    _audit: roles.SheetAudit = audit
