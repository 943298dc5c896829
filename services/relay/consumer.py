"""Consumers of relayed events: at-least-once delivery made to act once by the store's
tracking rows (effect and position in one transaction, older messages skipped)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

import asyncpg
from president.contract import headers as header
from president.store.tracking import PostgresTracking

T = TypeVar("T")


@dataclass(frozen=True)
class Delivery:
    """A relayed message: which event (and which part of it) it carries, and its payload."""

    subject: str
    payload: bytes
    event_id: str
    stream_id: str
    version: int
    position: int
    event_type: str

    @classmethod
    def of(cls, subject: str, payload: bytes, headers: Mapping[str, str] | None) -> Delivery:
        """Read the relay's headers; ValueError when the message did not come from a relay."""
        headers = headers or {}
        try:
            return cls(
                subject=subject,
                payload=payload,
                event_id=headers[header.EVENT_ID],
                stream_id=headers[header.STREAM_ID],
                version=int(headers[header.VERSION]),
                position=int(headers[header.POSITION]),
                event_type=headers[header.EVENT_TYPE],
            )
        except (KeyError, ValueError) as error:
            raise ValueError(f"not a relayed event message ({subject}): {error}") from error


class AckableMessage(Protocol):
    """A JetStream message as nats-py delivers it (``nats.aio.msg.Msg``)."""

    subject: str
    data: bytes
    headers: dict[str, str] | None

    async def ack(self) -> None: ...


Effect = Callable[[asyncpg.Connection, Delivery], Awaitable[T]]


async def deliver_once(
    tracking: PostgresTracking, consumer: str, delivery: Delivery, effect: Effect[T]
) -> tuple[bool, T | None]:
    """Run ``effect`` and record ``consumer`` at the delivery's position in one transaction.

    ``(True, result)`` when it ran, ``(False, None)`` when the consumer had already
    processed this position. Acking is the caller's (a framework that acks on return,
    such as a FastStream subscriber, fits).
    """

    async def run(connection: asyncpg.Connection) -> T:
        return await effect(connection, delivery)

    return await tracking.process(consumer, delivery.position, run)


async def handle_once(
    tracking: PostgresTracking, consumer: str, message: AckableMessage, effect: Effect[T]
) -> tuple[bool, T | None]:
    """:func:`deliver_once` for a nats-py JetStream message, acked once recorded.

    When ``effect`` raises, nothing is recorded and the message is not acked, so
    JetStream delivers it again.
    """
    delivery = Delivery.of(message.subject, message.data, message.headers)
    outcome = await deliver_once(tracking, consumer, delivery, effect)
    await message.ack()
    return outcome
