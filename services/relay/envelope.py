"""The messages the relay publishes: a route's output plus the delivery headers.

Every message carries ``Nats-Msg-Id`` (JetStream drops a republished copy inside
its duplicate window) and the ``President-*`` headers that say which event and
which part of it the message is; the relay reads them back from the last stored
message to resume exactly where the stream ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from president.contract.headers import (
    EVENT_ID,
    EVENT_TYPE,
    MSG_ID,
    PART,
    POSITION,
    STREAM_ID,
    VERSION,
    event_msg_id,
)
from president.store import RecordedEvent

from services.relay.outgoing import Route


@dataclass(frozen=True)
class Envelope:
    """One message ready to publish: part ``part`` (1-based) of ``parts`` for an event."""

    position: int
    part: int
    parts: int
    subject: str
    payload: bytes
    headers: Mapping[str, str]

    @property
    def msg_id(self) -> str:
        return self.headers[MSG_ID]


@dataclass(frozen=True)
class Mark:
    """Which event, and how much of it, a stored message says was published."""

    event_id: str
    position: int
    part: int
    parts: int

    @property
    def complete(self) -> bool:
        return self.part >= self.parts


msg_id = event_msg_id


def envelopes(event: RecordedEvent, route: Route) -> list[Envelope]:
    """The routed messages of ``event`` with their delivery headers.

    Raises ValueError when two messages of the event would share a message id.
    """
    outgoing = list(route(event))
    event_id = str(event.event_id)
    ids = [msg_id(event_id, item.key) for item in outgoing]
    if len(set(ids)) != len(ids):
        raise ValueError(f"route gave event {event_id} messages with the same key: {ids}")
    parts = len(outgoing)
    return [
        Envelope(
            position=event.position,
            part=index,
            parts=parts,
            subject=item.subject,
            payload=item.payload,
            headers={
                **item.headers,
                MSG_ID: ids[index - 1],
                EVENT_ID: event_id,
                STREAM_ID: event.stream_id,
                VERSION: str(event.version),
                POSITION: str(event.position),
                EVENT_TYPE: event.type,
                PART: f"{index}/{parts}",
            },
        )
        for index, item in enumerate(outgoing, start=1)
    ]


def plan(
    events: Iterable[RecordedEvent], route: Route, *, skip: Mark | None = None
) -> list[Envelope]:
    """All messages for ``events`` in commit order, leaving out the parts ``skip`` covers."""
    planned: list[Envelope] = []
    for event in events:
        for envelope in envelopes(event, route):
            if skip and envelope.position == skip.position and envelope.part <= skip.part:
                continue
            planned.append(envelope)
    return planned


def mark_of(headers: Mapping[str, str] | None) -> Mark | None:
    """The :class:`Mark` of a stored message, None when it was not published by a relay."""
    if not headers:
        return None
    try:
        part, _, parts = headers[PART].partition("/")
        return Mark(
            event_id=headers[EVENT_ID],
            position=int(headers[POSITION]),
            part=int(part),
            parts=int(parts),
        )
    except (KeyError, ValueError):
        return None
