"""A `play` that forgives: ``back`` re-asks the previous question (as far as the contract),
``?`` explains the current one in the rules' words, a wrong count re-asks only what was
wrong, the declarer is asked one clear redouble question, and a question with only one
possible answer is not asked. Driven through the console script with answers on stdin.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scoresheet import record
from scoresheet.games.barbu.play import DealPlan
from scoresheet.games.barbu.score import score_game
from scoresheet.questions import Form
from scoresheet.session import add_deal, new_game, open_game
from tests.cli_helpers import run

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def start(tmp_path: Path, rules: str = "classic", players: list[str] = PLAYERS) -> Path:
    path = tmp_path / "g.json"
    new_game(path, players, rules=rules)
    return path


def play(path: Path, *answers: str) -> str:
    proc = run("play", path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stdout


def saved(path: Path) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))["deals"]
    return deals


def test_back_walks_back_to_the_contract_and_changes_it(tmp_path: Path) -> None:
    path = start(tmp_path)
    out = play(
        path,
        "queens", "a", "a",  # Bob and Cat double Ann; at Dan's turn, go back:
        "back", "back", "back",  # to Cat's double, Bob's double, the contract
        "back",  # nothing before the contract
        "king", "", "", "", "d", "quit",
    )  # fmt: skip
    assert "this is the first question of the deal" in out
    asked = [line.split(":")[0] for line in out.splitlines() if line.endswith(("back", "king"))]
    assert asked == [
        "Dan doubles whom? (Ann, Bob, Cat, maximum, family, none)",
        "Cat doubles whom? (Ann, Bob, Dan, maximum, family, none)",
        "Bob doubles whom? (Ann, Cat, Dan, maximum, family, none)",
        "Contract",
        "Contract",
    ]
    (deal,) = saved(path)
    assert deal["contract"] == "no-king"
    assert not deal.get("doubles")  # the doubles were taken back: nobody doubled,
    assert not deal.get("result")  # so the deal is split and has no result


def test_back_from_the_result_to_the_doubles(tmp_path: Path) -> None:
    path = start(tmp_path)
    play(
        path, "queens", "a", "", "", "", "back", "back", "back", "d", "", "", "", "2,1,1,0", "quit"
    )
    (deal,) = saved(path)
    # back from the queens: Ann's redouble, Dan's double, Cat's double; Cat now doubles Dan
    assert deal["doubles"] == [{"by": "Bob", "double": ["Ann"]}, {"by": "Cat", "double": ["Dan"]}]
    assert deal["result"] == {"queens": {"Ann": 2, "Bob": 1, "Cat": 1, "Dan": 0}}


def test_question_mark_explains_in_the_rules_words(tmp_path: Path) -> None:
    path = start(tmp_path)
    out = play(path, "?", "queens", "?", "quit")
    contract_help = out.split("Contract: ?")[1].replace("\n  ", " ")
    assert "each declarer plays every contract once" in contract_help
    double_help = out.split("doubles whom? (Ann, Cat, Dan, maximum, family, none): ?")[1]
    for words in (
        "maximum (also max, x, table): double every other player",
        "it also redoubles every double received",
        "family (also flanks): double the two other non-declarers",
        "Possible answers: Ann, Cat, Dan, maximum, family, none.",
    ):
        assert words in double_help.replace("\n  ", " ")
    assert saved(path) == []


def test_one_wrong_ravage_city_count_re_asks_only_that_player(tmp_path: Path) -> None:
    path = start(tmp_path, "ravage-city")
    out = play(
        path,
        "ravage", "a", "", "", "",  # Bob doubles Ann; Ann does not redouble
        "cards", "3/3/3/3", "4/3/3/2",
        "4/4/4/8",  # clubs: 3 + 2 + 8 = 13 leaves Dan none: fine so far
        "quit",
    )  # fmt: skip
    assert saved(path)[0]["result"]["cards"]["Dan"] == {
        "spades": 2, "hearts": 3, "diamonds": 3, "clubs": 0,
    }  # fmt: skip
    assert "Dan's cards taken: 2/3/3/0 (the rest)" in out
    assert "Dan's cards taken, ♠/♥/♦/♣" not in out  # the rest is not asked


def test_a_wrong_count_keeps_the_other_players_answers(tmp_path: Path) -> None:
    path = start(tmp_path, "ravage-city")
    out = play(
        path,
        "ravage", "a", "", "", "", "cards", "3/3/3/3",
        "8/3/3/11",  # clubs: 3 + 11 = 14, a deal has 13 (and 25 cards): refused
        "8/3/3/2",  # Bob again, and only Bob
        "1/4/4/7",
        "quit",
    )  # fmt: skip
    refused = out.split("✗ ")[1]
    assert refused.startswith("Bob took 25 cards, not a whole number of tricks")
    after = out.split("✗ ")[1].split("\n", 1)[1]
    assert after.startswith("Bob's cards taken")
    assert "Ann's cards taken" not in after
    cards = saved(path)[0]["result"]["cards"]
    assert cards["Ann"] == {"spades": 3, "hearts": 3, "diamonds": 3, "clubs": 3}
    assert cards["Bob"] == {"spades": 8, "hearts": 3, "diamonds": 3, "clubs": 2}


def test_salad_a_wrong_count_re_asks_that_count_only(tmp_path: Path) -> None:
    path = start(tmp_path, "salad")
    out = play(
        path,
        "salad", "a", "", "", "",
        "3 3 3 4",  # tricks
        "d",  # last trick
        "5 5 5 5",  # hearts: 20, refused
        "4 3 3 3",
        "1 1 1 1",  # queens
        "b",  # K♥
        "quit",
    )  # fmt: skip
    assert "✗ hearts add up to 20, a deal has 13" in out
    after = out.split("✗ hearts add up to 20, a deal has 13\n")[1]
    assert after.startswith("Hearts taken")
    assert "Tricks taken" not in after and "last trick" not in after
    result = saved(path)[0]["result"]
    assert result["tricks"] == {"Ann": 3, "Bob": 3, "Cat": 3, "Dan": 4}
    assert result["last"] == "Dan"


def test_the_declarer_is_asked_one_clear_redouble_question(tmp_path: Path) -> None:
    path = start(tmp_path)
    out = play(path, "queens", "a", "a", "", "?", "all", "2,1,1,0", "quit")
    assert "Ann, redouble whom? Bob, Cat — or all, or none" in out
    assert "Ann doubles whom?" not in out and "declarer, may only" not in out
    assert "redouble the players who doubled them" in out.split("or all, or none: ?")[1]
    (deal,) = saved(path)
    assert deal["doubles"][-1] == {"by": "Ann", "redouble": "all"}
    result = score_game(record.load(path))
    # No Queens: Ann -12, Bob -6, Cat -6; both redoubled bets move 2 × 6 from Ann.
    assert result.deals[0].score == {"Ann": -36, "Bob": 6, "Cat": 6, "Dan": 0}


def test_a_positive_contract_does_not_ask_the_declarer_to_double(tmp_path: Path) -> None:
    path = start(tmp_path)
    out = play(path, "trumps", "", "", "", "", "5 3 2 3", "quit")
    assert "Ann doubles whom?" not in out
    assert "(none):" not in out  # no question whose only answer is none


def test_the_last_contract_left_is_not_asked(tmp_path: Path) -> None:
    path = start(tmp_path)
    for contract in ("no-tricks", "no-hearts", "no-queens", "no-king", "no-last-two", "trumps"):
        game = open_game(path)
        deal: dict[str, Any] = {"contract": contract}
        if contract == "trumps":
            deal["result"] = {"tricks": {"Ann": 13}}
        add_deal(game, deal)
    out = play(path, "", "", "", "c a d", "", "quit")
    assert "Contract: dominoes (the only one Ann has left)" in out
    assert out.split("Deal 8")[0].count("Contract:") == 1  # said, not asked
    assert saved(path)[-1]["contract"] == "dominoes"


def test_back_and_question_mark_a_player_could_be_meant_by_are_refused(tmp_path: Path) -> None:
    path = start(tmp_path, players=["Ann", "Backus", "Cat", "Dan"])
    out = play(
        path,
        "queens", "back",  # refused: Backus could be meant
        "Ann", "Backus", "",  # Backus doubles Ann, Cat doubles Backus, Dan does not
        ":back", "",  # back to Dan's turn, and the same answer
        "", "",  # nobody redoubles
        "2,1,1,0", "quit",
    )  # fmt: skip
    assert '"back" could be the player Backus or back' in out
    (deal,) = saved(path)
    assert deal["doubles"] == [
        {"by": "Backus", "double": ["Ann"]},
        {"by": "Cat", "double": ["Backus"]},
    ]
    assert deal["result"] == {"queens": {"Ann": 2, "Backus": 1, "Cat": 1, "Dan": 0}}


def test_the_form_is_plain_data_a_web_form_can_walk() -> None:
    """The same questions, answered without a terminal."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.json"
        new_game(path, PLAYERS)
        result = score_game(open_game(path).record)  # a Barbu game: Barbu's own result
    plan = DealPlan(result, "Ann", "Ann", frozenset())
    form: Form = plan.form()
    seen = []
    for typed in ("queens", "ann", "", "", "", "2,1,1,0"):
        q = form.current()
        assert q is not None
        seen.append((q.key, q.choices[:3]))
        form.answer(typed)
    assert form.current() is None
    assert seen[:2] == [
        ("contract", ("no-tricks", "no-hearts", "no-queens")),
        ("double Bob", ("Ann", "Cat", "Dan")),
    ]
    assert plan.deal(form.answers) == {
        "contract": "no-queens",
        "declarer": "Ann",
        "doubles": [{"by": "Bob", "double": ["Ann"]}],
        "result": {"queens": {"Ann": 2, "Bob": 1, "Cat": 1, "Dan": 0}},
    }


def test_rosbiratschka_back_and_question_mark(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    new_game(path, PLAYERS, rules="rosbiratschka", game="rosbiratschka")
    for contract, result in (
        ("no-tricks", {"tricks": {"Ann": 8}}),
        ("no-hearts", {"hearts": {"Bob": 8}}),
        ("no-jacks", {"jacks": {"Cat": 4}}),
        ("king-of-hearts", {"king_of_hearts": "Dan"}),
    ):
        add_deal(open_game(path), {"contract": contract, "result": result})
    out = play(path, "a", "?", "back", "b", "c", "d", "quit")
    assert "hundred: report who took the total past 25, 50 and 100" in out
    assert "Who took the running total past 50 (to 51 or more)?: ?" in out
    assert "past 25 (to 26 or more)?: b" in out  # back re-asked the first question
    assert saved(path)[-1]["result"] == {"past_25": "Bob", "past_50": "Cat", "past_100": "Dan"}


def test_belote_back_and_question_mark(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    new_game(path, PLAYERS, rules="belote", game="belote")
    out = play(path, "h", "b", "62", "back", "?", "70 82", "BD", "?", "", "quit")
    assert "or cards to type the cards a team captured instead" in out.replace("\n  ", " ")
    assert "Belote-rebelote: K and Q of trumps in one hand" in out.replace("\n  ", " ")
    (deal,) = saved(path)
    assert deal["taker"] == "Bob"
    assert deal["result"] == {"points": [70, 82], "last_trick": 1}


def test_family_flanks_and_maximum_are_explained_in_help_and_readme() -> None:
    help_text = " ".join(run("play", "--help").stdout.replace("│", " ").split())
    assert "family (flanks) — double the two other non-declarers" in help_text
    assert "maximum (max, x, table) — double every other player" in help_text
    assert "redouble every double received" in help_text
    readme = (Path(__file__).resolve().parents[1] / "docs" / "table.md").read_text("utf-8")
    assert "| `family` (`flanks`) | double the two other non-declarers" in readme
    assert "it also redoubles every double they received" in readme


def test_caribbean_all_fours_back_and_question_mark(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    new_game(path, PLAYERS, rules="caribbean-all-fours", game="caribbean-all-fours")
    out = play(
        path, "5S", "stand", "?", "back", "run", "7S", "KD", "a", "b", "none", "40 30", "quit"
    )
    assert "Who was dealt the highest trump in play (High)" in out  # ? at High
    assert "a spade again: the pack is run again" in out  # back, then run instead of stand
    deal = saved(path)[0]
    assert deal["turn_ups"] == ["5S", "7S", "KD"] and deal["beg"] == "run"
    assert deal["result"] == {"high": "Ann", "low": "Bob", "jack": None, "game_points": [40, 30]}


def test_piped_answers_are_echoed_without_their_control_characters(tmp_path: Path) -> None:
    path = start(tmp_path)
    out = play(path, "\x1b[2Jqueens", "quit")
    assert "\x1b" not in out
    assert "Contract: \\x1b[2Jqueens" in out
    assert '✗ "\\x1b[2Jqueens" is not a contract Ann has left' in out


def test_chinese_poker_a_card_in_two_hands_re_asks_that_hand_only(tmp_path: Path) -> None:
    path = start(tmp_path, "chinese-poker")
    hands = {
        "Ann": "2S 3S 4H | 5S 6S 7S 8S 9S | TS JS QS KS AS",
        "Bob": "2H 3H 5D | 5H 6H 7H 8H 9H | TH JH QH KH AH",
        "Cat": "2D 3D 4S | 4D 6D 7D 8D 9D | TD JD QD KD AD",
        "Dan": "2C 3C 4C | 5C 6C 7C 8C 9C | TC JC QC KC AC",
    }
    wrong = hands["Bob"].replace("2H", "2S")  # the 2♠ is Ann's
    out = play(
        path, "chinese", "", "", "", "hands",
        hands["Ann"], wrong, hands["Bob"], hands["Cat"], hands["Dan"], "quit",
    )  # fmt: skip
    assert "✗ 2S: already in Ann's hand" in out
    after = out.split("✗ 2S: already in Ann's hand\n")[1]
    assert after.startswith("Bob's hand") and "Ann's hand" not in after
    assert saved(path)[0]["result"]["hands"]["Bob"]["front"] == "2H 3H 5D"
