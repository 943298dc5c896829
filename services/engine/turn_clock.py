"""The engine's turn clock: alarms at the deadlines the game streams record (an alarm lost
with an engine is set again by the sweep's reaction to the quiet table: ``sweep.py``)."""

from __future__ import annotations

import asyncio
import heapq
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from president.clock import Clock
from president.contract import takeover_command_id, timeout_command_id
from president.game import Game
from president.runtime.outages import log_failure

log = logging.getLogger(__name__)


@dataclass(frozen=True, order=True)
class Alarm:
    """What to do about ``seat``'s turn (due since ``turn_version``) at ``at``."""

    at: datetime
    table_id: str = field(compare=False)
    seat: int = field(compare=False)
    turn_version: int = field(compare=False)
    kind: Literal["takeover", "reask"] = field(compare=False)
    command_id: str = field(compare=False, default="")


class TurnClock:
    """Alarms by table; ``run`` fires each one once, at its time (as ``clock`` tells)."""

    def __init__(self, clock: Clock, fire: Callable[[Alarm], Awaitable[None]]):
        self._clock = clock
        self._fire = fire
        self._tables: dict[str, set[Alarm]] = {}
        self._heap: list[Alarm] = []
        self._changed = asyncio.Event()
        self._slots = asyncio.Semaphore(64)  # alarms fired at once (a restart finds many due)
        self._tasks: set[asyncio.Task[None]] = set()

    def watch(self, game: Game) -> None:
        """The table's alarms are now those of ``game`` (its latest fold): for each due seat
        with a deadline, the takeover at it (``timeout:...``, or ``takeover:...`` for a seat
        away or left, whose deadline is its turn's start), and for an AI seat the request
        sent again halfway there."""
        table_id, alarms = game.table_id, set()
        for seat, deadline in game.deadlines.items():
            if deadline.at is None:
                continue
            turn = game.turns[seat]
            ids = takeover_command_id if deadline.seconds == 0 else timeout_command_id
            command_id = ids(table_id, turn, seat)
            alarms.add(Alarm(deadline.at, table_id, seat, turn, "takeover", command_id))
            if game.seat_kind(seat) == "ai" and deadline.seconds > 0:
                halfway = deadline.at - timedelta(seconds=deadline.seconds / 2)
                alarms.add(Alarm(halfway, table_id, seat, turn, "reask"))
        if alarms:
            self._tables[table_id] = alarms
            for alarm in alarms:
                heapq.heappush(self._heap, alarm)
        else:
            self._tables.pop(table_id, None)
        self._changed.set()

    def pending(self, table_id: str) -> list[Alarm]:
        """The table's alarms not fired yet, earliest first."""
        return sorted(self._tables.get(table_id, ()))

    async def run(self, stop: asyncio.Event) -> None:
        """Fire the alarms as they come due, until ``stop`` is set."""
        stopping: asyncio.Task[object] = asyncio.create_task(stop.wait())
        try:
            while not stop.is_set():
                self._fire_due()
                self._changed.clear()
                waits = [stopping, asyncio.create_task(self._changed.wait())]
                if self._heap:
                    waits.append(asyncio.create_task(self._clock.wait_until(self._heap[0].at)))
                try:
                    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for task in waits[1:]:
                        task.cancel()
        finally:
            stopping.cancel()
            if self._tasks:
                await asyncio.gather(*self._tasks, return_exceptions=True)

    def _fire_due(self) -> None:
        now = self._clock.now()
        while self._heap and self._heap[0].at <= now:
            alarm = heapq.heappop(self._heap)
            alarms = self._tables.get(alarm.table_id)
            if alarms is None or alarm not in alarms:
                continue  # replaced since (the seat acted, the turn moved on)
            alarms.discard(alarm)
            if not alarms:
                del self._tables[alarm.table_id]
            task = asyncio.create_task(self._run_alarm(alarm))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run_alarm(self, alarm: Alarm) -> None:
        async with self._slots:
            try:
                await self._fire(alarm)
            except Exception as error:
                what = f"turn clock: {alarm.kind} of {alarm.table_id} seat {alarm.seat} failed"
                log_failure(log, error, what, again=False)
