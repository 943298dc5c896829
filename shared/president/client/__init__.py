"""A typed NATS client of the services (``PresidentClient``), for integrators, the demo,
``play`` and the benches."""

from president.client.client import CommandRejected, PresidentClient
from president.client.follow import follow_subject, sequence_after_version, wait_for_stream

__all__ = [
    "CommandRejected",
    "PresidentClient",
    "follow_subject",
    "sequence_after_version",
    "wait_for_stream",
]
