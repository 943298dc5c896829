"""The lobby read model (``lobby_tables``, migration 0004): its queries and its projection's
writes with the projector's tracking position, in Postgres and in memory."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Protocol

import asyncpg

from president.contract import TableSummary, stream_id_of_table
from president.store.memory import InMemoryEventStore
from president.store.ports import NOTIFY_CHANNEL
from president.store.tracking import PostgresTracking

_LOAD = "SELECT table_id, summary FROM lobby_tables WHERE table_id = ANY($1::text[]) FOR UPDATE"
_UPSERT = """
INSERT INTO lobby_tables (table_id, status, summary, position) VALUES ($1, $2, $3::jsonb, $4)
ON CONFLICT (table_id) DO UPDATE
SET status = EXCLUDED.status, summary = EXCLUDED.summary, updated_at = now()"""
_LIST = "SELECT summary FROM lobby_tables ORDER BY position DESC LIMIT $1"
_LIST_STATUS = "SELECT summary FROM lobby_tables WHERE status = $1 ORDER BY position DESC LIMIT $2"
_GET = "SELECT summary FROM lobby_tables WHERE table_id = $1"
_OPEN_OF = """
SELECT count(*) FROM lobby_tables l
JOIN events e ON e.stream_id = 'table-' || l.table_id AND e.version = 1
WHERE l.status = 'open' AND e.metadata->>'requested_by' = $1"""
_PLAYING = "SELECT count(*) FROM lobby_tables WHERE status = 'playing'"


class LobbyRows(Protocol):
    """The lobby's rows inside one projection step (one transaction)."""

    async def load(self, table_ids: Sequence[str]) -> dict[str, TableSummary]:
        """The summaries of those of ``table_ids`` the lobby has (locked until the step ends)."""
        ...

    async def upsert(self, summary: TableSummary, position: int) -> None:
        """Write ``summary``; ``position``, where the table first appeared, orders the
        listing (newest first) and is kept when the table is there already."""
        ...


Change = Callable[[LobbyRows], Awaitable[None]]


class Listening(Protocol):
    @property
    def lost(self) -> bool:
        """Whether the listening connection is gone (no more wake-ups come)."""
        ...


class LobbyStore(Protocol):
    """The lobby projection's storage: its queries and its projector's steps."""

    async def list_tables(self, status: str | None, limit: int = 100) -> list[TableSummary]:
        """The tables (of ``status`` when given), newest first."""
        ...

    async def get_table(self, table_id: str) -> TableSummary | None: ...

    async def open_tables_of(self, requester: str) -> int:
        """Open tables whose ``TableCreated`` ``requester`` sent."""
        ...

    async def games_in_play(self) -> int:
        """How many tables are playing."""
        ...

    async def position(self, consumer: str) -> int:
        """The last log position ``consumer`` projected (0 before the first)."""
        ...

    async def project(self, consumer: str, position: int, change: Change) -> bool:
        """Run ``change`` and move ``consumer`` to ``position`` together, unless it reached
        ``position`` already (False then)."""
        ...

    def listening(self, woken: Callable[[], None]) -> AbstractAsyncContextManager[Listening]:
        """Call ``woken()`` at every append to the log while the context lasts."""
        ...


class _PostgresRows:
    def __init__(self, connection: asyncpg.Connection):
        self._connection = connection

    async def load(self, table_ids: Sequence[str]) -> dict[str, TableSummary]:
        rows = await self._connection.fetch(_LOAD, list(table_ids))
        return {row["table_id"]: TableSummary.model_validate_json(row["summary"]) for row in rows}

    async def upsert(self, summary: TableSummary, position: int) -> None:
        await self._connection.execute(
            _UPSERT, summary.table_id, summary.status, summary.model_dump_json(), position
        )


class _PostgresListening:
    def __init__(self, connection: asyncpg.Connection):
        self._connection = connection

    @property
    def lost(self) -> bool:
        return bool(self._connection.is_closed())


class PostgresLobby:
    """The :class:`LobbyStore` on a Postgres pool."""

    def __init__(self, pool: asyncpg.Pool):
        self._pool = pool
        self._tracking = PostgresTracking(pool)

    async def list_tables(self, status: str | None, limit: int = 100) -> list[TableSummary]:
        if status is None:
            rows = await self._pool.fetch(_LIST, limit)
        else:
            rows = await self._pool.fetch(_LIST_STATUS, status, limit)
        return [TableSummary.model_validate_json(row["summary"]) for row in rows]

    async def get_table(self, table_id: str) -> TableSummary | None:
        raw = await self._pool.fetchval(_GET, table_id)
        return None if raw is None else TableSummary.model_validate_json(raw)

    async def open_tables_of(self, requester: str) -> int:
        return int(await self._pool.fetchval(_OPEN_OF, requester))

    async def games_in_play(self) -> int:
        return int(await self._pool.fetchval(_PLAYING))

    async def position(self, consumer: str) -> int:
        return await self._tracking.position(consumer)

    async def project(self, consumer: str, position: int, change: Change) -> bool:
        async def effect(connection: asyncpg.Connection) -> None:
            await change(_PostgresRows(connection))

        ran, _ = await self._tracking.process(consumer, position, effect)
        return ran

    @asynccontextmanager
    async def listening(self, woken: Callable[[], None]) -> AsyncIterator[Listening]:
        def notified(*_: object) -> None:
            woken()

        async with self._pool.acquire() as listener:
            await listener.add_listener(NOTIFY_CHANNEL, notified)
            try:
                yield _PostgresListening(listener)
            finally:
                if not listener.is_closed():
                    await listener.remove_listener(NOTIFY_CHANNEL, notified)


class _MemoryRows:
    def __init__(self, lobby: MemoryLobby):
        self._lobby = lobby

    async def load(self, table_ids: Sequence[str]) -> dict[str, TableSummary]:
        rows = self._lobby.rows
        return {t: rows[t][0].model_copy(deep=True) for t in table_ids if t in rows}

    async def upsert(self, summary: TableSummary, position: int) -> None:
        before = self._lobby.rows.get(summary.table_id)
        kept = position if before is None else before[1]
        self._lobby.rows[summary.table_id] = (summary.model_copy(deep=True), kept)


class _MemoryListening:
    lost = False


class MemoryLobby:
    """The :class:`LobbyStore` in this process, beside an in-memory event store (unit
    tests): wake-ups come from :meth:`notify`."""

    def __init__(self, store: InMemoryEventStore):
        self._store = store
        self.rows: dict[str, tuple[TableSummary, int]] = {}
        self._positions: dict[str, int] = {}
        self._lock = asyncio.Lock()
        self._listeners: list[Callable[[], None]] = []

    async def list_tables(self, status: str | None, limit: int = 100) -> list[TableSummary]:
        rows = sorted(self.rows.values(), key=lambda row: row[1], reverse=True)
        chosen = [s for s, _ in rows if status is None or s.status == status][:limit]
        return [s.model_copy(deep=True) for s in chosen]

    async def get_table(self, table_id: str) -> TableSummary | None:
        row = self.rows.get(table_id)
        return None if row is None else row[0].model_copy(deep=True)

    async def open_tables_of(self, requester: str) -> int:
        count = 0
        for table_id, (summary, _) in self.rows.items():
            created = await self._store.read_stream(stream_id_of_table(table_id))
            first = created[0].metadata.get("requested_by") if created else None
            count += summary.status == "open" and first == requester
        return count

    async def games_in_play(self) -> int:
        return sum(summary.status == "playing" for summary, _ in self.rows.values())

    async def position(self, consumer: str) -> int:
        return self._positions.get(consumer, 0)

    async def project(self, consumer: str, position: int, change: Change) -> bool:
        async with self._lock:
            if position <= self._positions.get(consumer, 0):
                return False
            before = dict(self.rows)
            try:
                await change(_MemoryRows(self))
            except BaseException:
                self.rows = before  # the step's writes go with it, as a rollback
                raise
            self._positions[consumer] = position
            return True

    def notify(self) -> None:
        """What an append's NOTIFY does: wake every listener."""
        for woken in list(self._listeners):
            woken()

    @asynccontextmanager
    async def listening(self, woken: Callable[[], None]) -> AsyncIterator[Listening]:
        self._listeners.append(woken)
        try:
            yield _MemoryListening()
        finally:
            self._listeners.remove(woken)
