"""The sweep for tables left unreacted (their engine died or lost NATS first): a game's last
event, or a start request whose game was never created, is reacted to as the reactor would."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta

from president.clock import Clock
from president.contract.subjects import partition_of
from president.runtime.liveness import InPlay, Stamps
from president.runtime.outages import log_failure

log = logging.getLogger(__name__)


class UnreactedSweep:
    """Reacts once to each table in play of its own (``owns``) whose last event is older
    than ``grace`` seconds or whose partition it :meth:`gained`, ``limit`` a pass, the
    oldest first: ``react(table_id, None, version)`` (the reactor's ``on_game``), or for a
    start request ``start(table_id, event_id)`` (twice is harmless: the same message ids)."""

    def __init__(
        self,
        log_stamps: Stamps,
        clock: Clock,
        react: Callable[[str, int | None, int], Awaitable[None]],
        start: Callable[[str, str], Awaitable[None]],
        *,
        owns: Callable[[str], bool],
        grace: float,
        limit: int = 200,
    ):
        self._in_play = InPlay(log_stamps)
        self._clock = clock
        self._react = react
        self._start = start
        self._owns = owns
        self._grace = grace
        self._limit = limit
        self._done: dict[str, int] = {}
        self._gained: set[int] = set()
        self.wake = asyncio.Event()
        """Set when a pass is due at once (its loop waits for it or for its period)."""

    def gained(self, partitions: set[int]) -> None:
        """Partitions this instance just took (all of its own at a start: the consumer
        gets nothing from before it was created; later: their owner may have died between
        a commit and its reaction): their tables in play are reacted to at once."""
        self._gained |= partitions
        self.wake.set()

    async def sweep(self) -> int:
        """Look once; the number of tables reacted to."""
        await self._in_play.follow()
        games, starts = self._in_play.games, self._in_play.starts
        self._done = {t: v for t, v in self._done.items() if t in games or t in starts}
        gained, self._gained = self._gained, set()
        limit = self._clock.now() - timedelta(seconds=self._grace)
        due = [(t, s.version, s) for t, s in games.items()] + [(t, 0, s) for t, s in starts.items()]
        quiet = [
            (table_id, version, stamp)
            for table_id, version, stamp in due
            if (stamp.recorded_at <= limit or partition_of(table_id) in gained)
            and self._done.get(table_id) != version
            and self._owns(table_id)
        ]
        quiet.sort(key=lambda table: table[2].recorded_at)
        if len(quiet) > self._limit and gained:
            self.gained(gained)  # the rest of them in the next pass, at once
        reacted = 0
        for table_id, version, stamp in quiet[: self._limit]:
            try:
                if version:
                    await self._react(table_id, None, version)
                else:
                    await self._start(table_id, str(stamp.event_id))
            except Exception as error:
                log_failure(log, error, f"sweep: reacting to table {table_id} failed", again=False)
                continue
            self._done[table_id] = version
            reacted += 1
        if reacted:
            log.info("sweep: reacted to %d table(s) left without a reaction", reacted)
        return reacted
