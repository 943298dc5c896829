"""Composition root of a table-service process: ``create_app(settings)`` wires everything.

Nothing connects at import time; the pool, the store and the lobby projector start in
the app's startup hooks and stop on SIGTERM (FastStream's graceful shutdown). The
database must be migrated (``president serve migrate``; ``president serve table`` does
it first): the service creates no table of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import asyncpg
from faststream import FastStream
from faststream.nats import NatsBroker
from president.bus.connect import NatsCredentials, broker_options
from president.bus.identity import Requester
from president.contract import Reply, Subjects, TableCommand
from president.runtime.ready import clear_ready, mark_ready
from president.settings import MissingSecretError, load_settings
from president.store.postgres import PostgresEventStore
from president.store.rejections import PostgresRejections

from services.table.application import TableService
from services.table.handlers import table_router
from services.table.lobby_store import LobbyProjector, PostgresLobby
from services.table.settings import TableSettings

log = logging.getLogger(__name__)


class TableProcess:
    """The resources of one table-service process, opened and closed by the app's hooks."""

    def __init__(self, settings: TableSettings):
        self.settings = settings
        self.service: TableService | None = None
        self._pool: asyncpg.Pool | None = None
        self._stop = asyncio.Event()
        self._projector: asyncio.Task[None] | None = None

    async def handle(self, command: TableCommand, requester: Requester | None = None) -> Reply:
        if self.service is None:
            raise RuntimeError("the table service is not started")
        return await self.service.handle(command, requester)

    async def open(self) -> None:
        settings = self.settings
        if settings.database_url is None:
            raise RuntimeError("PRESIDENT_DATABASE_URL is not set")
        # 4 at least: the projector's listener keeps one, decisions hold up to half.
        self._pool = await asyncpg.create_pool(
            settings.database_url, min_size=2, max_size=max(4, settings.db_pool_size)
        )
        store = PostgresEventStore(self._pool)
        secret = settings.token_secret
        if not secret:
            raise MissingSecretError("the table service needs PRESIDENT_TOKEN_SECRET")
        self.service = TableService(
            store,
            PostgresLobby(self._pool),
            PostgresRejections(self._pool),
            secret,
            settings.instance_id,
        )
        projector = LobbyProjector(self._pool, store, poll_interval=settings.lobby_poll_interval)
        self._projector = asyncio.create_task(projector.run(self._stop), name="lobby-projector")

    async def serving(self) -> None:
        mark_ready(self.settings.ready_file, self.settings.instance_id)
        log.info("table service %s: serving", self.settings.instance_id)

    async def stopping(self) -> None:
        clear_ready(self.settings.ready_file)

    async def close(self) -> None:
        self._stop.set()
        if self._projector is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._projector, 5)
        if self._pool is not None:
            await self._pool.close()


def create_app(settings: TableSettings | None = None) -> FastStream:
    """The table-service application (a FastStream app on NATS)."""
    settings = settings or load_settings(cls=TableSettings)
    if settings.nats_url is None:
        raise RuntimeError("PRESIDENT_NATS_URL is not set")
    process = TableProcess(settings)
    broker = NatsBroker(
        **broker_options(
            settings.nats_url,
            f"president-{settings.instance_id}",
            NatsCredentials.from_settings(settings),
        ),
        log_level=logging.DEBUG,
    )
    broker.include_router(
        table_router(
            Subjects(settings.subject_prefix), process.handle, concurrency=settings.concurrency
        )
    )
    return FastStream(
        broker,
        on_startup=[process.open],
        after_startup=[process.serving],
        on_shutdown=[process.stopping],
        after_shutdown=[process.close],
    )


def main() -> None:
    """Run one table-service process until SIGTERM."""
    settings = load_settings(cls=TableSettings)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(create_app(settings).run())
