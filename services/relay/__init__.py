"""The relay from the Postgres event log to NATS JetStream (``Relay``: every committed event
in commit order, exactly once)."""

from __future__ import annotations

from services.relay.outgoing import (
    Outgoing,
    Route,
    Routing,
    event_payload,
    event_subject,
    subject_token,
)
from services.relay.publisher import PublishFailed, StreamSpec
from services.relay.relay import Relay, RelayOptions
from services.relay.routing import raw_route, raw_routing, raw_subjects

__all__ = [
    "Outgoing",
    "PublishFailed",
    "Relay",
    "RelayOptions",
    "Route",
    "Routing",
    "StreamSpec",
    "event_payload",
    "event_subject",
    "raw_route",
    "raw_routing",
    "raw_subjects",
    "subject_token",
]
