"""The phone form's questions: the game's own, replayed by the server one answer at a time.

`scoresheet.serve.form.ask` is what ``POST <link>deals/N/ask`` answers; these tests call
it directly (fast) and compare what it asks and builds with `scoresheet play` run
through the console script on a copy of the same game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.serve import form
from scoresheet.session import open_game
from tests.cli_helpers import ROOT, run

EXAMPLES = ROOT / "examples"
PRESETS = sorted(p.stem for p in EXAMPLES.glob("*.json"))

# What to type where a question has neither choices nor counts.
TYPED = {
    "trump": "hearts",
    "points": "62 90",
    "decl 0": "",
    "decl 1": "",
    "turn 0": "9S",
    "jack": "none",
    "game_points": "22 13",
}


def empty_copy(tmp_path: Path, example: str, name: str = "game.json") -> Path:
    data = json.loads((EXAMPLES / f"{example}.json").read_text(encoding="utf-8"))
    data["deals"] = []
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def answer_for(question: dict[str, Any]) -> str:
    """A plain answer: trumps if it may be declared, nobody doubles, every count to the
    first player, the first choice, or the typed answer above."""
    choices, key = question["choices"], question["key"]
    if key == "contract":
        return "trumps" if "trumps" in choices else str(choices[0])
    if key.startswith(("double ", "redouble ")):
        return "none"
    if question["counts"]:
        rest = ["0"] * (len(question["counts"]) - 1)
        return str(question["separator"]).join([str(question["total"]), *rest])
    if choices:
        return str(choices[0])
    return TYPED[key]


def walk(path: Path) -> tuple[dict[str, Any], list[str], list[str]]:
    """Answer the form of the next deal plainly; the last reply, texts and prompts."""
    game = open_game(path)
    reply = form.ask(game, [])
    texts: list[str] = []
    prompts: list[str] = []
    while "question" in reply:
        assert "error" not in reply, reply
        q = reply["question"]
        prompts.append(q["wording"])
        texts.append(answer_for(q))
        reply = form.ask(game, [tuple(p) for p in reply["answers"]], texts[-1])
        assert len(texts) < 60
    return reply, texts, prompts


@pytest.mark.parametrize("example", PRESETS)
def test_every_preset_of_every_game_can_be_entered_through_the_form(
    example: str, tmp_path: Path
) -> None:
    reply, _, _ = walk(empty_copy(tmp_path, example))
    assert reply["number"] == 1
    assert reply["deal"] and reply["shown"].startswith("deal 1")
    assert "error" not in reply


@pytest.mark.parametrize(
    "example",
    ["classic", "ravage-city", "chinese-poker", "salad-5", "rosbiratschka", "belote",
     "caribbean-all-fours"],
)  # fmt: skip
def test_the_form_asks_what_play_asks_in_its_order_and_saves_the_same_deal(
    example: str, tmp_path: Path
) -> None:
    path = empty_copy(tmp_path, example)
    reply, texts, prompts = walk(path)
    played = empty_copy(tmp_path, example, "played.json")
    proc = run("play", played, stdin="\n".join(texts) + "\n")
    assert proc.returncode == 130, proc.stdout + proc.stderr  # end of input at deal 2
    at = 0
    for prompt in prompts:
        found = proc.stdout.find(prompt + ": ", at)
        assert found >= 0, (prompt, proc.stdout[at:])
        at = found + len(prompt)
    added = run("add", path, "--deal", json.dumps(reply["deal"]))
    assert added.returncode == 0, added.stderr
    deals = [json.loads(p.read_text(encoding="utf-8"))["deals"] for p in (path, played)]
    assert deals[0] == deals[1] and len(deals[0]) == 1


def barbu(tmp_path: Path) -> Any:
    return open_game(empty_copy(tmp_path, "classic"))


DOUBLED = ["no-queens", "Ann Dan", "Ann Bob Dan", "Ann", "Cat", "all", "Cat"]


def replay(game: Any, texts: list[str]) -> dict[str, Any]:
    reply = form.ask(game, [])
    for text in texts:
        reply = form.ask(game, [tuple(p) for p in reply["answers"]], text)
        assert "error" not in reply, reply
    return reply


def test_a_barbu_deal_with_doubles_and_redoubles(tmp_path: Path) -> None:
    """Classic rules: Ann declares no-queens (four queens, -6 each)."""
    game = barbu(tmp_path)
    reply = replay(game, DOUBLED)
    q = reply["question"]
    assert (q["key"], q["counts"], q["total"]) == ("queens", ["Ann", "Bob", "Cat", "Dan"], 4)
    done = form.ask(game, [tuple(p) for p in reply["answers"]], "0 1 2 1")
    assert done["deal"] == {
        "contract": "no-queens",
        "declarer": "Ann",
        "doubles": [
            {"by": "Bob", "double": ["Ann", "Dan"]},
            {"by": "Cat", "double": ["Ann", "Bob", "Dan"]},
            {"by": "Dan", "double": ["Ann"]},
            {"by": "Bob", "redouble": ["Cat"]},
            {"by": "Dan", "redouble": "all"},
            {"by": "Ann", "redouble": ["Cat"]},
        ],
        "result": {"queens": {"Ann": 0, "Bob": 1, "Cat": 2, "Dan": 1}},
    }


def test_the_double_questions_offer_who_may_be_doubled_and_take_several(
    tmp_path: Path,
) -> None:
    game = barbu(tmp_path)
    q = replay(game, DOUBLED[:3])["question"]
    # Cat doubled Dan: Dan may only redouble Cat, so Dan may double Ann alone.
    assert q["key"] == "double Dan" and q["choices"] == ["Ann", "maximum", "none"]
    q = replay(game, DOUBLED[:1])["question"]
    assert q["many"] and q["players"] == ["Ann", "Cat", "Dan"]


def test_a_wrong_count_is_refused_with_the_reason_and_keeps_the_answers(
    tmp_path: Path,
) -> None:
    game = barbu(tmp_path)
    reply = replay(game, DOUBLED)
    wrong = form.ask(game, [tuple(p) for p in reply["answers"]], "0 1 2 2")
    assert wrong["error"] == "queens add up to 5, a deal has 4"
    assert wrong["question"]["key"] == "queens"
    assert wrong["answers"] == reply["answers"] and "deal" not in wrong


def test_back_returns_to_the_previous_question_and_no_further_than_the_first(
    tmp_path: Path,
) -> None:
    game = barbu(tmp_path)
    reply = replay(game, DOUBLED[:2])
    assert reply["question"]["key"] == "double Cat"
    back = form.ask(game, [tuple(p) for p in reply["answers"]], back=True)
    assert back["question"]["key"] == "double Bob"
    assert back["answers"] == [["contract", "no-queens"]]
    typed = form.ask(game, [tuple(p) for p in reply["answers"]], "back")
    assert typed["answers"] == back["answers"]
    first = form.ask(game, [], back=True)
    assert first["error"] == "this is the first question of the deal"
    assert first["question"]["key"] == "contract"


def test_a_contract_already_declared_is_refused_in_the_rules_words(tmp_path: Path) -> None:
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:1]  # Ann declared dominoes
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = open_game(path)
    reply = form.ask(game, [], "dominoes")
    assert reply["error"].startswith("Ann has already declared dominoes")
    assert "dominoes" not in reply["question"]["choices"]


def test_a_belote_team_is_answered_by_tapping_its_name(tmp_path: Path) -> None:
    game = open_game(empty_copy(tmp_path, "belote"))
    reply = replay(game, ["hearts", "Bob", "62 90"])
    q = reply["question"]
    assert q["key"] == "last_trick" and q["choices"] == ["Ann & Cat", "Bob & Dan"]
    done = replay(game, ["hearts", "Bob", "62 90", "Bob & Dan", "none"])
    assert done["deal"]["result"] == {"points": [62, 90], "last_trick": 1}


def test_a_complete_game_has_no_form(tmp_path: Path) -> None:
    game = open_game(EXAMPLES / "rosbiratschka.json")
    assert registry.part(game.result.game, "play").deal_questions(game.result) is None
    with pytest.raises(ScoresheetError, match="the game is complete"):
        form.ask(game, [])


@pytest.mark.parametrize(
    ("body", "wrong"),
    [
        ([], "the form sends"),
        ({"answers": "x"}, "answers: a list"),
        ({"answers": [["contract"]]}, "answers[0]"),
        ({"answers": [["contract", 3]]}, "answers[0]"),
        ({"answers": [["k", "x" * (form.MAX_TEXT + 1)]]}, "answers[0]"),
        ({"answers": [["k", "x"]] * (form.MAX_ANSWERS + 1)}, "at most"),
        ({"answers": [], "text": ["no-queens"]}, "text:"),
        ({"answers": [], "back": "yes"}, "back: true or false"),
        ({}, "answers: missing"),
        ({"text": "no-queens"}, "answers: missing"),
    ],
)
def test_a_request_is_bounded_in_number_and_length_of_answers(body: Any, wrong: str) -> None:
    with pytest.raises(ScoresheetError, match=wrong.replace("[", r"\[")):
        form.read_answers(body)


def test_a_deal_the_game_refuses_as_a_whole_is_asked_again_as_play_does(
    tmp_path: Path,
) -> None:
    """Belote with declarations: both teams cannot hold the four jacks."""
    path = empty_copy(tmp_path, "belote")
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "options": {"declarations": True}}), encoding="utf-8")
    texts = ["hearts", "Bob", "62 90", "Bob & Dan", "none", "carre J", "carre J"]
    game = open_game(path)
    reply = replay(game, texts[:-1])
    refused = form.ask(game, [tuple(p) for p in reply["answers"]], texts[-1])
    assert refused["error"] == "four Js are declared twice"
    assert refused["answers"] == [] and refused["question"]["key"] == "contract"
    assert "deal" not in refused
    proc = run("play", path, stdin="\n".join(texts) + "\n")
    assert "✗ four Js are declared twice\nDeal 1 again, from the contract." in proc.stdout
    assert json.loads(path.read_text(encoding="utf-8"))["deals"] == []


def test_a_pack_run_out_throws_the_hand_in_and_asks_from_the_first_card(
    tmp_path: Path,
) -> None:
    """Caribbean All Fours: running the pack turns up spades until it runs out."""
    path = empty_copy(tmp_path, "caribbean-all-fours")
    game = open_game(path)
    texts = ["9S", "run", "2S", "3S"]
    reply = replay(game, texts[:-1])
    thrown = form.ask(game, [tuple(p) for p in reply["answers"]], texts[-1])
    note = "the pack ran out: the hand is thrown in and dealt again (nothing scores)"
    assert thrown["note"] == note
    assert thrown["answers"] == [] and thrown["question"]["key"] == "turn 0"
    proc = run("play", path, stdin="\n".join(texts) + "\n")
    assert note in proc.stdout


def test_a_question_mark_typed_asks_for_the_help(tmp_path: Path) -> None:
    game = barbu(tmp_path)
    reply = form.ask(game, [], "?")
    assert reply["help"] and "error" not in reply and reply["answers"] == []
    assert reply["question"]["help"].startswith("The declarer chooses one of their contracts")
    assert not form.ask(game, [], "no-queens")["help"]


def test_ravage_city_cards_are_counted_per_suit_and_the_last_player_has_the_rest(
    tmp_path: Path,
) -> None:
    """Ravage City (the rules' example deal 8 of the example game): each player's cards
    per suit, one number per suit; the last player's are the rest, not asked."""
    data = json.loads((EXAMPLES / "ravage-city.json").read_text(encoding="utf-8"))
    deal = data["deals"][7]
    data["deals"] = data["deals"][:7]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = open_game(path)
    texts = ["Ann Cat Dan", "Dan", "none", "Bob", "none", "none", "cards"]
    reply = replay(game, texts)
    q = reply["question"]
    assert (q["key"], q["counts"], q["separator"]) == ("cards Ann", ["♠", "♥", "♦", "♣"], "/")
    for text in ("8/5/5/6", "3/6/4/3", "2/2/4/4"):
        reply = form.ask(game, [tuple(p) for p in reply["answers"]], text)
    assert reply["told"][-1] == "Dan's cards taken: 0/0/0/0 (the rest)"
    assert reply["deal"] == {**deal, "declarer": "Ann"}


def test_chinese_poker_beats_are_three_number_boxes_per_player(tmp_path: Path) -> None:
    """Chinese Poker (the example game's deal 9): each player's beats per row."""
    data = json.loads((EXAMPLES / "chinese-poker.json").read_text(encoding="utf-8"))
    deal = data["deals"][8]
    data["deals"] = data["deals"][:8]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = open_game(path)
    reply = replay(game, ["table", "Ann", "none", "none", "beats"])
    q = reply["question"]
    assert (q["key"], q["counts"], q["separator"]) == (
        "beats Ann",
        ["front", "middle", "back"],
        "/",
    )
    for text in ("3/0/3", "1/3/0", "0/1/1", "2/2/2"):
        reply = form.ask(game, [tuple(p) for p in reply["answers"]], text)
    assert reply["deal"] == {**deal, "declarer": "Ann"}


def tapped(question: dict[str, Any], choice: str) -> str:
    """What the page sends when the button ``choice`` is tapped."""
    sends = question.get("send", question["choices"])
    return str(sends[question["choices"].index(choice)])


def test_a_keyword_button_means_the_keyword_even_where_a_name_starts_with_it(
    tmp_path: Path,
) -> None:
    """Ann, Allison, Cat, Dan; Ann declares no-king, Allison and Cat double her: on
    Ann's redouble the "all" button means all, not Allison."""
    path = empty_copy(tmp_path, "classic")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"] = ["Ann", "Allison", "Cat", "Dan"]
    path.write_text(json.dumps(data), encoding="utf-8")
    game = open_game(path)
    reply = form.ask(game, [])
    taps = {
        "contract": "no-king",
        "double Allison": "Ann",
        "double Cat": "Ann",
        "double Dan": "none",
        "redouble Ann": "all",
    }
    while "question" in reply and reply["question"]["key"] in taps:
        q = reply["question"]
        reply = form.ask(game, [tuple(p) for p in reply["answers"]], tapped(q, taps[q["key"]]))
        assert "error" not in reply, reply
    assert reply["question"]["key"] == "king_of_hearts"
    assert tapped(reply["question"], "Allison") == "Allison"  # a player's button: the name
    done = form.ask(game, [tuple(p) for p in reply["answers"]], "Cat")
    assert done["deal"]["doubles"] == [
        {"by": "Allison", "double": ["Ann"]},
        {"by": "Cat", "double": ["Ann"]},
        {"by": "Ann", "redouble": "all"},
    ]


@pytest.mark.parametrize("example", PRESETS)
def test_every_button_of_the_first_question_is_taken_as_tapped(
    example: str, tmp_path: Path
) -> None:
    game = open_game(empty_copy(tmp_path, example))
    reply = form.ask(game, [])
    q = reply["question"]
    for choice in q["choices"]:
        after = form.ask(game, [], tapped(q, choice))
        assert "error" not in after, (choice, after)


def test_each_answer_is_listed_under_its_question_as_a_player_reads_it(tmp_path: Path) -> None:
    """Not under the question's key (``double Bob``): the prompt, up to its list of
    answers, in the language in force."""
    from scoresheet import i18n

    game = barbu(tmp_path)
    reply = replay(game, DOUBLED)
    assert reply["labels"] == [
        "Contract",
        "Bob doubles whom",
        "Cat doubles whom",
        "Dan doubles whom",
        "Bob, redouble whom",
        "Dan, redouble whom",
        "Ann, redouble whom",
    ]
    before = i18n.language()
    i18n.set_language("fr")
    try:
        french = replay(game, DOUBLED)["labels"]
    finally:
        i18n.set_language(before)
    assert french[:2] == ["Contrat", "Bob contre qui"]
    assert french[4] == "Bob, surcontrer qui"


@pytest.mark.parametrize(
    ("prompt", "players", "expected"),
    [
        ("Taker (Ann, Bob, Cat, Dan)", [], "Taker"),
        ("Card turned up (e.g. JS)", [], "Card turned up"),
        ("Dan stands or begs: stand, take-one or run", ["Dan"], "Dan stands or begs"),
        ("Who took the K♥?", [], "Who took the K♥"),
        ("谁宣告了 K+Q（belote）？（0 = Ann & Cat）", [], "谁宣告了 K+Q"),
        ("Plis pris (8 en tout) : Ann=2", [], "Plis pris"),
        ("Al, B. (x) doubles whom? (Ann)", ["Al, B. (x)"], "Al, B. (x) doubles whom"),
        ("Ann, Bob", ["Ann, Bob"], "Ann, Bob"),
        ("?", [], "?"),
    ],
)
def test_a_label_stops_where_the_prompt_lists_its_answers(
    prompt: str, players: list[str], expected: str
) -> None:
    assert form.label(prompt, players) == expected
