"""Coinche (belote coinchée, contrée): Belote with an auction instead of a turned card.

Four players in two teams bid for the contract: a number of points (80 to 160), a capot
or, by option, a générale, in a suit, No Trumps or All Trumps; an opponent may coinche
(double) the last bid and the bidder's team surcoinche (redouble). The card play is
counted as in Belote; the takers make their bid or go *dedans*, and the deal is scored by
the scoring system of the rules (points + bid, bid only, points made). The first team to
reach the target (2000 by default) wins. The rules page is the authority for every rule
and option.

One module per role of :mod:`scoresheet.roles`, found by :func:`scoresheet.registry.part`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoresheet import roles
    from scoresheet.games.coinche import (
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
    from scoresheet.games.coinche.rules import CoincheRules
    from scoresheet.games.coinche.score import GameScore
    from scoresheet.games.coinche.sheet import audit as sheet_audit
    from scoresheet.games.coinche.sheet import render as sheet_render

    _models: roles.Models = models
    _rules: roles.Rules[CoincheRules] = rules
    _score: roles.Score[GameScore] = score
    _entry: roles.Entry[GameScore] = entry
    _play: roles.Play[GameScore] = play
    _views: roles.Views[GameScore, CoincheRules] = views
    _simulate: roles.Simulate = simulate
    _paper: roles.Paper[GameScore] = paper
    _web: roles.Web[GameScore] = web
    _stats: roles.Stats = stats
    _sheet_render: roles.SheetRender = sheet_render
    _sheet_audit: roles.SheetAudit = sheet_audit
