"""A game file handed to another game's scoring (from Python) is refused in one line:
a Coinche game given to Belote's was scored as Belote, with wrong totals and no word;
most other pairings failed deep inside with a KeyError or a TypeError."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from scoresheet import record, registry
from scoresheet.errors import ScoresheetError

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {
    "barbu": "classic",
    "rosbiratschka": "rosbiratschka",
    "caribbean-all-fours": "caribbean-all-fours",
    "belote": "belote",
    "coinche": "coinche",
}


def test_every_game_has_an_example_here() -> None:
    assert set(EXAMPLES) == set(registry.names())


@pytest.mark.parametrize(("game", "scorer"), list(itertools.permutations(EXAMPLES, 2)))
def test_another_games_file_is_refused(game: str, scorer: str) -> None:
    loaded = record.load(ROOT / "examples" / f"{EXAMPLES[game]}.json")
    score_game = registry.part(scorer, "score").score_game
    with pytest.raises(ScoresheetError) as exc:
        score_game(loaded)
    assert str(exc.value) == f"game: this is a {game} game, which {scorer}'s scoring does not score"
