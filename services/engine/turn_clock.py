"""The engine's turn clock: alarms at the deadlines the game streams record, and the sweep
that finds the deadlines whose alarm was lost."""

from __future__ import annotations

import asyncio
import heapq
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal, Protocol

from president.clock import Clock
from president.contract import takeover_command_id, timeout_command_id
from president.contract.subjects import table_id_of_stream
from president.game import Game
from president.runtime.outages import log_failure
from president.store import EventStore

log = logging.getLogger(__name__)

Kind = Literal["takeover", "reask"]


@dataclass(frozen=True, order=True)
class Alarm:
    """What to do about ``seat``'s turn (due since ``turn_version``) at ``at``."""

    at: datetime
    table_id: str = field(compare=False)
    seat: int = field(compare=False)
    turn_version: int = field(compare=False)
    kind: Kind = field(compare=False)
    command_id: str = field(compare=False, default="")


def alarms_of(game: Game) -> list[Alarm]:
    """The alarms of ``game``'s due seats: the takeover at each deadline (``timeout:...``,
    or ``takeover:...`` for a seat away or left, whose deadline is its turn's start), and
    for an AI seat the request sent again halfway there."""
    out: list[Alarm] = []
    for seat, deadline in game.deadlines.items():
        if deadline.at is None:
            continue
        turn = game.turns[seat]
        ids = takeover_command_id if deadline.seconds == 0 else timeout_command_id
        command_id = ids(game.table_id, turn, seat)
        out.append(Alarm(deadline.at, game.table_id, seat, turn, "takeover", command_id))
        if game.seat_kind(seat) == "ai" and deadline.seconds > 0:
            halfway = deadline.at - timedelta(seconds=deadline.seconds / 2)
            out.append(Alarm(halfway, game.table_id, seat, turn, "reask"))
    return out


Fire = Callable[[Alarm], Awaitable[None]]


class TurnClock:
    """Alarms by table; ``run`` fires each one once, at its time (as ``clock`` tells)."""

    def __init__(self, clock: Clock, fire: Fire, *, max_concurrent: int = 64):
        self._clock = clock
        self._fire = fire
        self._tables: dict[str, set[Alarm]] = {}
        self._heap: list[Alarm] = []
        self._changed = asyncio.Event()
        self._slots = asyncio.Semaphore(max_concurrent)
        self._tasks: set[asyncio.Task[None]] = set()

    def watch(self, game: Game) -> None:
        """The table's alarms are now those of ``game`` (its latest fold)."""
        self._set(game.table_id, set(alarms_of(game)))

    def watch_overdue(self, game: Game, grace: float) -> bool:
        """Add the alarms of ``game`` overdue by more than ``grace`` seconds (a deadline
        another engine should have acted on); whether there was any."""
        limit = self._clock.now() - timedelta(seconds=grace)
        overdue = {a for a in alarms_of(game) if a.kind == "takeover" and a.at <= limit}
        if overdue:
            self._set(game.table_id, self._tables.get(game.table_id, set()) | overdue)
        return bool(overdue)

    def pending(self, table_id: str | None = None) -> list[Alarm]:
        """The alarms not fired yet (of one table, or all), earliest first."""
        tables = self._tables.values() if table_id is None else [self._tables.get(table_id, set())]
        return sorted(alarm for alarms in tables for alarm in alarms)

    def _set(self, table_id: str, alarms: set[Alarm]) -> None:
        if alarms:
            self._tables[table_id] = alarms
            for alarm in alarms:
                heapq.heappush(self._heap, alarm)
        else:
            self._tables.pop(table_id, None)
        self._changed.set()

    async def run(self, stop: asyncio.Event) -> None:
        """Fire the alarms as they come due, until ``stop`` is set."""
        stopping: asyncio.Task[object] = asyncio.create_task(stop.wait())
        try:
            while not stop.is_set():
                self._fire_due()
                self._changed.clear()
                waits: list[asyncio.Task[object]] = [
                    stopping,
                    asyncio.create_task(self._changed.wait()),
                ]
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


@dataclass(frozen=True)
class DeadlineFact:
    """A ``TurnDeadlineSet`` or ``GameEnded`` in the log (``deadline``: the former's)."""

    position: int
    table_id: str
    type: str
    deadline: datetime | None = None


DEADLINE_TYPES = ("TurnDeadlineSet", "GameEnded")


class DeadlineFacts(Protocol):
    """Reads the log's deadlines and game ends after a global position, in log order."""

    async def after(self, position: int, limit: int = 5000) -> list[DeadlineFact]: ...


class LogDeadlineFacts:
    """:class:`DeadlineFacts` of the store's log (``read_all`` of those two types: the
    unique index on position makes each sweep read only what was appended since)."""

    def __init__(self, store: EventStore):
        self._store = store

    async def after(self, position: int, limit: int = 5000) -> list[DeadlineFact]:
        facts = []
        for event in await self._store.read_all(position, limit, types=DEADLINE_TYPES):
            kind = table_id_of_stream(event.stream_id)
            if kind is None or kind[0] != "game":
                continue
            raw = event.data.get("deadline")
            deadline = None if raw is None else datetime.fromisoformat(str(raw))
            facts.append(DeadlineFact(event.position, kind[1], event.type, deadline))
        return facts


class OverdueSweep:
    """Finds the tables whose latest deadline is overdue by more than ``grace`` seconds:
    all of them at the first sweep (an engine starting up), then those whose deadlines
    came since (read incrementally from the log by position)."""

    def __init__(
        self,
        facts: DeadlineFacts,
        clock: Clock,
        load: Callable[[str], Awaitable[Game]],
        turn_clock: TurnClock,
        *,
        grace: float,
        starting: bool = True,
    ):
        """``starting``: the first sweep sets the alarms of every game with a deadline (an
        engine starting up); else only those overdue by more than ``grace``."""
        self._facts = facts
        self._clock = clock
        self._load = load
        self._turn_clock = turn_clock
        self._grace = grace
        self._position = 0
        self._latest: dict[str, datetime] = {}
        self._first = starting

    async def sweep(self) -> int:
        """Look once; the number of tables that got alarms."""
        while True:
            facts = await self._facts.after(self._position)
            for fact in facts:
                self._position = fact.position
                if fact.type == "GameEnded":
                    self._latest.pop(fact.table_id, None)
                elif fact.deadline is not None:
                    latest = self._latest.get(fact.table_id)
                    self._latest[fact.table_id] = max(fact.deadline, latest or fact.deadline)
            if len(facts) < 5000:
                break
        first, self._first = self._first, False
        limit = self._clock.now() - timedelta(seconds=0 if first else self._grace)
        found = 0
        for table_id, latest in list(self._latest.items()):
            if not first and latest > limit:
                continue
            game = await self._load(table_id)
            if first:
                self._turn_clock.watch(game)
                found += bool(game.deadlines)
            elif self._turn_clock.watch_overdue(game, self._grace):
                found += 1
            if not game.deadlines or all(d.at is None for d in game.deadlines.values()):
                self._latest.pop(table_id, None)  # nothing pending: back when a deadline comes
        if found:
            log.info("turn clock: %d table(s) with deadlines found in the log", found)
        return found
