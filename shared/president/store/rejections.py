"""Remembered rejections: a command refused once is refused the same way when resent.

The log remembers what a command did when it was accepted (``commands`` and the events'
``command_id``); ``command_rejections`` (migration 0004) remembers the reply when it was
refused, keyed by the stream the command addressed, its sender (the attested NATS user,
'' when anonymous: migration 0007) and its command id. Both services
use it: the engine reads it in its table-lock statement (``recall_query``), the table
service through :class:`PostgresRejections`. Rows are never changed or deleted.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg

REMEMBER = """
INSERT INTO command_rejections (stream_id, command_id, reply, sender)
VALUES ($1, $2, $3::jsonb, $4)
ON CONFLICT (stream_id, sender, command_id) DO NOTHING"""
_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))"


def recall_query(stream_id: str = "$1", command_id: str = "$2", sender: str = "$3") -> str:
    """The statement reading the remembered reply (jsonb text, or no row), with the given
    parameter placeholders, so that it can be a subquery of a caller's statement."""
    return (
        "SELECT reply FROM command_rejections"
        f" WHERE stream_id = {stream_id} AND sender = {sender} AND command_id = {command_id}"
    )


class Deciding(Protocol):
    """One sender's command id held while it is decided: no other decision of it runs
    meanwhile."""

    @property
    def rejection(self) -> dict[str, Any] | None:
        """The reply a previous decision of this command refused it with, if any."""
        ...

    async def remember(self, reply: dict[str, Any]) -> None:
        """Record this decision's refusal (resends of the command get it back)."""
        ...


class RejectionMemory(Protocol):
    """Holds a sender's command id for its decision and remembers the refusals (``sender``:
    the attested user, '' when anonymous; one sender's refusal is never another's)."""

    async def recall(
        self, stream_id: str, command_id: str, sender: str = ""
    ) -> dict[str, Any] | None:
        """The refusal remembered for the command, if any, read without holding it."""
        ...

    def deciding(
        self, stream_id: str, command_id: str, sender: str = ""
    ) -> AbstractAsyncContextManager[Deciding]: ...


@dataclass(frozen=True)
class _Held:
    rejection: dict[str, Any] | None
    record: Callable[[dict[str, Any]], Awaitable[None]]

    async def remember(self, reply: dict[str, Any]) -> None:
        await self.record(reply)


class PostgresRejections:
    """:class:`RejectionMemory` in Postgres.

    ``deciding`` holds a transaction on a pooled connection with an advisory lock on
    ``(stream, sender, command id)`` until the decision is over (its append committed, or its
    refusal recorded), so two copies of one command sent at once are decided one after
    the other: the second finds the first's events or its rejection. The lock is taken
    before the rejection is read, in two statements, so the read sees the previous
    holder's commit. At most half of the pool is held at once: a decision reads and
    appends through the same pool.
    """

    def __init__(self, pool: asyncpg.Pool):
        self._pool = pool
        self._slots = asyncio.Semaphore(max(1, pool.get_max_size() // 2))

    async def recall(
        self, stream_id: str, command_id: str, sender: str = ""
    ) -> dict[str, Any] | None:
        raw = await self._pool.fetchval(recall_query(), stream_id, command_id, sender)
        return None if raw is None else dict(json.loads(raw))

    @asynccontextmanager
    async def deciding(
        self, stream_id: str, command_id: str, sender: str = ""
    ) -> AsyncIterator[Deciding]:
        async with (
            self._slots,
            self._pool.acquire() as connection,
            connection.transaction(),
        ):
            key = json.dumps(["president.command", stream_id, sender, command_id])
            await connection.execute(_LOCK, key)
            raw = await connection.fetchval(recall_query(), stream_id, command_id, sender)

            async def record(reply: dict[str, Any]) -> None:
                await connection.execute(REMEMBER, stream_id, command_id, json.dumps(reply), sender)

            yield _Held(None if raw is None else dict(json.loads(raw)), record)


class InMemoryRejections:
    """:class:`RejectionMemory` in this process (unit tests)."""

    def __init__(self) -> None:
        self._locks: dict[tuple[str, str, str], asyncio.Lock] = {}
        self._replies: dict[tuple[str, str, str], dict[str, Any]] = {}

    async def recall(
        self, stream_id: str, command_id: str, sender: str = ""
    ) -> dict[str, Any] | None:
        return self._replies.get((stream_id, sender, command_id))

    @asynccontextmanager
    async def deciding(
        self, stream_id: str, command_id: str, sender: str = ""
    ) -> AsyncIterator[Deciding]:
        key = (stream_id, sender, command_id)
        async with self._locks.setdefault(key, asyncio.Lock()):

            async def record(reply: dict[str, Any]) -> None:
                self._replies.setdefault(key, reply)

            yield _Held(self._replies.get(key), record)
