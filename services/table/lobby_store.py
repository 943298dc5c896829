"""The lobby in Postgres: the ``lobby_tables`` projection, its projector and its queries.

The projector follows the event log (``read_all``) and moves its tracking row in the
same transaction as the rows it changes (the store's tracking-row helper), so any
number of table-service instances may run it: each batch is applied once. The table
comes from the store's migrations (0004) and is a read model: emptying it and deleting
the ``lobby`` tracking row rebuilds it from the log.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import asyncpg
from president.contract import TableSummary
from president.contract.subjects import table_id_of_stream
from president.store import NOTIFY_CHANNEL, EventStore, RecordedEvent
from president.store.tracking import PostgresTracking

from services.table.lobby_view import project

log = logging.getLogger(__name__)

CONSUMER = "lobby"
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


class PostgresLobby:
    """Queries on the lobby projection."""

    def __init__(self, pool: asyncpg.Pool):
        self._pool = pool

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
        """Open tables whose TableCreated ``requester`` sent (the projection's view)."""
        return int(await self._pool.fetchval(_OPEN_OF, requester))


class LobbyProjector:
    """Keeps ``lobby_tables`` up to date with the log; woken by the store's NOTIFY, at most
    once per ``settle`` seconds (the lobby may lag the log by that much)."""

    def __init__(
        self,
        pool: asyncpg.Pool,
        store: EventStore,
        *,
        batch_size: int = 2000,
        poll_interval: float = 0.5,
        settle: float = 0.5,
    ):
        self._pool = pool
        self._store = store
        self._tracking = PostgresTracking(pool)
        self._batch_size = batch_size
        self._poll_interval = poll_interval
        self._settle = settle
        self._woken = asyncio.Event()

    async def run(self, stop: asyncio.Event) -> None:
        """Project until ``stop`` is set; a failed batch is retried after a pause."""
        async with self._pool.acquire() as listener:
            await listener.add_listener(NOTIFY_CHANNEL, self._wake)
            try:
                while not stop.is_set():
                    if listener.is_closed():
                        # Postgres went away: the caller starts over on a new connection.
                        raise ConnectionError("the lobby projector's listening connection is lost")
                    self._woken.clear()
                    try:
                        await self.catch_up()
                    except (OSError, asyncpg.PostgresError):
                        log.exception("lobby projector: batch failed; retrying")
                    await _first(stop, self._woken, within=self._poll_interval)
                    # Every append notifies: let a burst gather into one batch.
                    await _first(stop, within=self._settle)
            finally:
                if not listener.is_closed():
                    await listener.remove_listener(NOTIFY_CHANNEL, self._wake)

    def _wake(self, *_: object) -> None:
        self._woken.set()

    async def catch_up(self) -> int:
        """Apply every committed event not yet projected; return how many were read."""
        total = 0
        while True:
            after = await self._tracking.position(CONSUMER)
            events = await self._store.read_all(after_position=after, limit=self._batch_size)
            if not events:
                return total

            async def effect(
                connection: asyncpg.Connection, batch: Sequence[RecordedEvent] = events
            ) -> None:
                await _apply(connection, batch)

            await self._tracking.process(CONSUMER, events[-1].position, effect)
            total += len(events)


async def _apply(connection: asyncpg.Connection, events: Sequence[RecordedEvent]) -> None:
    relevant: list[tuple[str, str, RecordedEvent]] = []
    for event in events:
        parsed = table_id_of_stream(event.stream_id)
        if parsed is not None:
            relevant.append((parsed[0], parsed[1], event))
    if not relevant:
        return
    ids = sorted({table_id for _, table_id, _ in relevant})
    rows = await connection.fetch(_LOAD, ids)
    current: dict[str, TableSummary | None] = {
        row["table_id"]: TableSummary.model_validate_json(row["summary"]) for row in rows
    }
    first_seen: dict[str, int] = {}
    for kind, table_id, event in relevant:
        before = current.get(table_id)
        after = project(before, kind, table_id, event.version, event.type, event.data)
        if after is not before:
            current[table_id] = after
            first_seen.setdefault(table_id, event.position)
    for table_id, position in first_seen.items():
        summary = current[table_id]
        if summary is not None:
            await connection.execute(
                _UPSERT, table_id, summary.status, summary.model_dump_json(), position
            )


async def _first(*events: asyncio.Event, within: float) -> Any:
    waiters = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waiters, timeout=within, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()
