"""Postgres adapters of the engine: a table lock per command, and remembered rejections.

A command holds its table's advisory lock (session level, on a connection of its
own) from before it reads the table's head to after its append committed, so one
table's commands are handled one at a time across every engine instance; the
append's expected version stays as the backstop. Taking the lock also reads the
stream's head and any rejection recorded for the command (``command_rejections``,
shared with the table service, keyed by the game stream): one round trip when the
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
from president.store.rejections import REMEMBER, recall_query

_TRY_TAKE = f"""
SELECT pg_try_advisory_lock(hashtextextended($1, 0)),
       (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $2),
       ({recall_query("$2", "$3")})"""
_TAKE = "SELECT pg_advisory_lock(hashtextextended($1, 0))"
_READ = f"""
SELECT true,
       (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $1),
       ({recall_query("$1", "$2")})"""
_RELEASE = "SELECT pg_advisory_unlock(hashtextextended($1, 0))"


def lock_key(table_id: str) -> str:
    """The text hashed into a table's advisory lock."""
    return f"president.engine.table:{table_id}"


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
                REMEMBER, stream_id_of_game(self.table_id), self.command_id, json.dumps(reply)
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
        arguments = (key, stream_id_of_game(table_id), command_id or "")
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
