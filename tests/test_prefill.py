"""Pre-filling a past deal's questions gives back the deal as saved, in every game.

For random legal games of every preset (each game's ``simulate`` module), every deal is
entered again through the deal's own questions (the game before it), each question
answered with the text ``answers_of`` gives: the questions must all be answered, the deal
they make must score exactly as the saved one (the whole ``score --json`` object), and,
once the fields the questions write of their own accord are put back as the file had them
(:func:`scoresheet.prefill.kept`), be the saved deal itself.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheet import prefill, registry
from scoresheet import record as rec
from scoresheet.i18n import language, set_language
from scoresheet.rules import list_presets
from scoresheet.session import rescore

GAMES = registry.names()
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture
def lang() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


def simulated(game: str, preset: str, seed: int, deals: int | None = None) -> dict[str, Any]:
    """A random legal game, read back as the file holds it."""
    data = registry.part(game, "simulate").random_game(random.Random(seed), preset, deals=deals)
    record, _result = rescore(data, "game.json")
    return rec.to_data(record)


def meaning(data: dict[str, Any]) -> Any:
    result = rescore(copy.deepcopy(data), "game.json")[1]
    return registry.part(result.game, "score").to_json(result)


def entered_again(data: dict[str, Any], number: int) -> tuple[dict[str, Any], list[Any]]:
    """Deal ``number`` entered through its questions with ``answers_of``'s answers: the
    deal they make, and the answers given."""
    saved = data["deals"][number - 1]
    result = prefill.before(data, number)
    dq = registry.part(result.game, "play").deal_questions(result)
    assert dq is not None
    assert dq.number == number
    form = dq.form()
    said = prefill.replay(form, prefill.answers_of(result, number, saved))
    left = form.current()
    assert left is None, f"deal {number}: {left and left.key} is not answered ({saved})"
    return dq.deal(form.answers), said


def check_game(data: dict[str, Any]) -> None:
    expected = meaning(data)
    for number, saved in enumerate(data["deals"], 1):
        made, said = entered_again(data, number)
        assert said, f"deal {number}: no question was answered"
        again = copy.deepcopy(data)
        again["deals"][number - 1] = made
        assert meaning(again) == expected, f"deal {number}: {made} scores otherwise than {saved}"
        assert prefill.kept(data, number, saved, made) == saved


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(data=st.data())
def test_every_deal_entered_again_is_the_saved_deal(game: str, data: st.DataObject) -> None:
    preset = data.draw(st.sampled_from(list_presets(game)), label="preset")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    check_game(simulated(game, preset, seed))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", ["fr", "de", "ja", "zh"])
def test_the_answers_are_read_in_the_page_language(game: str, code: str, lang: None) -> None:
    """The answers are the words a player of that language taps (the contract, none…)."""
    set_language(code)
    check_game(simulated(game, registry.GAMES[game].preset, 7, deals=6))


# Players named like the answer words: a keyword answer must never be read as one of them.
TRICKY = {
    "barbu": ["none", "maximum", "family", "all"],
    "rosbiratschka": ["back", "help", "none", "all"],
    "caribbean-all-fours": ["none", "stand", "run", "all"],
    "belote": ["none", "y", "n", "cards"],
    "coinche": ["none", "capot", "all", "n"],
}


@pytest.mark.parametrize("game", GAMES)
def test_players_named_like_answer_words(game: str) -> None:
    data = simulated(game, registry.GAMES[game].preset, 11, deals=6)
    text = json.dumps(data)
    for old, new in zip(data["players"], TRICKY[game], strict=True):
        text = text.replace(json.dumps(old), json.dumps(new))
    check_game(simulated_again(json.loads(text)))


def simulated_again(data: dict[str, Any]) -> dict[str, Any]:
    record, _result = rescore(data, "game.json")
    return rec.to_data(record)


def test_barbu_answers_are_what_a_player_types() -> None:
    """Written out by hand from the questions' prompts: a deal of no-queens with a
    double, a maximum and a redouble."""
    data = simulated("barbu", "classic", 1, deals=0)
    data["deals"] = [
        {
            "contract": "no-queens",
            "declarer": "Ann",
            "doubles": [
                {"by": "Bob", "double": ["Ann"]},
                {"by": "Dan", "double": "table"},
                {"by": "Ann", "redouble": ["Bob"]},
            ],
            "result": {"queens": {"Ann": 1, "Bob": 0, "Cat": 2, "Dan": 1}},
        }
    ]
    result = prefill.before(data, 1)
    answers = prefill.answers_of(result, 1, data["deals"][0])
    assert answers["contract"] == "no-queens"
    assert answers["double Bob"] == "Ann"
    assert answers["double Cat"] == ":none"  # marked: never read as a player
    assert answers["double Dan"] == ":maximum"
    assert answers["redouble Ann"] == "Bob"
    assert answers["redouble Bob"] == answers["redouble Cat"] == ":none"
    assert answers["queens"] == "1 0 2 1"
    made, said = entered_again(data, 1)
    assert [k for k, _t in said] == [
        "contract",
        "double Bob",
        "double Cat",
        "double Dan",
        "redouble Bob",  # Dan's maximum doubled Bob and Cat: each may redouble it
        "redouble Cat",
        "redouble Ann",
        "queens",
    ]
    # "table" is written "maximum" by the questions; kept() puts the file's word back.
    assert made["doubles"][1] == {"by": "Dan", "double": "maximum"}
    assert prefill.kept(data, 1, data["deals"][0], made) == data["deals"][0]


def test_a_changed_answer_makes_another_deal() -> None:
    """The check can fail: one answer changed, the deal made is not the saved one."""
    data = simulated("rosbiratschka", "rosbiratschka", 3, deals=1)
    saved = data["deals"][0]
    result = prefill.before(data, 1)
    answers = prefill.answers_of(result, 1, saved)
    key = next(iter(answers))
    dq = registry.part(result.game, "play").deal_questions(result)
    assert dq is not None
    form = dq.form()
    numbers = [int(n) for n in answers[key].split()]
    i = next(i for i, n in enumerate(numbers) if n > 0)  # one trick moved to another player
    numbers[i] -= 1
    numbers[(i + 1) % len(numbers)] += 1
    prefill.replay(form, {**answers, key: " ".join(str(n) for n in numbers)})
    made = dq.deal(form.answers)
    assert made != saved
    assert prefill.kept(data, 1, saved, made) != saved
