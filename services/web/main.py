"""Composition root of a web process: ``create_app(settings)`` wires the lobby API (its NATS
connection as the ``web`` identity), the auth callout responder (unless it runs apart),
and the page's HTTP server (uvicorn); nothing connects at import."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator

import uvicorn
from nats.aio.client import Client
from president.bus.connect import NatsCredentials, ReconnectPolicy, connect
from president.bus.streams import StreamLimits, ensure_bucket, quota_bucket
from president.client import PresidentClient
from president.contract.subjects import Subjects
from president.runtime import Runtime
from president.runtime.checks import nats_check
from president.settings import MissingSecretError, load_settings
from president.store.postgres import PostgresEventStore

from services.web.app import PageConfig, create_web_app
from services.web.backlog import CachedCount, consumer_backlog
from services.web.callout import BadTickets, CalloutResponder, start_callout
from services.web.clients import trusted_networks
from services.web.door import Door, Upstream
from services.web.ledger import KvLedger
from services.web.lobby import Lobby
from services.web.quotas import Quotas
from services.web.replays import Replays
from services.web.settings import WebSettings, platform_login, web_limits

log = logging.getLogger(__name__)


def _listening(server: uvicorn.Server) -> int | None:
    """The port ``server`` listens on once started (port 0 asks for a free one)."""
    for each in server.servers:
        for sock in each.sockets:
            return int(sock.getsockname()[1])
    return None


async def _every(seconds: float, work: Callable[[], Awaitable[None]]) -> None:
    """``work()`` every ``seconds``, for good (a failed round is logged, the next runs)."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await work()
        except Exception:
            log.exception("the lobby's sweep failed; it runs again in %s s", seconds)


class _Server(uvicorn.Server):
    """uvicorn without its signal handlers: the process's lifecycle owns SIGTERM/SIGINT
    (``president.runtime.serve``) and stops it through ``WebApp.stop``."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class WebApp:
    """The resources of one web process."""

    def __init__(self, settings: WebSettings):
        for value, name in (
            (settings.nats_url, "PRESIDENT_NATS_URL"),
            (settings.web_nats_url, "PRESIDENT_WEB_NATS_URL"),
            (settings.web_ticket_secret, "PRESIDENT_WEB_TICKET_SECRET"),
        ):
            if value is None:
                raise MissingSecretError(f"{name} is not set")
        self.settings = settings
        self._login = platform_login(settings)  # a login that is on but lacks a key: now
        self.port: int | None = None
        self.responder: CalloutResponder | None = None
        self.door: Door | None = None
        self.door_port: int | None = None
        self._nats: Client | None = None
        self._callout: Client | None = None
        self._server: uvicorn.Server | None = None
        self._serving: asyncio.Task[None] | None = None
        self._sweeping: asyncio.Task[None] | None = None
        self._store: PostgresEventStore | None = None

    async def start(self, runtime: Runtime | None = None) -> None:
        """Connect as ``web`` (and as ``callout``), then serve HTTP until stopped."""
        settings = self.settings
        assert settings.nats_url and settings.web_nats_url and settings.web_ticket_secret
        runtime = runtime or Runtime(settings.instance_id)
        self._nats = await connect(
            settings.nats_url,
            f"president-{settings.instance_id}",
            NatsCredentials.from_settings(settings),
            policy=ReconnectPolicy.of(settings),
            watch=runtime.nats_watch(),
        )
        runtime.health.add("nats", nats_check(self._nats))
        if settings.web_callout:
            self._callout, self.responder = await start_callout(settings, settings.nats_url)
            runtime.health.add("callout", nats_check(self._callout))
        if settings.web_door_port is not None:
            await self._open_door()
        subjects = Subjects(settings.subject_prefix)
        backlog = CachedCount(
            consumer_backlog(self._nats, subjects), max_age=settings.web_ai_backlog_max_age
        )
        # the quotas' counts, one book for every replica (services.web.ledger)
        bucket = quota_bucket(subjects, StreamLimits.from_settings(settings))
        ledger = KvLedger(await ensure_bucket(self._nats.jetstream(), bucket))
        lobby = Lobby(
            PresidentClient(self._nats, subjects),
            settings.web_ticket_secret.encode(),
            ticket_ttl_s=settings.web_ticket_ttl,
            quotas=Quotas(web_limits(settings), ledger=ledger),
            table_expiry_s=settings.web_table_expiry_minutes * 60,
            ai_backlog=backlog.pending,
        )
        page = PageConfig(
            settings.web_nats_url,
            settings.subject_prefix,
            settings.web_origin,
            trusted_networks(settings.web_trusted_proxies),
            settings.web_ticket_secret.encode(),
            self._login,
        )
        if settings.database_url is not None:  # the replays' log, as the auditor's role
            self._store = await PostgresEventStore.connect(
                settings.database_url, min_size=0, max_size=2
            )
        config = uvicorn.Config(
            create_web_app(lobby, page, Replays(self._store)),
            host=settings.web_host,
            port=settings.web_port,
            log_config=None,
            access_log=False,
            lifespan="off",
            server_header=False,
            # the client's address is ours to read (PRESIDENT_WEB_TRUSTED_PROXIES): uvicorn
            # would believe any X-Forwarded-For sent from loopback
            proxy_headers=False,
        )
        server = self._server = _Server(config)
        self._serving = asyncio.create_task(server.serve(), name="web-http")
        runtime.supervise(self._serving, "the HTTP server")
        while not server.started:
            if self._serving.done():
                self._serving.result()  # raises what stopped it (the port is taken...)
                raise RuntimeError("the HTTP server stopped at start")
            await asyncio.sleep(0.02)
        self.port = _listening(server)
        self._sweeping = asyncio.create_task(
            _every(settings.web_sweep_interval, lobby.sweep), name="web-sweep"
        )
        runtime.supervise(self._sweeping, "the lobby's sweep")
        log.info(
            "web %s: the page on http://%s:%s", settings.instance_id, settings.web_host, self.port
        )

    async def _open_door(self) -> None:
        """The browsers' door to the NATS WebSocket listener (``services.web.door``)."""
        settings = self.settings
        if settings.web_door_upstream is None or settings.web_door_port is None:
            raise MissingSecretError("PRESIDENT_WEB_DOOR_UPSTREAM is not set")
        ca = None if settings.nats_tls_ca is None else str(settings.nats_tls_ca)
        self.door = Door(
            Upstream.parse(settings.web_door_upstream, ca),
            BadTickets(
                settings.web_callout_bad_tickets_per_s, settings.web_callout_bad_ticket_burst
            ),
            trusted_networks(settings.web_trusted_proxies),
        )
        self.door_port = await self.door.start(settings.web_host, settings.web_door_port)
        log.info("web %s: the door on port %s", settings.instance_id, self.door_port)

    async def stop(self) -> None:
        """Stop taking requests (those in hand finish), then disconnect."""
        if self.door is not None:
            await self.door.stop()
        if self._sweeping is not None:
            self._sweeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeping
            self._sweeping = None
        if self._server is not None and self._serving is not None:
            self._server.should_exit = True
            with contextlib.suppress(Exception):
                await self._serving
            self._server = self._serving = None
        for client in (self._callout, self._nats):
            if client is not None and not client.is_closed:
                with contextlib.suppress(Exception):
                    await client.drain()
        self._callout = self._nats = None
        if self._store is not None:
            await self._store.close()
            self._store = None


def create_app(settings: WebSettings | None = None) -> WebApp:
    """The web application (page, lobby API, auth callout)."""
    return WebApp(settings or load_settings(cls=WebSettings))
