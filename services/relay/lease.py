"""The Postgres side of a relay: one dedicated connection holding the lock.

While the connection lives it holds ``pg_try_advisory_lock`` for the relay's
name, so one relay publishes and the others wait; when the holder dies its
session ends and the lock passes on. The same connection saves the checkpoint
(a write that fails means the lock is gone too) and LISTENs for the store's
NOTIFY, which only wakes the relay early.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import asyncpg

log = logging.getLogger(__name__)

CHECKPOINT_TABLE = "relay_checkpoints"

_TRY_LOCK = "SELECT pg_try_advisory_lock(hashtextextended($1, 0))"
_LOAD = f"SELECT position FROM {CHECKPOINT_TABLE} WHERE name = $1"
_SAVE = (
    f"INSERT INTO {CHECKPOINT_TABLE} (name, position) VALUES ($1, $2) "
    "ON CONFLICT (name) DO UPDATE SET position = GREATEST("
    f"{CHECKPOINT_TABLE}.position, EXCLUDED.position), updated_at = now()"
)


def lock_key(name: str) -> str:
    """The text hashed into the advisory lock of the relay called ``name``."""
    return f"services.relay:{name}"


class RelayLease:
    """The lock, the checkpoint and the wake-ups of the relay called ``name``."""

    def __init__(self, connection: Any, name: str):
        self._connection = connection
        self._name = name
        self.woken = asyncio.Event()

    @classmethod
    async def acquire(
        cls,
        database_url: str,
        name: str,
        *,
        channel: str | None,
        stop: asyncio.Event,
        retry_interval: float = 0.5,
    ) -> RelayLease | None:
        """Connect and wait for the lock; None when ``stop`` is set before it is taken."""
        connection = await asyncpg.connect(database_url)
        try:
            waiting_logged = False
            while not await connection.fetchval(_TRY_LOCK, lock_key(name)):
                if not waiting_logged:
                    log.info("relay %s: another relay holds the lock; waiting", name)
                    waiting_logged = True
                if await _stopped_within(stop, retry_interval):
                    await connection.close()
                    return None
            lease = cls(connection, name)
            if channel:
                await connection.add_listener(channel, lease._notified)
            log.info("relay %s: lock taken", name)
            return lease
        except BaseException:
            connection.terminate()
            raise

    def _notified(self, *_: object) -> None:
        self.woken.set()

    async def load_checkpoint(self) -> int:
        """The last position published and acked, 0 before the first."""
        position = await self._connection.fetchval(_LOAD, self._name)
        return int(position) if position is not None else 0

    async def save_checkpoint(self, position: int) -> None:
        """Record ``position`` as published (never moves the checkpoint back)."""
        await self._connection.execute(_SAVE, self._name, position)

    async def check(self) -> None:
        """Raise when the connection, and so the lock, is gone."""
        await self._connection.fetchval("SELECT 1")

    async def close(self) -> None:
        """Release the lock by ending the session."""
        try:
            await asyncio.wait_for(self._connection.close(), 5)
        except (OSError, TimeoutError, asyncpg.PostgresError):
            self._connection.terminate()


async def _stopped_within(stop: asyncio.Event, seconds: float) -> bool:
    try:
        await asyncio.wait_for(stop.wait(), seconds)
    except TimeoutError:
        return False
    return True
