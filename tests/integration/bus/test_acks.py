"""Pipelined JetStream publishes: concurrent batches each get their own acks, in order, and
a refusal comes back as what JetStream said."""

from __future__ import annotations

import asyncio

import pytest
from nats.js.api import Header
from nats.js.errors import APIError
from president.bus.acks import AckPipeline, BatchFailed
from president.bus.connect import connect

from tests.support.waiting import eventually

pytestmark = pytest.mark.integration


async def test_concurrent_batches_get_their_own_acks_and_a_wrong_stream_is_refused(
    nats_url: str, unique_prefix: str
) -> None:
    client = await connect(nats_url, "acks-test")
    stream = unique_prefix.upper()
    try:
        await client.jetstream().add_stream(name=stream, subjects=[f"{unique_prefix}.>"])
        pipeline = AckPipeline(client, window=4)

        def batch(name: str, count: int) -> list[tuple[str, bytes, dict[str, str]]]:
            headers = {Header.EXPECTED_STREAM: stream}
            return [(f"{unique_prefix}.{name}", b"%d" % n, dict(headers)) for n in range(count)]

        first, second = await asyncio.gather(
            pipeline.publish(batch("a", 30)), pipeline.publish(batch("b", 20))
        )

        assert len(first) == 30 and len(second) == 20
        assert [a.seq for a in first] == sorted(a.seq for a in first)
        assert {a.seq for a in first} | {a.seq for a in second} == set(range(1, 51))
        wrong = [(f"{unique_prefix}.c", b"x", {Header.EXPECTED_STREAM: "ANOTHER"})]
        with pytest.raises(BatchFailed) as failed:
            await pipeline.publish(batch("d", 2) + wrong)
        assert isinstance(failed.value.error, APIError)
        assert len(pipeline.acked()) == 2
    finally:
        await client.close()


async def test_an_inline_subscription_takes_every_message_and_survives_a_failing_handler(
    nats_url: str, unique_prefix: str
) -> None:
    client = await connect(nats_url, "inline-test")
    seen: list[tuple[str, bytes, dict[str, str] | None]] = []

    def handler(subject: str, data: bytes, headers: dict[str, str] | None) -> None:
        if data == b"boom":
            raise RuntimeError("a handler's bug")
        seen.append((subject, data, headers))

    try:
        subscription = await client.subscribe_inline(f"{unique_prefix}.>", handler)
        await client.publish(f"{unique_prefix}.a", b"1", headers={"k": "v"})
        await client.publish(f"{unique_prefix}.b", b"boom")
        await client.publish(f"{unique_prefix}.c", b"2")
        await client.flush()
        await eventually(lambda: len(seen) == 2, 10, "the two good messages handled")
        assert seen == [
            (f"{unique_prefix}.a", b"1", {"k": "v"}),
            (f"{unique_prefix}.c", b"2", None),
        ]
        assert client.is_connected  # the handler's error did not end the read loop

        await subscription.unsubscribe()
        await client.publish(f"{unique_prefix}.d", b"3")
        await client.flush()
        await asyncio.sleep(0.05)
        assert len(seen) == 2 and client._inline == {}
    finally:
        await client.close()
