"""A follower of a subject stops when cancelled, even as a message comes in."""

from __future__ import annotations

import asyncio

import pytest
from nats.aio.msg import Msg
from president.bus.connect import connect
from president.client import follow_subject

pytestmark = pytest.mark.integration


async def test_a_follower_cancelled_as_a_message_comes_in_stops(
    nats_url: str, unique_prefix: str
) -> None:
    client = await connect(nats_url, "follow-test")
    stream, subject = unique_prefix.upper(), f"{unique_prefix}.x"
    try:
        await client.jetstream().add_stream(name=stream, subjects=[f"{unique_prefix}.>"])

        async def read(into: list[Msg]) -> None:
            async for message in follow_subject(client, stream, subject):
                into.append(message)

        for attempt in range(150):
            got: list[Msg] = []
            task = asyncio.create_task(read(got))
            await client.jetstream().publish(subject, b"first")
            async with asyncio.timeout(5):
                while len(got) < 2 * attempt + 1:  # noqa: ASYNC110 (all stored so far)
                    await asyncio.sleep(0.001)
            await client.publish(subject, b"next")  # stored and delivered meanwhile
            await client.flush()
            for _ in range(attempt % 4):  # the cancel lands at other points of the delivery
                await asyncio.sleep(0)
            task.cancel()
            done, _ = await asyncio.wait({task}, timeout=3)
            assert done, f"the follower went on after its cancel (attempt {attempt})"
    finally:
        await client.close()
