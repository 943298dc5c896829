"""Composition root of an auditor process: ``create_app(settings)`` wires the log (as the
SELECT-only role), the FastStream broker with the auditor's subscriber, and its stream;
nothing connects at import."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from faststream.nats import NatsBroker
from faststream.nats.security import NatsSecurity, NatsUserPassword
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError
from president.bus.auth import inbox_prefix
from president.bus.connect import NatsCredentials, ReconnectPolicy, nats_options
from president.bus.streams import StreamLimits, audit_stream, ensure_stream
from president.contract.subjects import Subjects
from president.runtime import Runtime
from president.runtime.checks import nats_check, postgres_check
from president.settings import load_settings
from president.store.postgres import PostgresEventStore

from services.auditor.auditor import Auditor
from services.auditor.backlog import watch_backlog
from services.auditor.settings import AuditorSettings
from services.auditor.subscriber import Consumer, audit_router

log = logging.getLogger(__name__)

DEFAULT_DURABLE = "auditor"


def consumer_of(settings: AuditorSettings, user: str | None = None) -> Consumer:
    """The shared consumer: named after the NATS identity ``user`` (from the settings or
    the URL), the one consumer it may use, and pulled into its own inbox."""
    durable = settings.durable or user or DEFAULT_DURABLE
    inbox = "_INBOX" if user is None else inbox_prefix(user)
    return Consumer(
        durable,
        settings.concurrency,
        settings.ack_wait,
        settings.retry_delay,
        inbox_prefix=inbox,
        every_round=settings.auditor_every_round,
    )


def broker_options(settings: AuditorSettings, runtime: Runtime | None = None) -> dict[str, Any]:
    """``NatsBroker``'s arguments: the connection every process makes
    (``president.bus.connect.nats_options``), its identity and TLS as FastStream's security."""
    assert settings.nats_url is not None
    options = nats_options(
        settings.nats_url,
        f"president-{settings.instance_id}",
        NatsCredentials.from_settings(settings),
        policy=ReconnectPolicy.of(settings),
        watch=None if runtime is None else runtime.nats_watch(),
    )
    user, password, tls = (
        options.pop("user", None),
        options.pop("password", ""),
        options.pop("tls", None),
    )
    if user is not None:
        options["security"] = NatsUserPassword(username=user, password=password, ssl_context=tls)
    elif tls is not None:
        options["security"] = NatsSecurity(ssl_context=tls)
    return options


async def events_stream_made(js: JetStreamContext, stream: str, every: float = 0.5) -> None:
    """Return once the events stream exists: the relay and the engines make it, the
    auditor may only read it (until then it is not ready, and says why once)."""
    said = False
    while True:
        try:
            await js.stream_info(stream)
            return
        except NotFoundError:
            if not said:
                log.info("auditor: waiting for the stream %s (the relay makes it)", stream)
                said = True
        await asyncio.sleep(every)


class AuditorApp:
    """The resources of one auditor process."""

    def __init__(self, settings: AuditorSettings):
        if settings.nats_url is None:
            raise RuntimeError("PRESIDENT_NATS_URL is not set")
        if settings.database_url is None:
            raise RuntimeError("PRESIDENT_DATABASE_URL is not set")
        self.settings = settings
        self.subjects = Subjects(settings.subject_prefix)
        self.broker: NatsBroker | None = None
        self._store: PostgresEventStore | None = None
        self._stop = asyncio.Event()
        self._backlog: asyncio.Task[None] | None = None

    async def start(self, runtime: Runtime | None = None) -> None:
        """Open the log, make sure of the audit stream, then start the subscriber."""
        settings = self.settings
        assert settings.database_url is not None
        runtime = runtime or Runtime(settings.instance_id)
        store = self._store = await PostgresEventStore.connect(
            settings.database_url, min_size=1, max_size=settings.db_pool_size
        )
        auditor = Auditor(store)
        options = broker_options(settings, runtime)
        security = options.get("security")
        user = security.username if isinstance(security, NatsUserPassword) else None
        broker = self.broker = NatsBroker(
            **options, logger=None, graceful_timeout=settings.stop_timeout
        )
        consumer = consumer_of(settings, user)
        broker.include_router(audit_router(broker, self.subjects, auditor.verdict, consumer))
        await broker.connect()
        js, events = broker.config.connection_state.stream, self.subjects.events_stream
        spec = audit_stream(self.subjects, StreamLimits.from_settings(settings))
        await ensure_stream(js, spec)
        await events_stream_made(js, events)
        await broker.start()
        self._backlog = asyncio.create_task(
            watch_backlog(
                lambda: js.consumer_info(events, consumer.durable), self._stop, time.monotonic
            )
        )
        runtime.supervise(self._backlog, "the backlog watch")
        runtime.health.add("nats", nats_check(broker.connection))
        runtime.health.add("postgres", postgres_check(store.pool))
        log.info("auditor %s: auditing", settings.instance_id)

    async def stop(self) -> None:
        """Stop taking games' ends (those in hand finish or come back), then disconnect."""
        self._stop.set()
        if self._backlog is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._backlog
        if self.broker is not None:
            broker, self.broker = self.broker, None
            try:
                await broker.stop()  # drains: the ends in hand finish or come back
            except Exception as error:  # NATS gone: the unacked ends come back anyway
                log.warning("auditor: stopping the broker: %r", error)
        if self._store is not None:
            store, self._store = self._store, None
            await store.close()


def create_app(settings: AuditorSettings | None = None) -> AuditorApp:
    """The auditor application (FastStream on JetStream)."""
    return AuditorApp(settings or load_settings(cls=AuditorSettings))
