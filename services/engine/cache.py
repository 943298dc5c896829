"""The engine's games: folded once and kept in memory, caught up from the store on each use
(``GameCache``), and held, loaded and appended to for one decision of the command path
(``GameLog``, its port; the effects of a commit go to one callback)."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from president.command_path import Earlier, Loaded, Sent, accepted
from president.contract import Accepted, stream_id_of_game
from president.contract.subjects import partition_of
from president.game.decide import Decided
from president.game.fold import Appended, CorruptGame, Game
from president.store import Appender, AppendResult, ConcurrencyConflict, EventStore

log = logging.getLogger(__name__)

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
    per event), least recently used dropped first; the last ``finished`` games ended are
    kept apart (not counted, not ``in`` the cache), caught up on each use. ``lock`` orders a
    game's use in this process; across processes the expected version of each append does."""

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
        self.refusals: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
        """By table: the refusals remembered on its game stream, by (sender, command id);
        kept while its fold is in play (``HeldGame`` reads and adds them)."""
        self.trusted: set[str] = set()
        """The tables whose cached fold is the log's: caught up while this instance owned their
        partition, which nobody else writes (``forget_partitions`` when it changes hands)."""
        self.peek: Callable[[str], Game | None] = self._games.get
        """The cached fold of a game in play as it is (no read, no catching up, no use
        counted): for what never changes once a game is created, and a :attr:`trusted` fold."""

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, table_id: str) -> bool:
        return table_id in self._games

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
        cached fold that reached ``at_least`` is used as it is, and one caught up while this
        instance ``owns`` the table's partition is :attr:`trusted`. A fold that no longer
        matches the log is rebuilt; raises CorruptGame when the log itself breaks the rules."""
        game = self._games.get(table_id)
        if game is None:
            game = self._finished.get(table_id) or Game(table_id)
        else:
            self._games.move_to_end(table_id)
            if at_least is not None and game.version >= at_least:
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

    def fold(self, table_id: str, events: list[Appended], decided: Decided) -> None:
        """Fold events this instance appended (and saw committed) into the cached game, with
        the rules state and the seats due that ``decided`` computed for them (not replayed)."""
        game = self._games.get(table_id)
        if game is None or not events or events[0].version != game.version + 1:
            self.forget(table_id)  # the next load reads the log instead
            return
        try:
            game.apply_append(events, decided=decided.after, due=decided.due)  # one append
        except CorruptGame:
            self.forget(table_id)
            return
        self._remember(game)

    def forget(self, table_id: str) -> None:
        self._finished.pop(table_id, None)
        self._games.pop(table_id, None)
        self.estimated_bytes -= self._sizes.pop(table_id, 0)
        self.refusals.pop(table_id, None)
        self.trusted.discard(table_id)

    def forget_partitions(self, partitions: set[int]) -> None:
        """Forget the games of tables in ``partitions`` (another instance may write them)."""
        for table_id in [*self._games, *self._finished, *self.refusals, *self.trusted]:
            if partition_of(table_id) in partitions:
                self.forget(table_id)

    async def _catch_up(self, game: Game) -> None:
        events = await self._store.read_stream(stream_id_of_game(game.table_id), game.version + 1)
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
        while len(self._games) > self._size or self.estimated_bytes > self._budget:
            self.forget(next(iter(self._games)))


Committed = Callable[[Game, Decided, AppendResult], None]


def owns_all(table_id: str) -> bool:
    """One engine alone: every table is its own."""
    return True


class GameLog:
    """Game streams for the command path."""

    def __init__(
        self,
        store: EventStore,
        games: GameCache,
        appender: Appender,
        committed: Committed,
        owns: Callable[[str], bool] = owns_all,
    ):
        """``committed(game, decided, result)``: told of each append of ``decided`` to
        ``game`` once committed (the engine's post-commit effects); ``owns(table_id)``:
        whether this instance owns the table's partition, so that its cached fold is the
        log's (else the fold catches up from the log first; either way the expected version
        of the append is the guard)."""
        self.store = store
        self.games = games
        self.appender = appender
        self.committed = committed
        self.owns = owns

    @asynccontextmanager
    async def hold(self, command: Sent) -> AsyncIterator[HeldGame]:
        """The game of ``command`` under its lock in this process (across processes, the
        expected version of the append guards it). A decision that fails (a race lost to
        another writer, a fault) forgets the game's fold: the next one reads the log."""
        table_id = command.table_id
        async with self.games.lock(table_id):
            try:
                yield HeldGame(self, command, table_id)
            except BaseException as error:
                if isinstance(error, ConcurrencyConflict):
                    log.info("table %s: appended to meanwhile; reloading", table_id)
                self.games.forget(table_id)
                raise


@dataclass
class HeldGame:
    """One game held for one decision of one command."""

    log: GameLog
    command: Sent
    table_id: str
    refusal: dict[str, Any] | None = None
    """The refusal remembered for this sender's command id, read by ``load``."""
    cached: bool = False
    """Whether ``load`` took the cached fold as it was (no read of the log)."""

    async def remember(self, reply: dict[str, Any]) -> None:
        """Record the command's final refusal in the store and in the cache."""
        command = self.command
        await self.log.store.remember_refusal(
            command.stream_id, command.command_id, reply, command.sender
        )
        refusals = self.log.games.refusals.get(self.table_id, {})
        refusals.setdefault((command.sender, command.command_id), reply)

    async def load(self) -> Loaded[Game]:
        """The game as the log holds it: the cached fold as it is when it is the log's
        (caught up while this instance owned the table's partition), else caught up from
        the log; with the command's first answer when the game holds its events, and its
        remembered refusal (those of the stream read with a fold that catches up)."""
        games, command, table_id = self.log.games, self.command, self.table_id
        key = (command.sender, command.command_id)
        game = games.peek(table_id) if table_id in games.trusted else None
        self.cached = game is not None  # the log's, used as it is
        if game is None:
            game = await games.load(table_id, owns=self.log.owns)
        refusals = games.refusals.get(table_id)
        if refusals is None or not self.cached:
            refusals = await self.log.store.refusals(command.stream_id)
            if table_id in games:
                games.refusals[table_id] = refusals
        self.refusal = refusals.get(key)
        effect = game.commands.get(key)
        if effect is None:
            return Loaded(game, game.version)
        first, last = effect.first_version, effect.last_version
        result = AppendResult(command.stream_id, first, last, effect.positions, True)
        earlier = Earlier(accepted(command.command_id, result), effect.fingerprint)
        return Loaded(game, game.version, earlier)

    async def confirm(self, loaded: Loaded[Game]) -> bool:
        """A refusal decided on the cached fold stands if the log is still there (another
        instance may have written the table as its partition moved); a fold just caught
        up is the log's as of the command."""
        if not self.cached:
            return True
        if await self.log.store.stream_version(self.command.stream_id) == loaded.version:
            return True
        self.log.games.forget(self.table_id)
        return False

    async def append(self, loaded: Loaded[Game], decided: Decided) -> Accepted:
        """Append ``decided`` at the loaded version through the appender (group commit);
        once committed, the log's ``committed`` callback takes the effects."""
        game, command, events = loaded.state, self.command, decided.events
        if not events:  # what the command says is so already: nothing to write
            return Accepted(
                command_id=command.command_id,
                stream_id=command.stream_id,
                first_version=game.version,
                last_version=game.version,
                duplicate=True,
            )
        result = await self.log.appender.append(
            command.stream_id,
            events,
            expected_version=game.version,
            command_id=command.command_id,
            sender=command.sender,
        )  # a stale version raises ConcurrencyConflict (the hold forgets the fold)
        self.log.committed(game, decided, result)
        return accepted(command.command_id, result)
