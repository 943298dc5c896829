"""The engine's command log (the command path's port): a game held by its table session,
loaded from the cache, appended through the appender and folded into the cache."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from president.command_path import Earlier, Loaded, Sent, accepted
from president.contract import Accepted
from president.game.fold import Game, appended
from president.game.refusal import Decided
from president.store import Appender, AppendResult, ConcurrencyConflict

from services.engine.mechanisms.cache import GameCache
from services.engine.mechanisms.sessions import TableSession, TableSessions

log = logging.getLogger(__name__)


class GameLog:
    """Game streams for the command path (the caller holds the game's cache lock)."""

    def __init__(
        self,
        games: GameCache,
        sessions: TableSessions,
        appender: Appender,
        appended_to: Callable[[Game], None] | None = None,
    ):
        """``appended_to(game)``: told of the cached fold after each append (the turn clock
        sets the new deadlines' alarms without waiting for the relayed events)."""
        self.games = games
        self.sessions = sessions
        self.appender = appender
        self.appended_to = appended_to

    @asynccontextmanager
    async def hold(self, command: Sent) -> AsyncIterator[HeldGame]:
        table_id = command.table_id
        async with self.sessions.hold(table_id, command.command_id, command.sender) as session:
            yield HeldGame(self, command, table_id, session, session.rejection)


@dataclass
class HeldGame:
    """One game held for one decision of one command."""

    log: GameLog
    command: Sent
    table_id: str
    session: TableSession
    rejection: dict[str, Any] | None
    """The session's, read as the table is taken (the table held, it stays true)."""

    async def remember(self, reply: dict[str, Any]) -> None:
        await self.session.remember(reply)

    async def load(self) -> Loaded[Game]:
        game = await self.log.games.load(self.table_id, at_least=self.session.head_version)
        effect = game.commands.get((self.command.sender, self.command.command_id))
        if effect is None:
            return Loaded(game, game.version)
        first, last = effect.first_version, effect.last_version
        result = AppendResult(self.command.stream_id, first, last, effect.positions, True)
        earlier = Earlier(accepted(self.command.command_id, result), effect.fingerprint)
        return Loaded(game, game.version, earlier)

    async def append(self, loaded: Loaded[Game], decided: Decided) -> Accepted:
        game, command, games, events = loaded.state, self.command, self.log.games, decided.events
        if not events:  # what the command says is so already: nothing to write
            return Accepted(
                command_id=command.command_id,
                stream_id=command.stream_id,
                first_version=game.version,
                last_version=game.version,
                duplicate=True,
            )
        try:
            result = await self.log.appender.append(
                command.stream_id,
                events,
                expected_version=game.version,
                command_id=command.command_id,
                sender=command.sender,
            )
        except ConcurrencyConflict:
            log.info("table %s: appended to meanwhile; reloading", game.table_id)
            games.forget(game.table_id)
            raise
        if result.duplicate:  # the log knew this command: our fold was behind
            games.forget(game.table_id)
        else:  # folded only once committed: the cache never runs ahead of the log
            folded = appended(events, result.first_version, result.positions)
            games.fold(game.table_id, folded, after=decided.after)
            if self.log.appended_to is not None and game.version == result.last_version:
                self.log.appended_to(game)  # the cached fold, caught up with this append
            for event in events:
                if event.type == "GameEnded":
                    self.log.sessions.finished(game.table_id)  # over: the lease goes too
                    break
        return accepted(command.command_id, result)
