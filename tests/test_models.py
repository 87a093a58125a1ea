"""The shipped validator schemas are exactly what pydantic generates from the models."""

from __future__ import annotations

import pytest

from scoresheet.models import all_models, schema_text
from scoresheet.validation import schema_path


@pytest.mark.parametrize("name", sorted(all_models()))
def test_shipped_schema_matches_the_model(name: str) -> None:
    shipped = schema_path(name).read_text(encoding="utf-8")
    assert shipped == schema_text(name), (
        f"the schema {name} is stale: run `python -m scoresheet.models`"
    )
