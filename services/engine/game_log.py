"""The engine's command log (the command path's port): a game loaded from the cache (as it
is when it is the log's, else caught up from the log), appended through the appender with
its expected version, and the effects of the commit handed to one callback."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from president.command_path import Earlier, Loaded, Sent, accepted
from president.contract import Accepted
from president.game.decide import Decided
from president.game.fold import Game
from president.store import Appender, AppendResult, ConcurrencyConflict, EventStore

from services.engine.cache import GameCache

log = logging.getLogger(__name__)


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
        self.log.games.remember(self.table_id, command.sender, command.command_id, reply)

    async def load(self) -> Loaded[Game]:
        """The game as the log holds it: the cached fold as it is when it is the log's
        (caught up while this instance owned the table's partition), else caught up from
        the log; with the command's first answer when the game holds its events, and its
        remembered refusal."""
        games, command = self.log.games, self.command
        self.cached = self.table_id in games.trusted
        game = await games.load(self.table_id, owns=self.log.owns)
        self.refusal = await games.refusal(
            self.table_id, command.sender, command.command_id, fresh=not self.cached
        )
        effect = game.commands.get((command.sender, command.command_id))
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
