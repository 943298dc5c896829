"""The ASGI application of ``president web`` (Starlette): the page (plain ES modules and
the vendored NATS WebSocket and Fluent clients, served as package data), the Fluent
catalogues, and the lobby API (JSON)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from president.contract.base import MAX_JSON_DEPTH
from president.contract.parse import DuplicateKey, json_depth, unique_keys
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from services.web.clients import BROWSER_COOKIE, Caller, browser_id, client_address
from services.web.errors import LobbyError
from services.web.lobby import Lobby, create_command
from services.web.login import PlatformLogin
from services.web.replays import Replays

HERE = Path(__file__).parent
STATIC = HERE / "static"
VENDOR = HERE / "vendor" / "modules"
MAX_BODY = 4096
BROWSER_COOKIE_DAYS = 30
Handler = Callable[[Request, Caller], Awaitable[Response]]


def _locales_dir() -> Path:
    """The Fluent catalogues of ``president.l10n``, read as files: the page formats them
    (this process formats no text of its own)."""
    import president

    return Path(president.__file__).parent / "l10n" / "locales"


@dataclass(frozen=True)
class PageConfig:
    """What the page needs to know: the NATS WebSocket URL and the subject prefix."""

    nats_url: str
    prefix: str
    origin: str | None = None
    """The page's origin (``https://host[:port]``): a state-changing request must come from
    it (its ``Origin`` header). None: the origin of the request's own ``Host``."""
    trusted_proxies: tuple[Any, ...] = ()
    """The proxies whose ``X-Forwarded-For`` names the client (``clients.trusted_networks``)."""
    browser_secret: bytes = b""
    """The HMAC key of the browser ids the lobby issues (the ticket secret)."""
    login: PlatformLogin | None = None
    """The platform login the table requests need (None: anonymous clients)."""

    def csp(self) -> str:
        """The page's Content-Security-Policy: its own origin, and NATS's WebSocket."""
        return (
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            f" connect-src 'self' {self.nats_url}; frame-ancestors 'none'; base-uri 'none';"
            " form-action 'none'"
        )

    def headers(self) -> dict[str, str]:
        """The security headers of every response (the page's, the API's, the files')."""
        return {
            "Content-Security-Policy": self.csp(),
            "X-Content-Type-Options": "nosniff",
            "X-Frame-Options": "DENY",
            "Referrer-Policy": "no-referrer",
            "Cross-Origin-Opener-Policy": "same-origin",
            "Cross-Origin-Resource-Policy": "same-origin",
        }


class SecurityHeaders:
    """ASGI middleware: ``headers`` on every response, whatever answered it (a route, the
    static files, an error: a 404 or a 500 too)."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]):
        self.app = app
        self.extra = headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in self.extra.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, with_headers)


def create_web_app(lobby: Lobby, config: PageConfig, replays: Replays | None = None) -> Starlette:
    """The page, the catalogues and the lobby API of ``lobby``; the replay page and its
    data from ``replays``."""
    replays = replays or Replays(None)
    locales = _locales_dir()
    known = {path.name for path in locales.iterdir() if (path / "president.ftl").is_file()}

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def replay_page(request: Request) -> Response:
        return FileResponse(STATIC / "replay.html", headers={"Cache-Control": "no-cache"})

    async def catalogue(request: Request) -> Response:
        locale = request.path_params["locale"]
        if locale not in known:
            return JSONResponse({"code": "unknown_locale"}, status_code=404)
        return FileResponse(
            locales / locale / "president.ftl",
            media_type="text/plain; charset=utf-8",
            headers={"Cache-Control": "no-cache"},
        )

    limits = lobby.quotas.limits

    def api(handler: Handler, *, login: bool = True) -> Callable[[Request], Awaitable[Response]]:
        """``handler`` for one client (logged in, if the platform login is on and
        ``login``), within its request rates; its refusals as codes."""

        async def endpoint(request: Request) -> Response:
            issued = None
            try:
                address = _address(request, config)
                lobby.quotas.arrival(address)
                caller = _caller(request, address, config, login)
                issued = caller.issued
                lobby.quotas.request(caller)
                response = await handler(request, caller)
            except LobbyError as error:
                response = _refused(error)
            if issued is not None:
                secure = (config.origin or "").startswith("https://")
                response.set_cookie(
                    BROWSER_COOKIE,
                    issued,
                    max_age=BROWSER_COOKIE_DAYS * 86_400,
                    path="/api",
                    secure=secure,
                    httponly=True,
                    samesite="strict",
                )
            return response

        return endpoint

    async def page_config(request: Request, caller: Caller) -> Response:
        return JSONResponse(
            {
                "nats_url": config.nats_url,
                "prefix": config.prefix,
                "locales": sorted(known),
                "limits": {"ai_seats": limits.ai_seats, "rounds": limits.rounds},
            }
        )

    async def create(request: Request, caller: Caller) -> Response:
        command = create_command(await _body(request, config.origin))
        table_id = await lobby.create_table(caller, command)
        return JSONResponse({"table_id": table_id}, status_code=201)

    async def take_seat(request: Request, caller: Caller) -> Response:
        body = await _body(request, config.origin)
        grant = await lobby.take_seat(request.path_params["table_id"], body, caller.subject)
        return JSONResponse(grant.to_json(), status_code=201)

    async def start(request: Request, caller: Caller) -> Response:
        await _body(request, config.origin)
        await lobby.start(caller, request.path_params["table_id"])
        return JSONResponse({"started": True})

    async def table(request: Request, caller: Caller) -> Response:
        return JSONResponse(await lobby.table(request.path_params["table_id"]))

    async def ticket(request: Request, caller: Caller) -> Response:
        body = await _body(request, config.origin)
        path = request.path_params
        fresh = lobby.refresh(path["table_id"], path["seat"], body.get("pass"), caller.subject)
        return JSONResponse({"ticket": fresh})

    async def replay(request: Request, caller: Caller) -> Response:
        return JSONResponse(await replays.document(request.path_params["table_id"]))

    table_path = "/api/tables/{table_id:str}"
    return Starlette(
        routes=[
            Route("/", page),
            Route("/api/config", api(page_config, login=False)),
            Route("/api/tables", api(create), methods=["POST"]),
            Route(table_path, api(table)),
            Route(f"{table_path}/seats", api(take_seat), methods=["POST"]),
            Route(f"{table_path}/start", api(start), methods=["POST"]),
            Route(f"{table_path}/seats/{{seat:int}}/ticket", api(ticket), methods=["POST"]),
            Route("/replay/{table_id:str}", replay_page),
            Route("/api/replay/{table_id:str}", api(replay, login=False)),
            Route("/l10n/{locale:str}.ftl", catalogue),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Mount("/vendor", StaticFiles(directory=VENDOR), name="vendor"),
        ],
        middleware=[
            Middleware(SecurityHeaders, headers=config.headers()),
            Middleware(GZipMiddleware, minimum_size=512),
        ],
    )


def _address(request: Request, config: PageConfig) -> str:
    """The client's address, as the ingress saw it (``clients.client_address``)."""
    peer = request.client.host if request.client is not None else None
    forwarded = request.headers.get("x-forwarded-for")
    return client_address(peer, forwarded, config.trusted_proxies)


def _caller(request: Request, address: str, config: PageConfig, login: bool) -> Caller:
    """Who sends ``request`` from ``address``: its platform login's subject when the login
    is on (401 without a valid token), else its browser id (issued if it has none)."""
    if config.login is not None and login:
        authorization = request.headers.get("authorization")
        subject = config.login.subject(authorization, request.cookies.get(config.login.cookie))
        return Caller(address, f"subject:{subject}", subject=subject)
    browser, issued = browser_id(config.browser_secret, request.cookies.get(BROWSER_COOKIE))
    return Caller(address, f"browser:{browser}", issued)


def _refused(error: LobbyError) -> Response:
    headers = {} if error.retry_after is None else {"Retry-After": str(error.retry_after)}
    return JSONResponse({"code": error.code, "params": error.params}, error.status, headers)


async def _body(request: Request, origin: str | None) -> dict[str, Any]:
    """The JSON object a state-changing request sends, once it passed the door: it comes
    from the page's ``origin`` (``LobbyError`` 403 ``bad_origin``), it says it is JSON (415
    ``not_json``: a cross-site form or ``text/plain`` post cannot), at most ``MAX_BODY``
    bytes (413 ``too_large``, read no further whatever its announced length), at most
    ``MAX_JSON_DEPTH`` deep (400 ``too_deep``), no key twice (400 ``duplicate_key``), an
    object (400 ``bad_json``)."""
    expected = origin or f"{request.url.scheme}://{request.headers.get('host', '')}"
    if request.headers.get("origin") != expected:
        raise LobbyError(403, "bad_origin")
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise LobbyError(415, "not_json")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise LobbyError(413, "too_large", {"max_bytes": MAX_BODY})
    return _json_object(bytes(raw))


def _json_object(raw: bytes) -> dict[str, Any]:
    too_deep = LobbyError(400, "too_deep", {"max_depth": MAX_JSON_DEPTH})
    try:
        body = json.loads(raw or b"{}", object_pairs_hook=unique_keys)
    except DuplicateKey as error:
        raise LobbyError(400, "duplicate_key") from error
    except RecursionError as error:
        raise too_deep from error
    except ValueError as error:  # not JSON, not UTF-8
        raise LobbyError(400, "bad_json") from error
    if not isinstance(body, dict):
        raise LobbyError(400, "bad_json")
    if json_depth(body) > MAX_JSON_DEPTH:
        raise too_deep
    return body
