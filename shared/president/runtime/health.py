"""Readiness checks and the plain-asyncio HTTP server of ``/livez``, ``/readyz`` (200, or
503 naming what is not ready) and ``/metrics``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

log = logging.getLogger(__name__)

Check = Callable[[], Awaitable[str | None]]
CHECK_TIMEOUT = 2.0
REQUEST_TIMEOUT = 5.0


class Health:
    """The named readiness checks of one process."""

    def __init__(self) -> None:
        self._checks: dict[str, Check] = {}
        self.phase = "starting"
        """starting, serving or stopping: only a serving process can be ready."""

    def add(self, name: str, check: Check) -> None:
        """Register (or replace) the check ``name``."""
        self._checks[name] = check

    def remove(self, name: str) -> None:
        self._checks.pop(name, None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._checks)

    async def problems(self) -> dict[str, str]:
        """What is not ready, by check name (empty: ready)."""
        names = list(self._checks)
        results = await asyncio.gather(*(self._run(self._checks[name]) for name in names))
        problems = {name: result for name, result in zip(names, results, strict=True) if result}
        if self.phase != "serving":
            problems["process"] = self.phase
        return problems

    @staticmethod
    async def _run(check: Check) -> str | None:
        try:
            async with asyncio.timeout(CHECK_TIMEOUT):
                return await check()
        except TimeoutError:
            return f"no answer within {CHECK_TIMEOUT:g} s"
        except Exception as error:
            return f"{type(error).__name__}: {error}"


class HealthServer:
    """HTTP/1.1 on ``host:port`` (port 0: any free port, see ``port`` once started)."""

    def __init__(self, health: Health, host: str, port: int):
        self._health = health
        self._host = host
        self.port = port
        self._server: asyncio.Server | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, self._host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("health and metrics on http://%s:%d", self._host, self.port)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)
            self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            async with asyncio.timeout(REQUEST_TIMEOUT):
                request = await reader.readuntil(b"\r\n\r\n")
                method, _, rest = request.decode("latin-1").partition(" ")
                path = rest.split(" ", 1)[0].split("?", 1)[0]
                status, content_type, body = await self._answer(method, path)
                head = (
                    f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n"
                    f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                )
                writer.write(head.encode("latin-1") + (b"" if method == "HEAD" else body))
                await writer.drain()
        except (TimeoutError, OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _answer(self, method: str, path: str) -> tuple[str, str, bytes]:
        if method not in ("GET", "HEAD"):
            return "405 Method Not Allowed", "text/plain", b"GET only\n"
        if path == "/livez":
            return "200 OK", "text/plain", b"ok\n"
        if path == "/readyz":
            problems = await self._health.problems()
            body = json.dumps({"ready": not problems, "not_ready": problems}).encode() + b"\n"
            status = "503 Service Unavailable" if problems else "200 OK"
            return status, "application/json", body
        if path == "/metrics":
            return "200 OK", CONTENT_TYPE_LATEST, generate_latest()
        return "404 Not Found", "text/plain", b"/livez, /readyz or /metrics\n"
