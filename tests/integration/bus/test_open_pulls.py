"""Pull requests kept open on a real JetStream: messages come without a request per batch,
never more than the capacity in hand, expired requests are renewed, and a deleted
consumer is reported without a storm of requests."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import nats
import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.api import AckPolicy, ConsumerConfig
from president.bus.pulls import OpenPulls

from tests.support.waiting import eventually

pytestmark = pytest.mark.integration

NEXT = "$JS.API.CONSUMER.MSG.NEXT."


@pytest.fixture
async def client(nats_url: str) -> AsyncIterator[Client]:
    connection = await nats.connect(nats_url)
    yield connection
    await connection.close()


@pytest.fixture
async def consumer(client: Client, unique_prefix: str) -> tuple[str, str]:
    """A stream of ``unique_prefix.>`` and a durable pull consumer on it: (stream, durable)."""
    stream, durable = unique_prefix.upper(), f"{unique_prefix}-reader"
    js = client.jetstream()
    await js.add_stream(name=stream, subjects=[f"{unique_prefix}.>"])
    await js.add_consumer(
        stream, ConsumerConfig(durable_name=durable, ack_policy=AckPolicy.EXPLICIT, ack_wait=30)
    )
    return stream, durable


def _count_pull_requests(client: Client, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pull requests ``client`` publishes from now on."""
    sent: list[str] = []
    publish = client.publish

    async def counting(subject: str, *args: Any, **kwargs: Any) -> None:
        if subject.startswith(NEXT):
            sent.append(subject)
        await publish(subject, *args, **kwargs)

    monkeypatch.setattr(client, "publish", counting)
    return sent


async def _acking(
    client: Client, consumer: tuple[str, str], into: list[bytes], **tuning: Any
) -> OpenPulls:
    """Open pulls that ack each message as it comes and keep its data ``into``."""

    async def deliver(message: Msg) -> None:
        into.append(message.data)
        await message.ack()
        await pulls.done()

    pulls = OpenPulls(client, *consumer, deliver, **tuning)
    await pulls.open()
    return pulls


async def test_bursts_of_messages_come_on_the_open_requests_without_one_per_batch(
    client: Client, consumer: tuple[str, str], unique_prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = _count_pull_requests(client, monkeypatch)
    got: list[bytes] = []
    pulls = await _acking(client, consumer, got, capacity=64, expires=5.0, heartbeat=1.0)
    try:
        for burst in range(10):
            for n in range(3):
                await client.jetstream().publish(f"{unique_prefix}.x", b"%d-%d" % (burst, n))
            await eventually(lambda burst=burst: len(got) == 3 * (burst + 1))  # type: ignore[misc]
        assert got == [b"%d-%d" % (b, n) for b in range(10) for n in range(3)]
        assert pulls.alive and pulls.trouble is None
        # 30 messages in 10 batches: the first request (64), and one top-up once a quarter
        # of the capacity (16) was handled; fetch asks at least once per batch.
        assert len(sent) == 2
    finally:
        await pulls.close()


async def test_no_more_than_the_capacity_comes_until_room_is_made(
    client: Client, consumer: tuple[str, str], unique_prefix: str
) -> None:
    for n in range(10):
        await client.jetstream().publish(f"{unique_prefix}.x", b"%d" % n)
    held: list[Msg] = []

    async def hold(message: Msg) -> None:
        held.append(message)

    pulls = OpenPulls(client, *consumer, hold, capacity=3, expires=5.0, heartbeat=1.0)
    await pulls.open()
    try:
        await eventually(lambda: len(held) == 3)
        await asyncio.sleep(0.3)
        assert len(held) == 3 and pulls.in_hand == 3
        for message in held:
            await message.ack()
        await pulls.done(3)
        await eventually(lambda: len(held) == 6)
        assert [m.data for m in held] == [b"%d" % n for n in range(6)]
    finally:
        await pulls.close()


async def test_expired_requests_are_renewed_at_once_and_a_later_message_still_comes(
    client: Client, consumer: tuple[str, str], unique_prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    got: list[bytes] = []
    pulls = await _acking(client, consumer, got, capacity=8, expires=0.4, heartbeat=0.15)
    try:
        for _ in range(12):  # several requests expire (408) meanwhile; the watcher looks
            await asyncio.sleep(0.15)
            await pulls.look()
        await client.jetstream().publish(f"{unique_prefix}.x", b"late")
        await eventually(lambda: got == [b"late"], within=1.0)
        assert pulls.alive and pulls.trouble is None
        assert "went silent" not in caplog.text
    finally:
        await pulls.close()


async def test_a_deleted_consumer_is_reported_and_not_asked_again(
    client: Client, consumer: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = _count_pull_requests(client, monkeypatch)
    pulls = await _acking(client, consumer, [], capacity=8, expires=5.0, heartbeat=0.3)
    try:
        await eventually(lambda: pulls.alive)  # the request is open: a heartbeat came
        await client.jetstream().delete_consumer(*consumer)
        await eventually(lambda: pulls.trouble is not None)
        assert pulls.trouble is not None and pulls.trouble.startswith("409")
        asked = len(sent)
        await pulls.look()
        await asyncio.sleep(0.3)
        assert len(sent) == asked  # none while the trouble stands (no storm of 503s)
        assert not pulls.alive
    finally:
        await pulls.close()
