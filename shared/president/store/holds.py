"""Holding a stream as its only writer, across every client of one Postgres database: its
advisory lock and the sender's remembered refusal in one round trip
(docs/decisions/2026-12-04-locks-and-leases.md)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import asyncpg

from president.store.rejections import REMEMBER, recall_query

_TRY_TAKE = f"""
SELECT pg_try_advisory_lock(hashtextextended($1, 0)), ({recall_query("$2", "$3", "$4")})"""
_TAKE = "SELECT pg_advisory_lock(hashtextextended($1, 0))"
_READ = f"SELECT true, ({recall_query('$1', '$2', '$3')})"
_RELEASE = "SELECT pg_advisory_unlock(hashtextextended($1, 0))"


@dataclass
class PostgresStreamHold:
    """A stream held by this connection's advisory lock."""

    connection: asyncpg.Connection
    stream_id: str
    command_id: str | None
    refusal: dict[str, Any] | None
    sender: str = ""

    async def remember(self, reply: dict[str, Any]) -> None:
        if self.command_id is not None:
            await self.connection.execute(
                REMEMBER, self.stream_id, self.command_id, json.dumps(reply), self.sender
            )


class PostgresStreamHolds:
    """Holds on the streams of one pool."""

    def __init__(self, pool: asyncpg.Pool):
        self._pool = pool
        self._slots = asyncio.Semaphore(max(1, pool.get_max_size() // 2))

    @asynccontextmanager
    async def hold(
        self,
        stream_id: str,
        command_id: str | None = None,
        *,
        sender: str = "",
    ) -> AsyncIterator[PostgresStreamHold]:
        key = f"president.stream:{stream_id}"  # hashed into the stream's advisory lock
        async with self._slots, self._pool.acquire() as connection:
            try:
                row = await connection.fetchrow(_TRY_TAKE, key, stream_id, command_id or "", sender)
                if not row[0]:
                    await connection.execute(_TAKE, key)
                    row = await connection.fetchrow(_READ, stream_id, command_id or "", sender)
            except BaseException:
                connection.terminate()  # the lock may be ours: ending the session frees it
                raise
            try:
                refusal = None if row[1] is None else dict(json.loads(row[1]))
                yield PostgresStreamHold(connection, stream_id, command_id, refusal, sender)
            finally:
                try:
                    await connection.execute(_RELEASE, key)
                except BaseException:
                    # The pool does not reset session state: never hand back a held lock.
                    connection.terminate()
                    raise
