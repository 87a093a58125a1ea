"""The ``serve`` command: print the two links and a QR code, then serve until Ctrl-C.

The web server's libraries (Starlette, uvicorn, segno) are imported only when this
command runs, so the other commands start as fast as before.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _, language, language_asked

if TYPE_CHECKING:
    import socket

DEFAULT_PORT = 8000


# Where a packet to a phone on the local network would leave from: private addresses
# (RFC 1918) first, then a documentation one (RFC 5737) that only a default route reaches.
PROBES = ("192.168.255.254", "10.255.255.254", "172.31.255.254", "192.0.2.1")


def _usable(address: str) -> bool:
    """An IPv4 address a phone could open: not loopback, not unspecified, not link-local.

    >>> [_usable(a) for a in ("192.168.1.20", "127.0.0.1", "0.0.0.0", "169.254.3.4", "x")]
    [True, False, False, False, False]
    """
    import ipaddress

    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def lan_address(probes: tuple[str, ...] = PROBES) -> str | None:
    """This machine's address on the local network, or ``None`` when it has none.

    No packet is sent: connecting a UDP socket only picks the interface a packet would
    leave by, and its address is read back. Where no route says, the addresses the
    machine's name resolves to are looked through."""
    import socket

    for target in probes:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((target, 9))
                address = str(probe.getsockname()[0])
            except OSError:
                continue  # no route there (no network, or not this one)
        if _usable(address):
            return address
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in found:
        address = str(info[4][0])
        if _usable(address):
            return address
    return None


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port)."""
    import socket

    # IPPROTO_TCP, not 0: asyncio turns TCP_NODELAY on only for sockets that say they
    # are TCP, and without it every answer's body waits for the client's delayed
    # acknowledgement of its head (about 40 ms).
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        reason = _("already in use") if exc.errno == 98 else (exc.strerror or str(exc))
        raise ScoresheetError(
            _("{option} {port}: cannot listen on {host}:{port}: {reason}").format(
                option="--port", port=port, host=host, reason=reason
            )
        ) from None
    sock.set_inheritable(True)
    return sock


def reach_note(lan: bool, address: str | None) -> str:
    """What to say under the QR code about which phones can open the links."""
    if not lan:
        return _(
            "This address (127.0.0.1) opens only on this machine: no phone can reach it. "
            "To play with phones, stop the server (Ctrl-C) and start it again with {option}; "
            "the phones must be on the same network (Wi-Fi) as this machine."
        ).format(option="--lan")
    if address is None:
        return _(
            "No local network was found: no phone can reach this machine. Connect it to the "
            "same network (Wi-Fi) as the phones, then start the server again."
        )
    return _(
        "Phones on the same network (Wi-Fi) as this machine open the links at {address}."
    ).format(address=address)


def print_links(out: TextIO, links: list[tuple[str, str]], qr_url: str, note: str = "") -> None:
    import segno

    for label, url in links:
        out.write(f"{label}:\n{url}\n")
    out.write("\n" + _("Scan to join with the scoring link:") + "\n")
    segno.make(qr_url, error="m").terminal(out=out, compact=True)
    if note:
        out.write(note + "\n")
    out.write(_("Ctrl-C stops the server.") + "\n")
    out.flush()


def serve(
    path: Path, *, port: int, lan: bool, out: TextIO = sys.stdout, lang: str | None = None
) -> None:
    """Serve the game at ``path`` until interrupted; ``lang``: every page's language
    (else each page's own: its player's choice, else its browser's)."""
    import uvicorn

    from scoresheet.serve.app import Keys, create_app
    from scoresheet.serve.protocol import HEAD_SECONDS, MAX_CONNECTIONS, TimedH11Protocol
    from scoresheet.session import open_game

    open_game(path)  # a bad game file is refused before anything listens
    host = "0.0.0.0" if lan else "127.0.0.1"
    sock = bind(host, port)
    found = lan_address() if lan else None
    shown = found or "127.0.0.1"
    actual = sock.getsockname()[1]
    keys = Keys.new()
    base = f"http://{shown}:{actual}"
    links = [
        (_("Scoring link (add a deal, undo the last one, correct one)"), f"{base}/{keys.score}/"),
        (_("View-only link (watch the sheet)"), f"{base}/{keys.view}/"),
    ]
    server: uvicorn.Server | None = None

    def stopping() -> bool:
        return server is not None and server.should_exit

    config = uvicorn.Config(
        create_app(path, keys, stopping=stopping, lang=lang),
        log_level="warning",
        access_log=False,  # the addresses carry the secrets
        lifespan="on",
        http=TimedH11Protocol,  # a request's head and body have a deadline
        ws="none",
        loop="asyncio",
        server_header=False,
        timeout_graceful_shutdown=2,
        timeout_keep_alive=int(HEAD_SECONDS),
        # The protocol keeps at most MAX_CONNECTIONS open by closing idle ones; one
        # more means every connection is serving a request: 503, and no more memory.
        # uvicorn counts tasks against the same limit, and a live page's stream holds
        # two: room for a busy task pair on every connection.
        limit_concurrency=2 * MAX_CONNECTIONS + 1,
    )
    server = uvicorn.Server(config)
    print_links(out, links, links[0][1], reach_note(lan, found))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        # uvicorn stops on Ctrl-C, then raises the signal again for its caller: here it
        # has done its job, and stopping the server is the normal way out.
        pass
    finally:
        sock.close()
    out.write(_("stopped: the game file is as the last save left it") + "\n")
    out.flush()


def serve_night(
    folder: Path, *, port: int, lan: bool, out: TextIO = sys.stdout, lang: str | None = None
) -> None:
    """Serve the night in ``folder`` until interrupted: every table's scoring link, the
    standings page and the director's page (:mod:`scoresheet.serve.night`)."""
    import uvicorn

    from scoresheet.night.folder import load
    from scoresheet.serve.night import NightLinks, create_night_app, owner_only
    from scoresheet.serve.protocol import HEAD_SECONDS, MAX_CONNECTIONS, TimedH11Protocol

    load(folder)  # a bad night is refused before anything listens
    owner_only(folder)
    host = "0.0.0.0" if lan else "127.0.0.1"
    sock = bind(host, port)
    found = lan_address() if lan else None
    shown = found or "127.0.0.1"
    actual = sock.getsockname()[1]
    try:
        night_links = NightLinks(folder, f"http://{shown}:{actual}")
    except BaseException:
        sock.close()
        raise
    links = [
        (
            _("Director's link (the round, the tables' links, the next round)"),
            night_links.director_url,
        ),
        (_("Standings link (view only)"), night_links.standings_url),
    ]
    server: uvicorn.Server | None = None

    def stopping() -> bool:
        return server is not None and server.should_exit

    config = uvicorn.Config(
        create_night_app(folder, night_links, stopping=stopping, lang=lang),
        log_level="warning",
        access_log=False,  # the addresses carry the secrets
        lifespan="on",
        http=TimedH11Protocol,
        ws="none",
        loop="asyncio",
        server_header=False,
        timeout_graceful_shutdown=2,
        timeout_keep_alive=int(HEAD_SECONDS),
        limit_concurrency=2 * MAX_CONNECTIONS + 1,
    )
    server = uvicorn.Server(config)
    import segno

    for label, url in links:
        out.write(f"{label}:\n{url}\n")
    out.write("\n" + _("Scan to open the director's page:") + "\n")
    segno.make(links[0][1], error="m").terminal(out=out, compact=True)
    out.write(reach_note(lan, found) + "\n")
    out.write(_("Ctrl-C stops the server.") + "\n")
    out.flush()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    out.write(_("stopped: every game file is as the last save left it") + "\n")
    out.flush()


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""

    @app.command("serve")
    def serve_command(
        game: Annotated[
            Path,
            typer.Argument(
                help="The game file (JSON), or a club night's folder.", show_default=False
            ),
        ],
        port: Annotated[
            int,
            typer.Option(help="The port to listen on (0: any free port).", min=0, max=65535),
        ] = DEFAULT_PORT,
        lan: Annotated[
            bool,
            typer.Option(
                "--lan",
                help="Listen on the local network (Wi-Fi), not only on this machine.",
            ),
        ] = False,
    ) -> None:
        """The live sheet on every phone at the table, as a web page.

        Prints two links, each with its own secret — the first scores (add a deal,
        undo the last one, correct one), the second only watches — and a QR code
        of the scoring link. Every open page shows a change within a second,
        whether it was made from a phone or by add, play, edit or undo in a
        terminal. Each page speaks its browser's language, or the one chosen on
        it; with --lang, every page speaks that one. Ctrl-C stops it.

        Given a club night's folder, it serves the whole room: it prints the
        director's link and the standings link, and each table's scoring link (on
        its card and on the director's page) writes only that table's game.
        """
        # A language given on purpose (--lang) is every page's; else each page its own.
        if game.is_dir():
            lang_given = language() if language_asked() else None
            serve_night(game, port=port, lan=lan, lang=lang_given)
            return
        serve(game, port=port, lan=lan, lang=language() if language_asked() else None)
