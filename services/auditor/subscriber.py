"""The auditor's one subscriber (FastStream): every table's public events through the one
durable consumer all instances share, acked only once the game's (or round's) verdict is
stored."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from faststream import AckPolicy
from faststream.nats import JStream, NatsBroker, NatsRouter, PullSub
from faststream.nats.message import NatsMessage
from nats.errors import NotJSMessageError
from nats.js.api import ConsumerConfig, DeliverPolicy
from president.contract.headers import MSG_ID
from president.contract.subjects import Subjects
from president.contract.verdicts import Verdict, verdict_msg_id
from president.runtime.metrics import AUDIT_ERRORS, AUDIT_VERDICT_DELAY, AUDIT_VERDICTS

from services.auditor.verdicts import GameEnd, game_end

log = logging.getLogger(__name__)

Audit = Callable[[GameEnd], Awaitable[Verdict]]
PUBLISH_TIMEOUT = 5.0
FETCH_BATCH, FETCH_WAIT = 64, 0.2
"""Messages one pull may bring, and how long it may gather them. FastStream's defaults are
one message (a request per public event; most events are no end) and 5 s (the first
messages of a trickle held that long, unacked). See docs/decisions/2026-12-02-auditor.md."""


@dataclass(frozen=True)
class Consumer:
    """How the shared consumer delivers: ``durable`` (its name), games at once per
    instance, seconds before an unacknowledged end is delivered again, and the delay of
    an end handed back after a failed audit."""

    durable: str
    concurrency: int = 4
    ack_wait: float = 30.0
    retry_delay: float = 2.0
    inbox_prefix: str = "_INBOX"
    """Where its pulls are answered: the identity's own inbox (``president.bus.auth``)."""
    every_round: bool = False
    """A verdict on every round's end too (``PRESIDENT_AUDITOR_EVERY_ROUND``)."""

    def config(self) -> ConsumerConfig:
        """Everything from the stream's start (a new consumer audits every game the stream
        holds; an existing one resumes where it was), explicit acks, and no more ends in
        hand than the instances can audit."""
        return ConsumerConfig(
            deliver_policy=DeliverPolicy.ALL,
            ack_wait=self.ack_wait,
            max_ack_pending=max(64, 4 * self.concurrency),
        )


def audit_router(
    broker: NatsBroker, subjects: Subjects, audit: Audit, consumer: Consumer
) -> NatsRouter:
    """The router of the auditor's subscriber on ``broker``; ``audit`` gives a verdict.

    The handler takes no parameter: it reads the message from the broker's context.
    FastStream resolves each ``Context`` parameter (``NatsMessage``, ``NatsBroker``) with a
    synchronous ``use`` that fast-depends runs in a worker thread: two thread hops per
    public event. With the batched pulls, half the CPU per audited game."""
    router = NatsRouter()

    @router.subscriber(
        subjects.all_public,
        stream=JStream(subjects.events_stream, declare=False),
        durable=consumer.durable,
        config=consumer.config(),
        pull_sub=PullSub(batch_size=FETCH_BATCH, timeout=FETCH_WAIT),
        max_workers=consumer.concurrency,
        ack_policy=AckPolicy.MANUAL,
        inbox_prefix=f"{consumer.inbox_prefix}.".encode(),
        title="auditor/GameEnded",
        description="The end of every game (on a setting, of every round), to audit; other "
        "public events are acknowledged.",
    )
    async def on_public_event() -> None:
        msg: NatsMessage = broker.context.get_local("message")
        end = game_end(msg.headers, rounds=consumer.every_round)
        if end is None:
            await msg.ack()
            return
        try:
            verdict = await audit(end)
            await broker.publish(
                verdict,
                subjects.verdict(end.table_id),
                headers={MSG_ID: verdict_msg_id(end.event_id)},
                stream=subjects.audit_stream,
                timeout=PUBLISH_TIMEOUT,
            )
        except Exception as error:
            AUDIT_ERRORS.inc()
            log.warning("auditor: %s not audited yet (%r); handed back", end.stream_id, error)
            await msg.nack(delay=consumer.retry_delay)
            return
        scope = "game" if verdict.round is None else "round"
        AUDIT_VERDICTS.labels("passed" if verdict.type == "AuditPassed" else "failed", scope).inc()
        stored = stored_at(msg)
        if stored is not None:
            AUDIT_VERDICT_DELAY.observe(max(0.0, time.time() - stored))
        await msg.ack()

    return router


def stored_at(msg: NatsMessage) -> float | None:
    """When JetStream stored the message (seconds since 1970), if it says."""
    try:
        timestamp = msg.raw_message.metadata.timestamp
    except (AttributeError, NotJSMessageError):  # not from JetStream (a test broker's)
        return None
    return None if timestamp is None else float(timestamp.timestamp())
