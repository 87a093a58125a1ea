"""Sphinx configuration of the manual: Markdown pages through MyST, the Furo theme.

Build it (warnings are errors)::

    python -m sphinx -W --keep-going -n -b html docs docs/_build/html
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
exclude_patterns = ["_build", "README.md", "**/*.tmp"]

# Headings up to ### get anchors, so a page links to a section: [x](table.md#how-answers-are-read).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

html_theme = "furo"
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
