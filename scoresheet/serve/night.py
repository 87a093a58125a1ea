"""``serve NIGHT``: a club night's room on its phones — every table's scoring link, the
standings page and the director's page, from one server.

Three kinds of link, each with its own secret, all derived from the night's secret
(:func:`scoresheet.night.links.secret`, kept in the night's folder, readable by its
owner only), so every link survives a restart of the server:

- ``/t/ROUND-TABLE?k=TOKEN`` — a table's scoring link (:mod:`scoresheet.night.links`,
  the link the cards PDF prints). It leads to ``/t/ROUND-TABLE/TOKEN/``, where the
  one-game server (:class:`scoresheet.serve.app.Server`) serves that table's game file,
  and only that one, with every phone feature it has; a server per table, made when
  the table is first opened. Another table's token is refused (``403``);
- ``/s/TOKEN/`` — the standings, view only: every table's progress and the ranking
  (:mod:`scoresheet.night.standings`), pushed to the page within a second of any save;
- ``/d/TOKEN/`` — the director's page: the round, which tables are finished, each
  table's link and QR code, and closing the round (which draws the next) after a
  confirmation.

Anything else is ``403 forbidden``. The pages are the package's own files; no part of a
URL is used as a file name. The security headers, the page tokens of a change, its
JSON and its origin are checked as in :mod:`scoresheet.serve.app`.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import html
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from scoresheet.errors import ScoresheetError, one_line
from scoresheet.i18n import N_, NP_, _, language, pgettext, set_language
from scoresheet.night import folder as nights
from scoresheet.night import links
from scoresheet.night import standings as ranking
from scoresheet.serve import words
from scoresheet.serve.app import (
    ASSETS,
    ASGIApp,
    Keys,
    Receive,
    Scope,
    Send,
    Server,
    _asset,
    _forbidden,
    _page_token,
    _security_headers,
    _token_ok,
)
from scoresheet.serve.live import public
from scoresheet.serve.night_live import NightLive, NightStream
from scoresheet.serve.streams import NoSlot, Slots

TABLE_PATH = re.compile(r"/t/([0-9]{1,2})-([0-9]{1,3})(/.*)?\Z")
PAGE_PATH = re.compile(r"/([sd])/([A-Za-z0-9_-]{1,64})(/.*)?\Z")
NIGHT_ASSETS = {
    "night.js": "text/javascript; charset=utf-8",
    "night.css": "text/css; charset=utf-8",
}
MAX_BODY = 4 * 1024

# The pages' fixed words, by the name night.html gives each place ({{name}}).
PAGE: dict[str, str] = {
    "connecting": NP_("phone page", "connecting…"),
    "tables": NP_("night page", "Tables"),
    "standings": NP_("phone page", "Standings"),
    "language": NP_("phone page", "Language"),
}
TITLES = {
    "standings": NP_("night page", "The night's standings"),
    "director": NP_("night page", "The night's director"),
}
# The script's words, by the name night.js looks each up by.
SCRIPT: dict[str, str] = {
    "round": N_("Round {number} of {rounds}"),
    "table": NP_("night page", "Table {table}"),
    "played_of": N_("deals: {deals} of {total}"),
    "played": N_("deals: {deals}"),
    "finished": NP_("night page", "finished"),
    "playing": NP_("night page", "playing"),
    "waiting": NP_("night page", "not started"),
    "place": NP_("night page", "Place"),
    "player": NP_("night page", "Player"),
    "pair": NP_("night page", "Pair"),
    "percent": NP_("night page", "%"),
    "total": NP_("night page", "Total"),
    "played_tables": NP_("night page", "Tables"),
    "won": NP_("night page", "Won"),
    "difference": NP_("night page", "Difference"),
    "unfinished": N_("* a table not finished: its deals so far count"),
    "all_finished": N_("Every table of round {number} is finished."),
    "some_unfinished": N_("Tables finished: {finished} of {tables}."),
    "link": NP_("night page", "Scoring link"),
    "close": NP_("button", "Close round {number} and draw the next…"),
    "confirm": N_(
        "Close round {number} and draw round {next}? Tables not finished: {unfinished}; "
        "their deals so far count."
    ),
    "yes": NP_("button", "Yes, close round {number}"),
    "cancel": NP_("button", "Cancel"),
    "last": N_("Round {number} is the night's last round: there is no next round to draw."),
    "live": NP_("phone page", "live"),
    "reconnecting": NP_("phone page", "reconnecting…"),
}
_CONTEXT = {
    "phone page": {"connecting", "standings", "language", "live", "reconnecting"},
    "night page": {
        "tables",
        "table",
        "finished",
        "playing",
        "waiting",
        "place",
        "player",
        "pair",
        "percent",
        "total",
        "played_tables",
        "won",
        "difference",
        "link",
    },
    "button": {"close", "yes", "cancel"},
}


def _shown(key: str, text: str) -> str:
    for context, keys in _CONTEXT.items():
        if key in keys:
            return pgettext(context, text)
    return _(text)


def night_token(key: bytes, what: str) -> str:
    """The token of the night's page ``what`` (``"director"``, ``"standings"``) under
    ``key``: as a table's, an HMAC of its own name, so no token opens another page.

    >>> night_token(bytes(32), "director") != night_token(bytes(32), "standings")
    True
    """
    digest = hmac.new(key, f"night:{what}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode("ascii")


class NightLinks:
    """The night's links at ``base`` (``http://host:port``)."""

    def __init__(self, folder: Path, base: str) -> None:
        self.key = links.secret(folder)
        self.folder = folder
        self.base = base.rstrip("/")
        self.director = night_token(self.key, "director")
        self.standings = night_token(self.key, "standings")

    @property
    def director_url(self) -> str:
        return f"{self.base}/d/{self.director}/"

    @property
    def standings_url(self) -> str:
        return f"{self.base}/s/{self.standings}/"

    def table_path(self, round_number: int, table: int) -> str:
        return f"/t/{round_number}-{table}?k={links.token(self.key, round_number, table)}"

    def table_ok(self, round_number: int, table: int, given: str) -> bool:
        expected = links.token(self.key, round_number, table)
        return hmac.compare_digest(expected.encode(), given.encode("utf-8", "replace"))


def _refused(status: int, message: str) -> Response:
    return JSONResponse({"error": one_line(message, joined=True)}, status_code=status)


class NightServer:
    """The ASGI application serving a night's folder (see the module's docstring)."""

    def __init__(
        self,
        folder: Path,
        night_links: NightLinks,
        *,
        stopping: Callable[[], bool],
        lang: str | None,
    ) -> None:
        self.folder = folder
        self.links = night_links
        self.stopping = stopping
        self.lang = lang
        self.live = NightLive(folder)
        self.slots = Slots()
        self.tables: dict[tuple[int, int], Server] = {}
        self.ready: dict[tuple[int, int], asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.secret = hmac.new(night_links.key, b"night:pages", hashlib.sha256).digest()
        self.next_lock = asyncio.Lock()
        self.page_html = _asset("night.html").decode("utf-8")
        self.assets = {name: _asset(name) for name in NIGHT_ASSETS}

    # The whole server's life: the night watched; each table's file once it is open.

    async def lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await self.live.refresh(force=True)
                self._keep(asyncio.create_task(self.live.watch()))
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                for task in list(self.tasks):
                    task.cancel()
                for task in list(self.tasks):
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _keep(self, task: asyncio.Task[None]) -> None:
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        request = Request(scope, receive)
        code = words.chosen(self.lang, request.cookies, request.headers.get("accept-language"))
        set_language(code)
        path: str = scope["path"]
        found = TABLE_PATH.match(path)
        if found is not None:
            response = await self.table(scope, receive, send, found)
        elif (page := PAGE_PATH.match(path)) is not None:
            response = await self.page_request(request, page)
        else:
            response = _forbidden()
        if response is not None:
            await response(scope, receive, send)

    # A table's link: its own one-game server, under /t/ROUND-TABLE/TOKEN/.

    async def table(
        self, scope: Scope, receive: Receive, send: Send, found: re.Match[str]
    ) -> Response | None:
        number, table, rest = int(found[1]), int(found[2]), found[3]
        prefix = f"/t/{number}-{table}"
        if rest is None:  # the printed link: its token in the query
            given = Request(scope).query_params.get("k", "")
            if scope["method"] not in ("GET", "HEAD") or not self.links.table_ok(
                number, table, given
            ):
                return _forbidden()
            return Response(status_code=307, headers={"location": f"{prefix}/{given}/"})
        given = rest.split("/")[1]
        if not self.links.table_ok(number, table, given):
            return _forbidden()
        server = await self.table_server(number, table)
        if server is None:
            return _forbidden()
        if rest == f"/{given}":
            return Response(status_code=307, headers={"location": f"{prefix}/{given}/"})
        inner = dict(scope)
        inner["path"] = rest
        inner["raw_path"] = rest.encode()
        await server(inner, receive, send)
        return None

    async def table_server(self, number: int, table: int) -> Server | None:
        """The server of one table of a drawn round (made on first use), or ``None``."""
        where = (number, table)
        if where not in self.ready:
            path = self.folder / nights.game_path(number, table)
            try:
                night = await asyncio.to_thread(nights.load, self.folder)
            except ScoresheetError:
                return None
            drawn = (
                night["draws"][number - 1]["tables"] if 1 <= number <= len(night["draws"]) else []
            )
            if not 1 <= table <= len(drawn) or not path.is_file() or where in self.ready:
                return self.tables.get(where) if where in self.ready else None
            view = night_token(self.links.key, f"view:{number}-{table}")
            server = Server(
                path,
                Keys(links.token(self.links.key, number, table), view),
                stopping=self.stopping,
                lang=self.lang,
            )
            # The page's token for its changes: from the night's secret, so a page open
            # before a restart still saves after it.
            server.secret = hmac.new(
                self.links.key, f"night:page:{number}-{table}".encode(), hashlib.sha256
            ).digest()
            self.tables[where] = server
            self.ready[where] = asyncio.create_task(self._start(server))
        await asyncio.shield(self.ready[where])
        return self.tables[where]

    async def _start(self, server: Server) -> None:
        await server.live.refresh()
        self._keep(asyncio.create_task(server.live.watch()))

    # The standings page and the director's.

    async def page_request(self, request: Request, found: re.Match[str]) -> Response:
        kind, key, rest = found[1], found[2], found[3] or ""
        expected = self.links.director if kind == "d" else self.links.standings
        if not hmac.compare_digest(expected.encode(), key.encode()):
            return _forbidden()
        role = "director" if kind == "d" else "standings"
        method = request.method
        if rest == "":
            return Response(status_code=307, headers={"location": f"/{kind}/{key}/"})
        if rest == "/next" and role == "director":
            if method != "POST":
                return Response(_("method not allowed") + "\n", status_code=405)
            return await self.close_round(request)
        if method not in ("GET", "HEAD"):
            return Response(_("method not allowed") + "\n", status_code=405)
        if rest == "/":
            return self.page(role)
        if rest == "/state":
            return JSONResponse(self.shown(role))
        if rest == "/events":
            return self.events(request, role)
        name = rest[1:]
        if name in NIGHT_ASSETS:
            return Response(self.assets[name], media_type=NIGHT_ASSETS[name])
        if name in ASSETS and name == "sheet.css":
            return Response(_asset(name), media_type=ASSETS[name])
        qr = re.fullmatch(r"qr/([0-9]{1,2})-([0-9]{1,3})\.svg", name)
        if qr is not None and role == "director":
            return self.qr(int(qr[1]), int(qr[2]))
        return Response(_("not found") + "\n", status_code=404, media_type="text/plain")

    def shown(self, role: str) -> dict[str, Any]:
        """The state as the page of ``role`` sees it: the director's with the links."""
        state = dict(self.live.state)
        if role == "director" and "tables" in state:
            state["tables"] = [
                {**t, "link": self.links.base + self.links.table_path(state["round"], t["table"])}
                for t in state["tables"]
            ]
        return state

    def page(self, role: str) -> Response:
        token = _page_token(self.secret, role)
        filled = {name: _shown(name, text) for name, text in PAGE.items()}
        filled["title"] = pgettext("night page", TITLES[role])
        said = {name: _shown(name, text) for name, text in SCRIPT.items()}
        out = self.page_html
        for name, text in filled.items():
            out = out.replace("{{" + name + "}}", html.escape(text))
        out = out.replace("{{lang}}", html.escape(language()))
        out = out.replace("{{role}}", role)
        out = out.replace("{{token}}", html.escape(token))
        out = out.replace("{{words}}", html.escape(json.dumps(said, ensure_ascii=False)))
        return Response(out, media_type="text/html; charset=utf-8")

    def events(self, request: Request, role: str) -> Response:
        address = request.client.host if request.client is not None else None
        try:
            give_back = self.slots.take("score" if role == "director" else "view", address)
        except NoSlot as exc:
            return Response(exc.message + "\n", status_code=exc.status, media_type="text/plain")
        if role == "director":
            return NightStream(self.live, self.director_event, give_back, self.stopping)
        return NightStream(self.live, lambda: self.live.event, give_back, self.stopping)

    def director_event(self) -> bytes:
        """The night's state as the director's page is sent it: with the tables' links."""
        state = self.shown("director")
        text = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        return f"id: {state.get('version', 0)}\nevent: night\ndata: {text}\n\n".encode()

    def qr(self, number: int, table: int) -> Response:
        import io

        import segno

        state = self.live.state
        if state.get("round") != number or not 1 <= table <= len(state.get("tables", [])):
            return Response(_("not found") + "\n", status_code=404, media_type="text/plain")
        out = io.BytesIO()
        url = self.links.base + self.links.table_path(number, table)
        segno.make(url, error="m").save(out, kind="svg", scale=4, xmldecl=False, border=2)
        return Response(out.getvalue(), media_type="image/svg+xml")

    async def close_round(self, request: Request) -> Response:
        """Close the round the page shows and draw the next: the page sends the round's
        number, so a request sent twice closes one round only."""
        site = request.headers.get("sec-fetch-site")
        origin = request.headers.get("origin")
        host = request.headers.get("host", "")
        if (site is not None and site not in ("same-origin", "none")) or (
            origin is not None and origin != f"{request.url.scheme}://{host}"
        ):
            return _refused(403, _("refused: the request did not come from this page"))
        if not _token_ok(self.secret, "director", request.headers.get("x-scoresheet-token", "")):
            return _refused(
                403, _("refused: this page's token is missing or wrong; reload the page")
            )
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return _refused(415, _("refused: send the request as application/json"))
        length = request.headers.get("content-length", "")
        if not (length.isascii() and length.isdigit()) or int(length) > MAX_BODY:
            return _refused(
                413,
                _("refused: a request may carry at most {size} KiB").format(size=MAX_BODY // 1024),
            )
        body = await request.body()
        try:
            data = json.loads(body) if len(body) <= MAX_BODY else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            data = {}
        number = data.get("round")
        if (
            not isinstance(number, int)
            or isinstance(number, bool)
            or data.get("confirm") is not True
        ):
            return _refused(
                400,
                _("closing a round: send {shape}").format(shape='{"round": N, "confirm": true}'),
            )
        async with self.next_lock:
            try:
                night = await asyncio.to_thread(nights.load, self.folder)
                now = nights.current_round(night)
                if number != now:
                    return _refused(
                        409,
                        _("round {number} is not the round being played (round {now})").format(
                            number=number, now=now
                        ),
                    )
                await asyncio.to_thread(nights.next_round, self.folder, ranking.ranked_units)
            except ScoresheetError as exc:
                return _refused(409, public(str(exc), self.folder))
            await self.live.refresh(force=True)
        return JSONResponse(
            {
                "message": _("round {number} closed; round {next} is drawn").format(
                    number=number, next=number + 1
                ),
                "round": number + 1,
            }
        )


def create_night_app(
    folder: Path,
    night_links: NightLinks,
    *,
    stopping: Callable[[], bool] = lambda: False,
    lang: str | None = None,
) -> ASGIApp:
    """The ASGI application serving the night in ``folder`` (its links ``night_links``)."""
    return _security_headers(NightServer(folder, night_links, stopping=stopping, lang=lang))


def owner_only(folder: Path) -> None:
    """Refuse a night whose secret others can read (it opens every table)."""
    path = folder / links.SECRET_FILE
    with contextlib.suppress(FileNotFoundError):
        if path.stat().st_mode & 0o077 and os.name == "posix":
            raise ScoresheetError(
                _(
                    "{path}: others can read the night's secret; make it the owner's only "
                    "(chmod 600) and start again"
                ).format(path=path)
            )
