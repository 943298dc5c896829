"""Composition root of an AI-worker process: ``create_app(settings)`` wires everything.

The work queue is consumed through FastStream (a JetStream pull subscriber bound to
the shared durable consumer, manual acknowledgement); commands go to the engine on a
plain nats-py connection, which also publishes the worker's stats. Nothing connects
at import time; SIGTERM stops the pulls, lets decisions in hand finish, and exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

import nats
from faststream import AckPolicy, FastStream
from faststream.nats import JStream, NatsBroker, NatsMessage, NatsRouter, PullSub
from nats.aio.client import Client
from president.contract import Subjects
from president.runtime import clear_ready, mark_ready
from president.settings import load_settings

from services.ai_worker.client import NatsGameClient
from services.ai_worker.queue import ai_consumer_config, ensure_ai_stream
from services.ai_worker.settings import AIWorkerSettings
from services.ai_worker.worker import AIWorker, Outcome, PolicyCache, WorkerStats

log = logging.getLogger(__name__)


def stats_subject(subjects: Subjects, instance_id: str) -> str:
    """Where a worker reports what it did (core NATS, once per stats interval)."""
    return f"{subjects.prefix}.stats.ai-worker.{instance_id}"


class WorkerProcess:
    """The resources of one AI-worker process, opened and closed by the app's hooks."""

    def __init__(self, settings: AIWorkerSettings):
        self.settings = settings
        self.subjects = Subjects(settings.subject_prefix)
        self.stats = WorkerStats()
        self.worker: AIWorker | None = None
        self._client: Client | None = None
        self._reporter: asyncio.Task[None] | None = None

    async def handle(self, msg: NatsMessage) -> None:
        if self.worker is None:
            raise RuntimeError("the AI worker is not started")
        outcome = await self.worker.handle(msg.raw_message.data)
        if outcome is Outcome.ACK:
            await msg.ack()
        elif outcome is Outcome.DROP:
            await msg.reject()
        else:
            delivered = msg.raw_message.metadata.num_delivered or 1
            await msg.nack(delay=min(0.2 * delivered, 3.0))

    async def open(self) -> None:
        assert self.settings.nats_url is not None
        self._client = await nats.connect(
            self.settings.nats_url, name=f"president-{self.settings.instance_id}-client"
        )
        await ensure_ai_stream(self._client.jetstream(), self.subjects)
        self.worker = AIWorker(
            NatsGameClient(self._client, self.subjects, self.settings.command_timeout),
            PolicyCache(self.settings.ai_seed, self.settings.budget_ms),
            self.stats,
        )

    async def serving(self) -> None:
        self._reporter = asyncio.create_task(self._report(), name="stats")
        mark_ready(self.settings.ready_file, self.settings.instance_id)
        log.info("AI worker %s: serving", self.settings.instance_id)

    async def stopping(self) -> None:
        clear_ready(self.settings.ready_file)

    async def close(self) -> None:
        if self._reporter is not None:
            self._reporter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reporter
        if self._client is not None:
            await self._publish_stats()
            await self._client.drain()

    async def _report(self) -> None:
        while True:
            await asyncio.sleep(self.settings.stats_interval)
            await self._publish_stats()

    async def _publish_stats(self) -> None:
        if self._client is None or self._client.is_closed:
            return
        if not (self.stats.decisions or self.stats.retries):
            return
        report = self.stats.drain(self.settings.instance_id)
        with contextlib.suppress(Exception):
            await self._client.publish(
                stats_subject(self.subjects, self.settings.instance_id), json.dumps(report).encode()
            )


def worker_router(process: WorkerProcess) -> NatsRouter:
    """The pull subscriber on the shared work queue."""
    settings, subjects = process.settings, process.subjects
    router = NatsRouter()

    @router.subscriber(
        subjects.ai_decide,
        stream=JStream(subjects.ai_stream, declare=False),
        durable=subjects.ai_consumer,
        pull_sub=PullSub(batch_size=settings.concurrency, timeout=1.0),
        config=ai_consumer_config(settings.ack_wait),
        ack_policy=AckPolicy.MANUAL,
        max_workers=settings.concurrency,
    )
    async def on_decision_request(msg: NatsMessage) -> None:
        await process.handle(msg)

    return router


def create_app(settings: AIWorkerSettings | None = None) -> FastStream:
    """The AI-worker application (a FastStream app on NATS; no database)."""
    settings = settings or load_settings(cls=AIWorkerSettings)
    if settings.nats_url is None:
        raise RuntimeError("PRESIDENT_NATS_URL is not set")
    process = WorkerProcess(settings)
    broker = NatsBroker(
        settings.nats_url, name=f"president-{settings.instance_id}", log_level=logging.DEBUG
    )
    broker.include_router(worker_router(process))
    return FastStream(
        broker,
        on_startup=[process.open],
        after_startup=[process.serving],
        on_shutdown=[process.stopping],
        after_shutdown=[process.close],
    )


def main() -> None:
    """Run one AI-worker process until SIGTERM."""
    settings = load_settings(cls=AIWorkerSettings)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(create_app(settings).run())
