"""The Postgres side of a relay: a lease of the relay's name that a frozen holder cannot
keep, fenced by its epoch (docs/decisions/2026-12-04-locks-and-leases.md)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from president.store.relay_leases import (
    LeaseConnectionFailed,
    PostgresRelayLeaseConnection,
    RelayLeaseConnection,
)

log = logging.getLogger(__name__)


class LeaseLost(Exception):
    """The lease ran out or another relay took it: publish nothing more."""


@dataclass(frozen=True)
class LeaseTiming:
    """How long a lease lasts without renewal, and how often a standby tries to take it."""

    ttl: float = 4.0
    retry_interval: float = 0.5

    def __post_init__(self) -> None:
        if self.ttl <= 0 or self.retry_interval <= 0:
            raise ValueError("lease ttl and retry interval must be positive")

    @property
    def heartbeat(self) -> float:
        """Seconds between renewals: four chances before the lease runs out."""
        return self.ttl / 4

    @property
    def standby_interval(self) -> float:
        """Seconds between a standby's tries: at most a quarter of the lease, so it takes
        an expired lease within ``ttl / 4`` whatever ``retry_interval`` says."""
        return min(self.retry_interval, self.heartbeat)


class RelayLease:
    """The lease, the checkpoint and the wake-ups of the relay called ``name``."""

    def __init__(
        self,
        connection: RelayLeaseConnection,
        name: str,
        holder: str,
        epoch: int,
        timing: LeaseTiming,
        valid_until: float,
    ):
        self._connection = connection
        self._name = name
        self.holder = holder
        self.epoch = epoch
        self._timing = timing
        self._valid_until = valid_until
        self._io = asyncio.Lock()  # one statement at a time on the connection
        self._heartbeat: asyncio.Task[None] | None = None
        self.woken = asyncio.Event()
        self.lost = asyncio.Event()
        self.lost_reason = ""

    @classmethod
    async def acquire(
        cls,
        database_url: str,
        name: str,
        *,
        holder: str,
        channel: str | None,
        stop: asyncio.Event,
        timing: LeaseTiming | None = None,
        waiting: Callable[[], None] | None = None,
    ) -> RelayLease | None:
        """Connect and wait for the lease; None when ``stop`` is set before it is taken.

        ``waiting`` is called after each try that finds the lease taken (Postgres answered):
        the caller marks itself a standby there, or raises to give up (its other
        connections lost)."""
        timing = timing or LeaseTiming()
        connection = await PostgresRelayLeaseConnection.connect(database_url)
        try:
            waiting_logged = False
            while True:
                sent = time.monotonic()
                epoch = await connection.take(name, holder, timing.ttl)
                if epoch is not None:
                    break
                if not waiting_logged:
                    log.info("relay %s: another relay holds the lock; waiting", name)
                    waiting_logged = True
                if waiting is not None:
                    waiting()
                if await _stopped_within(stop, timing.standby_interval):
                    await connection.close()
                    return None
            lease = cls(connection, name, holder, epoch, timing, sent + timing.ttl)
            if channel:
                await connection.listen(channel, lease._notified)
            lease._heartbeat = asyncio.create_task(lease._beat(), name=f"relay-lease-{name}")
            log.info("relay %s: lock taken (epoch %d, holder %s)", name, lease.epoch, holder)
            return lease
        except BaseException:
            connection.terminate()
            raise

    def _notified(self) -> None:
        self.woken.set()

    def ensure_held(self) -> None:
        """Raise LeaseLost unless the lease is surely still this relay's (no round trip)."""
        if self.lost.is_set():
            raise LeaseLost(self.lost_reason)
        if time.monotonic() >= self._valid_until:
            self._lose("not renewed in time")
            raise LeaseLost(self.lost_reason)

    async def load_checkpoint(self) -> int:
        """The last position published and acked, 0 before the first."""
        async with self._io:
            position = await self._connection.load_checkpoint(self._name)
        return position if position is not None else 0

    async def save_checkpoint(self, position: int) -> None:
        """Record ``position`` as published (never moves it back); LeaseLost when this
        lease's epoch is no longer the current one (nothing is saved then)."""
        self.ensure_held()
        async with self._io:
            saved = await self._connection.save_checkpoint(self._name, position, self.epoch)
        if not saved:
            self._lose(f"epoch {self.epoch} is stale: another relay took the lease")
            raise LeaseLost(self.lost_reason)

    async def close(self) -> None:
        """Stop renewing, hand the lease over at once (expire it), close the connection."""
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            await asyncio.gather(self._heartbeat, return_exceptions=True)
        try:
            if not self.lost.is_set():
                async with self._io:
                    await asyncio.wait_for(self._connection.release(self._name, self.epoch), 5)
        except (OSError, TimeoutError, LeaseConnectionFailed):
            self._connection.terminate()
            return
        await self._connection.close()

    async def _beat(self) -> None:
        """Renew every ``heartbeat`` seconds; a failed or refused renewal loses the lease."""
        try:
            while not self.lost.is_set():
                await asyncio.sleep(self._timing.heartbeat)
                sent = time.monotonic()
                left = self._valid_until - sent
                if left <= 0:
                    self._lose("not renewed in time")
                    return
                async with asyncio.timeout(left), self._io:
                    renewed = await self._connection.renew(self._name, self.epoch, self._timing.ttl)
                if not renewed:
                    self._lose(f"epoch {self.epoch} is stale: another relay took the lease")
                    return
                self._valid_until = sent + self._timing.ttl
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the connection broke or the renewal was too slow
            self._lose(f"renewal failed: {type(error).__name__}: {error}")

    def _lose(self, reason: str) -> None:
        if not self.lost.is_set():
            self.lost_reason = reason
            self.lost.set()
            self.woken.set()
            log.warning("relay %s: lease lost (%s)", self._name, reason)


async def _stopped_within(stop: asyncio.Event, seconds: float) -> bool:
    try:
        await asyncio.wait_for(stop.wait(), seconds)
    except TimeoutError:
        return False
    return True
