"""The engine's steps of the command cycle (``president.commands.CommandCycle``).

A command holds its table (a session: leased, or the game stream held through the
store) for one decision, decides on the cached fold caught up to the session's head
(the log's latest before a refusal), appends through the appender (group commit) and
folds what it appended into the cache once committed. A lost race forgets the cached
game and decides again, 3 times at most.

Besides the seats' commands (actions, Leave/Away/Back), the engine's own takeovers run
through the same cycle: a :class:`TakeOver` of a turn whose deadline passed, with the
deterministic command id ``timeout:...`` (or ``takeover:...``), so a turn is timed out
once however many engines try, and the expected version is the backstop.

The events record who sent the command and what it said (``president.commands.Identified.
sent``): a seat's own client (its integrator), an AI worker, or the engine itself for a
takeover. Command ids are the sender's own (the same id from another identity is another
command); the same id with another command is ``COMMAND_ID_REUSED``. The seat's token
and who may act for the seat (``president.game.seats``) are checked first.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from president.bus.identity import Requester
from president.clock import Clock
from president.commands import CommandCycle, Earlier, Identified, accepted, identified, rejection
from president.contract import (
    Accepted,
    Away,
    Back,
    GameWrite,
    Leave,
    Rejected,
    RejectionCode,
    stream_id_of_game,
)
from president.contract.subjects import table_of_stream
from president.game import (
    Choose,
    Game,
    NewSeed,
    Refusal,
    appended,
    decide_action,
    decide_presence,
    decide_takeover,
    late_action,
)
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


@dataclass(frozen=True)
class GameRequest:
    """A seat's command with the identity that sent it (``president.bus.identity``)."""

    action: GameWrite
    requester: Requester | None = None


ENGINE = Requester("engine")
"""Who a takeover is recorded as sent by: the engine itself."""


@dataclass(frozen=True)
class TakeOver:
    """The engine's own command: play ``seat``'s turn (due since ``turn_version``) with the
    takeover level, its deadline having passed (or the seat being away or left)."""

    table_id: str
    seat: int
    turn_version: int
    command_id: str
    choose_for: Callable[[str], Choose]
    """The takeover level's choice, by level (the table's option)."""


class GameCommands(CommandCycle[GameRequest | TakeOver, Game]):
    """The engine's steps of the command cycle (the caller holds the game's cache lock)."""

    attempts = 3

    def __init__(
        self,
        games: GameCache,
        sessions: TableSessions,
        appender: Appender,
        new_seed: NewSeed,
        *,
        check_seat: Callable[[Game, int, str, Requester | None], Awaitable[Refusal | None]],
        clock: Clock,
        appended_to: Callable[[Game], None] | None = None,
    ):
        """``appended_to(game)``: told of the cached fold after each append of this
        instance (the turn clock sets the new deadlines' alarms without waiting for the
        relayed events)."""
        self._games = games
        self._sessions = sessions
        self._appender = appender
        self._new_seed = new_seed
        self._check_seat = check_seat
        self._clock = clock
        self._appended_to = appended_to

    def identify(self, command: GameRequest | TakeOver) -> Identified:
        if isinstance(command, TakeOver):
            stream_id = stream_id_of_game(command.table_id)
            return Identified(
                stream_id, command.command_id, requester=ENGINE.user, requester_role=ENGINE.role
            )
        action = command.action
        stream_id = stream_id_of_game(action.table_id)
        return identified(
            stream_id, action, action.command_id, action.expected_version, command.requester
        )

    @asynccontextmanager
    async def hold(self, command: Identified) -> AsyncIterator[_HeldGame]:
        table_id = table_of_stream(command.stream_id)
        async with self._sessions.hold(table_id, command.command_id, command.sender) as session:
            yield _HeldGame(self._games, table_id, session)

    def version(self, state: Game) -> int:
        return state.version

    async def admit(self, request: GameRequest | TakeOver, state: Game) -> Refusal | None:
        if isinstance(request, TakeOver):
            return None
        command = request.action
        refused = await self._check_seat(state, command.seat, command.seat_token, request.requester)
        action = not isinstance(command, Leave | Away | Back)
        sent_before = (request.requester.user if request.requester else "", command.command_id)
        if refused is None and action and sent_before not in state.commands:
            # before the expected-version check: a late action is told why it is stale
            refused = late_action(state, command.seat, command.expected_version)
        return refused

    def earlier(self, command: Identified, state: Game) -> Earlier | None:
        effect = state.commands.get((command.sender, command.command_id))
        if effect is None:
            return None
        first, last, positions = effect.first_version, effect.last_version, effect.positions
        result = AppendResult(command.stream_id, first, last, positions, duplicate=True)
        return Earlier(accepted(command.command_id, result), effect.fingerprint)

    def decide(self, request: GameRequest | TakeOver, state: Game) -> list[NewEvent] | Refusal:
        decided = self._decide(request, state)
        if isinstance(decided, Refusal):
            return decided
        sent = self.identify(request).sent()
        return [replace(event, metadata={**event.metadata, **sent}) for event in decided]

    def _decide(self, command: GameRequest | TakeOver, state: Game) -> list[NewEvent] | Refusal:
        now = self._clock.now()
        if isinstance(command, TakeOver):
            level = "easy" if state.created is None else state.created.options.takeover_level
            return decide_takeover(
                state,
                command.seat,
                command.turn_version,
                now=now,
                choose=command.choose_for(level),
                command_id=command.command_id,
                level=level,
                new_seed=self._new_seed,
            )
        action = command.action
        if isinstance(action, Leave | Away | Back):
            return decide_presence(state, action, now=now)
        return decide_action(state, action, self._new_seed, now=now)

    async def append(
        self, command: Identified, state: Game, events: Sequence[NewEvent]
    ) -> Accepted:
        if not events:  # what the command says is so already: nothing to write
            version = state.version
            return Accepted(
                command_id=command.command_id,
                stream_id=command.stream_id,
                first_version=version,
                last_version=version,
                duplicate=True,
            )
        result = await self._appender.append(
            command.stream_id,
            events,
            expected_version=state.version,
            command_id=command.command_id,
            sender=command.sender,
        )
        if result.duplicate:  # the log knew this command: our fold was behind
            self._games.forget(state.table_id)
        else:  # folded only once committed: the cache never runs ahead of the log
            self._games.fold(
                state.table_id, appended(events, result.first_version, result.positions)
            )
            if self._appended_to is not None and state.version == result.last_version:
                self._appended_to(state)  # the cached fold, caught up with this append
            if any(event.type == "GameEnded" for event in events):
                # Over: the cache dropped the game in its fold; the lease goes too.
                self._sessions.finished(state.table_id)
        return accepted(command.command_id, result)

    def lost_race(self, command: Identified) -> None:
        table_id = table_of_stream(command.stream_id)
        log.info("table %s: appended to meanwhile; reloading", table_id)
        self._games.forget(table_id)

    def too_busy(self, command: Identified) -> Rejected:
        return rejection(command.command_id, RejectionCode.INTERNAL_ERROR, "table too busy")
