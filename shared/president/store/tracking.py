"""The tracking-row pattern: a consumer's effect and its new position commit together, so
an event delivered twice acts once."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import asyncpg

T = TypeVar("T")

_CLAIM = """
INSERT INTO tracking (consumer) VALUES ($1)
ON CONFLICT (consumer) DO UPDATE SET consumer = EXCLUDED.consumer
RETURNING position"""
_ADVANCE = "UPDATE tracking SET position = $2, updated_at = now() WHERE consumer = $1"
_POSITION = "SELECT position FROM tracking WHERE consumer = $1"

Effect = Callable[[asyncpg.Connection], Awaitable[T]]


class PostgresTracking:
    """Positions of named consumers of the log, in the `tracking` table."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def position(self, consumer: str) -> int:
        """The last position `consumer` processed (0 before the first): pass it to
        `read_all(after_position=...)` to resume."""
        value = await self._pool.fetchval(_POSITION, consumer)
        return 0 if value is None else int(value)

    async def process(
        self, consumer: str, position: int, effect: Effect[T]
    ) -> tuple[bool, T | None]:
        """Run `effect` on a connection in a transaction that also moves `consumer` to
        `position`; skip it when the consumer already reached `position`.

        Returns `(True, effect's result)` when it ran, `(False, None)` when skipped. The
        row lock serialises concurrent deliveries of the same consumer.
        """
        async with self._pool.acquire() as connection, connection.transaction():
            reached = await connection.fetchval(_CLAIM, consumer)
            if position <= reached:
                return False, None
            result = await effect(connection)
            await connection.execute(_ADVANCE, consumer, position)
            return True, result
