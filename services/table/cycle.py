"""The table service's steps of the command cycle (``president.commands.CommandCycle``).

Each decision holds its command id (``RejectionMemory.deciding``), so copies of one
command sent at once are decided one after the other, and reads the table's stream afresh
(table streams are short). Not remembered: UNKNOWN_TABLE (the table may be created
later), the answer to a table that kept changing under every attempt ("try again"), and
COMMAND_ID_REUSED (a reuse with another command must not become the first one's answer).
A command id is its sender's: another identity's command of the same id is decided on
its own.
The events record who sent the command and what it said (``requested_by``,
``requested_by_role``, ``command_fingerprint``: ``president.commands.Identified.sent``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from president.bus.identity import Requester
from president.commands import (
    CommandCycle,
    Earlier,
    Identified,
    accepted,
    identified,
    rejection,
    sender_of,
)
from president.contract import (
    Accepted,
    CreateTable,
    Rejected,
    RejectionCode,
    SeatAI,
    StartGame,
    TakeSeat,
    stream_id_of_table,
)
from president.contract.subjects import table_of_stream
from president.game import Fact, Refusal, TableState, fold_table, metadata
from president.store import AppendResult, EventStore, NewEvent, RecordedEvent
from president.store.rejections import Deciding, RejectionMemory

ATTEMPTS = 5
Decide = Callable[[TableState], list[Fact] | Refusal]
Writing = CreateTable | TakeSeat | SeatAI | StartGame


@dataclass(frozen=True)
class TableRequest:
    """A table command with the decision it asks for."""

    table_id: str
    command: Writing
    decide: Decide
    requester: Requester | None = None
    """The NATS identity that sent it (``president.bus.identity``), recorded with its events."""


@dataclass(frozen=True)
class _Read:
    """A table stream as read for one decision, and its fold."""

    events: list[RecordedEvent]
    state: TableState


@dataclass
class _HeldTable:
    """A table stream for one decision: its command id held (:class:`Held` of the cycle).

    Every read is fresh, so the first load is already the latest."""

    store: EventStore
    deciding: Deciding
    table_id: str
    read: _Read | None = None

    @property
    def rejection(self) -> dict[str, Any] | None:
        return self.deciding.rejection

    async def remember(self, reply: dict[str, Any]) -> None:
        await self.deciding.remember(reply)

    async def load(self, *, latest: bool) -> _Read:
        if self.read is None:
            events = await self.store.read_stream(stream_id_of_table(self.table_id))
            self.read = _Read(events, fold_table(self.table_id, events))
        return self.read


class TableCommands(CommandCycle[TableRequest, _Read]):
    """The table service's steps of the command cycle."""

    attempts = ATTEMPTS

    def __init__(self, store: EventStore, rejections: RejectionMemory, actor: str):
        self._store = store
        self._rejections = rejections
        self._actor = actor

    def identify(self, command: TableRequest) -> Identified:
        sent = command.command
        stream_id = stream_id_of_table(command.table_id)
        return identified(
            stream_id, sent, sent.command_id, sent.expected_version, command.requester
        )

    @asynccontextmanager
    async def hold(self, command: Identified) -> AsyncIterator[_HeldTable]:
        async with self._rejections.deciding(
            command.stream_id, command.command_id, command.sender
        ) as deciding:
            yield _HeldTable(self._store, deciding, _table_id(command))

    def version(self, state: _Read) -> int:
        return state.state.version

    def earlier(self, command: Identified, state: _Read) -> Earlier | None:
        done = [
            e
            for e in state.events
            if e.metadata.get("command_id") == command.command_id
            and sender_of(e.metadata) == command.sender
        ]
        if not done:
            return None
        return _first_answer(command, done)

    def decide(self, command: TableRequest, state: _Read) -> list[NewEvent] | Refusal:
        outcome = command.decide(state.state)
        if isinstance(outcome, Refusal):
            return outcome
        meta = metadata(
            command.command.command_id, correlation_id=command.command.command_id, actor=self._actor
        )
        meta.update(self.identify(command).sent())
        return [NewEvent(type=fact.type, data=fact.data, metadata=meta) for fact in outcome]

    async def append(
        self, command: Identified, state: _Read, events: Sequence[NewEvent]
    ) -> Accepted | Rejected:
        result = await self._store.append(
            command.stream_id,
            events,
            expected_version=state.state.version,
            command_id=command.command_id,
            sender=command.sender,
        )
        table_id = _table_id(command)
        if result.duplicate:  # the same command, decided elsewhere (the store's own check)
            recorded = await self._store.read_stream(command.stream_id, result.first_version)
            written = [e for e in recorded if e.version <= result.last_version]
            return self._again(command, _first_answer(command, written))
        return _accepted_result(command.command_id, table_id, result, events)

    def too_busy(self, command: Identified) -> Rejected:
        detail = f"table {_table_id(command)} kept changing; try again"
        return rejection(command.command_id, RejectionCode.STALE_VERSION, detail)


def _first_answer(command: Identified, done: Sequence[RecordedEvent]) -> Earlier:
    """The first answer of the sender's command, with what it said (the cycle gives it
    again only for the same command)."""
    reply = _accepted(command.command_id, _table_id(command), done, duplicate=True)
    return Earlier.of(reply, done[0].metadata)


def _table_id(command: Identified) -> str:
    return table_of_stream(command.stream_id)


def _seat_of(facts: Sequence[tuple[str, Mapping[str, Any]]]) -> int | None:
    for event_type, data in facts:
        seat = data.get("seat")
        if event_type in ("SeatTaken", "AISeated") and isinstance(seat, int):
            return seat
    return None


def _accepted(
    command_id: str, table_id: str, events: Sequence[RecordedEvent], *, duplicate: bool
) -> Accepted:
    first, last = events[0], events[-1]
    positions = tuple(e.position for e in events)
    result = AppendResult(first.stream_id, first.version, last.version, positions, duplicate)
    single = [(first.type, first.data)] if len(events) == 1 else []
    return accepted(command_id, result, table_id=table_id, seat=_seat_of(single))


def _accepted_result(
    command_id: str, table_id: str, result: AppendResult, events: Sequence[NewEvent]
) -> Accepted:
    single = [(e.type, e.data) for e in events] if len(events) == 1 else []
    return accepted(command_id, result, table_id=table_id, seat=_seat_of(single))
