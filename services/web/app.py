"""The ASGI application of ``president web`` (Starlette): the page (plain ES modules and
the vendored NATS WebSocket and Fluent clients, served as package data), the Fluent
catalogues, and the lobby API (JSON)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from services.web.lobby import Lobby, LobbyError

HERE = Path(__file__).parent
STATIC = HERE / "static"
VENDOR = HERE / "vendor" / "modules"
MAX_BODY = 4096


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

    def csp(self) -> str:
        """The page's Content-Security-Policy: its own origin, and NATS's WebSocket."""
        return (
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            f" connect-src 'self' {self.nats_url}; frame-ancestors 'none'; base-uri 'none';"
            " form-action 'none'"
        )


def create_web_app(lobby: Lobby, config: PageConfig) -> Starlette:
    """The page, the catalogues and the lobby API of ``lobby``."""
    locales = _locales_dir()
    known = {path.name for path in locales.iterdir() if (path / "president.ftl").is_file()}
    headers = {
        "Content-Security-Policy": config.csp(),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
    }

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=headers)

    async def catalogue(request: Request) -> Response:
        locale = request.path_params["locale"]
        if locale not in known:
            return JSONResponse({"code": "unknown_locale"}, status_code=404)
        return FileResponse(
            locales / locale / "president.ftl",
            media_type="text/plain; charset=utf-8",
            headers={"Cache-Control": "no-cache"},
        )

    async def page_config(request: Request) -> Response:
        return JSONResponse(
            {"nats_url": config.nats_url, "prefix": config.prefix, "locales": sorted(known)}
        )

    async def create(request: Request) -> Response:
        table_id = await lobby.create_table(await _body(request))
        return JSONResponse({"table_id": table_id}, status_code=201)

    async def take_seat(request: Request) -> Response:
        grant = await lobby.take_seat(request.path_params["table_id"], await _body(request))
        return JSONResponse(grant.to_json(), status_code=201)

    async def start(request: Request) -> Response:
        await lobby.start(request.path_params["table_id"])
        return JSONResponse({"started": True})

    async def table(request: Request) -> Response:
        return JSONResponse(await lobby.table(request.path_params["table_id"]))

    async def ticket(request: Request) -> Response:
        body = await _body(request)
        path = request.path_params
        fresh = lobby.refresh(path["table_id"], path["seat"], body.get("pass"))
        return JSONResponse({"ticket": fresh})

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, LobbyError)
        return JSONResponse({"code": error.code, "params": error.params}, error.status)

    table_path = "/api/tables/{table_id:str}"
    return Starlette(
        routes=[
            Route("/", page),
            Route("/api/config", page_config),
            Route("/api/tables", create, methods=["POST"]),
            Route(table_path, table),
            Route(f"{table_path}/seats", take_seat, methods=["POST"]),
            Route(f"{table_path}/start", start, methods=["POST"]),
            Route(f"{table_path}/seats/{{seat:int}}/ticket", ticket, methods=["POST"]),
            Route("/l10n/{locale:str}.ftl", catalogue),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Mount("/vendor", StaticFiles(directory=VENDOR), name="vendor"),
        ],
        middleware=[Middleware(GZipMiddleware, minimum_size=512)],
        exception_handlers={LobbyError: refused},
    )


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object (``LobbyError`` 400 for anything else, 413 if large: read
    no further than ``MAX_BODY``, whatever the body's announced or real length)."""
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise LobbyError(413, "too_large")
    try:
        body = json.loads(raw or b"{}")
    except ValueError as error:
        raise LobbyError(400, "bad_request") from error
    if not isinstance(body, dict):
        raise LobbyError(400, "bad_request")
    return body
