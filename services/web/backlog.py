"""How many AI decisions wait in the work queue: the AI workers' consumer's pending and
unacknowledged counts (JetStream consumer info), asked at most once per ``max_age``
seconds whatever the request rate; the lobby is ``BUSY`` past its ceiling."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from nats.aio.client import Client
from nats.errors import Error as NatsError
from president.contract import Subjects

log = logging.getLogger(__name__)

Count = Callable[[], Awaitable[int]]


def consumer_backlog(client: Client, subjects: Subjects) -> Count:
    """The decisions waiting for, or held by, the AI workers (``$JS.API.CONSUMER.INFO``
    of their two consumers, interactive and batch: the ``web`` identity may read those
    consumers' info only)."""

    async def count() -> int:
        js, held = client.jetstream(), 0
        for durable in (subjects.ai_consumer, subjects.ai_batch_consumer):
            info = await js.consumer_info(subjects.ai_stream, durable)
            held += (info.num_pending or 0) + (info.num_ack_pending or 0)
        return held

    return count


class CachedCount:
    """``count()`` cached for ``max_age`` seconds, one look at a time. A look that fails
    (no answer, no consumer yet) keeps the last count: the bus is then slow for every
    command alike, and the lobby's own command budget still holds."""

    def __init__(
        self, count: Count, max_age: float = 1.0, clock: Callable[[], float] = time.monotonic
    ):
        self._count = count
        self._max_age = max_age
        self._clock = clock
        self._value = 0
        self._at = float("-inf")
        self._lock = asyncio.Lock()

    async def pending(self) -> int:
        if self._clock() - self._at < self._max_age:
            return self._value
        async with self._lock:
            if self._clock() - self._at >= self._max_age:
                try:
                    self._value = await self._count()
                except (TimeoutError, NatsError) as error:
                    log.warning("the AI work queue's backlog is unknown: %r", error)
                self._at = self._clock()
        return self._value
