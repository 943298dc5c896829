"""The Postgres event store: asyncpg straight on the hot paths (see
docs/decisions/2026-11-29-store-hot-path.md), one round trip per append."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

import asyncpg

from president.store import sql
from president.store.chain import chain_problems
from president.store.heads import Head, HeadCache
from president.store.holds import PostgresStreamHold, PostgresStreamHolds
from president.store.model import (
    GENESIS_HASH,
    AppendResult,
    ChainReport,
    ConcurrencyConflict,
    DuplicateEventId,
    EventStamp,
    NewEvent,
    RecordedEvent,
)
from president.store.prepared import PreparedEvent, prepare
from president.store.rejections import RECALL_ALL, REMEMBER
from president.store.tracking import PostgresTracking

_ATTEMPTS = 10
_CLEAN_REFUSALS = (ConcurrencyConflict, DuplicateEventId, ValueError, TypeError)
"""What an append raises with its connection still in a clean state."""
_EMPTY = Head(0, GENESIS_HASH)
_Command = tuple[str, str]
"""A command as the log keys it: (its sender, its command id)."""
BatchedAppend = tuple[str, Sequence[NewEvent], int | None, str | None, str]
"""One append of `append_batch`: stream id, events, expected version, command id, sender."""


class PostgresEventStore:
    """The `EventStore` on Postgres (schema from `president.store.migrate`)."""

    def __init__(
        self,
        pool: asyncpg.Pool,
        heads: HeadCache | None = None,
        *,
        connect_writer: Callable[[], Awaitable[asyncpg.Connection]] | None = None,
    ) -> None:
        """A store on `pool`. With `connect_writer`, appends go one at a time through one
        connection it opens (and reopens when lost), instead of a pool checkout each:
        the database serialises appends anyway (the append lock)."""
        self._pool = pool
        self._heads = heads or HeadCache()
        self._connect_writer = connect_writer
        self._writer: asyncpg.Connection | None = None
        self._writer_lock = asyncio.Lock()
        self.tracking = PostgresTracking(pool)
        self._holds = PostgresStreamHolds(pool)

    @classmethod
    async def connect(
        cls,
        database_url: str,
        *,
        min_size: int = 1,
        max_size: int = 10,
        server_settings: Mapping[str, str] | None = None,
    ) -> PostgresEventStore:
        """A store on a new connection pool to `database_url` (libpq URL);
        `server_settings` are session settings of its connections.

        A connection going back to the pool is not reset beyond rolling back an open
        transaction (asyncpg's default reset costs a round trip per append): code that
        borrows `pool` must not leave session state behind (use SET LOCAL, not SET).
        """
        settings = dict(server_settings or {})
        pool = await asyncpg.create_pool(
            database_url,
            min_size=min_size,
            max_size=max_size,
            server_settings=settings,
            reset=_keep_session,
        )

        def connect_writer() -> Awaitable[asyncpg.Connection]:
            connection: Awaitable[asyncpg.Connection] = asyncpg.connect(
                database_url, server_settings=settings
            )
            return connection

        return cls(pool, connect_writer=connect_writer)

    async def __aenter__(self) -> PostgresEventStore:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def pool(self) -> asyncpg.Pool:
        """The connection pool (for transactions that append with `append_in`)."""
        return self._pool

    async def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        command_id: str | None = None,
        sender: str = "",
    ) -> AppendResult:
        command = None if command_id is None else (sender, command_id)
        if self._connect_writer is None:
            async with self._pool.acquire() as connection:
                return await self._append(
                    connection, stream_id, events, expected_version, command, savepoint=False
                )
        async with self._writer_lock:
            writer = self._writer
            if writer is None or writer.is_closed():
                writer = self._writer = await self._connect_writer()
            try:
                return await self._append(
                    writer, stream_id, events, expected_version, command, savepoint=False
                )
            except _CLEAN_REFUSALS:
                raise
            except BaseException:
                self._writer = None  # lost, cancelled mid-statement or confused: start over
                writer.terminate()
                raise

    async def append_in(
        self,
        connection: asyncpg.Connection,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        command_id: str | None = None,
        sender: str = "",
    ) -> AppendResult:
        """`append` on the caller's connection, inside the caller's transaction.

        Every other append waits until that transaction ends: keep it short. The insert
        runs under a savepoint, so a conflict leaves the caller's transaction usable.
        """
        command = None if command_id is None else (sender, command_id)
        return await self._append(
            connection, stream_id, events, expected_version, command, savepoint=True
        )

    async def append_batch(self, appends: Sequence[BatchedAppend]) -> list[AppendResult | None]:
        """Appends to distinct streams in one transaction: their statements sent at once
        (`fetchmany`: one round trip however many, run by asyncpg as one implicit
        transaction, so no BEGIN or COMMIT of its own), their positions returned with them.
        An append it cannot write, its head not cached or not its expected version, or
        moved since, or its events refused by `prepare`, gets None: the caller appends it
        alone. A unique violation (a version taken, a command or event id recorded) writes
        nothing and raises `asyncpg.UniqueViolationError`."""
        planned: list[tuple[int, list[PreparedEvent]]] = []
        arguments: list[tuple[Any, ...]] = []
        for n, (stream_id, events, expected, command_id, sender) in enumerate(appends):
            head = self._heads.get(stream_id) or (_EMPTY if expected == 0 else None)
            if head is None or expected not in (None, head.version):
                continue
            try:
                rows = prepare(stream_id, head.version, head.hash, events, command_id)
            except (ValueError, TypeError):
                continue
            planned.append((n, rows))
            arguments.append((stream_id, head.version, *_columns(rows), command_id, sender))
        results: list[AppendResult | None] = [None] * len(appends)
        if planned:
            async with self._pool.acquire() as connection:  # atomic: one implicit transaction
                returned = await connection.fetchmany(sql.APPEND_BATCHED, arguments)
            positions: dict[str, list[int]] = {}
            for stream_id, _, position in returned:
                positions.setdefault(stream_id, []).append(position)
            for n, rows in planned:
                stream_id, last = appends[n][0], rows[-1]
                if stream_id in positions:
                    self._heads.put(stream_id, Head(last.version, last.hash))
                    written = tuple(positions[stream_id])
                    results[n] = AppendResult(stream_id, rows[0].version, last.version, written)
        for (stream_id, *_), result in zip(appends, results, strict=True):
            if result is None:
                self._heads.forget(stream_id)
        return results

    async def _append(
        self,
        connection: asyncpg.Connection,
        stream_id: str,
        events: Sequence[NewEvent],
        expected: int | None,
        command: _Command | None,
        *,
        savepoint: bool,
    ) -> AppendResult:
        for _ in range(_ATTEMPTS):
            head = self._heads.get(stream_id)
            if head is None and expected == 0:
                head = _EMPTY  # a new stream needs no read: version 1 exists or not
            elif head is None or (expected is not None and head.version != expected):
                head = await self._load_head(connection, stream_id)
            if expected is not None and head.version != expected:
                return await self._refused(connection, stream_id, command, expected)
            command_id = None if command is None else command[1]
            rows = prepare(stream_id, head.version, head.hash, events, command_id)
            try:
                if savepoint:
                    async with connection.transaction():
                        written = await self._insert(connection, stream_id, head, rows, command)
                else:
                    written = await self._insert(connection, stream_id, head, rows, command)
            except asyncpg.UniqueViolationError as error:
                self._heads.forget(stream_id)
                if not savepoint and connection.is_in_transaction():
                    raise  # the caller's transaction is aborted: nothing more can be read
                original = await self._original(connection, stream_id, command)
                if original is not None:
                    return original
                if error.constraint_name == "events_event_id_key":
                    raise DuplicateEventId(stream_id) from error
                if expected is not None:
                    return await self._refused(connection, stream_id, command, expected)
                continue
            if written:
                self._heads.put(stream_id, Head(rows[-1].version, rows[-1].hash))
                return AppendResult(stream_id, rows[0].version, rows[-1].version, written)
            self._heads.forget(stream_id)  # the cached head is not the stream's last event
        return await self._refused(connection, stream_id, command, expected or 0)

    async def _insert(
        self,
        connection: asyncpg.Connection,
        stream_id: str,
        head: Head,
        rows: list[PreparedEvent],
        command: _Command | None,
    ) -> tuple[int, ...]:
        if len(rows) == 1:
            [r] = rows
            arguments: list[Any] = [stream_id, head.version, r.event_id, r.type]
            arguments += [r.schema_version, r.data_json, r.metadata_json, r.prev_hash, r.hash]
            statement = sql.APPEND_ONE if command is None else sql.APPEND_ONE_COMMAND
        else:
            arguments = [stream_id, head.version, *_columns(rows)]
            statement = sql.APPEND_MANY if command is None else sql.APPEND_MANY_COMMAND
        if command is not None:
            arguments += [command[1], command[0]]
        records = await connection.fetch(statement, *arguments)
        return tuple(record[1] for record in records)

    async def _load_head(self, connection: asyncpg.Connection, stream_id: str) -> Head:
        record = await connection.fetchrow(sql.HEAD, stream_id)
        head = _EMPTY if record is None else Head(record[0], record[1])
        self._heads.put(stream_id, head)
        return head

    async def _original(
        self, connection: asyncpg.Connection, stream_id: str, command: _Command | None
    ) -> AppendResult | None:
        """What the command (sender, command id) appended to the stream, if recorded."""
        if command is None:
            return None
        sender, command_id = command
        record = await connection.fetchrow(sql.COMMAND, stream_id, command_id, sender)
        if record is None:
            return None
        return AppendResult(stream_id, record[0], record[1], tuple(record[2]), True)

    async def _refused(
        self,
        connection: asyncpg.Connection,
        stream_id: str,
        command: _Command | None,
        expected: int,
    ) -> AppendResult:
        """The original result when `command` was recorded, else a ConcurrencyConflict."""
        original = await self._original(connection, stream_id, command)
        if original is not None:
            return original
        actual = await self._load_head(connection, stream_id)
        raise ConcurrencyConflict(stream_id, expected, actual.version)

    async def read_stream(self, stream_id: str, from_version: int = 1) -> list[RecordedEvent]:
        records = await self._pool.fetch(sql.READ_STREAM, stream_id, from_version)
        return [_event(record) for record in records]

    async def read_all(
        self, after_position: int = 0, limit: int = 1000, *, types: Sequence[str] | None = None
    ) -> list[RecordedEvent]:
        if types is None:
            records = await self._pool.fetch(sql.READ_ALL, after_position, limit)
        else:
            records = await self._pool.fetch(sql.READ_ALL_OF, after_position, limit, list(types))
        return [_event(record) for record in records]

    async def read_stamps(self, after_position: int = 0, limit: int = 1000) -> list[EventStamp]:
        records = await self._pool.fetch(sql.READ_STAMPS, after_position, limit)
        return [
            EventStamp(position, stream_id, version, event_id, type_, _from_epoch(epoch, UTC))
            for position, stream_id, version, event_id, type_, epoch in records
        ]

    async def replay(
        self, after_position: int = 0, page: int = 250
    ) -> AsyncIterator[list[RecordedEvent]]:
        """The log after `after_position` as it stands, page by page: `read_all` in a loop,
        except that the next page is already on its way while the caller handles one.

        Small pages replay faster: a page dropped before the garbage collector's first
        threshold is freed without ever being promoted, so no full collection starts
        (docs/decisions/2026-11-29-store-hot-path.md)."""
        async with self._pool.acquire() as connection:
            pending: asyncio.Future[list[asyncpg.Record]] | None = asyncio.ensure_future(
                connection.fetch(sql.READ_ALL, after_position, page)
            )
            try:
                while pending is not None:
                    records = await pending
                    pending = None
                    if len(records) == page:
                        pending = asyncio.ensure_future(
                            connection.fetch(sql.READ_ALL, records[-1][3], page)
                        )
                        await asyncio.sleep(0)  # lets it send the query before we decode
                    if records:
                        yield [_event(record) for record in records]
            finally:
                if pending is not None:
                    pending.cancel()
                    with contextlib.suppress(asyncio.CancelledError, asyncpg.PostgresError):
                        await pending

    async def stream_version(self, stream_id: str) -> int:
        async with self._pool.acquire() as connection:
            return (await self._load_head(connection, stream_id)).version

    def hold(
        self,
        stream_id: str,
        command_id: str | None = None,
        *,
        sender: str = "",
    ) -> AbstractAsyncContextManager[PostgresStreamHold]:
        return self._holds.hold(stream_id, command_id, sender=sender)

    async def remember_refusal(
        self, stream_id: str, command_id: str, reply: dict[str, Any], sender: str = ""
    ) -> None:
        await self._pool.execute(REMEMBER, stream_id, command_id, json.dumps(reply), sender)

    async def refusals(self, stream_id: str) -> dict[tuple[str, str], dict[str, Any]]:
        rows = await self._pool.fetch(RECALL_ALL, stream_id)
        return {(row[0], row[1]): json.loads(row[2]) for row in rows}

    async def verify_chain(self, stream_id: str) -> ChainReport:
        events = await self.read_stream(stream_id)
        return ChainReport(stream_id, len(events), tuple(chain_problems(events)))

    async def close(self) -> None:
        async with self._writer_lock:
            if self._writer is not None:
                await self._writer.close()
                self._writer = None
        await self._pool.close()


async def _keep_session(connection: asyncpg.Connection) -> None:
    return None


_new = object.__new__
_from_epoch = datetime.fromtimestamp
_FIELDS = tuple(f.name for f in dataclasses.fields(RecordedEvent))
if _FIELDS != sql.COLUMN_NAMES:
    raise ImportError("sql.COLUMN_NAMES must list RecordedEvent's fields in order")


def _event(record: asyncpg.Record) -> RecordedEvent:
    """A row of `sql._COLUMNS` (named and ordered as the fields) as a RecordedEvent.

    Filled through its `__dict__`: the frozen `__init__` costs more than the rest of a
    replayed event, and `data`/`metadata` stay JSON text until read (`JsonField`).
    The time comes as seconds since 1970 (see `sql._COLUMNS`), given back in UTC.
    """
    event = _new(RecordedEvent)
    d = event.__dict__
    (
        d["stream_id"],
        d["version"],
        d["event_id"],
        d["position"],
        d["tx_id"],
        d["type"],
        d["schema_version"],
        d["data"],
        d["metadata"],
        epoch_seconds,
        d["prev_hash"],
        d["hash"],
    ) = record
    d["recorded_at"] = _from_epoch(epoch_seconds, UTC)
    return event


def _columns(rows: list[PreparedEvent]) -> tuple[list[Any], ...]:
    """The events of one append as the arrays of `sql.APPEND_MANY` (`$3`-`$9`)."""
    return (
        [r.event_id for r in rows],
        [r.type for r in rows],
        [r.schema_version for r in rows],
        [r.data_json for r in rows],
        [r.metadata_json for r in rows],
        [r.prev_hash for r in rows],
        [r.hash for r in rows],
    )
