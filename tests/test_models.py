"""The shipped validator schemas are exactly what pydantic generates from the models."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoresheet.models import all_models, schema_text

SCHEMAS = Path(__file__).resolve().parents[1] / "scoresheet" / "schemas"


@pytest.mark.parametrize("name", sorted(all_models()))
def test_shipped_schema_matches_the_model(name: str) -> None:
    shipped = (SCHEMAS / f"{name}.json").read_text(encoding="utf-8")
    assert shipped == schema_text(name), (
        f"scoresheet/schemas/{name}.json is stale: run `python -m scoresheet.models`"
    )
