"""The relay in-process (``Relay.run_once`` / ``Relay.run``) against real servers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import asyncpg
import nats
import pytest
from nats.js.api import StreamConfig
from president.bus.streams import StreamMismatch
from president.store import NewEvent, RecordedEvent
from president.store.postgres import PostgresEventStore

from services.relay import Outgoing, Relay, RelayOptions, StreamSpec
from services.relay.envelope import plan
from services.relay.lease import LeaseLost, LeaseTiming, RelayLease
from services.relay.publisher import JetStreamPublisher
from tests.support.relay_events import recorded
from tests.support.waiting import eventually

from .checks import assert_holds_log_exactly_once, logged_events
from .conftest import Names
from .jetstream import read_stream, read_stream_or_none, wait_for_messages
from .log import append_events

STREAMS = ["table-a", "table-b", "game-a"]


@pytest.fixture
def make_relay(log_url: str, nats_url: str, names: Names) -> Callable[..., Relay]:
    def make(**options: Any) -> Relay:
        return Relay(
            log_url,
            nats_url,
            names.stream,
            route=names.raw.route,
            subjects=names.raw.subjects,
            prefix=names.prefix,
            options=RelayOptions(**options),
        )

    return make


@pytest.fixture
async def running(make_relay: Callable[..., Relay]) -> AsyncIterator[Callable[..., Relay]]:
    """Start relays with ``running(**options)``; they are stopped after the test."""
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []

    def start(**options: Any) -> Relay:
        relay = make_relay(**options)
        tasks.append(asyncio.create_task(relay.run(stop)))
        return relay

    yield start
    stop.set()
    async with asyncio.timeout(10):
        await asyncio.gather(*tasks)


async def test_run_once_publishes_every_committed_event_in_commit_order(
    make_relay: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    await append_events(log_url, STREAMS, 40)

    published = await make_relay(batch_size=25).run_once()

    assert published == 120
    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))
    assert (
        stored[0].subject
        == f"{names.prefix}.events.{stored[0].headers['President-Stream-Id']}.Counted"
    )


async def test_a_second_pass_publishes_only_what_was_appended_since(
    make_relay: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    await append_events(log_url, ["s1"], 10)
    relay = make_relay()
    await relay.run_once()
    await append_events(log_url, ["s2"], 5)

    assert await relay.run_once() == 5
    assert await relay.run_once() == 0
    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))


async def test_a_lost_checkpoint_republishes_nothing_even_past_the_duplicate_window(
    make_relay: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    await append_events(log_url, STREAMS, 10)
    await make_relay(duplicate_window=0.2).run_once()
    connection = await asyncpg.connect(log_url)
    await connection.execute("UPDATE relay_checkpoints SET position = 0")
    await connection.close()
    await asyncio.sleep(0.5)

    assert await make_relay(duplicate_window=0.2).run_once() == 0
    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))


async def test_an_event_cut_off_mid_way_gets_its_remaining_messages_only(
    log_url: str, nats_url: str, names: Names
) -> None:
    def three_parts(event: RecordedEvent) -> list[Outgoing]:
        subject = f"{names.prefix}.events.{event.stream_id}"
        return [Outgoing(subject, b"%d" % part, key=f"p{part}") for part in range(3)]

    await append_events(log_url, ["s"], 4)
    events = await logged_events(log_url)
    spec = StreamSpec(names.stream, [f"{names.prefix}.events.>"], duplicate_window=0.2)
    publisher = await JetStreamPublisher.connect(nats_url, spec)
    await publisher.ensure_stream()
    await publisher.publish(plan(events, three_parts)[:5])  # events 1 and 2 of 3 parts
    await publisher.close()
    await asyncio.sleep(0.5)  # past the duplicate window: only the resume point helps

    relay = Relay(
        log_url,
        nats_url,
        names.stream,
        route=three_parts,
        subjects=[f"{names.prefix}.events.>"],
        options=RelayOptions(duplicate_window=0.2),
    )
    await relay.run_once()

    stored = await read_stream(nats_url, names.stream)
    assert [m.headers["Nats-Msg-Id"] for m in stored] == [
        f"{event.event_id}.p{part}" for event in events for part in range(3)
    ]


async def test_a_stream_ending_with_an_event_the_log_lacks_falls_back_on_the_checkpoint(
    make_relay: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    await append_events(log_url, ["s"], 3)
    stranger = recorded("s", 2, 2)  # same position, another event: from another database
    spec = StreamSpec(names.stream, [f"{names.prefix}.events.>"])
    publisher = await JetStreamPublisher.connect(nats_url, spec)
    await publisher.ensure_stream()
    await publisher.publish(plan([stranger], lambda e: [Outgoing(f"{names.prefix}.events.s", b"")]))
    await publisher.close()

    assert await make_relay().run_once() == 3
    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored[1:], await logged_events(log_url))


async def test_a_running_relay_is_woken_by_the_stores_notification(
    running: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    running(poll_interval=60)
    await append_events(log_url, ["s"], 1)
    await wait_for_messages(nats_url, names.stream, 1, within=5)

    await append_events(log_url, ["t"], 2)

    await wait_for_messages(nats_url, names.stream, 3, within=2)


async def test_without_notifications_polling_alone_delivers(
    running: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    running(listen=False, poll_interval=0.1)

    await append_events(log_url, ["s"], 5)

    await wait_for_messages(nats_url, names.stream, 5, within=5)


async def test_two_running_relays_publish_each_event_once(
    running: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    running(poll_interval=0.1)
    running(poll_interval=0.1, lock_retry_interval=0.1)

    await append_events(log_url, STREAMS, 30)

    await wait_for_messages(nats_url, names.stream, 90, within=10)
    await asyncio.sleep(0.3)
    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))


async def test_a_relay_waiting_for_the_lock_stops_when_asked(
    log_url: str, nats_url: str, names: Names
) -> None:
    holder = await RelayLease.acquire(
        log_url, names.stream, holder="test", channel=None, stop=asyncio.Event()
    )
    assert holder is not None
    stop = asyncio.Event()
    waiting = asyncio.create_task(Relay(log_url, nats_url, names.stream).run(stop))
    await asyncio.sleep(0.3)

    stop.set()

    async with asyncio.timeout(5):
        await waiting
    await holder.close()
    assert await read_stream_or_none(nats_url, names.stream) is None


async def test_a_lease_taken_over_fences_the_old_holders_checkpoint_and_heartbeat(
    log_url: str, names: Names
) -> None:
    stop = asyncio.Event()
    timing = LeaseTiming(ttl=1.0, retry_interval=0.05)
    old = await RelayLease.acquire(
        log_url, names.stream, holder="old", channel=None, stop=stop, timing=timing
    )
    assert old is not None
    await old.save_checkpoint(5)
    # A frozen holder: its lease runs out unrenewed. Its statements wait meanwhile (its one
    # connection's lock held), else its heartbeat, alive in this process, renews the lease
    # between the expiry and the taking and the new holder waits for ever (seen under load).
    async with old._io:
        connection = await asyncpg.connect(log_url)
        try:
            await connection.execute("UPDATE relay_leases SET expires_at = clock_timestamp()")
        finally:
            await connection.close()
        new = await RelayLease.acquire(
            log_url, names.stream, holder="new", channel=None, stop=stop, timing=timing
        )
    assert new is not None
    assert new.epoch == old.epoch + 1

    with pytest.raises(LeaseLost):
        await old.save_checkpoint(9)
    async with asyncio.timeout(5):
        await old.lost.wait()  # and its next renewal is refused too
    with pytest.raises(LeaseLost):
        old.ensure_held()

    assert await new.load_checkpoint() == 5
    await new.save_checkpoint(7)
    assert await new.load_checkpoint() == 7
    await old.close()
    await new.close()


async def test_a_lease_handed_over_on_close_is_taken_at_once(log_url: str, names: Names) -> None:
    stop = asyncio.Event()
    timing = LeaseTiming(ttl=60.0, retry_interval=0.05)
    first = await RelayLease.acquire(
        log_url, names.stream, holder="first", channel=None, stop=stop, timing=timing
    )
    assert first is not None
    waiting = asyncio.create_task(
        RelayLease.acquire(
            log_url, names.stream, holder="second", channel=None, stop=stop, timing=timing
        )
    )
    await asyncio.sleep(0.2)
    assert not waiting.done()

    await first.close()

    async with asyncio.timeout(2):  # far below the lease's 60 s
        second = await waiting
    assert second is not None and second.epoch == first.epoch + 1
    await second.close()


async def _lose_stream(nats_url: str, stream: str, *, purge: bool) -> None:
    """What an operator may find: the stream purged, or deleted (and later recreated)."""
    client = await nats.connect(nats_url)
    try:
        if purge:
            await client.jetstream().purge_stream(stream)
        else:
            await client.jetstream().delete_stream(stream)
    finally:
        await client.close()


@pytest.mark.parametrize("purge", [False, True], ids=["deleted", "purged"])
async def test_the_log_is_republished_from_a_position_into_a_lost_stream(
    make_relay: Callable[..., Relay], log_url: str, nats_url: str, names: Names, purge: bool
) -> None:
    # A short duplicate window: a purged stream keeps refusing the ids it saw for that long.
    options = {"duplicate_window": 1.0, "retry_interval": 0.2}
    await append_events(log_url, STREAMS, 10)
    assert await make_relay(**options).run_once() == 30
    await _lose_stream(nats_url, names.stream, purge=purge)
    await append_events(log_url, ["table-c", "table-d", "game-b"], 2)

    # A plain relay resumes from its checkpoint: the lost events stay lost.
    assert await make_relay(**options).run_once() == 6
    assert len(await read_stream(nats_url, names.stream)) == 6
    await _lose_stream(nats_url, names.stream, purge=purge)

    assert await make_relay(**options).run_once(from_position=1) == 36

    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))
    assert await make_relay(**options).run_once() == 0


async def test_republishing_publishes_nothing_the_stream_holds_already(
    make_relay: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    await append_events(log_url, STREAMS, 10)
    assert await make_relay().run_once() == 30

    # The stream holds positions 1-30: asked from 11, nothing is repeated.
    assert await make_relay().run_once(from_position=11) == 0
    await append_events(log_url, ["table-c", "table-d", "game-b"], 1)
    assert await make_relay().run_once(from_position=11) == 3

    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))


async def test_a_stream_lost_from_a_position_on_is_republished_from_there(
    make_relay: Callable[..., Relay], log_url: str, nats_url: str, names: Names
) -> None:
    await append_events(log_url, STREAMS, 10)
    events = await logged_events(log_url)
    assert await make_relay(max_in_flight=5).run_once() == 30
    await _lose_stream(nats_url, names.stream, purge=False)
    # The operator restored the first 12 messages from elsewhere (here: published anew).
    spec = StreamSpec(names.stream, names.raw.subjects)
    publisher = await JetStreamPublisher.connect(nats_url, spec)
    await publisher.ensure_stream()
    await publisher.publish(plan(events[:12], names.raw.route))
    await publisher.close()

    assert await make_relay().run_once(from_position=13) == 18

    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, events)


async def test_a_relay_whose_stream_cannot_match_the_settings_refuses_to_run(
    make_relay: Callable[..., Relay], nats_url: str, names: Names
) -> None:
    client = await nats.connect(nats_url)
    try:  # the relay's stream, made by hand as a work queue
        await client.jetstream().add_stream(
            StreamConfig(name=names.stream, subjects=names.raw.subjects, retention="workqueue")
        )
    finally:
        await client.close()

    async with asyncio.timeout(10):
        with pytest.raises(StreamMismatch, match="retention"):
            await make_relay().run(asyncio.Event())


async def test_a_woken_relay_reads_the_commits_of_its_gather_time_at_once(
    running: Callable[..., Relay],
    log_url: str,
    nats_url: str,
    names: Names,
    caplog: pytest.LogCaptureFixture,
) -> None:
    running(poll_interval=60, gather=2.0)
    await append_events(log_url, ["s"], 1)
    await wait_for_messages(nats_url, names.stream, 1, within=10)
    caplog.set_level(logging.DEBUG, logger="services.relay.relay")
    async with await PostgresEventStore.connect(log_url, max_size=1) as store:
        positions = [  # five commits, five NOTIFYs, well within the gather time
            (
                await store.append(f"g-{n}", [NewEvent("Counted", {"n": 1})], expected_version=0)
            ).positions[0]
            for n in range(5)
        ]

    def reads() -> list[Any]:
        """The reads that published these (the first event's may log after the test saw
        it in the stream; each logs once its checkpoint is saved)."""
        logged = [r for r in caplog.records if "published up to position" in r.getMessage()]
        return [r.args for r in logged if isinstance(r.args, tuple) and r.args[0] >= positions[0]]

    await eventually(lambda: any(read[0] == positions[-1] for read in reads()), what="read")
    assert reads() == [(positions[-1],)]
