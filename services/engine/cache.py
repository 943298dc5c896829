"""The engine's in-memory games: folded once, caught up from the store on each use."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from president.contract import stream_id_of_game
from president.contract.subjects import partition_of
from president.game.fold import Appended, CorruptGame, Game
from president.rules import GameState
from president.store import EventStore

_STRIPES = 256

EVENT_BYTES = 400
"""Estimated bytes a cached game holds per event of its stream (a fold measured by
tracemalloc holds about 150 bytes per event; the engine's resident memory grew by about
300 per cached event in the soak of issue 13; rounded up)."""
MEGABYTE = 1024 * 1024
FINISHED = 64
"""Finished games whose folds are kept (apart from the games in play): the reactor, the
stall watch and the last views ask about a game just after its end; they fold nothing."""


class GameCache:
    """Games in play, up to ``size`` of them and ``budget_mb`` megabytes (``event_bytes``
    per event), least recently used dropped first. The last ``finished`` games ended are
    kept apart (not counted, not ``in`` the cache), caught up on each use. With each game
    go the refusals remembered on its stream (``refusal``), read once. ``lock(table_id)``
    serialises one game's use in this process; across processes the expected version of
    each append does."""

    def __init__(
        self,
        store: EventStore,
        size: int = 2000,
        *,
        budget_mb: float = 256.0,
        event_bytes: int = EVENT_BYTES,
        finished: int = FINISHED,
    ):
        self._store = store
        self._size = size
        self._budget = int(budget_mb * MEGABYTE)
        self._event_bytes = event_bytes
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._sizes: dict[str, int] = {}
        self.estimated_bytes = 0  # of the games held
        self._finished: OrderedDict[str, Game] = OrderedDict()
        self._finished_size = finished
        self._locks = [asyncio.Lock() for _ in range(_STRIPES)]
        self._refusals: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
        self.trusted: set[str] = set()
        """The tables whose cached fold is the log's: caught up while this instance owned
        the table's partition, which nobody else writes (``forget_partitions`` when it
        changes hands)."""

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, table_id: str) -> bool:
        return table_id in self._games

    def peek(self, table_id: str) -> Game | None:
        """The cached fold of a game in play as it is (no read, no catching up, no use
        counted): for what never changes once a game is created."""
        return self._games.get(table_id)

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock of ``table_id``'s game in this process (one of the striped locks,
        shared by the tables that hash alike)."""
        return self._locks[hash(table_id) % _STRIPES]

    async def load(
        self,
        table_id: str,
        at_least: int | None = None,
        *,
        owns: Callable[[str], bool] | None = None,
    ) -> Game:
        """The game folded up to the last committed version (hold ``lock`` around it); a
        cached fold is used as it is when it reached ``at_least``, or when it is
        :attr:`trusted` and ``owns`` (the command path's: whether this instance owns the
        table's partition) is given. A fold that no longer matches the log is rebuilt;
        raises CorruptGame when the log itself breaks the rules."""
        game = self._games.get(table_id)
        if game is None:
            game = self._finished.get(table_id) or Game(table_id)
        else:
            self._games.move_to_end(table_id)
            reached = at_least is not None and game.version >= at_least
            if reached or (owns is not None and table_id in self.trusted):
                return game
        owned = owns is not None and owns(table_id)  # before the read that catches it up
        try:
            await self._catch_up(game)
        except CorruptGame:
            self.forget(table_id)
            game = Game(table_id)
            await self._catch_up(game)
        if game.started:
            if owned:
                self.trusted.add(table_id)
            self._remember(game)
        return game

    def fold(self, table_id: str, events: list[Appended], after: GameState | None = None) -> None:
        """Fold events this instance appended (and saw committed) into the cached game;
        ``after``: the rules state the decision computed for them (kept, not replayed)."""
        game = self._games.get(table_id)
        if game is None or not events or events[0].version != game.version + 1:
            self.forget(table_id)  # the next load reads the log instead
            return
        try:
            game.apply_append(events, decided=after)  # one append: one command's events
        except CorruptGame:
            self.forget(table_id)
            return
        self._remember(game)

    def forget(self, table_id: str) -> None:
        self._finished.pop(table_id, None)
        self._games.pop(table_id, None)
        self.estimated_bytes -= self._sizes.pop(table_id, 0)
        self._refusals.pop(table_id, None)
        self.trusted.discard(table_id)

    def forget_partitions(self, partitions: set[int]) -> None:
        """Forget the games of tables in ``partitions`` (another instance may write them)."""
        for table_id in [*self._games, *self._finished, *self._refusals, *self.trusted]:
            if partition_of(table_id) in partitions:
                self.forget(table_id)

    async def refusal(
        self, table_id: str, sender: str, command_id: str, *, fresh: bool
    ) -> dict[str, Any] | None:
        """The refusal remembered for ``sender``'s ``command_id`` on the table's game
        stream; ``fresh``: read from the store, not from what was read before."""
        known = self._refusals.get(table_id)
        if known is None or fresh:
            known = await self._store.refusals(stream_id_of_game(table_id))
            if table_id in self._games or table_id in self._finished:
                self._refusals[table_id] = known
        return known.get((sender, command_id))

    def remember(self, table_id: str, sender: str, command_id: str, reply: dict[str, Any]) -> None:
        """A refusal this instance remembered in the store."""
        self._refusals.get(table_id, {}).setdefault((sender, command_id), reply)

    async def _catch_up(self, game: Game) -> None:
        events = await self._store.read_stream(stream_id_of_game(game.table_id), game.version + 1)
        if events:
            game.apply(events)

    def _remember(self, game: Game) -> None:
        """Keep ``game`` (most recently used) unless it is over; then keep to the bounds."""
        table_id = game.table_id
        self._finished.pop(table_id, None)  # put back last: the most recently used
        self._games.pop(table_id, None)
        self.estimated_bytes -= self._sizes.pop(table_id, 0)
        if game.state is not None and game.state.is_terminal:
            self._finished[table_id] = game
            self.trusted.discard(table_id)  # a finished game's fold is caught up on each use
            while len(self._finished) > self._finished_size:
                self.forget(next(iter(self._finished)))
            return
        size = game.version * self._event_bytes
        self._games[table_id] = game
        self._sizes[table_id] = size
        self.estimated_bytes += size
        while self._games and (
            len(self._games) > self._size or self.estimated_bytes > self._budget
        ):
            self.forget(next(iter(self._games)))
