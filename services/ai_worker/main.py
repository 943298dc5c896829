"""Composition root of an AI-worker process: ``create_app(settings)`` wires one NATS
connection (the pull loop, commands to the engine, stats), served by ``president.runtime.run``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from nats.aio.client import Client
from president.bus.connect import NatsCredentials, ReconnectPolicy, connect
from president.bus.streams import StreamLimits, ai_stream, ensure_stream
from president.contract import Subjects
from president.runtime import Runtime
from president.runtime.checks import close_nats, nats_check
from president.runtime.metrics import AI_QUEUE_IN_FLIGHT, AI_QUEUE_PENDING
from president.settings import load_settings

from services.ai_worker.consumer import WorkQueueConsumer, work_queues
from services.ai_worker.game_client import NatsGameClient
from services.ai_worker.settings import AIWorkerSettings
from services.ai_worker.worker import AIWorker, PolicyCache, WorkerStats

log = logging.getLogger(__name__)


class WorkerApp:
    """One AI-worker process: ``start()`` and ``stop()``, driven by ``president.runtime.run``."""

    def __init__(self, settings: AIWorkerSettings):
        if settings.nats_url is None:
            raise RuntimeError("PRESIDENT_NATS_URL is not set")
        self.settings = settings
        self.subjects = Subjects(settings.subject_prefix)
        self.stats = WorkerStats()
        self._client: Client | None = None
        self._consumer: WorkQueueConsumer | None = None
        self._worker: AIWorker | None = None
        self._reporter: asyncio.Task[None] | None = None

    async def start(self, runtime: Runtime | None = None) -> None:
        settings = self.settings
        assert settings.nats_url is not None
        runtime = runtime or Runtime(settings.instance_id)
        self._client = await connect(
            settings.nats_url,
            f"president-{settings.instance_id}",
            NatsCredentials.from_settings(settings),
            policy=ReconnectPolicy.of(settings),
            watch=runtime.nats_watch(),
        )
        js = self._client.jetstream()
        await ensure_stream(js, ai_stream(self.subjects, StreamLimits.from_settings(settings)))
        worker = self._worker = AIWorker(
            NatsGameClient(self._client, self.subjects, settings.command_timeout),
            PolicyCache(settings.ai_seed, settings.budget_ms),
            self.stats,
            threads=settings.concurrency,
        )
        self._consumer = WorkQueueConsumer(
            self._client,
            self.subjects,
            worker.handle,
            concurrency=settings.concurrency,
            ack_wait=settings.ack_wait,
        )
        await self._consumer.start()
        runtime.supervise(self._consumer.loop, "the pull loop")
        self._reporter = asyncio.create_task(self._report(), name="stats")
        runtime.health.add("nats", nats_check(self._client))
        runtime.health.add("work queue", self._pulling)
        runtime.collectors.append(self._queue_depth)
        log.info(
            "AI worker %s: serving on %s, then %s",
            settings.instance_id,
            self.subjects.ai_decide,
            self.subjects.ai_batch,
        )

    async def _pulling(self) -> str | None:
        if self._consumer is None or not self._consumer.pulling:
            return "not fetching from the work queue"
        return None

    async def _queue_depth(self) -> None:
        if self._client is None or not self._client.is_connected:
            return
        js, pending, in_flight = self._client.jetstream(), 0, 0
        for _, durable in work_queues(self.subjects):  # interactive and batch: the sum
            info = await js.consumer_info(self.subjects.ai_stream, durable)
            pending += info.num_pending or 0
            in_flight += info.num_ack_pending or 0
        AI_QUEUE_PENDING.set(pending)
        AI_QUEUE_IN_FLIGHT.set(in_flight)

    async def stop(self) -> None:
        """Stop pulling, finish or hand back the decisions in hand, disconnect."""
        if self._consumer is not None:
            await self._consumer.stop()
        if self._worker is not None:
            self._worker.close()
        if self._reporter is not None:
            self._reporter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reporter
        if self._client is not None:
            if self._client.is_connected:
                await self._publish_stats()
            # The decisions in hand are finished or handed back: nothing left to drain.
            await close_nats(self._client, drain_timeout=None)
        log.info("AI worker %s: stopped", self.settings.instance_id)

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
                self.subjects.ai_worker_stats(self.settings.instance_id),
                json.dumps(report).encode(),
            )


def create_app(settings: AIWorkerSettings | None = None) -> WorkerApp:
    """The AI-worker application (no database: it only talks to NATS)."""
    return WorkerApp(settings or load_settings(cls=AIWorkerSettings))
