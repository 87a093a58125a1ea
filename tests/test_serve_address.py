"""Which address `scoresheet serve` prints, and what it says under the QR code about
which phones can open it: 127.0.0.1 only on this machine; with --lan the machine's
address on the local network (never 0.0.0.0), found without sending a packet."""

from __future__ import annotations

import io
import shutil
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scoresheet import i18n
from scoresheet.serve import command
from tests.cli_helpers import ROOT
from tests.serve_helpers import serving

EXAMPLES = ROOT / "examples"


def after_the_code(output: str) -> str:
    """What is printed after the QR code (its rows of block characters, half ones too)."""
    lines = output.splitlines()
    last = max(i for i, line in enumerate(lines) if set(line) & set("█▀▄"))
    return "\n".join(lines[last + 1 :])


def test_without_lan_the_link_is_said_to_open_on_this_machine_only(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "belote.json", game)
    with serving(game) as s:
        assert urlsplit(s.score_url).hostname == "127.0.0.1"
        code, output = s.stop()
    assert code == 0, output
    note = after_the_code(output)
    assert "only on this machine: no phone can reach it" in note
    assert "--lan" in note
    assert "Ctrl-C" in note


def test_with_lan_the_links_name_an_address_a_phone_can_open(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "belote.json", game)
    found = command.lan_address()
    with serving(game, "--lan") as s:
        host = urlsplit(s.score_url).hostname
        code, output = s.stop()
    assert code == 0, output
    assert host != "0.0.0.0"
    note = after_the_code(output)
    assert "0.0.0.0" not in output
    if found is None:  # a machine on no network: said so
        assert host == "127.0.0.1"
        assert "No local network was found" in note
    else:
        assert host == found
        assert f"open the links at {found}." in note
        assert "only on this machine" not in note


class FakeSocket:
    """A UDP socket whose connect picks ``address`` as its own (or finds no route)."""

    def __init__(self, address: str | None) -> None:
        self.address = address
        self.connected: list[Any] = []

    def __enter__(self) -> FakeSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def connect(self, target: Any) -> None:
        if self.address is None:
            raise OSError(101, "Network is unreachable")
        self.connected.append(target)

    def getsockname(self) -> tuple[str, int]:
        assert self.address is not None
        return (self.address, 40000)


def fake_network(
    monkeypatch: pytest.MonkeyPatch, routed: str | None, named: list[str] | Exception
) -> list[FakeSocket]:
    made: list[FakeSocket] = []

    def make(*args: Any) -> FakeSocket:
        made.append(FakeSocket(routed))
        return made[-1]

    def getaddrinfo(*args: Any) -> list[Any]:
        if isinstance(named, Exception):
            raise named
        return [(socket.AF_INET, socket.SOCK_DGRAM, 17, "", (a, 0)) for a in named]

    monkeypatch.setattr(socket, "socket", make)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return made


def test_the_address_is_the_one_a_packet_would_leave_by(monkeypatch: pytest.MonkeyPatch) -> None:
    made = fake_network(monkeypatch, "192.168.1.23", [])
    assert command.lan_address() == "192.168.1.23"
    assert made[0].connected == [("192.168.255.254", 9)]  # a private address first


def test_with_no_route_the_machines_own_addresses_are_looked_through(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = fake_network(monkeypatch, None, ["127.0.1.1", "169.254.9.9", "10.0.0.7"])
    assert command.lan_address() == "10.0.0.7"
    assert len(made) == len(command.PROBES)  # each probe tried, none routed


def test_loopback_from_every_probe_is_no_lan_address(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, "127.0.0.1", ["127.0.0.1"])
    assert command.lan_address() is None


def test_no_network_at_all_is_none_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_network(monkeypatch, None, socket.gaierror(-2, "Name or service not known"))
    assert command.lan_address() is None


def test_the_note_under_the_code_names_what_reaches_the_phones() -> None:
    assert "--lan" in command.reach_note(False, None)
    assert "127.0.0.1" in command.reach_note(False, None)
    assert "192.168.1.23" in command.reach_note(True, "192.168.1.23")
    assert "No local network" in command.reach_note(True, None)
    out = io.StringIO()
    command.print_links(out, [("Scoring", "http://x/1/")], "http://x/1/", "NOTE HERE")
    assert after_the_code(out.getvalue()).splitlines()[0] == "NOTE HERE"


@pytest.mark.parametrize("lan", [False, True])
def test_the_note_is_translated(lan: bool) -> None:
    """Through the catalogs: under the pseudo-language no sentence of it is English."""
    before = i18n.language()
    i18n.set_language(i18n.PSEUDO)
    try:
        notes = [command.reach_note(lan, "10.0.0.7"), command.reach_note(lan, None)]
    finally:
        i18n.set_language(before)
    for note in notes:
        assert "phone" not in note and "machine" not in note, note
