"""The AI worker's pull loops on the shared work queue (plain nats-py), each request in its
own task, acknowledged by its outcome; two consumers with their own room, so a decision of
a game with a person (``ai_decide``) never waits behind the all-AI games' (``ai_batch``)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable

import nats.errors
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.api import ConsumerConfig
from president.bus.pulls import OpenPulls
from president.contract import Subjects
from president.runtime.metrics import AI_REDELIVERIES
from president.runtime.outages import log_failure

from services.ai_worker.worker import Outcome

log = logging.getLogger(__name__)

Handle = Callable[[bytes, bool], Awaitable[Outcome]]
"""A decision request's handler: its body, and whether it came from the interactive queue."""
MAX_RETRY_DELAY = 3.0
PULL_EXPIRES = 2.0
"""Seconds an open pull request lasts; then JetStream ends it (408) and it is renewed.
Short: a killed worker's open requests outlive it until they expire, and what JetStream
hands them meanwhile waits ``ack_wait`` again (at 30 s, all AI workers gone for 30 s
came back to requests held past their restart)."""
HEARTBEAT = 1.0
"""JetStream's idle heartbeat on an open pull request: silence for ``SILENCE`` heartbeats
means the requests are lost (a reconnect, a leader change), and they are asked again."""
SILENCE = 3


def ai_consumer_config(ack_wait: float) -> ConsumerConfig:
    """The tuning of the durable pull consumers ``subjects.ai_consumer`` and
    ``ai_batch_consumer`` that every worker binds to: unacknowledged work moves on after
    ``ack_wait`` seconds, so a killed worker's pending decisions go to another worker."""
    return ConsumerConfig(ack_wait=ack_wait, max_ack_pending=10_000, max_deliver=-1)


def work_queues(subjects: Subjects) -> list[tuple[str, str]]:
    """``(subject, durable consumer)`` of each queue: interactive games', all-AI games'."""
    return [
        (subjects.ai_decide, subjects.ai_consumer),
        (subjects.ai_batch, subjects.ai_batch_consumer),
    ]


class WorkQueueConsumer:
    """At most ``concurrency`` requests in hand from each queue (interactive, batch); the
    rest stay in the queue for others."""

    def __init__(
        self,
        client: Client,
        subjects: Subjects,
        handle: Handle,
        *,
        concurrency: int,
        ack_wait: float,
    ):
        self._nats = client
        self._subjects = subjects
        self._handle = handle
        self._ack_wait = ack_wait
        self._concurrency = concurrency
        self._pulls: list[OpenPulls] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop_task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()

    @property
    def pulling(self) -> bool:
        """Whether the open pull requests are known to be alive (readiness)."""
        return bool(self._pulls) and all(pulls.alive for pulls in self._pulls)

    async def start(self) -> None:
        for subject, durable in work_queues(self._subjects):
            # The durable consumer, created when missing (as ``pull_subscribe`` would); its
            # inbox is not used: the open requests are answered on our own.
            subscription = await self._nats.jetstream().pull_subscribe(
                subject,
                durable=durable,
                stream=self._subjects.ai_stream,
                config=ai_consumer_config(self._ack_wait),
            )
            await subscription.unsubscribe()
            pulls = OpenPulls(
                self._nats,
                self._subjects.ai_stream,
                durable,
                functools.partial(self._on_delivery, len(self._pulls)),
                capacity=self._concurrency,
                expires=PULL_EXPIRES,
                heartbeat=HEARTBEAT,
                silence=SILENCE,
            )
            self._pulls.append(pulls)
        for pulls in self._pulls:
            await pulls.open()
        self._loop_task = asyncio.create_task(self._watch(self._pulls), name="ai-pull")

    @property
    def loop(self) -> asyncio.Task[None]:
        """The pull loop's task (runs until :meth:`stop`)."""
        if self._loop_task is None:
            raise RuntimeError("the consumer is not started")
        return self._loop_task

    async def stop(self, grace: float = 3.0) -> None:
        """Stop pulling; give the requests in hand ``grace`` seconds, then hand the rest
        back to the queue at once (they go to another worker)."""
        self._stopping.set()
        for pulls in self._pulls:
            with contextlib.suppress(nats.errors.Error):
                await pulls.close()  # no more asks; the open requests lose their reader
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

    async def _watch(self, queues: list[OpenPulls]) -> None:
        """Renew the requests whenever they went silent (and ask again for room that an
        ask which failed to go out left unasked)."""
        while not self._stopping.is_set():
            await asyncio.sleep(HEARTBEAT)
            for pulls in queues:
                if pulls.trouble is not None:  # its consumer is gone: ask again each beat
                    log.warning("the decision requests' consumer answered %s", pulls.trouble)
                    pulls.trouble = None
                await pulls.look()

    async def _on_delivery(self, queue: int, message: Msg) -> None:
        pulls = self._pulls[queue]
        if pulls.in_hand > self._concurrency:  # asked again after a silence: not ours
            with contextlib.suppress(nats.errors.Error):
                await message.nak()
            await pulls.done()
            return
        task = asyncio.create_task(self._one(message, pulls, interactive=queue == 0))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _one(self, message: Msg, pulls: OpenPulls, *, interactive: bool) -> None:
        if (message.metadata.num_delivered or 1) > 1:
            AI_REDELIVERIES.inc()
        try:
            outcome = await self._handle(message.data, interactive)
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
        except Exception as error:
            log_failure(
                log, error, "a decision request failed; it will be redelivered", again=False
            )
        finally:
            await pulls.done()
