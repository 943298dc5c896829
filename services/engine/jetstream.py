"""JetStream adapters of the engine: the prompt publisher and the lobby events' consumer
(nats-py: FastStream has no pull consumer kept open)."""

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
"""Seconds before an unacknowledged start request goes to another engine instance (a killed
engine's go on soon; one still running then is handled twice, harmlessly: idempotent)."""
PULL_EXPIRES = 1.0
"""Seconds each of the reactor's open pull requests lasts (an idle heartbeat every half)."""
PROMPTS_IN_FLIGHT = 256
"""Prompts of one call unacknowledged at most (a call holds one table's, a few)."""
PROMPT_ACK_TIMEOUT = 10.0

_EVENT = TypeAdapter(PublicEvent | LobbyEvent)


class JetStreamPrompts:
    """Publishes TurnPrompts and TurnEnded on the seat's prompt subject and DecisionRequests
    on the AI work queue (``ai_decide`` with a person at the table, else ``ai_batch``),
    pipelined, each under its ``Nats-Msg-Id`` (``prompt_msg_id``: a prompt sent twice is
    stored once); a refusal raises what JetStream said."""

    def __init__(self, client: QuickClient, subjects: Subjects):
        self._pipeline = AckPipeline(client, PROMPTS_IN_FLIGHT)
        self._subjects = subjects
        # Names computed once (``Subjects`` formats them on each read).
        self._prompts_stream = subjects.prompts_stream
        self._ai = {True: subjects.ai_decide, False: subjects.ai_batch}
        self._ai_stream = subjects.ai_stream

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
            async with asyncio.timeout(PROMPT_ACK_TIMEOUT):
                await self._pipeline.publish(batch)
        except BatchFailed as failed:
            raise failed.error from None  # what publish_async's future would have raised


def reactor_durable(subjects: Subjects, secret: str) -> str:
    """The reactor consumer's name, with a part no client can learn, derived from the
    engines' token secret (why: docs/decisions/2026-12-02-consumers-under-own-name.md)."""
    tag = hmac.new(secret.encode(), f"reactor:{subjects.prefix}".encode(), hashlib.sha256)
    return f"{subjects.prefix.replace('.', '_')}-engine-reactor-{tag.hexdigest()[:16]}"


def reactor_consumer(subjects: Subjects, secret: str) -> ConsumerConfig:
    """The engines' shared durable consumer of the lobby events, for the start requests (the
    game events are reacted to by the instance that committed them; a consumer of the
    release before, game events too, is drift)."""
    return ConsumerConfig(
        durable_name=reactor_durable(subjects, secret),
        filter_subjects=[subjects.all_lobby],
        deliver_policy=DeliverPolicy.ALL,
        ack_policy=AckPolicy.EXPLICIT,
        ack_wait=REACTOR_ACK_WAIT,
        max_ack_pending=20000,
    )


_STARTS = (DeliverPolicy.ALL, DeliverPolicy.BY_START_SEQUENCE)


def _settings(c: ConsumerConfig) -> dict[str, Any]:
    """What is checked of the reactor's consumer (a difference is drift), as JetStream
    reports it (no limit: -1, 0 or None; one filter in ``filter_subject``); it may start at
    the stream's first message or at a sequence (an engine's own position), nowhere else."""
    return {
        "deliver_subject": c.deliver_subject or None,
        "filter_subjects": sorted(c.filter_subjects or filter(None, [c.filter_subject])),
        "from_first_or_a_sequence": c.deliver_policy in _STARTS,
        "ack_policy": c.ack_policy,
        "ack_wait": round(float(c.ack_wait or 0.0), 3),
        "max_ack_pending": c.max_ack_pending or None,
        "max_deliver": c.max_deliver or -1,
        "backoff": list(c.backoff or []),
        "headers_only": bool(c.headers_only),
        "inactive_threshold": round(float(c.inactive_threshold or 0.0), 3),
    }


class EventConsumer:
    """Keeps pull requests open on the reactor consumer (:class:`OpenPulls`: at most
    ``batch`` messages asked for or in hand); each start request goes to
    ``handler(table_id, event_id)`` (``Reactor.start``) at once, and is acked once handled.

    The consumer is checked at start and every ``check_every`` seconds against
    :func:`reactor_consumer`: one changed by someone else (drift) or deleted (lost) is
    logged, counted, makes the engine not ready, and is created again from the engine's
    position (its ack floor as last seen intact; with none, after the stream's last message:
    what it missed is the sweep's). Engines healing at once look again after a random
    moment, so that one heals for all."""

    def __init__(
        self,
        client: Client,
        subjects: Subjects,
        handler: Callable[[str, str], Awaitable[None]],
        *,
        secret: str,
        batch: int = 256,
        check_every: float = 5.0,
    ):
        self._client = client
        self._js = client.jetstream()
        self._handler = handler
        self._batch = batch
        self._check_every = check_every
        self._config = reactor_consumer(subjects, secret)
        self.durable = reactor_durable(subjects, secret)
        self._stream = subjects.events_stream
        self.position: int | None = None
        """The stream sequence up to which every event was handled and acked (None: unknown)."""
        self.bound = False
        """Whether the consumer is bound, as configured, and its pull requests answer."""
        self.problem: str | None = None
        """What is wrong with the consumer while it is healed."""
        self._pulls: OpenPulls
        self._tasks: set[asyncio.Task[None]] = set()

    async def health(self) -> str | None:
        """What is wrong with the consumer (a health check: None when all is well)."""
        if self.problem is not None:
            return f"the reactor's consumer {self.problem}; healing it"
        return None if self.bound else "the reactor's consumer is not bound"

    async def run(self, stop: asyncio.Event) -> None:
        """Consume until ``stop`` is set (failures are logged and retried); the starts in
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
                except Exception as error:
                    log_failure(log, error, "engine reactor: consumer failed", again=failures > 0)
                    failures += 1
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(stop.wait(), min(0.25 * 2**failures, 5.0))
            if self._tasks:
                await asyncio.wait(list(self._tasks))
        finally:
            for task in self._tasks:
                task.cancel()  # unacked: it comes back after ack_wait

    async def _pull(self, stop: asyncio.Event) -> None:
        """Keep pull requests open on the consumer until ``stop`` or until it is created again."""
        loop = asyncio.get_running_loop()
        pulls = self._pulls = OpenPulls(
            self._client,
            self._stream,
            self.durable,
            self._received,
            capacity=self._batch,
            expires=PULL_EXPIRES,
            heartbeat=PULL_EXPIRES / 2,
        )
        await pulls.open()
        try:
            next_check = loop.time() + self._check_every
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), PULL_EXPIRES / 2)
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
        if self.position is not None or info is not None:  # else a first start: none lost
            log.warning("engine reactor: consumer %s %s; healing it", self.durable, problem)
            REACTOR_CONSUMER_REPAIRS.labels("lost" if info is None else "drift").inc()
            self.problem, self.bound = problem, False
            await asyncio.sleep(random.uniform(0.2, 1.0))
            problem, info = await self._inspect()  # another engine may have healed it
        if problem is not None:
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
        want, have = _settings(self._config), _settings(info.config)
        drift = [
            f"{name} {have[name]!r} -> {want[name]!r}" for name in want if have[name] != want[name]
        ]
        return (f"was changed: {', '.join(drift)}" if drift else None), info

    async def _create(self) -> None:
        """Create the consumer after the position; another engine may have been quicker."""
        position = self.position
        if position is None:
            position = (await self._js.stream_info(self._stream)).state.last_seq
        config = dataclasses.replace(
            self._config, deliver_policy=DeliverPolicy.BY_START_SEQUENCE, opt_start_seq=position + 1
        )
        try:
            await self._js.add_consumer(self._stream, config)
        except APIError:
            if (await self._inspect())[0] is not None:
                raise
            log.info("engine reactor: consumer %s created by another engine", self.durable)
            return
        self.position = position
        log.info("engine reactor: consumer %s created from sequence %s", self.durable, position + 1)

    async def _received(self, message: Msg) -> None:
        """A start request creates its game in a task of its own; any other lobby event is acked."""
        try:
            event = _EVENT.validate_json(message.data)
        except ValidationError:
            log.error("engine reactor: unreadable message on %s; dropped", message.subject)
            event = None
        if isinstance(event, LobbyEvent) and event.event_type == "GameStartRequested":
            task = asyncio.create_task(self._start(message, event, self._pulls))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return
        try:
            await (message.term() if event is None else message.ack())
        finally:
            await self._pulls.done()

    async def _start(self, message: Msg, event: LobbyEvent, pulls: OpenPulls) -> None:
        """Create the game, then ack; a failure leaves it unacked (redelivered after ack_wait)."""
        try:
            with log_context(table_id=event.table_id, correlation_id=event.table_id):
                await self._handler(event.table_id, event.event_id)
            await message.ack()
        except Exception:
            log.exception("engine reactor: table %s not started; redelivering", event.table_id)
        finally:
            await pulls.done()
