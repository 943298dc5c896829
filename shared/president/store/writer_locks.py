"""Writer locks kept between holds: a session of its own holds the locks of some streams
(the same locks as ``EventStore.hold``), in Postgres and in memory."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg

from president.store.holds import writer_lock_key
from president.store.memory import InMemoryEventStore

_TAKE = """
SELECT pg_try_advisory_lock(hashtextextended($1, 0)),
       (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $2),
       (SELECT coalesce(jsonb_agg(jsonb_build_array(sender, command_id, reply)), '[]')::text
          FROM command_rejections WHERE stream_id = $2)"""
_RELEASE = "SELECT pg_advisory_unlock(hashtextextended(k, 0)) FROM unnest($1::text[]) AS k"

Connect = Callable[[], Awaitable[asyncpg.Connection]]
"""Opens the Postgres connection a lock session runs on."""
Lost = Callable[["LockSession"], None]
"""Called with a session that its server ended."""
OpenSession = Callable[[Lost], Awaitable["LockSession"]]
"""Opens a new :class:`LockSession`, calling ``lost(session)`` if its server ends it."""


class LockSessionLost(Exception):
    """The session failed: it and every lock it held are gone (or must be ended)."""


@dataclass(frozen=True)
class TakenStream:
    """A stream whose writer lock the session took, as it stood then."""

    head_version: int
    rejections: dict[tuple[str, str], dict[str, Any]]
    """Every refusal remembered on the stream, by (sender, command id)."""


class LockSession(Protocol):
    """One session holding the writer locks of streams until it releases them or ends."""

    @property
    def closed(self) -> bool:
        """Whether the session ended (its locks with it)."""
        ...

    async def take(self, stream_id: str) -> TakenStream | None:
        """Take the stream's writer lock unless another client holds it (None then);
        ``LockSessionLost`` when the session fails."""
        ...

    async def release(self, stream_ids: list[str]) -> None:
        """Release one take of each stream's lock; ``LockSessionLost`` when it fails."""
        ...

    async def close(self) -> None:
        """End the session (within 5 s, else at once)."""
        ...

    def terminate(self) -> None:
        """End the session at once."""
        ...


_FAILED = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError)


class PostgresLockSession:
    """A :class:`LockSession` on one Postgres connection (session-level advisory locks)."""

    def __init__(self, connection: asyncpg.Connection, lost: Lost):
        self._connection = connection
        connection.add_termination_listener(lambda _: lost(self))

    @property
    def closed(self) -> bool:
        return bool(self._connection.is_closed())

    async def take(self, stream_id: str) -> TakenStream | None:
        try:
            row = await self._connection.fetchrow(_TAKE, writer_lock_key(stream_id), stream_id)
        except _FAILED as error:
            raise LockSessionLost(str(error)) from error
        if not row[0]:
            return None
        remembered = {(sender, command): reply for sender, command, reply in json.loads(row[2])}
        return TakenStream(row[1], remembered)

    async def release(self, stream_ids: list[str]) -> None:
        try:
            await self._connection.execute(_RELEASE, [writer_lock_key(s) for s in stream_ids])
        except _FAILED as error:
            raise LockSessionLost(str(error)) from error

    async def close(self) -> None:
        if self._connection.is_closed():
            return
        try:
            await asyncio.wait_for(self._connection.close(), 5)
        except (OSError, TimeoutError, asyncpg.PostgresError):
            self._connection.terminate()

    def terminate(self) -> None:
        if not self._connection.is_closed():
            self._connection.terminate()


def postgres_lock_sessions(connect: Connect) -> OpenSession:
    """Opens each session on a new connection from ``connect``."""

    async def open_session(lost: Lost) -> LockSession:
        try:
            connection = await connect()
        except _FAILED as error:
            raise LockSessionLost(str(error)) from error
        return PostgresLockSession(connection, lost)

    return open_session


def memory_lock_sessions(store: InMemoryEventStore) -> OpenSession:
    """Opens each session on the holds of ``store``."""

    async def open_session(lost: Lost) -> LockSession:
        return MemoryLockSession(store)

    return open_session


class MemoryLockSession:
    """A :class:`LockSession` on the holds of an in-memory store (unit tests)."""

    def __init__(self, store: InMemoryEventStore):
        self._store = store
        self._taken: dict[str, int] = {}
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    async def take(self, stream_id: str) -> TakenStream | None:
        if self._closed:
            raise LockSessionLost("the session ended")
        if stream_id not in self._taken and not await self._store.try_lock(stream_id):
            return None
        self._taken[stream_id] = self._taken.get(stream_id, 0) + 1
        head = await self._store.stream_version(stream_id)
        return TakenStream(head, self._store.refusals_of(stream_id))

    async def release(self, stream_ids: list[str]) -> None:
        if self._closed:
            raise LockSessionLost("the session ended")
        for stream_id in stream_ids:
            self._release_once(stream_id)

    def _release_once(self, stream_id: str) -> None:
        count = self._taken.get(stream_id, 0)
        if count == 0:
            return
        if count == 1:
            del self._taken[stream_id]
            self._store.unlock(stream_id)
        else:
            self._taken[stream_id] = count - 1

    async def close(self) -> None:
        self.terminate()

    def terminate(self) -> None:
        self._closed = True
        for stream_id in list(self._taken):
            self._store.unlock(stream_id)
        self._taken.clear()
