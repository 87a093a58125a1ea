"""Chinese, Japanese and Korean names on paper, read back with poppler.

DejaVu Sans, the PDFs' font, has no Chinese, Japanese or Korean: such a name is drawn
from a font on the machine that has it (Debian's fonts-noto-cjk, which CI installs), glyph
by glyph, and only the glyphs used are embedded. Before, the pad and the printed game were
refused. A character no font on the machine has is still refused, in one line.

Like poppler, the CJK font is skipped where it is missing, except under CI (CI=true).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.paper import fonts
from scoresheet.paper.fonts import JA, KO, ZH_HANS, ZH_HANT, Face
from tests.cli_helpers import ROOT, assert_one_line_error, run
from tests.paper_helpers import (
    A4,
    MIN_BOX,
    off_the_page,
    overlapping,
    page_sizes,
    pages,
    poppler,
    text,
    visible,
    words,
)
from tests.serve_helpers import with_players

JAPANESE = ["山田", "佐藤", "鈴木", "田中"]
CHINESE = ["王伟", "李娜", "张敏", "刘洋"]
KOREAN = ["김민준", "이서연", "박지훈", "최수아"]
NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
# Characters of scripts no common font carries (Linear B, cuneiform, hieroglyphs,
# Anatolian): letters, so a name may hold them. The first no font on the machine has
# is the one refused.
RARE = ["\U00010000", "\U00012000", "\U00013000", "\U00014400"]


def _fc_list(char: str) -> str | None:
    """The fonts fontconfig knows with ``char``; ``None`` without fontconfig."""
    exe = shutil.which("fc-list")
    if exe is None:
        return None
    out = subprocess.run(
        [exe, f":charset={ord(char):x}", "file"], capture_output=True, text=True, timeout=30
    )
    return out.stdout


def _need(what: str, package: str) -> None:
    """Skip the test without ``what``, except under CI, which installs ``package``."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing: CI must install {package}")
    pytest.skip(f"{what} ({package}) is not installed")


@pytest.fixture(scope="module")
def cjk_font() -> None:
    """Noto Sans CJK, as Debian's fonts-noto-cjk installs it, and poppler to read it."""
    poppler("pdffonts")
    if not NOTO_CJK.is_file() or "NotoSansCJK" not in (_fc_list("山") or ""):
        _need("Noto Sans CJK (with fontconfig)", "fonts-noto-cjk and fontconfig")


needs_cjk = pytest.mark.usefixtures("cjk_font")


def _fonts(path: Path) -> list[tuple[str, str, str]]:
    """Each font ``pdffonts`` lists: its name, whether embedded, whether a subset."""
    proc = subprocess.run(
        [poppler("pdffonts"), str(path)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    found = []
    for line in proc.stdout.splitlines()[2:]:
        name, *_, emb, sub, _uni, _obj, _gen = line.split()
        found.append((name, emb, sub))
    return found


def _cjk_faces(path: Path) -> set[str]:
    """The Noto Sans CJK faces embedded in ``path`` (``JP``, ``SC``, …), each checked to
    be embedded as a subset: only the glyphs used."""
    faces = set()
    for name, emb, sub in _fonts(path):
        if match := re.fullmatch(r"[A-Z]{6}\+NotoSansCJK(JP|KR|SC|TC|HK)(Bold)?", name):
            assert (emb, sub) == ("yes", "yes"), (name, emb, sub)
            faces.add(match[1])
    return faces


def _reads_cleanly(path: Path) -> bool:
    """Whether poppler reads every page without a complaint (text shown in no font)."""
    proc = subprocess.run(
        [poppler("pdftotext"), str(path), "-"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    return True


def _pad(tmp_path: Path, players: list[str]) -> Path:
    out = tmp_path / "pad.pdf"
    proc = run("blank", "-o", out, "--players", ",".join(players))
    assert proc.returncode == 0, proc.stderr
    return out


@needs_cjk
@pytest.mark.parametrize(
    ("players", "face"),
    [(JAPANESE, "JP"), (CHINESE, "SC"), (KOREAN, "KR")],
    ids=["japanese", "chinese", "korean"],
)
def test_a_cjk_pad_prints_every_name_on_one_page(
    tmp_path: Path, players: list[str], face: str
) -> None:
    path = _pad(tmp_path, players)
    assert pages(path) == 1 and page_sizes(path) <= A4
    content = text(path)
    for k, name in enumerate(players):
        assert f"{name} declares, {name} deals (deals {7 * k + 1}–{7 * k + 7})" in content
    assert "Players in seating order: " + ", ".join(players) in content
    # 鈴 is written only in Japan (not in GB 2312), so the Japanese face draws every name
    # there; the Chinese names are in Simplified Chinese; hangul in the Korean face.
    assert _cjk_faces(path) == {face}
    assert {name for name, _, _ in _fonts(path) if "DejaVu" in name}, "DejaVu Sans stays"
    # The whole CJK font is 19 MB; a subset of some twenty glyphs, regular and bold, is not.
    assert path.stat().st_size < 80_000, path.stat().st_size
    for word, height in words(path):
        assert height >= MIN_BOX, f"{word!r} printed {height:.1f} pt high"
    assert off_the_page(path) == [] and overlapping(path) == []
    assert _reads_cleanly(path)


@needs_cjk
def test_a_pad_mixing_arabic_japanese_and_latin_prints_each(tmp_path: Path) -> None:
    ali = "علي بن أحمد"
    path = _pad(tmp_path, [ali, "さくら", "Zoë", "鈴木"])
    assert pages(path) == 1
    # The isolates around a right-to-left name draw nothing; poppler marks the text it
    # reads right to left (U+202B … U+202C), in reading order, the space after it within.
    content = re.sub("[\u2068\u2069\u202b\u202c]", "", text(path, layout=False))
    for name in (ali, "さくら", "Zoë", "鈴木"):
        assert re.search(f"{name} ?declares, {name} ?deals", content), name
    assert f"Players in seating order: {ali}, さくら, Zoë, 鈴木" in content
    assert _cjk_faces(path) == {"JP"}  # kana: Japanese
    assert off_the_page(path) == [] and overlapping(path) == []


@needs_cjk
def test_a_japanese_game_prints_with_the_same_numbers(tmp_path: Path) -> None:
    example = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    game = tmp_path / "game.json"
    game.write_text(json.dumps(with_players(example, JAPANESE)), encoding="utf-8")
    out = tmp_path / "game.pdf"
    proc = run("export", game, "-o", out)
    assert proc.returncode == 0, proc.stderr
    scored = run("score", game, "--json")
    assert scored.returncode == 0, scored.stderr
    as_json = json.loads(scored.stdout)
    totals = as_json["totals"]
    assert list(totals) == JAPANESE
    content = text(out)
    assert "山田 declares, 山田 deals" in content
    total = [line for line in content.splitlines() if re.match(r"\s*Total\s", line)]
    assert len(total) == 1, total
    numbers = [int(t.replace("−", "-")) for t in re.findall(r"[+−-]?\d+", total[0])]
    assert numbers == [*totals.values(), sum(totals.values())]
    # The doubling ledger: every pair, its numbers just after the names (once, each
    # number came out in the wrong font: "18" read "5▯").
    for pair in as_json["ledger"]["pairs"]:
        a, b = pair["players"]
        won = max(pair["players"], key=lambda p: pair["net"][p])
        lost = b if won == a else a
        row = rf"{a} – {b}\s+{pair['bets']}\s+{pair['redoubles']}\s+"
        row += rf"{won} won {pair['net'][won]} from {lost}"
        assert re.search(row, content), row
    assert _reads_cleanly(out)
    assert _cjk_faces(out) == {"JP"}
    for word, height in words(out):
        assert height >= MIN_BOX, f"{word!r} printed {height:.1f} pt high"
    assert off_the_page(out) == []


@needs_cjk
def test_the_rendered_pad_shows_the_names_in_ink(tmp_path: Path) -> None:
    """A glyph missing from every font would leave its box empty: the names are drawn."""
    path = _pad(tmp_path, JAPANESE)
    shown = visible(path, "^(山田|佐藤|鈴木|田中)$", tmp_path / "png", dpi=60)
    assert {s.split(" on ")[0] for s in shown} == set(JAPANESE)


@needs_cjk
def test_an_emoji_is_drawn_from_a_colour_emoji_font(tmp_path: Path) -> None:
    """fpdf2 draws the bitmaps of a colour emoji font (Noto Color Emoji), the glyphs used."""
    if not (_fc_list("🎲") or "").strip():
        _need("a colour emoji font", "fonts-noto-color-emoji")
    path = _pad(tmp_path, ["Ann 🎲", "山田", "Bob", "Cat"])
    assert pages(path) == 1
    # poppler spaces the emoji off, by the width the bitmap font gives it.
    assert re.search(r"Ann\s*🎲 declares, Ann\s*🎲 deals", text(path))
    assert "山田 declares" in text(path)
    assert path.stat().st_size < 150_000, path.stat().st_size
    assert _reads_cleanly(path)


def _unprintable() -> str:
    """A letter no font on this machine has."""
    for char in RARE:
        found = _fc_list(char)
        if found is not None and not found.strip():
            return char
    pytest.fail("every rare letter has a font on this machine: add one to RARE")


@needs_cjk
def test_a_letter_no_font_has_is_refused_in_one_line_naming_it(tmp_path: Path) -> None:
    char = _unprintable()
    name = f"{char}nn"
    out = tmp_path / "pad.pdf"
    proc = run("blank", "-o", out, "--players", f"{name},山田,Cat,Dan")
    line = assert_one_line_error(proc)
    assert f'the name "{name}"' in line, line
    assert f"{char} (U+{ord(char):04X})" in line, line
    assert "山" not in line.split(":", 2)[-1], line  # 山 has a font: not named
    assert list(tmp_path.iterdir()) == []
    example = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    game = tmp_path / "game.json"
    game.write_text(json.dumps(with_players(example, [name, "Bob", "Cat", "Dan"])), "utf-8")
    line = assert_one_line_error(run("export", game, "-o", tmp_path / "game.pdf"))
    assert f"{char} (U+{ord(char):04X})" in line, line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@needs_cjk
def test_text_drawn_beyond_the_documents_own_gets_a_face_too(tmp_path: Path) -> None:
    """The renderer's own words (a page's footer, "continued") are not in the document:
    a character of theirs DejaVu Sans lacks is given a face as it is measured or drawn."""
    pdf = fonts.new_pdf("DejaVu", "A4", ["Ann さん"], ["Ann"])
    pdf.add_page()
    pdf.set_font("DejaVu", "", 10)
    width = pdf.get_string_width("續き")
    assert width > pdf.get_string_width("Ann"), width
    pdf.cell(60, 10, "Ann 続き 1/2")
    pdf.set_font("DejaVu", "B", 10)
    pdf.cell(60, 10, "頁 2")
    out = tmp_path / "doc.pdf"
    out.write_bytes(bytes(pdf.output()))
    assert re.fullmatch(r"Ann 続き 1/2\s+頁\s*2\s*", text(out)), text(out)
    assert _cjk_faces(out) == {"JP"}  # kana in the document's own text: it is Japanese
    with pytest.raises(ScoresheetError, match=r'^PDF: "x\U00010000" has characters no font'):
        pdf.cell(60, 10, "x\U00010000")


# -- without the machine's fonts -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "named", "package"),
    [
        ("山田", "山 (U+5C71) 田 (U+7530)", "fonts-noto-cjk"),
        ("Ann 🎲", "🎲 (U+1F3B2)", "fonts-noto-color-emoji"),
    ],
)
def test_without_a_font_for_them_the_refusal_names_the_package(
    monkeypatch: pytest.MonkeyPatch, name: str, named: str, package: str
) -> None:
    from scoresheet.cli.pdf import pad_pdf

    monkeypatch.setattr(fonts, "machine_faces", lambda chars: ())
    with pytest.raises(ScoresheetError) as refused:
        pad_pdf([name, "Bob", "Cat", "Dan"], "classic")
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f'PDF: the name "{name}" has characters no font on this machine')
    assert message.endswith(
        f": {named}; install a font that has them (Debian/Ubuntu: apt-get install {package})"
    ), message


def test_a_latin_pad_looks_for_no_other_font(monkeypatch: pytest.MonkeyPatch) -> None:
    from scoresheet.cli.pdf import pad_pdf

    def looked(chars: frozenset[str]) -> tuple[Face, ...]:
        raise AssertionError(f"looked for a font for {sorted(chars)}")

    monkeypatch.setattr(fonts, "machine_faces", looked)
    assert pad_pdf(["Zoë", "Jérôme", "Ågot", "Łukasz"], "classic").startswith(b"%PDF")


@needs_cjk
def test_without_fontconfig_the_debian_noto_cjk_file_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fonts, "fc_list", lambda *args, **kwargs: None)
    faces = fonts.folder_faces(frozenset("山김"))
    regular = [f for f in faces if f.path == NOTO_CJK]
    assert {f.family for f in regular} >= {"Noto Sans CJK JP", "Noto Sans CJK KR"}
    assert all(f.covers == frozenset("山김") for f in regular)
    chosen = fonts.choose("山김", JA, faces)
    assert (chosen["山"].family, chosen["김"].family) == ("Noto Sans CJK JP", "Noto Sans CJK KR")


def test_fc_list_is_bounded_by_a_timeout_and_not_asked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[float] = []

    def hung(args: list[str], **kwargs: float) -> None:
        seen.append(kwargs["timeout"])
        raise subprocess.TimeoutExpired(args, kwargs["timeout"])

    monkeypatch.setattr(fonts, "_hung", False)
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(subprocess, "run", hung)
    assert fonts.fc_list(":charset=5c71", "%{file}\n") is None
    assert fonts.fc_list(":charset=7530", "%{file}\n") is None
    assert len(seen) == 1 and 0 < seen[0] <= 10


def test_fontconfig_is_asked_per_writing_then_per_character(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No font has 山, 김 and 𐀀 together: each writing is asked for, then 𐀀 alone; the
    face found for 山 and for 김 is one face, with both."""
    asked: list[str] = []
    noto = "/fonts/NotoSansCJK-Regular.ttc\t2\tNoto Sans CJK SC\t80\n"

    def fc(pattern: str, fmt: str) -> str:
        chars = {chr(int(h, 16)) for h in pattern.split("charset=")[1].split()}
        asked.append("".join(sorted(chars)))
        return noto if chars <= {"山", "김"} else ""

    monkeypatch.setattr(fonts, "fc_list", fc)
    monkeypatch.setattr(fonts, "folder_faces", lambda chars: [])
    found = fonts.machine_faces.__wrapped__(frozenset("山김\U00010000"))
    assert asked[0] == "".join(sorted("山김\U00010000"))
    assert sorted(asked[1:4]) == sorted(["山", "김", "\U00010000"])
    assert asked[4:] == ["\U00010000"]
    assert found == (
        Face(
            Path("/fonts/NotoSansCJK-Regular.ttc"), 2, "Noto Sans CJK SC", False, frozenset("山김")
        ),
    )


def test_table_commands_do_not_import_font_tools() -> None:
    import sys

    code = (
        "import sys, scoresheet.cli.app\n"
        "assert 'fontTools' not in sys.modules, 'fontTools'\n"
        "assert 'scoresheet.paper.fonts' not in sys.modules, 'fonts'\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


# -- the choice of face, from a made-up list of fonts ------------------------------------------

NAMES = "山田さくら김민준王伟"


def _face(family: str, *, bold: bool = False, covers: str = NAMES) -> Face:
    return Face(Path(f"/fonts/{family}.ttc"), 0, family, bold, frozenset(covers))


FAKES = [
    _face("Noto Serif CJK JP"),
    _face("Noto Sans Mono CJK SC"),
    _face("Noto Sans CJK TC"),
    _face("Noto Sans CJK KR"),
    _face("Noto Sans CJK JP", bold=True),
    _face("Noto Sans CJK JP"),
    _face("Noto Sans CJK SC"),
]


@pytest.mark.parametrize(
    ("han", "face"),
    [(JA, "Noto Sans CJK JP"), (ZH_HANS, "Noto Sans CJK SC"), (ZH_HANT, "Noto Sans CJK TC")],
)
def test_each_character_gets_the_sans_face_of_its_language(han: str, face: str) -> None:
    chosen = fonts.choose(NAMES, han, FAKES)
    assert {c: f.family for c, f in chosen.items()} == {
        **dict.fromkeys("山田王伟", face),
        **dict.fromkeys("さくら", "Noto Sans CJK JP"),
        **dict.fromkeys("김민준", "Noto Sans CJK KR"),
    }
    assert not any(f.bold for f in chosen.values())


def test_the_bold_face_is_the_same_family_in_bold() -> None:
    jp = fonts.choose("さ", JA, FAKES)["さ"]
    bold = fonts.bold_face(jp, FAKES, "さ")
    assert bold is not None and (bold.family, bold.bold) == ("Noto Sans CJK JP", True)
    assert fonts.bold_face(fonts.choose("김", KO, FAKES)["김"], FAKES, "김") is None


def test_without_a_face_of_its_language_a_character_takes_another() -> None:
    only_serif = [_face("Noto Serif CJK JP"), _face("Droid Sans Fallback", covers="김")]
    chosen = fonts.choose("山김", ZH_HANS, only_serif)
    assert [chosen[c].family for c in "山김"] == ["Noto Serif CJK JP", "Droid Sans Fallback"]


def test_a_character_no_face_has_is_left_out() -> None:
    chosen = fonts.choose("山\U00010000", JA, [_face("Noto Sans CJK JP", covers="山")])
    assert list(chosen) == ["山"]
    assert fonts.choose("山", JA, []) == {}


def test_the_language_of_the_chinese_characters() -> None:
    assert fonts.han_language("山田 佐藤 鈴木 田中") == JA  # 鈴: not in GB 2312
    assert fonts.han_language("山田さくら") == JA  # kana
    assert fonts.han_language("王伟 李娜") == ZH_HANS  # 伟: Simplified only
    assert fonts.han_language("山田 田中") == ZH_HANS  # the same in both: Simplified
    assert fonts.han_language("陳 峯") == JA  # 峯: in JIS X 0208, not in Big5
    assert fonts.han_language("陳雅婷") == ZH_HANT  # all three in Big5 alone


def test_the_refusal_names_the_package_that_draws_them() -> None:
    assert "fonts-noto-cjk" in fonts.packages("山김さ")
    assert "fonts-noto-color-emoji" in fonts.packages("🎲")
    assert fonts.packages("\U00010000") == ""
