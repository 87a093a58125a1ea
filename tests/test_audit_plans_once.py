"""An audit plans the workbook of the game it reads once: a long game's plan is most of
the work of planning, and the findings need only one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoresheet import record as rec
from scoresheet.sheets.audit import audit_path, export

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("example", "module", "planner"),
    [
        ("rosbiratschka", "scoresheet.games.rosbiratschka.sheet.plan", "Plan._results_sheet"),
        (
            "caribbean-all-fours",
            "scoresheet.games.caribbean_all_fours.sheet.audit",
            "plan_workbook",
        ),
        ("classic", "scoresheet.games.barbu.sheet.audit", "plan_workbook"),
    ],
)
def test_an_audit_plans_the_workbook_once(
    example: str, module: str, planner: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    path = tmp_path / f"{example}.xlsx"
    path.write_bytes(export(rec.load(ROOT / "examples" / f"{example}.json")))
    owner: Any = importlib.import_module(module)
    *outer, name = planner.split(".")
    for part in outer:
        owner = getattr(owner, part)
    original = getattr(owner, name)
    calls: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    report = audit_path(path)
    assert report.findings == []
    assert len(calls) == 1
