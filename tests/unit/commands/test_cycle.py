"""The command cycle on a stream of counted events, in the in-memory store."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

from president.commands import CommandCycle, Earlier, Identified, accepted, rejection
from president.contract import Accepted, Rejected, RejectionCode
from president.game import Refusal
from president.store import ConcurrencyConflict, NewEvent, RecordedEvent, StreamHold
from president.store.memory import InMemoryEventStore

STREAM = "count-1"


@dataclass(frozen=True)
class Count:
    """Count once more, unless the count reached ``limit`` (a final refusal)."""

    command_id: str
    limit: int = 100
    expected_version: int | None = None


@dataclass
class _Held:
    store: InMemoryEventStore
    hold: StreamHold
    loads: list[bool]

    @property
    def rejection(self) -> dict[str, object] | None:
        return self.hold.rejection

    async def remember(self, reply: dict[str, object]) -> None:
        await self.hold.remember(reply)

    async def load(self, *, latest: bool) -> list[RecordedEvent]:
        self.loads.append(latest)
        return await self.store.read_stream(STREAM)


class Counter(CommandCycle[Count, list[RecordedEvent]]):
    attempts = 3

    def __init__(self, store: InMemoryEventStore, *, races: int = 0):
        self.store = store
        self.races = races
        self.loads: list[bool] = []
        self.lost: int = 0

    def identify(self, command: Count) -> Identified:
        return Identified(STREAM, command.command_id, command.expected_version)

    @asynccontextmanager
    async def hold(self, command: Identified) -> AsyncIterator[_Held]:
        async with self.store.hold(command.stream_id, command.command_id) as held:
            yield _Held(self.store, held, self.loads)

    def version(self, state: list[RecordedEvent]) -> int:
        return len(state)

    def earlier(self, command: Identified, state: list[RecordedEvent]) -> Earlier | None:
        done = [e for e in state if e.metadata.get("command_id") == command.command_id]
        if not done:
            return None
        return Earlier.of(self._first(command, done), done[0].metadata)

    def _first(self, command: Identified, done: list[RecordedEvent]) -> Accepted:
        return Accepted(
            command_id=command.command_id,
            stream_id=STREAM,
            first_version=done[0].version,
            last_version=done[-1].version,
            positions=[e.position for e in done],
            duplicate=True,
        )

    def decide(self, command: Count, state: list[RecordedEvent]) -> list[NewEvent] | Refusal:
        if len(state) >= command.limit:
            return Refusal(RejectionCode.INVALID_OPTIONS, "counted enough", final=True)
        return [NewEvent("Counted", {"n": len(state) + 1})]

    async def append(
        self, command: Identified, state: list[RecordedEvent], events: Sequence[NewEvent]
    ) -> Accepted:
        if self.races:
            self.races -= 1
            await self.store.append(STREAM, [NewEvent("Counted", {"n": 0})], expected_version=None)
            raise ConcurrencyConflict(STREAM, len(state), len(state) + 1)
        result = await self.store.append(
            STREAM, events, expected_version=len(state), command_id=command.command_id
        )
        return accepted(command.command_id, result)

    def lost_race(self, command: Identified) -> None:
        self.lost += 1

    def too_busy(self, command: Identified) -> Rejected:
        return rejection(command.command_id, RejectionCode.INTERNAL_ERROR, "too busy")


async def test_a_command_is_appended_once_and_its_repeat_gets_the_first_reply() -> None:
    cycle = Counter(InMemoryEventStore())

    first = await cycle.execute(Count("c1"))
    again = await cycle.execute(Count("c1"))

    assert isinstance(first, Accepted) and not first.duplicate
    assert isinstance(again, Accepted) and again.duplicate
    assert (again.first_version, again.positions) == (first.first_version, first.positions)
    assert len(await cycle.store.read_stream(STREAM)) == 1


async def test_a_lost_race_is_decided_again_on_the_new_state() -> None:
    cycle = Counter(InMemoryEventStore(), races=2)

    reply = await cycle.execute(Count("c1"))

    assert isinstance(reply, Accepted) and reply.first_version == 3
    assert cycle.lost == 2


async def test_a_stream_that_keeps_moving_gets_the_too_busy_reply() -> None:
    cycle = Counter(InMemoryEventStore(), races=3)

    reply = await cycle.execute(Count("c1"))

    assert isinstance(reply, Rejected) and reply.detail == "too busy"
    assert cycle.lost == 3


async def test_a_final_refusal_is_remembered_even_once_the_stream_changed() -> None:
    cycle = Counter(InMemoryEventStore())
    await cycle.execute(Count("c1"))

    refused = await cycle.execute(Count("c2", limit=1))
    loads = list(cycle.loads)
    await cycle.execute(Count("c3"))
    again = await cycle.execute(Count("c2", limit=5))

    assert isinstance(refused, Rejected) and refused.code is RejectionCode.INVALID_OPTIONS
    assert again == refused
    assert loads == [False, False, True]  # refused only after a load of the latest


async def test_a_stale_expected_version_is_refused_and_remembered() -> None:
    cycle = Counter(InMemoryEventStore())
    await cycle.execute(Count("c1"))

    stale = await cycle.execute(Count("c2", expected_version=0))
    await cycle.execute(Count("c3"))
    again = await cycle.execute(Count("c2", expected_version=2))

    assert isinstance(stale, Rejected) and stale.code is RejectionCode.STALE_VERSION
    assert again == stale
    assert len(await cycle.store.read_stream(STREAM)) == 2
