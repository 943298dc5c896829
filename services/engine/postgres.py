"""Postgres adapter of the engine's table sessions: a leased table, or a hold per command.

A command holds its game stream from before it reads the stream's head to after its
append committed, so one table's commands are handled one at a time across every engine
instance; the append's expected version stays as the backstop. A table this instance
leases (``services.engine.leases``) is held between commands, and its commands take no
lock round trip. Otherwise the command holds the stream through the store's port
(``EventStore.hold``: the stream's advisory lock, its head and the command's remembered
refusal in one round trip when the table is free); when another instance holds the
table, the holder is first asked to give its lease up.
"""

from __future__ import annotations

import functools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import asyncpg
from president.contract import stream_id_of_game
from president.store import StreamHold
from president.store.postgres import PostgresEventStore
from president.store.rejections import REMEMBER

from services.engine.leases import Lease, TableLeases, lock_key

__all__ = ["PostgresTableSessions", "lock_key"]


@dataclass
class LeasedTableSession:
    """A table this instance leases: its lock is held already, its rejections known."""

    pool: asyncpg.Pool
    lease: Lease
    command_id: str | None
    sender: str = ""

    @property
    def head_version(self) -> int:
        return self.lease.head_version

    @property
    def rejection(self) -> dict[str, Any] | None:
        if self.command_id is None:
            return None
        return self.lease.rejections.get((self.sender, self.command_id))

    async def remember(self, reply: dict[str, Any]) -> None:
        if self.command_id is not None:
            stream_id = stream_id_of_game(self.lease.table_id)
            await self.pool.execute(
                REMEMBER, stream_id, self.command_id, json.dumps(reply), self.sender
            )
            self.lease.rejections.setdefault((self.sender, self.command_id), reply)


class PostgresTableSessions:
    """Sessions on ``leases`` when given, else the store's holds."""

    def __init__(
        self,
        store: PostgresEventStore,
        leases: TableLeases | None = None,
        ask: Callable[[str], Awaitable[None]] | None = None,
    ):
        """``ask(table_id)`` tells the other instances that this one waits for the table
        (their :meth:`TableLeases.asked`)."""
        self._store = store
        self._pool = store.pool
        self._leases = leases
        self._ask = ask

    @asynccontextmanager
    async def hold(
        self, table_id: str, command_id: str | None = None, sender: str = ""
    ) -> AsyncIterator[StreamHold]:
        lease = None if self._leases is None else await self._leases.acquire(table_id)
        if lease is None:
            waiting = None if self._ask is None else functools.partial(self._ask, table_id)
            stream_id = stream_id_of_game(table_id)
            async with self._store.hold(
                stream_id, command_id, sender=sender, waiting=waiting
            ) as held:
                yield held
            return
        assert self._leases is not None
        try:
            yield LeasedTableSession(self._pool, lease, command_id, sender)
        except BaseException:
            self._leases.drop(lease)  # what it knows may be wrong now: start afresh
            raise
        await self._leases.done(lease)

    def finished(self, table_id: str) -> None:
        """The table's game is over: its lease goes once the command in hand is done."""
        if self._leases is not None:
            self._leases.finished(table_id)
