"""The table server: one game file, two links, the live sheet pushed to every page.

Who may do what is decided by the secret in the link's first path segment — the
*scoring* key lets a page add a deal and undo the last one, the *view* key only
watches; any other path gets ``403 forbidden`` and learns nothing about the game. No
part of a URL is ever used as a file name: the page and its two assets are read from
the package once, and the only file the server touches is the game.

The game file stays the one source of truth. It is watched (``stat`` every 200 ms), and
whenever its bytes change — a save from a phone, or ``scoresheet add`` in a terminal —
it is scored once and the new sheet is pushed to every open page as a server-sent
event (:mod:`scoresheet.serve.live`; it is read as the command line reads it, bounded
and never waited on). Saves go through :mod:`scoresheet.session`, so they keep the
command line's guarantees (history, atomic write, lock, refusal to save over a file that
changed).

The entry form keeps no state here: ``POST deals/N/ask`` replays the answers a page
sends through the game's own questions (:mod:`scoresheet.serve.form`) and saves nothing;
the deal it builds is saved, once confirmed, through ``POST deals/N`` like any other.

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
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from scoresheet import record as rec
from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _, language, pgettext, set_language
from scoresheet.limits import MAX_DEALS
from scoresheet.serve import form, words
from scoresheet.serve.live import Live, public
from scoresheet.serve.streams import Slots, event_stream
from scoresheet.session import add_deal, edit_deal, undo_last

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


class Refused(Exception):
    """A request answered with one line: ``status`` and the message."""

    def __init__(self, status: int, message: str, state: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.state = state


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


def _one_line(text: str) -> str:
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


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
    live = Live(path)
    slots = Slots()
    secret = secrets.token_bytes(32)
    save_lock = asyncio.Lock()
    pending: set[asyncio.Task[None]] = set()
    page = _asset("index.html").decode("utf-8")
    assets = {name: _asset(name) for name in ASSETS}

    def forbidden() -> Response:
        return Response(_("forbidden") + "\n", status_code=403, media_type="text/plain")

    def refusal(exc: Refused) -> JSONResponse:
        body: dict[str, Any] = {"error": _one_line(public(exc.message, path))}
        if exc.state is not None:
            body["state"] = exc.state
        return JSONResponse(body, status_code=exc.status)

    def check_same_page(request: Request, role: str) -> None:
        if role != "score":
            raise Refused(403, _("this is the view-only link: it cannot change the game"))
        site = request.headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            raise Refused(403, _("refused: the request did not come from this page"))
        origin = request.headers.get("origin")
        host = request.headers.get("host", "")
        if origin is not None and origin != f"{request.url.scheme}://{host}":
            raise Refused(403, _("refused: the request did not come from this page"))
        token = request.headers.get("x-scoresheet-token", "")
        if not _token_ok(secret, role, token):
            raise Refused(403, _("refused: this page's token is missing or wrong; reload the page"))
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise Refused(415, _("refused: send the request as application/json"))

    async def body_json(request: Request, source: str, *, answers: bool = False) -> Any:
        """The request's JSON body; ``source`` names it in a refusal. ``answers``: the
        text typed at a question, read as `play` reads it (a tab is a space)."""
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

    def conflict_state() -> dict[str, Any] | None:
        return live.state_for(language()) or None

    def check_number(number: int) -> None:
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

    def saved_so_far(game: Any, number: int) -> int:
        """The deals the game holds; refused when deal ``number`` is among them already."""
        check_number(number)
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

    def add(number: int, deal: dict[str, Any]) -> tuple[str, int]:
        check_number(number)
        game = live.open()
        played = saved_so_far(game, number)
        if number > played + 1:
            raise Refused(
                409,
                _(
                    "deal {number}: the game has {played} deals; the next is "
                    "deal {next} — here is the sheet as it is"
                ).format(number=number, played=played, next=played + 1),
            )
        try:
            result, _saved = add_deal(game, deal)
        except ScoresheetError as exc:
            if live.changed(game.snapshot.data):
                raise Refused(
                    409,
                    _(
                        "the game changed while deal {number} was being saved (another "
                        "command wrote it); nothing was saved — here is the sheet as it is; "
                        "enter yours again"
                    ).format(number=number),
                ) from None
            raise Refused(422, str(exc)) from None
        return registry.part(result.game, "views").deal_text(result, number), len(result.deals)

    def ask(number: int, body: Any) -> dict[str, Any]:
        try:
            pairs, text, back = form.read_answers(body)
        except ScoresheetError as exc:
            raise Refused(400, str(exc)) from None
        check_number(number)
        game = live.open()
        played = saved_so_far(game, number)
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

    def undo(number: int, was: Any) -> tuple[str, int]:
        check_number(number)
        game = live.open()
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
        try:
            result, _undone = undo_last(game)
        except ScoresheetError as exc:
            if live.changed(game.snapshot.data):
                raise Refused(
                    409,
                    _(
                        "the game changed while undoing (another command wrote it); "
                        "nothing was removed — here is the sheet as it is"
                    ),
                ) from None
            raise Refused(422, str(exc)) from None
        left = len(result.deals)
        return (
            _("deal {number} removed (kept in the file's history); {left} deals left").format(
                number=number, left=left
            ),
            left,
        )

    def correct(number: int, was: Any, deal: dict[str, Any]) -> tuple[str, int]:
        check_number(number)
        game = live.open()
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
        try:
            result = edit_deal(game, number, deal)
        except ScoresheetError as exc:
            if live.changed(game.snapshot.data):
                raise Refused(
                    409,
                    _(
                        "the game changed while deal {number} was being corrected (another "
                        "command wrote it); nothing was saved — here is the sheet as it is"
                    ).format(number=number),
                ) from None
            raise Refused(422, str(exc)) from None
        shown = registry.part(result.game, "views").deal_text(result, number)
        message = _("corrected (kept in the file's history): {shown}").format(shown=shown)
        return message, len(result.deals)

    async def change(request: Request, role: str, action: str, number: int) -> Response:
        try:
            check_same_page(request, role)
            source = {
                "ask": _("deal {number}'s answers"),
                "deals": _("deal {number}"),
                "correct": _("the correction of deal {number}"),
            }.get(action, pgettext("request", "undo")).format(number=number)
            body = await body_json(request, source, answers=action == "ask")
            if action == "ask":
                reply = await asyncio.to_thread(ask, number, body)
                return JSONResponse(reply)
            if action == "deals":
                if not isinstance(body, dict):
                    raise Refused(
                        400, _("the deal must be one JSON object, {shape}").format(shape="{...}")
                    )
                async with save_lock:
                    message, deals = await asyncio.to_thread(add, number, body)
            elif action == "correct":
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
                async with save_lock:
                    message, deals = await asyncio.to_thread(
                        correct, number, body.get("was"), body["deal"]
                    )
            else:
                last = body.get("number") if isinstance(body, dict) else None
                if isinstance(last, int) and not isinstance(last, bool):
                    check_number(last)
                if (
                    not isinstance(last, int)
                    or isinstance(last, bool)
                    or not isinstance(body.get("was"), dict)
                ):
                    raise Refused(
                        400,
                        _(
                            "undo: give the last deal's number and the deal as the page "
                            "shows it, {shape}"
                        ).format(shape='{"number": N, "was": deal N}'),
                    )
                async with save_lock:
                    message, deals = await asyncio.to_thread(undo, last, body["was"])
        except Refused as exc:
            if exc.status == 409:
                await live.refresh()
                exc.state = conflict_state()
            return refusal(exc)
        except ScoresheetError as exc:  # the file could not be read at all
            return refusal(Refused(409, str(exc)))
        # Answer at once; every page, the saver's too, gets the new sheet as an event.
        task = asyncio.create_task(live.refresh())
        pending.add(task)
        task.add_done_callback(pending.discard)
        return JSONResponse({"message": _one_line(message), "deals": deals})

    async def dispatch(request: Request) -> Response:
        parts = request.url.path.split("/")
        # "/KEY/REST": parts == ["", KEY, *REST]
        if len(parts) < 2:
            return forbidden()
        # Each request in its page's language (the server's, when it was given one).
        code = words.chosen(lang, request.cookies, request.headers.get("accept-language"))
        set_language(code)
        role = keys.role(parts[1])
        if role is None:
            return forbidden()
        rest = "/".join(parts[2:])
        method = request.method
        if len(parts) == 2:
            return Response(status_code=307, headers={"location": f"/{parts[1]}/"})
        if method in ("GET", "HEAD"):
            if rest == "":
                token = _page_token(secret, role)
                html = words.page(page, code, role, token, fixed=lang is not None)
                return Response(html, media_type="text/html; charset=utf-8")
            if rest in assets:
                return Response(assets[rest], media_type=ASSETS[rest])
            if rest == "state":
                return JSONResponse(await asyncio.to_thread(live.state_for, code))
            if rest == "events":
                address = request.client.host if request.client is not None else None
                return event_stream(live, slots, role, address, stopping)
            return Response(_("not found") + "\n", status_code=404, media_type="text/plain")
        if method == "POST":
            head, _slash, tail = rest.partition("/")
            if rest == "undo":
                return await change(request, role, "undo", 0)
            digits, _slash, verb = tail.partition("/")
            if head == "deals" and digits.isascii() and digits.isdigit() and len(digits) < 6:
                if verb == "":
                    return await change(request, role, "deals", int(digits))
                if verb == "ask":
                    return await change(request, role, "ask", int(digits))
                if verb == "correct":
                    return await change(request, role, "correct", int(digits))
            return Response(_("not found") + "\n", status_code=404, media_type="text/plain")
        return Response(_("method not allowed") + "\n", status_code=405, media_type="text/plain")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await live.refresh()
        watcher = asyncio.create_task(live.watch())
        try:
            yield
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher

    routes = [Route("/{rest:path}", dispatch, methods=["GET", "HEAD", "POST", "PUT", "DELETE"])]
    return _security_headers(Starlette(routes=routes, lifespan=lifespan))
