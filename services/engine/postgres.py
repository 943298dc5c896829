"""Postgres adapters of the engine: a table lock per command, and remembered rejections.

A command holds its table's advisory lock (session level) from before it reads the
table's head to after its append committed, so one table's commands are handled one at
a time across every engine instance; the append's expected version stays as the
backstop. A table this instance leases (``services.engine.leases``) is held between
commands, and its commands take no lock round trip. Otherwise the command takes the
lock on a pooled connection of its own, reading the stream's head and any rejection
recorded for the command (``command_rejections``, shared with the table service, keyed
by the game stream) in the same statement: one round trip when the table is free, more
when another command holds it (then the holder is asked to give a lease up).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import asyncpg
from president.contract import stream_id_of_game
from president.store.postgres import PostgresEventStore
from president.store.rejections import REMEMBER, recall_query

from services.engine.leases import Lease, TableLeases, lock_key

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

__all__ = ["PostgresTableSessions", "lock_key"]


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


@dataclass
class LeasedTableSession:
    """A table this instance leases: its lock is held already, its rejections known."""

    pool: asyncpg.Pool
    lease: Lease
    command_id: str | None

    @property
    def head_version(self) -> int:
        return self.lease.head_version

    @property
    def rejection(self) -> dict[str, Any] | None:
        return None if self.command_id is None else self.lease.rejections.get(self.command_id)

    async def record_rejection(self, reply: dict[str, Any]) -> None:
        if self.command_id is not None:
            stream_id = stream_id_of_game(self.lease.table_id)
            await self.pool.execute(REMEMBER, stream_id, self.command_id, json.dumps(reply))
            self.lease.rejections.setdefault(self.command_id, reply)


class PostgresTableSessions:
    """Sessions on the store's pool, and on ``leases`` when given.

    At most half the pool holds per-command sessions at once: a session reads and
    appends through the pool while it holds its connection, so a pool full of sessions
    would wait on itself forever.
    """

    def __init__(
        self,
        store: PostgresEventStore,
        leases: TableLeases | None = None,
        ask: Callable[[str], Awaitable[None]] | None = None,
    ):
        """``ask(table_id)`` tells the other instances that this one waits for the table
        (their :meth:`TableLeases.asked`)."""
        self._pool = store.pool
        self._slots = asyncio.Semaphore(max(1, store.pool.get_max_size() // 2))
        self._leases = leases
        self._ask = ask

    @asynccontextmanager
    async def hold(
        self, table_id: str, command_id: str | None = None
    ) -> AsyncIterator[PostgresTableSession | LeasedTableSession]:
        lease = None if self._leases is None else await self._leases.acquire(table_id)
        if lease is None:
            async with self._locked(table_id, command_id) as session:
                yield session
            return
        assert self._leases is not None
        try:
            yield LeasedTableSession(self._pool, lease, command_id)
        except BaseException:
            self._leases.drop(lease)  # what it knows may be wrong now: start afresh
            raise
        await self._leases.done(lease)

    @asynccontextmanager
    async def _locked(
        self, table_id: str, command_id: str | None
    ) -> AsyncIterator[PostgresTableSession]:
        """The per-command lock, on a pooled connection."""
        key = lock_key(table_id)
        arguments = (key, stream_id_of_game(table_id), command_id or "")
        async with self._slots, self._pool.acquire() as connection:
            try:
                row = await connection.fetchrow(_TRY_TAKE, *arguments)
                if not row[0]:
                    # Taken: ask a lease holder to give it up, wait, then read the head
                    # again (what was read predates the wait).
                    if self._ask is not None:
                        await self._ask(table_id)
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
