"""The live pages' streams: who may hold one, and what each is sent.

Each open page holds one stream of server-sent events (``GET <link>events``): the
sheet at once, then every new sheet, and a keep-alive comment every
:data:`KEEP_ALIVE_SECONDS`. A stream is held for as long as the page is open, so the
slots are shared out so that no holder of a link can lock the scorers out:

- at most :data:`MAX_PAGES` streams at once (each holds a little memory), of which
  :data:`SCORING_RESERVED` are kept for the scoring link: view-only pages, however
  many, never take those (``503`` once the rest are taken);
- at most :data:`PAGES_PER_ADDRESS` streams from one address (``429``): a phone needs
  one, a few tabs a few. Pages on the server's own machine (a loopback address) are not
  counted: nobody elsewhere can send from one;
- each page is sent the sheet in its own language (its request's), made once per
  language and version;
- a stream whose page stops reading is closed by the connection's write deadline
  (:mod:`scoresheet.serve.protocol`), which the keep-alive sets off even when the game
  is quiet; its slot is free again at once.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.responses import Response, StreamingResponse

from scoresheet.i18n import _, language
from scoresheet.serve.live import Live

MAX_PAGES = 256  # live pages at once: a table has a handful; this bounds the memory held
SCORING_RESERVED = 32  # of them, kept for the scoring link
PAGES_PER_ADDRESS = 8  # live pages from one address (this machine's own not counted)
KEEP_ALIVE_SECONDS = 15.0
WAIT_SECONDS = 0.5  # how often a stream looks whether the server is stopping


def counted(address: str | None) -> str | None:
    """The address a page's stream is counted under, or ``None`` when it is not counted
    (the server's own machine, or no address known).

    >>> counted("192.168.1.20"), counted("127.0.0.1"), counted("::1"), counted(None)
    ('192.168.1.20', None, None, None)
    """
    if address is None:
        return None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return None if ip.is_loopback else str(ip)


class NoSlot(Exception):
    """No stream for this page: ``status`` and the one line saying why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Slots:
    """The streams open, by link and by address."""

    def __init__(
        self,
        total: int = MAX_PAGES,
        reserved: int = SCORING_RESERVED,
        per_address: int = PAGES_PER_ADDRESS,
    ) -> None:
        self.total = total
        self.reserved = reserved
        self.per_address = per_address
        self.by_role: Counter[str] = Counter()
        self.by_address: Counter[str] = Counter()

    def take(self, role: str, address: str | None) -> Callable[[], None]:
        """A slot for a page of ``role`` from ``address``; what gives it back (once,
        however often it is called). Raises :class:`NoSlot` when there is none."""
        where = counted(address)
        if where is not None and self.by_address[where] >= self.per_address:
            raise NoSlot(
                429,
                _("too many live pages from one address (at most {limit})").format(
                    limit=self.per_address
                ),
            )
        if sum(self.by_role.values()) >= self.total:
            raise NoSlot(503, _("too many pages open (at most {limit})").format(limit=self.total))
        viewers = self.total - self.reserved
        if role != "score" and self.by_role[role] >= viewers:
            raise NoSlot(
                503,
                _(
                    "too many view-only pages open (at most {limit}; the rest are kept "
                    "for the scoring link)"
                ).format(limit=viewers),
            )
        self.by_role[role] += 1
        if where is not None:
            self.by_address[where] += 1
        given_back = False

        def give_back() -> None:
            nonlocal given_back
            if given_back:
                return
            given_back = True
            self.by_role[role] -= 1
            if where is not None:
                self.by_address[where] -= 1
                if not self.by_address[where]:
                    del self.by_address[where]

        return give_back


class EventStream(StreamingResponse):
    """A page's stream; its slot is given back however the stream ends."""

    def __init__(
        self,
        live: Live,
        give_back: Callable[[], None],
        stopping: Callable[[], bool],
        code: str,
    ) -> None:
        self.live = live
        self.code = code  # the page's language
        self.give_back = give_back
        self.stopping = stopping
        self.queue: asyncio.Queue[int] | None = None
        super().__init__(
            self._events(), media_type="text/event-stream", headers={"x-accel-buffering": "no"}
        )

    async def _events(self) -> AsyncIterator[bytes]:
        self.queue = queue = self.live.listen(self.code)
        yield b"retry: 1000\n\n" + await self._sheet()
        idle = 0.0
        while not self.stopping():
            try:
                await asyncio.wait_for(queue.get(), WAIT_SECONDS)
                yield await self._sheet()
                idle = 0.0
            except TimeoutError:
                idle += WAIT_SECONDS
                if idle >= KEEP_ALIVE_SECONDS:
                    idle = 0.0
                    yield b": still here\n\n"

    async def _sheet(self) -> bytes:
        """The newest sheet in the page's language: made once per language and version."""
        made = self.live.made(self.code)
        if made is not None:
            return made
        return await asyncio.to_thread(self.live.event_for, self.code)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            if self.queue is not None:
                self.live.forget(self.queue)
            self.give_back()


def event_stream(
    live: Live,
    slots: Slots,
    role: str,
    address: str | None,
    stopping: Callable[[], bool],
) -> Response:
    """The stream of a page of ``role`` from ``address``, or the one line saying why it
    has none."""
    try:
        give_back = slots.take(role, address)
    except NoSlot as exc:
        return Response(exc.message + "\n", status_code=exc.status, media_type="text/plain")
    return EventStream(live, give_back, stopping, language())
