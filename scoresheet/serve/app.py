"""The table server: one game file, two links, the live sheet pushed to every page.

Who may do what is decided by the secret in the link's first path segment — the
*scoring* key lets a page add a deal and undo the last one, the *view* key only
watches; any other path gets ``403 forbidden`` and learns nothing about the game. No
part of a URL is ever used as a file name: the page and its two assets are read from
the package once, and the only file the server touches is the game.

The game file stays the one source of truth. It is watched (its stamp every 20 ms), and
whenever its bytes change — a save from a phone, or ``scoresheet add`` in a terminal —
it is scored once and the new sheet is pushed to every open page as a server-sent
event (:mod:`scoresheet.serve.live`; it is read as the command line reads it, bounded
and never waited on). Saves go through :mod:`scoresheet.session`, so they keep the
command line's guarantees (history, atomic write, lock, refusal to save over a file that
changed).

The entry form keeps no state here: ``POST deals/N/ask`` (``deals/N/redo``: a past deal's,
pre-filled) replays the answers a page sends through the game's own questions and saves
nothing (:mod:`scoresheet.serve.form`, :mod:`scoresheet.serve.redo`); the deal is saved,
once confirmed, through ``POST deals/N`` (``deals/N/correct``) like any other; a save
sent twice is saved once (:mod:`scoresheet.serve.saves`).

Every state-changing request must carry the page's token (an HMAC the server can check
without keeping state), be JSON, and, when the browser says where it comes from
(``Origin``, ``Sec-Fetch-Site``), come from this very page. Bodies are limited to 64 KiB.
The live pages' streams are shared out by :mod:`scoresheet.serve.streams`: some kept for
the scoring link, a few per address.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.convertors import Convertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.errors import ScoresheetError, one_line
from scoresheet.i18n import _, language, pgettext, set_language
from scoresheet.limits import MAX_DEALS
from scoresheet.serve import form, saves, words
from scoresheet.serve import redo as past
from scoresheet.serve.live import Live, public
from scoresheet.serve.saves import Refused
from scoresheet.serve.streams import Slots, event_stream
from scoresheet.session import OpenGame, add_deal, edit_deal, undo_last

MAX_BODY = 64 * 1024
BODY_SECONDS = 10  # a request's body must arrive within this time

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # The secret is in the address: never send it to another site.
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]

ASSETS = {
    "sheet.js": "text/javascript; charset=utf-8",
    "sheet.css": "text/css; charset=utf-8",
}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
T = TypeVar("T")


@dataclass(frozen=True)
class Keys:
    """The two secrets: the scoring link's and the view-only link's."""

    score: str
    view: str

    @classmethod
    def new(cls) -> Keys:
        return cls(secrets.token_urlsafe(16), secrets.token_urlsafe(16))

    def role(self, key: str) -> str | None:
        """``"score"``, ``"view"`` or ``None`` for ``key`` (compared in constant time)."""
        given = key.encode("utf-8", "replace")
        if hmac.compare_digest(given, self.score.encode()):
            return "score"
        if hmac.compare_digest(given, self.view.encode()):
            return "view"
        return None


def _security_headers(app: ASGIApp) -> ASGIApp:
    """Add the security headers to every response, whoever made it."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await app(scope, receive, send_with_headers)

    return wrapped


def _asset(name: str) -> bytes:
    return resources.files("scoresheet.serve").joinpath("static", name).read_bytes()


def _page_token(secret: bytes, role: str) -> str:
    nonce = secrets.token_urlsafe(12)
    mac = hmac.new(secret, f"{role}:{nonce}".encode(), hashlib.sha256).hexdigest()[:32]
    return f"{nonce}.{mac}"


def _token_ok(secret: bytes, role: str, token: str) -> bool:
    nonce, _dot, mac = token.partition(".")
    expected = hmac.new(secret, f"{role}:{nonce}".encode(), hashlib.sha256).hexdigest()[:32]
    return bool(nonce) and hmac.compare_digest(mac.encode(), expected.encode())


class DealNumber(Convertor[int]):
    """A deal number in a path: one to five ASCII digits (a longer one is no route; a
    number no game has, 0 or past the most deals, is refused with 400 by the handler)."""

    regex = "[0-9]{1,5}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor("deal", DealNumber())


def _forbidden() -> Response:
    return Response(_("forbidden") + "\n", status_code=403, media_type="text/plain")


def _check_number(number: int) -> None:
    """Refuse a deal number no game has (400), before looking at this game."""
    if number < 1:
        raise Refused(400, _("deal {number}: deals are numbered from 1").format(number=number))
    if number > MAX_DEALS:
        raise Refused(
            400,
            _("deal {number}: a game has at most {most} deals").format(
                number=number, most=MAX_DEALS
            ),
        )


class Server:
    """The ASGI application serving one game file to the holders of its two keys.

    Every request is first answered ``403`` unless its first path segment is a key, and
    spoken in its page's language; the route table then hands it to a handler. A
    handler refuses by raising :class:`Refused`, which one exception handler turns into
    its status and one line (with the sheet as it is after a ``409``).
    """

    def __init__(
        self, path: Path, keys: Keys, *, stopping: Callable[[], bool], lang: str | None
    ) -> None:
        self.path = path
        self.keys = keys
        self.stopping = stopping
        self.lang = lang
        self.live = Live(path)
        self.slots = Slots()
        self.secret = secrets.token_bytes(32)
        self.save_lock = asyncio.Lock()
        self.pending: set[asyncio.Task[None]] = set()
        self.page_html = _asset("index.html").decode("utf-8")
        self.assets = {name: _asset(name) for name in ASSETS}
        get, post = ["GET"], ["POST"]  # HEAD goes with GET
        routes = [
            Route("/{key}", self.to_page, methods=["GET", "POST", "PUT", "DELETE"]),
            Route("/{key}/", self.page, methods=get),
            Route("/{key}/state", self.state, methods=get),
            Route("/{key}/events", self.events, methods=get),
            Route("/{key}/undo", self.undo_request, methods=post),
            Route("/{key}/deals/{number:deal}", self.deal_request, methods=post),
            Route("/{key}/deals/{number:deal}/ask", self.ask_request, methods=post),
            Route("/{key}/deals/{number:deal}/correct", self.correct_request, methods=post),
            Route("/{key}/deals/{number:deal}/redo", self.ask_request, methods=post),
            Route("/{key}/{asset}", self.asset, methods=get),
        ]
        self.app = Starlette(
            routes=routes,
            lifespan=self.lifespan,
            exception_handlers={
                Refused: self.refused,
                ScoresheetError: self.unreadable,
                404: self.not_routed,
                405: self.not_routed,
            },
        )
        self.app.router.redirect_slashes = False  # "/KEY/state/" is no route, as "/KEY//"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            request = Request(scope)
            # Each request in its page's language (the server's, when it was given one).
            code = words.chosen(self.lang, request.cookies, request.headers.get("accept-language"))
            set_language(code)
            # "/KEY/REST": the key is the first segment; no route is looked at without it.
            if self.keys.role(scope["path"].split("/")[1]) is None:
                await _forbidden()(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def role(self, request: Request) -> str:
        role = self.keys.role(request.path_params["key"])
        assert role is not None  # checked before routing
        return role

    # Reading: the page, its assets, the sheet, the live stream.

    async def to_page(self, request: Request) -> Response:
        return Response(status_code=307, headers={"location": f"/{request.path_params['key']}/"})

    async def page(self, request: Request) -> Response:
        role = self.role(request)
        token = _page_token(self.secret, role)
        html = words.page(self.page_html, language(), role, token, fixed=self.lang is not None)
        return Response(html, media_type="text/html; charset=utf-8")

    async def asset(self, request: Request) -> Response:
        name = request.path_params["asset"]
        if name not in self.assets:
            raise HTTPException(404)
        return Response(self.assets[name], media_type=ASSETS[name])

    async def state(self, request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(self.live.state_for, language()))

    async def events(self, request: Request) -> Response:
        address = request.client.host if request.client is not None else None
        return event_stream(self.live, self.slots, self.role(request), address, self.stopping)

    # Refusals and what no route answers.

    async def not_routed(self, request: Request, exc: Exception) -> Response:
        if request.method in ("GET", "HEAD", "POST"):
            return Response(_("not found") + "\n", status_code=404, media_type="text/plain")
        return Response(_("method not allowed") + "\n", status_code=405, media_type="text/plain")

    def refusal(self, exc: Refused) -> JSONResponse:
        body: dict[str, Any] = {"error": one_line(public(exc.message, self.path), joined=True)}
        if exc.state is not None:
            body["state"] = exc.state
        return JSONResponse(body, status_code=exc.status)

    async def refused(self, request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        if exc.status == 409:  # the page is sent the sheet as it is now
            await self.live.refresh()
            exc.state = self.live.state_for(language()) or None
        return self.refusal(exc)

    async def unreadable(self, request: Request, exc: Exception) -> Response:
        """The game file could not be read at all."""
        return self.refusal(Refused(409, str(exc)))

    # Changes: each checked to come from the page, then its JSON body read.

    def check_same_page(self, request: Request) -> None:
        if self.role(request) != "score":
            raise Refused(403, _("this is the view-only link: it cannot change the game"))
        site = request.headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            raise Refused(403, _("refused: the request did not come from this page"))
        origin = request.headers.get("origin")
        host = request.headers.get("host", "")
        if origin is not None and origin != f"{request.url.scheme}://{host}":
            raise Refused(403, _("refused: the request did not come from this page"))
        token = request.headers.get("x-scoresheet-token", "")
        if not _token_ok(self.secret, "score", token):
            raise Refused(403, _("refused: this page's token is missing or wrong; reload the page"))
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise Refused(415, _("refused: send the request as application/json"))

    async def body_json(self, request: Request, source: str, *, answers: bool = False) -> Any:
        """The request's JSON body once the request is checked to come from the page;
        ``source`` names it in a refusal. ``answers``: the text typed at a question, read
        as `play` reads it (a tab is a space)."""
        self.check_same_page(request)
        too_big = _("refused: a request may carry at most {size} KiB").format(size=MAX_BODY // 1024)
        length = request.headers.get("content-length")
        if length is not None and (
            not (length.isascii() and length.isdigit()) or int(length) > MAX_BODY
        ):
            raise Refused(413, too_big)
        chunks, size = [], 0
        try:
            async with asyncio.timeout(BODY_SECONDS):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > MAX_BODY:
                        raise Refused(413, too_big)
                    chunks.append(chunk)
        except (TimeoutError, ClientDisconnect):
            raise Refused(
                408,
                _("refused: the request took over {seconds} s to arrive").format(
                    seconds=BODY_SECONDS
                ),
            ) from None
        try:
            # Read as `add --deal` reads a deal: a key given twice is refused, not the
            # last one kept.
            return rec.parse(b"".join(chunks), source=source, answers=answers)
        except ScoresheetError as exc:
            raise Refused(400, str(exc)) from None

    async def saved(self, message: str, deals: int) -> Response:
        """Answer at once; every page, the saver's too, gets the new sheet as an event."""
        task = asyncio.create_task(self.live.refresh())
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)
        return JSONResponse({"message": one_line(message, joined=True), "deals": deals})

    async def deal_request(self, request: Request) -> Response:
        number: int = request.path_params["number"]
        body = await self.body_json(request, _("deal {number}").format(number=number))
        if not isinstance(body, dict):
            raise Refused(400, _("the deal must be one JSON object, {shape}").format(shape="{...}"))
        save = saves.save_id(request.headers)
        async with self.save_lock:
            message, deals = await asyncio.to_thread(self.add, number, body, save)
        return await self.saved(message, deals)

    async def ask_request(self, request: Request) -> Response:
        number: int = request.path_params["number"]
        redoing, answer = request.url.path.endswith("/redo"), (self.ask, self.redo)
        said = _("the correction of deal {number}") if redoing else _("deal {number}'s answers")
        body = await self.body_json(request, said.format(number=number), answers=True)
        return JSONResponse(await asyncio.to_thread(answer[redoing], number, body))

    async def correct_request(self, request: Request) -> Response:
        number: int = request.path_params["number"]
        source = _("the correction of deal {number}").format(number=number)
        body = await self.body_json(request, source)
        if not (isinstance(body, dict) and isinstance(body.get("deal"), dict)):
            raise Refused(
                400,
                _("a correction is {shape}").format(
                    shape='{"was": '
                    + _("the deal as it is")
                    + ', "deal": '
                    + _("the deal as it should be")
                    + "}"
                ),
            )
        save = saves.save_id(request.headers)
        async with self.save_lock:
            message, deals = await asyncio.to_thread(
                self.correct, number, body.get("was"), body["deal"], save
            )
        return await self.saved(message, deals)

    async def undo_request(self, request: Request) -> Response:
        body = await self.body_json(request, pgettext("request", "undo"))
        last = body.get("number") if isinstance(body, dict) else None
        if isinstance(last, int) and not isinstance(last, bool):
            _check_number(last)
        if (
            not isinstance(last, int)
            or isinstance(last, bool)
            or not isinstance(body.get("was"), dict)
        ):
            raise Refused(
                400,
                _(
                    "undo: give the last deal's number and the deal as the page shows it, {shape}"
                ).format(shape='{"number": N, "was": deal N}'),
            )
        async with self.save_lock:
            message, deals = await asyncio.to_thread(self.undo, last, body["was"])
        return await self.saved(message, deals)

    # The changes themselves, run in a thread under the save lock.

    def changed_meanwhile(self, game: OpenGame, save: Callable[[], T], meanwhile: str) -> T:
        """``save()``; refused with 409 and ``meanwhile`` when the file changed since
        ``game`` was read (another command wrote it), else with 422 and the reason."""
        try:
            return save()
        except ScoresheetError as exc:
            if self.live.changed(game.snapshot.data):
                raise Refused(409, meanwhile) from None
            raise Refused(422, str(exc)) from None

    def saved_so_far(self, game: OpenGame, number: int) -> int:
        """The deals the game holds; refused when deal ``number`` is among them already."""
        _check_number(number)
        played = len(game.result.deals)
        if number <= played:
            shown = registry.part(game.result.game, "views").deal_text(game.result, number)
            raise Refused(
                409,
                _(
                    "deal {number} was saved first from another phone or the terminal — "
                    "here it is ({shown}); enter yours again"
                ).format(number=number, shown=shown),
            )
        return played

    def add(self, number: int, deal: dict[str, Any], save: str | None = None) -> tuple[str, int]:
        _check_number(number)
        game = self.live.open()
        if (again := saves.repeated(game, save)) is not None:
            return again  # a save sent twice (its answer was lost): saved once
        played = self.saved_so_far(game, number)
        if number > played + 1:
            raise Refused(
                409,
                _(
                    "deal {number}: the game has {played} deals; the next is "
                    "deal {next} — here is the sheet as it is"
                ).format(number=number, played=played, next=played + 1),
            )
        result, _saved = self.changed_meanwhile(
            game,
            lambda: add_deal(game, deal, save_id=save),
            _(
                "the game changed while deal {number} was being saved (another "
                "command wrote it); nothing was saved — here is the sheet as it is; "
                "enter yours again"
            ).format(number=number),
        )
        return registry.part(result.game, "views").deal_text(result, number), len(result.deals)

    def ask(self, number: int, body: Any) -> dict[str, Any]:
        try:
            pairs, text, back = form.read_answers(body)
        except ScoresheetError as exc:
            raise Refused(400, str(exc)) from None
        _check_number(number)
        game = self.live.open()
        played = self.saved_so_far(game, number)
        if number > played + 1 or game.result.complete:
            raise Refused(
                409,
                (
                    _("deal {number}: the game has {played} deals and is complete")
                    if game.result.complete
                    else _("deal {number}: the game has {played} deals and the next is deal {next}")
                ).format(number=number, played=played, next=played + 1),
            )
        try:
            return form.ask(game, pairs, text, back)
        except ScoresheetError as exc:
            raise Refused(422, str(exc)) from None

    def redo(self, number: int, body: Any) -> dict[str, Any]:
        """A past deal's questions, pre-filled with the deal as saved (nothing is saved)."""
        try:
            asked = past.read_request(body)
        except ScoresheetError as exc:
            raise Refused(400, str(exc)) from None
        _check_number(number)
        try:
            return past.redo(self.live.open(), number, *asked)
        except past.NoSuchDeal as exc:
            raise Refused(409, str(exc)) from None
        except ScoresheetError as exc:
            raise Refused(422, str(exc)) from None

    def undo(self, number: int, was: Any) -> tuple[str, int]:
        _check_number(number)
        game = self.live.open()
        played = len(game.result.deals)
        if played == 0:
            raise Refused(409, _("there is no deal to undo"))
        if number != played:
            raise Refused(
                409,
                _(
                    "deal {number} is no longer the last deal (the game has {played}): "
                    "nothing was removed — here is the sheet as it is"
                ).format(number=number, played=played),
            )
        # The number alone does not say it is the deal the page showed: the last deal
        # may have been undone and another saved under its number meanwhile.
        if rec.to_data(game.record)["deals"][number - 1] != was:
            raise Refused(
                409,
                _(
                    "deal {number} was changed meanwhile (from another phone or the "
                    "terminal): nothing was removed — here it is now"
                ).format(number=number),
            )
        result, _undone = self.changed_meanwhile(
            game,
            lambda: undo_last(game),
            _(
                "the game changed while undoing (another command wrote it); "
                "nothing was removed — here is the sheet as it is"
            ),
        )
        left = len(result.deals)
        return (
            _("deal {number} removed (kept in the file's history); {left} deals left").format(
                number=number, left=left
            ),
            left,
        )

    def correct(
        self, number: int, was: Any, deal: dict[str, Any], save: str | None = None
    ) -> tuple[str, int]:
        _check_number(number)
        game = self.live.open()
        if (again := saves.repeated(game, save)) is not None:
            return again
        entered = rec.to_data(game.record)["deals"]
        if not 1 <= number <= len(entered):
            raise Refused(
                409,
                _("deal {number}: no such deal (the game has {played})").format(
                    number=number, played=len(entered)
                ),
            )
        if entered[number - 1] != was:
            raise Refused(
                409,
                _(
                    "deal {number} was changed meanwhile (from another phone or the "
                    "terminal): nothing was saved — here it is now; make your correction again"
                ).format(number=number),
            )
        result = self.changed_meanwhile(
            game,
            lambda: edit_deal(game, number, deal, save_id=save),
            _(
                "the game changed while deal {number} was being corrected (another "
                "command wrote it); nothing was saved — here is the sheet as it is"
            ).format(number=number),
        )
        shown = registry.part(result.game, "views").deal_text(result, number)
        message = _("corrected (kept in the file's history): {shown}").format(shown=shown)
        return message, len(result.deals)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        await self.live.refresh()
        watcher = asyncio.create_task(self.live.watch())
        try:
            yield
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher


def create_app(
    path: Path,
    keys: Keys,
    *,
    stopping: Callable[[], bool] = lambda: False,
    lang: str | None = None,
) -> ASGIApp:
    """The ASGI application serving ``path`` to the holders of ``keys``.

    ``stopping`` tells the live streams to end (the server is shutting down). ``lang``:
    the language of every page (``--lang``); without it, each request is answered in
    its page's language (:func:`scoresheet.serve.words.chosen`).
    """
    return _security_headers(Server(path, keys, stopping=stopping, lang=lang))
