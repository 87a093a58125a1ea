"""`scoresheet serve` over HTTP on 127.0.0.1: the links, who may do what, the JSON seam.

Every server here is the real console script, started on a free loopback port.
"""

from __future__ import annotations

import http.client
import json
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.cli_helpers import ROOT, run
from tests.serve_helpers import Server, page_token, post_json, request, serving

EXAMPLES = ROOT / "examples"


def deals_of(path: Path) -> list[dict[str, Any]]:
    deals: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["deals"]
    return deals


def _half_classic() -> tuple[str, list[dict[str, Any]]]:
    """The classic example with its last 10 deals removed, and those 10 deals."""
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    rest = data["deals"][18:]
    data["deals"] = data["deals"][:18]
    return json.dumps(data), rest


def wait_for_deals(s: Server, count: int) -> dict[str, Any]:
    """The server's sheet once it shows ``count`` deals (it polls the file every 200 ms)."""
    deadline = time.monotonic() + 5
    while True:
        state: dict[str, Any] = json.loads(request("GET", s.view + "state")[1])
        if state.get("deals") == count or time.monotonic() > deadline:
            return state
        time.sleep(0.05)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """One server for the tests below (starting one takes a second or two)."""
    game = tmp_path_factory.mktemp("serve") / "game.json"
    game.write_text(_half_classic()[0], encoding="utf-8")
    with serving(game) as s:
        yield s, game


@pytest.fixture
def half_game(shared: tuple[Server, Path]) -> tuple[Path, list[dict[str, Any]]]:
    """The shared server's game, reset to the first 18 deals of the classic example."""
    s, game = shared
    text, rest = _half_classic()
    game.write_text(text, encoding="utf-8")
    assert wait_for_deals(s, 18)["deals"] == 18
    return game, rest


@pytest.fixture
def server(shared: tuple[Server, Path], half_game: Any) -> Server:
    return shared[0]


def test_links_scoring_first_then_view_only_then_ctrl_c_stops(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "belote.json", game)
    with serving(game) as s:
        assert s.score_url.startswith("http://127.0.0.1:")
        assert s.view_url.startswith("http://127.0.0.1:")
        assert s.score_url != s.view_url
        printed = "".join(s.output)
        assert printed.index(s.score_url) < printed.index(s.view_url)
        assert "Scoring link" in printed.split(s.score_url)[0]
        # A page is watching when Ctrl-C comes: the server still stops, promptly.
        watching = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
        watching.request("GET", urlsplit(s.view).path + "events")
        stream = watching.getresponse()
        assert stream.status == 200
        assert stream.readline().startswith(b"retry:")
        started = time.monotonic()
        code, output = s.stop()
        # Left to itself, uvicorn would wait its 2 s grace for the stream to end.
        assert time.monotonic() - started < 1.9
        watching.close()
    assert code == 0, output
    assert "stopped" in output
    assert "Traceback" not in output
    # The QR code: rows of block characters.
    assert sum("█" in line for line in output.splitlines()) > 10


def test_every_example_game_is_served_with_the_totals_of_score_json(
    shared: tuple[Server, Path],
) -> None:
    """One server, each example copied over its file in turn: the page follows the file."""
    s, game = shared
    for example in sorted(EXAMPLES.glob("*.json")):
        expected = json.loads(run("score", example, "--json").stdout)
        shutil.copy(example, game)
        # Two examples may have as many deals: wait for this one's sheet itself.
        deadline = time.monotonic() + 5
        while True:
            state = json.loads(request("GET", s.view + "state")[1])
            if state.get("score") == expected or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert state["game"] == json.loads(example.read_text(encoding="utf-8"))["game"]
        assert state["score"] == expected, example


def forbidden_everywhere_but_the_links(s: Server) -> None:
    """Every path but the two links' is 403, with a body that tells nothing."""
    base = f"http://127.0.0.1:{s.port}/"
    key = s.score.rsplit("/", 2)[1]
    wrong = ("y" if key[0] == "x" else "x") + key[1:]
    for url in [
        base,
        base + "state",
        base + "events",
        base + "sheet.js",
        base + wrong + "/",
        base + wrong + "/state",
        base + key[:-1] + "/",
        base + key + "x/",
        base + "favicon.ico",
    ]:
        status, body, _ = request("GET", url)
        assert (status, body) == (403, b"forbidden\n"), url
    status, body, _ = request(
        "POST", base + wrong + "/deals/19", "{}", {"Content-Type": "application/json"}
    )
    assert (status, body) == (403, b"forbidden\n")
    assert request("GET", s.score + "state")[0] == 200


def test_a_missing_or_wrong_secret_gets_403_and_learns_nothing(server: Server) -> None:
    forbidden_everywhere_but_the_links(server)


def test_under_lan_a_missing_or_wrong_secret_gets_403(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "rosbiratschka.json", game)
    with serving(game, "--lan") as s:
        forbidden_everywhere_but_the_links(s)


def test_the_page_sends_its_security_headers(server: Server) -> None:
    status, body, headers = request("GET", server.score)
    assert status == 200
    csp = headers["content-security-policy"]
    assert "default-src 'self'" in csp
    assert "'unsafe-inline'" not in csp
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-content-type-options"] == "nosniff"
    # No inline script and nothing fetched from elsewhere: every asset is the server's own.
    assert b"<script>" not in body
    assert b"http" not in body.split(b"<body>")[0].replace(b"http-equiv", b"")
    for asset in ("sheet.js", "sheet.css"):
        status, data, _ = request("GET", server.score + asset)
        assert status == 200 and data
        assert b"http://" not in data and b"https://" not in data


def test_no_path_reaches_the_file_system(server: Server) -> None:
    for rest in [
        "../pyproject.toml",
        "%2e%2e/%2e%2e/pyproject.toml",
        "static/sheet.js",
        "..%2fgame.json",
        "game.json",
        "index.html",
        "/etc/passwd",
    ]:
        status, body, _ = request("GET", server.score + rest)
        assert status in (403, 404), rest
        assert b"Ann" not in body and b"[project]" not in body and b"root:" not in body


def test_the_view_only_link_cannot_change_anything(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    game, rest = half_game
    before = game.read_bytes()
    status, answer = post_json(server.view, "deals/19", rest[0])
    assert status == 403
    assert "view-only" in answer["error"]
    status, answer = post_json(server.view, "undo", {"number": 18, "was": rest[0]})
    assert status == 403
    assert game.read_bytes() == before


def test_a_deal_through_the_json_seam_is_saved_like_add(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    game, rest = half_game
    twin = tmp_path / "twin.json"
    shutil.copy(game, twin)
    status, answer = post_json(server.score, "deals/19", rest[0])
    assert status == 200, answer
    assert answer["deals"] == 19
    assert run("add", twin, "--deal", json.dumps(rest[0])).returncode == 0
    assert deals_of(game) == deals_of(twin)
    assert answer["message"].startswith("deal 19:")


def test_a_refused_deal_gets_the_librarys_one_line_and_saves_nothing(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    game, rest = half_game
    before = game.read_bytes()
    bad = json.loads(json.dumps(rest[0]))
    bad["contract"] = "no-such-contract"
    twin = tmp_path / "twin.json"
    shutil.copy(game, twin)
    cli = run("add", twin, "--deal", json.dumps(bad))
    assert cli.returncode != 0
    status, answer = post_json(server.score, "deals/19", bad)
    assert status == 422
    assert "\n" not in answer["error"]
    assert answer["error"] in cli.stderr
    for payload, expected in [([1, 2], 400), ("text", 400)]:
        assert post_json(server.score, "deals/19", payload)[0] == expected
    status, answer = post_json(server.score, "deals/0", rest[0])
    assert (status, answer["error"]) == (400, "deal 0: deals are numbered from 1")
    for path in ("deals/1%D9%A9", "deals/-1", "deals/19/x", "deal/19"):
        assert post_json(server.score, path, rest[0])[0] == 404, path
    assert game.read_bytes() == before


def test_cross_site_and_oversized_requests_are_refused(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    game, rest = half_game
    before = game.read_bytes()
    token = page_token(server.score)
    deal = json.dumps(rest[0])
    cases: list[tuple[dict[str, str], int]] = [
        ({"Content-Type": "application/json"}, 403),  # no token
        ({"Content-Type": "application/json", "X-Scoresheet-Token": "a.b"}, 403),
        ({"Content-Type": "application/json", "X-Scoresheet-Token": token + "0"}, 403),
        (
            {
                "Content-Type": "application/json",
                "X-Scoresheet-Token": token,
                "Origin": "http://evil.example",
            },
            403,
        ),
        (
            {
                "Content-Type": "application/json",
                "X-Scoresheet-Token": token,
                "Sec-Fetch-Site": "cross-site",
            },
            403,
        ),
        ({"Content-Type": "text/plain", "X-Scoresheet-Token": token}, 415),
    ]
    for headers, expected in cases:
        status, body, _ = request("POST", server.score + "deals/19", deal, headers)
        assert status == expected, headers
        assert "\n" not in json.loads(body)["error"]
    big = json.dumps({**rest[0], "padding": "x" * 70_000})
    headers = {"Content-Type": "application/json", "X-Scoresheet-Token": token}
    status, body, _ = request("POST", server.score + "deals/19", big, headers)
    assert status == 413
    deep = "[" * 60_000 + "]" * 60_000
    status, body, _ = request("POST", server.score + "deals/19", deep, headers)
    assert status in (400, 413)
    assert game.read_bytes() == before
    # The same request from the page itself is accepted.
    status, body, _ = request("POST", server.score + "deals/19", deal, headers)
    assert status == 200, body


def test_two_saves_of_the_same_deal_at_once_keep_exactly_one(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    game, rest = half_game
    token = page_token(server.score)
    # The same deal, not played: nobody doubled, so its total is split (a valid deal too).
    other = {k: v for k, v in rest[0].items() if k not in ("doubles", "redoubles", "result")}
    answers: list[tuple[int, dict[str, Any]]] = []
    barrier = threading.Barrier(2)

    def save(deal: dict[str, Any]) -> None:
        barrier.wait()
        answers.append(post_json(server.score, "deals/19", deal, token=token))

    threads = [threading.Thread(target=save, args=(d,)) for d in (rest[0], other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200, 409], answers
    refused = next(a for s, a in answers if s == 409)
    assert "deal 19 was saved first" in refused["error"]
    assert "enter yours again" in refused["error"]
    assert refused["state"]["deals"] == 19
    saved = deals_of(game)
    assert len(saved) == 19
    assert saved[18] in (rest[0], other)


def test_undo_needs_the_last_deals_number_and_keeps_it_in_the_history(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    game, _ = half_game
    before = game.read_bytes()
    seen = deals_of(game)
    status, answer = post_json(server.score, "undo", {"number": 17, "was": seen[16]})
    assert status == 409 and "no longer the last deal" in answer["error"]
    assert post_json(server.score, "undo", {})[0] == 400
    # Without the deal the page showed, the server cannot tell it is still the same one.
    status, answer = post_json(server.score, "undo", {"number": 18})
    assert status == 400 and '"was"' in answer["error"]
    assert game.read_bytes() == before
    status, answer = post_json(server.score, "undo", {"number": 18, "was": seen[17]})
    assert status == 200, answer
    assert answer["deals"] == 17
    data = json.loads(game.read_text(encoding="utf-8"))
    assert len(data["deals"]) == 17
    assert data["history"][-1]["action"] == "undo"
    assert data["history"][-1]["deal"] == 18


def test_a_bad_game_file_is_refused_before_anything_listens(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text("{not json", encoding="utf-8")
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("scoresheet")), "serve", str(game), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "game.json" in proc.stderr


def test_the_wheel_carries_the_pages_assets(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".venv", ".git", "*cache*", "build"))
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(src)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("scoresheet-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for asset in ("index.html", "sheet.js", "sheet.css"):
        assert f"scoresheet/serve/static/{asset}" in names


def test_a_past_deal_is_corrected_only_from_what_the_page_saw(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    """Deal 3 of the classic example is Ann's no-king: the K♥ taken by someone else is
    another valid deal 3."""
    game, _ = half_game
    before = game.read_bytes()
    state = json.loads(request("GET", server.score + "state")[1])
    was = state["entered"][2]
    assert was == deals_of(game)[2]
    assert was["contract"] == "no-king"
    taker = was["result"]["king_of_hearts"]
    other = next(p for p in ("Ann", "Bob", "Cat", "Dan") if p != taker)
    fixed = {**was, "result": {"king_of_hearts": other}}

    assert post_json(server.view, "deals/3/correct", {"was": was, "deal": fixed})[0] == 403
    stale = {**was, "result": {"king_of_hearts": other}}
    status, answer = post_json(server.score, "deals/3/correct", {"was": stale, "deal": fixed})
    assert status == 409 and "deal 3 was changed meanwhile" in answer["error"]
    bad = {**was, "contract": "no-such-contract"}
    status, answer = post_json(server.score, "deals/3/correct", {"was": was, "deal": bad})
    assert status == 422 and "\n" not in answer["error"]
    assert post_json(server.score, "deals/3/correct", {"deal": [1]})[0] == 400
    assert post_json(server.score, "deals/30/correct", {"was": was, "deal": fixed})[0] == 409
    assert game.read_bytes() == before

    status, answer = post_json(server.score, "deals/3/correct", {"was": was, "deal": fixed})
    assert status == 200, answer
    assert answer["message"].startswith("corrected")
    data = json.loads(game.read_text(encoding="utf-8"))
    assert data["deals"][2] == fixed
    assert data["history"][-1]["action"] == "edit"
    assert data["history"][-1]["before"] == was


def test_the_form_endpoint_walks_the_next_deal_then_the_deal_is_saved(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    from tests.test_serve_form import answer_for

    game, _ = half_game
    before = game.read_bytes()
    token = page_token(server.score)
    status, reply = post_json(server.score, "deals/19/ask", {"answers": []}, token=token)
    assert status == 200, reply
    assert reply["number"] == 19 and reply["question"]["key"] == "contract"
    status, wrong = post_json(
        server.score, "deals/19/ask", {"answers": [], "text": "zzz"}, token=token
    )
    assert status == 200 and wrong["error"].startswith('"zzz" is not a contract')
    while "question" in reply:
        text = answer_for(reply["question"])
        payload = {"answers": reply["answers"], "text": text}
        status, reply = post_json(server.score, "deals/19/ask", payload, token=token)
        assert status == 200 and "error" not in reply, reply
    assert game.read_bytes() == before  # asking saves nothing
    status, saved = post_json(server.score, "deals/19", reply["deal"], token=token)
    assert (status, saved["deals"]) == (200, 19)
    status, late = post_json(server.score, "deals/19/ask", {"answers": []}, token=token)
    assert status == 409 and "deal 19 was saved first" in late["error"]
    assert late["state"]["form"] == {"number": 20}


def test_the_form_endpoint_is_for_the_scoring_link_and_bounded(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    game, _ = half_game
    before = game.read_bytes()
    status, answer = post_json(server.view, "deals/19/ask", {"answers": []})
    assert status == 403 and "view-only" in answer["error"]
    too_many = {"answers": [["contract", "x"]] * 201}
    status, answer = post_json(server.score, "deals/19/ask", too_many)
    assert status == 400 and "at most 200" in answer["error"]
    status, answer = post_json(server.score, "deals/21/ask", {"answers": []})
    assert status == 409 and "the next is deal 19" in answer["error"]
    # No answers at all is not the same as none given yet: refused, not asked afresh.
    status, answer = post_json(server.score, "deals/19/ask", {"text": "no-queens"})
    assert status == 400 and answer["error"].startswith("answers: missing"), answer
    assert game.read_bytes() == before


def test_a_key_given_twice_in_any_request_is_refused_as_add_refuses_it(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    game, rest = half_game
    before = game.read_bytes()
    twin = tmp_path / "twin.json"
    shutil.copy(game, twin)
    assert rest[0]["result"]["ace_of_hearts"] == "Bob"
    # The deal as saved, but the ace of hearts given to Bob, then to Dan.
    deal = json.dumps(rest[0]).replace(
        '"ace_of_hearts": "Bob"', '"ace_of_hearts": "Bob", "ace_of_hearts": "Dan"'
    )
    cli = run("add", twin, "--deal", deal)
    assert cli.returncode != 0
    token = page_token(server.score)
    headers = {"Content-Type": "application/json", "X-Scoresheet-Token": token}
    status, body, _ = request("POST", server.score + "deals/19", deal, headers)
    error = json.loads(body)["error"]
    assert status == 400, error
    why = '"ace_of_hearts" is given twice in result ("Bob", then "Dan"); refused'
    assert why in error and why in cli.stderr
    state = json.loads(request("GET", server.score + "state")[1])
    was = json.dumps(state["entered"][2])
    for path, text in [
        ("undo", '{"number": 18, "number": 17}'),
        ("deals/19/ask", '{"answers": [], "answers": []}'),
        ("deals/3/correct", f'{{"was": {was}, "deal": {was}, "deal": {was}}}'),
        ("deals/3/correct", f'{{"was": {was}, "deal": {deal}}}'),
    ]:
        status, body, _ = request("POST", server.score + path, text, headers)
        assert status == 400, (path, body)
        assert "is given twice" in json.loads(body)["error"], (path, body)
    assert game.read_bytes() == before


def test_deal_numbers_below_1_or_past_any_game_are_refused_with_400(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    game, _ = half_game
    before = game.read_bytes()
    status, answer = post_json(server.score, "deals/0/ask", {"answers": []})
    assert (status, answer["error"]) == (400, "deal 0: deals are numbered from 1")
    for number in (0, -1, 10**30):
        status, answer = post_json(server.score, "undo", {"number": number})
        assert status == 400, answer
        assert f"deal {number}:" in answer["error"]
        assert "Traceback" not in answer["error"]
    for number in (0, 5000):  # a correction too
        status, answer = post_json(server.score, f"deals/{number}/correct", {"was": {}, "deal": {}})
        assert status == 400, answer
        assert answer["error"].startswith(f"deal {number}:")
    assert game.read_bytes() == before
    # A game with no deals yet: no traceback either.
    empty = tmp_path / "empty.json"
    data = json.loads(game.read_text(encoding="utf-8"))
    data["deals"] = []
    data.pop("history", None)
    empty.write_text(json.dumps(data), encoding="utf-8")
    with serving(empty) as s:
        status, answer = post_json(s.score, "deals/0/ask", {"answers": []})
        assert (status, answer["error"]) == (400, "deal 0: deals are numbered from 1")
        status, answer = post_json(s.score, "undo", {"number": 0})
        assert status == 400, answer
        code, output = s.stop()
    assert code == 0 and "Traceback" not in output


def test_a_stale_undo_does_not_remove_a_deal_the_page_never_showed(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    """The page shows deal 18 and asks "Remove deal 18?"; meanwhile the terminal undoes
    deal 18 and adds another deal 18. The page's confirmation removes nothing."""
    game, rest = half_game
    seen = deals_of(game)[17]
    assert run("undo", game, "--yes").returncode == 0
    other = rest[1]  # deal 20 of the example: another valid deal
    assert run("add", game, "--deal", json.dumps(other)).returncode == 0
    assert deals_of(game)[17] != seen
    before = game.read_bytes()
    status, answer = post_json(server.score, "undo", {"number": 18, "was": seen})
    assert status == 409, answer
    assert "deal 18 was changed meanwhile" in answer["error"]
    assert "nothing was removed" in answer["error"]
    assert answer["state"]["entered"][17] == deals_of(game)[17]
    assert game.read_bytes() == before


def test_a_tab_in_a_typed_answer_is_read_as_play_reads_it(
    server: Server, half_game: tuple[Path, list[dict[str, Any]]]
) -> None:
    """A row of counts pasted from a spreadsheet comes with tabs: an answer, read as play
    reads it, not text kept in the game file (where a control character is refused)."""
    del half_game  # the server's game, half played
    status, answer = post_json(server.score, "deals/19/ask", {"answers": [], "text": "x\ty"})
    assert status in (200, 422), answer
    assert "control character" not in json.dumps(answer)
    status, answer = post_json(server.score, "deals/19", {"contract": "x\u001b[2J"})
    assert status == 400 and "the control character \\x1b is refused" in answer["error"]
