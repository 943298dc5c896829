"""Composition root of a relay process: ``create_app(settings)``, served by
``president.runtime.run`` until SIGTERM (the batch in hand is finished, the lock let go)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging

import asyncpg
from president.bus.connect import NatsCredentials
from president.bus.streams import StreamLimits
from president.runtime import Runtime
from president.runtime.checks import close_pool, postgres_check
from president.runtime.metrics import RELAY_LAG, RELAY_PUBLISH_FAILURES
from president.settings import load_settings
from president.store.relay_leases import relay_lag

from services.relay.game_routing import game_routing
from services.relay.outgoing import Routing
from services.relay.relay import Relay, RelayOptions, default_holder
from services.relay.settings import RelaySettings

log = logging.getLogger(__name__)


def load_routing(target: str | None, prefix: str) -> Routing:
    """The routing named ``module:factory`` (``factory(prefix)`` gives a
    :class:`Routing`); the contract's routing when ``target`` is None. Whole events
    (private data included) only when asked for: ``services.relay.routing:raw_routing``."""
    if target is None:
        return game_routing(prefix)
    module_name, _, attribute = target.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"routing must look like package.module:factory, got {target!r}")
    routing = getattr(importlib.import_module(module_name), attribute)(prefix)
    if not isinstance(routing, Routing):
        raise TypeError(f"{target}({prefix!r}) gave {type(routing).__name__}, not a Routing")
    return routing


def create_relay(settings: RelaySettings, database_url: str, nats_url: str) -> Relay:
    """The relay the settings describe, on the given servers."""
    routing = load_routing(settings.relay_routing, settings.prefix)
    return Relay(
        database_url,
        nats_url,
        settings.relay_stream,
        route=routing.route,
        subjects=routing.subjects,
        prefix=settings.prefix,
        credentials=NatsCredentials.from_settings(settings),
        publish_credentials=NatsCredentials.for_commands(settings),
        options=RelayOptions(
            name=settings.relay_name,
            batch_size=settings.relay_batch_size,
            poll_interval=settings.relay_poll_interval,
            gather=settings.relay_gather,
            max_in_flight=settings.relay_max_in_flight,
            lease_ttl=settings.relay_lease_ttl,
            withhold_after=settings.relay_withhold_after,
            max_retry_interval=settings.relay_max_retry_interval,
            holder=f"{settings.instance_id}@{default_holder()}",
            limits=StreamLimits.from_settings(settings),
        ),
    )


SERVING = ("waiting for the lock", "publishing")


class RelayApp:
    """One relay process: the relay's loop, its readiness and its lag."""

    def __init__(self, relay: Relay, database_url: str, *, from_position: int | None = None):
        """``from_position``: first publish the log again from there (``Relay.run``)."""
        self.relay = relay
        self._database_url = database_url
        self._from_position = from_position
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._probe: asyncpg.Pool | None = None

    async def start(self, runtime: Runtime | None = None) -> None:
        runtime = runtime or Runtime(self.relay.name)
        self._probe = await asyncpg.create_pool(self._database_url, min_size=1, max_size=1)
        self._stop.clear()
        self._task = asyncio.create_task(
            self.relay.run(self._stop, from_position=self._from_position), name="relay"
        )
        runtime.supervise(self._task, "the relay's loop")
        runtime.health.add("postgres", postgres_check(self._probe))
        runtime.health.add("relay", self._relay_check)
        runtime.collectors.append(self._measure_lag)
        RELAY_PUBLISH_FAILURES.labels(self.relay.name)  # exposed from 0 on
        log.info("relay %s: started", self.relay.name)

    async def stop(self) -> None:
        """Finish the batch in hand, save the checkpoint, let the lock go."""
        self._stop.set()
        if self._task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._task), 10.0)
            except TimeoutError:
                self._task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._task
            self._task = None
        if self._probe is not None:
            await close_pool(self._probe)
            self._probe = None

    async def _relay_check(self) -> str | None:
        if self._task is not None and self._task.done():
            return "the relay's loop ended"
        status = self.relay.status
        return None if status in SERVING else status

    async def _measure_lag(self) -> None:
        if self._probe is None:
            return
        RELAY_LAG.labels(self.relay.name).set(await relay_lag(self._probe, self.relay.name))


def create_app(
    settings: RelaySettings | None = None,
    *,
    database_url: str | None = None,
    nats_url: str | None = None,
) -> RelayApp:
    """The relay process the settings describe (servers: the arguments, else the settings)."""
    settings = settings or load_settings(cls=RelaySettings)
    database_url = database_url or settings.database_url
    nats_url = nats_url or settings.nats_url
    if database_url is None or nats_url is None:
        raise ValueError("the relay needs PRESIDENT_DATABASE_URL and PRESIDENT_NATS_URL")
    return RelayApp(
        create_relay(settings, database_url, nats_url),
        database_url,
        from_position=settings.relay_from_position,
    )
