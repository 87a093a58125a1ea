"""The server's connections: time limits on requests, and a cap idle sockets cannot fill.

uvicorn times out only a keep-alive connection that stays silent after a response, and
counts every open connection against its limit. A socket that sends nothing, or a
request head a byte at a time, would then stay open for good, and a few hundred of them
would answer every real request with 503. Here:

- a connection must send a whole request head within :data:`HEAD_SECONDS` of opening,
  or of its last response (a keep-alive connection idle that long is closed too), and
  the body within :data:`BODY_SECONDS` more; partial data does not restart the clock;
- a request being answered is not timed out while the client reads it (a live page's
  event stream lasts), but one whose answer the client stops reading is cut off once no
  byte of it has left for :data:`WRITE_SECONDS` (a client that sends requests and never
  reads, or a page that never reads its stream, would otherwise hold its connection,
  busy, for good). The system keeps at most :data:`UNSENT_BYTES` of a connection's
  answer waiting unsent (``TCP_NOTSENT_LOWAT``, where the system has it) and nothing
  waits above it here, so the deadline starts with the first write that cannot be
  handed on — be it only a keep-alive of a quiet game's stream — once the client's own
  buffer is full; the connection is then reset, so the system does not keep the
  unsent bytes either;
- at :data:`MAX_CONNECTIONS` open connections, a new one closes the connection that has
  waited longest without a request in progress; only when every connection is serving a
  request does a new one get ``503``.

This module imports uvicorn: only the ``serve`` command imports it.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 5.0
BODY_SECONDS = 12.0  # the application answers 408 after 10 s; this is the backstop
WRITE_SECONDS = 20.0  # an answer the client does not read for this long is cut off
UNSENT_BYTES = 4096  # what the system may hold of an answer that the client cannot take yet
MAX_CONNECTIONS = 320


class TimedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request's head and body."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_since = 0.0  # when the connection last began waiting for a head
        self._body_armed = False
        self._stalled: asyncio.TimerHandle | None = None  # the write deadline, when armed
        self._unsent = 0  # what waited to be sent when the write deadline was armed

    # A connection "waits" while no request is being answered on it.
    def waiting(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        # Still waiting for a head, or for a body the application no longer reads.
        if self.waiting() or self.conn.their_state is h11.SEND_BODY:
            self._close()

    def _close(self) -> None:
        with contextlib.suppress(h11.LocalProtocolError):
            self.conn.send(h11.ConnectionClosed())
        self.transport.close()

    def _await_head(self) -> None:
        self._waiting_since = self.loop.time()
        self._body_armed = False
        self._arm(HEAD_SECONDS)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        unsent = getattr(socket, "TCP_NOTSENT_LOWAT", None)
        if sock is not None and unsent is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, unsent, UNSENT_BYTES)
        # A byte the system will not take pauses the writer (and starts its deadline).
        transport.set_write_buffer_limits(high=0)
        self._await_head()
        if len(self.connections) > MAX_CONNECTIONS:
            self._make_room()

    def _make_room(self) -> None:
        """Close the connection waiting longest for a request, this one excepted."""
        oldest: TimedH11Protocol | None = None
        for other in self.connections:
            if (
                other is not self
                and isinstance(other, TimedH11Protocol)
                and other.waiting()
                and not other.transport.is_closing()
                and (oldest is None or other._waiting_since < oldest._waiting_since)
            ):
                oldest = other
        if oldest is not None:
            oldest._close()
            # Closed: it leaves the count at once, not when the loop gets to it.
            self.connections.discard(oldest)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._write_ok()
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        """What is sent waits for the client to read (the system's buffer is full): it
        has :data:`WRITE_SECONDS` to take some of it."""
        super().pause_writing()
        if self._stalled is None:
            self._arm_write()

    def _arm_write(self) -> None:
        self._unsent = self.transport.get_write_buffer_size()
        self._stalled = self.loop.call_later(WRITE_SECONDS, self._write_stalled)

    def resume_writing(self) -> None:
        self._write_ok()
        super().resume_writing()

    def _write_ok(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None

    def _write_stalled(self) -> None:
        self._stalled = None
        unsent = self.transport.get_write_buffer_size()
        if unsent and unsent < self._unsent:
            self._arm_write()  # slow, not stopped: the client took some meanwhile
        elif unsent:
            # Reset, not closed: close() would wait for the buffer to drain, which it
            # never will, and the system would keep what it holds for minutes more.
            sock = self.transport.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.transport.abort()

    def handle_events(self) -> None:
        super().handle_events()
        if self.transport.is_closing() or self.waiting():
            return  # the head's clock runs on, whatever part of it arrived
        if self.conn.their_state is h11.SEND_BODY:
            if not self._body_armed:
                self._body_armed = True
                self._arm(BODY_SECONDS)
        else:
            self._disarm()  # the whole request is in: it is being answered

    def on_response_complete(self) -> None:
        self._await_head()
        super().on_response_complete()
