"""How long the oldest public event has waited for the auditors, read off their shared
consumer: the alert for a game without a verdict (every public event but a game's end is
acknowledged at once, so the one that waits is an end not judged yet)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from nats.js.api import ConsumerInfo
from president.runtime.metrics import AUDIT_BACKLOG, AUDIT_WAITING_SECONDS

log = logging.getLogger(__name__)

LOOK_EVERY = 10.0


class Backlog:
    """The consumer's acknowledgement floor (the last stream sequence below which all is
    acknowledged) stays put while the message after it waits. ``waited`` is how long the
    floor has stood still with messages outstanding, as seen by this process's looks:
    never more than that message's wait, and short of it by at most one look."""

    def __init__(self) -> None:
        self._floor: int | None = None
        self._since: float | None = None

    def look(self, info: ConsumerInfo, now: float) -> tuple[int, float]:
        """The outstanding messages (not yet delivered, or delivered and unacknowledged)
        and the seconds the oldest of them has waited, at monotonic time ``now``."""
        outstanding = (info.num_pending or 0) + (info.num_ack_pending or 0)
        floor = None if info.ack_floor is None else info.ack_floor.stream_seq
        if outstanding == 0 or floor != self._floor or self._since is None:
            self._floor, self._since = floor, (None if outstanding == 0 else now)
        return outstanding, 0.0 if self._since is None else now - self._since


async def watch_backlog(
    consumer_info: Callable[[], Awaitable[ConsumerInfo]],
    stop: asyncio.Event,
    clock: Callable[[], float],
    every: float = LOOK_EVERY,
) -> None:
    """Sets ``president_audit_backlog`` and ``president_audit_waiting_seconds`` every
    ``every`` seconds until ``stop``; a look that fails (NATS away) is tried next time."""
    backlog = Backlog()
    while not stop.is_set():
        try:
            outstanding, waited = backlog.look(await consumer_info(), clock())
            AUDIT_BACKLOG.set(outstanding)
            AUDIT_WAITING_SECONDS.set(waited)
        except Exception as error:
            log.warning("auditor: the shared consumer's backlog could not be read: %r", error)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)
