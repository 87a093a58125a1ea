"""``scoresheet serve NIGHT``: a club night served from its folder, over real HTTP.

A table's link writes its own table's game file and no other; another table's token is
refused; the standings (JSON and live stream) follow a save within a second; the
director closes the round (and the next is drawn) only when the request confirms it,
and once; the links, and a page opened before, still work after a ``kill -9`` and a
restart; the night's secret is the owner's only.
"""

from __future__ import annotations

import http.client
import json
import random
import socket
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scoresheet import registry
from tests.cli_helpers import assert_one_line_error, run
from tests.serve_helpers import (
    LOOPBACK,
    Server,
    page_token,
    post_json,
    request,
    serving,
    start,
)

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def make_night(tmp_path: Path, rounds: int = 3) -> Path:
    roster = tmp_path / "club.txt"
    roster.write_text("\n".join(PLAYERS) + "\n", encoding="utf-8")
    night = tmp_path / "night"
    proc = run(
        "night", "new", night, "--game", "barbu", "--rules", "classic",
        "--players-file", roster, "--rounds", str(rounds), "--seed", "7",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return night


def a_deal(game: Path, seed: int = 1) -> dict[str, Any]:
    """A legal first deal for the game file ``game`` (its own players)."""
    data = json.loads(game.read_text("utf-8"))
    simulate = registry.part(data["game"], "simulate")
    made = simulate.random_game(
        random.Random(seed), data["rules"], players=data["players"], deals=1
    )
    deal: dict[str, Any] = made["deals"][0]
    return deal


def state(url: str) -> dict[str, Any]:
    status, body, _ = request("GET", url + "state")
    assert status == 200, body
    found: dict[str, Any] = json.loads(body)
    return found


def local_link(server: Server, link: str) -> str:
    parts = urlsplit(link)
    return f"http://{LOOPBACK}:{server.port}{parts.path}?{parts.query}"


def _request_query(method: str, url: str) -> tuple[int, dict[str, str]]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(LOOPBACK, parts.port, timeout=10)
    try:
        conn.request(method, f"{parts.path}?{parts.query}")
        response = conn.getresponse()
        response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}
    finally:
        conn.close()


def follow(server: Server, number: int) -> str:
    link = state(server.score)["tables"][number - 1]["link"]
    status, headers = _request_query("GET", local_link(server, link))
    assert status == 307, status
    return f"http://{LOOPBACK}:{server.port}{headers['location']}"


def test_prints_the_director_and_standings_links_and_refuses_other_paths(tmp_path: Path) -> None:
    night = make_night(tmp_path)
    with serving(night) as server:
        assert "/d/" in server.score_url and "/s/" in server.view_url
        for url in (server.score, server.view):
            status, body, headers = request("GET", url)
            assert status == 200
            assert "script-src 'self'" in headers["content-security-policy"]
            assert b"<script>" not in body and b"style=" not in body
        for path in ("/", "/d/nottheone/", "/s/nottheone/state", "/t/1-1?k=x", "/t/1-9/abc/state"):
            assert request("GET", f"http://{LOOPBACK}:{server.port}{path}")[0] == 403, path
        # The standings link is not the director's: it opens no director's page.
        standings_key = urlsplit(server.view).path.split("/")[2]
        assert request("GET", f"http://{LOOPBACK}:{server.port}/d/{standings_key}/")[0] == 403
        assert "link" not in state(server.view)["tables"][0]
    assert (night / "night.secret").stat().st_mode & 0o777 == 0o600


def test_a_table_link_saves_only_its_table(tmp_path: Path) -> None:
    night = make_night(tmp_path)
    one, two = night / "round-01" / "table-01.json", night / "round-01" / "table-02.json"
    before = two.read_bytes()
    with serving(night) as server:
        page = follow(server, 1)
        status, body = post_json(page, "deals/1", a_deal(one))
        assert status == 200, body
        assert body["deals"] == 1
        # The page's sheet follows the save (pushed, not waited for by the answer).
        deadline = time.monotonic() + 1
        while state(page)["deals"] != 1:
            assert time.monotonic() < deadline
            time.sleep(0.02)
    assert len(json.loads(one.read_text("utf-8"))["deals"]) == 1
    assert two.read_bytes() == before


def test_another_tables_token_is_refused(tmp_path: Path) -> None:
    night = make_night(tmp_path)
    two = night / "round-01" / "table-02.json"
    before = two.read_bytes()
    with serving(night) as server:
        page_one = follow(server, 1)
        token_one = urlsplit(page_one).path.split("/")[3]
        base = f"http://{LOOPBACK}:{server.port}"
        assert _request_query("GET", f"{base}/t/1-2?k={token_one}")[0] == 403
        assert request("GET", f"{base}/t/1-2/{token_one}/state")[0] == 403
        assert request("GET", f"{base}/t/2-1/{token_one}/")[0] == 403
        status, _ = post_json(
            f"{base}/t/1-2/{token_one}/",
            "deals/1",
            a_deal(two),
            token=page_token(page_one),
        )
        assert status == 403
        # Table 1's page token does not save at table 2 either, with table 2's own link.
        page_two = follow(server, 2)
        status, _ = post_json(page_two, "deals/1", a_deal(two), token=page_token(page_one))
        assert status == 403
    assert two.read_bytes() == before


def _events(url: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(LOOPBACK, parts.port, timeout=5)
    conn.request("GET", parts.path + "events")
    response = conn.getresponse()
    assert response.status == 200
    return conn, response


def _next_event(response: http.client.HTTPResponse) -> dict[str, Any]:
    data = b""
    while True:
        line = response.fp.readline()
        if line.startswith(b"data: "):
            data = line[6:]
        elif line == b"\n" and data:
            found: dict[str, Any] = json.loads(data)
            return found


def test_the_standings_follow_a_save_within_a_second(tmp_path: Path) -> None:
    night = make_night(tmp_path)
    one = night / "round-01" / "table-01.json"
    with serving(night) as server:
        conn, stream = _events(server.view)
        try:
            first = _next_event(stream)
            assert first["tables"][0]["deals"] == 0
            assert all(line["tables"] == 0 for line in first["standings"])
            page = follow(server, 1)
            sent = time.monotonic()
            status, _ = post_json(page, "deals/1", a_deal(one))
            assert status == 200
            # The first event showing the save, within the second (an event the server
            # sends meanwhile for another reason, the same standings again, is passed).
            pushed = _next_event(stream)
            while pushed["tables"][0]["deals"] == 0 and time.monotonic() - sent < 1.0:
                pushed = _next_event(stream)
            assert time.monotonic() - sent < 1.0
        finally:
            conn.close()
        assert pushed["tables"][0]["deals"] == 1 and not pushed["tables"][0]["complete"]
        seated = set(pushed["tables"][0]["players"])
        for line in pushed["standings"]:
            assert line["tables"] == (1 if line["player"] in seated else 0)
            assert line["unfinished"] == (1 if line["player"] in seated else 0)
        assert state(server.view)["tables"][0]["deals"] == 1


def test_the_director_closes_the_round_once_and_only_when_confirmed(tmp_path: Path) -> None:
    night = make_night(tmp_path)
    night_file = night / "night.scoresheet"
    with serving(night) as server:
        director = server.score
        token = page_token(director)
        status, body = post_json(director, "next", {"round": 1}, token=token)
        assert status == 400 and "confirm" in body["error"]
        status, body = post_json(director, "next", {"round": 1, "confirm": True}, token="x.y")
        assert status == 403
        status, body = post_json(
            director, "next", {"round": 1, "confirm": True}, token=token, Origin="http://evil"
        )
        assert status == 403
        # The standings page cannot close a round.
        status, body = post_json(server.view, "next", {"round": 1, "confirm": True}, token=token)
        assert status in (403, 404, 405)
        assert json.loads(night_file.read_text("utf-8"))["closed"] == []
        status, body = post_json(director, "next", {"round": 1, "confirm": True}, token=token)
        assert status == 200, body
        assert body["round"] == 2
        # Sent again (its answer lost): round 2 is not closed too.
        status, body = post_json(director, "next", {"round": 1, "confirm": True}, token=token)
        assert status == 409
        assert json.loads(night_file.read_text("utf-8"))["closed"] == [1]
        assert (night / "round-02" / "table-01.json").is_file()
        shown = state(director)
        assert shown["round"] == 2
        assert all(t["link"].split("?")[0].endswith(f"/t/2-{t['table']}") for t in shown["tables"])
        assert state(server.view)["round"] == 2
        # Round 2's tables are served; a QR code for each.
        page = follow(server, 1)
        assert state(page)["deals"] == 0
        status, svg, headers = request("GET", director + "qr/2-1.svg")
        assert status == 200 and headers["content-type"].startswith("image/svg+xml")
        assert svg.startswith(b"<svg")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


def test_links_survive_a_kill_and_a_restart(tmp_path: Path) -> None:
    night = make_night(tmp_path)
    one = night / "round-01" / "table-01.json"
    port = _free_port()
    server = start(night, port=port)
    try:
        link = state(server.score)["tables"][0]["link"]
        page = follow(server, 1)
        token = page_token(page)
        assert post_json(page, "deals/1", a_deal(one))[0] == 200
        director, standings = server.score, server.view
    finally:
        server.process.kill()  # kill -9: no goodbye
        server.process.wait()
        server.stop()
    again = start(night, port=port)
    try:
        assert (again.score, again.view) == (director, standings)
        assert state(again.score)["tables"][0]["link"] == link
        status, headers = _request_query("GET", local_link(again, link))
        assert status == 307
        assert f"http://{LOOPBACK}:{port}{headers['location']}" == page
        assert state(page)["deals"] == 1  # the table resumes where it was
        deal = json.loads(one.read_text("utf-8"))
        second = registry.part("barbu", "simulate").random_game(
            random.Random(1), deal["rules"], players=deal["players"], deals=2
        )["deals"][1]
        # The page opened before the restart still saves with its token.
        status, body = post_json(page, "deals/2", second, token=token)
        assert status == 200, body
    finally:
        again.stop()


def test_bad_night_folders_are_refused_in_one_line(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    line = assert_one_line_error(run("serve", empty, "--port", "0"))
    assert "night" in line
    night = make_night(tmp_path)
    secret = night / "night.secret"
    secret.write_text("00" * 32 + "\n", encoding="ascii")
    secret.chmod(0o644)
    line = assert_one_line_error(run("serve", night, "--port", "0"))
    assert "night.secret" in line


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_pages_speak_the_browsers_language(tmp_path: Path, lang: str) -> None:
    night = make_night(tmp_path)
    with serving(night) as server:
        status, body, _ = request("GET", server.view, headers={"Accept-Language": lang})
        assert status == 200
        assert f'lang="{lang}"'.encode() in body


def test_a_broken_table_file_is_said_on_the_standings_until_mended(tmp_path: Path) -> None:
    night = make_night(tmp_path)
    two = night / "round-01" / "table-02.json"
    good = two.read_bytes()
    with serving(night) as server:
        two.write_text("{not json", encoding="utf-8")
        deadline = time.monotonic() + 2
        while "error" not in (shown := state(server.view)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "table-02.json" in shown["error"]
        assert str(tmp_path) not in shown["error"]  # where the night lives is not said
        two.write_bytes(good)
        deadline = time.monotonic() + 2
        while "error" in (shown := state(server.view)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert shown["tables"][1]["deals"] == 0


def test_a_partnership_night_ranks_pairs_and_counts_deals_without_a_total(tmp_path: Path) -> None:
    roster = tmp_path / "pairs.txt"
    roster.write_text("Ann, Cat\nBob, Dan\nEve, Gus\nFay, Hal\n", encoding="utf-8")
    night = tmp_path / "night"
    proc = run(
        "night", "new", night, "--game", "belote", "--players-file", roster,
        "--rounds", "2", "--seed", "7",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    one = night / "round-01" / "table-01.json"
    with serving(night) as server:
        page = follow(server, 1)
        assert post_json(page, "deals/1", a_deal(one))[0] == 200
        deadline = time.monotonic() + 2
        while (shown := state(server.view))["tables"][0]["deals"] < 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert shown["teams"] is True
    assert shown["tables"][0]["total"] is None  # played to a score, not a number of deals
    seated = json.loads(one.read_text("utf-8"))["players"]
    pairs = [line["players"] for line in shown["standings"]]
    assert sorted(name for pair in pairs for name in pair) == sorted(PLAYERS)
    for line in shown["standings"]:
        assert line["tables"] == (1 if line["players"][0] in seated else 0)
