"""`scoresheet serve` in a real browser: the system's chromium driven by Playwright.

Phones are browser contexts at a phone's viewport; every server is the console script on
a free loopback port. Locally these tests skip when chromium is missing; under CI
(CI=true) they fail instead. They also take the phone screenshots shown in the README.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import ROOT, run
from tests.serve_helpers import serving, with_players

CHROMIUM = shutil.which("chromium")
if CHROMIUM is None and os.environ.get("CI") != "true":
    pytest.skip("chromium is not installed", allow_module_level=True)

from playwright.sync_api import (  # noqa: E402
    Browser,
    Dialog,
    Page,
    ViewportSize,
    expect,
)

from tests.browser_helpers import launched, picture  # noqa: E402

EXAMPLES = ROOT / "examples"
PHONE = ViewportSize(width=390, height=844)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from launched()


def phone(
    browser: Browser,
    url: str,
    outside: list[str] | None = None,
    dialogs: list[str] | None = None,
    width: int = PHONE["width"],
) -> Page:
    """A phone-sized page showing ``url``, once its live sheet has arrived. Every request
    the page makes to anywhere but the server is recorded in ``outside`` (and aborted),
    every alert or other dialog it opens in ``dialogs``."""
    context = browser.new_context(
        viewport=ViewportSize(width=width, height=PHONE["height"]),
        device_scale_factor=2,
        is_mobile=True,
    )
    origin = url.split("/", 3)[:3]
    if outside is not None:

        def check(route: Any) -> None:
            if route.request.url.split("/", 3)[:3] != origin:
                outside.append(route.request.url)
                route.abort()
            else:
                route.continue_()

        context.route("**/*", check)
    page = context.new_page()
    if dialogs is not None:

        def dialog(d: Dialog) -> None:
            dialogs.append(d.message)
            d.dismiss()

        page.on("dialog", dialog)
    page.goto(url)
    expect(page.locator("#live")).to_have_text("live")
    return page


def half_classic(path: Path) -> list[dict[str, Any]]:
    """Write the classic example's first 18 deals to ``path``; the other 10 deals."""
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    rest: list[dict[str, Any]] = data["deals"][18:]
    data["deals"] = data["deals"][:18]
    path.write_text(json.dumps(data), encoding="utf-8")
    return rest


def deal_count(path: Path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["deals"])


def test_two_phones_follow_the_file_and_undo_asks_first(browser: Browser, tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    rest = half_classic(game)
    with serving(game) as s:
        outside: list[str] = []
        scorer = phone(browser, s.score, outside)
        watcher = phone(browser, s.view, outside)
        for page in (scorer, watcher):
            expect(page.locator("tr.deal")).to_have_count(18)
            page.evaluate("window.notReloaded = true")

        # A deal added in a terminal shows on both phones, without a reload.
        assert run("add", game, "--deal", json.dumps(rest[0])).returncode == 0
        for page in (scorer, watcher):
            expect(page.locator("tr.deal")).to_have_count(19, timeout=1500)
            assert page.evaluate("window.notReloaded") is True
        expect(scorer.locator('tr.deal[data-deal="19"] td').nth(1)).to_have_text(
            rest[0]["contract"]
        )
        watcher.screenshot(path=picture("serve-phone-sheet.png", tmp_path))  # the sheet first

        # The view-only phone has no controls, and the server refuses its changes.
        expect(watcher.locator("#controls")).to_be_hidden()
        expect(watcher.locator("button:visible")).to_have_count(0)
        status = watcher.evaluate(
            """async () => (await fetch("undo", {method: "POST", headers: {
                "Content-Type": "application/json",
                "X-Scoresheet-Token": document.querySelector(
                    'meta[name="scoresheet-token"]').content},
                body: JSON.stringify({number: 19})})).status"""
        )
        assert status == 403
        assert deal_count(game) == 19

        # Undo asks first; keeping the deal changes nothing.
        scorer.get_by_role("button", name="Undo the last deal…").click()
        expect(scorer.locator("#confirm-text")).to_contain_text("Remove deal 19?")
        scorer.get_by_role("button", name="Keep it").click()
        expect(scorer.locator("#confirm")).to_be_hidden()
        assert deal_count(game) == 19
        scorer.get_by_role("button", name="Undo the last deal…").click()
        scorer.get_by_role("button", name="Remove it").click()
        expect(scorer.locator("#message")).to_contain_text("deal 19 removed")
        assert deal_count(game) == 18
        history = json.loads(game.read_text(encoding="utf-8"))["history"]
        assert history[-1]["action"] == "undo"
        expect(watcher.locator("tr.deal")).to_have_count(18, timeout=1500)
        assert watcher.evaluate("window.notReloaded") is True

        # Correcting a past deal starts from the deal as the file holds it, and asks first.
        def deal_3() -> Any:
            return json.loads(game.read_text(encoding="utf-8"))["deals"][2]

        scorer.locator("#fix > summary").click()
        scorer.locator("#fix-json summary").click()  # the JSON is behind its disclosure
        scorer.locator("#fix-number").select_option("3")
        was = json.loads(scorer.locator("#fix-deal").input_value())
        assert was == deal_3()
        other = "Ann" if was["result"]["king_of_hearts"] != "Ann" else "Bob"
        fixed = {**was, "result": {"king_of_hearts": other}}
        scorer.locator("#fix-deal").fill(json.dumps(fixed))
        scorer.get_by_role("button", name="Correct this deal…").click()
        expect(scorer.locator("#confirm-text")).to_contain_text("Replace deal 3?")
        scorer.get_by_role("button", name="Keep it").click()
        assert deal_3() == was
        scorer.get_by_role("button", name="Correct this deal…").click()
        scorer.get_by_role("button", name="Replace it").click()
        expect(scorer.locator("#message")).to_contain_text("corrected")
        assert deal_3() == fixed
        expect(scorer.locator("#fix-deal")).to_have_value(json.dumps(fixed, indent=1))
        assert outside == []


def test_two_phones_saving_the_same_deal_keep_one_and_tell_the_other(
    browser: Browser, tmp_path: Path
) -> None:
    game = tmp_path / "game.json"
    rest = half_classic(game)
    with serving(game) as s:
        ann, bob = phone(browser, s.score), phone(browser, s.score)
        mine = rest[0]
        theirs = {**rest[0], "doubles": []}
        for page, deal in ((ann, mine), (bob, theirs)):
            page.locator("#entry summary").click()
            expect(page.locator("#entry-number")).to_have_text("deal 19")
            page.locator("#deal").fill(json.dumps(deal))

        # A wrong count: the library's reason inline, nothing saved.
        before = game.read_bytes()
        wrong = json.loads(json.dumps(mine))
        wrong["result"] = {"queens": {"Ann": 2, "Bob": 2, "Cat": 1, "Dan": 0}}
        wrong["contract"] = "no-queens"
        cli = run("add", tmp_path / "game.json", "--deal", json.dumps(wrong))
        assert cli.returncode != 0
        ann.locator("#deal").fill(json.dumps(wrong))
        ann.get_by_role("button", name="Save the deal").click()
        reason = cli.stderr.strip().removeprefix("scoresheet: ")
        expect(ann.locator("#message")).to_have_text(reason)
        assert game.read_bytes() == before

        ann.locator("#deal").fill(json.dumps(mine))
        ann.get_by_role("button", name="Save the deal").click()
        expect(ann.locator("#message")).to_contain_text("deal 19:")
        bob.get_by_role("button", name="Save the deal").click()
        expect(bob.locator("#message")).to_contain_text("deal 19 was saved first")
        expect(bob.locator("#message")).to_contain_text("enter yours again")
        expect(bob.locator("tr.deal")).to_have_count(19)
        expect(bob.locator("#entry-number")).to_have_text("deal 20")
        saved = json.loads(game.read_text(encoding="utf-8"))["deals"]
        assert len(saved) == 19
        assert saved[18]["doubles"] == mine["doubles"] != []


def test_a_player_named_like_a_script_is_shown_as_text(browser: Browser, tmp_path: Path) -> None:
    """Names that would run as HTML (a name may not hold "/", so no closing tag) are
    shown as typed: on the sheet, in the form's title and on its buttons."""
    game = tmp_path / "game.json"
    evil, script = "<img src=x onerror=alert(1)>", "<script>alert(2)"
    made = run("new", game, "--players", f"{evil},{script},Cat,Dan")
    assert made.returncode == 0, made.stderr
    deal = {
        "contract": "no-king",
        "doubles": [{"by": script, "double": [evil]}],
        "result": {"king_of_hearts": evil},
    }
    assert run("add", game, "--deal", json.dumps(deal)).returncode == 0, "add"
    with serving(game) as s:
        dialogs: list[str] = []
        page = phone(browser, s.score, dialogs=dialogs)
        expect(page.locator("#standings")).to_contain_text(evil)
        # Too long for a phone's sheet header: initials there, the names in the legend.
        expect(page.locator("#sheet-legend")).to_contain_text(f"<s {script}")
        expect(page.locator("#form-title")).to_have_text(f"Deal 2 of 28: {evil} declares")
        page.locator('#q-choices button[data-choice="no-queens"]').click()
        expect(page.locator("#q-choices button").first).to_have_text(evil)
        assert page.locator("script").count() == 1  # the page's own sheet.js
        assert page.locator("img").count() == 0
        assert dialogs == []


def test_under_lan_a_missing_or_wrong_secret_gets_403(browser: Browser, tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "belote.json", game)
    with serving(game, "--lan") as s:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        base = f"http://127.0.0.1:{s.port}/"
        key = s.score.rsplit("/", 2)[1]
        for url in (base, base + ("y" if key[0] == "x" else "x") + key[1:] + "/"):
            response = page.goto(url)
            assert response is not None and response.status == 403
            assert "Ann" not in page.content() and "Belote" not in page.content()
        page.goto(s.score)
        expect(page.locator("#title")).to_have_text("Belote, rules belote")
        context.close()


def test_every_game_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    """One page, 360 px wide, while the file becomes each example in turn: teams, order
    of points, litige, ledger, all without sideways scrolling — and a screenshot of a
    partnership game."""
    game = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "classic.json", game)

    narrowest = 360

    def fits(page: Page) -> None:
        """The sheet fits the narrowest phone's width: nothing to scroll sideways."""
        width = page.evaluate("document.querySelector('.scroll').scrollWidth")
        shown = page.evaluate("document.querySelector('.scroll').clientWidth")
        assert width <= shown, page.locator("#title").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= narrowest

    with serving(game) as s:
        page = phone(browser, s.view, width=narrowest)
        expect(page.locator("#sections")).to_contain_text("Doubling ledger")
        fits(page)
        shutil.copy(EXAMPLES / "belote.json", game)
        expect(page.locator("#title")).to_have_text("Belote, rules belote")
        expect(page.locator("#teams")).to_contain_text("AC = Ann & Cat")
        expect(page.locator("#sections")).to_contain_text("Litige")
        expect(page.locator("tr.deal")).to_have_count(10)
        fits(page)
        shutil.copy(EXAMPLES / "caribbean-all-fours.json", game)
        expect(page.locator("#sheet thead")).to_contain_text("points in the order they counted")
        expect(page.locator("#standings li").first).to_contain_text("Bob & Dan")
        fits(page)
        page.screenshot(path=picture("serve-phone-all-fours.png", tmp_path))
        shutil.copy(EXAMPLES / "rosbiratschka.json", game)
        expect(page.locator("#standings-note")).to_have_text("lowest total first")
        fits(page)
        shutil.copy(EXAMPLES / "ravage-city.json", game)
        expect(page.locator("tr.deal")).to_have_count(32)
        game.write_text("{broken", encoding="utf-8")
        expect(page.locator("#error")).to_contain_text("game.json")
        expect(page.locator("#error")).not_to_contain_text(str(tmp_path))


def empty(example: str, path: Path) -> None:
    """Write the example ``example`` with no deals to ``path``."""
    data = json.loads((EXAMPLES / f"{example}.json").read_text(encoding="utf-8"))
    data["deals"] = []
    path.write_text(json.dumps(data), encoding="utf-8")


def asked(page: Page, key: str) -> None:
    expect(page.locator("#question")).to_have_attribute("data-key", key)


def tap(page: Page, *choices: str) -> None:
    for choice in choices:
        page.locator(f'#q-choices button[data-choice="{choice}"]').click()


def counts(page: Page, *numbers: int) -> None:
    boxes = page.locator("#q-counts input")
    for i, n in enumerate(numbers):
        boxes.nth(i).fill(str(n))


def test_two_phones_one_enters_a_barbu_deal_with_doubles_the_other_sees_it(
    browser: Browser, tmp_path: Path
) -> None:
    """Classic rules, Ann declares no-queens; the doubles and redoubles are tapped, a
    wrong count is refused inline and saves nothing, and the watching phone shows the
    deal without reloading. The view-only link has no form."""
    game = tmp_path / "game.json"
    empty("classic", game)
    with serving(game) as s:
        outside: list[str] = []
        scorer = phone(browser, s.score, outside)
        watcher = phone(browser, s.view, outside)
        expect(watcher.locator("#controls")).to_be_hidden()
        expect(watcher.locator("#form")).to_be_hidden()
        expect(scorer.locator("#form-title")).to_have_text("Deal 1 of 28: Ann declares")
        asked(scorer, "contract")
        tap(scorer, "no-queens")
        asked(scorer, "double Bob")
        expect(scorer.locator("#q-prompt")).to_have_text("Bob doubles whom?")
        scorer.locator("#q-help-button").click()
        expect(scorer.locator("#q-help")).to_contain_text("one chance to double")
        tap(scorer, "Ann", "Dan")
        scorer.locator("#q-ok").click()
        asked(scorer, "double Cat")
        scorer.locator("#q-back").click()  # back to Bob's double, and on again
        asked(scorer, "double Bob")
        tap(scorer, "Ann", "Dan")
        scorer.locator("#q-ok").click()
        asked(scorer, "double Cat")
        tap(scorer, "Ann", "Bob", "Dan")
        scorer.locator("#q-ok").click()
        asked(scorer, "double Dan")
        expect(scorer.locator("#q-choices button")).to_have_text(["Ann", "maximum", "none"])
        scorer.locator("#controls").screenshot(path=picture("serve-phone-form.png", tmp_path))
        tap(scorer, "Ann")
        scorer.locator("#q-ok").click()
        asked(scorer, "redouble Bob")
        tap(scorer, "Cat")
        asked(scorer, "redouble Dan")
        tap(scorer, "all")
        asked(scorer, "redouble Ann")
        tap(scorer, "Cat")
        scorer.locator("#q-ok").click()
        asked(scorer, "queens")
        before = game.read_bytes()
        counts(scorer, 0, 1, 2, 2)
        expect(scorer.locator(".sum")).to_have_text("5 of 4")
        scorer.locator("#q-ok").click()
        expect(scorer.locator("#q-error")).to_have_text("queens add up to 5, a deal has 4")
        expect(scorer.locator("#form-given li")).to_have_count(7)  # what was answered
        expect(scorer.locator("#form-given")).to_contain_text("Dan, redouble whom: all")
        asked(scorer, "queens")
        assert game.read_bytes() == before
        counts(scorer, 0, 1, 2, 1)
        scorer.locator("#q-ok").click()
        expect(scorer.locator("#form-shown")).to_contain_text("deal 1")
        assert game.read_bytes() == before  # nothing is saved before it is confirmed
        scorer.get_by_role("button", name="Save deal 1").click()
        expect(watcher.locator("tr.deal")).to_have_count(1)
        expect(scorer.locator("#form-title")).to_have_text("Deal 2 of 28: Ann declares")
        assert outside == []
    saved = json.loads(game.read_text(encoding="utf-8"))["deals"]
    assert saved == [
        {
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
    ]


def test_one_deal_of_each_other_game_through_its_form(browser: Browser, tmp_path: Path) -> None:
    """Rosbiratschka (counts that must add up), Belote (a contract, a taker, points
    typed, teams tapped), Caribbean All Fours (a card typed, the beg, who held what)."""
    game = tmp_path / "game.json"
    empty("rosbiratschka", game)
    with serving(game) as s:
        page = phone(browser, s.score)
        expect(page.locator("#form-title")).to_have_text(
            "Deal 1 of 6: no-tricks — Ann deals, Bob leads"
        )
        asked(page, "tricks")
        counts(page, 2, 3, 0, 2)
        page.locator("#q-ok").click()
        expect(page.locator("#q-error")).to_contain_text("tricks add up to 7")
        counts(page, 2, 3, 0, 3)
        page.locator("#q-ok").click()
        page.get_by_role("button", name="Save deal 1").click()
        expect(page.locator("tr.deal")).to_have_count(1)
        assert json.loads(game.read_text(encoding="utf-8"))["deals"] == [
            {
                "contract": "no-tricks",
                "result": {"tricks": {"Ann": 2, "Bob": 3, "Cat": 0, "Dan": 3}},
            }
        ]

        empty("belote", game)
        expect(page.locator("#form-title")).to_have_text(
            "Deal 1: Ann deals. Ann & Cat 0, Bob & Dan 0"
        )
        tap(page, "hearts")
        tap(page, "Bob")
        asked(page, "points")
        page.locator("#q-text").fill("62 90")
        page.locator("#q-ok").click()
        tap(page, "Bob & Dan")
        asked(page, "belote")
        tap(page, "Bob & Dan")
        expect(page.locator("#form-shown")).to_contain_text("Bob took hearts")
        page.get_by_role("button", name="Save deal 1").click()
        expect(page.locator("tr.deal")).to_have_count(1)
        assert json.loads(game.read_text(encoding="utf-8"))["deals"] == [
            {
                "contract": "hearts",
                "taker": "Bob",
                "result": {"points": [62, 90], "last_trick": 1, "belote": 1},
            }
        ]

        empty("caribbean-all-fours", game)
        expect(page.locator("#form-title")).to_contain_text("first to 14")
        asked(page, "turn 0")
        page.locator("#q-text").fill("9S")
        page.locator("#q-ok").click()
        tap(page, "take-one")
        asked(page, "high")
        tap(page, "Dan")
        asked(page, "low")
        tap(page, "Bob")
        asked(page, "jack")
        page.locator("#q-text").fill("none")
        page.locator("#q-ok").click()
        asked(page, "game_points")
        page.locator("#q-text").fill("22 13")
        page.locator("#q-ok").click()
        page.get_by_role("button", name="Save deal 1").click()
        expect(page.locator("tr.deal")).to_have_count(1)
        assert json.loads(game.read_text(encoding="utf-8"))["deals"] == [
            {
                "dealer": "Ann",
                "turn_ups": ["9S"],
                "beg": "take-one",
                "result": {"high": "Dan", "low": "Bob", "jack": None, "game_points": [22, 13]},
            }
        ]


def test_two_phones_saving_the_same_deal_through_the_form_keep_one(
    browser: Browser, tmp_path: Path
) -> None:
    """Both phones reach the confirmation of deal 1 and save it at once: one is kept,
    the other phone is told deal 1 was saved and its form asks deal 2."""
    game = tmp_path / "game.json"
    empty("rosbiratschka", game)
    with serving(game) as s:
        pages = [phone(browser, s.score), phone(browser, s.score)]
        for page, n in zip(pages, (2, 3), strict=True):
            asked(page, "tricks")
            counts(page, n, 6 - n, 1, 1)
            page.locator("#q-ok").click()
            expect(page.locator("#form-shown")).to_contain_text("deal 1")
        for page in pages:  # both taps leave before either answer comes back
            page.evaluate("document.getElementById('form-save').click()")
        for page in pages:
            expect(page.locator("#form-title")).to_contain_text("Deal 2 of 6")
        messages = [page.locator("#message").inner_text() for page in pages]
        assert sum("deal 1 was saved" in m for m in messages) == 1, messages
        assert sum(m.startswith("deal 1:") for m in messages) == 1, messages
    assert deal_count(game) == 1


def test_a_stale_undo_confirmation_removes_nothing(browser: Browser, tmp_path: Path) -> None:
    """The phone asks "Remove deal 18?"; meanwhile the terminal undoes deal 18 and adds
    another deal 18. Tapping "Remove it" keeps the deal the phone never showed."""
    game = tmp_path / "game.json"
    rest = half_classic(game)
    with serving(game) as s:
        scorer = phone(browser, s.score)
        expect(scorer.locator("tr.deal")).to_have_count(18)
        scorer.get_by_role("button", name="Undo the last deal…").click()
        expect(scorer.locator("#confirm-text")).to_contain_text("Remove deal 18?")
        assert run("undo", game, "--yes").returncode == 0
        assert run("add", game, "--deal", json.dumps(rest[1])).returncode == 0
        expect(scorer.locator('tr.deal[data-deal="18"] td').nth(1)).to_have_text(
            rest[1]["contract"]
        )
        after = game.read_bytes()
        scorer.get_by_role("button", name="Remove it").click()
        expect(scorer.locator("#message")).to_contain_text("deal 18 was changed meanwhile")
        assert game.read_bytes() == after
        assert deal_count(game) == 18


def test_a_keyword_button_is_never_read_as_a_player(browser: Browser, tmp_path: Path) -> None:
    """Ann, Allison, Cat, Dan; Ann declares no-king, Allison and Cat double her: Ann's
    "all" button redoubles all (a bare "all" could be Allison, and there is no box to
    type ":all")."""
    game = tmp_path / "game.json"
    empty("classic", game)
    data = json.loads(game.read_text(encoding="utf-8"))
    data["players"] = ["Ann", "Allison", "Cat", "Dan"]
    game.write_text(json.dumps(data), encoding="utf-8")
    with serving(game) as s:
        page = phone(browser, s.score)
        tap(page, "no-king")
        asked(page, "double Allison")
        tap(page, "Ann")
        page.locator("#q-ok").click()
        asked(page, "double Cat")
        tap(page, "Ann")
        page.locator("#q-ok").click()
        asked(page, "double Dan")
        tap(page, "none")
        asked(page, "redouble Ann")
        expect(page.locator("#q-typed")).to_be_hidden()
        tap(page, "all")
        asked(page, "king_of_hearts")
        expect(page.locator("#q-error")).to_be_hidden()
        expect(page.locator("#form-given")).to_contain_text("Ann, redouble whom: all")
        tap(page, "Cat")
        page.get_by_role("button", name="Save deal 1").click()
        expect(page.locator("tr.deal")).to_have_count(1)
    assert json.loads(game.read_text(encoding="utf-8"))["deals"][0]["doubles"] == [
        {"by": "Allison", "double": ["Ann"]},
        {"by": "Cat", "double": ["Ann"]},
        {"by": "Ann", "redouble": "all"},
    ]


def test_a_count_the_browser_cannot_read_is_refused_in_place(
    browser: Browser, tmp_path: Path
) -> None:
    """No-queens, Bob doubles Ann; "1-" typed for Cat is not sent as 0."""
    game = tmp_path / "game.json"
    empty("classic", game)
    with serving(game) as s:
        page = phone(browser, s.score)
        tap(page, "no-queens")
        asked(page, "double Bob")
        tap(page, "Ann")
        page.locator("#q-ok").click()
        for key in ("double Cat", "double Dan", "redouble Ann"):
            asked(page, key)
            tap(page, "none")
        asked(page, "queens")
        boxes = page.locator("#q-counts input")
        for i, text in enumerate(["2", "1", "1-", "1"]):
            boxes.nth(i).press_sequentially(text)
        expect(page.locator(".sum")).not_to_have_text("4 of 4")
        page.locator("#q-ok").click()
        expect(page.locator("#q-error")).to_have_text("Cat: not a whole number")
        asked(page, "queens")
        expect(page.locator("#form-done")).to_be_hidden()
        expect(page.locator("#form-given li")).to_have_count(5)
        boxes.nth(2).fill("1")
        expect(page.locator(".sum")).to_have_text("5 of 4")
        boxes.nth(0).fill("1")
        expect(page.locator(".sum")).to_have_text("4 of 4")
        page.locator("#q-ok").click()
        expect(page.locator("#form-shown")).to_contain_text("deal 1")


def test_a_deal_undone_elsewhere_is_told_as_removed_not_as_saved(
    browser: Browser, tmp_path: Path
) -> None:
    """A phone is entering deal 2 when the terminal undoes deal 1."""
    game = tmp_path / "game.json"
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:1]
    game.write_text(json.dumps(data), encoding="utf-8")
    with serving(game) as s:
        page = phone(browser, s.score)
        expect(page.locator("#form-title")).to_contain_text("Deal 2 of 28")
        asked(page, "contract")
        tap(page, page.locator("#q-choices button").first.inner_text())
        expect(page.locator("#form-given li")).to_have_count(1)
        assert run("undo", game, "--yes").returncode == 0
        expect(page.locator("#form-title")).to_contain_text("Deal 1 of 28")
        message = page.locator("#message")
        expect(message).to_contain_text("deal 1 was removed")
        expect(message).to_contain_text("the form now asks deal 1")
        expect(message).not_to_contain_text("saved first")


def test_long_names_fit_a_360_px_phone_as_initials_with_a_legend(
    browser: Browser, tmp_path: Path
) -> None:
    game = tmp_path / "game.json"
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    names = ["Alexandra", "Christopher", "Maximilian", "Jacqueline"]
    game.write_text(json.dumps(with_players(data, names)), encoding="utf-8")
    with serving(game) as s:
        page = phone(browser, s.view, width=360)
        expect(page.locator("tr.deal")).to_have_count(28)
        width = page.evaluate("document.querySelector('#sheet').scrollWidth")
        shown = page.evaluate("document.querySelector('.scroll').clientWidth")
        assert width <= shown
        expect(page.locator("#sheet thead th")).to_have_text(
            ["#", "contract", "A", "C", "M", "J", "ok"]
        )
        expect(page.locator("#sheet-legend")).to_have_text(
            "players: A Alexandra, C Christopher, M Maximilian, J Jacqueline"
        )
        page.locator("#sheet").screenshot(path=str(tmp_path / "sheet-360.png"))
        # Wide enough for the names: they are shown in full, with no legend.
        page.set_viewport_size(ViewportSize(width=900, height=740))
        expect(page.locator("#sheet thead th").nth(2)).to_have_text("Alexandra")
        expect(page.locator("#sheet-legend")).to_be_hidden()


def test_a_name_is_never_cut_between_its_characters(browser: Browser, tmp_path: Path) -> None:
    """A Chinese name broke between its characters ("王小明 佐" over "藤"): the table fit
    the screen that way, so the initials never stood in. A heading now breaks only
    between words; a name too long for that is whole on one line, or its initials are."""
    game = tmp_path / "game.json"
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    # Short enough to fit whole in a Chinese or Japanese font (Noto Sans CJK draws each
    # character a full em wide), too long to fit broken between its characters.
    names = ["山田太郎花子", "Ann Lee", "Cat", "Dan"]
    game.write_text(json.dumps(with_players(data, names)), encoding="utf-8")
    with serving(game) as s:
        page = phone(browser, s.view, width=360)
        expect(page.locator("tr.deal")).to_have_count(28)
        heading = page.locator("#sheet thead th").nth(2)
        expect(heading).to_have_text("山田太郎花子")
        # One line: as tall as a one-letter heading of the same row.
        one = page.locator("#sheet thead th").nth(5)
        lines = page.evaluate(
            "cells => cells.map(e => { const r = document.createRange();"
            " r.selectNodeContents(e); return r.getClientRects().length; })",
            [heading.element_handle(), one.element_handle()],
        )
        assert lines == [1, 1]
        assert page.evaluate("document.querySelector('#sheet').scrollWidth") <= 360
        # Two such names cannot both be whole on a 360 px screen: initials, and a legend.
        names = ["山田太郎花子山田太郎花子", "佐藤花子佐藤花子佐藤", "Cat", "Dan"]
        game.write_text(json.dumps(with_players(data, names)), encoding="utf-8")
        expect(page.locator("#sheet thead th")).to_have_text(
            ["#", "contract", "山", "佐", "C", "D", "ok"]
        )
        expect(page.locator("#sheet-legend")).to_contain_text("山 山田太郎花子山田太郎花子")


def test_answer_buttons_with_forty_character_names_fit_a_360_px_phone(
    browser: Browser, tmp_path: Path
) -> None:
    """A player's name is the text of its answer button: one of 40 characters wraps
    inside the button instead of pushing the page past the phone's width."""
    game = tmp_path / "game.json"
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:6]  # Ann's last contract is taken: a double is asked
    names = [
        "Alexandra Konstantinopoulou-Papadimitri",
        "Bartholomew Fitzwilliam-Montgomery III",
        "Catherine Wolstenholme-Featherstonehaugh",
        "Daniel Maximilian Oppenheimer-Rothschild",
    ]
    game.write_text(json.dumps(with_players(data, names)), encoding="utf-8")
    with serving(game) as s:
        page = phone(browser, s.score, width=360)
        expect(page.locator("button.choice").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


def first_input(page: Page) -> Any:
    """The first place the question now asked takes an answer: a button, a box."""
    return page.locator("#q-choices button:visible, #q-counts input:visible, #q-text:visible").first


def test_the_scoring_link_asks_the_next_deal_on_the_first_screen(
    browser: Browser, tmp_path: Path
) -> None:
    """27 deals of 28 played (a long sheet, a doubling ledger): on a phone the scoring
    link asks deal 28 on its first screen, the sheet under it; the view-only link shows
    the sheet first."""
    game = tmp_path / "game.json"
    data = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:27]
    game.write_text(json.dumps(data), encoding="utf-8")
    with serving(game) as s:
        scorer = phone(browser, s.score)
        expect(scorer.locator("tr.deal")).to_have_count(27)
        expect(scorer.locator("#form-title")).to_contain_text("Deal 28 of 28")
        expect(scorer.locator("#question")).to_have_attribute("data-key", re.compile("."))
        scorer.screenshot(path=str(tmp_path / "scoring-first-screen.png"))
        assert scorer.evaluate("window.scrollY") == 0
        box = first_input(scorer).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
        sheet = scorer.locator("#sheet").bounding_box()
        form = scorer.locator("#form").bounding_box()
        assert sheet is not None and form is not None
        assert sheet["y"] >= form["y"] + form["height"]  # the sheet is under the question
        # Undo and the corrections stay under the sheet they change.
        undo = scorer.locator("#undo").bounding_box()
        assert undo is not None and undo["y"] > sheet["y"]

        watcher = phone(browser, s.view)
        expect(watcher.locator("tr.deal")).to_have_count(27)
        expect(watcher.locator("#controls")).to_be_hidden()
        expect(watcher.locator("#tools")).to_be_hidden()
        standings = watcher.locator("#standings").bounding_box()
        first_row = watcher.locator("#sheet tr").first.bounding_box()
        assert standings is not None and first_row is not None
        assert first_row["y"] < PHONE["height"]  # the sheet starts on the first screen
        order = watcher.evaluate(
            "[...document.querySelectorAll('main > section:not([hidden])')].map(e => e.id)"
        )
        assert "controls" not in order and "tools" not in order


def test_a_refused_count_keeps_what_was_typed_and_marks_it(
    browser: Browser, tmp_path: Path
) -> None:
    """No-tricks, Bob doubles Ann, tricks 3 4 3 2 (12 of 13): refused, the boxes keep
    3 4 3 2, marked invalid with the reason next to them; one box changed, the marks go."""
    game = tmp_path / "game.json"
    empty("classic", game)
    with serving(game) as s:
        page = phone(browser, s.score)
        tap(page, "no-tricks")
        asked(page, "double Bob")
        tap(page, "Ann")
        page.locator("#q-ok").click()
        for key in ("double Cat", "double Dan", "redouble Ann"):
            asked(page, key)
            tap(page, "none")
        asked(page, "tricks")
        counts(page, 3, 4, 3, 2)
        page.locator("#q-ok").click()
        expect(page.locator("#q-error")).to_contain_text("13")
        expect(page.locator("#q-error")).to_be_visible()
        asked(page, "tricks")
        boxes = page.locator("#q-counts input")
        for i, n in enumerate(["3", "4", "3", "2"]):
            expect(boxes.nth(i)).to_have_value(n)
            expect(boxes.nth(i)).to_have_attribute("aria-invalid", "true")
            expect(boxes.nth(i)).to_have_attribute("aria-describedby", "q-error")
        expect(page.locator("label.count.wrong")).to_have_count(4)  # the visible mark
        mark = page.evaluate(
            "getComputedStyle(document.querySelector('label.count.wrong'), '::after').content"
        )
        assert mark not in ("none", "normal", ""), mark
        expect(page.locator(".sum")).to_have_class(re.compile(r"\bwrong\b"))
        # The reason is next to the boxes: right under the last one (and its sum).
        last = boxes.nth(3).bounding_box()
        error = page.locator("#q-error").bounding_box()
        assert last is not None and error is not None
        assert 0 <= error["y"] - (last["y"] + last["height"]) < 80, (last, error)
        page.screenshot(path=str(tmp_path / "refused-count.png"), full_page=True)
        boxes.nth(3).fill("3")
        for i in range(4):
            expect(boxes.nth(i)).to_have_attribute("aria-invalid", "false")
        expect(page.locator("label.count.wrong")).to_have_count(0)
        expect(page.locator(".sum")).to_have_text("13 of 13")
        page.locator("#q-ok").click()
        expect(page.locator("#form-shown")).to_contain_text("deal 1")


def test_a_refused_typed_answer_is_kept_to_correct(browser: Browser, tmp_path: Path) -> None:
    """Belote's card points typed as "62 95" (not 152): refused, the text stays, marked."""
    game = tmp_path / "game.json"
    empty("belote", game)
    with serving(game) as s:
        page = phone(browser, s.score)
        asked(page, "contract")
        tap(page, "hearts")
        asked(page, "taker")
        tap(page, "Ann")
        asked(page, "points")
        page.locator("#q-text").fill("62 95")
        page.locator("#q-ok").click()
        expect(page.locator("#q-error")).to_be_visible()
        asked(page, "points")
        expect(page.locator("#q-text")).to_have_value("62 95")
        expect(page.locator("#q-text")).to_have_attribute("aria-invalid", "true")
        page.locator("#q-text").fill("62 90")
        expect(page.locator("#q-text")).to_have_attribute("aria-invalid", "false")


def test_the_answers_given_are_listed_under_their_questions(
    browser: Browser, tmp_path: Path
) -> None:
    """Not under the questions' keys (``double Bob``, ``last_trick``)."""
    game = tmp_path / "game.json"
    empty("classic", game)
    with serving(game) as s:
        page = phone(browser, s.score)
        tap(page, "no-queens")
        asked(page, "double Bob")
        tap(page, "Ann", "Dan")
        page.locator("#q-ok").click()
        asked(page, "double Cat")
        given = page.locator("#form-given li")
        expect(given).to_have_text(["Contract: no-queens", "Bob doubles whom: Ann, Dan"])
