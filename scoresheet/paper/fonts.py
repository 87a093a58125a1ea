"""The font the PDFs are written in: DejaVu Sans, which carries ♠♥♦♣ and accented names.

Nothing is shipped with the package: the font is the one the system has (Debian's
``fonts-dejavu-core``, or any installation fontconfig knows about). When none is
found, the PDF commands stop with one line naming the package to install.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path

from scoresheet.errors import ScoresheetError

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
MISSING = (
    "PDF: the DejaVu Sans font was not found; install it "
    "(Debian/Ubuntu: apt-get install fonts-dejavu-core)"
)


def _fc_match(family: str) -> Path | None:
    exe = shutil.which("fc-match")
    if exe is None:
        return None
    try:
        out = subprocess.run(
            [exe, "-f", "%{file}", family],
            capture_output=True,
            text=True,
            timeout=10,
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
        raise ScoresheetError(MISSING)
    return found
