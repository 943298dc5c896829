"""The Python client sends a command again, as it was, while nobody answers it: through
"no responders" (an engine's partitions moving after a crash) and time-outs, with a
back-off, for a bounded time (real NATS)."""

from __future__ import annotations

import asyncio

import nats.errors
import pytest
from nats.aio.msg import Msg
from president.bus.connect import connect
from president.client.client import request_resending

from tests.fixtures.servers import HARNESS, TestServers


async def test_a_request_meeting_no_responders_is_resent_until_a_responder_comes(
    servers: TestServers, unique_prefix: str
) -> None:
    client = await connect(servers.url_for(HARNESS.name), "resend-test")
    subject = f"{unique_prefix}.resend"
    heard: list[bytes] = []

    async def answer(message: Msg) -> None:
        heard.append(message.data)
        await message.respond(b"done")

    async def responder_later() -> None:
        await asyncio.sleep(0.5)  # the time a crashed owner's partitions take to move
        await client.subscribe(subject, cb=answer)

    try:
        later = asyncio.create_task(responder_later())
        reply = await request_resending(client, subject, b"command-1", each=2, within=10)
        await later
        assert reply.data == b"done" and heard == [b"command-1"]
    finally:
        await client.close()


async def test_a_request_nobody_answers_fails_once_its_time_is_over(
    servers: TestServers, unique_prefix: str
) -> None:
    client = await connect(servers.url_for(HARNESS.name), "resend-test")
    subject = f"{unique_prefix}.silent"
    heard: list[bytes] = []

    async def silent(message: Msg) -> None:
        heard.append(message.data)

    try:
        await client.subscribe(subject, cb=silent)
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(nats.errors.TimeoutError):
            await request_resending(client, subject, b"command-2", each=0.3, within=1.0)
        assert loop.time() - started < 2.0
        assert len(heard) >= 3 and set(heard) == {b"command-2"}  # the same bytes each time
        with pytest.raises(nats.errors.NoRespondersError):
            await request_resending(client, f"{subject}.nobody", b"c", each=1, within=0.5)
    finally:
        await client.close()
