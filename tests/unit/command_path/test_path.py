"""The command path on a stream of counted events, in the in-memory store."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from president.bus.identity import Requester
from president.command_path import Earlier, Loaded, Sent, accepted, execute
from president.command_path import sent as path_sent
from president.contract import Accepted, Rejected, RejectionCode
from president.game.decide import Decided
from president.rules import Refusal
from president.store import ConcurrencyConflict, NewEvent, RecordedEvent, StreamHold
from president.store.memory import InMemoryEventStore
from pydantic import BaseModel

STREAM = "count-1"
Events = list[RecordedEvent]


@dataclass
class Counts:
    """A :class:`CommandLog` of counted events; ``races`` appends are beaten by another writer."""

    store: InMemoryEventStore = field(default_factory=InMemoryEventStore)
    races: int = 0
    holds: int = 0

    @asynccontextmanager
    async def hold(self, command: Sent) -> AsyncIterator[HeldCounts]:
        self.holds += 1
        async with self.store.hold(STREAM, command.command_id, sender=command.sender) as held:
            yield HeldCounts(self, command, held)


@dataclass
class HeldCounts:
    counts: Counts
    command: Sent
    hold: StreamHold

    @property
    def refusal(self) -> dict[str, object] | None:
        return self.hold.refusal

    async def remember(self, reply: dict[str, object]) -> None:
        await self.hold.remember(reply)

    async def confirm(self, loaded: Loaded[Events]) -> bool:
        return True

    async def load(self) -> Loaded[Events]:
        events = await self.counts.store.read_stream(STREAM)
        done = [e for e in events if e.metadata.get("command_id") == self.command.command_id]
        if not done:
            return Loaded(events, len(events))
        first = Accepted(
            command_id=self.command.command_id,
            stream_id=STREAM,
            first_version=done[0].version,
            last_version=done[-1].version,
            positions=[e.position for e in done],
            duplicate=True,
        )
        return Loaded(events, len(events), Earlier.of(first, done[0].metadata))

    async def append(self, loaded: Loaded[Events], decided: Decided) -> Accepted:
        store, events = self.counts.store, decided.events
        if self.counts.races:
            self.counts.races -= 1
            await store.append(STREAM, [NewEvent("Counted", {"n": 0})], expected_version=None)
            raise ConcurrencyConflict(STREAM, loaded.version, loaded.version + 1)
        result = await store.append(
            STREAM, events, expected_version=loaded.version, command_id=self.command.command_id
        )
        return accepted(self.command.command_id, result)


def count(limit: int = 100) -> Callable[[Events], list[NewEvent] | Refusal]:
    """Count once more, unless the count reached ``limit`` (a final refusal)."""

    def decide(events: Events) -> list[NewEvent] | Refusal:
        if len(events) >= limit:
            return Refusal(RejectionCode.INVALID_OPTIONS, "counted enough", final=True)
        return [NewEvent("Counted", {"n": len(events) + 1})]

    return decide


class Says(BaseModel):
    """A command that says ``text`` (its fingerprint is that of what it says)."""

    text: str
    command_id: str = ""


def sent(command_id: str, expected_version: int | None = None, says: str | None = None) -> Sent:
    said = None if says is None else Says(text=says)
    alice = Requester("alice")
    return path_sent("1", STREAM, command_id, alice, said=said, expected_version=expected_version)


async def test_a_command_is_appended_once_and_its_repeat_gets_the_first_reply() -> None:
    log = Counts()

    first = await execute(sent("c1"), log, count())
    again = await execute(sent("c1"), log, count())

    assert isinstance(first, Accepted) and not first.duplicate
    assert isinstance(again, Accepted) and again.duplicate
    assert (again.first_version, again.positions) == (first.first_version, first.positions)
    assert len(await log.store.read_stream(STREAM)) == 1


async def test_the_events_record_who_sent_the_command_and_what_it_said() -> None:
    log = Counts()

    await execute(sent("c1", says="abc"), log, count())

    [event] = await log.store.read_stream(STREAM)
    assert event.metadata["requested_by"] == "alice"
    fingerprint = event.metadata["command_fingerprint"]
    said = "command_fingerprint"
    assert (
        fingerprint
        == sent("c2", says="abc").recorded[said]
        != sent("c1", says="abd").recorded[said]
    )
    assert len(fingerprint) == 64


async def test_the_same_id_with_another_command_is_refused_and_changes_nothing() -> None:
    log = Counts()
    await execute(sent("c1", says="abc"), log, count())

    reused = await execute(sent("c1", says="xyz"), log, count())

    assert isinstance(reused, Rejected) and reused.code is RejectionCode.COMMAND_ID_REUSED
    assert len(await log.store.read_stream(STREAM)) == 1


async def test_a_lost_race_is_decided_again_on_the_new_state() -> None:
    log = Counts(races=2)

    reply = await execute(sent("c1"), log, count())

    assert isinstance(reply, Accepted) and reply.first_version == 3
    assert log.holds == 3


async def test_a_stream_that_keeps_moving_gets_the_busy_reply() -> None:
    log = Counts(races=3)

    reply = await execute(
        sent("c1"), log, count(), attempts=3, busy=Refusal(RejectionCode.STALE_VERSION, "too busy")
    )

    assert isinstance(reply, Rejected) and reply.detail == "too busy"
    assert reply.code is RejectionCode.STALE_VERSION
    assert log.holds == 3


async def test_a_final_refusal_is_remembered_even_once_the_stream_changed() -> None:
    log = Counts()
    await execute(sent("c1"), log, count())

    refused = await execute(sent("c2"), log, count(limit=1))
    await execute(sent("c3"), log, count())
    again = await execute(sent("c2"), log, count(limit=5))

    assert isinstance(refused, Rejected) and refused.code is RejectionCode.INVALID_OPTIONS
    assert again == refused
    assert len(await log.store.read_stream(STREAM)) == 2


async def test_a_refusal_that_is_not_final_is_not_remembered() -> None:
    log = Counts()

    def not_yet(events: Events) -> list[NewEvent] | Refusal:
        return Refusal(RejectionCode.GAME_NOT_STARTED, "later")

    refused = await execute(sent("c1"), log, not_yet)
    later = await execute(sent("c1"), log, count())

    assert isinstance(refused, Rejected) and refused.code is RejectionCode.GAME_NOT_STARTED
    assert isinstance(later, Accepted)


async def test_the_services_refusal_of_a_stale_command_is_asked_for_it_alone() -> None:
    log = Counts()
    asked: list[int] = []

    def late(events: Events) -> Refusal:
        asked.append(len(events))
        return Refusal(RejectionCode.TURN_TIMED_OUT, "late", final=True)

    first = await execute(sent("c1", expected_version=0), log, count(), stale=late)
    refused = await execute(sent("c2", expected_version=0), log, count(), stale=late)
    again = await execute(sent("c1", expected_version=0), log, count(), stale=late)
    remembered = await execute(sent("c2", expected_version=0), log, count(), stale=late)

    assert isinstance(first, Accepted) and isinstance(again, Accepted) and again.duplicate
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.TURN_TIMED_OUT
    assert remembered == refused  # the first answers again: not asked
    assert asked == [1]  # the stale command's first time alone


async def test_a_stale_expected_version_is_refused_and_remembered() -> None:
    log = Counts()
    await execute(sent("c1"), log, count())

    stale = await execute(sent("c2", expected_version=0), log, count())
    await execute(sent("c3"), log, count())
    again = await execute(sent("c2", expected_version=2), log, count())

    assert isinstance(stale, Rejected) and stale.code is RejectionCode.STALE_VERSION
    assert stale.params == {"expected": 0, "current": 1}
    assert again == stale
    assert len(await log.store.read_stream(STREAM)) == 2
