"""No deal lost when the network is not there, none saved twice.

A seeded run of the real server (the console script, in a subprocess) against several
simulated phones, each a plain HTTP client doing what the page's script does: every save
has an id of its own and is sent again, with the same id, until the server answers; a
deal refused because another phone took its number is entered again as the next deal
(a new save). Meanwhile answers are dropped (the request arrives, its answer does not),
saves are repeated after they were answered, phones go offline and come back with deals
kept, several phones save at the same moment, and the server is killed (SIGKILL), at
times in the middle of a save, and started again — phones then open its new link. In
the end every deal a phone sent is in the file exactly once, in the order the phone sent
them. Then once in chromium: a page offline keeps its deal and sends it once back online.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.serve_helpers import LOOPBACK, Server, page_token, start

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
# Belote played to its highest target: no run comes near the end of the game, and any
# taker may take any deal, so a phone's deal fits whatever number it ends up under.
GAME = {
    "format": "scoresheet-game",
    "version": 1,
    "game": "belote",
    "rules": "belote",
    "options": {"target": 10000},
    "players": PLAYERS,
    "deals": [],
}
ALREADY = "this save had already arrived; nothing more was saved"


def deal_of(phone: int, k: int) -> dict[str, Any]:
    """Phone ``phone``'s ``k``th deal (from 0): its taker says whose, its points which."""
    return {
        "taker": PLAYERS[phone],
        "contract": "spades",
        "result": {"points": [1 + k, 151 - k], "last_trick": k % 2},
    }


@dataclass
class Save:
    deal: dict[str, Any]
    id: str
    number: int


@dataclass
class Phone:
    index: int
    url: str
    token: str
    known: int = 0  # the deals the phone last heard the game has
    made: int = 0  # deals entered so far
    outbox: list[Save] = field(default_factory=list)
    offline_until: int = -1


@dataclass
class Run:
    rng: random.Random
    game: Path
    server: Server
    step: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def new_id(self) -> str:
        return f"{self.rng.getrandbits(128):032x}"

    def kill(self) -> None:
        """SIGKILL: no shutdown, whatever it was doing."""
        self.server.process.kill()
        self.server.process.wait()
        if self.server.process.stdout is not None:
            self.server.process.stdout.close()
        self.count("killed")

    def restart(self) -> None:
        self.server = start(self.game)


def begin(phone: Phone, save: Save) -> http.client.HTTPConnection | None:
    """Send ``save``'s request; the connection to read its answer from, or ``None``
    when it could not be sent (the server is not there)."""
    parts = urlsplit(phone.url)
    conn = http.client.HTTPConnection(LOOPBACK, parts.port, timeout=10)
    try:
        conn.request(
            "POST",
            f"{parts.path}deals/{save.number}",
            body=json.dumps(save.deal),
            headers={
                "Content-Type": "application/json",
                "X-Scoresheet-Token": phone.token,
                "X-Scoresheet-Save": save.id,
            },
        )
    except OSError:
        conn.close()
        return None
    return conn


def finish(conn: http.client.HTTPConnection | None) -> tuple[int, dict[str, Any]] | None:
    """The answer on ``conn``, or ``None`` when none came."""
    if conn is None:
        return None
    try:
        response = conn.getresponse()
        body = response.read()
        return response.status, json.loads(body) if body.startswith(b"{") else {}
    except (OSError, http.client.HTTPException):
        return None
    finally:
        conn.close()


def reopen(run: Run, phone: Phone) -> None:
    """The phone opens the scoring link the laptop shows now (after a restart, a new one)."""
    if phone.url != run.server.score:
        phone.url = run.server.score
        phone.token = page_token(phone.url)
        run.count("reopened")


def answered(run: Run, phone: Phone, save: Save, answer: tuple[int, dict[str, Any]]) -> None:
    """What the page does with the server's answer to the phone's first save waiting."""
    status, body = answer
    if status == 403:  # a restarted server on the same port: another link
        reopen(run, phone)
        return
    phone.outbox.remove(save)
    if status == 200:
        phone.known = body["deals"]
        said = body["message"].split(":")[0]  # "deal N", the number it was saved under
        if body["message"] == f"{said}: {ALREADY}":
            run.count("already")
        if run.rng.random() < 0.15:  # the same save again, answered already
            again = finish(begin(phone, save))
            assert again is not None and again[0] == 200, again
            assert again[1]["message"] == f"{said}: {ALREADY}", again
            run.count("repeated")
        return
    assert status == 409, answer
    # Another phone took the number: the player enters the deal again as the next one.
    assert body["error"].startswith(f"deal {save.number}"), body
    phone.known = body["state"]["deals"]
    phone.outbox.insert(0, Save(save.deal, run.new_id(), phone.known + 1))
    run.count("conflict")


def flush(run: Run, phones: list[Phone], *, drop: bool = False, kill: bool = False) -> None:
    """Each phone sends its first save waiting, all at once; the answers are then read
    (or dropped: the server got the request, the phone never gets the answer; or the
    server is killed before they are read)."""
    sending = [(p, p.outbox[0]) for p in phones if p.outbox]
    conns = [begin(p, s) for p, s in sending]
    if kill:
        time.sleep(run.rng.random() * 0.05)
        run.kill()
        for conn in conns:
            if conn is not None:
                conn.close()
        run.restart()
        return
    if drop:
        time.sleep(0.05 + run.rng.random() * 0.05)
        for conn in conns:
            if conn is not None:
                conn.close()
        run.count("dropped")
        return
    for (phone, save), conn in zip(sending, conns, strict=True):
        answer = finish(conn)
        if answer is None:
            reopen(run, phone)  # the server was not there: perhaps a new link
            continue
        answered(run, phone, save, answer)


def chaos(tmp_path: Path, seed: int, phones_n: int, per_phone: int) -> dict[str, int]:
    rng = random.Random(seed)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME), encoding="utf-8")
    run = Run(rng, game, start(game))
    try:
        url = run.server.score
        phones = [Phone(i, url, page_token(url)) for i in range(phones_n)]
        while any(p.made < per_phone or p.outbox for p in phones) and run.step < 2000:
            run.step += 1
            online = [p for p in phones if p.offline_until < run.step]
            for p in phones:
                # The player enters the next deal (offline, with one kept at most).
                limit = 1 if p in online else 2
                if p.made < per_phone and len(p.outbox) < limit and rng.random() < 0.5:
                    number = p.known + 1 + len(p.outbox)
                    p.outbox.append(Save(deal_of(p.index, p.made), run.new_id(), number))
                    p.made += 1
            roll = rng.random()
            if roll < 0.04 and run.counts.get("killed", 0) < 3:
                # Killed in the middle of the saves of one or two phones, or of none.
                flush(run, rng.sample(online, k=min(rng.randint(0, 2), len(online))), kill=True)
            elif roll < 0.10:
                phone = rng.choice(phones)
                phone.offline_until = run.step + rng.randint(3, 12)
                run.count("offline")
            elif roll < 0.25:
                flush(run, [p for p in online if rng.random() < 0.5], drop=True)
            else:
                flush(run, [p for p in online if rng.random() < 0.7])
        assert run.step < 2000, "the phones did not get their deals saved"
    finally:
        run.server.stop()

    deals = json.loads(game.read_text(encoding="utf-8"))["deals"]
    assert len(deals) == phones_n * per_phone, "a deal was lost or saved twice"
    for p in phones:
        mine = [d for d in deals if d["taker"] == PLAYERS[p.index]]
        # Exactly once each, in the order the phone entered them.
        assert mine == [deal_of(p.index, k) for k in range(per_phone)], p.index
    return run.counts


@pytest.mark.parametrize("seed", [27, 2718])
def test_chaos_no_deal_lost_none_saved_twice(tmp_path: Path, seed: int) -> None:
    counts = chaos(tmp_path, seed, phones_n=4, per_phone=10)
    # The run met what it was meant to: each kind of trouble happened.
    for kind in ("killed", "dropped", "already", "offline", "conflict", "repeated"):
        assert counts.get(kind, 0) > 0, (kind, counts)


# --- in chromium --------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and os.environ.get("CI") != "true", reason="chromium is not installed"
)


@needs_chromium
def test_a_page_offline_keeps_the_deal_and_sends_it_once_back_online(tmp_path: Path) -> None:
    from playwright.sync_api import ViewportSize, expect

    from tests.browser_helpers import launched

    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME), encoding="utf-8")
    s = start(game)
    try:
        for browser in launched():
            context = browser.new_context(
                viewport=ViewportSize(width=390, height=844), is_mobile=True
            )
            page = context.new_page()
            page.goto(s.score)
            expect(page.locator("#live")).to_have_text("live")
            context.set_offline(True)
            page.locator("#entry summary").click()
            page.locator("#deal").fill(json.dumps(deal_of(1, 0)))
            page.locator("#save").click()
            expect(page.locator("#message")).to_have_text(
                "saved on this phone: deal 1 will be sent when the laptop is back"
            )
            expect(page.locator("#pending")).to_have_text(
                "kept on this phone, not sent yet: deal 1"
            )
            # Tapped again while offline: still one save waiting, not two.
            page.locator("#save").click()
            expect(page.locator("#pending")).to_have_text(
                "kept on this phone, not sent yet: deal 1"
            )
            assert json.loads(game.read_text(encoding="utf-8"))["deals"] == []
            context.set_offline(False)
            expect(page.locator("#pending")).to_be_hidden(timeout=15000)
            expect(page.locator("#message")).to_have_text(re.compile(r"^deal 1: Bob"))
            expect(page.locator("#deal")).to_have_value("")
            assert json.loads(game.read_text(encoding="utf-8"))["deals"] == [deal_of(1, 0)]
            # Kept in the browser's storage: a page closed offline, the deal not sent, is
            # sent by the page opened again (the same link) once the server is reached.
            context.set_offline(True)
            page.locator("#deal").fill(json.dumps(deal_of(2, 0)))
            page.locator("#save").click()
            expect(page.locator("#pending")).to_have_text(
                "kept on this phone, not sent yet: deal 2"
            )
            page.close()
            context.set_offline(False)
            again = context.new_page()
            again.goto(s.score)
            expect(again.locator("#pending")).to_be_hidden(timeout=15000)
            expect(again.locator("#sheet tbody tr[data-deal='2']")).to_have_count(1)
            context.close()
        data = json.loads(game.read_text(encoding="utf-8"))
        assert data["deals"] == [deal_of(1, 0), deal_of(2, 0)]
        assert [e["deal"] for e in data["saves"]] == [1, 2]
    finally:
        s.stop()


@needs_chromium
def test_a_kept_deal_whose_number_was_taken_is_named_and_kept_typed(tmp_path: Path) -> None:
    """Phone A saves deal 1 offline; phone B saves its own deal 1 meanwhile. Back online,
    A is refused (409), told which deal took the number, and finds its deal in the JSON
    box, to send again as deal 2; nothing is saved twice."""
    from playwright.sync_api import ViewportSize, expect

    from tests.browser_helpers import launched

    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME), encoding="utf-8")
    s = start(game)
    try:
        for browser in launched():
            pages = []
            for _ in range(2):
                context = browser.new_context(viewport=ViewportSize(width=390, height=844))
                page = context.new_page()
                page.goto(s.score)
                expect(page.locator("#live")).to_have_text("live")
                page.locator("#entry summary").click()
                pages.append(page)
            a, b = pages
            a.context.set_offline(True)
            a.locator("#deal").fill(json.dumps(deal_of(0, 0)))
            a.locator("#save").click()
            expect(a.locator("#pending")).to_have_text("kept on this phone, not sent yet: deal 1")
            b.locator("#deal").fill(json.dumps(deal_of(1, 0)))
            b.locator("#save").click()
            expect(b.locator("#message")).to_have_text(re.compile(r"^deal 1: Bob"))
            a.context.set_offline(False)
            expect(a.locator("#pending")).to_be_hidden(timeout=15000)
            expect(a.locator("#message")).to_have_text(
                re.compile(r"^deal 1 was saved first from another phone or the terminal")
            )
            assert json.loads(a.locator("#deal").input_value()) == deal_of(0, 0)
            expect(a.locator("#entry-number")).to_have_text("deal 2")
            a.locator("#save").click()
            expect(a.locator("#message")).to_have_text(re.compile(r"^deal 2: Ann"))
        data = json.loads(game.read_text(encoding="utf-8"))
        assert data["deals"] == [deal_of(1, 0), deal_of(0, 0)]
    finally:
        s.stop()


@needs_chromium
def test_a_deal_confirmed_on_the_form_offline_is_saved_once_back_online(tmp_path: Path) -> None:
    """The form's "Save deal 1" offline: kept and said so; back online it is saved once,
    and the form asks deal 2."""
    from playwright.sync_api import ViewportSize, expect

    from tests.browser_helpers import launched
    from tests.cli_helpers import ROOT

    data = json.loads((ROOT / "examples" / "rosbiratschka.json").read_text(encoding="utf-8"))
    data["deals"] = []
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data), encoding="utf-8")
    s = start(game)
    try:
        for browser in launched():
            context = browser.new_context(viewport=ViewportSize(width=390, height=844))
            page = context.new_page()
            page.goto(s.score)
            expect(page.locator("#live")).to_have_text("live")
            expect(page.locator("#question")).to_have_attribute("data-key", "tricks")
            boxes = page.locator("#q-counts input")
            for i, n in enumerate((2, 4, 1, 1)):
                boxes.nth(i).fill(str(n))
            page.locator("#q-ok").click()
            expect(page.locator("#form-shown")).to_contain_text("deal 1")
            context.set_offline(True)
            page.locator("#form-save").click()
            expect(page.locator("#message")).to_have_text(
                "saved on this phone: deal 1 will be sent when the laptop is back"
            )
            page.locator("#form-save").click()  # again: still one save waiting
            expect(page.locator("#pending")).to_have_text(
                "kept on this phone, not sent yet: deal 1"
            )
            context.set_offline(False)
            expect(page.locator("#form-title")).to_contain_text("Deal 2 of 6", timeout=15000)
            expect(page.locator("#pending")).to_be_hidden()
            context.close()
        assert len(json.loads(game.read_text(encoding="utf-8"))["deals"]) == 1
    finally:
        s.stop()
