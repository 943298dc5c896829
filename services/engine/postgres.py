"""Postgres adapters of the engine: a table lock per command, and remembered rejections.

A command's session is one transaction holding ``pg_advisory_xact_lock`` for its
table: the catch-up, the decision and the append all happen under it, so one table's
commands are handled one at a time across every engine instance; the append's
expected version stays as the backstop.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from president.store import AppendResult, NewEvent
from president.store.postgres import PostgresEventStore

SCHEMA = (
    "SELECT pg_advisory_xact_lock(hashtextextended('president.engine.schema', 0))",
    """
CREATE TABLE IF NOT EXISTS engine_rejections (
    table_id    text        NOT NULL,
    command_id  text        NOT NULL,
    reply       jsonb       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, command_id)
)""",
)
_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))"
_RECORDED = "SELECT reply FROM engine_rejections WHERE table_id = $1 AND command_id = $2"
_RECORD = """
INSERT INTO engine_rejections (table_id, command_id, reply) VALUES ($1, $2, $3::jsonb)
ON CONFLICT (table_id, command_id) DO NOTHING"""


def lock_key(table_id: str) -> str:
    """The text hashed into a table's advisory lock."""
    return f"president.engine.table:{table_id}"


async def ensure_schema(pool: asyncpg.Pool) -> None:
    """Create the engine's table when missing (idempotent; concurrent callers queue)."""
    async with pool.acquire() as connection, connection.transaction():
        for statement in SCHEMA:
            await connection.execute(statement)


class PostgresTableSession:
    """A table held by this transaction's advisory lock."""

    def __init__(self, connection: asyncpg.Connection, store: PostgresEventStore, table_id: str):
        self._connection = connection
        self._store = store
        self._table_id = table_id

    async def append(
        self, stream_id: str, events: Sequence[NewEvent], *, expected_version: int, command_id: str
    ) -> AppendResult:
        return await self._store.append_in(
            self._connection,
            stream_id,
            events,
            expected_version=expected_version,
            command_id=command_id,
        )

    async def recorded_rejection(self, command_id: str) -> dict[str, Any] | None:
        raw = await self._connection.fetchval(_RECORDED, self._table_id, command_id)
        return None if raw is None else dict(json.loads(raw))

    async def record_rejection(self, command_id: str, reply: dict[str, Any]) -> None:
        await self._connection.execute(_RECORD, self._table_id, command_id, json.dumps(reply))


class PostgresTableSessions:
    """Sessions on the store's pool."""

    def __init__(self, store: PostgresEventStore):
        self._store = store

    @asynccontextmanager
    async def hold(self, table_id: str) -> AsyncIterator[PostgresTableSession]:
        async with self._store.pool.acquire() as connection, connection.transaction():
            await connection.execute(_LOCK, lock_key(table_id))
            yield PostgresTableSession(connection, self._store, table_id)
