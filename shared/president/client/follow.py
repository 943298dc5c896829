"""Reading a JetStream subject from its first message on (an ordered, ephemeral consumer)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.api import DeliverPolicy
from nats.js.errors import NotFoundError


async def wait_for_stream(client: Client, stream: str, within: float = 30.0) -> None:
    """Return once ``stream`` exists (the relay or the engine creates it when starting)."""
    js = client.jetstream()
    deadline = asyncio.get_running_loop().time() + within
    while True:
        try:
            await js.stream_info(stream)
            return
        except NotFoundError:
            if asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.05)


async def follow_subject(
    client: Client, stream: str, subject: str, *, idle_timeout: float | None = None
) -> AsyncIterator[Msg]:
    """Every message of ``subject`` in ``stream``, oldest first, then new ones as they come.

    Ends with TimeoutError when nothing arrives for ``idle_timeout`` seconds (None: never).
    """
    await wait_for_stream(client, stream)
    js = client.jetstream()
    subscription = await js.subscribe(
        subject, stream=stream, ordered_consumer=True, deliver_policy=DeliverPolicy.ALL
    )
    try:
        while True:
            try:
                message = await subscription.next_msg(timeout=idle_timeout or 3600.0)
            except TimeoutError:
                if idle_timeout is not None:
                    raise
                continue
            yield message
    finally:
        await subscription.unsubscribe()
