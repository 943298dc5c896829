"""The sweep for tables left unreacted: a game whose last event got no reaction (its
delivery to the reactor was lost, or its consumer was healed past it) is reacted to as
the reactor would, and so is a start request whose game was never created."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta

from president.clock import Clock
from president.runtime.liveness import InPlay, Stamps
from president.runtime.outages import log_failure

log = logging.getLogger(__name__)


class UnreactedSweep:
    """Follows the tables in play (``InPlay``: every game until it ends, every start
    request without its game, read from the log by position), and reacts once to
    each table of its own (``owns``: the engine's partitions) whose last event is older
    than ``grace`` seconds (``limit`` tables a pass, the oldest first). The first pass,
    as the engine starts, takes every such table however recent: what happened before its
    consumer was created is not delivered to it.

    Reacting to a table the reactor did react to is harmless: its prompts and decision
    requests carry the same ``Nats-Msg-Id`` and JetStream keeps one of each within its
    duplicate window (120 s); past it a client gets the same prompt again.
    """

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
        """``react(table_id, None, version)``: the reactor's ``on_game`` for every seat due
        (the prompts, the decision requests and the turn clock's alarms);
        ``start(table_id, event_id)``: its creation of a started game."""
        self._in_play = InPlay(log_stamps)
        self._clock = clock
        self._react = react
        self._start = start
        self._owns = owns
        self._grace = grace
        self._limit = limit
        self._done: dict[str, int] = {}
        self._first = True

    async def sweep(self) -> int:
        """Look once; the number of tables reacted to."""
        await self._in_play.follow()
        games, starts = self._in_play.games, self._in_play.starts
        self._done = {t: v for t, v in self._done.items() if t in games or t in starts}
        first, self._first = self._first, False
        limit = self._clock.now() - timedelta(seconds=0 if first else self._grace)
        due = [(t, s.version, s) for t, s in games.items()] + [(t, 0, s) for t, s in starts.items()]
        quiet = [
            (table_id, version, stamp)
            for table_id, version, stamp in due
            if stamp.recorded_at <= limit
            and self._done.get(table_id) != version
            and self._owns(table_id)
        ]
        quiet.sort(key=lambda table: table[2].recorded_at)
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
