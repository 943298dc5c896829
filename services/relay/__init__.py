"""The relay from the Postgres event log to NATS JetStream (``Relay``: every committed event
in commit order, exactly once), and ``handle_once`` / ``deliver_once`` for its consumers."""

from __future__ import annotations

from services.relay.consumer import Delivery, deliver_once, handle_once
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
from services.relay.routing import default_routing, raw_route, raw_routing, raw_subjects

__all__ = [
    "Delivery",
    "Outgoing",
    "PublishFailed",
    "Relay",
    "RelayOptions",
    "Route",
    "Routing",
    "StreamSpec",
    "default_routing",
    "deliver_once",
    "event_payload",
    "event_subject",
    "handle_once",
    "raw_route",
    "raw_routing",
    "raw_subjects",
    "subject_token",
]
