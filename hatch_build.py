"""The package build: every translation catalog compiled into the wheel.

``scoresheet/locale/<code>.po`` is the catalog a translator edits; the wheel carries it
compiled (``<code>.mo``, what gettext loads), so an installed scoresheet never parses a
``.po`` at start-up.
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogBuildHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "catalogs"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        spec = importlib.util.spec_from_file_location(
            "_scoresheet_catalog", root / "scoresheet" / "i18n" / "catalog.py"
        )
        assert spec is not None and spec.loader is not None
        catalog = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = catalog  # dataclasses look their module up there
        spec.loader.exec_module(catalog)
        self._out = tempfile.TemporaryDirectory()
        for po in sorted((root / "scoresheet" / "locale").glob("*.po")):
            mo = Path(self._out.name) / f"{po.stem}.mo"
            entries = catalog.parse(po.read_text(encoding="utf-8"), po.name)
            mo.write_bytes(catalog.mo_bytes(entries))
            build_data["force_include"][str(mo)] = f"scoresheet/locale/{po.stem}.mo"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            out.cleanup()
