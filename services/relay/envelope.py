"""The messages the relay publishes: a route's output plus the delivery headers
(``Nats-Msg-Id`` and the ``President-*`` headers it resumes from)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from president.contract.headers import (
    EVENT_ID,
    EVENT_TYPE,
    MSG_ID,
    PART,
    POSITION,
    STREAM_ID,
    VERSION,
    WITHHELD,
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


def size_of(envelope: Envelope) -> int:
    """What ``envelope`` costs against the server's ``max_payload`` (payload and headers,
    with a margin for the header block's framing)."""
    headers = sum(len(k) + len(v) + 4 for k, v in envelope.headers.items())
    return len(envelope.payload) + headers + 64


def withheld(envelope: Envelope, reason: str) -> Envelope:
    """The small message standing in for ``envelope`` in its place: same subject, message
    id and ``President-*`` headers (so resuming and de-duplication work as for the event),
    ``President-Withheld`` = ``reason``, and an ``EventWithheld`` reference as payload."""
    headers = envelope.headers
    reference = {
        "schema_version": 1,
        "type": "EventWithheld",
        "event_id": headers[EVENT_ID],
        "stream_id": headers[STREAM_ID],
        "version": int(headers[VERSION]),
        "position": envelope.position,
        "event_type": headers[EVENT_TYPE],
        "part": headers[PART],
        "size": len(envelope.payload),
        "reason": reason[:200],
    }
    return replace(
        envelope,
        payload=json.dumps(reference).encode(),
        headers={**headers, WITHHELD: reason[:200]},
    )


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
