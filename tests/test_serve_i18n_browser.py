"""The phone page in a table's language, in a real browser (the system's chromium driven
by Playwright, as in test_serve_browser.py): the browser's language chosen, every word
on a phone's screen through the catalogs under the pseudo-language, and the language
switched on the page and remembered.

Locally these tests skip when chromium is missing; under CI (CI=true) they fail instead.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoresheet import i18n
from scoresheet.i18n.pseudo import pseudo
from tests.cli_helpers import ROOT
from tests.serve_helpers import serving
from tests.test_serve_i18n import english_left

CHROMIUM = shutil.which("chromium")
if CHROMIUM is None and os.environ.get("CI") != "true":
    pytest.skip("chromium is not installed", allow_module_level=True)

from playwright.sync_api import Browser, Page, ViewportSize, expect  # noqa: E402

from tests.browser_helpers import launched  # noqa: E402

EXAMPLES = ROOT / "examples"
PHONE = ViewportSize(width=360, height=780)
# Where the screenshots of a test run go, to be looked at (not the README's).
SHOTS = Path(os.environ.get("SCORESHEET_SHOTS", "")) if os.environ.get("SCORESHEET_SHOTS") else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from launched()


def phone(browser: Browser, url: str, locale: str | None = None) -> Page:
    """A phone-sized page showing ``url`` in a browser set to ``locale``, once its live
    sheet has arrived."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, locale=locale
    )
    page = context.new_page()
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-version", "1")
    return page


def half_classic(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:18]
    path.write_text(json.dumps(data), encoding="utf-8")
    return data


def on_screen(page: Page) -> str:
    """Every word the page shows or says: its text, its title, its labels."""
    text: str = page.evaluate(
        """() => [document.body.innerText, document.title,
                  ...Array.from(document.querySelectorAll("[aria-label]"),
                                (e) => e.getAttribute("aria-label"))].join("\\n")"""
    )
    return text


@pytest.mark.parametrize(("locale", "code"), [("fr-FR", "fr"), ("ja-JP", "ja"), ("en-US", "en")])
def test_the_page_is_in_the_browsers_language(
    browser: Browser, tmp_path: Path, locale: str, code: str
) -> None:
    game = tmp_path / "game.json"
    half_classic(game)
    with serving(game) as s:
        page = phone(browser, s.score, locale)
        assert page.evaluate("document.documentElement.lang") == code
        i18n.set_language(code)
        try:
            live = i18n.pgettext("phone page", "live")
        finally:
            i18n.set_language(i18n.SOURCE)
        expect(page.locator("#live")).to_have_text(live)
        if SHOTS is not None and code != "en":
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"serve-phone-{code}.png"), full_page=False)


def test_under_the_pseudo_language_no_english_is_on_the_phone(
    browser: Browser, tmp_path: Path
) -> None:
    """Served with ``--lang qps``: after removing the pseudo-language's spans, players'
    names, numbers and card codes, no English word is on the screen — the sheet, the
    form's question and the answers given, a refusal, the confirmation of an undo."""
    game = tmp_path / "game.json"
    data = half_classic(game)
    keep = {*data["players"], game.name, data["rules"], "JSON"}
    with serving(game, "--lang", "qps") as s:
        page = phone(browser, s.score, "fr-FR")
        assert page.evaluate("document.documentElement.lang") == "qps"
        expect(page.locator("#live")).to_have_text(pseudo("live"))
        expect(page.locator("#lang-box")).to_be_hidden()  # --lang: nothing to choose
        found: dict[str, set[str]] = {}

        def look(where: str) -> None:
            left = english_left(on_screen(page), keep)
            if left:
                found[where] = left

        expect(page.locator("#q-choices button").first).to_be_visible()
        look("sheet and first question")
        page.locator("#q-choices button").first.click()
        expect(page.locator("#form-given li")).to_have_count(1)
        look("an answer given")
        page.locator("#q-help-button").click()
        look("the question's help")
        page.locator("#undo").click()
        expect(page.locator("#confirm")).to_be_visible()
        look("undo asks first")
        page.locator("#confirm-no").click()
        page.locator("#entry summary").click()
        page.locator("#deal").fill('{"contract": "no-such-contract"}')
        page.locator("#save").click()
        expect(page.locator("#message")).not_to_be_empty()
        look("a refusal")
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "serve-phone-qps.png"), full_page=True)
        # The sheet fits the phone: it scrolls inside its box, the page does not.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert found == {}, f"English on the phone under --lang qps: {found}"


def test_the_language_is_switched_on_the_page_and_remembered(
    browser: Browser, tmp_path: Path
) -> None:
    game = tmp_path / "game.json"
    half_classic(game)
    with serving(game) as s:
        page = phone(browser, s.score, "fr-FR")
        assert page.evaluate("document.documentElement.lang") == "fr"
        expect(page.locator("#lang-box")).to_be_visible()
        expect(page.locator("#lang")).to_have_value("fr")
        codes = page.locator("#lang option").evaluate_all("(os) => os.map((o) => o.value)")
        assert codes == list(i18n.languages())
        with page.expect_navigation():
            page.locator("#lang").select_option("de")
        expect(page.locator("body")).to_have_attribute("data-version", "1")
        assert page.evaluate("document.documentElement.lang") == "de"
        expect(page.locator("#lang")).to_have_value("de")
        # Remembered: another page of this browser opens in it, and its sheet is sent in it.
        other = page.context.new_page()
        other.goto(s.view)
        expect(other.locator("body")).to_have_attribute("data-version", "1")
        assert other.evaluate("document.documentElement.lang") == "de"
        state = other.evaluate("async () => (await fetch('state')).json()")
        i18n.set_language("de")
        try:
            heading = i18n.pgettext("sheet heading", "contract")
        finally:
            i18n.set_language(i18n.SOURCE)
        assert state["columns"][1] == heading
