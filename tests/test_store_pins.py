"""Direct pins on the store a refactor must keep: a failing folder fsync and a failing
output-file fsync (what the user is told, no temporary left), and ``write_if_unchanged``
saving while it holds the game's lock."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.store import (
    atomic_write_text,
    locked,
    read_snapshot,
    write_if_unchanged,
    write_new_file,
)

_real_fsync = os.fsync


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.endswith(".lock"))


def _failing_fsync(on_folder: bool, code: int) -> object:
    def fsync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode) == on_folder:
            raise OSError(code, os.strerror(code))
        _real_fsync(fd)

    return fsync


@pytest.mark.parametrize("existed", [True, False])
def test_a_failing_folder_fsync_says_the_file_was_saved_but_not_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, existed: bool
) -> None:
    game = tmp_path / "game.json"
    if existed:
        game.write_text("[]", encoding="utf-8")
    monkeypatch.setattr(os, "fsync", _failing_fsync(True, errno.EIO))
    with pytest.raises(ScoresheetError) as caught:
        atomic_write_text(game, "[1]")
    monkeypatch.undo()
    assert str(caught.value) == (
        f"{game}: saved, but the folder could not be synced to disk: Input/output error"
    )
    assert game.read_text(encoding="utf-8") == "[1]"  # the rename has happened
    assert _names(tmp_path) == ["game.json"]  # and no temporary is left


def test_a_folder_that_cannot_be_synced_at_all_is_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game.json"
    monkeypatch.setattr(os, "fsync", _failing_fsync(True, errno.EINVAL))
    atomic_write_text(game, "[1]")
    monkeypatch.undo()
    assert game.read_text(encoding="utf-8") == "[1]"
    assert _names(tmp_path) == ["game.json"]


@pytest.mark.parametrize("force", [True, False])
def test_a_failing_output_file_fsync_writes_nothing_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, force: bool
) -> None:
    out = tmp_path / "game.xlsx"
    if force:
        out.write_bytes(b"old")
    monkeypatch.setattr(os, "fsync", _failing_fsync(False, errno.ENOSPC))
    with pytest.raises(ScoresheetError) as caught:
        write_new_file(out, b"new", force=force)
    monkeypatch.undo()
    assert str(caught.value) == f"{out}: cannot write: No space left on device"
    if force:
        assert out.read_bytes() == b"old"
        assert _names(tmp_path) == ["game.xlsx"]
    else:
        assert _names(tmp_path) == []


def test_write_if_unchanged_saves_while_holding_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game.json"
    game.write_text("[]", encoding="utf-8")
    snapshot = read_snapshot(game)
    seen: list[str] = []
    real_replace = os.replace

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        # At the moment the new text takes the file's name, another writer is kept out.
        try:
            with locked(game, timeout=0):
                seen.append("free")
        except ScoresheetError as error:
            seen.append(str(error))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    write_if_unchanged(snapshot, "[1]")
    monkeypatch.undo()
    assert seen == [f"{game} is busy: another scoresheet command is writing it"]
    assert game.read_text(encoding="utf-8") == "[1]"
    with locked(game, timeout=0):  # and released after
        pass
