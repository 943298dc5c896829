"""Composition root of an AI-worker process: ``create_app(settings)`` wires everything.

One NATS connection: the pull loop on the shared work queue (``consumer.py``), the
commands to the engine by request-reply, the stats reports. Nothing connects at import
time; ``run()`` serves until SIGTERM/SIGINT, then stops pulling, lets the decisions in
hand finish, and exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal

import nats
import nats.errors
from nats.aio.client import Client
from president.bus.connect import NatsCredentials, connect
from president.bus.streams import StreamLimits
from president.contract import Subjects
from president.runtime.ready import clear_ready, mark_ready
from president.settings import load_settings

from services.ai_worker.client import NatsGameClient
from services.ai_worker.consumer import WorkQueueConsumer
from services.ai_worker.queue import ensure_ai_stream
from services.ai_worker.settings import AIWorkerSettings
from services.ai_worker.worker import AIWorker, PolicyCache, WorkerStats

log = logging.getLogger(__name__)


def stats_subject(subjects: Subjects, instance_id: str) -> str:
    """Where a worker reports what it did (core NATS, once per stats interval)."""
    return f"{subjects.prefix}.stats.ai-worker.{instance_id}"


class WorkerApp:
    """One AI-worker process: ``start()``/``stop()``, or ``run()`` until a signal."""

    def __init__(self, settings: AIWorkerSettings):
        if settings.nats_url is None:
            raise RuntimeError("PRESIDENT_NATS_URL is not set")
        self.settings = settings
        self.subjects = Subjects(settings.subject_prefix)
        self.stats = WorkerStats()
        self._client: Client | None = None
        self._consumer: WorkQueueConsumer | None = None
        self._reporter: asyncio.Task[None] | None = None

    async def start(self) -> None:
        settings = self.settings
        assert settings.nats_url is not None
        self._client = await connect(
            settings.nats_url,
            f"president-{settings.instance_id}",
            NatsCredentials.from_settings(settings),
        )
        js = self._client.jetstream()
        await ensure_ai_stream(js, self.subjects, StreamLimits.from_settings(settings))
        worker = AIWorker(
            NatsGameClient(self._client, self.subjects, settings.command_timeout),
            PolicyCache(settings.ai_seed, settings.budget_ms),
            self.stats,
        )
        self._consumer = WorkQueueConsumer(
            js,
            self.subjects,
            worker.handle,
            concurrency=settings.concurrency,
            ack_wait=settings.ack_wait,
        )
        await self._consumer.start()
        self._reporter = asyncio.create_task(self._report(), name="stats")
        mark_ready(settings.ready_file, settings.instance_id)
        log.info("AI worker %s: serving on %s", settings.instance_id, self.subjects.ai_decide)

    async def stop(self) -> None:
        clear_ready(self.settings.ready_file)
        if self._consumer is not None:
            await self._consumer.stop()
        if self._reporter is not None:
            self._reporter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reporter
        if self._client is not None and not self._client.is_closed:
            await self._publish_stats()
            try:
                await asyncio.wait_for(self._client.drain(), 3.0)
            except (TimeoutError, nats.errors.Error):
                await self._client.close()
        log.info("AI worker %s: stopped", self.settings.instance_id)

    async def run(self) -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop.set)
        await self.start()
        try:
            await stop.wait()
        finally:
            await self.stop()

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
                stats_subject(self.subjects, self.settings.instance_id),
                json.dumps(report).encode(),
            )


def create_app(settings: AIWorkerSettings | None = None) -> WorkerApp:
    """The AI-worker application (no database: it only talks to NATS)."""
    return WorkerApp(settings or load_settings(cls=AIWorkerSettings))


def main() -> None:
    """Run one AI-worker process until SIGTERM."""
    settings = load_settings(cls=AIWorkerSettings)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(create_app(settings).run())
