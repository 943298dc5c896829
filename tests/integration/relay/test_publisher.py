from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from president.relay import Outgoing, PublishFailed, StreamSpec
from president.relay.envelope import Envelope, Mark, plan
from president.relay.publisher import JetStreamPublisher

from tests.unit.relay.events import event_uuid, recorded

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
