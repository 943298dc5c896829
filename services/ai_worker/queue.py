"""The JetStream work queue of DecisionRequests: the contract's stream
(``president.bus.streams.ai_stream``), created by the engine or any worker when
missing, with the same settings."""

from __future__ import annotations

from nats.js import JetStreamContext
from president.bus.streams import StreamLimits, ai_stream, ensure_stream
from president.contract import Subjects


async def ensure_ai_stream(
    js: JetStreamContext, subjects: Subjects, limits: StreamLimits | None = None
) -> None:
    """Create the work-queue stream when missing (whoever comes first: engine or worker),
    or bring it to the settings (``president.bus.streams.ensure_stream``)."""
    await ensure_stream(js, ai_stream(subjects, limits))
