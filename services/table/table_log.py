"""The table service's command log (the command path's port): a table stream held through
the store, read afresh and folded for each decision (table streams are short)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from president.command_path import Earlier, Loaded, Sent, accepted
from president.command_path.path import again, sender_of
from president.contract import Accepted, Rejected
from president.game import TableState, fold_table
from president.game.decide import Decided
from president.store import AppendResult, EventStore, RecordedEvent, StreamHold


class TableLog:
    """Table streams for the command path."""

    def __init__(self, store: EventStore):
        self.store = store

    @asynccontextmanager
    async def hold(self, command: Sent) -> AsyncIterator[HeldTable]:
        stream_id, sender = command.stream_id, command.sender
        async with self.store.hold(stream_id, command.command_id, sender=sender) as hold:
            yield HeldTable(self.store, command, hold)


@dataclass
class HeldTable:
    """One table stream held for one decision of one command."""

    store: EventStore
    command: Sent
    hold: StreamHold

    @property
    def refusal(self) -> dict[str, Any] | None:
        return self.hold.refusal

    async def remember(self, reply: dict[str, Any]) -> None:
        await self.hold.remember(reply)

    async def confirm(self, loaded: Loaded[TableState]) -> bool:
        return True  # read under the hold: nobody else writes the stream meanwhile

    async def load(self) -> Loaded[TableState]:
        events = await self.store.read_stream(self.command.stream_id)
        state = fold_table(self.command.table_id, events)
        done = [e for e in events if _sent_by(e, self.command)]
        return Loaded(state, state.version, _first_answer(self.command, done) if done else None)

    async def append(self, loaded: Loaded[TableState], decided: Decided) -> Accepted | Rejected:
        command, events = self.command, decided.events
        result = await self.store.append(
            command.stream_id,
            events,
            expected_version=loaded.version,
            command_id=command.command_id,
            sender=command.sender,
        )
        if result.duplicate:  # the same command, decided elsewhere (the store's own check)
            recorded = await self.store.read_stream(command.stream_id, result.first_version)
            written = [e for e in recorded if e.version <= result.last_version]
            return again(command, _first_answer(command, written))
        single = [(e.type, e.data) for e in events] if len(events) == 1 else []
        return accepted(
            command.command_id, result, table_id=command.table_id, seat=_seat_of(single)
        )


def _sent_by(event: RecordedEvent, command: Sent) -> bool:
    meta = event.metadata
    return meta.get("command_id") == command.command_id and sender_of(meta) == command.sender


def _first_answer(command: Sent, done: Sequence[RecordedEvent]) -> Earlier:
    """The first answer of the sender's command, with what it said."""
    first, last = done[0], done[-1]
    positions = tuple(e.position for e in done)
    result = AppendResult(first.stream_id, first.version, last.version, positions, True)
    single = [(first.type, first.data)] if len(done) == 1 else []
    reply = accepted(command.command_id, result, table_id=command.table_id, seat=_seat_of(single))
    return Earlier.of(reply, first.metadata)


def _seat_of(facts: Sequence[tuple[str, Mapping[str, Any]]]) -> int | None:
    for event_type, data in facts:
        seat = data.get("seat")
        if event_type in ("SeatTaken", "AISeated") and isinstance(seat, int):
            return seat
    return None
