"""Table sessions: one table held by one engine instance for a command (a store hold per
command, or a table lease kept between commands), in Postgres and in memory."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg
from nats.aio.client import Client
from nats.aio.msg import Msg
from president.contract import Subjects, stream_id_of_game
from president.store import EventStore, StreamHold
from president.store.memory import InMemoryEventStore
from president.store.postgres import PostgresEventStore
from president.store.writer_locks import postgres_lock_sessions

from services.engine.mechanisms.table_leases import Lease, TableLeases, lock_key

__all__ = [
    "MemoryTableSessions",
    "PostgresTableSessions",
    "TableSessions",
    "lock_key",
    "yield_subject",
]

TableSession = StreamHold
"""One table held exclusively (across every engine instance) until the session ends. Its
``head_version`` and ``rejection`` are read as the table is taken (every writer of a game
stream holds it, so they stay true while it is held)."""


class TableSessions(Protocol):
    """Opens a :class:`TableSession`; waits while another instance holds the table."""

    def hold(
        self, table_id: str, command_id: str | None = None, sender: str = ""
    ) -> AbstractAsyncContextManager[TableSession]:
        """``sender``: the attested user of the command ('' when anonymous); the session's
        ``rejection`` is the one remembered for this sender's command id."""
        ...

    def finished(self, table_id: str) -> None:
        """The table's game is over: keep nothing of it past the command in hand."""
        ...


class MemoryTableSessions:
    """A table session is a hold on the game stream in the in-memory store (unit tests)."""

    def __init__(self, store: InMemoryEventStore):
        self._store = store

    def finished(self, table_id: str) -> None:
        """Nothing is kept past a session."""

    def hold(
        self, table_id: str, command_id: str | None = None, sender: str = ""
    ) -> AbstractAsyncContextManager[StreamHold]:
        return self._store.hold(stream_id_of_game(table_id), command_id, sender=sender)


@dataclass
class LeasedTableSession:
    """A table this instance leases: its lock is held already, its rejections known."""

    store: EventStore
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
            await self.store.remember_refusal(stream_id, self.command_id, reply, self.sender)
            self.lease.rejections.setdefault((self.sender, self.command_id), reply)


class PostgresTableSessions:
    """Sessions on ``leases`` when given, else the store's holds."""

    def __init__(
        self,
        store: PostgresEventStore,
        leases: TableLeases | None = None,
        ask: Callable[[str], Awaitable[None]] | None = None,
        owns: Callable[[str], bool] | None = None,
    ):
        """``ask(table_id)`` tells the other instances that this one waits for the table
        (their :meth:`TableLeases.asked`); ``owns(table_id)``: whether this instance owns
        the table (``routing.Peers.owns``, default: all), for it leases only those and
        holds another's for one command (a game's start, a turn's takeover)."""
        self._store = store
        self._leases = leases
        self._ask = ask
        self.owns = owns or (lambda _table_id: True)

    @asynccontextmanager
    async def hold(
        self, table_id: str, command_id: str | None = None, sender: str = ""
    ) -> AsyncIterator[StreamHold]:
        leases = self._leases if self.owns(table_id) else None
        lease = None if leases is None else await leases.acquire(table_id)
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
            yield LeasedTableSession(self._store, lease, command_id, sender)
        except BaseException:
            self._leases.drop(lease)  # what it knows may be wrong now: start afresh
            raise
        await self._leases.done(lease)

    def finished(self, table_id: str) -> None:
        """The table's game is over: its lease goes once the command in hand is done."""
        if self._leases is not None:
            self._leases.finished(table_id)


def yield_subject(subjects: Subjects) -> str:
    """Where an engine waiting for a table's lock names the table (core NATS, every
    instance listens): the instance leasing it gives it up (``TableLeases.asked``)."""
    return f"{subjects.prefix}.engine.yield"


async def leased_sessions(
    store: PostgresEventStore,
    client: Client,
    subjects: Subjects,
    database_url: str,
    *,
    idle: float,
    capacity: int,
    owns: Callable[[str], bool] | None = None,
) -> tuple[PostgresTableSessions, TableLeases | None]:
    """An engine's table sessions: leases kept ``idle`` seconds (none when ``idle <= 0``:
    a store hold per command), on lock connections of their own, given up when another
    instance asks on :func:`yield_subject`."""
    if idle <= 0:
        return PostgresTableSessions(store), None

    async def connect() -> asyncpg.Connection:
        return await asyncpg.connect(database_url)

    leases = TableLeases(postgres_lock_sessions(connect), idle=idle, capacity=capacity)

    async def asked(message: Msg) -> None:
        leases.asked(message.data.decode(errors="replace"))

    async def ask(table_id: str) -> None:
        await client.publish(yield_subject(subjects), table_id.encode())

    await client.subscribe(yield_subject(subjects), cb=asked)
    return PostgresTableSessions(store, leases, ask, owns), leases
