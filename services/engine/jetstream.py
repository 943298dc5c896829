"""JetStream adapters of the engine: the prompt publisher and the events consumer (nats-py:
FastStream has no batched pull consumer with per-table fan-out)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.api import AckPolicy, ConsumerConfig, ConsumerInfo, DeliverPolicy, Header
from nats.js.errors import APIError, NotFoundError
from president.bus.acks import AckPipeline, BatchFailed, Message
from president.bus.pulls import OpenPulls
from president.bus.quick_client import QuickClient
from president.contract import LobbyEvent, PublicEvent, Subjects
from president.contract.headers import MSG_ID
from president.contract.messages import prompt_msg_id
from president.game.prompts import Prompt
from president.runtime.logs import log_context
from president.runtime.metrics import REACTOR_CONSUMER_REPAIRS
from president.runtime.outages import log_failure
from pydantic import TypeAdapter, ValidationError

from services.engine.prompt_json import prompt_payloads

log = logging.getLogger(__name__)

REACTOR_ACK_WAIT = 1.5
"""Seconds before an unacknowledged event goes to another engine instance: what a killed
engine had pulled is reacted to by another this soon (crash failover under 3 s). A live
engine's slow table is not redelivered: it says "in progress" every third of it."""
REACTOR_CHECK_EVERY = 5.0
"""Seconds between looks at the reactor's consumer (``PRESIDENT_ENGINE_CONSUMER_CHECK``)."""

PROMPTS_IN_FLIGHT = 256
"""Prompts of one call unacknowledged at most (a call holds one table's, a few)."""

_EVENT = TypeAdapter(PublicEvent | LobbyEvent)
TableHandler = Callable[[list[PublicEvent | LobbyEvent]], Awaitable[None]]


class JetStreamPrompts:
    """Publishes TurnPrompts and TurnEnded on the seat's prompt subject and DecisionRequests
    on the AI work queue (``ai_decide`` for a game with a person at the table, else
    ``ai_batch``: the workers take interactive decisions first), with ``Nats-Msg-Id`` =
    ``{table}:{version}:{seat}`` (``:end`` for a turn's end, ``:attempt-2`` for a decision
    asked again).

    Pipelined (:class:`president.bus.acks.AckPipeline`): a call's messages all go out
    before any acknowledgement is awaited; a refusal raises what JetStream said.
    """

    def __init__(
        self,
        client: QuickClient,
        subjects: Subjects,
        ack_timeout: float = 10.0,
        window: int = PROMPTS_IN_FLIGHT,
    ):
        self._pipeline = AckPipeline(client, window)
        self._subjects = subjects
        # Names computed once (``Subjects`` formats them on each read).
        self._prompts_stream = subjects.prompts_stream
        self._ai = {True: subjects.ai_decide, False: subjects.ai_batch}
        self._ai_stream = subjects.ai_stream
        self._ack_timeout = ack_timeout

    async def publish(self, messages: Sequence[Prompt], *, interactive: bool = True) -> None:
        batch: list[Message] = []
        for message, payload in zip(messages, prompt_payloads(messages), strict=True):
            if message.type == "DecisionRequest":
                subject, stream = self._ai[interactive], self._ai_stream
                suffix = f"attempt-{message.attempt}" if message.attempt > 1 else ""
            else:
                subject = self._subjects.prompt(message.table_id, message.seat)
                stream = self._prompts_stream
                suffix = "end" if message.type == "TurnEnded" else ""
            msg_id = prompt_msg_id(message.table_id, message.stream_version, message.seat, suffix)
            batch.append((subject, payload, {MSG_ID: msg_id, Header.EXPECTED_STREAM: stream}))
        try:
            async with asyncio.timeout(self._ack_timeout):
                await self._pipeline.publish(batch)
        except BatchFailed as failed:
            raise failed.error from None  # what publish_async's future would have raised


def reactor_durable(subjects: Subjects, secret: str) -> str:
    """The reactor consumer's name, with a part derived from the engines' token secret.

    A client may create consumers on the events stream by the legacy subject that
    ordered consumers use, and nats-server takes the name from the request's body there:
    a body naming an existing consumer updates it, which no permission can tell apart.
    Only a name no client can learn keeps this consumer out of reach (64 bits; the
    clients may neither list consumers nor read their advisories). No consumer of
    another name is ever adopted: the name it had before this part, ``{p}-engine-reactor``,
    is one any client may create, starting anywhere."""
    tag = hmac.new(secret.encode(), f"reactor:{subjects.prefix}".encode(), hashlib.sha256)
    return f"{subjects.prefix.replace('.', '_')}-engine-reactor-{tag.hexdigest()[:16]}"


def reactor_consumer(subjects: Subjects, secret: str) -> ConsumerConfig:
    """The engines' shared durable consumer of public game events and lobby events (as
    created on a brand-new stream: from its first message)."""
    return ConsumerConfig(
        durable_name=reactor_durable(subjects, secret),
        filter_subjects=[subjects.all_public, subjects.all_lobby],
        deliver_policy=DeliverPolicy.ALL,
        ack_policy=AckPolicy.EXPLICIT,
        # What a killed engine had fetched comes back to another one after this long;
        # handling a batch takes milliseconds (longer: progress acks), and handling twice
        # is harmless.
        ack_wait=REACTOR_ACK_WAIT,
        max_ack_pending=20000,
    )


_CHECKED = (
    "durable_name",
    "deliver_subject",
    "filter_subjects",
    "ack_policy",
    "ack_wait",
    "max_ack_pending",
    "max_deliver",
    "backoff",
    "headers_only",
    "inactive_threshold",
)
_STARTS = (DeliverPolicy.ALL, DeliverPolicy.BY_START_SEQUENCE)


def consumer_drift(wanted: ConsumerConfig, held: ConsumerConfig) -> dict[str, tuple[Any, Any]]:
    """``{field: (held, wanted)}`` for each setting of the reactor's consumer that differs
    from ``wanted`` (``reactor_consumer``); where it starts may be the stream's first
    message or a sequence (an engine's own position), nothing else."""
    found = {
        name: (have, want)
        for name in _CHECKED
        if (want := _normal(name, wanted)) != (have := _normal(name, held))
    }
    if held.deliver_policy not in _STARTS:
        found["deliver_policy"] = (held.deliver_policy, wanted.deliver_policy)
    return found


def _normal(name: str, config: ConsumerConfig) -> Any:
    """As JetStream reports it (no limit: -1, 0 or None; one filter in ``filter_subject``)."""
    value = getattr(config, name)
    if name == "filter_subjects":
        return sorted(value or ([config.filter_subject] if config.filter_subject else []))
    if name in ("ack_wait", "inactive_threshold"):
        return round(float(value or 0.0), 3)
    if name == "max_deliver":
        return -1 if value in (None, 0) else value
    if name == "backoff":
        return list(value or [])
    if name == "headers_only":
        return bool(value)
    return value or None


class EventConsumer:
    """Keeps pull requests open on the reactor consumer (:class:`OpenPulls`: at most
    ``batch`` messages asked for or in hand, each request lasting ``expires`` s); each
    table's events go to ``handler`` in order, a batch of what came together at a time,
    tables run concurrently; a message is acked once handled, else redelivered.

    The consumer is checked at start and every ``check_every`` seconds against
    :func:`reactor_consumer`: one updated by someone else (drift) or deleted (lost) is
    logged, counted (``president_reactor_consumer_repairs_total``), makes the engine not
    ready, and is created again from the engine's position: the consumer's ack floor as
    last seen intact (every event up to it handled and acked), never from the stream's
    start. An engine without a position that finds no consumer on a stream holding
    messages starts after the stream's last one (what it missed is the sweep's:
    ``services.engine.sweep``). Engines healing at once look again after a random
    ``settle`` delay, so that one heals and the others find the repair.
    """

    def __init__(
        self,
        client: Client,
        subjects: Subjects,
        handler: TableHandler,
        *,
        secret: str,
        batch: int = 256,
        expires: float = 1.0,
        check_every: float = REACTOR_CHECK_EVERY,
        settle: tuple[float, float] = (0.2, 1.0),
    ):
        self._client = client
        self._js = client.jetstream()
        self._subjects = subjects
        self._handler = handler
        self._batch = batch
        self._expires = expires
        self._heartbeat = expires / 2
        self._check_every = check_every
        self._settle = settle
        self._config = reactor_consumer(subjects, secret)
        self._stream = subjects.events_stream
        self.position: int | None = None
        """The stream sequence up to which every event was handled and acked (None: not
        known yet)."""
        self.bound = False
        """Whether the consumer is bound, as configured, and its pull requests answer."""
        self.problem: str | None = None
        """What is wrong with the consumer while it is healed."""
        self._pulls: OpenPulls
        self._waiting: dict[str, list[tuple[Msg, PublicEvent | LobbyEvent]]] = {}
        """Each table with a task running: the messages it takes next."""
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def durable(self) -> str:
        assert self._config.durable_name is not None
        return self._config.durable_name

    async def health(self) -> str | None:
        """What is wrong with the consumer (a health check: None when all is well)."""
        if self.problem is not None:
            return f"the reactor's consumer {self.problem}; healing it"
        if not self.bound:
            return "the reactor's consumer is not bound"
        return None

    async def run(self, stop: asyncio.Event) -> None:
        """Consume until ``stop`` is set (failures are logged and retried); the tables in
        hand are finished before it returns."""
        failures = 0
        try:
            while not stop.is_set():
                try:
                    await self.check()
                    if failures:
                        log.info("engine reactor: consumer bound again")
                    failures = 0
                    await self._pull(stop)
                except asyncio.CancelledError:
                    raise
                except Exception as error:
                    log_failure(log, error, "engine reactor: consumer failed", again=failures > 0)
                    failures += 1
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(stop.wait(), min(0.25 * 2**failures, 5.0))
            if self._tasks:
                await asyncio.wait(list(self._tasks))
        finally:
            for task in self._tasks:
                task.cancel()  # cancelled: what it held comes back after ack_wait

    async def _pull(self, stop: asyncio.Event) -> None:
        """Keep pull requests open on the consumer until ``stop``, or until it was
        created again (then bind to the new one)."""
        loop = asyncio.get_running_loop()
        pulls = self._pulls = OpenPulls(
            self._client,
            self._stream,
            self.durable,
            self._received,
            capacity=self._batch,
            expires=self._expires,
            heartbeat=self._heartbeat,
        )
        await pulls.open()
        try:
            next_check = loop.time() + self._check_every
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), self._heartbeat)
                await pulls.look()
                self.bound = self.problem is None and pulls.alive
                if pulls.trouble is not None or loop.time() >= next_check:
                    if pulls.trouble is not None:
                        log.info("engine reactor: the consumer answered %s", pulls.trouble)
                    next_check = loop.time() + self._check_every
                    if await self.check():
                        return  # created again: bind to the new one
                    pulls.trouble = None
        finally:
            self.bound = False
            with contextlib.suppress(Exception):
                await pulls.close()

    async def check(self) -> bool:
        """Look at the consumer; create it when missing, heal it when it drifted or was
        lost (see the class). Whether it was created."""
        problem, info = await self._inspect()
        if problem is None:
            self.problem = None
            if info is not None and info.ack_floor is not None:
                self.position = max(self.position or 0, info.ack_floor.stream_seq)
            return False
        if self.position is None and info is None:
            await self._create()  # a first start (or a new token secret): nothing was lost
            return True
        kind = "lost" if info is None else "drift"
        log.warning("engine reactor: consumer %s %s; healing it", self.durable, problem)
        REACTOR_CONSUMER_REPAIRS.labels(kind).inc()
        self.problem, self.bound = problem, False
        await asyncio.sleep(random.uniform(*self._settle))
        problem, info = await self._inspect()  # another engine may have healed it
        if problem is None:
            log.info("engine reactor: consumer %s was healed by another engine", self.durable)
            self.problem = None
            return True
        if info is not None:
            with contextlib.suppress(NotFoundError):
                await self._js.delete_consumer(self._stream, self.durable)
        await self._create()
        self.problem = None
        return True

    async def _inspect(self) -> tuple[str | None, ConsumerInfo | None]:
        try:
            info = await self._js.consumer_info(self._stream, self.durable)
        except NotFoundError:
            return "is missing", None
        drift = consumer_drift(self._config, info.config)
        if not drift:
            return None, info
        said = ", ".join(f"{name} {held!r} -> {want!r}" for name, (held, want) in drift.items())
        return f"was changed: {said}", info

    async def _create(self) -> None:
        """Create the consumer from the position (else after the stream's last message,
        or from the start of an empty stream); an identical one is already there if
        another engine was quicker."""
        config = self._config
        start = None if self.position is None else self.position + 1
        if start is None:
            state = (await self._js.stream_info(self._stream)).state
            start = state.last_seq + 1 if state.messages else None
        if start is not None:
            config = dataclasses.replace(
                config, deliver_policy=DeliverPolicy.BY_START_SEQUENCE, opt_start_seq=start
            )
        try:
            await self._js.add_consumer(self._stream, config)
        except APIError:
            if (await self._inspect())[0] is not None:
                raise
            log.info("engine reactor: consumer %s created by another engine", self.durable)
            return
        self.position = max(self.position or 0, (start or 1) - 1)
        log.info("engine reactor: consumer %s created from sequence %s", self.durable, start or 1)

    async def _received(self, message: Msg) -> None:
        """A message from the open pull requests: to its table's queue. The messages of
        one read come before any table runs, so a table handles them as one batch."""
        try:
            event = _EVENT.validate_json(message.data)
        except ValidationError:
            log.error("engine reactor: unreadable message on %s; dropped", message.subject)
            try:
                await message.term()
            finally:
                await self._pulls.done()
            return
        waiting = self._waiting.get(event.table_id)
        if waiting is not None:  # the table's task takes it next
            waiting.append((message, event))
            return
        self._waiting[event.table_id] = [(message, event)]
        task = asyncio.create_task(self._drain(event.table_id, self._pulls))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _drain(self, table_id: str, pulls: OpenPulls) -> None:
        """Handle the table's messages, in order, until none is waiting."""
        try:
            while items := self._waiting[table_id]:
                self._waiting[table_id] = []
                try:
                    await self._table(items)
                finally:
                    await pulls.done(len(items))
        except Exception:
            # Acks or naks that could not be sent (NATS away): redelivered after ack_wait.
            log.exception("engine reactor: table %s's acks failed", table_id)
        finally:
            # What came for the table meanwhile is neither acked nor handed back: JetStream
            # delivers it again after ack_wait; its room in the pulls is free now.
            left = self._waiting.pop(table_id)
            if left:
                await pulls.done(len(left))

    async def _table(self, items: list[tuple[Msg, PublicEvent | LobbyEvent]]) -> None:
        table_id = items[0][1].table_id
        keeper = asyncio.create_task(self._in_progress(table_id, items))
        try:
            with log_context(table_id=table_id, correlation_id=table_id):
                await self._handler([event for _, event in items])
        except Exception:
            log.exception("engine reactor: table %s failed; redelivering", table_id)
            for message, _ in items:
                await message.nak(delay=1.0)
            return
        finally:
            keeper.cancel()
        for message, _ in items:
            await message.ack()

    async def _in_progress(
        self, table_id: str, items: list[tuple[Msg, PublicEvent | LobbyEvent]]
    ) -> None:
        """While the table's handler runs, every third of ``ack_wait``: "in progress" for
        its messages and those waiting behind them, so a slow live engine keeps them."""
        while True:
            await asyncio.sleep(REACTOR_ACK_WAIT / 3)
            for message, _ in [*items, *self._waiting.get(table_id, ())]:
                with contextlib.suppress(Exception):  # not sent: redelivered, harmless
                    await message.in_progress()
