"""Composition root of a table-service process: ``create_app(settings)`` wires the pool,
the store, the lobby projector and the command subscriber; nothing connects at import."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import asyncpg
from nats.aio.client import Client
from president.bus.command_server import CommandServer
from president.bus.connect import NatsCredentials, ReconnectPolicy, connect
from president.bus.identity import Requester
from president.command_path import RateLimits
from president.contract import Reply, Subjects, TableCommand
from president.runtime import Runtime
from president.runtime.checks import close_nats, close_pool, nats_check, postgres_check
from president.runtime.metrics import GAMES_IN_PLAY
from president.settings import MissingSecretError, load_settings
from president.store.lobby import PostgresLobby
from president.store.postgres import PostgresEventStore

from services.table.application import TableService
from services.table.handlers import table_server
from services.table.lobby_projector import LobbyProjector
from services.table.settings import TableSettings

log = logging.getLogger(__name__)

GRACE_SECONDS = 10.0


class TableApp:
    """The resources of one table-service process."""

    def __init__(self, settings: TableSettings):
        if settings.nats_url is None:
            raise RuntimeError("PRESIDENT_NATS_URL is not set")
        if settings.database_url is None:
            raise RuntimeError("PRESIDENT_DATABASE_URL is not set")
        self.settings = settings
        self.service: TableService | None = None
        self._client: Client | None = None
        self._pool: asyncpg.Pool | None = None
        self._lobby: PostgresLobby | None = None
        self._stop = asyncio.Event()
        self._projector: asyncio.Task[None] | None = None
        self._commands: CommandServer | None = None

    async def handle(self, command: TableCommand, requester: Requester | None = None) -> Reply:
        if self.service is None:
            raise RuntimeError("the table service is not started")
        return await self.service.handle(command, requester)

    async def start(self, runtime: Runtime | None = None) -> None:
        """Open the database side, then subscribe to the table commands."""
        settings = self.settings
        assert settings.database_url is not None and settings.nats_url is not None
        runtime = runtime or Runtime(settings.instance_id)
        # 4 at least: the projector's listener keeps one, decisions hold up to half.
        pool = self._pool = await asyncpg.create_pool(
            settings.database_url, min_size=2, max_size=max(4, settings.db_pool_size)
        )
        store = PostgresEventStore(pool)
        lobby = self._lobby = PostgresLobby(pool)
        secret = settings.token_secret
        if not secret:
            raise MissingSecretError("the table service needs PRESIDENT_TOKEN_SECRET")
        self.service = TableService(
            store,
            lobby,
            secret,
            settings.instance_id,
            max_open_tables=settings.max_open_tables,
        )
        projector = LobbyProjector(lobby, store, poll_interval=settings.lobby_poll_interval)
        self._stop.clear()
        self._projector = asyncio.create_task(self._project(projector), name="lobby-projector")
        runtime.supervise(self._projector, "the lobby projector")
        client = self._client = await connect(
            settings.nats_url,
            f"president-{settings.instance_id}",
            NatsCredentials.from_settings(settings),
            policy=ReconnectPolicy.of(settings),
            watch=runtime.nats_watch(),
        )
        self._commands = table_server(
            client,
            Subjects(settings.subject_prefix),
            self.handle,
            concurrency=settings.concurrency,
            limits=RateLimits(settings.command_rate, settings.command_burst),
        )
        await self._commands.start()
        runtime.health.add("nats", nats_check(client))
        runtime.health.add("postgres", postgres_check(pool))
        runtime.health.add("lobby projector", self._projector_check)
        runtime.collectors.append(self._count_games)
        log.info("table service %s: serving", settings.instance_id)

    async def stop(self) -> None:
        """Stop taking commands (those in hand are answered), then close the database side."""
        if self._commands is not None:
            commands, self._commands = self._commands, None
            await commands.stop(GRACE_SECONDS)  # drains, then answers the commands in hand
        if self._client is not None:
            await close_nats(self._client)
            self._client = None
        self._stop.set()
        if self._projector is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._projector, 5)
            self._projector = None
        if self._pool is not None:
            await close_pool(self._pool)
            self._pool = None

    async def _project(self, projector: LobbyProjector) -> None:
        """Run the projector until stopped, starting it over when Postgres fails it."""
        failures = 0
        while not self._stop.is_set():
            try:
                await projector.run(self._stop)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                failures += 1
                log.warning("lobby projector: %r; starting over", error)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), min(0.25 * 2**failures, 5.0))
            else:
                failures = 0

    async def _projector_check(self) -> str | None:
        if self._projector is None or self._projector.done():
            return "the lobby projector is not running"
        return None

    async def _count_games(self) -> None:
        if self._pool is not None and self._lobby is not None:
            GAMES_IN_PLAY.set(await self._lobby.games_in_play())


def create_app(settings: TableSettings | None = None) -> TableApp:
    """The table-service application (core NATS for the commands)."""
    return TableApp(settings or load_settings(cls=TableSettings))
