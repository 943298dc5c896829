"""Table leases: an engine instance keeps the lock of a table while its commands keep
coming, on one connection of its own (why and when a lease ends:
docs/decisions/2026-12-04-locks-and-leases.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from president.contract import stream_id_of_game
from president.store.holds import writer_lock_key
from president.store.writer_locks import LockSession, LockSessionLost, OpenSession

log = logging.getLogger(__name__)


def lock_key(table_id: str) -> str:
    """The text hashed into a table's advisory lock: its game stream's writer lock, which
    the store's holds (``EventStore.hold``) take too."""
    return writer_lock_key(stream_id_of_game(table_id))


@dataclass
class Lease:
    """A table this instance holds between commands."""

    table_id: str
    head_version: int
    """The game stream's version when the lease was taken."""
    rejections: dict[tuple[str, str], dict[str, Any]]
    """Remembered rejections of the table's commands, by (sender, command id)."""
    busy: bool = False
    used_at: float = field(default_factory=time.monotonic)
    wanted: bool = False
    """Another instance asked for the table, or its game is over: released once the command
    in hand is done."""


class TableLeases:
    """The leases of one engine instance, on one lock session of their own."""

    def __init__(
        self,
        open_session: OpenSession,
        *,
        idle: float = 2.0,
        capacity: int = 256,
        contended: float = 5.0,
    ):
        self._open_session = open_session
        self._idle = idle
        self._capacity = capacity
        self._contended_for = contended
        self._leases: dict[str, Lease] = {}
        self._contended: dict[str, float] = {}
        self._session: LockSession | None = None
        self._io = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        self._releases: set[asyncio.Task[None]] = set()
        self._closed = False

    def __len__(self) -> int:
        return len(self._leases)

    def held(self, table_id: str) -> bool:
        return table_id in self._leases

    async def acquire(self, table_id: str) -> Lease | None:
        """The table's lease, taken now if it is free; None when another instance holds
        the table, it was contended lately, all leases are in use, or the connection fails
        (the caller then takes the per-command lock)."""
        lease = self._leases.get(table_id)
        if lease is not None:
            lease.busy = True
            return lease
        if self._closed or self._is_contended(table_id) or not self._room():
            return None
        try:
            async with self._io:
                session = await self._open()
                taken = await session.take(stream_id_of_game(table_id))
        except LockSessionLost as error:
            log.warning("table leases: connection failed (%s); per-command locks meanwhile", error)
            self._lost()
            return None
        if taken is None:
            self._mark_contended(table_id)
            return None
        lease = Lease(table_id, taken.head_version, taken.rejections, busy=True)
        self._leases[table_id] = lease
        return lease

    async def done(self, lease: Lease) -> None:
        """The command using ``lease`` is over (committed or not)."""
        lease.busy = False
        lease.used_at = time.monotonic()
        if lease.wanted and self._leases.get(lease.table_id) is lease:
            await self._release([lease.table_id])

    def drop(self, lease: Lease) -> None:
        """Give ``lease`` up at once (its state may be wrong, e.g. after a failed command)."""
        lease.busy = False
        if self._leases.get(lease.table_id) is lease:
            self._spawn_release([lease.table_id])

    async def close(self) -> None:
        """Release every lease and close the connection."""
        self._closed = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        if self._releases:
            await asyncio.wait(list(self._releases), timeout=5)
        async with self._io:
            self._leases.clear()
            session, self._session = self._session, None
            if session is not None:
                await session.close()

    # -- the session -------------------------------------------------------------

    async def _open(self) -> LockSession:
        """The lease session (call with ``_io`` held)."""
        session = self._session
        if session is not None and not session.closed:
            return session
        self._leases.clear()  # a new session holds no lock
        session = self._session = await self._open_session(self._terminated)
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep(), name="engine-lease-sweeper")
        return session

    def _terminated(self, session: LockSession) -> None:
        if session is self._session:
            self._lost()

    def _lost(self) -> None:
        """The session, and so every lock it held, is gone (or must be)."""
        session, self._session = self._session, None
        if self._leases:
            log.warning("table leases: connection lost; %d leases dropped", len(self._leases))
        self._leases.clear()
        if session is not None:
            session.terminate()

    # -- releasing -----------------------------------------------------------------

    def finished(self, table_id: str) -> None:
        """The table's game is over: release its lease once the command in hand is done
        (at once when none is), without marking it contended."""
        lease = self._leases.get(table_id)
        if lease is None:
            return
        lease.wanted = True
        if not lease.busy:
            self._spawn_release([table_id])

    def asked(self, table_id: str) -> None:
        """Another instance waits for ``table_id``: give it up once the command in hand is done."""
        self._mark_contended(table_id)
        lease = self._leases.get(table_id)
        if lease is None:
            return
        lease.wanted = True
        if not lease.busy:
            self._spawn_release([table_id])

    def _spawn_release(self, table_ids: list[str]) -> None:
        streams = self._forget(table_ids)
        if streams:
            task = asyncio.create_task(self._unlock(streams, self._session))
            self._releases.add(task)
            task.add_done_callback(self._releases.discard)

    async def _release(self, table_ids: list[str]) -> None:
        await self._unlock(self._forget(table_ids), self._session)

    def _forget(self, table_ids: list[str]) -> list[str]:
        """Forget the leases at once, before their unlock is even queued: a new lease of
        one of these tables then waits behind the unlock (``_io`` is first come, first
        served), and no command uses a lease that is being released. Each lease taken is
        unlocked once, so the session's lock counts stay right even when a table is leased
        again before the unlock of its previous lease ran."""
        return [stream_id_of_game(t) for t in table_ids if self._leases.pop(t, None) is not None]

    async def _unlock(self, stream_ids: list[str], session: LockSession | None) -> None:
        if not stream_ids or session is None:
            return
        try:
            async with self._io:
                if self._session is None or self._session is not session:
                    return  # a lost session's locks went with it
                await session.release(stream_ids)
        except LockSessionLost as error:
            log.warning("table leases: release failed (%s); ending the session", error)
            self._lost()

    async def _sweep(self) -> None:
        """Release the leases idle for ``idle`` seconds."""
        while not self._closed:
            await asyncio.sleep(max(self._idle / 2, 0.05))
            cutoff = time.monotonic() - self._idle
            idle = [
                t for t, lease in self._leases.items() if not lease.busy and lease.used_at < cutoff
            ]
            if idle:
                await self._release(idle)
            now = time.monotonic()
            self._contended = {t: until for t, until in self._contended.items() if until > now}

    def _room(self) -> bool:
        if len(self._leases) < self._capacity:
            return True
        idle = [lease for lease in self._leases.values() if not lease.busy]
        if not idle:
            return False
        oldest = min(idle, key=lambda lease: lease.used_at)
        self._spawn_release([oldest.table_id])
        return True

    def _mark_contended(self, table_id: str) -> None:
        self._contended[table_id] = time.monotonic() + self._contended_for

    def _is_contended(self, table_id: str) -> bool:
        until = self._contended.get(table_id)
        return until is not None and until > time.monotonic()
