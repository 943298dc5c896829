"""Composition root of an engine process: ``create_app(settings)`` and ``main()``.

One process = one FastStream app: the game-command subscriber (queue group
``engine``, so instances share the load), plus the reactor consuming the relayed
events (game creation, turn prompts, AI decision requests). Nothing connects before
the app starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import nats
from faststream import FastStream
from faststream.nats import NatsBroker, NatsMessage, NatsRouter
from nats.aio.client import Client
from president.contract import Subjects
from president.contract.jetstream import ensure_streams
from president.infra import ensure_servers
from president.runtime.ready import clear_ready, mark_ready
from president.settings import load_settings
from president.store.postgres import PostgresEventStore

from services.engine.application import Engine
from services.engine.cache import GameCache
from services.engine.handlers import handle_request
from services.engine.jetstream import EventConsumer, JetStreamPrompts
from services.engine.postgres import PostgresTableSessions
from services.engine.reactor import Reactor
from services.engine.settings import EngineSettings

log = logging.getLogger(__name__)

QUEUE_GROUP = "engine"


class EngineProcess:
    """The connections and background task of one engine instance."""

    def __init__(self, settings: EngineSettings, database_url: str, nats_url: str):
        self.settings = settings
        self.subjects = Subjects(settings.subject_prefix)
        self._database_url = database_url
        self._nats_url = nats_url
        self._store: PostgresEventStore | None = None
        self._nats: Client | None = None
        self._engine: Engine | None = None
        self._stop = asyncio.Event()
        self._consumer: asyncio.Task[None] | None = None

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            raise RuntimeError("the engine process has not started")
        return self._engine

    async def start(self) -> None:
        settings = self.settings
        self._store = await PostgresEventStore.connect(
            self._database_url, min_size=2, max_size=settings.engine_pool_size
        )
        self._engine = Engine(
            self._store,
            PostgresTableSessions(self._store),
            secret=settings.token_secret,
            cache=GameCache(self._store, settings.engine_cache_size),
        )
        self._nats = await nats.connect(self._nats_url, name=f"president-{settings.instance_id}")
        js = self._nats.jetstream()
        await ensure_streams(js, self.subjects)
        reactor = Reactor(
            self._engine,
            JetStreamPrompts(js, self.subjects),
            secret=settings.token_secret,
            prompt_ai_seats=settings.engine_prompt_ai_seats,
            budget_ms=settings.engine_ai_budget_ms,
        )
        consumer = EventConsumer(
            js, self.subjects, reactor.on_events, batch=settings.engine_consumer_batch
        )
        self._stop.clear()
        self._consumer = asyncio.create_task(consumer.run(self._stop), name="engine-reactor")
        log.info("engine %s: started on prefix %s", settings.instance_id, self.subjects.prefix)

    async def stop_reactor(self) -> None:
        self._stop.set()
        if self._consumer is not None:
            try:
                await asyncio.wait_for(self._consumer, 5)
            except TimeoutError:
                self._consumer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._consumer
            self._consumer = None

    async def close(self) -> None:
        await self.stop_reactor()
        if self._nats is not None and not self._nats.is_closed:
            await self._nats.drain()
        if self._store is not None:
            await self._store.close()
        log.info("engine %s: stopped", self.settings.instance_id)


def create_app(
    settings: EngineSettings | None = None,
    *,
    database_url: str | None = None,
    nats_url: str | None = None,
) -> FastStream:
    """The engine app. Servers: the arguments, else the settings, else the embedded ones."""
    settings = settings or load_settings(cls=EngineSettings)
    database_url = database_url or settings.database_url
    nats_url = nats_url or settings.nats_url
    if database_url is None or nats_url is None:
        servers = ensure_servers(settings)
        database_url = database_url or servers.database_url
        nats_url = nats_url or servers.nats_url
    process = EngineProcess(settings, database_url, nats_url)
    router = NatsRouter()

    @router.subscriber(
        process.subjects.game_commands,
        queue=QUEUE_GROUP,
        max_workers=settings.engine_max_workers,
        title="engine-game-commands",
    )
    async def on_game_command(message: NatsMessage) -> bytes:
        raw = message.raw_message
        return await handle_request(process.engine, raw.subject, raw.data)

    broker = NatsBroker(nats_url, logger=None, graceful_timeout=10.0)
    broker.include_router(router)

    def ready() -> None:
        mark_ready(settings.ready_file, settings.instance_id)

    def not_ready() -> None:
        clear_ready(settings.ready_file)

    app = FastStream(
        broker,
        logger=log,
        on_startup=[process.start],
        after_startup=[ready],
        on_shutdown=[not_ready, process.stop_reactor],
        after_shutdown=[process.close],
    )
    app.context.set_global("engine_process", process)
    return app


def main() -> None:
    """Run one engine instance until SIGTERM/SIGINT (settings from ``PRESIDENT_*``)."""
    settings = load_settings(cls=EngineSettings)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(create_app(settings).run())


if __name__ == "__main__":
    main()
