"""The engine's steps of the command cycle (``president.commands.CommandCycle``).

A command holds its table (a session: leased, or the game stream held through the
store) for one decision, decides on the cached fold caught up to the session's head
(the log's latest before a refusal), appends through the appender (group commit) and
folds what it appended into the cache once committed. A lost race forgets the cached
game and decides again, 3 times at most.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from president.commands import CommandCycle, Identified, accepted, rejection
from president.contract import Accepted, GameAction, Rejected, RejectionCode, stream_id_of_game
from president.game import Game, NewSeed, Refusal, appended, decide_action
from president.store import AppendResult, NewEvent

from services.engine.cache import GameCache
from services.engine.ports import Appender, TableSession, TableSessions

log = logging.getLogger(__name__)


@dataclass
class _HeldGame:
    """A game held by a table session for one decision (:class:`Held` of the cycle)."""

    games: GameCache
    table_id: str
    session: TableSession

    @property
    def rejection(self) -> dict[str, Any] | None:
        return self.session.rejection

    async def remember(self, reply: dict[str, Any]) -> None:
        await self.session.remember(reply)

    async def load(self, *, latest: bool) -> Game:
        if latest:
            return await self.games.load(self.table_id)
        return await self.games.load(self.table_id, at_least=self.session.head_version)


class GameCommands(CommandCycle[GameAction, Game]):
    """The engine's steps of the command cycle (the caller holds the game's cache lock)."""

    attempts = 3

    def __init__(
        self,
        games: GameCache,
        sessions: TableSessions,
        appender: Appender,
        new_seed: NewSeed,
        *,
        check_seat: Callable[[Game, int, str], Awaitable[Refusal | None]],
    ):
        self._games = games
        self._sessions = sessions
        self._appender = appender
        self._new_seed = new_seed
        self._check_seat = check_seat

    def identify(self, command: GameAction) -> Identified:
        stream_id = stream_id_of_game(command.table_id)
        return Identified(stream_id, command.command_id, command.expected_version)

    @asynccontextmanager
    async def hold(self, command: Identified) -> AsyncIterator[_HeldGame]:
        table_id = command.stream_id.removeprefix("game-")
        async with self._sessions.hold(table_id, command.command_id) as session:
            yield _HeldGame(self._games, table_id, session)

    def version(self, state: Game) -> int:
        return state.version

    async def admit(self, command: GameAction, state: Game) -> Refusal | None:
        return await self._check_seat(state, command.seat, command.seat_token)

    def earlier(self, command: Identified, state: Game) -> Accepted | None:
        effect = state.commands.get(command.command_id)
        if effect is None:
            return None
        first, last, positions = effect.first_version, effect.last_version, effect.positions
        result = AppendResult(command.stream_id, first, last, positions, duplicate=True)
        return accepted(command.command_id, result)

    def decide(self, command: GameAction, state: Game) -> list[NewEvent] | Refusal:
        return decide_action(state, command, self._new_seed)

    async def append(
        self, command: Identified, state: Game, events: Sequence[NewEvent]
    ) -> Accepted:
        result = await self._appender.append(
            command.stream_id, events, expected_version=state.version, command_id=command.command_id
        )
        if result.duplicate:  # the log knew this command: our fold was behind
            self._games.forget(state.table_id)
        else:  # folded only once committed: the cache never runs ahead of the log
            self._games.fold(
                state.table_id, appended(events, result.first_version, result.positions)
            )
            if any(event.type == "GameEnded" for event in events):
                # Over: the cache dropped the game in its fold; the lease goes too.
                self._sessions.finished(state.table_id)
        return accepted(command.command_id, result)

    def lost_race(self, command: Identified) -> None:
        table_id = command.stream_id.removeprefix("game-")
        log.info("table %s: appended to meanwhile; reloading", table_id)
        self._games.forget(table_id)

    def too_busy(self, command: Identified) -> Rejected:
        return rejection(command.command_id, RejectionCode.INTERNAL_ERROR, "table too busy")
