"""The relay from the Postgres event log to NATS JetStream, and the consumer helper.

``Relay(store_url, nats_url, stream_name, route=...)`` publishes every committed
event in commit order, at least once and, with the JetStream duplicate window
and its resume check, exactly once; ``run(stop)`` serves until stopped,
``run_once()`` publishes what is committed now.
"""

from __future__ import annotations

from president.relay.publisher import PublishFailed, StreamSpec
from president.relay.relay import EventLog, Relay, RelayOptions
from president.relay.routing import (
    Outgoing,
    PublishableEvent,
    Route,
    default_route,
    default_subjects,
    event_payload,
    event_subject,
    subject_token,
)

__all__ = [
    "EventLog",
    "Outgoing",
    "PublishFailed",
    "PublishableEvent",
    "Relay",
    "RelayOptions",
    "Route",
    "StreamSpec",
    "default_route",
    "default_subjects",
    "event_payload",
    "event_subject",
    "subject_token",
]
