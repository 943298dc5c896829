"""Reading a JetStream subject in order (an ordered, ephemeral consumer), from its first
message or from a given stream sequence, and finding the sequence where a version starts."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.api import ConsumerConfig, DeliverPolicy
from nats.js.errors import NotFoundError

from president.contract.headers import VERSION


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


async def sequence_after_version(client: Client, stream: str, subject: str, version: int) -> int:
    """The stream sequence from which ``subject``'s messages have a version above ``version``.

    A consumer filtered on ``subject`` and started there (``follow_subject(...,
    start_sequence=...)``) gets exactly the events after ``version``. The relay publishes
    in log order, so on one table's subject the ``President-Version`` header grows with
    the sequence: a binary search over "the subject's next message at or after a
    sequence" (JetStream's ``next_by_subj`` look-up), about log2(stream length) requests.
    """
    js = client.jetstream()
    state = (await js.stream_info(stream)).state
    low, high = max(state.first_seq, 1), state.last_seq + 1
    while low < high:
        middle = (low + high) // 2
        try:
            found = await js.get_msg(stream, seq=middle, subject=subject, next=True)
        except NotFoundError:
            high = middle  # nothing of the subject at or after middle
            continue
        assert found.seq is not None and found.headers is not None
        if int(found.headers[VERSION]) <= version:
            low = found.seq + 1
        else:
            high = middle
    return low


async def follow_subject(
    client: Client,
    stream: str,
    subject: str,
    *,
    start_sequence: int | None = None,
    idle_timeout: float | None = None,
) -> AsyncIterator[Msg]:
    """Every message of ``subject`` in ``stream`` from ``start_sequence`` (None: the first
    one) on, oldest first, then new ones as they come. ``message.metadata.sequence.stream``
    is each one's stream sequence.

    Ends with TimeoutError when nothing arrives for ``idle_timeout`` seconds (None: never).
    """
    await wait_for_stream(client, stream)
    js = client.jetstream()
    if start_sequence is None:
        config = ConsumerConfig(deliver_policy=DeliverPolicy.ALL)
    else:
        config = ConsumerConfig(
            deliver_policy=DeliverPolicy.BY_START_SEQUENCE, opt_start_seq=start_sequence
        )
    subscription = await js.subscribe(subject, stream=stream, ordered_consumer=True, config=config)
    try:
        while True:
            # No timeout unless asked: nats-py times ``next_msg`` with ``asyncio.wait_for``,
            # which on Python 3.11 may swallow a cancellation that meets a message coming
            # in; the follower then read on and the task cancelling it waited forever.
            yield await subscription.next_msg(timeout=idle_timeout)
    finally:
        await subscription.unsubscribe()
