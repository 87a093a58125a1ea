"""The fonts the PDFs are written in.

DejaVu Sans is the font of every PDF: it carries ♠♥♦♣ and names in Latin, Greek,
Cyrillic, Hebrew and Arabic. Nothing is shipped with the package: the font is the one
the system has (Debian's ``fonts-dejavu-core``, or any installation fontconfig knows
about); where it has none, Windows' and macOS's own Verdana stands in. When neither is
found, the PDF commands stop with one line naming the package.

A character DejaVu Sans lacks (Chinese, Japanese, Korean, …) is drawn, glyph by glyph,
from another font on the machine (fpdf2's fallback fonts), and only the glyphs used are
embedded. The font is one fontconfig knows (``fc-list``), else one of the usual CJK
fonts in the Linux, macOS and Windows font folders (Debian's ``fonts-noto-cjk``,
Hiragino, Apple SD Gothic Neo, Yu Gothic, Microsoft YaHei, Malgun Gothic, …). This is
looked for only when the text needs it, once per set of characters, each ``fc-list``
call bounded by a timeout (and none made once one has run out of time). Only a
character no font on the machine has is refused, in one line naming it and, where there
is one, the package that draws it.

The face. A CJK font comes in one face per language (Noto Sans CJK JP, KR, SC, TC): the
same Chinese character is drawn the way each country writes it. Hangul is drawn in a
Korean face and kana in a Japanese one. The Chinese characters (and the CJK punctuation)
of a PDF are all drawn in one face, the language of its text as a whole: Japanese if it
has kana; else the character set that has most of them, in the order GB 2312
(Simplified Chinese), JIS X 0208 (Japanese), Big5 (Traditional Chinese). So 王伟 and 张敏
are Chinese, 鈴木 Japanese (鈴 is not in GB 2312), 陳雅婷 Traditional; a pad of names the
sets share (山田, 田中) prints them in the Simplified Chinese face, whose forms of them
are the same. A face of the character's language comes first, then one that names no
language, then any other; sans-serif before serif and monospaced; bold text in the same
family's bold face where the machine has one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import N_, _
from scoresheet.paper.model import MIN_FONT

if TYPE_CHECKING:
    from fpdf import FPDF

FONT = "DejaVu"  # the family every PDF text is set in (new_pdf's family)
FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/local/share/fonts",
    "/usr/local/share/fonts/dejavu",
    "/opt/homebrew/share/fonts",
    "/Library/Fonts",
    "~/Library/Fonts",
    "~/.local/share/fonts",
    "~/.fonts",
)
# Where DejaVu Sans is not installed (Windows, macOS), the PDFs are set in Verdana, which
# every Windows and macOS has: its letters' widths are close to DejaVu Sans' (both are
# drawn from Bitstream Vera's shapes) and it has ♠♥♦♣; the fallback faces behind it (see
# ``_KNOWN``) draw what it lacks.
SUBSTITUTES = {"": ("verdana.ttf", "Verdana.ttf"), "B": ("verdanab.ttf", "Verdana Bold.ttf")}
SUBSTITUTE_DIRS = ("/System/Library/Fonts/Supplemental", "/Library/Fonts")
MISSING = N_(
    "PDF: the DejaVu Sans font was not found; install it "
    "(Debian/Ubuntu: apt-get install fonts-dejavu-core)"
)
TIMEOUT = 10  # seconds: one fontconfig call at most (it may be building its cache)


def _fc_match(family: str) -> Path | None:
    exe = shutil.which("fc-match")
    if exe is None:
        return None
    try:
        out = subprocess.run(
            [exe, "-f", "%{file}", family],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    path = Path(out)
    return path if out and path.name in FILES.values() and path.is_file() else None


@cache
def font_files() -> dict[str, Path]:
    """The regular ("") and bold ("B") DejaVu Sans files; ScoresheetError when missing."""
    found: dict[str, Path] = {}
    for style, name in FILES.items():
        for folder in DIRS:
            path = Path(folder).expanduser() / name
            if path.is_file():
                found[style] = path
                break
        else:
            match = _fc_match("DejaVu Sans:bold" if style == "B" else "DejaVu Sans")
            if match is not None and match.name == name:
                found[style] = match
    if set(found) != set(FILES):
        found = _substitute()
    if set(found) != set(FILES):
        raise ScoresheetError(_(MISSING))
    return found


def _substitute() -> dict[str, Path]:
    """Verdana's regular and bold files, from the first folder that has both; else none."""
    for folder in [Path(f) for f in SUBSTITUTE_DIRS] + _windows_folders():
        found = {
            style: folder / name
            for style, names in SUBSTITUTES.items()
            for name in names
            if (folder / name).is_file()
        }
        if set(found) == set(FILES):
            return found
    return {}


def _windows_folders() -> list[Path]:
    """The Windows font folders: the system's, and the user's own installed fonts."""
    folders = []
    if windir := os.environ.get("WINDIR"):
        folders.append(Path(windir) / "Fonts")
    elif os.name == "nt":
        folders.append(Path("C:\\Windows") / "Fonts")
    if local := os.environ.get("LOCALAPPDATA"):
        folders.append(Path(local) / "Microsoft" / "Windows" / "Fonts")
    return folders


# -- which language a character is written in ----------------------------------------------

JA, KO, ZH_HANS, ZH_HANT = "ja", "ko", "zh-Hans", "zh-Hant"

_HANGUL = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xFFA0, 0xFFDC))
_KANA = ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0x32D0, 0x32FE), (0xFF65, 0xFF9F), (0x1B000, 0x1B16F))
_IDEOGRAPHS = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3FFFF))
# Radicals, CJK punctuation, bopomofo, strokes, enclosed and full-width forms.
_CJK = (
    *_IDEOGRAPHS,
    *((0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3100, 0x312F), (0x3190, 0x33FF)),
    *((0xFE30, 0xFE4F), (0xFF00, 0xFFEF)),
)
_CHARSETS = ((ZH_HANS, "gb2312"), (JA, "shift_jis"), (ZH_HANT, "big5"))


def _within(char: str, ranges: Iterable[tuple[int, int]]) -> bool:
    return any(lo <= ord(char) <= hi for lo, hi in ranges)


def _in_charset(char: str, codec: str) -> bool:
    try:
        char.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def han_language(text: str) -> str:
    """The language whose face draws the Chinese characters of ``text`` (see above).

    >>> han_language("鈴木"), han_language("王伟"), han_language("陳雅婷")
    ('ja', 'zh-Hans', 'zh-Hant')
    """
    if any(_within(c, _KANA) for c in text):
        return JA
    han = [c for c in text if _within(c, _IDEOGRAPHS)]
    return max(_CHARSETS, key=lambda lc: sum(_in_charset(c, lc[1]) for c in han))[0]


def language(char: str, han: str) -> str:
    """The language whose face should draw ``char``: Korean for hangul, Japanese for kana,
    ``han`` for the Chinese characters and CJK punctuation, ``""`` (any) for the rest."""
    if _within(char, _HANGUL):
        return KO
    if _within(char, _KANA):
        return JA
    return han if _within(char, _CJK) else ""


def packages(chars: str) -> str:
    """The Debian packages whose fonts draw ``chars``, if known: to name in a refusal."""
    found = []
    if any(_within(c, (*_CJK, *_HANGUL, *_KANA)) for c in chars):
        found.append("fonts-noto-cjk")
    if any(0x1F000 <= ord(c) <= 0x1FAFF or 0x2600 <= ord(c) <= 0x27BF for c in chars):
        found.append("fonts-noto-color-emoji")
    return " ".join(found)


# -- the faces on the machine, and the one for each character --------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a font file (a collection, ``.ttc``, holds several, numbered from 0),
    and which of the characters asked about it has."""

    path: Path
    index: int
    family: str
    bold: bool = False
    covers: frozenset[str] = frozenset()


# The language of a face: the last word of its family (Noto Sans CJK JP, Source Han Sans
# K), or a family each system ships.
_TAGS = {"JP": JA, "KR": KO, "K": KO, "SC": ZH_HANS, "CN": ZH_HANS, "GB": ZH_HANS}
_TAGS |= {"TC": ZH_HANT, "HK": ZH_HANT, "TW": ZH_HANT, "HC": ZH_HANT}
_FAMILIES = (
    (ZH_HANS, ("Microsoft YaHei", "SimHei", "SimSun", "DengXian", "PingFang SC", "STHeiti")),
    (ZH_HANT, ("Microsoft JhengHei", "MingLiU", "PMingLiU", "PingFang TC", "PingFang HK")),
    (JA, ("Yu Gothic", "Meiryo", "MS Gothic", "MS PGothic", "Hiragino", "IPAexGothic")),
    (JA, ("IPAGothic", "TakaoGothic", "VL Gothic")),
    (KO, ("Malgun Gothic", "Apple SD Gothic Neo", "Nanum", "UnDotum", "Baekmuk")),
)
_SERIF = ("Serif", "Mincho", "Ming", "Song", "Sun", "Batang", "Myeongjo")


def face_language(family: str) -> str:
    """The language a face draws the Chinese characters of; ``""`` when it names none.

    >>> face_language("Noto Sans CJK JP"), face_language("Malgun Gothic")
    ('ja', 'ko')
    """
    words = family.split()
    if len(words) > 1 and words[-1] in _TAGS:
        return _TAGS[words[-1]]
    return next((lang for lang, names in _FAMILIES if family.startswith(names)), "")


def _rank(face: Face, lang: str) -> tuple[int, int, bool]:
    own = face_language(face.family)
    fit = 0 if own == lang or not lang else 1 if not own else 2
    style = 2 if "Mono" in face.family else 1 if any(s in face.family for s in _SERIF) else 0
    return fit, style, face.bold


def choose(chars: str, han: str, faces: Sequence[Face]) -> dict[str, Face]:
    """The face that draws each of ``chars`` (see above): ``han`` is the language of
    their Chinese characters; a character no face covers is left out."""
    groups: dict[str, set[str]] = {}
    for c in chars:
        groups.setdefault(language(c, han), set()).add(c)
    chosen: dict[str, Face] = {}
    for lang, left in groups.items():
        while usable := [f for f in faces if f.covers & left]:
            best = min(usable, key=lambda f: (_rank(f, lang), -len(f.covers & left), f.path))
            chosen |= dict.fromkeys(best.covers & left, best)
            left -= best.covers
    return chosen


def bold_face(face: Face, faces: Sequence[Face], chars: str) -> Face | None:
    """The bold face of ``face``'s family that has ``chars`` too, if there is one."""
    if face.bold:
        return face
    bold = [f for f in faces if f.bold and f.family == face.family and f.covers >= set(chars)]
    return min(bold, key=lambda f: (f.path != face.path, str(f.path), f.index), default=None)


_FILE_TYPES = (".ttf", ".otf", ".ttc", ".otc")  # what fpdf2 reads (and is not a web font)
_FC_FORMAT = "%{file}\t%{index}\t%{family[0]}\t%{weight}\n"


_hung = False  # fontconfig ran out of time once: it is not asked again


def fc_list(pattern: str, fmt: str) -> str | None:
    """``fc-list``'s answer; ``None`` without fontconfig, or when it fails or hangs."""
    global _hung
    exe = shutil.which("fc-list")
    if exe is None or _hung:
        return None
    try:
        proc = subprocess.run(
            [exe, "--format", fmt, pattern],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        _hung = True
        return None
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout if proc.returncode == 0 else None


def _fontconfig(chars: Iterable[str]) -> list[Face]:
    """The faces fontconfig knows that have every one of ``chars`` (upright)."""
    chars = frozenset(chars)
    out = fc_list(":slant=0:charset=" + " ".join(f"{ord(c):x}" for c in sorted(chars)), _FC_FORMAT)
    faces = []
    for line in (out or "").splitlines():
        path, index, family, weight = [*line.split("\t"), "", "", ""][:4]
        heavy = re.match(r"\[?(\d+)", weight)
        # A variable font's named instances carry their number above the face's (index >> 16).
        if path.lower().endswith(_FILE_TYPES) and index.isdigit() and int(index) < 0x10000:
            bold = heavy is not None and int(heavy[1]) >= 180  # fontconfig: 180 demibold
            faces.append(Face(Path(path), int(index), family, bold, chars))
    return faces


# The usual CJK and emoji fonts of each system, for a machine without fontconfig.
_FOLDERS = (
    "/usr/share/fonts/opentype/noto",  # Debian, Ubuntu: fonts-noto-cjk
    "/usr/share/fonts/noto-cjk",  # Arch
    "/usr/share/fonts/google-noto-cjk",  # Fedora
    "/usr/share/fonts/truetype/noto",  # Debian: fonts-noto-color-emoji
    "/System/Library/Fonts",
    "/System/Library/Fonts/Supplemental",
    "/Library/Fonts",
    "~/Library/Fonts",
)
_KNOWN = (
    "NotoSansCJK-Regular.ttc",
    "NotoSansCJK-Bold.ttc",
    "NotoColorEmoji.ttf",
    # macOS
    "Hiragino Sans GB.ttc",
    "ヒラギノ角ゴシック W3.ttc",
    "ヒラギノ角ゴシック W6.ttc",
    "AppleSDGothicNeo.ttc",
    "STHeiti Light.ttc",
    "STHeiti Medium.ttc",
    "Arial Unicode.ttf",
    # Windows
    "YuGothR.ttc",
    "YuGothB.ttc",
    "meiryo.ttc",
    "meiryob.ttc",
    "msyh.ttc",
    "msyhbd.ttc",
    "msjh.ttc",
    "msjhbd.ttc",
    "malgun.ttf",
    "malgunbd.ttf",
    "seguiemj.ttf",
    # What Verdana lacks where it stands in for DejaVu Sans: Hebrew, Arabic, symbols.
    "arial.ttf",
    "arialbd.ttf",
    "seguisym.ttf",
    "Arial.ttf",
    "Apple Symbols.ttf",
)


def _folders() -> list[Path]:
    return [Path(f).expanduser() for f in _FOLDERS] + _windows_folders()


def _read_faces(path: Path, chars: frozenset[str]) -> list[Face]:
    """Every face of a font file, with which of ``chars`` it has; none if unreadable."""
    from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

    collection = path.suffix.lower() in (".ttc", ".otc")
    faces = []
    try:
        with (TTCollection if collection else TTFont)(str(path), lazy=True) as opened:
            has: dict[object, frozenset[str]] = {}
            for index, font in enumerate(opened.fonts if collection else [opened]):
                # Faces of a collection may share one character map: read it once.
                key = getattr(font.reader.tables.get("cmap"), "offset", index)
                if key not in has:
                    cmap = font.getBestCmap() or {}
                    has[key] = frozenset(c for c in chars if ord(c) in cmap)
                family = str(font["name"].getBestFamilyName() or path.stem)
                bold = int(font["OS/2"].usWeightClass) >= 600
                faces.append(Face(path, index, family, bold, has[key]))
    except Exception:  # a damaged or unreadable font file is no font
        return []
    return faces


def folder_faces(chars: frozenset[str]) -> list[Face]:
    """The faces of the usual fonts in the system's font folders that fontconfig (when
    there is one) does not already know, with which of ``chars`` each has."""
    listed = fc_list(":", "%{file}\n")
    known = set((listed or "").splitlines())
    found = []
    for folder in _folders():
        for name in _KNOWN:
            path = folder / name
            if str(path) not in known and path.is_file():
                found += [f for f in _read_faces(path, chars) if f.covers]
    return found


@cache
def machine_faces(chars: frozenset[str]) -> tuple[Face, ...]:
    """The faces on this machine that have some of ``chars``: fontconfig's for all of
    them, else for those of each writing (hangul, kana, Chinese, the rest), else for each
    character; then the usual fonts in the folders for any still left."""
    faces = _fontconfig(chars)
    if not faces and len(chars) > 1:
        groups: dict[str, set[str]] = {}
        for c in chars:
            groups.setdefault(language(c, "Han"), set()).add(c)
        for group in groups.values() if len(groups) > 1 else ():
            faces += _fontconfig(group)
        covered = set().union(*(f.covers for f in faces))
        for c in sorted(chars - covered):
            faces += _fontconfig(c)
    covered = set().union(*(f.covers for f in faces))
    if left := chars - covered:
        faces += folder_faces(frozenset(left))
    # One face found for several characters is one face, with all of them.
    merged: dict[tuple[Path, int], Face] = {}
    for f in faces:
        same = merged.get((f.path, f.index), f)
        merged[f.path, f.index] = replace(same, covers=same.covers | f.covers)
    return tuple(merged.values())


# -- the document ----------------------------------------------------------------------------

_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))  # variation selectors: they draw nothing


def new_pdf(family: str, page: str, texts: Sequence[str], names: Sequence[str]) -> FPDF:
    """An fpdf2 document (mm, ``page`` "A4" or "Letter") whose font ``family`` is DejaVu
    Sans and, behind it, a face on the machine for each character DejaVu Sans lacks: those
    of ``texts`` now, and of any other text as it is measured or drawn. A character no
    font has is refused, naming the first of ``names`` (the players) or else of the texts
    that holds it."""
    files = font_files()
    from fpdf import FPDF

    class Document(FPDF):
        def get_fallback_font(self, char: str, style: str = "") -> str | None:
            fallback = behind.drawn_by.get(char)
            if fallback is None:
                return None
            return fallback + "B" if "B" in style and fallback + "B" in self.fonts else fallback

        def get_string_width(
            self, s: str, normalized: bool = False, markdown: bool = False
        ) -> float:
            behind.cover([s])
            return super().get_string_width(s, normalized, markdown)

        def cell(
            self,
            w: float | None = None,
            h: float | None = None,
            text: str = "",
            *args: Any,
            **kwargs: Any,
        ) -> bool:
            behind.cover([text])
            drawn = super().cell(w, h, text, *args, **kwargs)
            if behind.drawn_by:
                # fpdf2 sets the font of a line that begins in a fallback font within the
                # line's own graphics state (q … Q), yet counts it as set for the page: the
                # next line would be shown in the wrong font (or none). Set it again.
                self.current_font_is_set_on_page = False
            return drawn

    pdf = Document(unit="mm", format=page)
    for style, path in files.items():
        pdf.add_font(family, style, str(path))
    behind = _Fallbacks(pdf, family, han_language("".join(texts)))
    behind.cover(texts, names)
    return pdf


class _Fallbacks:
    """The faces behind DejaVu Sans in one document, and which draws each character."""

    def __init__(self, pdf: FPDF, family: str, han: str) -> None:
        self.pdf = pdf
        self.han = han  # the language of the document's Chinese characters
        self.cmaps = [getattr(pdf.fonts[family.lower() + s], "cmap", {}) for s in FILES]
        self.seen: set[str] = set()
        self.drawn_by: dict[str, str] = {}  # character -> the fallback family drawing it
        self.families: dict[tuple[Path, int], str] = {}

    def cover(self, texts: Sequence[str], names: Sequence[str] = ()) -> None:
        """Give each character of ``texts`` that DejaVu Sans (regular or bold) lacks the
        face that draws it; refuse one that no face has and regular DejaVu Sans lacks."""
        new = {c for t in texts for c in t} - self.seen
        if not new:
            return
        self.seen |= new
        lacking = "".join(
            sorted(
                c
                for c in new
                if c.isprintable()
                and not _within(c, _SELECTORS)
                and any(ord(c) not in cmap for cmap in self.cmaps)
            )
        )
        if not lacking:
            return
        faces = machine_faces(frozenset(lacking))
        chosen = choose(lacking, self.han, faces)
        missing = [c for c in lacking if ord(c) not in self.cmaps[0] and c not in chosen]
        if missing:
            for font in self.pdf.fonts.values():  # fpdf2 reads a font file as it needs it
                if opened := getattr(font, "ttfont", None):
                    opened.close()
            raise _refusal(missing, texts, names)
        for char, face in chosen.items():
            key = (face.path, face.index)
            if key not in self.families:
                self.families[key] = f"fallback{len(self.families) + 1}"
                mine = "".join(c for c, f in chosen.items() if f == face)
                bold = bold_face(face, faces, mine)
                for style, one in (("", face), ("B", bold)):
                    if one is not None:
                        self.pdf.add_font(
                            self.families[key], style, one.path, collection_font_number=one.index
                        )
            self.drawn_by[char] = self.families[key]
        self.pdf.set_fallback_fonts(list(self.families.values()), exact_match=False)


def _refusal(missing: Sequence[str], texts: Sequence[str], names: Sequence[str]) -> ScoresheetError:
    """One line: where the first of ``missing`` is, its characters, who draws them."""
    name = next((n for n in names if set(n) & set(missing)), None)
    text = next(n for n in [*names, *texts] if set(n) & set(missing))
    chars = sorted(set(text) & set(missing))
    package = packages("".join(chars))
    shown = " ".join(f"{c} (U+{ord(c):04X})" for c in chars)
    if name is not None:
        message = _(
            'PDF: the name "{name}" has characters no font on this machine can print: '
            "{chars}; install a font that has them"
        )
    else:
        message = _(
            'PDF: "{name}" has characters no font on this machine can print: '
            "{chars}; install a font that has them"
        )
    if package:
        message += " " + _("(Debian/Ubuntu: apt-get install {package})")
    return ScoresheetError(
        message.format(name=text if name is None else name, chars=shown, package=package)
    )


def fit(pdf: FPDF, text: str, width: float, size: float, style: str = "") -> float:
    """The largest size from ``size`` down to MIN_FONT at which ``text`` fits; sets it."""
    while size > MIN_FONT:
        pdf.set_font(FONT, style, size)
        if pdf.get_string_width(text) <= width:
            return size
        size = max(MIN_FONT, size - 0.5)
    pdf.set_font(FONT, style, MIN_FONT)
    return MIN_FONT
