"""Postgres adapters of the engine: a table lock per command, and remembered rejections.

A command holds its table's advisory lock (session level, on a connection of its
own) from before it reads the table's head to after its append committed, so one
table's commands are handled one at a time across every engine instance; the
append's expected version stays as the backstop. Taking the lock also reads the
stream's head and any rejection recorded for the command: one round trip when the
table is free (the usual case), three when another command holds it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import asyncpg
from president.contract import stream_id_of_game
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
_TRY_TAKE = """
SELECT pg_try_advisory_lock(hashtextextended($1, 0)),
       (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $2),
       (SELECT reply FROM engine_rejections WHERE table_id = $3 AND command_id = $4)"""
_TAKE = "SELECT pg_advisory_lock(hashtextextended($1, 0))"
_READ = """
SELECT true,
       (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $1),
       (SELECT reply FROM engine_rejections WHERE table_id = $2 AND command_id = $3)"""
_RELEASE = "SELECT pg_advisory_unlock(hashtextextended($1, 0))"
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


@dataclass
class PostgresTableSession:
    """A table held by this connection's advisory lock."""

    connection: asyncpg.Connection
    table_id: str
    command_id: str | None
    head_version: int
    rejection: dict[str, Any] | None

    async def record_rejection(self, reply: dict[str, Any]) -> None:
        if self.command_id is not None:
            await self.connection.execute(
                _RECORD, self.table_id, self.command_id, json.dumps(reply)
            )


class PostgresTableSessions:
    """Sessions on the store's pool.

    At most half the pool holds sessions at once: a session reads and appends through
    the pool while it holds its connection, so a pool full of sessions would wait on
    itself forever.
    """

    def __init__(self, store: PostgresEventStore):
        self._pool = store.pool
        self._slots = asyncio.Semaphore(max(1, store.pool.get_max_size() // 2))

    @asynccontextmanager
    async def hold(
        self, table_id: str, command_id: str | None = None
    ) -> AsyncIterator[PostgresTableSession]:
        key = lock_key(table_id)
        arguments = (key, stream_id_of_game(table_id), table_id, command_id or "")
        async with self._slots, self._pool.acquire() as connection:
            try:
                row = await connection.fetchrow(_TRY_TAKE, *arguments)
                if not row[0]:
                    # Taken: wait, then read the head again (what was read predates the wait).
                    await connection.execute(_TAKE, key)
                    row = await connection.fetchrow(_READ, *arguments[1:])
            except BaseException:
                connection.terminate()  # the lock may be ours: ending the session frees it
                raise
            try:
                rejection = None if row[2] is None else dict(json.loads(row[2]))
                yield PostgresTableSession(connection, table_id, command_id, row[1], rejection)
            finally:
                try:
                    await connection.execute(_RELEASE, key)
                except BaseException:
                    # The pool does not reset session state: never hand back a held lock.
                    connection.terminate()
                    raise
