"""The PDF pads and printed games speak the language in force: under the pseudo-language
every word poppler reads from them comes from the catalogs, and nothing English is left
but the players' names, the rules presets' names, card codes and numbers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoresheet import i18n, record
from scoresheet.i18n.pseudo import CLOSE, OPEN
from scoresheet.rules import load_preset
from tests.paper_helpers import text

ROOT = Path(__file__).resolve().parent.parent
# One example per game, and Barbu's variants whose pads differ.
EXAMPLES = (
    "classic",
    "salad",
    "chinese-poker",
    "belote",
    "coinche",
    "rosbiratschka",
    "caribbean-all-fours",
)
PSEUDO_TEXT = re.compile(re.escape(OPEN) + r"[^" + re.escape(CLOSE) + r"]*" + re.escape(CLOSE))


@pytest.fixture
def pseudo() -> Iterator[None]:
    before = i18n.language()
    i18n.set_language(i18n.PSEUDO)
    try:
        yield
    finally:
        i18n.set_language(before)


def leftovers(content: str, allowed: set[str]) -> list[str]:
    """The English words left once the pseudo spans, the ``allowed`` words (names,
    presets) and card codes are taken out: any run of two or more ASCII letters (the
    pseudo-language's letters are all accented)."""
    content = PSEUDO_TEXT.sub(" ", content)
    words = re.findall(r"[A-Za-z][A-Za-z'-]+", content)
    folded = {a.casefold() for a in allowed}
    return sorted(
        # Initials and card codes in capitals: a doubles column's ``RABC``, ``KH``.
        {w for w in words if w.casefold() not in folded and not re.fullmatch(r"[A-Z0-9]+", w)}
    )


def _allowed(rec: Any, rules: str) -> set[str]:
    players = [str(p) for p in rec["players"]]
    names = {part for p in players for part in re.split(r"[^A-Za-z]+", p) if part}
    return names | {rules, *rules.split("-"), "scoresheet"}


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_pad_under_the_pseudo_language_has_no_english_left(
    name: str, tmp_path: Path, pseudo: None
) -> None:
    from scoresheet.cli.pdf import pad_pdf

    rec = record.load(ROOT / "examples" / f"{name}.json")
    rules = str(rec["rules"])
    assert load_preset(rules).game == rec.get("game", "barbu")
    path = tmp_path / "pad.pdf"
    path.write_bytes(pad_pdf(rec["players"], rules))
    content = text(path, layout=False)
    assert OPEN in content
    left = leftovers(content, _allowed(rec, rules))
    assert left == [], f"untranslated on the {name} pad: {left}"


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_printed_game_under_the_pseudo_language_has_no_english_left(
    name: str, tmp_path: Path, pseudo: None
) -> None:
    from scoresheet.cli.pdf import game_pdf

    rec = record.load(ROOT / "examples" / f"{name}.json")
    path = tmp_path / "game.pdf"
    path.write_bytes(game_pdf(rec))
    content = text(path, layout=False)
    left = leftovers(content, _allowed(rec, str(rec["rules"])))
    assert left == [], f"untranslated in the printed {name}: {left}"


def test_the_english_pad_is_unchanged_by_the_marks(tmp_path: Path) -> None:
    """English is the source: the pad reads as it always has."""
    from scoresheet.cli.pdf import pad_pdf

    path = tmp_path / "pad.pdf"
    path.write_bytes(pad_pdf(["Ann", "Bob", "Cat", "Dan"], "classic"))
    content = text(path)
    assert "Barbu score pad — rules classic" in content
    assert "Players in seating order: Ann, Bob, Cat, Dan" in content
    assert "Date: ____" in content and OPEN + "Ð" not in content
