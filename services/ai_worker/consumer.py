"""The AI worker's pull loop on the shared work queue (plain nats-py): fetch what there is
room for, handle each request in its own task, acknowledge by its outcome."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import nats.errors
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import ConsumerConfig
from president.contract import Subjects
from president.runtime.metrics import AI_REDELIVERIES

from services.ai_worker.worker import Outcome

log = logging.getLogger(__name__)

Handle = Callable[[bytes], Awaitable[Outcome]]
FETCH_WAIT = 1.0
MAX_RETRY_DELAY = 3.0


def ai_consumer_config(ack_wait: float) -> ConsumerConfig:
    """The tuning of the durable pull consumer ``subjects.ai_consumer`` that every worker
    binds to: unacknowledged work moves on after ``ack_wait`` seconds, so a killed
    worker's pending decisions go to another worker."""
    return ConsumerConfig(ack_wait=ack_wait, max_ack_pending=10_000, max_deliver=-1)


class WorkQueueConsumer:
    """At most ``concurrency`` requests in hand; the rest stay in the queue for others."""

    def __init__(
        self,
        js: JetStreamContext,
        subjects: Subjects,
        handle: Handle,
        *,
        concurrency: int,
        ack_wait: float,
    ):
        self._js = js
        self._subjects = subjects
        self._handle = handle
        self._ack_wait = ack_wait
        self._slots = asyncio.Semaphore(concurrency)
        self._concurrency = concurrency
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop_task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self.pulling = False
        """Whether the last fetch worked (readiness)."""

    async def start(self) -> None:
        subscription = await self._js.pull_subscribe(
            self._subjects.ai_decide,
            durable=self._subjects.ai_consumer,
            stream=self._subjects.ai_stream,
            config=ai_consumer_config(self._ack_wait),
        )
        self._loop_task = asyncio.create_task(self._pull(subscription), name="ai-pull")

    @property
    def loop(self) -> asyncio.Task[None]:
        """The pull loop's task (runs until :meth:`stop`)."""
        if self._loop_task is None:
            raise RuntimeError("the consumer is not started")
        return self._loop_task

    async def stop(self, grace: float = 3.0) -> None:
        """Stop fetching; give the requests in hand ``grace`` seconds, then hand the rest
        back to the queue at once (they go to another worker)."""
        self._stopping.set()
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        if self._tasks:
            _, pending = await asyncio.wait(list(self._tasks), timeout=grace)
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending, timeout=1.0)

    async def _pull(self, subscription: JetStreamContext.PullSubscription) -> None:
        while not self._stopping.is_set():
            await self._slots.acquire()
            room = 1
            while room < self._concurrency and not self._slots.locked():
                await self._slots.acquire()
                room += 1
            try:
                messages = await subscription.fetch(batch=room, timeout=FETCH_WAIT)
                self.pulling = True
            except (TimeoutError, nats.errors.TimeoutError):
                messages = []
                self.pulling = True
            except nats.errors.Error as error:
                if self.pulling:
                    log.warning("fetching decision requests failed: %s", error)
                self.pulling = False
                messages = []
                await asyncio.sleep(0.5)
            for message in messages:
                task = asyncio.create_task(self._one(message))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            for _ in range(room - len(messages)):
                self._slots.release()

    async def _one(self, message: Msg) -> None:
        if (message.metadata.num_delivered or 1) > 1:
            AI_REDELIVERIES.inc()
        try:
            outcome = await self._handle(message.data)
            if outcome is Outcome.ACK:
                await message.ack()
            elif outcome is Outcome.DROP:
                await message.term()
            else:
                delivered = message.metadata.num_delivered or 1
                await message.nak(delay=min(0.2 * delivered, MAX_RETRY_DELAY))
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await asyncio.shield(message.nak())
            raise
        except Exception:
            log.exception("a decision request failed; it will be redelivered")
        finally:
            self._slots.release()
