"""The tables in play as the log's stamps tell them (``InPlay``, followed by position), and
the stall watch on them: it folds a game once it is quiet long enough to be stalled, and
sets ``president_stalled_tables`` and ``president_stalled_oldest_seconds``."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from president.clock import Clock
from president.contract.subjects import table_id_of_stream
from president.game import Game
from president.game.fold import seats_to_act
from president.game.liveness import Stall, stall_limit
from president.runtime.metrics import STALLED_OLDEST_SECONDS, STALLED_TABLES
from president.store import EventStamp, EventStore

log = logging.getLogger(__name__)

PAGE = 5000


class Stamps(Protocol):
    """The log's entries after a position, in log order (``EventStore.read_stamps``)."""

    async def read_stamps(self, after_position: int = 0, limit: int = 1000) -> list[EventStamp]: ...


class InPlay:
    """The log's tables in play, read on by position at each ``follow``: ``games``, the
    last stamp of each game until it ends; ``starts``, each start request whose game is not
    created yet (by table id)."""

    def __init__(self, log_stamps: Stamps):
        self._stamps = log_stamps
        self._position = 0
        self.games: dict[str, EventStamp] = {}
        self.starts: dict[str, EventStamp] = {}

    async def follow(self) -> None:
        while True:
            stamps = await self._stamps.read_stamps(self._position, PAGE)
            for stamp in stamps:
                self._position = stamp.position
                kind, table_id = table_id_of_stream(stamp.stream_id) or ("", "")
                if kind == "game":
                    self.starts.pop(table_id, None)
                    if stamp.type == "GameEnded":
                        self.games.pop(table_id, None)
                    else:
                        self.games[table_id] = stamp
                elif stamp.type == "GameStartRequested" and table_id not in self.games:
                    self.starts[table_id] = stamp
            if len(stamps) < PAGE:
                return


@dataclass
class _Quiet:
    """A game in play: its last event's time; once folded, its limit and due seats."""

    last_event_at: datetime
    folded: bool = False
    limit: datetime | None = None
    seats: tuple[int, ...] = ()


class StallWatch:
    """The games in play of the log and whether each is stalled (``look``)."""

    def __init__(
        self,
        store: EventStore,
        load: Callable[[str], Awaitable[Game]],
        clock: Clock,
        *,
        grace: float,
        after: float,
    ):
        self._store = store
        self._load = load
        self._clock = clock
        self._grace = grace
        self._after = after
        self._in_play = InPlay(store)
        self._games: dict[str, _Quiet] = {}

    async def look(self) -> list[Stall]:
        """Read the log since the last look; the stalled games, longest-stalled first (the
        gauges are set to match)."""
        await self._in_play.follow()
        in_play = self._in_play.games
        for table_id in [t for t in self._games if t not in in_play]:
            del self._games[table_id]  # ended
        for table_id, stamp in in_play.items():
            known = self._games.get(table_id)
            if known is None or known.last_event_at != stamp.recorded_at:
                self._games[table_id] = _Quiet(stamp.recorded_at)
        now = self._clock.now()
        soonest = timedelta(seconds=min(self._grace, self._after))
        stalls = []
        for table_id, quiet in list(self._games.items()):
            if not quiet.folded:
                if now - quiet.last_event_at <= soonest:
                    continue  # too recent to be stalled: no need to fold it yet
                await self._fold(table_id, quiet)
            if quiet.limit is not None and now > quiet.limit:  # None: it waits for nothing
                stalls.append(Stall(table_id, quiet.last_event_at, quiet.seats, quiet.limit))
        stalls.sort(key=lambda stall: stall.since)
        STALLED_TABLES.set(len(stalls))
        STALLED_OLDEST_SECONDS.set(stalls[0].age(now) if stalls else 0)
        if stalls:
            log.warning(
                "%d table(s) stalled; the oldest, %s, since %s",
                len(stalls),
                stalls[0].table_id,
                stalls[0].since.isoformat(),
            )
        return stalls

    async def _fold(self, table_id: str, quiet: _Quiet) -> None:
        game = await self._load(table_id)
        at = quiet.last_event_at
        quiet.limit = stall_limit(game, at, grace=self._grace, after=self._after)
        quiet.seats = () if game.state is None else seats_to_act(game.state)
        quiet.folded = True
