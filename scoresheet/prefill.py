"""A past deal's questions, pre-filled with the deal as saved: correcting it by its answers.

To correct deal ``N`` the table is asked the very questions it was asked when the deal was
entered — those of the game as it stood before deal ``N`` — each with the answer that
gives back the deal as the file holds it already given. Each game says, in its
``answers`` module (``scoresheet/games/<package>/answers.py``), the text a player would
type or tap at each question to reproduce a saved deal (``answers_of``); this module
imports it by the game's package, walks the game's questions with those answers
(:func:`replay`), and, once a corrected deal is made, keeps of the saved deal what the
questions do not ask and the correction does not change (:func:`kept`): a field the
questions always write (Barbu's declarer) or write in another form (a double by ``table``
rather than ``maximum``) is left as the file had it when the game reads it the same.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.questions import DealQuestions, Form
from scoresheet.results import GameResult
from scoresheet.session import rescore


class Answers(Protocol):
    """A game's ``answers`` module: the typed answers that reproduce a saved deal."""

    def answers_of(self, result: Any, number: int, deal: Mapping[str, Any]) -> dict[str, str]: ...


def answers_module(game: str) -> Answers:
    """The ``answers`` module of the game called ``game``."""
    package = registry.game(game).package
    return cast("Answers", importlib.import_module(f"scoresheet.games.{package}.answers"))


def answers_of(result: GameResult, number: int, deal: Mapping[str, Any]) -> dict[str, str]:
    """What a player types at each question of deal ``number`` to enter ``deal`` again
    (question key → text); ``result`` is the game scored up to the deal before it."""
    return answers_module(result.game).answers_of(result, number, deal)


def before(data: Mapping[str, Any], number: int, source: str = "game") -> GameResult:
    """The game of ``data`` scored with its first ``number - 1`` deals only: the game as it
    stood when deal ``number`` was entered."""
    kept_data = copy.deepcopy(dict(data))
    kept_data["deals"] = list(kept_data.get("deals", []))[: number - 1]
    kept_data.pop("history", None)
    return rescore(kept_data, source)[1]


def questions(data: Mapping[str, Any], number: int, source: str = "game") -> DealQuestions:
    """The questions deal ``number`` was asked with (the game before it)."""
    result = before(data, number, source)
    dq = registry.part(result.game, "play").deal_questions(result)
    if dq is None:  # pragma: no cover - a game with a deal after was not complete before it
        raise ScoresheetError(f"deal {number}: no questions")
    return dq


def replay(form: Form, given: Mapping[str, str]) -> list[tuple[str, str]]:
    """Answer ``form``'s questions from ``given`` as long as it holds the answer to the
    current one; the answers given, in the order asked. Raises for a refused answer."""
    said: list[tuple[str, str]] = []
    left = dict(given)
    while (q := form.current()) is not None and q.key in left:
        text = left.pop(q.key)
        form.answer(text)
        said.append((q.key, text))
    return said


def prefilled(data: Mapping[str, Any], number: int, source: str = "game") -> list[tuple[str, str]]:
    """Deal ``number`` of the game ``data`` as the answers that enter it, in the order the
    questions ask them."""
    deals = data["deals"]
    result = before(data, number, source)
    dq = registry.part(result.game, "play").deal_questions(result)
    if dq is None:  # pragma: no cover - see questions()
        return []
    return replay(dq.form(), answers_of(result, number, deals[number - 1]))


def with_deal(
    data: Mapping[str, Any], number: int, deal: Mapping[str, Any], source: str = "game"
) -> tuple[dict[str, Any], GameResult]:
    """The game ``data`` with deal ``number`` replaced by ``deal``, read back and scored
    (nothing is saved); raises with the reason when the game refuses it."""
    changed = copy.deepcopy(dict(data))
    changed["deals"] = list(changed["deals"])
    changed["deals"][number - 1] = copy.deepcopy(dict(deal))
    record, result = rescore(changed, source)
    return rec.to_data(record)["deals"][number - 1], result


def _items_as_saved(saved: Any, base: Any, made: Any) -> list[Any] | None:
    """``made``'s items, each one the questions wrote as they wrote ``base``'s item of the
    same place replaced by ``saved``'s (``None`` when they are not three lists alike)."""
    if not (isinstance(saved, list) and isinstance(base, list) and isinstance(made, list)):
        return None
    if len(saved) != len(base):
        return None
    return [copy.deepcopy(saved[base.index(item)]) if item in base else item for item in made]


def _meaning(result: GameResult) -> Any:
    return registry.part(result.game, "score").to_json(result)


def kept(
    data: Mapping[str, Any],
    number: int,
    saved: Mapping[str, Any],
    made: Mapping[str, Any],
    source: str = "game",
    *,
    base: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The deal ``made`` by the questions, with each field (and each field of its result)
    put back as ``saved`` had it where the game then scores the same: what the questions
    write of their own accord, or in another form, stays as the file holds it.

    ``base`` is the deal the questions make from the answers as saved (by default
    ``made``): a field the player changed (``made`` differs from ``base`` there) is
    never put back, even where the game scores it the same (a trump suit declared).
    """
    base = made if base is None else base
    out = copy.deepcopy(dict(made))
    try:
        _deal, result = with_deal(data, number, out, source)
    except ScoresheetError:
        return out
    meant = _meaning(result)

    def same(trial: dict[str, Any]) -> bool:
        try:
            _d, tried = with_deal(data, number, trial, source)
        except ScoresheetError:
            return False
        return bool(_meaning(tried) == meant)

    def fields(a: Mapping[str, Any], b: Mapping[str, Any]) -> Sequence[str]:
        return list(dict.fromkeys([*a, *b]))

    if made == base and same(copy.deepcopy(dict(saved))):  # the deal as the file holds it
        return copy.deepcopy(dict(saved))

    for key in fields(saved, out):
        if key == "result" or saved.get(key) == out.get(key):
            continue
        if made.get(key) != base.get(key):
            # A list the player changed (Barbu's doubles): its items left as saved are
            # put back as the file wrote them (``table`` rather than ``maximum``).
            mixed = _items_as_saved(saved.get(key), base.get(key), out.get(key))
            if mixed is not None and same({**copy.deepcopy(out), key: mixed}):
                out = {**out, key: mixed}
            continue
        trial = copy.deepcopy(out)
        if key in saved:
            trial[key] = copy.deepcopy(saved[key])
        else:
            del trial[key]
        if same(trial):
            out = trial
    was, now = saved.get("result"), out.get("result")
    untouched = base.get("result")
    if not (isinstance(was, Mapping) and isinstance(now, Mapping) and was != now):
        return out
    if now == untouched:
        trial = {**copy.deepcopy(out), "result": copy.deepcopy(dict(was))}
        if same(trial):  # the result given in another form (cards rather than points)
            return trial
    before = untouched if isinstance(untouched, Mapping) else {}
    for key in fields(was, now):
        if was.get(key) == now.get(key) or now.get(key) != before.get(key):
            continue
        trial = copy.deepcopy(out)
        if key in was:
            trial["result"][key] = copy.deepcopy(was[key])
        else:
            del trial["result"][key]
        if same(trial):
            out = trial
    return out
