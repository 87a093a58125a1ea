"""Tests for scoresheet.store: atomic writes, locking and lost-update checks.

Several tests start real Python processes (killed mid-write, or racing each other) because
the guarantees under test are about what other processes and crashes can observe.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scoresheet.errors import ScoresheetError
from scoresheet.store import (
    Snapshot,
    atomic_write_text,
    create_new,
    locked,
    read_snapshot,
    remove_stale_temporaries,
    update,
    write_if_unchanged,
)

ROOT = Path(__file__).resolve().parents[1]

WRITER = """
import sys
from pathlib import Path
from scoresheet.store import atomic_write_text

target = Path(sys.argv[1])
docs = [Path(name).read_text(encoding="utf-8") for name in sys.argv[2:]]
print("ready", flush=True)
turn = 1
while True:
    atomic_write_text(target, docs[turn % len(docs)])
    turn += 1
"""

APPENDER = """
import json
import sys
from pathlib import Path
from scoresheet.store import update

target, worker, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()
for number in range(count):
    item = f"{worker}-{number}"
    update(target, lambda text, item=item: json.dumps([*json.loads(text), item]))
"""

HOLDER = """
import sys
from pathlib import Path
from scoresheet.store import locked

with locked(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()
"""

REWRITER = """
import sys
from pathlib import Path
from scoresheet.store import atomic_write_text

atomic_write_text(Path(sys.argv[1]), sys.argv[2])
"""


@pytest.fixture
def env() -> dict[str, str]:
    """The environment for a child Python that imports scoresheet from this checkout."""
    existing = os.environ.get("PYTHONPATH")
    python_path = str(ROOT) if not existing else os.pathsep.join([str(ROOT), existing])
    return {**os.environ, "PYTHONPATH": python_path}


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _python(script: str, *args: str | Path) -> list[str]:
    return [sys.executable, "-c", script, *map(str, args)]


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _names(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir())


def _other_holds_lock(game: Path) -> int:
    """Take the game's lock through a separate open file, as another process would."""
    fd = os.open(game.with_name(f".{game.name}.lock"), os.O_RDWR | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


# --- read_snapshot ---------------------------------------------------------------------------


def test_read_snapshot_keeps_text_exactly_and_digests_the_bytes(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    data = '{"players": ["Zoë", "Łukasz"]}\r\n'.encode()
    game.write_bytes(data)

    snapshot = read_snapshot(game)

    assert snapshot == Snapshot(path=game, text=data.decode("utf-8"), data=data)
    assert snapshot.digest == hashlib.sha256(data).hexdigest()
    assert snapshot.text.endswith("\r\n")


def test_read_snapshot_of_missing_file_names_it(tmp_path: Path) -> None:
    game = tmp_path / "GAME.json"
    with pytest.raises(ScoresheetError) as caught:
        read_snapshot(game)
    assert str(caught.value) == f"{game}: no such file"


def test_read_snapshot_of_non_utf8_file_says_not_text(tmp_path: Path) -> None:
    game = tmp_path / "GAME.json"
    game.write_bytes(b'{"name": "\xff\xfe"}')
    with pytest.raises(ScoresheetError, match=r"GAME\.json: not a text file"):
        read_snapshot(game)


def test_read_snapshot_of_folder_names_it(tmp_path: Path) -> None:
    with pytest.raises(ScoresheetError, match=r"is a folder"):
        read_snapshot(tmp_path)


# --- atomic_write_text -----------------------------------------------------------------------


def test_atomic_write_creates_file_with_umask_permissions(tmp_path: Path, umask_022: None) -> None:
    game = tmp_path / "game.json"

    atomic_write_text(game, '{"deals": []}\n')

    assert game.read_bytes() == b'{"deals": []}\n'
    assert _mode(game) == 0o644
    assert _names(tmp_path) == ["game.json"]


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664, 0o644, 0o200])
def test_atomic_write_replaces_and_keeps_permission_bits(
    tmp_path: Path, umask_022: None, mode: int
) -> None:
    game = tmp_path / "game.json"
    game.write_text("old, and longer than the new text\n", encoding="utf-8")
    game.chmod(mode)

    atomic_write_text(game, "new\n")

    assert game.read_bytes() == b"new\n"
    assert _mode(game) == mode
    assert _names(tmp_path) == ["game.json"]


@pytest.mark.parametrize("mode", [0o444, 0o400, 0o000])
def test_atomic_write_refuses_a_read_only_file(tmp_path: Path, mode: int) -> None:
    game = tmp_path / "game.json"
    game.write_text("old\n", encoding="utf-8")
    game.chmod(mode)

    with pytest.raises(ScoresheetError) as caught:
        atomic_write_text(game, "new\n")

    assert str(caught.value) == (
        f"{game}: is write-protected (read-only, or not yours); nothing was saved"
    )
    game.chmod(0o600)
    assert game.read_bytes() == b"old\n"
    assert _mode(game) == 0o600 and _names(tmp_path) == ["game.json"]


def test_atomic_write_keeps_text_exactly(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    text = '{"dealer": "Zoë"}\r\n\r\n'
    atomic_write_text(game, text)
    assert game.read_bytes() == text.encode("utf-8")


def test_atomic_write_through_symlink_rewrites_the_target(tmp_path: Path) -> None:
    real = tmp_path / "games" / "real.json"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "game.json"
    link.symlink_to(real)

    atomic_write_text(link, "new")

    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"
    assert _names(real.parent) == ["real.json"]


def test_atomic_write_into_missing_folder_names_the_file(tmp_path: Path) -> None:
    game = tmp_path / "nowhere" / "game.json"
    with pytest.raises(ScoresheetError, match=r"game\.json: cannot save: no such folder"):
        atomic_write_text(game, "{}")


@pytest.mark.parametrize("existed", [True, False])
@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_atomic_write_failure_leaves_target_untouched_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, existed: bool, failing: str
) -> None:
    game = tmp_path / "game.json"
    original = b'{"deals": [1, 2, 3]}\n'
    if existed:
        game.write_bytes(original)

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(ScoresheetError) as caught:
        atomic_write_text(game, '{"deals": []}\n')
    monkeypatch.undo()

    assert str(caught.value) == f"{game}: cannot save: No space left on device"
    if existed:
        assert game.read_bytes() == original
        assert _names(tmp_path) == ["game.json"]
    else:
        assert _names(tmp_path) == []


def test_atomic_write_interrupted_cleans_up_and_reraises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game.json"
    game.write_bytes(b"[]")

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(game, "[1]")
    monkeypatch.undo()

    assert game.read_bytes() == b"[]"
    assert _names(tmp_path) == ["game.json"]


def _document(size: int, label: str) -> str:
    """A valid JSON document of at least ``size`` characters."""
    deals: list[dict[str, object]] = []
    text = ""
    while len(text) < size:
        deals.extend(
            {"deal": n, "label": label, "scores": [n, -n, 2 * n, -2 * n]}
            for n in range(len(deals), len(deals) + 200)
        )
        text = json.dumps({"label": label, "deals": deals}, indent=1)
    return text


def test_killed_writer_never_leaves_a_torn_file(tmp_path: Path, env: dict[str, str]) -> None:
    docs = [_document(size, label) for size, label in [(150_000, "a"), (260_000, "b")]]
    docs.append(_document(210_000, "c"))
    doc_files = []
    for number, text in enumerate(docs):
        doc_file = tmp_path / f"doc{number}.json"
        doc_file.write_text(text, encoding="utf-8")
        doc_files.append(doc_file)
    assert len({len(text) for text in docs}) == len(docs)
    games = tmp_path / "games"
    games.mkdir()
    game = games / "game.json"
    game.write_text(docs[0], encoding="utf-8")

    rng = random.Random(20240611)
    seen: set[int] = set()
    for iteration in range(200):
        with subprocess.Popen(
            _python(WRITER, game, *doc_files),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        ) as writer:
            assert writer.stdout is not None
            ready = writer.stdout.readline()
            time.sleep(rng.uniform(0.0, 0.05))
            writer.send_signal(signal.SIGKILL)
            _, errors = writer.communicate(timeout=30)
        assert ready == "ready\n", errors
        assert writer.returncode == -signal.SIGKILL, errors

        text = game.read_text(encoding="utf-8")
        assert text in docs, f"iteration {iteration}: torn file of {len(text)} characters"
        json.loads(text)
        seen.add(docs.index(text))

    # The writer really did rewrite the file many times between kills.
    assert seen == {0, 1, 2}
    # Kills may leave a temporary file behind, but only ever a hidden one beside the game,
    # and the cleanup of a later save recognises every one of them as this game's.
    leftovers = [name for name in _names(games) if name != "game.json"]
    assert all(name.startswith(".game.json.") and name.endswith(".tmp") for name in leftovers)
    assert remove_stale_temporaries(game, older_than=0) == len(leftovers)
    assert _names(games) == ["game.json"]


# --- locked ----------------------------------------------------------------------------------


def test_locked_creates_a_sidecar_lock_file_and_keeps_it(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    with locked(game):
        assert _names(tmp_path) == [".game.json.lock"]
    assert _names(tmp_path) == [".game.json.lock"]
    assert not game.exists()


def test_locked_times_out_when_another_holds_the_lock(tmp_path: Path) -> None:
    game = tmp_path / "GAME.json"
    fd = _other_holds_lock(game)
    try:
        started = time.monotonic()
        with pytest.raises(ScoresheetError) as caught, locked(game, timeout=0.2):
            pytest.fail("the lock was taken twice")
        waited = time.monotonic() - started
    finally:
        os.close(fd)

    assert str(caught.value) == f"{game} is busy: another scoresheet command is writing it"
    assert 0.2 <= waited < 2.0
    with locked(game, timeout=0):  # free again once the other holder lets go
        pass


def test_locked_is_exclusive_while_held_and_free_after(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    with locked(game):
        with pytest.raises(BlockingIOError):
            os.close(_other_holds_lock(game))
        with pytest.raises(ScoresheetError, match="is busy"), locked(game, timeout=0):
            pass
    os.close(_other_holds_lock(game))


def test_locked_waits_for_the_other_holder(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    fd = _other_holds_lock(game)
    releaser = threading.Timer(0.15, os.close, args=(fd,))
    releaser.start()
    started = time.monotonic()
    try:
        with locked(game, timeout=5.0):
            waited = time.monotonic() - started
    finally:
        releaser.join()
    assert 0.1 <= waited < 5.0


def test_lock_held_by_another_process_and_released_when_it_dies(
    tmp_path: Path, env: dict[str, str]
) -> None:
    game = tmp_path / "GAME.json"
    with subprocess.Popen(
        _python(HOLDER, game),
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as holder:
        assert holder.stdout is not None
        try:
            assert holder.stdout.readline() == "held\n"
            with (
                pytest.raises(ScoresheetError, match=r"GAME\.json is busy"),
                locked(game, timeout=0.2),
            ):
                pass
        finally:
            holder.kill()
            holder.communicate(timeout=30)
    with locked(game, timeout=5.0):
        assert (tmp_path / ".GAME.json.lock").exists()


# --- write_if_unchanged, create_new, update ----------------------------------------------------


def test_write_if_unchanged_saves_when_nothing_changed(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text("[1]", encoding="utf-8")
    snapshot = read_snapshot(game)

    write_if_unchanged(snapshot, "[1, 2]")

    assert game.read_text(encoding="utf-8") == "[1, 2]"


def test_write_if_unchanged_refuses_after_another_process_wrote(
    tmp_path: Path, env: dict[str, str]
) -> None:
    game = tmp_path / "GAME.json"
    game.write_text('["mine"]', encoding="utf-8")
    snapshot = read_snapshot(game)
    subprocess.run(_python(REWRITER, game, '["theirs"]'), env=env, check=True, timeout=30)

    with pytest.raises(ScoresheetError) as caught:
        write_if_unchanged(snapshot, '["mine", "more"]')

    assert str(caught.value) == (
        f"{game} changed since it was read (another command wrote it); "
        "nothing was saved — run the command again"
    )
    assert game.read_text(encoding="utf-8") == '["theirs"]'


def test_write_if_unchanged_notices_same_size_same_time_change(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text('{"score": 10}', encoding="utf-8")
    before = game.stat()
    snapshot = read_snapshot(game)
    game.write_text('{"score": 90}', encoding="utf-8")
    os.utime(game, ns=(before.st_atime_ns, before.st_mtime_ns))

    with pytest.raises(ScoresheetError, match="changed since it was read"):
        write_if_unchanged(snapshot, '{"score": 11}')
    assert game.read_text(encoding="utf-8") == '{"score": 90}'


def test_write_if_unchanged_refuses_when_file_disappeared(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text("[]", encoding="utf-8")
    snapshot = read_snapshot(game)
    game.unlink()

    with pytest.raises(ScoresheetError, match="changed since it was read"):
        write_if_unchanged(snapshot, "[1]")
    assert not game.exists()


def test_create_new_creates_a_file(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    create_new(game, '{"game": "barbu"}')
    assert game.read_text(encoding="utf-8") == '{"game": "barbu"}'


def test_create_new_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    game = tmp_path / "GAME.json"
    original = b'{"deals": [1, 2, 3]}\n'
    game.write_bytes(original)

    with pytest.raises(ScoresheetError) as caught:
        create_new(game, "{}")

    assert str(caught.value) == f"{game} already exists (use --force to replace it)"
    assert game.read_bytes() == original


def test_create_new_with_force_replaces(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text("old", encoding="utf-8")
    create_new(game, "new", force=True)
    assert game.read_text(encoding="utf-8") == "new"


def test_update_returns_and_saves_the_new_text(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text("[1]", encoding="utf-8")

    result = update(game, lambda text: json.dumps([*json.loads(text), 2]))

    assert result == "[1, 2]"
    assert game.read_text(encoding="utf-8") == "[1, 2]"


def test_update_saves_nothing_when_the_change_fails(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text("[1]", encoding="utf-8")

    def reject(text: str) -> str:
        raise ScoresheetError("deal 2: scores do not add up")

    with pytest.raises(ScoresheetError, match="deal 2"):
        update(game, reject)
    assert game.read_text(encoding="utf-8") == "[1]"
    with locked(game, timeout=0):  # and the lock was released
        pass


def test_update_of_missing_file_names_it(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    with pytest.raises(ScoresheetError, match=r"game\.json: no such file"):
        update(game, lambda text: text)


def test_concurrent_updates_from_many_processes_lose_nothing(
    tmp_path: Path, env: dict[str, str]
) -> None:
    workers, count = 8, 25
    game = tmp_path / "game.json"
    game.write_text("[]", encoding="utf-8")

    processes = [
        subprocess.Popen(
            _python(APPENDER, game, f"w{worker}", str(count)),
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for worker in range(workers)
    ]
    results: list[tuple[int, str]] = []
    try:
        for process in processes:  # everyone is started and imported ...
            assert process.stdout is not None
            assert process.stdout.readline() == "ready\n"
        for process in processes:  # ... then all go at once
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
        for process in processes:
            _, errors = process.communicate(timeout=60)
            results.append((process.returncode, errors))
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.communicate()

    assert results == [(0, "")] * workers
    items = json.loads(game.read_text(encoding="utf-8"))
    assert len(items) == workers * count
    assert sorted(items) == sorted(f"w{w}-{n}" for w in range(workers) for n in range(count))
    for worker in range(workers):  # each worker's own items land in the order it made them
        mine = [item for item in items if item.startswith(f"w{worker}-")]
        assert mine == [f"w{worker}-{n}" for n in range(count)]
