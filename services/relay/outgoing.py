"""Where each committed event goes: the pluggable ``route`` (a pure function from a recorded
event to its messages), the default one and the raw one."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from president.store import RecordedEvent


@dataclass(frozen=True)
class Outgoing:
    """One message to publish for an event.

    ``key`` tells apart the messages of one event: the JetStream message id is the
    event id when ``key`` is empty, ``"<event id>.<key>"`` otherwise, so every
    message of an event must have its own key.
    """

    subject: str
    payload: bytes
    headers: Mapping[str, str] = field(default_factory=dict)
    key: str = ""


Route = Callable[[RecordedEvent], Sequence[Outgoing]]
"""Maps a recorded event to the messages published for it, in order (may be empty)."""


@dataclass(frozen=True)
class Routing:
    """A route and the JetStream subjects that hold everything it publishes."""

    route: Route
    subjects: Sequence[str]


_NOT_IN_TOKEN = re.compile(r"[.*>\s]")


def subject_token(text: str) -> str:
    """``text`` made safe as one NATS subject token ('.', '*', '>', blanks become '_')."""
    return _NOT_IN_TOKEN.sub("_", text) or "_"


def event_subject(prefix: str, event: RecordedEvent) -> str:
    """The default subject of an event: ``<prefix>.events.<stream id>.<event type>``."""
    return f"{prefix}.events.{subject_token(event.stream_id)}.{subject_token(event.type)}"


def event_payload(event: RecordedEvent) -> bytes:
    """The event as compact JSON: identity, position, type, data and metadata."""
    document = {
        "event_id": str(event.event_id),
        "stream_id": event.stream_id,
        "version": event.version,
        "position": event.position,
        "type": event.type,
        "schema_version": event.schema_version,
        "data": event.data,
        "metadata": event.metadata,
        "recorded_at": event.recorded_at.isoformat(),
        "hash": event.hash,
    }
    return json.dumps(document, separators=(",", ":"), default=str).encode()
