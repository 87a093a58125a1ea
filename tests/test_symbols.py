"""Names are cut into initials and clipped as a reader sees them: whole symbols, never
half an accented letter, a family emoji or a flag."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from scoresheet.views.common import initials
from scoresheet.views.term import cells, clip, graphemes

ZWJ = "\u200d"
FAMILY = "👩\u200d👩\u200d👧"
SYMBOLS = ["A", "a", "b", "e\u0301", "é", "山", "👩", "👩🏽", FAMILY, "🇫🇷", "🇫🇮", "❤\ufe0f"]


def test_the_symbols_a_reader_sees() -> None:
    assert graphemes("Zoe\u0308") == ["Z", "o", "e\u0308"]
    assert graphemes(FAMILY + "👩") == [FAMILY, "👩"]
    assert graphemes("🇫🇷🇫🇮x") == ["🇫🇷", "🇫🇮", "x"]
    assert graphemes("👩🏽❤\ufe0f") == ["👩🏽", "❤\ufe0f"]


def test_a_family_and_one_of_its_members_keep_initials_apart() -> None:
    """The family's initial was its first woman and a dangling joiner: the same look
    as the other player's, and one cell wider than the terminal was told."""
    tags = initials([FAMILY, "👩", "🇫🇷 Fr", "🇫🇮 Fi"])
    assert tags == {FAMILY: FAMILY, "👩": "👩", "🇫🇷 Fr": "🇫🇷", "🇫🇮 Fi": "🇫🇮"}
    assert not any(tag.endswith(ZWJ) for tag in tags.values())


names = st.lists(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=5), min_size=2, max_size=6)


@given(names)
def test_initials_are_whole_symbols_that_tell_players_apart(parts: list[list[str]]) -> None:
    players = list(dict.fromkeys("".join(p) for p in parts))
    folded = {unicodedata.normalize("NFC", p).casefold() for p in players}
    if len(folded) < len(players) or len(players) < 2:
        return  # the game refuses names that cannot be told apart
    tags = initials(players)
    for player, tag in tags.items():
        symbols, mine = graphemes(tag), graphemes(player)
        assert symbols == mine[: len(symbols)], (player, tag)
    distinct = [p for p in players if not any(q != p and q.startswith(p) for q in players)]
    shown = [tags[p].casefold() for p in distinct]
    assert len(set(shown)) == len(shown)


@given(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=12), st.integers(2, 12))
def test_clip_never_cuts_a_symbol_and_fits(parts: list[str], width: int) -> None:
    text = "".join(parts)
    cut = clip(text, width)
    assert cells(cut) <= width or cut == text
    if cut != text:
        kept = graphemes(cut[:-1])
        assert kept == graphemes(text)[: len(kept)]
