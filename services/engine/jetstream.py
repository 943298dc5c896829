"""JetStream adapters of the engine: the prompt publisher and the events consumer (nats-py:
FastStream has no batched pull consumer with per-table fan-out)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence

from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy, PubAck
from president.contract import (
    DecisionRequest,
    LobbyEvent,
    PublicEvent,
    Subjects,
    TurnEnded,
    TurnPrompt,
    prompt_msg_id,
)
from president.contract.headers import MSG_ID
from president.game.prompts import Prompt
from president.runtime.logs import log_context
from pydantic import TypeAdapter, ValidationError

log = logging.getLogger(__name__)

REACTOR_ACK_WAIT = 5.0
"""Seconds before an unacknowledged event goes to another engine instance."""

_EVENT = TypeAdapter(PublicEvent | LobbyEvent)
TableHandler = Callable[[list[PublicEvent | LobbyEvent]], Awaitable[None]]


class JetStreamPrompts:
    """Publishes TurnPrompts and TurnEnded on the seat's prompt subject and DecisionRequests
    on the AI work queue, with ``Nats-Msg-Id`` = ``{table}:{version}:{seat}`` (``:end`` for
    a turn's end, ``:attempt-2`` for a decision asked again).

    Pipelined: every message goes out before any acknowledgement is awaited, so the
    prompts of all the tables a reactor round handles leave in one socket write.
    """

    def __init__(self, js: JetStreamContext, subjects: Subjects, ack_timeout: float = 10.0):
        self._js = js
        self._subjects = subjects
        self._ack_timeout = ack_timeout

    async def publish(self, messages: Sequence[Prompt]) -> None:
        acks: list[asyncio.Future[PubAck]] = []
        try:
            async with asyncio.timeout(self._ack_timeout):
                for message in messages:
                    subject, stream = self._destination(message)
                    msg_id = prompt_msg_id(
                        message.table_id, message.stream_version, message.seat, _suffix(message)
                    )
                    acks.append(
                        await self._js.publish_async(
                            subject,
                            message.model_dump_json().encode(),
                            stream=stream,
                            headers={MSG_ID: msg_id},
                        )
                    )
                await asyncio.gather(*acks)
        except BaseException:
            for ack in acks:
                ack.cancel()
            raise

    def _destination(self, message: Prompt) -> tuple[str, str]:
        if isinstance(message, TurnPrompt | TurnEnded):
            return (
                self._subjects.prompt(message.table_id, message.seat),
                self._subjects.prompts_stream,
            )
        return self._subjects.ai_decide, self._subjects.ai_stream


def _suffix(message: Prompt) -> str:
    if isinstance(message, TurnEnded):
        return "end"
    if isinstance(message, DecisionRequest) and message.attempt > 1:
        return f"attempt-{message.attempt}"
    return ""


def reactor_consumer(subjects: Subjects) -> ConsumerConfig:
    """The engines' shared durable consumer of public game events and lobby events."""
    return ConsumerConfig(
        durable_name=f"{subjects.prefix.replace('.', '_')}-engine-reactor",
        filter_subjects=[subjects.all_public, subjects.all_lobby],
        deliver_policy=DeliverPolicy.ALL,
        ack_policy=AckPolicy.EXPLICIT,
        # What a killed engine had fetched comes back to another one after this long;
        # handling a batch takes milliseconds, and handling twice is harmless.
        ack_wait=REACTOR_ACK_WAIT,
        max_ack_pending=20000,
    )


class EventConsumer:
    """Pulls batches from the reactor consumer; each table's events go to ``handler`` in
    order, tables run concurrently; a message is acked once handled, else redelivered."""

    def __init__(
        self,
        js: JetStreamContext,
        subjects: Subjects,
        handler: TableHandler,
        *,
        batch: int = 256,
        fetch_timeout: float = 1.0,
    ):
        self._js = js
        self._subjects = subjects
        self._handler = handler
        self._batch = batch
        self._fetch_timeout = fetch_timeout
        self._config = reactor_consumer(subjects)
        self.bound = False
        """Whether the consumer is bound and its last fetch worked (readiness)."""

    async def run(self, stop: asyncio.Event) -> None:
        """Consume until ``stop`` is set (failures are logged and retried)."""
        stream = self._subjects.events_stream
        durable = self._config.durable_name
        assert durable is not None
        failures = 0
        while not stop.is_set():
            try:
                await self._js.add_consumer(stream, self._config)
                subscription = await self._js.pull_subscribe_bind(durable, stream=stream)
                if failures:
                    log.info("engine reactor: consumer bound again")
                failures = 0
                try:
                    while not stop.is_set():
                        await self._round(subscription)
                        self.bound = True
                finally:
                    self.bound = False
                    with contextlib.suppress(Exception):
                        await subscription.unsubscribe()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                # The first failure with its traceback, then one line each (NATS away).
                if failures:
                    log.warning("engine reactor: consumer failed again: %r", error)
                else:
                    log.exception("engine reactor: consumer failed; retrying")
                failures += 1
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), min(0.25 * 2**failures, 5.0))

    async def _round(self, subscription: JetStreamContext.PullSubscription) -> None:
        try:
            messages = await subscription.fetch(self._batch, timeout=self._fetch_timeout)
        except TimeoutError:
            return
        by_table: dict[str, list[tuple[Msg, PublicEvent | LobbyEvent]]] = defaultdict(list)
        for message in messages:
            try:
                event = _EVENT.validate_json(message.data)
            except ValidationError:
                log.error("engine reactor: unreadable message on %s; dropped", message.subject)
                await message.term()
                continue
            by_table[event.table_id].append((message, event))
        await asyncio.gather(*(self._table(items) for items in by_table.values()))

    async def _table(self, items: list[tuple[Msg, PublicEvent | LobbyEvent]]) -> None:
        table_id = items[0][1].table_id
        try:
            with log_context(table_id=table_id, correlation_id=table_id):
                await self._handler([event for _, event in items])
        except Exception:
            log.exception("engine reactor: table %s failed; redelivering", table_id)
            for message, _ in items:
                await message.nak(delay=1.0)
            return
        for message, _ in items:
            await message.ack()
