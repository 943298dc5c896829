from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from services.relay import Outgoing, PublishFailed, StreamSpec
from services.relay.envelope import Envelope, Mark, plan
from services.relay.publisher import JetStreamPublisher
from tests.support.relay_events import event_uuid, recorded

from .jetstream import read_stream


def _envelopes(prefix: str, count: int) -> list[Envelope]:
    events = [recorded(f"s{n % 3}", n, n) for n in range(1, count + 1)]
    return plan(events, lambda e: [Outgoing(f"{prefix}.events.{e.stream_id}", b"%d" % e.position)])


@pytest.fixture
async def publisher(nats_url: str, unique_prefix: str) -> AsyncIterator[JetStreamPublisher]:
    spec = StreamSpec(name=unique_prefix.upper(), subjects=[f"{unique_prefix}.events.>"])
    publisher = await JetStreamPublisher.connect(nats_url, spec, max_in_flight=64)
    await publisher.ensure_stream()
    yield publisher
    await publisher.close()


async def test_pipelined_messages_are_stored_in_the_order_given(
    publisher: JetStreamPublisher, nats_url: str, unique_prefix: str
) -> None:
    await publisher.publish(_envelopes(unique_prefix, 500))

    stored = await read_stream(nats_url, unique_prefix.upper())

    assert [m.payload for m in stored] == [str(n).encode() for n in range(1, 501)]
    assert stored[0].headers["Nats-Msg-Id"] == str(event_uuid(1))


async def test_republished_messages_are_dropped_as_duplicates(
    publisher: JetStreamPublisher, nats_url: str, unique_prefix: str
) -> None:
    await publisher.publish(_envelopes(unique_prefix, 20))
    await publisher.publish(_envelopes(unique_prefix, 30))

    stored = await read_stream(nats_url, unique_prefix.upper())

    assert [m.payload for m in stored] == [str(n).encode() for n in range(1, 31)]


async def test_the_last_stored_message_gives_the_resume_mark(
    publisher: JetStreamPublisher, unique_prefix: str
) -> None:
    assert await publisher.last_mark() is None

    await publisher.publish(_envelopes(unique_prefix, 7))

    assert await publisher.last_mark() == Mark(str(event_uuid(7)), position=7, part=1, parts=1)


async def test_a_subject_outside_the_stream_fails_the_batch(
    publisher: JetStreamPublisher, unique_prefix: str
) -> None:
    with pytest.raises(PublishFailed):
        await publisher.publish(_envelopes(f"{unique_prefix}x", 3))


async def test_ensuring_an_existing_stream_keeps_its_messages(
    publisher: JetStreamPublisher, nats_url: str, unique_prefix: str
) -> None:
    await publisher.publish(_envelopes(unique_prefix, 5))

    await publisher.ensure_stream()

    assert len(await read_stream(nats_url, unique_prefix.upper())) == 5


async def test_a_stale_publisher_stores_nothing_once_another_has_published_after_it(
    nats_url: str, unique_prefix: str
) -> None:
    # The relay that lost its lock unnoticed: it wakes up (past the duplicate window)
    # with a batch that its successor has already published.
    spec = StreamSpec(unique_prefix.upper(), [f"{unique_prefix}.events.>"], duplicate_window=0.2)
    envelopes = _envelopes(unique_prefix, 6)
    stale = await JetStreamPublisher.connect(nats_url, spec, ack_timeout=1)
    successor = await JetStreamPublisher.connect(nats_url, spec)
    try:
        await stale.ensure_stream()
        assert await stale.last_mark() is None  # fenced: the stream is empty
        await stale.publish(envelopes[:3])
        assert await successor.last_mark() == Mark(str(event_uuid(3)), 3, 1, 1)
        await successor.publish(envelopes[3:])
        await asyncio.sleep(0.5)  # past the duplicate window: message ids no longer help

        # Refused ("wrong last sequence"), and told so at once: fenced, which says
        # nothing against the event (no strike toward withholding it).
        with pytest.raises(PublishFailed) as refused:
            await stale.publish(envelopes[3:])
        assert refused.value.fenced
        assert refused.value.position == 4
    finally:
        await stale.close()
        await successor.close()

    stored = await read_stream(nats_url, unique_prefix.upper())
    assert [m.payload for m in stored] == [str(n).encode() for n in range(1, 7)]
