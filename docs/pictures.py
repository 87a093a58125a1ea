"""The pictures of the translated player pages, made in each language.

    python docs/pictures.py              # every translation
    python docs/pictures.py --lang ja    # one

Each picture is written beside the English one as ``NAME-<language>.png``, the name
Sphinx looks for first when it builds that language (``figure_language_filename`` in
``docs/conf.py``): the classic score pad and the printed classic game (``blank`` and
``export`` in the language, pages drawn by poppler's ``pdftoppm`` at 72 dpi, as the
English ones), and the phone page's sheets and question form (``serve``, opened by the
system's chromium through Playwright in a phone-sized window set to the language).

It needs the installed ``scoresheet`` console script beside this Python, poppler-utils,
chromium and Playwright's Python package (the ``dev`` extra).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
EXAMPLES = DOCS.parent / "examples"
SCRIPT = Path(sys.executable).with_name("scoresheet")
# (Sphinx's language, the program's --lang, the browser's locale, the pad's players)
LANGUAGES = [
    ("fr", "fr", "fr-FR", ["Ann", "Bob", "Cat", "Dan"]),
    ("de", "de", "de-DE", ["Ann", "Bob", "Cat", "Dan"]),
    ("ja", "ja", "ja-JP", ["山田", "鈴木", "佐藤", "田中"]),
    ("zh_CN", "zh", "zh-CN", ["王伟", "张敏", "李娜", "刘洋"]),
]


def run(*args: str | Path) -> None:
    subprocess.run([str(a) for a in args], check=True, capture_output=True)


def drawn(pdf: Path, page: int, png: Path) -> None:
    """One page of a PDF as a PNG at 72 dpi, as the English pictures are."""
    number = str(page)
    run(
        "pdftoppm",
        "-r",
        "72",
        "-png",
        "-singlefile",
        "-f",
        number,
        "-l",
        number,
        pdf,
        png.with_suffix(""),
    )


def paper(code: str, lang: str, players: list[str], tmp: Path) -> list[Path]:
    """The classic pad and the printed classic game, drawn at 72 dpi."""
    pad, game = tmp / "pad.pdf", tmp / "game.pdf"
    run(SCRIPT, "--lang", lang, "blank", "-o", pad, "--players", ",".join(players))
    run(SCRIPT, "--lang", lang, "export", EXAMPLES / "classic.json", "-o", game)
    out = [DOCS / f"pad-classic-{code}.png"]
    drawn(pad, 1, out[0])
    for page in (1, 2):
        out.append(DOCS / f"printed-classic-{page}-{code}.png")
        drawn(game, page, out[-1])
    return out


class Serving:
    """``scoresheet serve GAME`` on a free port: its scoring and view links."""

    def __init__(self, game: Path) -> None:
        self.process = subprocess.Popen(
            [str(SCRIPT), "serve", str(game), "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert self.process.stdout is not None
        urls: list[str] = []
        deadline = time.monotonic() + 30
        while len(urls) < 2 and time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            if line.startswith("http://"):
                urls.append(line.strip())
        if len(urls) < 2:
            self.process.kill()
            raise SystemExit("serve did not print its links")
        self.score, self.view = urls

    def __enter__(self) -> Serving:
        return self

    def __exit__(self, *_: object) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def phones(code: str, locale: str, tmp: Path) -> list[Path]:
    """The sheet of a Barbu game 19 deals in, a Caribbean All Fours game's on a narrow
    phone, and the question form at Dan's double."""
    from playwright.sync_api import expect, sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("chromium is needed for the phone pictures")
    data: dict[str, Any] = json.loads((EXAMPLES / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:19]
    started = tmp / "started.json"
    started.write_text(json.dumps(data), encoding="utf-8")
    fresh = tmp / "fresh.json"
    run(SCRIPT, "new", fresh, "--players", "Ann,Bob,Cat,Dan")
    sheet, form = DOCS / f"serve-phone-sheet-{code}.png", DOCS / f"serve-phone-form-{code}.png"
    fours = DOCS / f"serve-phone-all-fours-{code}.png"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--headless"])
        context = browser.new_context(
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            is_mobile=True,
            locale=locale,
        )
        with Serving(started) as s:
            page = context.new_page()
            page.goto(s.view)
            expect(page.locator("tr.deal")).to_have_count(19)
            page.screenshot(path=str(sheet))
        narrow = browser.new_context(
            viewport={"width": 360, "height": 844},
            device_scale_factor=2,
            is_mobile=True,
            locale=locale,
        )
        with Serving(EXAMPLES / "caribbean-all-fours.json") as s:
            page = narrow.new_page()
            page.goto(s.view)
            expect(page.locator("tr.deal").first).to_be_visible()
            page.screenshot(path=str(fours))
        with Serving(fresh) as s:
            page = context.new_page()
            page.goto(s.score)

            def tap(*choices: str) -> None:
                for choice in choices:
                    page.locator(f'#q-choices button[data-choice="{choice}"]').click()

            def asked(key: str) -> None:
                expect(page.locator("#question")).to_have_attribute("data-key", key)

            asked("contract")
            page.locator("#q-choices button").nth(2).click()  # no-queens, in its own words
            for player, doubled in (("Bob", ["Ann", "Dan"]), ("Cat", ["Ann", "Bob", "Dan"])):
                asked(f"double {player}")
                tap(*doubled)
                page.locator("#q-ok").click()
            asked("double Dan")
            page.locator("#controls").screenshot(path=str(form))
        browser.close()
    return [sheet, fours, form]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", action="append", help="only this language (repeatable)")
    args = parser.parse_args(argv)
    wanted = [
        row for row in LANGUAGES if not args.lang or row[0] in args.lang or row[1] in args.lang
    ]
    for code, lang, locale, players in wanted:
        with tempfile.TemporaryDirectory() as tmp:
            made = paper(code, lang, players, Path(tmp)) + phones(code, locale, Path(tmp))
        for path in made:
            print(path.relative_to(DOCS.parent))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
