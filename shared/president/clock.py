"""The one source of time of the turn clocks: a ``Clock`` Protocol, the system clock and a
``FakeClock`` that tests move by hand."""

from __future__ import annotations

import asyncio
import functools
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Wall-clock time (UTC), and a way to wait for a moment of it."""

    def now(self) -> datetime: ...

    async def wait_until(self, when: datetime) -> None:
        """Return once ``now() >= when`` (at once when it is already)."""
        ...


class SystemClock:
    """The machine's clock (keep it synchronised: deadlines are compared with the
    database's recorded times by the audit)."""

    now = functools.partial(datetime.now, UTC)
    """The time now: ``datetime.now(UTC)`` itself (no function of ours around it)."""

    async def wait_until(self, when: datetime) -> None:
        left = (when - self.now()).total_seconds()
        if left > 0:
            await asyncio.sleep(left)
        # the loop's timer may wake a little early by the wall clock: wait out the rest
        rest = (when - self.now()).total_seconds()
        if rest > 0:
            await asyncio.sleep(rest + 0.001)


class FakeClock:
    """A clock that moves only when told to (``advance``, ``set``)."""

    def __init__(self, start: datetime | None = None):
        self._now = start or datetime(2026, 1, 1, tzinfo=UTC)
        self._moved = asyncio.Condition()

    def now(self) -> datetime:
        return self._now

    async def wait_until(self, when: datetime) -> None:
        async with self._moved:
            await self._moved.wait_for(lambda: self._now >= when)

    async def advance(self, seconds: float) -> None:
        await self.set(self._now + timedelta(seconds=seconds))

    async def set(self, when: datetime) -> None:
        async with self._moved:
            self._now = max(self._now, when)
            self._moved.notify_all()
