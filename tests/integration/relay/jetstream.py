"""Reading a JetStream stream back, whole and in order, for the relay's tests."""

from __future__ import annotations

from dataclasses import dataclass

import nats
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import NotFoundError

from tests.support.waiting import eventually


@dataclass(frozen=True)
class Stored:
    seq: int
    subject: str
    payload: bytes
    headers: dict[str, str]


async def read_stream(nats_url: str, stream: str) -> list[Stored]:
    """Every message of ``stream``, in stream order."""
    client = await nats.connect(nats_url)
    try:
        js = client.jetstream()
        total = (await js.stream_info(stream)).state.messages
        consumer = await js.pull_subscribe(
            "",
            stream=stream,
            config=ConsumerConfig(ack_policy=AckPolicy.NONE, deliver_policy=DeliverPolicy.ALL),
        )
        stored: list[Stored] = []
        while len(stored) < total:
            for message in await consumer.fetch(min(1000, total - len(stored)), timeout=5):
                stored.append(
                    Stored(
                        seq=message.metadata.sequence.stream,
                        subject=message.subject,
                        payload=message.data,
                        headers=dict(message.headers or {}),
                    )
                )
        await consumer.unsubscribe()
        return stored
    finally:
        await client.close()


async def read_stream_or_none(nats_url: str, stream: str) -> list[Stored] | None:
    """Like :func:`read_stream`, None when the stream does not exist."""
    try:
        return await read_stream(nats_url, stream)
    except NotFoundError:
        return None


async def wait_for_messages(nats_url: str, stream: str, count: int, within: float) -> None:
    """Return once ``stream`` holds at least ``count`` messages (within ``within`` s)."""
    client = await nats.connect(nats_url)
    js = client.jetstream()

    async def held() -> bool:
        try:
            return (await js.stream_info(stream)).state.messages >= count
        except NotFoundError:
            return False

    try:
        await eventually(held, within, f"{count} messages in {stream}")
    finally:
        await client.close()
