"""Sphinx configuration of the manual: Markdown pages through MyST, the Furo theme.

Build it, in English and each translation (warnings are errors)::

    python docs/build.py            # docs/_build/html, and its fr/, de/, ja/, zh/
    python docs/build.py --serve    # and serve it at http://localhost:8000

The player pages (``TRANSLATED``) are also published in French, German, Japanese and
Chinese from the gettext catalogs in ``docs/locale/<language>/LC_MESSAGES/``; after changing
one of those pages, ``python docs/build.py --catalogs`` brings its catalogs up to date.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

project = "scoresheet"
author = "the scoresheet authors"
copyright = "2026, the scoresheet authors"

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_templates", "locale", "README.md", "**/*.tmp"]

# Headings up to ### get anchors, so a page links to a section: [x](table.md#how-answers-are-read).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

# The translations: (folder of the built site, Sphinx's language, the language's own name).
# The English manual is the site's root; each translation is built into its folder.
MANUAL_LANGUAGES = [
    ("", "en", "English"),
    ("fr", "fr", "Français"),
    ("de", "de", "Deutsch"),
    ("ja", "ja", "日本語"),
    ("zh", "zh_CN", "中文"),
]
# The pages for a player and the games' pages are translated; the reference pages (the
# commands, presets, file format, HTTP API, library, glossary…) are English in every language.
TRANSLATED = [
    "index",
    "quickstart",
    "table",
    "phones",
    "paper",
    "spreadsheets",
    "settle-stats",
    "club-night",
    "languages",
    "install",
    "games/index",
    "games/barbu",
    "games/rosbiratschka",
    "games/caribbean-all-fours",
    "games/belote",
    "games/coinche",
]
language = "en"
locale_dirs = ["locale/"]
gettext_compact = False
gettext_uuid = False
gettext_location = False
gettext_last_translator = "the scoresheet authors"
gettext_language_team = "the scoresheet authors"
# The code blocks are not messages: they stay as written, comments included (a code
# block translated in a MyST page is read back as reStructuredText and lost).
gettext_additional_targets: list[str] = []
# A picture made in the page's language (pad-classic-ja.png) stands in for the English one.
figure_language_filename = "{root}-{language}{ext}"

html_theme = "furo"
templates_path = ["_templates"]
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/languages.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
html_context = {"manual_languages": MANUAL_LANGUAGES}
html_title = "scoresheet"
html_static_path: list[str] = []

# autodoc: the library's public functions, from their docstrings, signatures as written.
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(?!scoresheet\.).*"),  # types of Python and the libraries used
    (r"py:.*", r"scoresheet\..*\._.*"),
    # the result classes, documented under the names the package exports
    (r"py:class", r"scoresheet\.(results|evening\.\w+)\.\w+"),
]
