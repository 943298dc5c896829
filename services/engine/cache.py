"""The engine's in-memory games: folded once, caught up from the store on each use."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from president.contract import stream_id_of_game
from president.game.fold import Appended, CorruptGame, Game
from president.store import EventStore

_STRIPES = 256


class GameCache:
    """Up to ``size`` games, least recently used dropped first.

    ``lock(table_id)`` serialises the use of one game inside this process (striped
    locks: a fixed number, shared by tables that hash alike).
    """

    def __init__(self, store: EventStore, size: int = 2000):
        self._store = store
        self._size = size
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._locks = [asyncio.Lock() for _ in range(_STRIPES)]

    def lock(self, table_id: str) -> asyncio.Lock:
        return self._locks[hash(table_id) % _STRIPES]

    async def load(self, table_id: str, at_least: int | None = None) -> Game:
        """The game folded up to the last committed version (hold ``lock`` around it);
        with ``at_least``, a cached fold that reached that version is used as it is.

        A game whose cached fold no longer matches the log is rebuilt from the start;
        raises CorruptGame when the log itself breaks the rules.
        """
        game = self._games.get(table_id)
        if game is None:
            game = Game(table_id)
        else:
            self._games.move_to_end(table_id)
            if at_least is not None and game.version >= at_least:
                return game
        try:
            await self._catch_up(game)
        except CorruptGame:
            self._games.pop(table_id, None)
            game = Game(table_id)
            await self._catch_up(game)
        if game.started:
            self._remember(game)
        return game

    def fold(self, table_id: str, events: list[Appended]) -> None:
        """Fold events this instance appended (and saw committed) into the cached game."""
        game = self._games.get(table_id)
        if game is None or not events or events[0].version != game.version + 1:
            self._games.pop(table_id, None)  # the next load reads the log instead
            return
        try:
            game.apply(events)
        except CorruptGame:
            self._games.pop(table_id, None)

    def forget(self, table_id: str) -> None:
        self._games.pop(table_id, None)

    async def _catch_up(self, game: Game) -> None:
        events = await self._store.read_stream(stream_id_of_game(game.table_id), game.version + 1)
        if events:
            game.apply(events)

    def _remember(self, game: Game) -> None:
        self._games[game.table_id] = game
        self._games.move_to_end(game.table_id)
        while len(self._games) > self._size:
            self._games.popitem(last=False)
