"""The phone page in each table's language: the language each request is answered in
(``--lang``, else the page's choice, else ``Accept-Language``, else English), the page's
``<html lang>``, every word of the page and its sheet through the catalogs (none left in
English under the pseudo-language), and the JSON's canonical values the same in every
language.

Every server here is the real console script on a free loopback port.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoresheet import i18n
from scoresheet.i18n.pseudo import CLOSE, OPEN
from scoresheet.serve import words
from tests.cli_helpers import ROOT
from tests.serve_helpers import Server, page_token, post_json, request, serving

EXAMPLES = ROOT / "examples"
# Of each game, an example served half played (its form then asks the next deal).
GAMES = {
    "barbu": "classic.json",
    "belote": "belote.json",
    "coinche": "coinche.json",
    "rosbiratschka": "rosbiratschka.json",
    "caribbean_all_fours": "caribbean-all-fours.json",
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.SOURCE)


def half(name: str, path: Path) -> dict[str, Any]:
    """The example ``name`` with half its deals, written to ``path``."""
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    data["deals"] = data["deals"][: max(1, len(data["deals"]) // 2)]
    path.write_text(json.dumps(data), encoding="utf-8")
    return data


def get(url: str, **headers: str) -> tuple[int, str]:
    status, body, _headers = request("GET", url, headers=headers)
    return status, body.decode("utf-8")


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]*)">', page)
    assert found is not None, page[:200]
    return found.group(1)


PSEUDO_SPAN = re.compile(
    re.escape(OPEN) + r"[^" + re.escape(OPEN + CLOSE) + r"]*" + re.escape(CLOSE)
)
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")


def english_left(text: str, keep: set[str]) -> set[str]:
    """The words of ``text`` that did not go through the catalogs: what is left once the
    pseudo-language's spans (innermost first: a message may hold another), card codes,
    numbers and the words in ``keep`` (players, the file's name, the rules preset) are
    taken out."""
    while True:
        shorter = PSEUDO_SPAN.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    text = CARD.sub(" ", text)
    for word in sorted(keep, key=len, reverse=True):
        text = text.replace(word, " ")
    # Codes in capitals are initials (the doubles written on the sheet, a team's tag).
    return {w for w in re.findall(r"[A-Za-z]{2,}", text) if not w.isupper()}


def texts(value: Any) -> Iterator[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from texts(v)


def shown(state: dict[str, Any]) -> list[str]:
    """What the page shows of a sheet (not its canonical data: the ``score --json``
    object, the deals as the file holds them, the rows' kinds)."""
    out = [state.get("error", "")]
    for key in ("title", "progress", "teams", "columns", "short_columns", "legend"):
        out += texts(state.get(key))
    for key in ("standings_note", "next", "violations"):
        out += texts(state.get(key))
    out += texts([r["cells"] for r in state.get("rows", [])])
    out += texts([p["name"] for p in state.get("standings", [])])
    out += texts(state.get("sections"))
    return out


def form_shown(reply: dict[str, Any]) -> list[str]:
    """What the page shows of the form's reply (not the answers it sends back, the
    question's key, nor the deal to save)."""
    question = dict(reply.get("question") or {})
    for key in ("key", "send", "players"):
        question.pop(key, None)
    shown = {k: v for k, v in reply.items() if k not in ("answers", "deal", "question")}
    return [*texts(shown), *texts(question)]


def page_text(page: str) -> str:
    """The words of the page a player reads: its text and the script's words (the JSON
    block), without markup, the page's role and token, or the languages' own names."""
    script = page_words(page)
    script.pop("languages")
    body = re.sub(r"<script.*?</script>|<meta[^>]*>", " ", page, flags=re.S)
    body = re.sub(r"<code>.*?</code>", " ", body)  # the command line, typed as it is
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', body))
    body = html.unescape(re.sub(r"<[^>]*>", " ", body))
    return " ".join([body, labels, *texts(script)])


# --- which language a request is answered in -------------------------------------------


@pytest.fixture(scope="module")
def barbu(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    game = tmp_path_factory.mktemp("lang") / "game.json"
    half("classic.json", game)
    with serving(game) as s:
        yield s


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("ja-JP,ja;q=0.9", "ja"),
        ("de", "de"),
        ("zh-CN,zh;q=0.9", "zh"),
        ("zh-Hans", "zh"),
        ("en-US,en;q=0.9", "en"),
        ("pt-BR,pt;q=0.9", "en"),  # a language there is no catalog of: English
        ("en;q=0.5, ja;q=0.8", "ja"),  # by q-value, not by place
        ("", "en"),
    ],
)
def test_the_page_speaks_the_browsers_language(barbu: Server, accept: str, expected: str) -> None:
    for url in (barbu.score, barbu.view):
        status, page = get(url, **({"Accept-Language": accept} if accept else {}))
        assert status == 200
        assert html_lang(page) == expected


def test_the_sheet_and_the_refusals_speak_the_browsers_language(barbu: Server) -> None:
    """The sheet a page is sent and the refusals it gets are in its language; the JSON's
    canonical values (the score, the deals as entered) are the same in every one."""
    states = {}
    for code in ("en", "fr", "ja"):
        status, body = get(barbu.view + "state", **{"Accept-Language": code})
        assert status == 200
        states[code] = json.loads(body)
    assert states["en"]["score"] == states["fr"]["score"] == states["ja"]["score"]
    assert states["en"]["entered"] == states["ja"]["entered"]
    i18n.set_language("fr")
    french = i18n._("deal {number}: deals are numbered from 1").format(number=0)
    i18n.set_language("en")
    status, answer = post_json(barbu.score, "deals/0", {}, **{"Accept-Language": "fr-FR"})
    assert status == 400
    assert answer["error"] == french


def test_the_pages_choice_wins_over_the_browsers(barbu: Server) -> None:
    """The language chosen on the page (its cookie) is every request's, the sheet's too."""
    cookie = f"{words.COOKIE}=de"
    page = get(barbu.score, **{"Accept-Language": "fr-FR", "Cookie": cookie})[1]
    assert html_lang(page) == "de"
    page = get(barbu.score, **{"Accept-Language": "fr-FR", "Cookie": f"{words.COOKIE}=xx"})[1]
    assert html_lang(page) == "fr"  # a choice there is no catalog of is no choice


def test_lang_given_to_serve_is_every_pages_language(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    half("classic.json", game)
    with serving(game, "--lang", "de") as s:
        for accept in ("fr-FR", "ja-JP", "en"):
            page = get(s.score, **{"Accept-Language": accept})[1]
            assert html_lang(page) == "de"
            assert page_words(page)["fixed"] is True
        page = get(s.score, **{"Cookie": f"{words.COOKIE}=ja"})[1]
        assert html_lang(page) == "de"


def page_words(page: str) -> dict[str, Any]:
    """The script's words the page carries (its ``scoresheet-words`` meta element)."""
    found = re.search(r'<meta name="scoresheet-words" content="([^"]*)">', page)
    assert found is not None
    words: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return words


# --- nothing left in English -----------------------------------------------------------


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_under_the_pseudo_language_no_english_is_left(game_name: str, tmp_path: Path) -> None:
    """Served with ``--lang qps``: the page, the sheet of every game, the form's questions,
    a refusal and a saved deal's message: every word a player reads went through the
    catalogs. The test names each word that did not."""
    game = tmp_path / "game.json"
    data = half(GAMES[game_name], game)
    keep = {*data["players"], game.name, data["rules"]}
    with serving(game, "--lang", "qps") as s:
        found: dict[str, set[str]] = {}

        def check(where: str, *text: str) -> None:
            left = english_left(" ".join(text), keep)
            if left:
                found[where] = left

        page = get(s.score)[1]
        assert html_lang(page) == "qps"
        check("page", page_text(page))
        state = json.loads(get(s.view + "state")[1])
        check("sheet", *shown(state))
        # The form: its first question, then each answer tapped, to the deal to save.
        token = page_token(s.score)
        number = state["deals"] + 1
        status, reply = post_json(s.score, f"deals/{number}/ask", {"answers": []}, token=token)
        assert status == 200, reply
        for _step in range(40):
            check(f"form {reply.get('labels')}", *form_shown(reply))
            question = reply.get("question")
            if question is None:
                break
            answer = question["send"][0] if question["send"] else _typed(question)
            status, reply = post_json(
                s.score,
                f"deals/{number}/ask",
                {"answers": reply["answers"], "text": answer},
                token=token,
            )
            assert status == 200, reply
        status, refused = post_json(s.score, "deals/0", {}, token=token)
        check("refusal", refused["error"])
    assert found == {}, f"English on the {game_name} page under --lang qps: {found}"


def _typed(question: dict[str, Any]) -> str:
    """An answer to a question without buttons: zeros for counts, else nothing."""
    if question["counts"]:
        return str(question["separator"]).join("0" for _ in question["counts"])
    return ""


def test_the_english_page_is_found_english(barbu: Server) -> None:
    """The check above can fail: on the English page it finds the English words."""
    page = get(barbu.score)[1]
    left = english_left(page_text(page), set())
    assert {"Standings", "Undo", "deal"} <= left
    state = json.loads(get(barbu.view + "state")[1])
    assert {"contract", "declares"} <= english_left(" ".join(shown(state)), set())


def test_accept_language_is_read_by_its_q_values() -> None:
    assert words.from_header("fr;q=0.2, de;q=0.9, ja;q=0.5") == "de"
    assert words.from_header("*, en;q=0.1") == "en"
    assert words.from_header("zh-Hant-TW, zh-Hans-CN;q=0.5") == "zh"
    assert words.from_header("de;q=abc, ja") == "ja"
    assert words.from_header("x" * 5000) is None
