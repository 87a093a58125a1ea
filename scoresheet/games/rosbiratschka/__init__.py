"""Rosbiratschka: a game package (see :mod:`scoresheet.registry`).

A German compendium game of six contracts played in a fixed order (no tricks, no
hearts, no jacks, the king of hearts, the hundred, the rosbiratschka); points are
penalties and the lowest total wins. In the three counting contracts every trick
(heart, jack) counts twice when any player took none, unless one player took them all
(a slam: minus the deal's total to them, 0 to the others).

The modules: :mod:`.rules` (the rules in force), :mod:`.score` (the one scoring
function), :mod:`.views` (the text views), :mod:`.entry` (``--set`` flags),
:mod:`.play` (``scoresheet play``), :mod:`.simulate` (random legal games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # Each module plays its role (see :mod:`scoresheet.roles`): checked by mypy here.
    from scoresheet import roles
    from scoresheet.games.rosbiratschka import (
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
    from scoresheet.games.rosbiratschka.rules import RosbiratschkaRules
    from scoresheet.games.rosbiratschka.score import GameScore
    from scoresheet.games.rosbiratschka.sheet import audit, render

    _flags: roles.Flags = flags
    _models: roles.Models = models
    _rules: roles.Rules[RosbiratschkaRules] = rules
    _score: roles.Score[GameScore] = score
    _entry: roles.Entry[GameScore] = entry
    _play: roles.Play[GameScore] = play
    _views: roles.Views[GameScore, RosbiratschkaRules] = views
    _simulate: roles.Simulate = simulate
    _paper: roles.Paper[GameScore] = paper
    _web: roles.Web[GameScore] = web
    _stats: roles.Stats = stats
    _render: roles.SheetRender = render
    _audit: roles.SheetAudit = audit
