"""The relay's other routing, ``raw_routing``: whole events, private data included (tests and
trusted consumers, by name only). The contract's is ``services.relay.game_routing``."""

from __future__ import annotations

from collections.abc import Sequence

from president.store import RecordedEvent

from services.relay.outgoing import Outgoing, Route, Routing, event_payload, event_subject


def raw_route(prefix: str = "president") -> Route:
    """A route publishing every event once, WHOLE, on :func:`event_subject`.

    Whole means private data too (hands, seeds): never give it to a relay whose stream
    players can read. Opt in by name (``--routing services.relay.routing:raw_routing``).
    """

    def route(event: RecordedEvent) -> Sequence[Outgoing]:
        return [Outgoing(subject=event_subject(prefix, event), payload=event_payload(event))]

    return route


def raw_subjects(prefix: str = "president") -> list[str]:
    """The JetStream subjects that hold what :func:`raw_route` publishes."""
    return [f"{prefix}.events.>"]


def raw_routing(prefix: str = "president") -> Routing:
    """:func:`raw_route` with :func:`raw_subjects`: whole events, private data included."""
    return Routing(raw_route(prefix), raw_subjects(prefix))
