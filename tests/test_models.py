"""The shipped validator schemas are exactly what pydantic generates from the models."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheet.models import all_models, schema_text
from scoresheet.validation import schema_path


@pytest.mark.parametrize("name", sorted(all_models()))
def test_shipped_schema_matches_the_model(name: str) -> None:
    shipped = schema_path(name).read_text(encoding="utf-8")
    assert shipped == schema_text(name), (
        f"the schema {name} is stale: run `python -m scoresheet.models`"
    )


def test_null_dropped_keys_are_the_headers_nullable_keys() -> None:
    """A game file's top-level key that the models let be null is left out when null;
    any other key is another tool's and kept as it is (see the next test)."""
    import types
    import typing

    from scoresheet.record import NULL_DROPPED

    nullable = set()
    for name, model in all_models().items():
        if not name.startswith("game-"):
            continue
        for key, hint in typing.get_type_hints(model).items():
            args = typing.get_args(hint)
            while args and typing.get_origin(hint) not in (typing.Union, types.UnionType):
                hint, args = args[0], typing.get_args(args[0])  # NotRequired, Annotated
            if type(None) in args and key != "options":  # options: written when not empty
                nullable.add(key)
    assert nullable == NULL_DROPPED


def test_another_tools_null_key_survives_a_save(tmp_path: Path) -> None:
    """The spec lets a file carry more keys: one whose value is null was dropped by the
    first save (an empty list was kept)."""
    from tests.cli_helpers import ROOT, run

    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:1]
    data["x-null"], data["x-empty"] = None, []
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = run("undo", path, "--yes")
    assert proc.returncode == 0, proc.stderr
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["deals"] == [] and saved["x-null"] is None and saved["x-empty"] == []
