"""The sweep for tables left unreacted: a game whose last event got no reaction (its
delivery to the reactor was lost, or its consumer was healed past it) is reacted to as
the reactor would, and so is a start request whose game was never created."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from president.clock import Clock
from president.contract.subjects import table_id_of_stream
from president.runtime.outages import log_failure
from president.store import EventStamp

log = logging.getLogger(__name__)

PAGE = 5000


class LogEntries(Protocol):
    """The log's entries after a position, in log order (``EventStore.read_stamps``)."""

    async def read_stamps(self, after_position: int = 0, limit: int = 1000) -> list[EventStamp]: ...


@dataclass(frozen=True)
class Quiet:
    """A table whose last event (``version`` of its game, 0: its start request) is
    ``at``; ``event_id`` is that event's."""

    table_id: str
    version: int
    at: datetime
    event_id: str


class UnreactedSweep:
    """Reads the log incrementally by position (every game in play and every start
    request without its game, kept in memory until the game ends), and reacts once to
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
        log_entries: LogEntries,
        clock: Clock,
        react: Callable[[str, int], Awaitable[None]],
        start: Callable[[str, str], Awaitable[None]],
        *,
        owns: Callable[[str], bool],
        grace: float,
        limit: int = 200,
    ):
        """``react(table_id, version)``: the reactor's ``on_game`` for the seats due;
        ``start(table_id, event_id)``: its creation of a started game."""
        self._entries = log_entries
        self._clock = clock
        self._react = react
        self._start = start
        self._owns = owns
        self._grace = grace
        self._limit = limit
        self._position = 0
        self._games: dict[str, Quiet] = {}
        self._starts: dict[str, Quiet] = {}
        self._done: dict[str, int] = {}
        self._first = True

    async def sweep(self) -> int:
        """Look once; the number of tables reacted to."""
        await self._read()
        first, self._first = self._first, False
        limit = self._clock.now() - timedelta(seconds=0 if first else self._grace)
        quiet = [
            table
            for table in (*self._games.values(), *self._starts.values())
            if table.at <= limit
            and self._done.get(table.table_id) != table.version
            and self._owns(table.table_id)
        ]
        quiet.sort(key=lambda table: table.at)
        reacted = 0
        for table in quiet[: self._limit]:
            try:
                if table.version:
                    await self._react(table.table_id, table.version)
                else:
                    await self._start(table.table_id, table.event_id)
            except Exception as error:
                log_failure(
                    log, error, f"sweep: reacting to table {table.table_id} failed", again=False
                )
                continue
            self._done[table.table_id] = table.version
            reacted += 1
        if reacted:
            log.info("sweep: reacted to %d table(s) left without a reaction", reacted)
        return reacted

    async def _read(self) -> None:
        while True:
            entries = await self._entries.read_stamps(self._position, PAGE)
            for entry in entries:
                self._position = entry.position
                self._take(entry)
            if len(entries) < PAGE:
                return

    def _take(self, entry: EventStamp) -> None:
        kind, table_id = table_id_of_stream(entry.stream_id) or ("", "")
        if kind == "game":
            self._starts.pop(table_id, None)
            if entry.type == "GameEnded":
                self._games.pop(table_id, None)
                self._done.pop(table_id, None)
            else:
                quiet = Quiet(table_id, entry.version, entry.recorded_at, str(entry.event_id))
                self._games[table_id] = quiet
        elif entry.type == "GameStartRequested" and table_id not in self._games:
            self._starts[table_id] = Quiet(table_id, 0, entry.recorded_at, str(entry.event_id))
