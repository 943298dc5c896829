"""A relay's lease and checkpoint (``relay_leases``, ``relay_checkpoints``: migration 0005)
on a connection of its own, in Postgres and in memory. Times are the store's clock."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import asyncpg

CHECKPOINT_TABLE = "relay_checkpoints"
LEASE_TABLE = "relay_leases"

_TAKE = f"""
INSERT INTO {LEASE_TABLE} AS lease (name, holder, epoch, expires_at)
VALUES ($1, $2, 1, clock_timestamp() + make_interval(secs => $3))
ON CONFLICT (name) DO UPDATE
   SET holder = EXCLUDED.holder, epoch = lease.epoch + 1,
       expires_at = EXCLUDED.expires_at, taken_at = clock_timestamp()
 WHERE lease.expires_at <= clock_timestamp() OR lease.holder = EXCLUDED.holder
RETURNING epoch"""
_RENEW = f"""
UPDATE {LEASE_TABLE} SET expires_at = clock_timestamp() + make_interval(secs => $3)
 WHERE name = $1 AND epoch = $2
RETURNING epoch"""
_RELEASE = f"UPDATE {LEASE_TABLE} SET expires_at = clock_timestamp() WHERE name = $1 AND epoch = $2"
_LOAD = f"SELECT position FROM {CHECKPOINT_TABLE} WHERE name = $1"
# Saved only under the current epoch; FOR SHARE makes a taking wait for the save.
_SAVE = f"""
INSERT INTO {CHECKPOINT_TABLE} (name, position)
SELECT name, $2 FROM {LEASE_TABLE} WHERE name = $1 AND epoch = $3 FOR SHARE
ON CONFLICT (name) DO UPDATE SET position = GREATEST(
    {CHECKPOINT_TABLE}.position, EXCLUDED.position), updated_at = now()
RETURNING position"""
_HEAD = "SELECT coalesce(max(position), 0) FROM events"
_CHECKPOINT = f"SELECT coalesce(max(position), 0) FROM {CHECKPOINT_TABLE} WHERE name = $1"


class LeaseConnectionFailed(Exception):
    """A statement of the lease connection failed: the connection is no longer to be used."""


class RelayLeaseConnection(Protocol):
    """The statements of a relay's lease, one at a time, on a connection of its own."""

    async def take(self, name: str, holder: str, ttl: float) -> int | None:
        """Take (or take again, as ``holder``) the lease ``name`` for ``ttl`` seconds unless
        another holder's is still running: its new epoch, else None."""
        ...

    async def renew(self, name: str, epoch: int, ttl: float) -> bool:
        """Extend the lease to ``ttl`` seconds from now, unless ``epoch`` is stale."""
        ...

    async def release(self, name: str, epoch: int) -> None:
        """Let the lease run out now (a taker gets it at once), unless ``epoch`` is stale;
        ``LeaseConnectionFailed`` when the statement fails."""
        ...

    async def load_checkpoint(self, name: str) -> int | None:
        """The position saved for ``name``, None before the first save."""
        ...

    async def save_checkpoint(self, name: str, position: int, epoch: int) -> bool:
        """Save ``position`` (never moving it back) unless ``epoch`` is stale."""
        ...

    async def listen(self, channel: str, woken: Callable[[], None]) -> None:
        """Call ``woken()`` at each notification on ``channel``."""
        ...

    async def close(self) -> None:
        """Close within 5 s, else end the connection at once."""
        ...

    def terminate(self) -> None:
        """End the connection at once."""
        ...


class PostgresRelayLeaseConnection:
    """A :class:`RelayLeaseConnection` on one asyncpg connection."""

    def __init__(self, connection: asyncpg.Connection):
        self._connection = connection

    @classmethod
    async def connect(cls, database_url: str) -> PostgresRelayLeaseConnection:
        return cls(await asyncpg.connect(database_url))

    async def take(self, name: str, holder: str, ttl: float) -> int | None:
        epoch = await self._connection.fetchval(_TAKE, name, holder, ttl)
        return None if epoch is None else int(epoch)

    async def renew(self, name: str, epoch: int, ttl: float) -> bool:
        return await self._connection.fetchval(_RENEW, name, epoch, ttl) is not None

    async def release(self, name: str, epoch: int) -> None:
        try:
            await self._connection.execute(_RELEASE, name, epoch)
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise LeaseConnectionFailed(str(error)) from error

    async def load_checkpoint(self, name: str) -> int | None:
        position = await self._connection.fetchval(_LOAD, name)
        return None if position is None else int(position)

    async def save_checkpoint(self, name: str, position: int, epoch: int) -> bool:
        return await self._connection.fetchval(_SAVE, name, position, epoch) is not None

    async def listen(self, channel: str, woken: Callable[[], None]) -> None:
        await self._connection.add_listener(channel, lambda *_: woken())

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._connection.close(), 5)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
            self._connection.terminate()

    def terminate(self) -> None:
        self._connection.terminate()


async def relay_lag(pool: asyncpg.Pool, name: str) -> int:
    """How many positions the log's head is past the checkpoint of the relay ``name``."""
    head = await pool.fetchval(_HEAD)
    checkpoint = await pool.fetchval(_CHECKPOINT, name)
    return max(0, int(head) - int(checkpoint))


@dataclass
class _Lease:
    holder: str
    epoch: int
    expires_at: float


@dataclass
class MemoryRelayLeases:
    """The leases and checkpoints of every relay, in this process (unit tests): each
    :meth:`connect` is one relay's connection."""

    clock: Callable[[], float] = time.monotonic
    leases: dict[str, _Lease] = field(default_factory=dict)
    checkpoints: dict[str, int] = field(default_factory=dict)
    listeners: dict[str, list[Callable[[], None]]] = field(default_factory=dict)

    def connect(self) -> MemoryRelayLeaseConnection:
        return MemoryRelayLeaseConnection(self)

    def notify(self, channel: str) -> None:
        """What the store's NOTIFY does: wake every listener of ``channel``."""
        for woken in self.listeners.get(channel, []):
            woken()


class MemoryRelayLeaseConnection:
    """A :class:`RelayLeaseConnection` on :class:`MemoryRelayLeases`."""

    def __init__(self, leases: MemoryRelayLeases):
        self._all = leases
        self._closed = False
        self._listening: list[tuple[str, Callable[[], None]]] = []

    def _check(self) -> None:
        if self._closed:
            raise LeaseConnectionFailed("the connection is closed")

    async def take(self, name: str, holder: str, ttl: float) -> int | None:
        self._check()
        now = self._all.clock()
        lease = self._all.leases.get(name)
        if lease is not None and lease.expires_at > now and lease.holder != holder:
            return None
        epoch = 1 if lease is None else lease.epoch + 1
        self._all.leases[name] = _Lease(holder, epoch, now + ttl)
        return epoch

    async def renew(self, name: str, epoch: int, ttl: float) -> bool:
        self._check()
        lease = self._all.leases.get(name)
        if lease is None or lease.epoch != epoch:
            return False
        lease.expires_at = self._all.clock() + ttl
        return True

    async def release(self, name: str, epoch: int) -> None:
        self._check()
        lease = self._all.leases.get(name)
        if lease is not None and lease.epoch == epoch:
            lease.expires_at = self._all.clock()

    async def load_checkpoint(self, name: str) -> int | None:
        self._check()
        return self._all.checkpoints.get(name)

    async def save_checkpoint(self, name: str, position: int, epoch: int) -> bool:
        self._check()
        lease = self._all.leases.get(name)
        if lease is None or lease.epoch != epoch:
            return False
        self._all.checkpoints[name] = max(self._all.checkpoints.get(name, position), position)
        return True

    async def listen(self, channel: str, woken: Callable[[], None]) -> None:
        self._check()
        self._all.listeners.setdefault(channel, []).append(woken)
        self._listening.append((channel, woken))

    async def close(self) -> None:
        self.terminate()

    def terminate(self) -> None:
        self._closed = True
        for channel, woken in self._listening:
            self._all.listeners[channel].remove(woken)
        self._listening.clear()
