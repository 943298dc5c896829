"""The AI worker's pull loop on the shared work queue (plain nats-py): pull requests kept
open for as many requests as there is room for, each request handled in its own task
and acknowledged by its outcome."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable

import nats.errors
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.js.api import ConsumerConfig
from president.contract import Subjects
from president.runtime.metrics import AI_REDELIVERIES

from services.ai_worker.worker import Outcome

log = logging.getLogger(__name__)

Handle = Callable[[bytes], Awaitable[Outcome]]
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
    """The tuning of the durable pull consumer ``subjects.ai_consumer`` that every worker
    binds to: unacknowledged work moves on after ``ack_wait`` seconds, so a killed
    worker's pending decisions go to another worker."""
    return ConsumerConfig(ack_wait=ack_wait, max_ack_pending=10_000, max_deliver=-1)


class WorkQueueConsumer:
    """At most ``concurrency`` requests in hand; the rest stay in the queue for others."""

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
        self._top_up_at = max(1, concurrency // 4)
        self._next = f"$JS.API.CONSUMER.MSG.NEXT.{subjects.ai_stream}.{subjects.ai_consumer}"
        self._inbox = ""
        self._subscription: Subscription | None = None
        self._asked = 0
        """Requests asked for by the open pull requests and not delivered yet."""
        self._in_hand = 0
        self._heard = time.monotonic()
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop_task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self.pulling = False
        """Whether the open pull requests are known to be alive (readiness)."""

    async def start(self) -> None:
        # The durable consumer, created when missing (as ``pull_subscribe`` would); its
        # inbox is not used: the open requests are answered on our own.
        subscription = await self._nats.jetstream().pull_subscribe(
            self._subjects.ai_decide,
            durable=self._subjects.ai_consumer,
            stream=self._subjects.ai_stream,
            config=ai_consumer_config(self._ack_wait),
        )
        await subscription.unsubscribe()
        self._inbox = self._nats.new_inbox()
        self._subscription = await self._nats.subscribe(
            self._inbox, cb=self._on_delivery, pending_msgs_limit=100_000
        )
        self._loop_task = asyncio.create_task(self._watch(), name="ai-pull")

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
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        if self._subscription is not None:
            with contextlib.suppress(nats.errors.Error):
                await self._subscription.unsubscribe()  # the open requests lose their reader
        if self._tasks:
            _, pending = await asyncio.wait(list(self._tasks), timeout=grace)
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending, timeout=1.0)

    async def _watch(self) -> None:
        """Ask for the first requests, then renew them whenever they went silent (and ask
        again for room that an ask which failed to go out left unasked)."""
        await self._top_up()
        while not self._stopping.is_set():
            await asyncio.sleep(HEARTBEAT)
            silent = time.monotonic() - self._heard > SILENCE * HEARTBEAT
            if self._asked and silent:  # open requests, yet not even a heartbeat
                if self.pulling:
                    log.warning("the pull requests went silent; asking again")
                self.pulling = False
                self._asked = 0  # whatever they held is JetStream's to redeliver
            await self._top_up()  # also after an ask that could not be sent

    async def _top_up(self) -> None:
        room = self._concurrency - self._in_hand - self._asked
        if room <= 0 or self._stopping.is_set():
            return
        if self._asked and room < self._top_up_at:
            return  # requests are still open: wait for a few slots, ask once for them
        request = {
            "batch": room,
            "expires": int(PULL_EXPIRES * 1e9),
            "idle_heartbeat": int(HEARTBEAT * 1e9),
        }
        self._asked += room
        try:
            await self._nats.publish(self._next, json.dumps(request).encode(), reply=self._inbox)
        except nats.errors.Error as error:
            self._asked -= room
            if self.pulling:
                log.warning("asking for decision requests failed: %s", error)
            self.pulling = False

    async def _on_delivery(self, message: Msg) -> None:
        self._heard = time.monotonic()
        status = message.headers.get("Status") if message.headers else None
        if status is not None:
            self._on_status(status, message)
            await self._top_up()
            return
        self.pulling = True
        self._asked = max(0, self._asked - 1)
        if self._in_hand >= self._concurrency:  # asked again after a silence: not ours
            with contextlib.suppress(nats.errors.Error):
                await message.nak()
            return
        self._in_hand += 1
        task = asyncio.create_task(self._one(message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _on_status(self, status: str, message: Msg) -> None:
        """A heartbeat (100), or an open request ended (408 expired, 409 a conflict such
        as a leader change) with the count it still held."""
        self.pulling = True
        if status == "100":
            return
        assert message.headers is not None
        left = message.headers.get("Nats-Pending-Messages")
        if left is not None and left.isdigit():
            self._asked = max(0, self._asked - int(left))
        else:  # no count: assume every open request ended
            self._asked = 0
        if status not in ("404", "408"):
            log.info("a pull request ended: %s %s", status, message.headers.get("Description"))

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
            self._in_hand -= 1
            await self._top_up()
