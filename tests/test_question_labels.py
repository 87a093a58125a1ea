"""Questions worded for a tap on a phone, and Barbu's doubles legend in ``score``.

Every question of every simulated Barbu, Rosbiratschka, Caribbean All Fours, Belote and
Coinche deal
(each deal entered again through its own questions, as ``tests/test_prefill.py`` does,
and each way of giving a Ravage City or Chinese Poker result tried) carries a label: a
question a player taps an answer to, with no way of typing it (no ``Ann=2``, no ``…``,
no "or one number each"), in every language of the catalogs. The phone shows that label
over the boxes, each box labelled with its player. The terminal keeps its prompts.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoresheet import prefill, registry
from scoresheet import record as rec
from scoresheet.games.barbu.questions import FORM
from scoresheet.i18n import language, set_language
from scoresheet.questions import Form, Question
from scoresheet.rules import list_presets
from scoresheet.session import rescore
from tests.cli_helpers import ROOT, run
from tests.serve_helpers import serving

GAMES = ("barbu", "rosbiratschka", "caribbean-all-fours", "belote", "coinche")
LANGUAGES = ("fr", "de", "ja", "zh")
EXAMPLES = ROOT / "examples"
# How a prompt tells a player to type the answer: none of it belongs on a button page.
TYPING = ("=", "…", "or one number", "Enter")


@pytest.fixture
def lang() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


def simulated(game: str, preset: str, seed: int) -> dict[str, Any]:
    """A random legal game (Barbu's first 14 deals: two declarers' sets), as the file holds it."""
    deals = 14 if game == "barbu" else None
    data = registry.part(game, "simulate").random_game(random.Random(seed), preset, deals=deals)
    return rec.to_data(rescore(data, "game.json")[0])


def asked(data: dict[str, Any]) -> Iterator[Question]:
    """Every question the game's deals ask, deal after deal, answered as the deal was saved;
    at a question choosing how a result is given, the first question of each other way."""
    for number, saved in enumerate(data["deals"], 1):
        result = prefill.before(data, number)
        dq = registry.part(result.game, "play").deal_questions(result)
        assert dq is not None
        form = dq.form()
        given = prefill.answers_of(result, number, saved)
        while (q := form.current()) is not None:
            yield q
            if q.key == FORM:
                for choice in q.choices:
                    other = Form(form.plan, form.check, form.blame, dict(form.answers))
                    other.answer(choice)
                    after = other.current()
                    assert after is not None
                    yield after
            form.answer(given[q.key])


def every_question(game: str) -> list[Question]:
    return [
        q
        for preset in list_presets(game)
        for seed in (1, 2)
        for q in asked(simulated(game, preset, seed))
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_question_has_a_label_worded_for_a_tap(game: str, lang: None) -> None:
    set_language("en")
    questions = every_question(game)
    keys = {q.key.partition(" ")[0] for q in questions}
    assert (
        len(keys)
        >= {"barbu": 15, "rosbiratschka": 8, "caribbean-all-fours": 6, "belote": 5, "coinche": 7}[
            game
        ]
    ), keys
    for q in questions:
        assert q.label, f"{game} {q.key}: no label ({q.prompt})"
        assert not any(t in q.label for t in TYPING), f"{game} {q.key}: {q.label}"
        assert "{" not in q.label, f"{game} {q.key}: {q.label}"  # every placeholder filled
        if q.counts:  # the boxes name their player or suit: the label does not list them
            assert q.label != q.prompt and not all(c in q.label for c in q.counts), q.label


def test_the_hearts_label_and_the_terminal_prompt_are_not_the_same_words() -> None:
    """Written out by hand: the label of a classic game's hearts, and the terminal's
    prompt left as it was."""
    set_language("en")
    hearts = next(
        q
        for seed in range(1, 40)
        for q in asked(simulated("barbu", "classic", seed))
        if q.key == "hearts"
    )
    assert hearts.label == "Hearts taken — 13 in all"
    assert hearts.prompt == (
        "Hearts taken (13 in all): Ann=2,Dan=1,… or one number each for Ann Bob Cat Dan"
    )
    assert hearts.counts == ("Ann", "Bob", "Cat", "Dan")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_label_is_translated(game: str, code: str, lang: None) -> None:
    """The same deals asked in English and in ``code``: each label in ``code`` is its own
    words, not the English ones."""
    set_language("en")
    english = every_question(game)
    set_language(code)
    local = every_question(game)
    assert [q.key for q in local] == [q.key for q in english]
    for q in local:
        assert q.label and not any(t in q.label for t in ("=", "…", "{")), f"{code}: {q.label}"
    untranslated = sorted(
        {e.label for e, q in zip(english, local, strict=True) if q.label == e.label}
    )
    assert not untranslated, f"{code}: {untranslated}"


# -- Barbu's doubles legend in score's text ------------------------------------------------

LEGEND = "Doubles are written in the doubler's column"


def test_score_explains_the_marks_of_the_doubles_as_show_does(tmp_path: Path) -> None:
    example = EXAMPLES / "classic.json"
    score = run("score", example, "--width", "200")
    show = run("show", example, "--width", "200")
    assert score.returncode == 0 and show.returncode == 0, score.stderr + show.stderr
    legend = next(line for line in show.stdout.splitlines() if line.startswith(LEGEND))
    assert legend.endswith("R + initials for redoubles.")
    assert score.stdout.count(legend) == 1
    # under the table, before the game's end
    lines = score.stdout.splitlines()
    assert lines.index(legend) > next(i for i, t in enumerate(lines) if "TOTAL" in t)
    assert lines.index(legend) < lines.index("complete")


def test_score_of_a_game_with_no_deals_has_no_legend(tmp_path: Path) -> None:
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = []
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = run("score", path)
    assert proc.returncode == 0, proc.stderr
    assert LEGEND not in proc.stdout


def test_score_json_is_unchanged_by_the_legend() -> None:
    for name in ("classic", "pagat", "ravage-city"):
        proc = run("score", EXAMPLES / f"{name}.json", "--json")
        golden = (ROOT / "tests" / "golden" / f"{name}.score.json").read_text(encoding="utf-8")
        assert json.loads(proc.stdout) == json.loads(golden), name
        assert LEGEND not in proc.stdout


# -- the phone ------------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium")


@pytest.mark.skipif(
    CHROMIUM is None and os.environ.get("CI") != "true", reason="chromium is not installed"
)
def test_the_phone_asks_the_hearts_by_their_label_with_a_box_per_player(tmp_path: Path) -> None:
    from playwright.sync_api import ViewportSize, expect

    from tests.browser_helpers import launched

    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = []
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    players = data["players"]
    with serving(game) as s:
        for browser in launched():
            page = browser.new_context(
                viewport=ViewportSize(width=390, height=844), is_mobile=True
            ).new_page()
            page.goto(s.score)
            expect(page.locator("#live")).to_have_text("live")
            question = page.locator("#question")
            expect(question).to_have_attribute("data-key", "contract")
            expect(page.locator("#q-prompt")).to_have_text("Which contract does Ann choose?")
            page.locator('#q-choices button[data-choice="no-hearts"]').click()
            for doubler in players[1:]:  # Bob doubles Ann (nobody doubling, it is not played)
                expect(question).to_have_attribute("data-key", f"double {doubler}")
                expect(page.locator("#q-prompt")).to_have_text(f"{doubler} doubles whom?")
                if doubler == players[1]:
                    page.locator(f'#q-choices button[data-choice="{players[0]}"]').click()
                    page.locator("#q-ok").click()
                else:
                    page.locator('#q-choices button[data-choice="none"]').click()
            expect(question).to_have_attribute("data-key", f"redouble {players[0]}")
            expect(page.locator("#q-prompt")).to_have_text(f"{players[0]} redoubles whom?")
            page.locator('#q-choices button[data-choice="none"]').click()
            expect(question).to_have_attribute("data-key", "hearts")
            expect(page.locator("#q-prompt")).to_have_text("Hearts taken — 13 in all")
            boxes = page.locator("#q-counts input")
            expect(boxes).to_have_count(len(players))
            for i, name in enumerate(players):
                box = page.locator("#q-counts").get_by_label(name, exact=True)
                expect(box).to_have_count(1)
                expect(box).to_have_attribute("data-name", name)
                box.fill(str([5, 4, 3, 1][i]))
            page.locator("#q-ok").click()
            expect(question).to_have_attribute("data-key", "ace_of_hearts")
            expect(page.locator("#q-prompt")).to_have_text("Who took the A♥?")
            # The answer given is listed under its question, as a player reads it.
            expect(page.locator("#form-given")).to_contain_text("Hearts taken: 5 4 3 1")
