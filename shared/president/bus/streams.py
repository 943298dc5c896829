"""The JetStream streams of the contract, created by whichever process needs them first.

Every process creates a missing stream with exactly these settings and leaves an
existing one alone, so the relay, the engine and the AI workers never fight over a
stream's configuration.
"""

from __future__ import annotations

import logging

from nats.js import JetStreamContext
from nats.js.api import RetentionPolicy, StorageType, StreamConfig
from nats.js.errors import BadRequestError, NotFoundError

from president.contract.subjects import Subjects

log = logging.getLogger(__name__)

DUPLICATE_WINDOW = 120.0
"""Seconds within which JetStream drops a message whose Nats-Msg-Id it already stored."""
PROMPT_MAX_AGE = 24 * 3600.0


def events_stream(subjects: Subjects) -> StreamConfig:
    """The relay's stream (the same settings as ``services.relay.StreamSpec``)."""
    return StreamConfig(
        name=subjects.events_stream,
        subjects=subjects.event_subjects,
        storage=StorageType.FILE,
        duplicate_window=DUPLICATE_WINDOW,
    )


def prompts_stream(subjects: Subjects) -> StreamConfig:
    """Turn prompts: kept a day, for clients that reconnect."""
    return StreamConfig(
        name=subjects.prompts_stream,
        subjects=subjects.prompt_subjects,
        storage=StorageType.FILE,
        duplicate_window=DUPLICATE_WINDOW,
        max_age=PROMPT_MAX_AGE,
    )


def ai_stream(subjects: Subjects) -> StreamConfig:
    """The AI decision work queue: a message is gone once a worker acks it."""
    return StreamConfig(
        name=subjects.ai_stream,
        subjects=[subjects.ai_decide],
        retention=RetentionPolicy.WORK_QUEUE,
        storage=StorageType.FILE,
        duplicate_window=DUPLICATE_WINDOW,
    )


async def ensure_stream(js: JetStreamContext, config: StreamConfig) -> None:
    """Create the stream when it does not exist (an existing one is left as it is)."""
    assert config.name is not None
    try:
        await js.stream_info(config.name)
        return
    except NotFoundError:
        pass
    try:
        await js.add_stream(config)
        log.info("created stream %s on %s", config.name, config.subjects)
    except BadRequestError:
        await js.stream_info(config.name)  # another process created it meanwhile


async def ensure_streams(js: JetStreamContext, subjects: Subjects) -> None:
    """The events, prompts and AI streams of ``subjects``' prefix."""
    for config in (events_stream(subjects), prompts_stream(subjects), ai_stream(subjects)):
        await ensure_stream(js, config)
