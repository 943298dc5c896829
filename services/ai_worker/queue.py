"""The JetStream work queue of DecisionRequests: the shared durable consumer's tuning.

The stream itself is the contract's (``president.contract.jetstream.ai_stream``): the
engine and every worker create it when missing, with the same settings.
"""

from __future__ import annotations

from nats.js import JetStreamContext
from nats.js.api import ConsumerConfig
from president.contract import Subjects
from president.contract.jetstream import ai_stream, ensure_stream


def ai_consumer_config(ack_wait: float) -> ConsumerConfig:
    """The tuning of the durable pull consumer ``subjects.ai_consumer`` that every worker
    binds to: unacknowledged work moves on after ``ack_wait`` seconds, so a killed
    worker's pending decisions go to another worker."""
    return ConsumerConfig(ack_wait=ack_wait, max_ack_pending=10_000, max_deliver=-1)


async def ensure_ai_stream(js: JetStreamContext, subjects: Subjects) -> None:
    """Create the work-queue stream when missing (whoever comes first: engine or worker)."""
    await ensure_stream(js, ai_stream(subjects))
