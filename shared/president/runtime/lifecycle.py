"""The one lifecycle of every process: ``run(app, settings)`` serves until SIGTERM/SIGINT or
a failure, stops the app and exits 0 after a signal, 1 after a failure."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import Any, NoReturn, Protocol

from president.runtime import metrics
from president.runtime.health import Health, HealthServer
from president.runtime.logs import configure_logging
from president.runtime.profiling import CpuProfile
from president.runtime.ready import clear_ready, mark_ready
from president.settings import ServiceSettings

log = logging.getLogger(__name__)

MONITOR_INTERVAL = 1.0
CONNECTION_CHECKS = ("nats", "postgres")
"""Checks whose outcome is also ``president_connection_up{server=...}``."""

Collector = Callable[[], Awaitable[None]]


async def stop_task(task: asyncio.Task[Any], seconds: float) -> None:
    """Wait ``seconds`` for ``task`` to end (its stop was asked), then cancel it."""
    try:
        await asyncio.wait_for(task, seconds)
    except TimeoutError:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


class App(Protocol):
    """A process's application: ``start`` connects and begins serving (it may be cancelled
    half-way), ``stop`` finishes or hands back the work in hand and disconnects (it must
    cope with a start that did not finish, and with servers that are gone)."""

    async def start(self, runtime: Runtime) -> None: ...

    async def stop(self) -> None: ...


class Runtime:
    """What the lifecycle lends an app: readiness checks, collectors, NATS watching, and
    a way to say that the process cannot go on."""

    def __init__(self, name: str):
        self.name = name
        self.health = Health()
        self.collectors: list[Collector] = []
        self.failure: str | None = None
        self._failed = asyncio.Event()
        self.stopping = False

    def fail(self, reason: str) -> None:
        """The process cannot recover in place: stop it and exit non-zero."""
        if self.stopping or self.failure is not None:
            return
        log.error("%s cannot go on: %s; exiting for a restart", self.name, reason)
        self.failure = reason
        self._failed.set()

    async def failed(self) -> None:
        await self._failed.wait()

    def supervise(self, task: asyncio.Task[Any], what: str) -> None:
        """``task`` is a loop that runs until its app stops it: should it die of an
        exception, the process fails (else it would stay alive but idle)."""

        def ended(task: asyncio.Task[Any]) -> None:
            error = None if task.cancelled() else task.exception()
            if error is not None:
                self.fail(f"{what} died: {error!r}")

        task.add_done_callback(ended)

    def nats_watch(self) -> NatsWatch:
        """Callbacks for ``president.bus.connect``: state, reconnections, a closed connection."""
        return NatsWatch(self)


class NatsWatch:
    """``president.bus.connect.ConnectionWatch`` of a runtime."""

    def __init__(self, runtime: Runtime):
        self._runtime = runtime

    async def disconnected(self) -> None:
        metrics.CONNECTION_UP.labels("nats").set(0)
        if not self._runtime.stopping:
            log.warning("%s: NATS connection lost; reconnecting", self._runtime.name)

    async def reconnected(self) -> None:
        metrics.RECONNECTS.labels("nats").inc()
        metrics.CONNECTION_UP.labels("nats").set(1)
        log.info("%s: NATS connection back", self._runtime.name)

    async def closed(self) -> None:
        metrics.CONNECTION_UP.labels("nats").set(0)
        self._runtime.fail("the NATS connection is closed for good")


def run(app: App, settings: ServiceSettings) -> NoReturn:
    """Configure logging, serve ``app`` until a signal or a failure, exit with its status."""
    configure_logging(settings.log_level, settings.log_format, settings.instance_id)
    sys.exit(asyncio.run(serve(app, settings)))


async def serve(app: App, settings: ServiceSettings) -> int:
    """Serve ``app`` until SIGTERM/SIGINT (0) or ``Runtime.fail`` (1); see the module."""
    runtime = Runtime(settings.instance_id)
    server = None
    if settings.health_port is not None:
        server = HealthServer(runtime.health, settings.health_host, settings.health_port)
        try:
            await server.start()
        except OSError as error:
            log.error("%s: no health server on port %d: %s", runtime.name, server.port, error)
            return 1
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    if settings.profile_dir is not None:
        CpuProfile(settings.profile_dir / f"{settings.instance_id}.prof").install(loop)
    monitor: asyncio.Task[None] | None = None
    try:
        if await _started(app, runtime, stop):
            runtime.health.phase = "serving"
            mark_ready(settings.ready_file, settings.instance_id)
            log.info("%s: serving", settings.instance_id)
            monitor = asyncio.create_task(_monitor(runtime), name="health-monitor")
            await _first(stop.wait(), runtime.failed())
    finally:
        log.info("%s: stopping", settings.instance_id)
        runtime.stopping = True
        runtime.health.phase = "stopping"
        clear_ready(settings.ready_file)
        if monitor is not None:
            monitor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await monitor
        await _stop(app, settings)
        if server is not None:
            await server.stop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
    log.info("%s: stopped%s", settings.instance_id, f" ({runtime.failure})" * bool(runtime.failure))
    return 1 if runtime.failure else 0


async def _started(app: App, runtime: Runtime, stop: asyncio.Event) -> bool:
    """Start ``app``; False when a signal or a failure came first, or the start failed."""
    starting = asyncio.create_task(app.start(runtime), name="start")
    await _first(starting, stop.wait(), runtime.failed())
    if not starting.done():
        starting.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await starting
        log.info("%s: stopped while starting", runtime.name)
        return False
    error = starting.exception()
    if error is not None:
        log.error("%s: could not start: %s: %s", runtime.name, type(error).__name__, error)
        runtime.fail(f"start failed ({type(error).__name__})")
        return False
    return runtime.failure is None and not stop.is_set()


async def _stop(app: App, settings: ServiceSettings) -> None:
    try:
        async with asyncio.timeout(settings.stop_timeout):
            await app.stop()
    except TimeoutError:
        log.warning(
            "%s: stopping took more than %g s; exiting anyway",
            settings.instance_id,
            settings.stop_timeout,
        )
    except Exception:
        log.exception("%s: stopping failed", settings.instance_id)


async def _first(*awaitables: Awaitable[object]) -> None:
    """Wait until one of ``awaitables`` is done; cancel the others (not a given task)."""
    tasks = [asyncio.ensure_future(awaitable) for awaitable in awaitables]
    owned = [
        task for task, awaitable in zip(tasks, awaitables, strict=True) if task is not awaitable
    ]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in owned:
            task.cancel()


async def _monitor(runtime: Runtime) -> None:
    """Readiness, connection gauges and collectors, every ``MONITOR_INTERVAL`` seconds."""
    was_ready: bool | None = None
    was_up: dict[str, bool] = {}
    while True:
        problems = await runtime.health.problems()
        ready = not problems
        metrics.READY.set(1 if ready else 0)
        for server in CONNECTION_CHECKS:
            if server not in runtime.health.names:
                continue
            up = server not in problems
            metrics.CONNECTION_UP.labels(server).set(1 if up else 0)
            if server == "postgres" and up and was_up.get(server) is False:
                metrics.RECONNECTS.labels(server).inc()
            was_up[server] = up
        if ready != was_ready:
            if ready:
                log.info("%s: ready", runtime.name)
            else:
                log.warning("%s: not ready: %s", runtime.name, problems)
            was_ready = ready
        for collect in runtime.collectors:
            try:
                async with asyncio.timeout(MONITOR_INTERVAL * 2):
                    await collect()
            except Exception as error:
                log.debug("%s: a collector failed: %s", runtime.name, error)
        await asyncio.sleep(MONITOR_INTERVAL)
