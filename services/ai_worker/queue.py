"""The JetStream work queue of DecisionRequests: the stream and the shared durable consumer."""

from __future__ import annotations

import logging

from nats.js import JetStreamContext
from nats.js.api import ConsumerConfig, RetentionPolicy, StorageType, StreamConfig
from nats.js.errors import BadRequestError, NotFoundError
from president.contract import Subjects

log = logging.getLogger(__name__)

DUPLICATE_WINDOW = 120.0


def ai_stream_config(subjects: Subjects) -> StreamConfig:
    """A work queue: each request is kept until one worker acknowledges it."""
    return StreamConfig(
        name=subjects.ai_stream,
        subjects=[subjects.ai_decide],
        retention=RetentionPolicy.WORK_QUEUE,
        storage=StorageType.FILE,
        duplicate_window=DUPLICATE_WINDOW,
    )


def ai_consumer_config(ack_wait: float) -> ConsumerConfig:
    """The tuning of the durable pull consumer ``subjects.ai_consumer`` that every worker
    binds to: unacknowledged work moves on after ``ack_wait`` seconds, so a killed
    worker's pending decisions go to another worker."""
    return ConsumerConfig(
        ack_wait=ack_wait,
        max_ack_pending=10_000,
        max_deliver=-1,
    )


async def ensure_ai_stream(js: JetStreamContext, subjects: Subjects) -> None:
    """Create the work-queue stream when missing (whoever comes first: engine or worker)."""
    try:
        await js.stream_info(subjects.ai_stream)
        return
    except NotFoundError:
        pass
    try:
        await js.add_stream(ai_stream_config(subjects))
        log.info("created stream %s", subjects.ai_stream)
    except BadRequestError:
        await js.stream_info(subjects.ai_stream)  # created meanwhile by someone else
