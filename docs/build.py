"""Build the manual in English and in each translation, serve it, or update its catalogs.

    python docs/build.py               # docs/_build/html (English) and its fr/, de/, ja/, zh/
    python docs/build.py --lang ja     # English and Japanese only
    python docs/build.py --serve       # build, then serve at http://localhost:8000
    python docs/build.py --catalogs    # bring docs/locale/*/LC_MESSAGES/*.po up to date

Warnings are errors, in every language. The translated pages are ``TRANSLATED`` in
``docs/conf.py``; ``--catalogs`` extracts their messages (Sphinx's gettext builder) and
merges them into each language's catalogs: a new paragraph comes in untranslated, a changed
one keeps its old translation marked fuzzy (shown in English until a translator checks it),
and a removed one goes. ``tests/test_docs_i18n.py`` fails while a catalog is out of date,
untranslated or fuzzy.
"""

from __future__ import annotations

import argparse
import runpy
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
OUT = DOCS / "_build"
HEADER = """\
# The scoresheet manual's page {page}, translated.
# Copyright (C) 2026 the scoresheet authors
# This file is distributed under the same license as the scoresheet project.
# The games' words are those of docs/glossary.md for this language.
#"""
SPHINX = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q"]


def conf() -> dict[str, Any]:
    """The manual's configuration (``docs/conf.py``) as a namespace."""
    return runpy.run_path(str(DOCS / "conf.py"))


def translations(settings: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """(folder, Sphinx language) of each translation (of ``settings``, read if not given)."""
    languages = (settings or conf())["MANUAL_LANGUAGES"]
    return [(folder, code) for folder, code, _ in languages if folder]


def catalog(code: str, page: str) -> Path:
    """The catalog of one translated page in one language."""
    return DOCS / "locale" / code / "LC_MESSAGES" / f"{page}.po"


def extract(into: Path) -> None:
    """Every page's messages, one ``.pot`` per page (Sphinx's gettext builder)."""
    cmd = [*SPHINX, "-b", "gettext", "-d", str(into / "doctrees"), str(DOCS), str(into)]
    subprocess.run(cmd, check=True)


def update_catalogs() -> list[Path]:
    """Merge the translated pages' messages into each language's catalogs; the files written."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    settings = conf()
    codes = [code for _, code in translations(settings)]
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        pots = Path(tmp)
        extract(pots)
        for page in settings["TRANSLATED"]:
            with (pots / f"{page}.pot").open("rb") as f:
                template = read_po(f)
            for code in codes:
                path = catalog(code, page)
                if path.is_file():
                    with path.open("rb") as f:
                        po = read_po(f, locale=code)
                else:
                    po = Catalog(
                        locale=code,
                        header_comment=HEADER.format(page=page),
                        project="scoresheet manual",
                        version=page,
                        copyright_holder="the scoresheet authors",
                        msgid_bugs_address="the scoresheet issue tracker",
                        last_translator="the scoresheet authors",
                        language_team="the scoresheet authors",
                        fuzzy=False,
                    )
                created = po.creation_date  # a catalog keeps its own, not the extract's
                po.update(template, update_header_comment=False)
                po.creation_date = created
                path.parent.mkdir(parents=True, exist_ok=True)
                with path.open("wb") as f:
                    write_po(f, po, width=0, ignore_obsolete=True, include_previous=False)
                written.append(path)
    return written


def build(folder: str, code: str, into: Path = OUT) -> subprocess.CompletedProcess[str]:
    """The site in one language (English: ``into/html``; a translation: its folder there)."""
    out = into / "html" / folder if folder else into / "html"
    cmd = [*SPHINX, "-b", "html", "-D", f"language={code}"]
    cmd += ["-d", str(into / "doctrees" / code), str(DOCS), str(out)]
    return subprocess.run(cmd, capture_output=True, text=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", action="append", help="only this translation (repeatable)")
    parser.add_argument("--serve", action="store_true", help="serve the built site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--catalogs", action="store_true", help="update the catalogs only")
    args = parser.parse_args(argv)
    if args.catalogs:
        for path in update_catalogs():
            print(path.relative_to(DOCS.parent))
        return 0
    wanted = [("", "en"), *translations()]
    if args.lang:
        unknown = sorted(set(args.lang) - {folder for folder, _ in wanted})
        if unknown:
            parser.error(f"no translation {', '.join(unknown)}")
        wanted = [(f, c) for f, c in wanted if not f or f in args.lang]
    with ThreadPoolExecutor(max_workers=2) as pool:
        done = list(pool.map(lambda fc: build(*fc), wanted))
    failed = 0
    for (_, code), proc in zip(wanted, done, strict=True):
        sys.stderr.write(proc.stdout + proc.stderr)
        if proc.returncode:
            failed += 1
            print(f"the manual in {code} did not build", file=sys.stderr)
    if failed:
        return 1
    print(f"built: {OUT / 'html'} ({', '.join(c for _, c in wanted)})")
    if args.serve:
        subprocess.run(
            [sys.executable, "-m", "http.server", str(args.port), "-d", str(OUT / "html")],
            check=False,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
